"""A fight on the device: its record, the game replayed from it, saving, undo, the table's dice.
The record is saved whole after every input, once its frame is shown (App.later): the dice come
from the seed, so an input a power cut takes before its save is the same roll when pressed again."""
import sys

from dicebox.core import dice as _dice
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox import drop_new


class Session:
    def __init__(self, app, rec, table_ok=True, set_up=0):
        self.app = app
        self.rec = rec
        self.set_up = set_up  # first inputs that only set the fight up: with no more, it is not kept
        # table_ok False: the box always rolls (a secret deal must not come from the table)
        self.ask = table_ok and app.settings["dice_source"] == "table" and rec.ruleset != "dice"
        try:
            self.game = _record.replay(rec, ask=self.ask)
        except _dice.NeedDie:
            if not rec.inputs:
                raise  # a new fight's set-up roll: the mode asks the table for it
            # begun with the box's dice before Settings said "table dice": it goes on with them
            self.ask = False
            self.game = _record.replay(rec)
        self.built = 0  # games rebuilt from the record (undo, table dice): screens compare it
        self.need = None  # NeedDie: the die the players must roll before `pending` goes in
        self.pending = None
        if not rec.inputs and app.store.has_current():
            # a new fight (or one saved before a restart): another still in current.json is kept
            from dicebox import call_once

            call_once("dicebox.ui.unfinished", "save_current", app, rec)

    @property
    def over(self):
        return self.game.result() is not None

    def give(self, value):
        """One input. Returns True if it went in; False if a die must be entered first (see need)."""
        rec = self.rec
        rec.inputs.append(value)
        try:
            _record.feed(self.game, rec, len(rec.inputs) - 1)
        except _dice.NeedDie as need:
            # apply() stopped midway: rebuild from the record without this input
            rec.inputs.pop()
            self.game = self._rebuilt(_record.replay, rec)
            self.need = need
            self.pending = value
            return False
        except RecordError:
            rec.inputs.pop()
            self.game = self._rebuilt(_record.replay, rec)
            raise
        self.need = None
        self.pending = None
        if self.kept():
            self.save()
        return True

    def kept(self):
        """True once the fight holds more than its set-up: only then is it saved, kept and resumed."""
        return len(self.rec.inputs) > self.set_up

    def enter_die(self, value):
        """The players' roll for `need`; then the pending input is tried again."""
        self.rec.dice.append(value)
        self.need = None
        return self.give(self.pending)

    def undo(self):
        if not self.rec.inputs:
            return False
        self.rec, self.game = self._rebuilt(_record.undone, self.rec)
        self.need = None
        self.pending = None
        if self.kept():
            self.save()
        else:
            self.abandon()  # nothing played is left: a power cut must not resume it
        return True

    def _rebuilt(self, build, rec):
        """build(rec, ask): the game again once the old one is dropped (two Title Bout games did not fit
        the heap; screens keep no game: `built` tells them); code a build loads goes again at once."""
        self.game = None
        self.built += 1
        loaded = tuple(sys.modules)
        try:
            return build(rec, self.ask)
        finally:
            drop_new(loaded)

    saved = False  # True while current.json holds the record as it is (ui/unfinished.py copies it)

    def save(self):
        self.saved = False
        self.app.later(self._save)

    def _save(self):
        self.app.store.save_current("", self.rec.parts())  # in pieces: no block the record's size
        self.saved = True

    def finish(self, summary):
        """Into History (a small procedure joins its mode's entry), the unfinished-fight slot cleared,
        after the last input's own save: all once the frame is on the panel (App.later)."""
        app = self.app
        save, app.saving = app.saving, None
        rec = self.rec
        store = app.store

        def file():
            if save is not None:
                save()
            store.add_history("", summary, rec.parts(), False, rec.ruleset)  # the store folds the small
            store.clear_current()

        app.later(file)


    def abandon(self):
        self.app.settle()
        self.saved = False
        self.app.store.clear_current()
