"""Boot the UNCHANGED firmware/main.py on the virtual board under MicroPython.

    micropython tests/vboard/run.py WORKDIR IMAGE SCENARIO [fake-app] [start=MS] [cut-after=N]

WORKDIR holds board.json (the device's cwd); IMAGE is the flash (littlefs,
created like the rp2 port's _boot.py does); SCENARIO lists steps for vb.py.
"""
import sys

import vbsetup  # tests/vboard/vbsetup.py

src = vbsetup.setup(sys.argv[1:])
del sys.modules["vbsetup"]
del vbsetup
exec(src, {"__name__": "__main__"})
