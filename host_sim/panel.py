"""A model of the SSD1306 / SH1106 controller, fed by I2C writes.

It decodes the command and data stream the real driver sends (addressing
modes, column and page windows, contrast, invert, display on/off, start line,
remaps, charge pump) into the controller's display RAM, and renders what the
glass would show. Written in the subset of Python MicroPython runs, so the
virtual board under `micropython` uses the same model as the simulator.
"""

# Commands followed by argument bytes.
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1, 0xD9: 1,
         0xDB: 1, 0xAD: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xD6: 1}


class Panel:
    def __init__(self, width=128, height=64, addr=0x3C, ram_columns=None):
        self.width = width
        self.height = height
        self.addr = addr
        self.columns = ram_columns or 128  # 132 on the SH1106
        self.ram = bytearray(self.columns * 8)
        self.reset()
        self.bytes_in = 0  # every byte written to this address
        self.transactions = 0
        self.frames = 0  # data transactions seen

    def reset(self):
        self.mode = 2  # page addressing after reset
        self.col = 0
        self.page = 0
        self.col_lo, self.col_hi = 0, self.columns - 1
        self.page_lo, self.page_hi = 0, 7
        self.contrast = 0x7F
        self.precharge = 0x22
        self.inverted = False
        self.entire_on = False
        self.on = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.seg_remap = False
        self.com_remap = False
        self.charge_pump = False
        self._cmd = None
        self._args = []

    # I2C side -------------------------------------------------------------
    def write(self, data):
        """One I2C write transaction to the panel's address."""
        self.transactions += 1
        self.bytes_in += len(data)
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            continuation = control & 0x80  # Co=1: one byte, then another control byte
            is_data = control & 0x40
            if continuation:
                if i < n:
                    if is_data:
                        self._data(data[i])
                    else:
                        self._command(data[i])
                    i += 1
                continue
            if is_data:
                self.frames += 1
                while i < n:
                    self._data(data[i])
                    i += 1
            else:
                while i < n:
                    self._command(data[i])
                    i += 1

    def _command(self, byte):
        if self._cmd is not None:
            self._args.append(byte)
            if len(self._args) == _ARGS[self._cmd]:
                self._apply(self._cmd, self._args)
                self._cmd = None
                self._args = []
            return
        if byte in _ARGS:
            self._cmd = byte
            self._args = []
        elif 0x40 <= byte <= 0x7F:
            self.start_line = byte & 0x3F
        elif byte in (0xA0, 0xA1):
            self.seg_remap = byte == 0xA1
        elif byte in (0xA4, 0xA5):
            self.entire_on = byte == 0xA5
        elif byte in (0xA6, 0xA7):
            self.inverted = byte == 0xA7
        elif byte in (0xAE, 0xAF):
            self.on = byte == 0xAF
        elif byte in (0xC0, 0xC8):
            self.com_remap = byte == 0xC8
        elif 0xB0 <= byte <= 0xB7:
            self.page = byte & 7
        elif byte <= 0x0F:
            self.col = (self.col & 0xF0) | byte
        elif byte <= 0x1F:
            self.col = (self.col & 0x0F) | ((byte & 0x0F) << 4)
        # 0x2E/0x2F (scroll off/on), 0xE3 (nop) and the rest change nothing we show

    def _apply(self, cmd, args):
        if cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_lo, self.col_hi = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col_lo
        elif cmd == 0x22:
            self.page_lo, self.page_hi = args[0] & 7, args[1] & 7
            self.page = self.page_lo
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif cmd == 0xA8:
            self.mux = args[0] & 0x3F
        elif cmd == 0xD9:
            self.precharge = args[0]
        elif cmd == 0xD3:
            self.offset = args[0] & 0x3F

    def _data(self, byte):
        if self.col < self.columns:
            self.ram[self.page * self.columns + self.col] = byte
        if self.mode == 2:  # page: column advances, wraps within the page
            self.col = self.col + 1 if self.col + 1 < self.columns else 0
        elif self.mode == 0:  # horizontal: across the window, then next page
            if self.col >= self.col_hi:
                self.col = self.col_lo
                self.page = self.page + 1 if self.page < self.page_hi else self.page_lo
            else:
                self.col += 1
        else:  # vertical: down the pages, then next column
            if self.page >= self.page_hi:
                self.page = self.page_lo
                self.col = self.col + 1 if self.col < self.col_hi else self.col_lo
            else:
                self.page += 1

    # Glass side -----------------------------------------------------------
    def lit(self, x, y):
        """Whether the pixel at (x, y) of the glass is lit."""
        if not self.on:
            return False
        if self.entire_on:
            return True
        # Modules are wired so SEG remap + COM remap give an upright image.
        col = x if self.seg_remap else self.width - 1 - x
        if self.columns != 128:  # SH1106: the glass sits at RAM columns 2..129
            col += (self.columns - self.width) // 2
        row = y if self.com_remap else self.height - 1 - y
        row = (row + self.start_line + self.offset) & 63
        bit = (self.ram[(row >> 3) * self.columns + col] >> (row & 7)) & 1
        return bool(bit) != self.inverted

    def frame(self):
        """The glass as width x height MONO_VLSB bytes (what a camera would see)."""
        out = bytearray(self.width * self.height // 8)
        for y in range(self.height):
            for x in range(self.width):
                if self.lit(x, y):
                    out[(y >> 3) * self.width + x] |= 1 << (y & 7)
        return out


class VirtualI2C:
    """busio.I2C-style bus for adafruit_bus_device: writes go to the panels."""

    def __init__(self, *panels):
        self.panels = {}
        for panel in panels:
            self.panels[panel.addr] = panel
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return sorted(self.panels)

    def writeto(self, address, buffer, *, start=0, end=None):
        if address not in self.panels:
            raise OSError(19)  # ENODEV, what a NACK gives
        end = len(buffer) if end is None else end
        if end > start:
            # a view, not a copy: the model must not take kilobytes from the firmware's heap
            self.panels[address].write(memoryview(buffer)[start:end])

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if address not in self.panels:
            raise OSError(19)
