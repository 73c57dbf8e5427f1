# Boot to first frame, heap and flash figures of the firmware on the virtual board;
# the real App's free heap under 128k.
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
        # the real App under 128k: tests/test_vboard.py's session (boot, Dice,
        # 3 rolls, a power cut, the resume, one more roll)
        runs = []

        def session(k, rolls, rom=False):
            runs.append(1)
            d = tmp / ("r%d" % len(runs))
            d.mkdir()
            b = Board(MP, d, rom=rom)
            try:
                _, st, lines = b.run(["wait 200", "state boot", "tap OK", "wait 100"] + ["tap OK"] * rolls
                                     + ["wait 100", "state rolled", "cut"], heap="%dk" % k)
                if [x for x in lines if "Error" in x]:
                    return None
                _, st2, lines = b.run(["wait 300", "state resumed", "tap OK", "wait 100", "state again", "end"],
                                      heap="%dk" % k)
            except AssertionError:  # the board process itself ran out of heap
                return None
            if [x for x in lines if "Error" in x]:
                return None
            st.update(st2)
            return st

        for rom, where in ((False, "code in RAM"), (True, "code in ROM")):
            st = session(128, 3, rom)
            if not rom:  # in ROM the image and the pad are on the unix port's heap too: free is the figure
                row("full UI App, %s (128k heap): heap in use after boot (vboard's ~10 KB included)" % where,
                    st["boot"]["heap_used"] if st else "fails", "bytes", "MicroPython")
            row("full UI App, %s (128k heap): free heap after boot" % where, st["boot"]["heap_free"] if st else "fails",
                "bytes", "MicroPython")
            row("full UI App, %s (128k heap): free heap after 3 dice rolls / after the power cut and resume" % where,
                "%d / %d" % (st["rolled"]["heap_free"], st["resumed"]["heap_free"]) if st else "fails", "bytes",
                "MicroPython")

        def least(rolls, rom):
            """The smallest heap (2k steps) the session runs in: down from 128k, or up to 160k."""
            if session(128, rolls, rom):
                k = 128
                while k > 64 and session(k - 2, rolls, rom):
                    k -= 2
                return "%dk" % k
            for k in range(130, 162, 2):
                if session(k, rolls, rom):
                    return "%dk" % k
            return "over 160k"

        for rom, where in ((False, "code in RAM"), (True, "code in ROM")):
            for rolls in (3, 50):
                row("full UI App, %s: least heap for %d rolls + power cut + resume (2k steps)" % (where, rolls),
                    least(rolls, rom), "heap", "MicroPython")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
