"""The device's files as the Pico holds them, for the bench and the tests
(host side only): firmware/dicebox, the simulated device and the display
driver compiled by mpy-cross, and a ROMFS image of such a tree built by
`mpremote romfs build` (code that runs in place from flash)."""
import os
import shutil
import subprocess
import sys
import sysconfig

from host_sim.deploy import HOST_MARCH, source_name

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The Pico in the 64-bit unix port's bytes, from one tour (host_sim/emu/tour.txt) with the code
# in ROM: make emu's "heap used max" on the ROMFS firmware is 69,232 B; the box's high-water of
# the same tour here is 110,496 B (tests/test_ui_parity.py -k real_target_tour), 0.63x.
# The rp2 port's heap is 245,888 B; the budget is 120,000 B live (half of it). PICO_HEAP is the
# whole heap, where a live high-water is held to PICO_BUDGET_HEAP; PICO_BUDGET_HEAP as the whole
# heap is harsher: the budget, fragments included.
PICO_TOUR, STANDIN_TOUR = 69232, 110496
PICO_BUDGET_HEAP = str(120000 * STANDIN_TOUR // PICO_TOUR)
PICO_HEAP = str(245888 * STANDIN_TOUR // PICO_TOUR)
SITE = sysconfig.get_paths()["purelib"]
HOST_MODULES = ("__init__", "device", "panel", "memstore", "script", "invariants")  # host_sim modules the simulated device and the storms need


def tool(name):
    """A command from PATH, else from the venv this interpreter runs in."""
    exe = shutil.which(name)
    if exe is None and os.path.exists(os.path.join(os.path.dirname(sys.executable), name)):
        exe = os.path.join(os.path.dirname(sys.executable), name)
    if exe is None:
        raise RuntimeError("the `%s` command is missing: run `make test` or `make bench` (they install it)" % name)
    return exe


def py_files(root, top):
    out = []
    for d, _, names in os.walk(os.path.join(root, top)):
        out += [os.path.relpath(os.path.join(d, n), root) for n in names if n.endswith(".py")]
    return sorted(out)


def compile_tree(src_root, rels, out):
    """src_root/rel.py -> out/rel.mpy, named by its path in tracebacks (as make deploy does)."""
    for rel in rels:
        target = os.path.join(str(out), rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        proc = subprocess.run([tool("mpy-cross"), HOST_MARCH, "-o", target, "-s", source_name(rel),
                               os.path.join(str(src_root), rel)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError("mpy-cross %s: %s" % (rel, proc.stderr.strip()))


def device_tree(out):
    """The firmware package, the simulated device and the driver as .mpy under out."""
    firmware = os.path.join(ROOT, "firmware")
    compile_tree(firmware, py_files(firmware, "dicebox"), out)
    compile_tree(ROOT, ["host_sim/%s.py" % n for n in HOST_MODULES], out)
    compile_tree(SITE, ["adafruit_ssd1306.py"] + py_files(SITE, "adafruit_bus_device"), out)


def romfs(tree, image):
    """A ROMFS image of the .mpy tree (mpremote romfs build, no recompiling)."""
    proc = subprocess.run([tool("mpremote"), "romfs", "--no-mpy", "-o", str(image), "build", str(tree)],
                          capture_output=True, text=True)
    if proc.returncode != 0 or not os.path.exists(str(image)):
        raise RuntimeError("mpremote romfs build: %s" % (proc.stdout + proc.stderr).strip()[-800:])


def rom_heap(exe, image, target):
    """(heapsize, free, alloc) for a code-in-ROM run: gc.mem_free() and
    gc.mem_alloc() of `exe` started with -X heapsize=target, and a heap that holds
    the image besides them, with slack for the pad (tests/support/heapbase.py)."""
    proc = subprocess.run([exe, "-X", "heapsize=" + target, "-c", "import gc\ngc.collect()\nprint(gc.mem_free(), gc.mem_alloc())"],
                          capture_output=True, text=True, check=True)
    free, alloc = [int(x) for x in proc.stdout.split()]
    return "%dk" % ((os.path.getsize(str(image)) + free) // 1024 + 64), free, alloc
