"""The device's main loop (main.py calls main(); host_sim/device.py drives it too). The App saves
the fight after every input, so an error here never loses it: the error is shown, and OK restarts
the box, whose boot resumes the saved fight (Ctrl-C still reaches the REPL)."""
import gc
import sys
import time

from dicebox import buttons
from dicebox.core.compat import const

# the loop's collection threshold (Loop.step says why it has one): lower, collections
# slow a mode's opening; higher, the free heap breaks up
GC_EVERY = 32768
# a frame's garbage is collected once the box is this long idle after it, so a press never
# pays for the presses before it; a quick tap's next press is still far off then
_COLLECT_IDLE_MS = const(20)
# and again each this long idle: a screen's ticks allocate (a frame too big for the C stack),
# which would bring the threshold's collection into the next press
_RECOLLECT_MS = const(500)
_LOOP_MS = const(10)  # one pass: buttons are sampled by the timer IRQ meanwhile
_ASLEEP_LOOP_MS = const(40)
_DISPLAY_RETRY_MS = const(1000)


def _report(e):
    sys.print_exception(e) if hasattr(sys, "print_exception") else print(repr(e))


def _show_text(display, title, body):
    """A plain screen in the built-in 8x8 font: works even if the UI is what failed."""
    display.fill(0)
    display.fill_rect(0, 0, display.width, 9, 1)
    display.text(title[:16], 0, 1, 0)
    y = 12
    words = body.split()
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > 16:
            display.text(line, 0, y, 1)
            y += 9
            line = ""
        line = (line + " " + w) if line else w[:16]
        if y > display.height - 9:
            break
    if line and y <= display.height - 9:
        display.text(line, 0, y, 1)
    display.flush()


