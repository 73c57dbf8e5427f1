"""Every screen of every mode, in English and Russian, at the worst values a
real box shows (9-digit seeds, 12-character names, two-digit health, rounds and
counts): no text leaves the glass or its bar, no two runs overlap or run
together, big digits keep clear of words (tests/support/layout.py).

The walk: every docs/scripts session (the screens the docs show) in both
languages, worst-case sessions of the screens whose numbers grow (layout_cases.txt),
and a seeded random walk through every mode. Together they must reach every
Screen class the firmware defines."""
import inspect
import atexit
import json
import os
import pkgutil
import shutil
import tempfile

import pytest

import host_sim  # noqa: F401  (firmware on sys.path)
from dicebox import buttons as B
from dicebox import ui as _ui
from host_sim import script
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store

from support import layout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "docs", "scripts")
SEED = 987654321  # nine digits, as the hardware draws them
SEED_BYTES = SEED.to_bytes(4, "big")
WALK_PRESSES = 2500

# Screens no walk opens, each with its reason
NOT_WALKED = {
    "Screen": "the base class",
    "FightScreen": "the base of the fight screens",
    "_SetUp": "the base of the arena set-ups",
    "SetUpMarker": "draws nothing: uncovered, it puts the arena set-up back in its place",
}

_seen = {}  # screen class -> frames, over every walk of this module
_problems = {}  # problem kind -> message, over every walk


def device(lang, store=None):
    store = store or memory_store()
    values = dict(store.settings())
    values["lang"] = lang
    store.save_settings(values)
    own = tempfile.mkdtemp(prefix="dicebox-layout-own-")  # an own fighter's card, made in a walk
    atexit.register(shutil.rmtree, own, True)
    return Device(store=store, platform=Platform(SEED_BYTES, own_dir=own))


def checked(dev, where):
    checker = layout.Checker(dev)
    checker.where = where
    return checker


# Latin on a Russian screen, allowed: the codes printed on a Title Bout card
# (the referee reads them off it), dice as written (d6, 2d6+1), the names of
# fighters (cards, the arena's roster), the language's own name, and the
# transcript (the record's log, English as on the host: docs/rules/ui-text.md)
CARD_CODES = {"CF", "PL", "AGG", "KI", "HP", "KD", "KDR1", "KOR", "dicebox"}
LATIN_OK_SCREENS = {"Transcript", "NameEditor"}  # the record's log; a name's letters


def names():
    import json

    from dicebox.arena import roster as arena_roster

    out = {"English"}
    folder = os.path.join(ROOT, "firmware", "data", "titlebout", "fighters")
    for n in os.listdir(folder):
        with open(os.path.join(folder, n), encoding="utf-8") as f:
            out.update(json.load(f)["name"].split())
    for name, _ in arena_roster.DEFAULTS:
        out.add(name)
    from dicebox.arena import story as arena_story

    for name, _ in arena_story.CAST:  # the story mode's rivals
        out.add(name)
    out.add("II")  # a rival of a roster fighter's name: "Pip II"
    return out


def latin_problems(checker):
    import re

    allowed = names() | CARD_CODES
    own = checker.device.platform.own_dir
    for n in os.listdir(own) if os.path.isdir(own) else ():
        with open(os.path.join(own, n), encoding="utf-8") as f:
            allowed.update(json.load(f)["name"].split())  # an own fighter, named in the walk
    for word, where in checker.latin.items():
        if where.startswith("Builder:"):
            allowed.add(word)  # a name being made (the arena's fighter builder)
    bad = []
    for word, where in sorted(checker.latin.items()):
        screen = where.split(":", 1)[0]
        if screen in LATIN_OK_SCREENS or word in allowed or re.match(r"^[0-9]*d[0-9%]+$", word):
            continue
        if any(n.startswith(word) for n in allowed):  # a name cut short to fit ("Antuof"), an initial on the grid
            continue
        bad.append("Latin %r on a Russian screen: %s" % (word, where))
    return bad


def collect(checker, latin=False):
    checker.close()
    for name, n in checker.screens.items():
        _seen[name] = _seen.get(name, 0) + n
    _problems.update(checker.problems)
    return checker.report() + (latin_problems(checker) if latin else [])


