"""Desktop side of dicebox: the simulator, the command line and the host tools.

The firmware package is not installed; it is imported from the repository's
firmware/ tree, the same files the Pico runs. (device.py, script.py, panel.py
and memstore.py also run under MicroPython for the parity tests, which put
firmware/ on MICROPYPATH themselves.)
"""
import sys

try:
    import os.path as _path

    ROOT = _path.dirname(_path.dirname(_path.abspath(__file__)))
    FIRMWARE = _path.join(ROOT, "firmware")
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
except ImportError:  # MicroPython: no os.path; its path is set by MICROPYPATH
    pass
