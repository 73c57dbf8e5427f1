"""The one list of modes (dicebox/modes.py): adding a mode is its folder and a line."""
import sys

import pytest

from dicebox import buttons as B
from dicebox import modes
from dicebox.core import record
from dicebox.core.game import RecordError
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store

# A toy mode: a coin tossed at each OK, five tosses a game; nothing else anywhere knows it.
TOY_RULES = '''
from dicebox.core.game import Game as _Game

RULESET = "toy"
OPTIONS = (("tosses", 5, (1, 9)),)


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.heads = self.tosses = 0

    def prompt(self):
        return None if self.tosses == self.options["tosses"] else ("toss", 0, 0)

    def apply(self, value):
        self.heads += self.dice.roll(2, "toss") == 1
        self.tosses += 1

    def result(self):
        if self.prompt() is None:
            return {"winner": None, "method": "heads %d" % self.heads}
        return None

    def state(self):
        return {"heads": self.heads, "tosses": self.tosses}
'''
TOY_SCREEN = '''
from dicebox import buttons as B
from dicebox.core import record
from dicebox.ui import draw
from dicebox.ui.fight import FightScreen


def start(app):
    return ToyScreen(app, record.Record("toy", seed=app.new_seed()))


def screen_for(app, rec):
    return ToyScreen(app, rec)


class ToyScreen(FightScreen):
    def draw(self, c):
        draw.header(c, "toy", str(self.game.tosses))

    def button(self, b, ev, now):
        if b == B.OK and ev == B.CLICK and not self.done:
            self.give(0)
        else:
            FightScreen.button(self, b, ev, now)
'''
TOY = ("toy", "toy", ("toy:rules",), "screen", "screen", (), None, None)


@pytest.fixture
def toy_mode(tmp_path, monkeypatch):
    """The toy's folder beside the games' (dicebox/toy/) and its line at the end of the list."""
    import dicebox

    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "rules.py").write_text(TOY_RULES)
    (folder / "screen.py").write_text(TOY_SCREEN)
    monkeypatch.setattr(dicebox, "__path__", list(dicebox.__path__) + [str(tmp_path)])
    monkeypatch.setattr(modes, "MODES", modes.MODES + (TOY,))
    yield
    for name in [n for n in sys.modules if n.startswith("dicebox.toy")]:
        del sys.modules[name]


def _home_rows(d):
    return [label for label, _ in d.app.stack[0].items]


def test_a_toy_mode_is_a_folder_and_a_line(toy_mode):
    store = memory_store()
    d = Device(store=store, platform=Platform(b"\x00\x00\x00\x03"))
    rows = _home_rows(d)
    assert rows.index("toy") == rows.index("History") - 1  # Home's row, after the games
    d.app.stack[0].sel = rows.index("toy")
    d.press(B.OK)
    assert type(d.app.top).__name__ == "ToyScreen"
    for _ in range(2):
        d.press(B.OK)
    assert d.app.top.game.tosses == 2
    d.press(B.BACK)  # leaving an unfinished fight asks first
    d.press(B.OK)
    d.app.settle()
    # kept unfinished, played again from Home's row for it, through the mode's screen_for
    assert len(store.unfinished()) == 1
    d2 = Device(store=store, platform=Platform(b"\x00\x00\x00\x03"))
    d2.app.stack[0].sel = 0
    d2.press(B.OK)
    assert type(d2.app.top).__name__ == "ToyScreen" and d2.app.top.game.tosses == 2
    for _ in range(3):
        d2.press(B.OK)
    d2.app.settle()
    assert d2.app.top.done and len(store.history()) == 1
    # its records are read by the same core as every game's
    rec = record.loads(store.history_record(store.history()[0][0]), "h1")
    assert rec.ruleset == "toy" and record.replay(rec).tosses == 5


def test_the_toy_modes_rule_set_is_known_to_records_only_through_its_line(toy_mode):
    assert "toy" in modes.rulesets() and modes.rules("toy").RULESET == "toy"
    assert record.start(record.Record("toy", {"tosses": 2}, 7)).options == {"tosses": 2}
    with pytest.raises(RecordError, match="tosses"):
        record.start(record.Record("toy", {"tosses": 10}, 7))


def test_a_rule_set_no_line_names_is_refused_with_the_known_ones():
    with pytest.raises(RecordError) as e:
        modes.rules("toy")
    assert str(e.value) == "ruleset: unknown 'toy' (known: %s)" % ", ".join(modes.rulesets())
    assert modes.rulesets() == sorted(["dice", "titlebout", "boxing", "duel", "shoot", "stealth", "wounds", "arena",
                                       "arena_cup", "arena_story"])


def test_every_line_names_modules_that_exist_and_fold_only_its_own_rule_sets():
    for mode in modes.MODES:
        for field in (modes.OPENS, modes.PLAYS):
            assert modes.load(modes.module(mode, field))
        for ruleset in modes.rulesets(mode):
            assert modes.rules(ruleset).RULESET == ruleset
            assert modes.mode_of(ruleset) is mode
        assert set(mode[modes.FOLDS]) <= set(modes.rulesets(mode))
    assert [m for m in modes.tasks()] == [("dicebox.larp.timer", "wounds.rec")]


def test_the_boot_check_runs_a_modes_check_only_while_its_files_are_there(monkeypatch):
    from dicebox.larp import journal
    from dicebox.store import Store

    seen = []
    monkeypatch.setattr(journal, "check", seen.append)  # loaded already: call_once finds this one
    store = memory_store()  # a power-on with a bare flash
    assert seen == []  # no LARP file: LARP's code stays off the boot
    store.write_text("wounds.clk", "1000")  # a leftover clock
    Store(store.root, store.os, store.open)  # the next power-on
    assert len(seen) == 1