class AnyOf(str):
    """A `choose` label that also matches its translation: a docs script chooses
    rows by the labels of the language it set, and here it may run in the other."""

    def __new__(cls, label):
        from dicebox.ui import lang, lang_ru

        from dicebox.titlebout import text as titlebout_text
        from dicebox.titlebout import text_ru as titlebout_text_ru

        pairs = list(zip([r.split("\t")[1] for r in lang._TABLE[1:-1].split("\n")], lang_ru.LABELS)) + list(zip([r.split("\t")[1] for r in titlebout_text._TABLE[1:-1].split("\n")], titlebout_text_ru.LABELS))
        from dicebox.arena import text as arena_text
        from dicebox.arena import text_ru as arena_text_ru

        pairs += list(zip([r.split("\t")[1] for r in arena_text._TABLE[1:-1].split("\n")], arena_text_ru.LABELS))

        def both(word):
            for en, ru in pairs:
                if word in (en, ru):
                    return (en, ru)
            return (word,)

        self = str.__new__(cls, label)
        if ": " in label:  # a setting's row: "Language: English"
            name, value = label.split(": ", 1)
            self.names = {a + ": " + b for a in both(name) for b in both(value)}
        else:
            self.names = set(both(label))
        return self

    def __eq__(self, other):
        return other in self.names

    __hash__ = str.__hash__


class Rand:
    def __init__(self, seed):
        self.s = seed

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def random_walk(dev, presses, seed):
    r = Rand(seed)
    for _ in range(presses):
        top = dev.app.top
        k = r.below(100)
        if type(top).__name__ == "Home" and k < 50:
            for _ in range(r.below(len(top.items))):
                dev.press(B.DOWN)
            dev.press(B.OK)
        elif k < 35:
            dev.press(B.OK)
        elif k < 60:
            dev.press(B.DOWN)
        elif k < 72:
            dev.press(B.UP)
        elif k < 88:
            dev.press(B.BACK)
        elif k < 95:
            dev.press(B.OK, 900)
        elif k < 97:
            dev.press(B.BACK, 900)
        else:
            dev.wait(100 + r.below(4000))


def docs_scripts():
    return sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".txt"))


def docs_runs():
    """Each script in both languages; one that sets Russian itself (-ru) as written."""
    return [(n, lang) for n in docs_scripts() for lang in ("en", "ru") if lang == "en" or not n.endswith("-ru.txt")]


