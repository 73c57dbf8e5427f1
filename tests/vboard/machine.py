"""Stand-in `machine` for the virtual board (tests/vboard/vb.py holds the state).
Only what dicebox/hw uses: it shares the firmware's heap."""
import vb


def soft_reset():
    vb.soft_reset()


class Pin:
    IN = 0
    PULL_UP = 1

    def __init__(self, gpio, mode=-1, pull=-1):
        if not 0 <= gpio <= 29:
            raise ValueError("invalid pin")
        old = vb.pins.get(gpio)
        self.level = old.level if old is not None else (0 if gpio in vb.low else (1 if pull == 1 else 0))
        vb.pins[gpio] = self

    def value(self):
        return self.level


class Timer:
    PERIODIC = 1

    def __init__(self, id=-1, mode=1, period=1000, callback=None, hard=False):
        if id != -1:
            raise ValueError("rp2 has virtual timers only (id -1)")
        self.periodic = mode == 1
        self.period = period
        self.callback = callback
        self.due = vb.clock_ms + period
        vb.timers.append(self)

    def deinit(self):
        self.due = None
        if self in vb.timers:
            vb.timers.remove(self)


class I2C:
    """The wire: every write goes to the host's panel model (vb.send), untouched;
    a clock chip (vb.rtc, host_sim/rtc_chip.py) answers at its own address."""

    def __init__(self, id, sda=None, scl=None, freq=400000):
        pass

    def scan(self):
        return [vb.addr] + ([vb.rtc.addr] if vb.rtc is not None else [])

    def writeto(self, addr, buf, stop=True):
        if vb.rtc is not None and addr == vb.rtc.addr:
            vb.rtc.write(buf, vb.clock_ms)
            return len(buf)
        if addr != vb.addr:
            raise OSError(5)  # EIO: nobody acknowledged
        vb.send(0, len(buf), buf)
        return len(buf)

    def readfrom_into(self, addr, buf, stop=True):
        if vb.rtc is not None and addr == vb.rtc.addr:
            vb.rtc.read(buf, vb.clock_ms)
            return
        if addr != vb.addr:
            raise OSError(5)
        for i in range(len(buf)):
            buf[i] = 0


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0):
        self.duty = duty_u16

    def freq(self, f):
        pass

    def duty_u16(self, d):
        if d and not self.duty:
            vb.beeps += 1
        self.duty = d
