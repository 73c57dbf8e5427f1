"""Stand-in `machine` for the virtual board (tests/vboard/vb.py holds the state)."""
import vb


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, gpio, mode=-1, pull=-1):
        if not 0 <= gpio <= 29:
            raise ValueError("invalid pin")
        old = vb.pins.get(gpio)
        self.gpio = gpio
        self.mode = mode
        self.pull = pull
        self.level = old.level if old is not None else (1 if pull == Pin.PULL_UP else 0)
        vb.pins[gpio] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0


class Timer:
    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id=-1, mode=1, period=1000, callback=None, hard=False, freq=None):
        if id != -1:
            raise ValueError("rp2 has virtual timers only (id -1)")
        self.periodic = mode == Timer.PERIODIC
        self.period = period
        self.callback = callback
        self.hard = hard
        self.due = vb.clock_ms + period
        vb.timers.append(self)

    def deinit(self):
        self.due = None
        if self in vb.timers:
            vb.timers.remove(self)


class I2C:
    def __init__(self, id, sda=None, scl=None, freq=400000):
        self.id = id
        self.sda = sda.gpio
        self.scl = scl.gpio
        self.freq = freq
        vb.buses.append(self)

    def scan(self):
        return [vb.panel.addr]

    def writeto(self, addr, buf, stop=True):
        if addr != vb.panel.addr:
            raise OSError(5)  # EIO: nobody acknowledged
        vb.panel.write(buf)  # consumed at once, like the wire: no copy on the firmware's heap
        return len(buf)

    def readfrom_into(self, addr, buf, stop=True):
        if addr != vb.panel.addr:
            raise OSError(5)
        for i in range(len(buf)):
            buf[i] = 0


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        vb.pwms[pin.gpio] = self

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if d and not self._duty:
            vb.beeps.append((self._freq, vb.clock_ms))
        self._duty = d

    def deinit(self):
        self._duty = 0
