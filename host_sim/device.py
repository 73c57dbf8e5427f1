"""The simulated dice box: the real driver on a virtual I2C bus, the App, the
debouncer, fed with button levels over simulated time.

The panel model shows exactly what the Pico's glass would show from the same
bytes. Scripts, tests and the curses front end all drive this object.
"""
import gc
import os

import host_sim  # noqa: F401  (firmware on sys.path)

from dicebox import buttons as B
from dicebox.display import Display
from dicebox.ui.app import App

POLL_MS = 5  # how often the device loop polls its pins
GC_EVERY = 32768  # dicebox/device.py's: the Pico's loop collects after this many bytes allocated
COLLECT_IDLE_MS = 20  # dicebox/device.py's: and once it is this long idle after a frame
_MICROPYTHON = hasattr(gc, "threshold")

try:
    from host_sim import FIRMWARE

    DEMO_CARDS = FIRMWARE + "/data/titlebout/fighters"
    DEMO_CHARTS = FIRMWARE + "/data/titlebout/charts"
except ImportError:  # MicroPython (no os.path): the parity tests run from the repository root
    DEMO_CARDS = "firmware/data/titlebout/fighters"
    DEMO_CHARTS = "firmware/data/titlebout/charts"

try:
    from host_sim import fb

    class HostDisplay(fb.ExactMixin, Display):
        """The driver object as canvas, with MicroPython-exact primitives."""

except ImportError:  # under MicroPython the driver sits on native framebuf
    fb = None
    HostDisplay = Display


class Restart(BaseException):
    """Platform.restart(): the Pico's machine.soft_reset() raises SystemExit, which
    no `except Exception` of the firmware stops either."""


class Platform:
    name = "simulator"

    def __init__(self, seed_bytes=None, card_dirs=None, chart_dirs=None, own_dir=None, rtc=None):
        self.beeps = []
        self._seed_bytes = seed_bytes
        self.rtc = rtc  # a clock chip (firmware hw/rtc.Rtc on an emulated bus), or None as on a board without
        # Title Bout card and chart folders; the Pico reads demo/titlebout and data/titlebout on its flash
        self.card_dirs = card_dirs if card_dirs is not None else (DEMO_CARDS,)
        self.chart_dirs = chart_dirs if chart_dirs is not None else (DEMO_CHARTS,)
        # an own fighter made in the set-up is saved here (the Pico: data/titlebout/fighters)
        self.own_dir = own_dir or "/tmp/dicebox-own-cards"

    @classmethod
    def on_flash(cls, data, seed_bytes=None):
        """A platform whose Title Bout folders are those of a simulated flash
        folder, laid out as the Pico's /data: your cards in data/titlebout/fighters
        (an own fighter is saved there too), your chart sets in data/titlebout/charts,
        beside the demo ones."""
        mine = data.rstrip("/") + "/titlebout"
        return cls(seed_bytes, card_dirs=(DEMO_CARDS, mine + "/fighters"),
                   chart_dirs=(DEMO_CHARTS, mine + "/charts"), own_dir=mine + "/fighters")

    def entropy(self):
        data = self._seed_bytes or os.urandom(4)
        return ((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]) & 0x3FFFFFFF

    def wall_s(self):
        return self.rtc.seconds() if self.rtc is not None else None

    def restart(self):
        raise Restart()

    def beep(self, freq, ms):
        if self.beeps is not None:  # None: not logged (a long storm's heap is the device's)
            self.beeps.append((freq, ms))


class Device:
    def __init__(self, store=None, width=128, height=64, controller="ssd1306", platform=None, bus=None):
        """bus: an I2C bus that holds the panel instead of the panel model (a storm's,
        which no one looks at: the model is then not on the firmware's heap, as on
        the virtual board, and glass() has nothing to show)."""
        if store is None:
            from host_sim.memstore import MemoryStore  # only then: a run on a real Store does not hold its code

            store = MemoryStore()
        self.store = store
        self.panel = None
        if bus is None:
            from host_sim.panel import Panel, VirtualI2C

            self.panel = Panel(width, height, ram_columns=132 if controller == "sh1106" else 128)
            bus = VirtualI2C(self.panel)
        self.bus = bus
        self.display = HostDisplay(width, height, self.bus, controller=controller)
        self.platform = platform or Platform()
        self.now = 0
        self.levels = 0
        self.frames = 0
        self.flush_bytes = []  # I2C bytes sent by each flush; None: not kept (heap runs)
        self.on_frame = None  # callback(device) after each frame reaches the panel
        self.on_restart = None  # callback(device) instead of restart(): a harness's own
        self.restarts = 0
        self._boot()
        self.drawn_at = None
        if _MICROPYTHON:  # the heap is collected as on the Pico, from its boot on
            gc.threshold(GC_EVERY)
        self.step()

    def _boot(self):
        """The firmware's start: a new App on the store, a new debouncer, the panel as
        the driver left it."""
        self.buttons = B.Buttons()
        self._display_on = True
        self._contrast = None
        self.app = App(self.store, self.platform, self.display.width, self.display.height)
        self.app.boot(self.now)

    def restart(self):
        """What the Pico's soft reset does (OK on the loop's error screen): a new App
        boots (it resumes the saved fight), with a new debouncer and the panel set up
        again. The simulated clock runs on."""
        self.restarts += 1
        if self.on_restart is not None:
            self.on_restart(self)
            return
        self.app = None  # the old App goes before the new one boots
        self.display.init_display()
        self._boot()

    def step(self):
        """One pass of the device loop at the current time."""
        try:
            try:
                self._step()
            finally:
                if self.app is not None:
                    self.app.settle()  # as the Pico's loop: the input's save once its frame is on the panel
        except Restart:
            self.restart()

    def _step(self):
        self.buttons.update(self.levels, self.now)
        while True:
            event = self.buttons.pop()
            if event is None:
                break
            self.app.button(event[0], event[1], event[2])
        self.app.tick(self.now)
        self._sync_panel()
        if self.app.render(self.display):
            before = self.display.bytes_sent
            self.display.flush()
            if self.flush_bytes is not None:
                self.flush_bytes.append(self.display.bytes_sent - before)
            self.frames += 1
            self.drawn_at = self.now
            if self.on_frame:
                self.on_frame(self)

    def _sync_panel(self):
        app = self.app
        if app.contrast != self._contrast:
            self._contrast = app.contrast
            self.display.contrast(app.contrast)
        if app.display_on != self._display_on:
            self._display_on = app.display_on
            if app.display_on:
                self.display.poweron()
            else:
                self.display.poweroff()

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + POLL_MS)
            self.step()
            if _MICROPYTHON and self.drawn_at is not None and self.now - self.drawn_at >= COLLECT_IDLE_MS:
                self.drawn_at = None
                gc.collect()

    def hold(self, buttons, ms):
        """Press the buttons (a bitmask) for ms, then release them."""
        self.levels |= buttons
        self.wait(ms)
        self.levels &= ~buttons
        self.wait(60)

    def press(self, button, ms=80):
        self.hold(1 << button, ms)

    def glass(self):
        """What the panel shows now, as 1024 MONO_VLSB bytes."""
        return self.panel.frame()

    def save_png(self, path, scale=4):
        fb.save_png(self.glass(), path, scale, self.panel.width, self.panel.height)
