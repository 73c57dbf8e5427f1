"""Boot the UNCHANGED firmware/main.py on the virtual board under MicroPython.

    cd DEVICE_ROOT && micropython vboard/run.py IMAGE STEPS WIRE [fake-app] [addr=N] [start=MS] [cut-after=N]
        [mode=M] [restart=FILE]

machine.soft_reset() ends the process with exit code 75; FILE (restart.txt)
then holds the options that start the next one where it was (harness.py).

harness.py copies this file next to the compiled stand-ins (the script's own
folder is first on sys.path: from tests/vboard it would load their sources).
The device's root holds board.json, main.py, dicebox/, lib/ and vboard/ (the
stand-ins) as on the Pico; IMAGE is the flash (littlefs,
created like the rp2 port's _boot.py does); STEPS are the scenario compiled
by harness.py; WIRE receives the I2C bytes for the host's panel model.
"""
import sys

import vbsetup

src = vbsetup.setup(sys.argv[1:])
del sys.modules["vbsetup"]
del vbsetup
exec(src, {"__name__": "__main__"})
