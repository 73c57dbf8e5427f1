"""The optional real-time clock (board file "rtc"): a DS3231 or PCF8563 on the display's I2C bus,
through Adafruit's drivers (make deploy puts them in lib/), for the wound timers' time off. Read
once at boot, then ticks_ms counts on: loaded, the drivers hold heap that a wound session beside a
fight cannot spare."""
from adafruit_register import i2c_bcd_datetime

from dicebox.core.clock import wall_seconds


class _Stamp:
    """time.struct_time's fields: MicroPython's time module has no struct_time,
    and the drivers' datetime register makes one (reading) and reads one (setting)."""

    def __init__(self, t):
        self.tm_year, self.tm_mon, self.tm_mday, self.tm_hour, self.tm_min, self.tm_sec, self.tm_wday = t[:7]


class _Time:
    struct_time = _Stamp


if not hasattr(i2c_bcd_datetime.time, "struct_time"):
    i2c_bcd_datetime.time = _Time  # the register module's own `time`, not the firmware's

_START = (2024, 1, 1, 0, 0, 0, 0, -1, -1)  # where a stopped chip is started: any time would do


class Rtc:
    def __init__(self, bus, chip):
        """ValueError if no chip answers at its address (the drivers' probe)."""
        self.chip = chip
        if chip == "ds3231":
            from adafruit_ds3231 import DS3231

            self.dev = DS3231(bus)
        else:
            from adafruit_pcf8563.pcf8563 import PCF8563

            self.dev = PCF8563(bus)

    def seconds(self):
        """The chip's seconds (core/clock.wall_seconds), or None if it lost power or does not answer;
        a stopped chip is started, so the next power-off is counted."""
        try:
            dev = self.dev
            if dev.lost_power:
                dev.datetime = _Stamp(_START)  # also clears the flag
                return None
            t = dev.datetime
            return wall_seconds(t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
        except OSError:
            return None


def read_at_boot(bus, chip):
    """(the chip's seconds or None, True if its time was lost so the time off is unknown, a notice
    or None); called through dicebox.call_once, so the drivers leave the heap after."""
    try:
        rtc = Rtc(bus, chip)
        first = rtc.seconds()
        if first is not None:
            return first, False, None
        return rtc.seconds(), True, None
    except ValueError as e:  # the drivers' probe: no chip answers at its address
        return None, True, "%s (check its wiring)" % e
