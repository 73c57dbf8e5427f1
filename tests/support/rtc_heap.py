# The clock chip's drivers on the heap: loaded (a DS3231 opened and read), and
# what is left after the boot's read through call_once. Run on the deployed
# .mpy set (MICROPYPATH=STAGE:STAGE/lib:host_sim); prints both in bytes.
import gc

import rtc_chip

import adafruit_bus_device.i2c_device  # noqa: F401  (the display's: on the heap anyway)
import dicebox.core.clock  # noqa: F401  (the wound rules')
from dicebox import call_once

clock = [0]
bus = rtc_chip.Bus(rtc_chip.Chip("ds3231", 800000000000, 0), lambda: clock[0])
gc.collect()
a = gc.mem_alloc()
seconds, lost, problem = call_once("dicebox.hw.rtc", "read_at_boot", bus, "ds3231")
assert seconds is not None and not lost and problem is None
gc.collect()
left = gc.mem_alloc() - a
from dicebox.hw.rtc import Rtc  # noqa: E402

r = Rtc(bus, "ds3231")
r.seconds()
gc.collect()
print("loaded", gc.mem_alloc() - a - left, "left", left)
