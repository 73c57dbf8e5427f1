"""A small App with the real contract (ui/app.py's App, ui/home.py's boot and
close), for proving the board plumbing apart from the UI: OK rolls a d6 into
a record that is saved after every input (resumed at boot), UP/DOWN change
contrast, idle sleep after settings sleep_s, a beep per roll. It shows the
roll count and the last value."""
from dicebox import buttons as B
from dicebox import settings as S
from dicebox.core import record as R


class App:
    def __init__(self, store, platform, width=128, height=64):
        self.store = store
        self.platform = platform
        self.display_on = True
        self.contrast = 160
        self.dirty = True  # dirty, rows: whether render() has anything to draw (device.Loop.show reads them)
        self.rows = None
        self.last_input = 0
        self.woke = -1
        self.notes = []

    def button(self, b, ev, now):
        self.last_input = now
        if not self.display_on:
            if ev == B.PRESS:
                self.display_on = True
                self.woke = b
                self.dirty = True
            return
        if self.woke == b:
            if ev == B.CLICK:
                self.woke = -1
            return
        if ev == B.CLICK and b == B.OK:
            self.rec.inputs.append("d6")
            R.feed(self.game, self.rec, len(self.rec.inputs) - 1)
            self.store.save_current(self.rec.dumps())
            self.platform.beep(880, 30)
            self.dirty = True
        elif ev == B.CLICK and b in (B.UP, B.DOWN):
            self.contrast = 255 if b == B.UP else 16
        elif ev == B.LONG and b == B.BACK:
            raise RuntimeError("test fault")

    def tick(self, now):
        s = self.settings["sleep_s"]
        if self.display_on and s and now - self.last_input >= s * 1000:
            self.display_on = False

    def redraw(self):
        self.dirty = True

    def settle(self):
        pass  # no saves here

    def render(self, c):
        if not self.dirty:
            return False
        self.dirty = False
        c.fill(0)
        c.text("rolls %d" % len(self.rec.inputs), 0, 0, 1)
        c.text("total %d" % self.game.total, 0, 16, 1)
        if self.notes:
            c.text("notice", 0, 32, 1)
        return True


# ui/home.py's part of the contract: the loop boots the App and lets it go
def boot(app, now):
    app.settings = app.store.settings()
    app.contrast = S.CONTRAST_LEVELS[app.settings["contrast"] - 1]
    text = app.store.current()
    app.rec = R.loads(text) if text else R.Record("dice", {}, app.platform.entropy() % 1000000000)
    app.game = R.replay(app.rec)
    app.notes = list(app.store.notices)
    app.last_input = now


def close(app):
    pass
