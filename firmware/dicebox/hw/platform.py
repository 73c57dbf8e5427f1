"""What the App asks of the hardware: entropy, a beep, the board's name."""
import os

from machine import PWM, Pin, soft_reset
from time import ticks_add, ticks_diff, ticks_ms, ticks_us


class Platform:
    def __init__(self, name, keys=None, buzzer_pin=None, wall=None, wall_lost=True):
        self.name = name
        self.keys = keys
        # the clock chip's seconds at boot (hw/rtc.py), counted on by ticks_ms; None: no chip.
        # wall_lost: it had lost its time (just started again): this boot cannot count the time off
        self.wall = wall
        self.wall_lost = wall_lost
        self.now = 0  # ms since boot: never wraps (ticks_ms wraps after 12 days)
        self.t_last = ticks_ms()
        self.pwm = None
        self.beep_until = None
        self.report = False  # the developer's console (board.json report_mem): each seed drawn is said there
        if buzzer_pin is not None:
            self.pwm = PWM(Pin(buzzer_pin))
            self.pwm.duty_u16(0)

    def entropy(self):
        """A fresh int 0..2**30-1: os.urandom (the RP2's ring oscillator) xor press timing."""
        r = os.urandom(4)
        value = (r[0] & 0x3F) << 24 | r[1] << 16 | r[2] << 8 | r[3]
        if self.keys is not None:
            value ^= self.keys.pool
        value = (value ^ ticks_us()) & 0x3FFFFFFF
        if self.report:  # make emu gives the simulator the chip's draws: its storms compare frame for frame
            print("dicebox: entropy %d" % value)
        return value

    def ms(self):
        """The loop's clock, ms since boot; read at least every 6 days (ticks_diff's reach)."""
        t = ticks_ms()
        self.now += ticks_diff(t, self.t_last)
        self.t_last = t
        return self.now

    def wall_s(self):
        """The clock chip's seconds now, or None without a chip one can trust."""
        if self.wall is None:
            return None
        return self.wall + self.ms() // 1000

    def beep(self, freq_hz, ms):
        """Start a tone; service() ends it, so the loop never waits on sound."""
        if self.pwm is None or freq_hz <= 0 or ms <= 0:
            return
        self.pwm.freq(freq_hz)
        self.pwm.duty_u16(32768)
        self.beep_until = ticks_add(ticks_ms(), ms)

    def restart(self):
        """main.py again on an empty heap (OK on the error screen); raises SystemExit, which the loop lets through."""
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
