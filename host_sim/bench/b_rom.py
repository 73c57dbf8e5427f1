# The heap each button script of docs/scripts needs on MicroPython's unix port
# (64-bit: objects about twice the Pico's), two ways:
# - code in ROM: the .mpy files in a ROMFS image (mpremote romfs build), run in
#   place as on a Pico whose firmware has a ROMFS partition; run in a 128k heap
#   (tests/support/rom_boot.py pads the heap to a bare 128k's free bytes);
# - code in RAM: the same .mpy files imported from the filesystem, their
#   bytecode copied into the heap (stock firmware); run in 512k, to measure.
# Live-heap high-water: gc.collect + gc.mem_alloc after every frame.
# CPython only drives it; under MicroPython itself this script prints nothing.
import sys

if sys.implementation.name == "cpython":
    import os
    import shutil
    import subprocess
    import tempfile

    from mpytree import ROOT, compile_tree, device_tree, rom_heap, romfs

    SUPPORT = os.path.join(ROOT, "tests", "support")
    MP = shutil.which("micropython")

    def run(args, heap, path):
        proc = subprocess.run([MP, "-X", "heapsize=" + heap] + args, capture_output=True, text=True, cwd=ROOT,
                              env=dict(os.environ, MICROPYPATH=os.pathsep.join(path + [SUPPORT, ".frozen"])))
        last = (proc.stdout.strip().splitlines() or ["failed"])[-1]
        if proc.returncode != 0 or not last.startswith("frames"):
            return "out of heap" if "MemoryError" in proc.stdout + proc.stderr else "failed"
        return last.split()[5]

    tmp = tempfile.mkdtemp()
    try:
        tree = os.path.join(tmp, "tree")
        device_tree(tree)
        ram = os.path.join(tmp, "ram")
        shutil.copytree(tree, ram)
        compile_tree(SUPPORT, ["ui_parity.py", "heapbase.py"], tree)
        image = os.path.join(tmp, "rom.img")
        romfs(tree, image)
        heap, free, alloc = rom_heap(MP, image, "128k")
        print("row\tROMFS image of the device's code (firmware, driver, simulated device)\t%d\tbytes\tMicroPython" % os.path.getsize(image))
        for script in sorted(os.listdir(os.path.join(ROOT, "docs", "scripts"))):
            path = os.path.join("docs", "scripts", script)
            name = script[:-4]
            got = run([os.path.join(SUPPORT, "rom_boot.py"), image, str(free), str(alloc), "ui_parity", path, "--heap"], heap, [])
            print("row\tscript %s: heap high-water, code in ROM, 128k heap\t%s\tbytes\tMicroPython" % (name, got))
            got = run([os.path.join(SUPPORT, "ui_parity.py"), path, "--heap"], "512k", [ram])
            print("row\tscript %s: heap high-water, code in RAM (512k heap)\t%s\tbytes\tMicroPython" % (name, got))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
