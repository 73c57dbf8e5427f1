"""machine.I2C with the busio-style interface adafruit_bus_device uses."""
from machine import I2C, Pin


class I2CBus:
    def __init__(self, bus_id, sda, scl, freq=400000):
        self.i2c = I2C(bus_id, sda=Pin(sda), scl=Pin(scl), freq=freq)
        self.locked = False

    def try_lock(self):
        # one thread only: the lock just catches re-entry (an IRQ never draws)
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return self.i2c.scan()

    def writeto(self, addr, buf, *, start=0, end=None):
        if end is None:
            end = len(buf)
        if start == 0 and end == len(buf):
            self.i2c.writeto(addr, buf)
        else:
            self.i2c.writeto(addr, memoryview(buf)[start:end])  # a view: no copy

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        if end is None:
            end = len(buf)
        if start == 0 and end == len(buf):
            self.i2c.readfrom_into(addr, buf)
        else:
            self.i2c.readfrom_into(addr, memoryview(buf)[start:end])

    def writeto_then_readfrom(self, addr, out, in_, *, out_start=0, out_end=None, in_start=0, in_end=None):
        # a register read (the clock chip's drivers): the write without a stop, then the read
        if out_end is None:
            out_end = len(out)
        if in_end is None:
            in_end = len(in_)
        self.i2c.writeto(addr, memoryview(out)[out_start:out_end], False)
        self.i2c.readfrom_into(addr, memoryview(in_)[in_start:in_end])
