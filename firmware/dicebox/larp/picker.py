"""The LARP pickers' participant number, his name under it: apart from menu.py, so that opening
the LARP menu does not load the pickers."""
from dicebox import buttons
from dicebox.ui import draw, text
from dicebox.larp.menu import larp_label
from dicebox.ui.pickers import NumberPicker


class ParticipantPicker(NumberPicker):
    """A participant number with his name under it; UP/DOWN (held: fast), OK takes it.
    lo 0 offers "not on the tracker"."""

    def __init__(self, app, title, value, lo, hi, on_done, name_of=None, on_back=None):
        NumberPicker.__init__(self, app, title, value, lo, hi, on_done)
        self.name_of = name_of
        self.on_back = on_back  # BACK: called after the picker closes

    def button(self, b, ev, now):
        NumberPicker.button(self, b, ev, now)
        if b == buttons.BACK and ev == buttons.CLICK and self.on_back is not None:
            self.on_back()

    def fast_step(self):
        return 5

    def draw(self, c):
        draw.header(c, self.title)
        v = self.value
        text.draw_center(c, str(v) if v else "-", 14, text.BIG)
        if v == 0:
            name = larp_label("not_listed")
        else:
            name = self.name_of(v) if self.name_of else ""
        text.draw_center(c, name, 46)
        text.draw(c, "%d..%d" % (self.lo, self.hi), 1, 56)
