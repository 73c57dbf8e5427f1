"""Boot the UNCHANGED firmware/main.py on the virtual board under MicroPython.

    micropython run.py WORKDIR IMAGE STEPS WIRE stage=DIR [fake-app] [addr=N] [start=MS] [cut-after=N]

harness.py copies this file next to the compiled stand-ins (the script's own
folder is first on sys.path: from tests/vboard it would load their sources).
WORKDIR holds board.json (the device's cwd); IMAGE is the flash (littlefs,
created like the rp2 port's _boot.py does); STEPS are the scenario compiled
by harness.py; WIRE receives the I2C bytes for the host's panel model.
"""
import sys

import vbsetup

src = vbsetup.setup(sys.argv[1:])
del sys.modules["vbsetup"]
del vbsetup
exec(src, {"__name__": "__main__"})
