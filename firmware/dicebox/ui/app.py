"""The App: a stack of screens driven by button events and time, started and let go by Home
(home.boot, home.close). Pure: the device loop and the simulator call button(), tick() and
render(canvas); storage and hardware come in as objects (store, platform)."""
from dicebox import buttons
from dicebox import settings
from dicebox.core.compat import const
from dicebox.ui import draw, lang, text
from dicebox.ui.lang import label

_WAKE_NONE = const(-1)
_TICKS_MASK = const(0x3FFFFFFF)
_SCROLL_WAIT_MS = const(1200)  # a row wider than the glass rests this long at each end
_SCROLL_STEP_MS = const(200)  # then moves a character at a time
# the picture moves a pixel (App.render) after each this long without a button, so no pixel of a
# screen left up for hours stays lit; counted from the inputs, so the simulator moves it in step
_NUDGE_MS = const(120000)
_DAYLIGHT = const(5)  # settings.py's brightness that never dims
_DIM = const(0x2201)  # settings.py's DIM: contrast 1, the reset precharge
_WAITING_MS = const(300)  # after the last press: a user reading the rows, not moving through them


class Screen:
    """One screen. BACK leaves it unless the screen says otherwise."""

    def __init__(self, app):
        self.app = app

    def button(self, b, ev, now):
        if b == buttons.BACK and ev == buttons.CLICK:
            self.app.pop()

    def tick(self, now):
        return False  # True: draw again

    def waiting(self, now, ms=_WAITING_MS):
        """True while this screen is on top and no button came for `ms`: a time to load what the
        next press needs (dicebox.preload)."""
        app = self.app
        return app.top is self and now - app.last_input >= ms

    def draw(self, c):
        pass


class Menu(Screen):
    """A titled list; items are (label, action) and OK calls action()."""

    def __init__(self, app, title, items, right=""):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.right = right
        self.sel = 0
        self.first = 0
        self.shifted = None  # the selected label that is scrolled by `shift` pixels
        self.shift = 0
        self.shift_over = 0  # its pixels past the row
        self.shift_at = 0  # when it moves next

    def button(self, b, ev, now):
        n = len(self.items)
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT) and n:
            was, first = self.sel, self.first
            self.sel = (self.sel + (1 if b == buttons.DOWN else -1)) % n
            self.first = draw.scroll_first(self.sel, self.first, n, draw.rows_visible())
            if self.first == first and type(self).draw is Menu.draw:
                self.app.redraw_rows((was, self.sel))  # only two rows change
            else:
                self.app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK and n:
            self.items[self.sel][1]()
        else:
            Screen.button(self, b, ev, now)

    def tick(self, now):
        """The selected row, if wider than the glass, scrolls to its end and back: read whole where chosen."""
        if not self.items or self.app.top is not self:
            return False
        label = self.items[self.sel][0]
        if label is not self.shifted:  # another row, or the same one rebuilt
            self.shift_over = text.width(label) - draw.ROW_TEXT_W
            self.shifted = label
            self.shift = 0
            self.shift_at = now + _SCROLL_WAIT_MS
            return False
        over = self.shift_over
        if over <= 0 or now < self.shift_at:
            return False
        if self.shift >= over:
            self.shift = 0
            self.shift_at = now + _SCROLL_WAIT_MS
        else:
            self.shift += text.SMALL.advance
            self.shift_at = now + (_SCROLL_WAIT_MS if self.shift >= over else _SCROLL_STEP_MS)
        return True

    def draw(self, c, only=None):
        """only: App.redraw_rows's items, drawn over the last frame; else the whole screen."""
        if only is None:
            draw.header(c, self.title, self.right)
        shifted = self.items and self.items[self.sel][0] is self.shifted
        draw.list_rows(c, self.items, self.sel, self.first, shift=self.shift if shifted else 0, only=only)


