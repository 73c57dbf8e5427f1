"""Number pickers (Settings, table dice), imported where needed: the boot heap does not hold them."""
from dicebox import buttons
from dicebox.ui import draw, text
from dicebox.ui.app import Screen
from dicebox.ui.lang import label


class NumberPicker(Screen):
    """Pick an int lo..hi with UP/DOWN (held: repeats, then by tens), OK takes it; up to 100 values
    it wraps round, a wider range (minutes 1..600) stops at its ends, which are not one press apart."""

    stays = False  # True: OK hands the value on with the picker still on top (the next screen replaces it)

    def __init__(self, app, title, value, lo, hi, on_done, label=None, fmt=None):
        Screen.__init__(self, app)
        self.title = title
        self.value = min(hi, max(lo, value))
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.label = label
        self.fmt = fmt
        self.repeats = 0

    def button(self, b, ev, now):
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.repeats = self.repeats + 1 if ev == buttons.REPEAT else 0
            step = self.fast_step() if self.repeats > 4 else 1
            span = self.hi - self.lo + 1
            delta = step if b == buttons.UP else -step
            if span > 100:
                self.value = min(self.hi, max(self.lo, self.value + delta))
            else:
                self.value = self.lo + (self.value - self.lo + delta) % span
            self.app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if not self.stays:
                self.app.pop()
            self.on_done(self.value)
        else:
            Screen.button(self, b, ev, now)

    def fast_step(self):
        # held long: big ranges (2d10, seeds) move by tens
        return 10 if self.hi - self.lo >= 40 else 1

    def draw(self, c):
        draw.header(c, self.title)
        if self.label:
            text.draw_center(c, self.label, 12)
        shown = self.fmt(self.value) if self.fmt else str(self.value)
        font = text.BIG if len(shown) <= 6 and all("0" <= ch <= "9" or ch in "+-" for ch in shown) else text.MEDIUM
        text.draw_center(c, shown, 24 if font is text.BIG else 30, font)
        text.draw(c, "%d..%d" % (self.lo, self.hi), 1, 56)


class DigitPicker(Screen):
    """Enter a number digit by digit: UP/DOWN change the digit, OK moves on, BACK moves back."""

    def __init__(self, app, title, value, digits, on_done):
        Screen.__init__(self, app)
        self.title = title
        self.digits = [int(ch) for ch in ("%0*d" % (digits, value))[-digits:]]
        self.pos = 0
        self.on_done = on_done

    def button(self, b, ev, now):
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.digits[self.pos] = (self.digits[self.pos] + (1 if b == buttons.UP else -1)) % 10
            self.app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if self.pos + 1 < len(self.digits):
                self.pos += 1
                self.app.redraw()
            else:
                value = 0
                for d in self.digits:
                    value = value * 10 + d
                self.app.pop()
                self.on_done(value)
        elif b == buttons.BACK and ev == buttons.CLICK:
            if self.pos:
                self.pos -= 1
                self.app.redraw()
            else:
                self.app.pop()

    def draw(self, c):
        draw.header(c, self.title)
        n = len(self.digits)
        adv = text.MEDIUM.advance
        x0 = (128 - n * adv) // 2
        for i in range(n):
            x = x0 + i * adv
            text.draw(c, str(self.digits[i]), x, 22, text.MEDIUM)
            if i == self.pos:
                c.fill_rect(x, 40, adv - 2, 2, 1)
        text.draw_center(c, label("expr_hint"), 55)
