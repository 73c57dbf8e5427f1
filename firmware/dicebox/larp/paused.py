"""The notice after a boot with no clock for the time off (the session's timers stood still, for
how long the box cannot tell): the judge adds it, or not. Apart from the tracker's screens, with
labels of its own: it comes up in any mode, the session asleep."""
from dicebox import buttons
from dicebox.ui import draw, text
from dicebox.ui.app import Screen
from dicebox.ui.lang import LANG
from dicebox.core.clock import SESSION_MAX
from dicebox.ui.pickers import NumberPicker

_TITLE = ("Wound timers paused", "Таймеры стояли")
_BODY = ("The box was off: for how long it cannot know (no clock chip).",
         "Прибор был выключен: на сколько, он не знает (нет часов).")
_KEYS = ("OK: add time off", "ОК: добавить время")
_NONE = ("BACK: add none", "НАЗАД: не добавлять")
_PICK = ("Time off", "Время простоя")
_MAX_MIN = 1440  # a day of the game


def _ru():
    return 1 if LANG[0] == "ru" else 0


def _hm(minutes):
    return "%d:%02d" % (minutes // 60, minutes % 60)


class _OffPicker(NumberPicker):
    """Hours:minutes off, by the minute (held: by ten)."""

    def draw(self, c):
        NumberPicker.draw(self, c)
        c.fill_rect(0, 55, draw.WIDTH, 9, 0)
        text.draw(c, "0:00..%s" % _hm(self.hi), 1, 56)


class PausedScreen(Screen):
    keep_awake = True

    def __init__(self, app, task):
        Screen.__init__(self, app)
        self.task = task

    def button(self, b, ev, now):
        if ev != buttons.CLICK:
            return
        app = self.app
        if b == buttons.OK:
            app.pop()
            app.push(_OffPicker(app, _PICK[_ru()], 0, 0, _MAX_MIN, self._add, None, _hm))
        elif b == buttons.BACK:
            app.pop()

    def _add(self, minutes):
        add_time(self.task, minutes * 60000)

    def draw(self, c):
        ru = _ru()
        draw.header(c, _TITLE[ru])
        lines = draw.wrap(_BODY[ru])
        for i in range(min(3, len(lines))):
            text.draw(c, lines[i], 1, 12 + i * 9)
        text.draw(c, _KEYS[ru], 1, 45)
        text.draw(c, _NONE[ru], 1, 55)


def add_time(task, ms):
    """The judge's time off (the box had no clock for it): the session clock
    jumps; timers due meanwhile escalate at their own session ms."""
    if task.clock is None:
        task.resume_ms = min(task.resume_ms + ms, SESSION_MAX)
    else:
        task.clock.ms = min(task.clock.ms + ms, SESSION_MAX)


def ring(task):
    """At the first tick after a boot that could not count the time off (the
    session asleep or awake: timer.py, tracker.py): the notice."""
    task.paused = False
    app = task.app
    app.wake()
    app.push(PausedScreen(app, task))
