# Boot to first frame, heap and flash figures of the firmware on the virtual board.
# CPython side only drives it: stages the deployed .mpy set (mpy-cross), then runs
# the unchanged main.py under `micropython -X heapsize=...` (tests/vboard).
# Under MicroPython itself this script prints nothing.
import sys

if sys.implementation.name == "cpython":
    import pathlib
    import shutil
    import tempfile
    import time

    root = pathlib.Path(__file__).resolve().parents[2]
    sys.path[:0] = [str(root), str(root / "tests")]
    from benchlib import row
    from vboard.harness import Board

    class MP:
        exe = shutil.which("micropython")

    tmp = pathlib.Path(tempfile.mkdtemp())
    try:
        # boot to first frame: process start to the first frame on the panel
        times = []
        for i in range(5):
            d = tmp / ("t%d" % i)
            d.mkdir()
            b = Board(MP, d)
            t0 = time.perf_counter()
            b.run(["frame first", "end"], heap="128k", fake_app=True)
            times.append(time.perf_counter() - t0)
        row("boot to first frame (unix port, .mpy, 128k heap, median of 5)", int(sorted(times)[2] * 1000), "ms", "MicroPython")

        d = tmp / "s"
        d.mkdir()
        b = Board(MP, d)
        n = 50
        _, st, _ = b.run(["state boot"] + ["tap OK"] * n + ["state session", "end"], heap="128k", fake_app=True)
        row("free heap after boot (128k heap, plumbing App)", st["boot"]["heap_free"], "bytes", "MicroPython")
        row("free heap after a %d-roll session (128k heap)" % n, st["session"]["heap_free"], "bytes", "MicroPython")
        row("flash bytes programmed per input (mean of %d, littlefs 4 KiB blocks)" % n, st["session"]["flash_bytes"] // n, "bytes", "MicroPython")
        row("flash block erases in %d inputs" % n, st["session"]["erases"], "erases", "MicroPython")
        d = tmp / "l"
        d.mkdir()
        b = Board(MP, d)
        _, st, _ = b.run(["wait 100"] + ["tap OK"] * 400 + ["state a"] + ["tap OK"] * 20 + ["state b", "end"], fake_app=True)
        row("flash bytes per input at input 400 (record ~2 KB)", (st["b"]["flash_bytes"] - st["a"]["flash_bytes"]) // 20, "bytes", "MicroPython")
        row("flash erases per input at input 400", "%.2f" % ((st["b"]["erases"] - st["a"]["erases"]) / 20), "erases", "MicroPython")
        d = tmp / "r"
        d.mkdir()
        b = Board(MP, d)
        # the real App: boot, Dice, 50 rolls (it needs 140k today with the vboard's ~20 KB)
        _, st, _ = b.run(["wait 200", "state boot", "tap OK", "wait 100"] + ["tap OK"] * 50 + ["state fight", "end"],
                         heap="144k")
        row("full UI App (144k heap): free heap after boot", st["boot"]["heap_free"], "bytes", "MicroPython")
        row("full UI App (144k heap): free heap after a 50-roll dice session", st["fight"]["heap_free"], "bytes", "MicroPython")
        row("full UI App: heap in use after boot (vboard's own ~20 KB included)", st["boot"]["heap_used"], "bytes", "MicroPython")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