class Confirm(Screen):
    """Asks a yes/no question; OK runs on_yes, BACK just closes."""

    def __init__(self, app, question, note, on_yes):
        Screen.__init__(self, app)
        self.question = question
        self.note = note
        self.on_yes = on_yes

    def button(self, b, ev, now):
        if ev != buttons.CLICK:
            return
        if b == buttons.OK:
            self.app.pop()
            self.on_yes()
        elif b == buttons.BACK:
            self.app.pop()

    def draw(self, c):
        below = None  # the screen under this one, not under the top: a Confirm may be over a Confirm
        for screen in self.app.stack:
            if screen is self:
                break
            below = screen
        if below is not None:
            below.draw(c)
        draw.dialog(c, self.question, self.note, label("yes_no"))


class Message(Screen):
    """A notice or an error the user must see; any click closes it."""

    def __init__(self, app, title, body):
        Screen.__init__(self, app)
        self.title = title
        self.lines = []
        for line in body.split("\n"):
            self.lines.extend(draw.wrap(line))
        self.first = 0

    def button(self, b, ev, now):
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.first = max(0, min(len(self.lines) - 5, self.first + (1 if b == buttons.DOWN else -1)))
            self.app.redraw()
        elif ev == buttons.CLICK and b in (buttons.OK, buttons.BACK):
            self.app.pop()

    def draw(self, c):
        draw.header(c, self.title)
        for i in range(5):
            if self.first + i < len(self.lines):
                text.draw(c, self.lines[self.first + i], 1, 12 + i * 10)


