"""What the App asks of the hardware: entropy, a beep, the board's name."""
import os

from machine import PWM, Pin, soft_reset
from time import ticks_add, ticks_diff, ticks_ms, ticks_us


class Platform:
    def __init__(self, name, keys=None, buzzer_pin=None, rtc=None):
        self.name = name
        self.keys = keys
        self.rtc = rtc  # hw/rtc.Rtc, or None: the board has no clock chip
        self.pwm = None
        self.beep_until = None
        if buzzer_pin is not None:
            self.pwm = PWM(Pin(buzzer_pin))
            self.pwm.duty_u16(0)

    def entropy(self):
        """A fresh int 0..2**30-1: os.urandom (the RP2's ring oscillator) xor press timing."""
        r = os.urandom(4)
        value = (r[0] & 0x3F) << 24 | r[1] << 16 | r[2] << 8 | r[3]
        if self.keys is not None:
            value ^= self.keys.pool
        return (value ^ ticks_us()) & 0x3FFFFFFF

    def wall_s(self):
        """The clock chip's seconds (hw/rtc.py), or None without a chip one can trust."""
        return self.rtc.seconds() if self.rtc is not None else None

    def beep(self, freq_hz, ms):
        """Start a tone; service() ends it, so the loop never waits on sound."""
        if self.pwm is None or freq_hz <= 0 or ms <= 0:
            return
        self.pwm.freq(freq_hz)
        self.pwm.duty_u16(32768)
        self.beep_until = ticks_add(ticks_ms(), ms)

    def restart(self):
        """A fresh interpreter: main.py runs again on an empty heap (ui/home.py opens
        another mode this way). Raises SystemExit, which the loop lets through."""
        self.quiet()
        if self.keys is not None:
            self.keys.deinit()  # its timer IRQ must not outlive the heap its callback is on
        soft_reset()

    def service(self):
        if self.beep_until is not None and ticks_diff(ticks_ms(), self.beep_until) >= 0:
            self.pwm.duty_u16(0)
            self.beep_until = None

    def quiet(self):
        if self.pwm is not None:
            self.pwm.duty_u16(0)
        self.beep_until = None