@pytest.mark.parametrize("name,lang", docs_runs())
def test_docs_sessions_lay_out(name, lang):
    with open(os.path.join(SCRIPTS, name), encoding="utf-8") as f:
        steps = script.parse(f.read(), name)
    steps = [(s[0], AnyOf(s[1]), s[2]) if s[0] == "choose" else s for s in steps]
    dev = device(lang)
    checker = checked(dev, name)
    script.run(dev, steps)
    problems = collect(checker, latin=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_worst_cases_lay_out(lang):
    with open(os.path.join(os.path.dirname(__file__), "layout_cases.txt"), encoding="utf-8") as f:
        steps = script.parse(f.read(), "layout_cases.txt")
    steps = [(s[0], AnyOf(s[1]), s[2]) if s[0] == "choose" else s for s in steps]
    dev = device(lang)
    checker = checked(dev, "layout_cases.txt")
    script.run(dev, steps)
    problems = collect(checker, latin=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bout_resumed_before_its_roll_off_lays_out(lang):
    """The roll-off picker a resumed bout owes the table (AGG tie, table dice):
    a power-on opens it from the saved record."""
    from dicebox.core import record

    first = device(lang)
    script.run(first, [("choose", AnyOf("Title Bout"), "bout"), ("choose", AnyOf("Start the bout"), "bout"), ("hold", 1 << B.OK, 900)])
    rec = record.loads(first.store.current())
    rec.inputs[:] = []
    rec.dice[:] = []
    store = memory_store()
    values = dict(store.settings())
    values["dice_source"] = "table"
    store.save_settings(values)
    store.save_current(rec.dumps())
    dev = device(lang, store)
    checker = checked(dev, "resumed bout")
    dev.app.redraw()
    dev.wait(100)
    assert type(dev.app.top).__name__ == "NumberPicker" and dev.app.top.stays  # the roll-off's
    dev.press(B.UP)
    problems = collect(checker, latin=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scoresheet_round_with_every_mark_lays_out(lang):
    """Both corners' round 1 at its widest: two-digit points, two knockdowns,
    two cuts and points off for fouls ("10 D2C2F-12" beside its rival's)."""
    from dicebox.titlebout import rules as tb

    dev = device(lang)
    steps = [("choose", AnyOf("Title Bout"), "bout"), ("choose", AnyOf("Start the bout"), "bout")]
    steps += [("hold", 1 << B.OK, 900)] * 12 + [("hold", 1 << B.OK, 80), ("wait", 300)]
    script.run(dev, steps)
    assert type(dev.app.top).__name__ == "Scoresheet"
    g = dev.app.top.game
    for side in (0, 1):
        g.score[side][0] = 10
        for k, n in ((tb.SHEET_DOWN, 2), (tb.SHEET_CUT, 2), (tb.SHEET_FOUL, 3), (tb.SHEET_OFF, 12)):
            g.sheet[side * 4 + k] = n
    for _ in range(20):
        dev.press(B.UP)  # round 1 at the top
    checker = checked(dev, "scoresheet marks")
    dev.app.redraw()
    dev.wait(100)
    problems = collect(checker, latin=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bout_of_an_own_fighter_with_the_longest_name_lays_out(lang):
    """An own fighter named with all 16 letters the editor takes, rated, saved
    and boxed to the end: the box asks his punches, the end screen, the
    scoresheet, History and the transcript name him."""
    dev = device(lang)
    checker = checked(dev, "own fighter")
    steps = [("choose", AnyOf("Title Bout"), "bout"), ("hold", 1 << B.OK, 80)]
    steps += [("hold", 1 << B.DOWN, 80)] * 5 + [("hold", 1 << B.OK, 80)]  # Red: own card
    steps += [("hold", 1 << B.OK, 80)] * 15 + [("hold", 1 << B.OK, 900)]  # 16 letters, then the name ends
    steps += [("hold", 1 << B.OK, 80)] * 7  # his seven ratings as the pickers start
    steps += [("choose", AnyOf("Start the bout"), "bout")]
    script.run(dev, steps)
    red = "Red" if lang == "en" else "Красный"  # the editor starts on the corner's name, adds "a" ("а")
    assert dev.app.top.game.fighters[0].name == red + ("a" if lang == "en" else "\u0430") * (16 - len(red))
    for _ in range(3000):
        if type(dev.app.top).__name__ == "Scoresheet":
            break
        dev.press(B.OK)
    assert type(dev.app.top).__name__ == "Scoresheet"
    script.run(dev, [("hold", 1 << B.BACK, 80), ("hold", 1 << B.BACK, 80), ("choose", AnyOf("History"), "bout"),
                     ("hold", 1 << B.OK, 80)])
    assert type(dev.app.top).__name__ == "Transcript"
    problems = collect(checker, latin=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_paused_timers_notice_lays_out(lang):
    """A boot without a clock chip after a wound session ran: the notice, then
    the time-off picker at its widest (23:59)."""
    from test_larp_ui import start_session, wound

    from dicebox.larp import common as larp

    first = device(lang)
    start_session(first)
    wound(first, 12, larp.HEAVY)
    first.wait(12000)
    dev = device(lang, first.store)
    checker = checked(dev, "paused timers")
    dev.wait(100)
    assert type(dev.app.top).__name__ == "PausedScreen"
    dev.app.redraw()
    dev.press(B.OK)
    assert type(dev.app.top).__name__ == "_OffPicker"
    dev.hold(1 << B.UP, 20000)  # held: fast, to the end of the day
    assert dev.app.top.value >= 600, dev.app.top.value
    problems = collect(checker, latin=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_battery_warnings_and_its_stop_lay_out(lang):
    """A battery drained on Home: the low and critical warnings, then the stop."""
    store = memory_store()
    values = dict(store.settings())
    values["lang"] = lang
    store.save_settings(values)
    dev = Device(store=store, platform=Platform(SEED_BYTES), battery="3xAA-alkaline")
    checker = checked(dev, "battery")
    seen = []
    for mv in (4500, 3250, 3000, 2600):  # full, under 20 %, under 10 %, empty
        dev.vsys = mv
        dev.wait(60000)  # the gauge's filter settles
        seen.append(type(dev.app.top).__name__)
        if seen[-1] == "Message":
            dev.press(B.OK)
    assert seen[-1] == "Empty" and seen.count("Message") == 2, seen
    problems = collect(checker)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_random_walk_lays_out(lang):
    dev = device(lang)
    checker = checked(dev, "random walk")
    random_walk(dev, WALK_PRESSES, 7 if lang == "en" else 11)
    problems = collect(checker)
    assert not problems, "\n".join(problems)


def firmware_screens():
    from dicebox.ui.app import Screen

    names = set()
    for pkg in ("ui", "dice", "titlebout", "larp", "arena"):
        path = [os.path.join(os.path.dirname(_ui.__path__[0]), pkg)]
        for mod in pkgutil.iter_modules(path):
            module = __import__("dicebox.%s.%s" % (pkg, mod.name), fromlist=["x"])
            for name, obj in inspect.getmembers(module, inspect.isclass):
                if issubclass(obj, Screen) and obj.__module__ == module.__name__:
                    names.add(name)
    return names


def test_the_walks_reach_every_screen():
    """Last in this module: every Screen class met by the walks above."""
    if not _seen:
        pytest.fail("run with the walks above (the whole module)")
    missing = sorted(n for n in firmware_screens() if n not in _seen and n not in NOT_WALKED)
    assert not missing, "no walk showed %s" % missing