class App:
    # bits 0-1: where the picture is, 0..3, a pixel right and/or down (render); bits 2-3:
    # the nudges of the idle spells before the last input (one attribute: less heap)
    nudge = 0
    power = None  # the battery gauge, on a board with a battery (device.Loop sets it)

    def __init__(self, store, platform, width=128, height=64):
        self.store = store
        self.platform = platform
        self.width = width
        self.height = height
        self.stack = []
        self.dirty = True  # dirty, rows: what render() has to draw; the loop reads them (device.Loop.show)
        self.rows = None  # or the top Menu's rows to draw again over the last frame (redraw_rows)
        self.saving = None  # a save that waits for its input's frame (later)
        # what a mode keeps between its visits in one power-on, under its own key, so its next
        # opening reads no file for it; small, as it stays on the heap
        self.memo = {}
        self.display_on = True
        self.last_input = 0
        self.waking = _WAKE_NONE  # button whose press woke the display: swallowed
        self.eat_click = _WAKE_NONE
        self.down = 0  # buttons held (bits)
        self.swallow = 0  # held as a screen came up by itself: the rest of that press is not for it
        self.settings = settings.defaults()
        self.contrast = settings.contrast(self.settings)

    # screen stack ---------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self.redraw()

    def pop(self):
        self.settle()  # what waits for the frame lands first: the screen below may read it (Home's Resume row)
        if len(self.stack) > 1:
            self.stack.pop()
            top = self.stack[-1]
            if hasattr(top, "resumed"):
                top.resumed()
        self.redraw()

    def replace(self, screen):
        self.stack[-1] = screen
        self.redraw()

    def redraw(self):
        self.dirty = True

    def later(self, save):
        """save() once this pass's frame is on the panel (the loop calls settle()), so the roll shows
        without waiting on the flash; one at a time, in order."""
        self.settle()
        self.saving = save

    def settle(self):
        save, self.saving = self.saving, None
        if save is not None:
            save()

    def redraw_rows(self, rows):
        """Only these rows of the top Menu changed: drawn anew over the last frame in the panel's buffer."""
        if not self.dirty:
            self.rows = rows if self.rows is None else self.rows + rows

    @property
    def top(self):
        return self.stack[-1]

    # settings ---------------------------------------------------------------
    def apply_settings(self, values, save=True):
        self.settings = values
        lang.set_lang(values["lang"])
        self.contrast = settings.contrast(values)
        if save:
            self.store.save_settings(values)
        self.redraw()

    def new_seed(self):
        """The seed for a new fight: fixed from Settings, or fresh from the hardware."""
        if self.settings["seed_source"] == "fixed":
            return self.settings["seed"]
        return self.platform.entropy() % 1000000000

    def beep(self, freq, ms):
        if self.settings["sound"]:
            self.platform.beep(freq, ms)

    # notices ---------------------------------------------------------------
    def show_notices(self):
        """What the store set aside or deleted, one message each over what is on screen."""
        for note in self.store.notices:
            self.push(Message(self, label("notice"), note))
        del self.store.notices[:]
        self.wake()

    def button(self, b, ev, now):
        self.settle()  # the last input's save, before anything else reads or writes the store
        if now - self.last_input >= _NUDGE_MS:  # the picture stays where it is: its place becomes the base
            self.nudge = ((self.nudge >> 2) + (now - self.last_input) // _NUDGE_MS) % 4 * 5
        self.last_input = now
        bit = 1 << b
        if ev == buttons.PRESS:
            self.down |= bit
        elif ev == buttons.RELEASE:
            self.down &= ~bit
        if self.swallow & bit:
            # an alert came up under this press: its click was meant for the screen below
            if ev == buttons.RELEASE:
                self.swallow &= ~bit
                self.eat_click = b
            return
        if not self.display_on:
            if ev == buttons.PRESS:
                self.display_on = True
                self.waking = b
                self.redraw()
            return
        if self.waking == b:
            # the press that woke the display does nothing else, up to its release and click
            if ev == buttons.RELEASE:
                self.waking = _WAKE_NONE
                self.eat_click = b
            return
        if self.eat_click == b and ev == buttons.CLICK:
            self.eat_click = _WAKE_NONE
            return
        self.eat_click = _WAKE_NONE
        self.top.button(b, ev, now)

    def tick(self, now):
        # in two: a call whose frame outgrows the C stack's share puts it on the heap, and
        # the loop calls this every pass (device.py's Loop.collect says what that costs)
        top = self.stack[-1] if self.stack else None
        for screen in self.stack:
            if screen.tick(now) and screen is self.top:
                self.redraw()
        if self.store.notices:
            self.show_notices()
        if self.down and self.stack and self.stack[-1] is not top:
            self.swallow |= self.down
        # masked: a clock that wraps like ticks_ms (2**30) still puts the display to sleep
        self._since_input((now - self.last_input) & _TICKS_MASK)

    def _since_input(self, idle):
        """Sleep, the picture's nudge and the dimming, by the ms since the last input."""
        values = self.settings
        sleep_s = values["sleep_s"]
        if self.display_on and sleep_s and idle >= sleep_s * 1000 and not self.wants_awake():
            self.display_on = False
        nudge = ((self.nudge >> 2) + idle // _NUDGE_MS) & 3
        if nudge != self.nudge & 3:
            self.nudge = self.nudge & 12 | nudge
            self.redraw()
        # dimmed after dim_s idle (not daylight's, not under an alert): brightened by a press or an alert
        dim_s = values["dim_s"]
        if dim_s and idle >= dim_s * 1000 and values["contrast"] != _DAYLIGHT and not self.wants_awake():
            self.contrast = _DIM
        else:
            self.contrast = settings.contrast(values)

    def _over(self, canvas, nudge):
        """The battery's icon on Home's header, then the picture moved by nudge."""
        power = self.power  # the battery gauge (device.Loop sets it; core/battery.Power)
        if power is not None and len(self.stack) == 1:
            power.icon(canvas)  # its level in Home's header
        if nudge:  # 1: a pixel right, 2: right and down, 3: down
            dx = (nudge ^ (nudge >> 1)) & 1
            dy = nudge >> 1
            canvas.scroll(dx, dy)  # what it uncovers keeps its old pixels: cleared
            if dx:
                canvas.fill_rect(0, 0, dx, self.height, 0)
            if dy:
                canvas.fill_rect(0, 0, self.width, dy, 0)

    def wants_awake(self):
        """A screen may keep the display on (a running count, an alert)."""
        return getattr(self.top, "keep_awake", False)

    def wake(self):
        """Something needs the judge (an alert): turn the display on."""
        if not self.display_on:
            self.display_on = True
            self.redraw()

    def render(self, canvas):
        rows, self.rows = self.rows, None
        nudge = self.nudge & 3
        if self.dirty or (nudge and rows is not None):  # rows over a moved picture: all of it again
            canvas.fill(0)
            self.top.draw(canvas)
            if nudge or self.power is not None:
                self._over(canvas, nudge)
            self.dirty = False
        elif rows is not None:
            self.top.draw(canvas, rows)
        else:
            return False
        return True
