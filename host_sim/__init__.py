"""Desktop side of dicebox: the simulator, the command line and the host tools.

The firmware package is not installed; it is imported from the repository's
firmware/ tree, the same files the Pico runs.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
