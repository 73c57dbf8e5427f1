"""dicebox firmware entry point: the board runs this file by name at power-on.

Kept tiny on purpose: main.py is compiled on the device at every boot, the
rest arrives precompiled (.mpy). The loop is in dicebox/device.py.
"""
from dicebox.device import main

main()
