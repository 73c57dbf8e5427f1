"""An emulated clock chip, DS3231 or PCF8563, on the virtual board's I2C wire
(tests/vboard/machine.py), the emulated Pico's (host_sim/emu/board.py) and in
host tests: its registers laid out as in the data sheets, its
time a count of ms that the test's clock moves (`now_ms` at each access), so a
power-off is the test skipping ahead. Runs under MicroPython and CPython."""

_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
ADDR = {"ds3231": 0x68, "pcf8563": 0x51}
_FIRST = {"ds3231": 0x00, "pcf8563": 0x02}  # the seconds register
_SIZE = {"ds3231": 0x13, "pcf8563": 0x10}


def _leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _bcd(v):
    return (v // 10) << 4 | v % 10


def _bin(b):
    return (b >> 4) * 10 + (b & 15)


class Chip:
    def __init__(self, kind, ms, now_ms=0, lost=False):
        """`ms`: the chip's time (ms since 2000-01-01) when the test's clock reads now_ms."""
        self.kind = kind
        self.addr = ADDR[kind]
        self.first = _FIRST[kind]
        self.regs = bytearray(_SIZE[kind])
        self.base = ms - now_ms
        self.ptr = 0
        self.lost = lost  # DS3231 OSF / PCF8563 VL: the time is not to be trusted
        self.sets = 0  # times the firmware set the time

    def ms(self, now_ms):
        return self.base + now_ms

    def _fill(self, now_ms):
        s = self.ms(now_ms) // 1000
        days = s // 86400
        s %= 86400
        wday = (days + 6) % 7  # 2000-01-01 was a Saturday (6, Monday 0)
        y = 2000
        while days >= (366 if _leap(y) else 365):
            days -= 366 if _leap(y) else 365
            y += 1
        m = 0
        while days >= _DAYS[m] + (m == 1 and _leap(y)):
            days -= _DAYS[m] + (m == 1 and _leap(y))
            m += 1
        r = self.regs
        f = self.first
        r[f] = _bcd(s % 60) | (0x80 if self.lost and self.kind == "pcf8563" else 0)
        r[f + 1] = _bcd(s // 60 % 60)
        r[f + 2] = _bcd(s // 3600)
        if self.kind == "ds3231":
            r[3] = wday + 1
            r[4] = _bcd(days + 1)
            r[0x0F] = (r[0x0F] & 0x7F) | (0x80 if self.lost else 0)
        else:
            r[5] = _bcd(days + 1)
            r[6] = wday
        r[f + 5] = _bcd(m + 1)
        r[f + 6] = _bcd(y - 2000)

    def _set_from_regs(self, now_ms):
        r = self.regs
        f = self.first
        day = r[4] if self.kind == "ds3231" else r[5]
        y = 2000 + _bin(r[f + 6])
        m = _bin(r[f + 5] & 0x1F)
        days = sum(366 if _leap(x) else 365 for x in range(2000, y))
        days += sum(_DAYS[k] + (k == 1 and _leap(y)) for k in range(m - 1)) + _bin(day & 0x3F) - 1
        s = ((days * 24 + _bin(r[f + 2] & 0x3F)) * 60 + _bin(r[f + 1] & 0x7F)) * 60 + _bin(r[f] & 0x7F)
        self.base = s * 1000 - now_ms

    def write(self, buf, now_ms):
        if not len(buf):
            return  # the drivers' probe: an empty write the chip acknowledges
        self._fill(now_ms)
        self.ptr = buf[0]
        timed = False
        for i in range(1, len(buf)):
            p = self.ptr % len(self.regs)
            self.regs[p] = buf[i]
            if self.first <= p <= self.first + 6:
                timed = True
            self.ptr += 1
        if timed:
            self._set_from_regs(now_ms)
            self.sets += 1
            if self.kind == "pcf8563":
                self.lost = bool(self.regs[self.first] & 0x80)
        if self.kind == "ds3231" and len(buf) > 1 and buf[0] <= 0x0F < buf[0] + len(buf) - 1:
            self.lost = bool(self.regs[0x0F] & 0x80)

    def read(self, buf, now_ms):
        self._fill(now_ms)
        for i in range(len(buf)):
            buf[i] = self.regs[self.ptr % len(self.regs)]
            self.ptr += 1


class Bus:
    """A busio-style bus (what adafruit_bus_device takes) holding only a chip: host tests."""

    def __init__(self, chip, clock):
        self.chip = chip
        self.clock = clock  # () -> the test's ms

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def _check(self, addr):
        if addr != self.chip.addr:
            raise OSError(5)

    def writeto(self, addr, buf, *, start=0, end=None):
        self._check(addr)
        self.chip.write(memoryview(buf)[start:len(buf) if end is None else end], self.clock())

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        self._check(addr)
        view = memoryview(buf)[start:len(buf) if end is None else end]
        self.chip.read(view, self.clock())

    def writeto_then_readfrom(self, addr, out, in_, *, out_start=0, out_end=None, in_start=0, in_end=None):
        self.writeto(addr, out, start=out_start, end=out_end)
        self.readfrom_into(addr, in_, start=in_start, end=in_end)
