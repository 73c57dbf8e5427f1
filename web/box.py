"""The box in the page: the firmware's own loop (dicebox.device.Loop) on the
simulator's hardware (host_sim/device.py: the real display driver on a
virtual I2C bus into the panel model), run by MicroPython's WebAssembly port
and driven by the page (web/app.js) on the page's clock.

The flash is the page's file system (/data, kept in IndexedDB by app.js after
every pass: a closed tab is a power cut between two passes). The clock chip is
the page's wall clock, so wound timers count the time the page was closed.
webhost is app.js's: entropy(), wall_s(), beep(freq, ms).
"""
import os
from binascii import hexlify

import webhost

from dicebox.device import Loop
from dicebox.store import Store
from host_sim import script
from host_sim.device import POLL_MS, Device, Platform

DATA = "/data"  # the Pico's store folder (dicebox/device.py DATA); own cards under data/titlebout
DEMO = "/firmware/data/titlebout"  # the bundle's demo cards (host_sim/web.py), read as the simulator reads them
# behind the page's clock by more than this, the box's clock jumps (a hidden tab's timers
# stop): a pass per POLL_MS of an hour away would take long
_CATCH_UP_MS = 1000


# The file system's errors carry Emscripten's numbers (ENOENT 44, EEXIST 20, and its EINVAL 28
# is the Pico's ENOSPC); MicroPython's errno and the Store read the Pico's, Linux's numbers
_ERRNO = {44: 2, 20: 17, 28: 22, 51: 28, 54: 20, 31: 21, 29: 5, 2: 13, 55: 39, 8: 9}
_PICO_MEANS = (2, 17, 22, 28)  # the numbers the firmware and memstore read: never passed on unmapped


def _pico_error(e):
    n = e.args[0] if e.args and type(e.args[0]) is int else 5
    n = _ERRNO.get(n, 5 if n in _PICO_MEANS else n)
    return OSError(n)


class FlashOS:
    """The Store's os and open on the page's file system, with the Pico's error numbers."""

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except OSError as e:
            raise _pico_error(e)

    def mkdir(self, path):
        return self._call(os.mkdir, path)

    def listdir(self, path):
        return self._call(os.listdir, path)

    def stat(self, path):
        return self._call(os.stat, path)

    def remove(self, path):
        return self._call(os.remove, path)

    def rename(self, old, new):
        return self._call(os.rename, old, new)

    def open(self, path, mode="r"):
        return self._call(open, path, mode)


class WebPlatform(Platform):
    name = "web"

    def entropy(self):
        if self._seed_bytes:  # a fixed seed (the tests, ?seed=): the simulator's draws
            return Platform.entropy(self)
        return webhost.entropy() & 0x3FFFFFFF

    def wall_s(self):
        return webhost.wall_s()

    def beep(self, freq, ms):
        webhost.beep(freq, ms)


class Box(Device):
    """The simulated device on the page's clock: advance(ms) runs the loop's passes up
    to the page's time, press/release change the buttons held at once."""

    def __init__(self, seed=None, store=None):
        platform = WebPlatform.on_flash(DATA, seed)
        # where the simulator looks, from the bundle's root (host_sim's own paths are the host's)
        platform.card_dirs = (DEMO + "/fighters",) + platform.card_dirs[1:]
        platform.chart_dirs = (DEMO + "/charts",) + platform.chart_dirs[1:]
        platform.beeps = None  # played, not logged
        self.shift = 0  # box time = page time + shift (a script runs ahead of the page)
        if store is None:
            fs = FlashOS()
            store = Store(DATA, fs, fs.open)
        Device.__init__(self, store=store, platform=platform)
        self.flush_bytes = None

    def _boot(self):
        # the box's own loop: an error shows its screen and OK restarts, as on the Pico
        self.loop = Loop(self.display, self, self.platform, self.store, self.ms)
        self.step()

    def advance(self, page_ms):
        """Passes up to the page's time; returns the frames drawn so far."""
        t = page_ms + self.shift
        if t - self.now > _CATCH_UP_MS:
            self.now = t - POLL_MS
        if t > self.now:
            self.wait(t - self.now)
        return self.frames

    def buttons(self, levels, page_ms):
        """The buttons held now (a bitmask of dicebox.buttons), read by a pass at once."""
        self.advance(page_ms)
        self.levels = levels
        self.step()
        return self.frames

    def glass(self):
        """The panel's state for app.js to draw: its flags, then its RAM in hex."""
        p = self.panel
        flags = (p.on, p.entire_on, p.inverted, p.seg_remap, p.com_remap, p.start_line, p.offset, p.columns,
                 p.width, p.height, p.contrast)
        return " ".join(str(int(v)) for v in flags) + " " + hexlify(p.ram).decode()

    def run_script(self, text, page_ms, boot=False):
        """A button script (host_sim/script.py) at the simulator's pace, ahead of the page's
        clock; returns the panel RAM in hex after every frame, one a line. boot: first a power
        cycle whose clock starts at 0, as the simulator's does (a screen that blinks on the
        clock then blinks as the simulator's)."""
        if boot:
            self.now = 0
            self.restart()
        frames = []
        self.on_frame = lambda dev: frames.append(hexlify(dev.panel.ram).decode())
        try:
            script.run(self, script.parse(text, "script"))
        finally:
            self.on_frame = None
        self.shift = self.now - page_ms
        return "\n".join(frames)
