"""The base of every mode's play screen. A mode overrides changed() (the game moved), finished()
and summary() (History's line), and may add progress() (Home's label for it left unfinished) and
kept(). Long BACK asks to undo; BACK from an unfinished fight asks first, so no stray press loses it."""
from dicebox import buttons
from dicebox.core import dice as _dice
from dicebox.core.log import ROLL
from dicebox.ui import lang
from dicebox.ui.app import Confirm, Screen
from dicebox.ui.lang import label
from dicebox.ui.session import Session


def _coin_label(v):
    return label("heads") if v == 1 else label("tails")


class FightScreen(Screen):
    TABLE_DICE = True  # False: the box rolls even when Settings say table dice
    SET_UP = 0  # first inputs that only set the fight up (a challenge answered): left with no more, it is not kept

    def __init__(self, app, rec, session=None):
        Screen.__init__(self, app)
        self.session = session or Session(app, rec, self.TABLE_DICE, self.SET_UP)
        self.done = self.session.over  # History already has it (resumed finished fights never reach here)

    @property
    def game(self):
        return self.session.game

    # inputs ---------------------------------------------------------------
    def give(self, value):
        """One input; True if it went in now, False if a table die is asked first."""
        if self.session.give(value):
            self._after()
            return True
        self._ask_die()
        return False

    def _ask_die(self):
        from dicebox.ui.pickers import NumberPicker  # only with table dice: heap most fights never need

        need = self.session.need
        lo, hi = _dice.span(need.die)
        fmt = _coin_label if need.die == _dice.COIN else None
        self.app.push(
            NumberPicker(
                self.app, "%s %s" % (label("roll_for"), _dice.name(need.die)), lo, lo, hi, self._die_given,
                self.reason(need.why), fmt,
            )
        )

    def reason(self, why):
        """The picker's line saying why the table rolls, in Russian through ui/why_ru.py (loaded only then)."""
        if lang.LANG[0] != "ru":
            return why
        from dicebox.ui import why_ru

        return why_ru.say(why, why_ru.names(self.game))

    def _die_given(self, value):
        if self.session.enter_die(value):
            self._after()
        else:
            self._ask_die()  # the same input needs another die

    def _after(self):
        self.changed()
        if not self.done and self.session.over:
            self.done = True
            self.finished()

    def changed(self):
        self.app.redraw()

    def finished(self):
        self.session.finish(self.summary())

    def finish_resumed(self):
        """A resumed fight saved finished whose History write the power cut: filed now, or Resume would
        offer it forever."""
        self.session.finish(self.summary())

    def summary(self):
        r = self.game.result() or {}
        winner = r.get("winner")
        return "%s %s %s" % (self.session.rec.ruleset, winner if winner is not None else "draw", r.get("method", ""))

    # undo and leaving -------------------------------------------------------
    def undo_note(self):
        """The dice rolled since the last input, for the undo's question (one OK may be a whole exchange)."""
        log = self.game.log
        n = 0
        for i in range(log.after_input(), len(log)):
            if log.entry(i)[0] == ROLL:
                n += 1
        return label("undo_rolls") % n if n else ""

    def undo(self):
        if self.done:
            return  # a finished fight is in History; undo belongs to a live one
        if self.session.undo():
            self.changed()

    def leave(self):
        if self.done or not self.session.kept():
            if not self.done:
                self.session.abandon()
            self.app.pop()
            return
        from dicebox import call_once  # kept under its label for Home's list (ui/unfinished.py)

        self.app.push(Confirm(self.app, label("leave_q"), label("leave_note"),
                              lambda: call_once("dicebox.ui.unfinished", "leave", self)))

    def button(self, b, ev, now):
        if b == buttons.BACK:
            if ev == buttons.LONG and not self.done and self.session.rec.inputs:
                self.app.push(Confirm(self.app, label("undo_q"), self.undo_note(), self.undo))
            elif ev == buttons.CLICK:
                self.leave()
