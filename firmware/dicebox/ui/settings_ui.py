"""Settings: each row shows its value; OK changes it (cycles, or opens a picker)."""
from dicebox import settings
from dicebox.core.compat import const
from dicebox.ui import draw, text
from dicebox.ui.app import Menu
from dicebox.ui.pickers import DigitPicker, NumberPicker
from dicebox.ui.lang import label

_SLEEP_STEPS = const((0, 15, 30, 60, 120, 300, 600))
_DIM_STEPS = const((0, 5, 10, 20, 30, 60))
_DAYLIGHT = const(5)  # the last brightness (settings.py): shown as a word


class SettingsScreen(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, label("settings"), [])
        self.build()

    def _value_text(self, name):
        v = self.app.settings[name]
        if name == "seed":
            return str(v)
        if name in ("sleep_s", "dim_s"):
            return label("never") if v == 0 else "%d %s" % (v, label("sec"))
        if name == "sound":
            return label("on") if v else label("off")
        if name == "contrast":
            return label("daylight") if v == _DAYLIGHT else "%d/4" % v
        return label(v)

    def build(self):
        items = []
        for name, default, allowed in settings.SPEC:
            if name == "seed" and self.app.settings["seed_source"] != "fixed":
                continue
            row = "%s: %s" % (label("fixed_seed") if name == "seed" else label(name), self._value_text(name))
            if name == "seed" and text.width(row) > draw.WIDTH - 5:
                # a nine-digit seed after "Fixed seed: " runs off the glass, its last
                # digit lost (a referee reads it to replay a fight): the short label
                row = "%s: %s" % (label("seed"), self._value_text(name))
            items.append((row, self._changer(name, allowed)))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)

    def _set(self, name, value):
        values = dict(self.app.settings)
        values[name] = value
        self.app.apply_settings(values)
        self.title = label("settings")
        self.build()

    def _changer(self, name, allowed):
        def change():
            v = self.app.settings[name]
            if allowed is bool:
                self._set(name, not v)
            elif isinstance(allowed, tuple) and isinstance(allowed[0], str):
                self._set(name, allowed[(allowed.index(v) + 1) % len(allowed)])
            elif name == "seed":
                self.app.push(DigitPicker(self.app, label("fixed_seed"), v, 9, lambda x: self._set(name, x)))
            elif name in ("sleep_s", "dim_s"):
                steps = _SLEEP_STEPS if name == "sleep_s" else _DIM_STEPS
                i = steps.index(v) if v in steps else 0
                self._set(name, steps[(i + 1) % len(steps)])
            elif name == "contrast":
                self._set(name, v % _DAYLIGHT + 1)  # 1, 2, 3, 4, daylight, 1: seen on the panel as it changes
            else:
                self.app.push(NumberPicker(self.app, label(name), v, allowed[0], allowed[1], lambda x: self._set(name, x)))

        return change

    def resumed(self):
        self.build()
