"""The panel driver, on the Pico and in the simulator alike: adafruit_ssd1306 with a flush that
sends only changed pages, for the SSD1306 and the SH1106 sold as "SSD1306" (132-column RAM,
page addressing only, image at column 2)."""
import adafruit_ssd1306

from dicebox.core.compat import const

_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_CHUNK = 16  # columns compared and sent as one piece


class Display(adafruit_ssd1306.SSD1306_I2C):
    def __init__(self, width, height, i2c, addr=0x3C, controller="ssd1306"):
        self.sh1106 = controller == "sh1106"
        self.col_offset = 2 if self.sh1106 else 0
        self.bytes_sent = 0  # I2C payload bytes, for the flush budget
        adafruit_ssd1306.SSD1306_I2C.__init__(self, width, height, i2c, addr=addr, page_addressing=self.sh1106)
        # each page and what the panel holds of it: comparing memoryviews is native and allocates
        # nothing. One view a page, not one a chunk: a view is an object on the heap
        view = memoryview(self.buffer)
        pages = height // 8
        self._pages = [view[1 + width * p : 1 + width * (p + 1)] for p in range(pages)]
        self._shadow = bytearray(width * pages)
        shadow = memoryview(self._shadow)
        self._shadow_pages = [shadow[width * p : width * (p + 1)] for p in range(pages)]
        self._spans = bytearray(2 * pages)  # per page: first, last changed chunk
        self._sent_once = False
        self._cmd = bytearray(7)  # 0x00, then a window's commands

    def contrast(self, value):
        """value: the contrast byte, and the precharge period byte above it (settings.py's
        brightness; none: left as it is). The SSD1306 and the SH1106 both take 0x81 n and 0xD9 n."""
        adafruit_ssd1306.SSD1306_I2C.contrast(self, value & 0xFF)
        if value >> 8:
            self.write_cmd(0xD9)
            self.write_cmd(value >> 8)

    def write_cmd(self, cmd):
        self.bytes_sent += 2
        adafruit_ssd1306.SSD1306_I2C.write_cmd(self, cmd)

    def write_framebuf(self):
        # show(): a full frame. During the driver's own __init__ our page
        # views do not exist yet; its clear screen goes the driver's way.
        if getattr(self, "_pages", None) is None:
            return adafruit_ssd1306.SSD1306_I2C.write_framebuf(self)
        self._flush(True)

    def flush(self):
        """Send what differs from what the panel holds; returns the chunks sent."""
        return self._flush(not self._sent_once)

    def _flush(self, everything):
        width = self.width
        spans = self._spans
        changed = 0
        for page in range(self.height // 8):
            first = 255
            last = 0
            now = self._pages[page]
            held = self._shadow_pages[page]
            if everything or held != now:
                # the first and the last chunk that differ: compared natively, two small
                # views of garbage a chunk (a byte at a time in Python is far slower)
                lo = 0
                hi = width - _CHUNK
                if not everything:
                    while now[lo : lo + _CHUNK] == held[lo : lo + _CHUNK]:
                        lo += _CHUNK
                    while now[hi : hi + _CHUNK] == held[hi : hi + _CHUNK]:
                        hi -= _CHUNK
                first = lo // _CHUNK
                last = hi // _CHUNK
                held[:] = now
                changed += last - first + 1
            spans[2 * page] = first
            spans[2 * page + 1] = last
        # pages with the same column span go out as one window, under one bus lock (a
        # `with` a transfer adds up over a flush's many transfers)
        page = 0
        pages = self.height // 8
        with self.i2c_device:
            while page < pages:
                first = spans[2 * page]
                if first == 255:
                    page += 1
                    continue
                last = spans[2 * page + 1]
                end = page
                while (not self.sh1106 and end + 1 < pages and spans[2 * end + 2] == first
                       and spans[2 * end + 3] == last):
                    end += 1
                self._send(page, end, first * _CHUNK, (last + 1) * _CHUNK)
                page = end + 1
        self._sent_once = True
        return changed

    def _send(self, page, end, col0, col1):
        """Columns col0..col1-1 of pages page..end: a window, then the bytes in place."""
        start = page * self.width + col0
        # the window's commands in one transfer (control byte 0x00: commands follow), not
        # one each as write_cmd sends them: fewer transfers, less CPU a flush
        cmd = self._cmd
        if self.sh1106:
            col = col0 + self.col_offset
            cmd[1] = 0xB0 | page
            cmd[2] = col & 0x0F
            cmd[3] = 0x10 | (col >> 4)
            n = 4
        else:
            cmd[1] = _SET_COL_ADDR
            cmd[2] = col0
            cmd[3] = col1 - 1
            cmd[4] = _SET_PAGE_ADDR
            cmd[5] = page
            cmd[6] = end
            n = 7
        self.bytes_sent += n
        self.i2c_device.write(cmd, end=n)  # the bus is locked by _flush
        if col0 == 0 and col1 == self.width:
            self._send_run(start, (end + 1) * self.width)  # whole rows: one run
        else:
            for p in range(page, end + 1):
                run = p * self.width + col0
                self._send_run(run, run + col1 - col0)

    def _send_run(self, start, end):
        # buffer[0] is the 0x40 data prefix; elsewhere borrow the byte before
        # the run as the prefix, so nothing is copied or allocated.
        buf = self.buffer
        saved = buf[start]
        buf[start] = 0x40
        self.bytes_sent += end + 1 - start
        self.i2c_device.write(buf, start=start, end=end + 1)
        buf[start] = saved