class Loop:
    """The box's loop on the hardware its host gives it: a Display, keys (poll(buttons, now)), the
    platform (hw/platform.py), the Store and clock() (ms since boot, never wraps). step() is one
    pass and never blocks: the Pico's run() waits between passes, a host's event loop calls it."""

    power = None  # the battery gauge (core/battery.Power): hw/battery.attach sets it on a board with one

    def __init__(self, display, keys, platform, store, clock, report_mem=False):
        self.display = display
        self.keys = keys
        self.platform = platform
        self.store = store
        self.clock = clock
        self.buttons = buttons.Buttons(debounce_ms=20)
        self.app = None
        self.error = None  # text of the error on screen; OK restarts the box
        self.panel_on = True
        self.contrast = -1
        self.display_broken_at = None
        self.drawn_at = None  # clock() of the last frame whose garbage is not yet collected
        self.collected_at = 0  # clock() of collect()'s last collection
        # for the developer's console (make emu reads it): the heap after each frame, live
        # (true: collected first) or as it is ("raw": collections stay where a box has them)
        self.report_mem = report_mem

    def start_app(self):
        from dicebox.ui.app import App
        from dicebox.ui.home import boot

        disp = self.display
        self.app = None
        app = App(self.store, self.platform, disp.width, disp.height)
        app.power = self.power  # Home's header makes room for the battery's icon at once
        try:
            boot(app, self.clock())
        except Exception as e:  # noqa: BLE001  a saved fight the App cannot open
            _report(e)
            if not self.store.has_current():
                raise
            # keep the fight (current.json.bad) and start clean, so the box is usable
            from dicebox.store import CURRENT

            self.store.set_aside(CURRENT, "could not be resumed (%s)" % e)
            app = App(self.store, self.platform, disp.width, disp.height)
            app.power = self.power
            boot(app, self.clock())
        self.app = app
        self.error = None
        self.contrast = -1

    def fail(self, e):
        _report(e)
        self.error = "%s: %s" % (type(e).__name__, e)
        app, self.app = self.app, None
        if app is not None:
            from dicebox.ui.home import close

            close(app)  # nothing keeps its screens: their heap is free for the save below
        app = None
        try:  # nothing here may end the loop
            job = self.store.unsaved_save
            if job is not None:
                # a save the full heap had no room for (Store.write_text): with the App
                # gone its heap is free, so it is written before the error shows
                self.store.unsaved_save = None
                gc.collect()
                job[0](*job[1])
                print("dicebox: saved once the App was gone")  # on the USB console, under the error
        except Exception as e:  # noqa: BLE001  no room even now: the fight stays as last saved
            _report(e)
        job = None
        self.show_error()

    def show_error(self):
        try:
            self.wake_panel()
            _show_text(self.display, "Error", self.error + " | Fight is saved. OK: go on")
        except Exception as e:  # noqa: BLE001  the panel itself may be the trouble
            _report(e)

    def wake_panel(self):
        if not self.panel_on:
            self.display.poweron()
            self.panel_on = True

    def step(self):
        """One pass: the App boots on the first; an error is shown and the loop goes on."""
        try:
            self._pass()
        except Exception as e:  # noqa: BLE001  show it and keep the box going
            self.fail(e)

    def _pass(self):
        if self.app is None and self.error is None:
            self.start_app()
            # then a collection every GC_EVERY bytes allocated, so garbage never spreads later
            # long-lived objects over the whole heap; not in the boot, which it would only slow
            if hasattr(gc, "threshold"):
                gc.threshold(GC_EVERY)
        try:
            self._step()
        finally:
            if self.app is not None:
                self.app.settle()  # the input's save, once its frame is on the panel (or an error came)

    def _step(self):
        now = self.clock()
        self.keys.poll(self.buttons, now)
        app = self.app
        ev = self.buttons.pop()
        while ev is not None:
            if app is None:
                if ev[0] == buttons.OK and ev[1] == buttons.CLICK:
                    # a fresh interpreter: its boot resumes the saved fight on an empty
                    # heap (after a MemoryError the old one's fragments would stay)
                    self.platform.restart()
                    return
            else:
                app.button(ev[0], ev[1], ev[2])
            ev = self.buttons.pop()
        if app is None:
            return
        app.tick(now)
        power = self.power
        if power is not None:
            power.tick(app, now)
        self.platform.service()
        self.show(app, now)

    def show(self, app, now):
        if (self.display_broken_at is not None or app.display_on != self.panel_on or app.contrast != self.contrast
                or self.panel_on and (app.dirty or app.rows is not None)):
            self._show(app, now)  # else nothing to draw or set (App.render)

    def _show(self, app, now):
        display = self.display
        if self.display_broken_at is not None:
            if now - self.display_broken_at < _DISPLAY_RETRY_MS:
                return
            display.init_display()  # the panel lost power or a wire came loose
            self.display_broken_at = None
            self.panel_on = True
            self.contrast = -1
            app.redraw()
        try:
            if app.display_on != self.panel_on:
                if app.display_on:
                    display.poweron()
                    app.redraw()
                else:
                    display.poweroff()
                self.panel_on = app.display_on
            if app.contrast != self.contrast:
                display.contrast(app.contrast)
                self.contrast = app.contrast
            if self.panel_on and app.render(display):
                display.flush()
                self.drawn_at = self.clock()
                if self.report_mem:
                    _report_mem(self.report_mem is True)
        except OSError as e:
            _report(e)
            self.display_broken_at = now

    def collect(self, now):
        """The idle box's collection (_COLLECT_IDLE_MS, _RECOLLECT_MS with the panel on): True if collected."""
        drawn = self.drawn_at
        if drawn is None:
            if not self.panel_on or now - self.collected_at < _RECOLLECT_MS:
                return False
        elif now - drawn < _COLLECT_IDLE_MS:
            return False
        self.drawn_at = None
        gc.collect()
        self.collected_at = now
        return True

    def run(self):
        while True:
            # step()'s passes under one try: each function an idle pass calls keeps a frame that
            # fits the C stack (an `except ... as` alone outgrows it), else it is a heap
            # allocation counted towards the next collection (Loop.collect)
            try:
                while True:
                    self._pass()
                    if self.panel_on:
                        self.idle(_LOOP_MS)
                    else:
                        time.sleep_ms(_ASLEEP_LOOP_MS)  # the press that wakes the panel may wait
            except Exception as e:  # noqa: BLE001  as step(): show it, and the loop goes on
                self.fail(e)

    def idle(self, ms):
        # back as soon as the IRQ has a change: a press waits no pass's rest
        keys = self.keys
        end = time.ticks_add(time.ticks_ms(), ms)
        if self.drawn_at is None:
            self.collect(self.clock())  # the idle box's, once a pass
        while keys.head == keys.tail and time.ticks_diff(end, time.ticks_ms()) > 0:
            if self.drawn_at is None or not self.collect(self.clock()):
                time.sleep_ms(1)


def _report_mem(collect):
    import micropython

    if collect:
        gc.collect()
    micropython.mem_info()  # "GC: total: T, used: U, free: F" and "max free sz: N" (16-byte blocks)


def main():
    """The Pico's power-on (main.py): the loop runs once the boot's code (boot.py) has left the heap."""
    from dicebox import forget, load

    loop = load("dicebox.boot").start()
    forget("dicebox.boot")
    if loop is not None:  # else its one line is on the console, and the REPL is free to fix it
        loop.run()
