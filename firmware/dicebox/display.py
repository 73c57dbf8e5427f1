"""The panel driver: adafruit_ssd1306 with a flush that sends only changed pages.

Used unchanged on the Pico (over a machine.I2C adapter) and in the simulator
(over a virtual I2C bus that feeds a model of the controller). Handles the
SSD1306 (horizontal addressing, windowed writes) and the SH1106 sold as
"SSD1306" (132-column RAM, page addressing only, image at column 2).
"""
import adafruit_ssd1306

_SET_COL_ADDR = 0x21
_SET_PAGE_ADDR = 0x22


class Display(adafruit_ssd1306.SSD1306_I2C):
    def __init__(self, width, height, i2c, addr=0x3C, controller="ssd1306"):
        self.sh1106 = controller == "sh1106"
        self.col_offset = 2 if self.sh1106 else 0
        self.bytes_sent = 0  # I2C payload bytes, for the flush budget
        adafruit_ssd1306.SSD1306_I2C.__init__(self, width, height, i2c, addr=addr, page_addressing=self.sh1106)
        n = height // 8
        view = memoryview(self.buffer)
        self._pages = [view[1 + width * p : 1 + width * (p + 1)] for p in range(n)]
        self._shadow = [bytearray(width) for _ in range(n)]
        self._sent_once = False

    def write_cmd(self, cmd):
        self.bytes_sent += 2
        adafruit_ssd1306.SSD1306_I2C.write_cmd(self, cmd)

    def _write_data(self, start, end):
        self.bytes_sent += end - start
        with self.i2c_device:
            self.i2c_device.write(self.buffer, start=start, end=end)

    def write_framebuf(self):
        # show(): a full frame. During the driver's own __init__ our page
        # views do not exist yet; its clear screen goes the driver's way.
        if getattr(self, "_pages", None) is None:
            return adafruit_ssd1306.SSD1306_I2C.write_framebuf(self)
        self._flush(True)

    def flush(self):
        """Send the pages that differ from what the panel holds; returns pages sent."""
        return self._flush(not self._sent_once)

    def _flush(self, everything):
        pages = self._pages
        shadow = self._shadow
        n = len(pages)
        sent = 0
        p = 0
        while p < n:
            if not everything and shadow[p] == pages[p]:
                p += 1
                continue
            q = p  # extend over a run of changed pages: one transaction
            while q + 1 < n and (everything or shadow[q + 1] != pages[q + 1]):
                q += 1
            for i in range(p, q + 1):
                shadow[i][:] = pages[i]
            self._send_pages(p, q)
            sent += q - p + 1
            p = q + 1
        self._sent_once = True
        return sent

    def _send_pages(self, first, last):
        w = self.width
        buf = self.buffer
        if self.sh1106:
            for page in range(first, last + 1):
                self.write_cmd(0xB0 | page)
                self.write_cmd(self.col_offset & 0x0F)
                self.write_cmd(0x10 | (self.col_offset >> 4))
                self._send_run(page * w, (page + 1) * w)
            return
        self.write_cmd(_SET_COL_ADDR)
        self.write_cmd(0)
        self.write_cmd(w - 1)
        self.write_cmd(_SET_PAGE_ADDR)
        self.write_cmd(first)
        self.write_cmd(last)
        self._send_run(first * w, (last + 1) * w)

    def _send_run(self, start, end):
        # buffer[0] is the 0x40 data prefix; for a later page borrow the byte
        # before it as the prefix, so nothing is copied or allocated.
        buf = self.buffer
        saved = buf[start]
        buf[start] = 0x40
        self._write_data(start, end + 1)
        buf[start] = saved
