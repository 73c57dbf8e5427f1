"""The simulated dice box: the firmware's own loop (dicebox.device.Loop) on
simulated hardware: the real driver on a virtual I2C bus, keys fed with
button levels over simulated time, a platform whose clock is that time.

The panel model shows exactly what the Pico's glass would show from the same
bytes. Scripts, tests and the curses front end all drive this object.
"""
import gc
import os

import host_sim  # noqa: F401  (firmware on sys.path)

from dicebox.device import Loop
from dicebox.display import Display

# simulated ms between two passes of the loop: half the Pico's pass (which a key
# change cuts short), so the simulator shows every frame the box can
POLL_MS = 5
_MICROPYTHON = hasattr(gc, "threshold")  # the heap is collected as on the Pico (CPython's is not the box's)

try:
    from host_sim import FIRMWARE

    DEMO_CARDS = FIRMWARE + "/data/titlebout/fighters"
    DEMO_CHARTS = FIRMWARE + "/data/titlebout/charts"
except ImportError:  # MicroPython (no os.path): the parity tests run from the repository root
    DEMO_CARDS = "firmware/data/titlebout/fighters"
    DEMO_CHARTS = "firmware/data/titlebout/charts"


class _Frames:
    """Tells its device (set by Device) of each frame sent to the panel."""

    def flush(self):
        before = self.bytes_sent
        changed = Display.flush(self)
        self.device.framed(self.bytes_sent - before)
        return changed


try:
    from host_sim import fb

    class HostDisplay(_Frames, fb.ExactMixin, Display):
        """The driver object as canvas, with MicroPython-exact primitives."""

except ImportError:  # under MicroPython the driver sits on native framebuf
    fb = None

    class HostDisplay(_Frames, Display):
        pass


def feed(buttons, levels, now):
    """The levels read at `now` into the debouncer as the Pico's hw/keys.py gives
    them: a change comes after the old levels at its own time (they held until
    then), so a level that held exactly the debounce time counts as one."""
    if levels != buttons.raw:
        buttons.update(buttons.raw, now)
    buttons.update(levels, now)


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

    def service(self):
        pass  # a beep is logged, not played

    def beep(self, freq, ms):
        if self.beeps is not None:  # None: not logged (a long storm's heap is the device's)
            self.beeps.append((freq, ms))


class _Loop(Loop):
    def fail(self, e):
        # a test or script sees the error itself, not the box's error screen (whose
        # 8x8 font is MicroPython framebuf's own: adafruit_framebuf has none)
        raise e


class Device:
    def __init__(self, store=None, width=128, height=64, controller="ssd1306", platform=None, bus=None, battery=None):
        """bus: an I2C bus that holds the panel instead of the panel model (a storm's,
        which no one looks at: the model is then not on the firmware's heap, as on
        the virtual board, and glass() has nothing to show). battery: the board
        file's battery (core/battery.KINDS), whose voltage `vsys` is (mV, 0: USB)."""
        if store is None:
            from host_sim.memstore import memory_store  # only then: a run on a Store of its own does not hold its code

            store = memory_store()
        self.store = store
        self.panel = None
        if bus is None:
            from host_sim.panel import Panel, VirtualI2C

            self.panel = Panel(width, height, ram_columns=132 if controller == "sh1106" else 128)
            bus = VirtualI2C(self.panel)
        self.bus = bus
        self.display = HostDisplay(width, height, self.bus, controller=controller)
        self.display.device = self
        self.platform = platform or Platform()
        self.levels = 0  # the buttons held (a bitmask of dicebox.buttons): the loop's keys are this device's
        self.now = 0
        self.frames = 0
        self.flush_bytes = []  # I2C bytes sent by each flush; None: not kept (heap runs)
        self.on_frame = None  # callback(device) after each frame reaches the panel
        self.on_restart = None  # callback(device) instead of restart(): a harness's own
        self.restarts = 0
        self.loop = None
        if battery is not None:  # only then: a heap test's Device holds nothing more
            self.battery = battery
            self.vsys = 0  # VSYS in mV as hw/battery.py reads it; 0: on USB (VBUS high)
        self._boot()

    def _boot(self):
        """The firmware's start: a new loop (a new debouncer) on this hardware, its
        first pass boots the App and draws its first frame."""
        self.loop = _Loop(self.display, self, self.platform, self.store, self.ms)
        if getattr(self, "battery", None) is not None:  # the gauge, as hw/battery.attach sets it
            from dicebox.hw.battery import attach
            from host_sim.adc import adc_mv

            attach(self.loop, self.battery, lambda: adc_mv(self.vsys))
        self.step()

    def ms(self):
        return self.now

    def poll(self, buttons, now):
        feed(buttons, self.levels, now)

    @property
    def app(self):
        return self.loop.app

    def restart(self):
        """What the Pico's soft reset does (OK on the loop's error screen): a new loop
        boots a new App (it resumes the saved fight), with the panel set up again.
        The simulated clock runs on."""
        self.restarts += 1
        if self.on_restart is not None:
            self.on_restart(self)
            return
        self.loop = None  # the old App goes before the new one boots
        self.display.init_display()
        self._boot()

    def step(self):
        """One pass of the device loop at the current time."""
        try:
            self.loop.step()
        except Restart:
            self.restart()

    def framed(self, nbytes):
        """The display sent a frame of nbytes."""
        if self.flush_bytes is not None:
            self.flush_bytes.append(nbytes)
        self.frames += 1
        if self.on_frame:
            self.on_frame(self)

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + POLL_MS)
            self.step()
            if _MICROPYTHON:
                self.loop.collect(self.now)

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
