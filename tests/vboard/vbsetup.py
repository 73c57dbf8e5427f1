"""The virtual board's setup, compiled to .mpy with the other stand-ins so
run.py (compiled from source at every start) stays a few lines and this
code leaves the heap before the firmware boots."""
import os

import machine  # noqa: F401  the stand-ins, loaded before dicebox points these names at the built-ins
import time  # noqa: F401
import vb


def setup(args):
    """Mount the flash, open the steps and the wire; returns main.py's source."""
    image, steps, wire = args[0], args[1], args[2]
    opts = {}
    for a in args[3:]:
        k, _, v = a.partition("=")
        opts[k] = v

    vb.clock_ms = int(opts.get("start", "0"))
    vb.until = int(opts.get("until", "-1"))
    vb.low = tuple(int(g) for g in opts["low"].split(",")) if opts.get("low") else ()
    vb.restart_to = opts.get("restart", vb.restart_to)
    vb.addr = int(opts.get("addr", "60"))
    if "rtc" in opts:  # a clock chip on the bus: KIND:MS (its time at this power-on)[:lost]
        import rtc_chip

        kind, ms, *lost = opts["rtc"].split(":")
        vb.rtc = rtc_chip.Chip(kind, int(ms), vb.clock_ms, bool(lost))
    flash = vb.FileFlash(image, int(opts.get("blocks", "128")), 4096,
                         int(opts["cut-after"]) if "cut-after" in opts else None)
    vb.flash = flash
    try:
        fs = os.VfsLfs2(flash, progsize=256)
    except OSError:
        os.VfsLfs2.mkfs(flash, progsize=256)
        fs = os.VfsLfs2(flash, progsize=256)
    if "log" in opts:  # the box's file changes and the questions it was told yes to, on the console
        import fslog

        fs = fslog.LoggedFs(fs)
        fslog.log_box()
    os.mount(fs, "/data")
    flash.written = 0
    flash.erases = 0
    vb.script = open(steps, "rb")
    vb.script.seek(int(opts.get("at", "0")))  # after a soft reset: where the last process was
    vb.wire = open(wire, "ab" if "at" in opts else "wb")

    if "mode" in opts:  # a Home that offers one mode (as storm.py --mode): a referee's power-on for one game
        from dicebox import modes

        modes.MODES = tuple(m for m in modes.MODES if m[0] == opts["mode"])
        if not modes.MODES:
            raise SystemExit("vbsetup: mode=%s: not a mode of dicebox/modes.py" % opts["mode"])

    if "urandom" in opts:  # a repeatable run: the RP2's ring oscillator as a seeded generator
        from dicebox.hw import platform

        platform.os = vb.Urandom(int(opts["urandom"]) + int(opts.get("at", "0")))

    # The N-th save finds no heap for its file. Literals over 10 characters and
    # an import by a string stay out of the qstr pools of every other run: two
    # names more at boot cost a fake-App boot a new pool (~7 KB at 64 bits).
    if "save-short-of-heap" in opts:
        __import__("save_short_of_heap").setup(int(opts["save-short-of-heap"]))

    if "fake-app" in opts:
        import sys

        import fakeapp

        sys.modules["dicebox.ui.app"] = fakeapp
        sys.modules["dicebox.ui.home"] = fakeapp  # boot() and close() of the contract

    with open("main.py") as f:
        return f.read()
