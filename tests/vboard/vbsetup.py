"""The virtual board's setup, compiled to .mpy with the other stand-ins so
run.py (compiled from source at every start) stays a few lines and this
code leaves the heap before the firmware boots."""
import os
import sys

import vb


def setup(args):
    """Mount the flash, wire the panel and buttons, open the scenario; returns main.py's source."""
    workdir, image, scenario = args[0], args[1], args[2]
    opts = {}
    for a in args[3:]:
        k, _, v = a.partition("=")
        opts[k] = v

    vb.clock_ms = int(opts.get("start", "0"))
    flash = vb.FileFlash(image, int(opts.get("blocks", "128")), 4096,
                         int(opts["cut-after"]) if "cut-after" in opts else None)
    vb.flash = flash
    try:
        fs = os.VfsLfs2(flash, progsize=256)
    except OSError:
        os.VfsLfs2.mkfs(flash, progsize=256)
        fs = os.VfsLfs2(flash, progsize=256)
    os.mount(fs, "/data")
    flash.written = 0
    flash.erases = 0

    from panel import Panel  # host_sim/panel.py, MicroPython-compatible

    os.chdir(workdir)
    # Plain json, not dicebox.board: main.py loads the checker and drops it, as on
    # the device; holding it here would put its ~8 KB on the firmware's heap.
    import json

    with open("board.json") as f:
        board = json.load(f)
    disp = board["display"]
    vb.panel = Panel(disp["width"], disp["height"], disp["addr"], 132 if disp["controller"] == "sh1106" else 128)
    for name, gpio in board["buttons"].items():
        if gpio is not None:
            vb.names[name] = gpio

    vb.script = open(scenario)

    if "fake-app" in opts:
        import fakeapp

        sys.modules["dicebox.ui.app"] = fakeapp

    main_py = "main.py"
    for d in sys.path:
        try:
            with open(d + "/" + main_py) as f:
                src = f.read()
            break
        except OSError:
            pass
    return src
