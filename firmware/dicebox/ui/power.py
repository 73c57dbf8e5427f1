"""The battery's warnings and the stop at empty (core/battery.py's stages) over any screen, as a
wound alert comes; loaded for Power.tick's call only."""
from dicebox.core import battery
from dicebox.ui import draw, text
from dicebox.ui.app import Message, Screen
from dicebox.ui.lang import table_label

# "\nkey\tlabel" a label (ui/lang.py's way); Russian in power_ru.py, in this order
_TABLE = (
    "\nlow\tBattery low"
    "\nlow_note\t%d%% left. Swap the batteries soon: all is saved as you go."
    "\ncritical\tBattery critical"
    "\ncritical_note\t%d%% left. Swap them now: the box stops soon, all saved."
    "\nempty\tBattery empty"
    "\nsaved\tall saved"
    "\nswap\tFresh batteries:"
    "\nswap2\tall as it was"
    "\n"
)


def power_label(key):
    return table_label(key, _TABLE, "dicebox.ui.power_ru")


def warn(app, stage):
    """Say stage (battery.LOW, CRITICAL) once over any screen; at DEAD, stop."""
    if stage == battery.DEAD:
        return stop(app)
    power = app.power
    level = power.gauge.level if power is not None else 0
    key = "low" if stage == battery.LOW else "critical"
    msg = Message(app, power_label(key), power_label(key + "_note") % max(0, level))
    msg.keep_awake = True  # as a wound alert: the panel stays on until it is read
    app.push(msg)
    app.beep(1200, 300)
    app.wake()


def stop(app):
    """Every pending save settled, the tasks' clocks written, then no more writes: a save torn by a
    dying battery cannot happen, and the next power-on resumes all from the flash."""
    app.settle()
    store = app.store
    job = store.unsaved_save
    if job is not None:
        store.unsaved_save = None
        try:
            job[0](*job[1])
        except (OSError, MemoryError):
            pass  # the fight stays as last saved, whole
    home = app.stack[0] if app.stack else None
    for task in getattr(home, "tasks", ()):
        try:
            task.suspend()  # a wound session's clock, to the second
        except (OSError, MemoryError):
            pass
    if home is not None:
        home.tasks = []  # nothing ticks, saves or rings any more
    store.frozen = True
    app.push(Empty(app))
    app.wake()


class Empty(Screen):
    """The last screen until the power goes: every button does nothing."""

    keep_awake = True  # said until the batteries give out
    def button(self, b, ev, now):
        pass

    def draw(self, c):
        draw.header(c, power_label("empty"))
        saved = power_label("saved")
        text.draw_center(c, saved, 20, text.MEDIUM if text.width(saved, text.MEDIUM) <= draw.WIDTH - 4 else text.SMALL)
        text.draw_center(c, power_label("swap"), 42)
        text.draw_center(c, power_label("swap2"), 52)
