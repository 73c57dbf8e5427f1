"""Arena in Russian: every event the cores can log has a Russian line on the
fight screen (arena/words.py's table, its Russian in arena/words_ru.py), the rulings screen shows translated names
and values, and the Russian words load only while Russian is chosen."""
import re
import sys

from conftest import FIRMWARE
import pytest

import dicebox
from dicebox import buttons as B
from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.core.log import EVENT
from dicebox.core.record import Record
from dicebox.ui import home, lang, text
from dicebox.arena import edit as arena_edit
from dicebox.arena import words as arena_words
from host_sim.device import Device, Platform
from support.arena_events import events
from test_arena import A_BUILD, B_BUILD, INIT, both_fail, both_fail_ab, mine_at, play

# Forced-dice fights (the dice of tests/test_arena.py) that between them log
# every event name arena/rules.py has and all 20 random events.
FIGHTS = [(both_fail(n) + extra, 2, {}) for n, extra in (
    (1, [7]), (2, [20, 20, 1, 3]), (6, [2]), (8, [2, 1]), (9, []), (10, [3]), (16, [3]), (17, [1, 3]),
    (18, [2, 3]), (19, [1, 2]), (20, [8, 8, 3, 15]),
)] + [(both_fail_ab(n) + extra, 2, {"a": A_BUILD, "b": B_BUILD}) for n, extra in (
    (3, [7, 18, 2]), (4, [15, 10]), (5, [10, 15]), (12, [3, 9]), (13, [9, 3]), (14, [5, 7, 1, 2, 2]), (15, [7, 5]),
)] + [
    ([5, 5, 10, 5, 1, 1, 1, 20], 2, {}),  # initiative tie, re-rolled
    (INIT + both_fail(7)[2:] * 2, 3, {"crumble": "once"}),  # crumble, crumble_none
    (INIT + both_fail(7)[2:] * 4, 5, {}),  # both on the crumbled ends: ring-out tie
    (INIT + [1, 1, 19, 20, 19, 1, 3] + both_fail(7)[2:], 3, {}),  # ring-out by crumbling
    (INIT + both_fail(11)[2:] + [1, 5, 20, 1, 2], 3, {}),  # the switch: swap, knock, moved
    (both_fail(9) + [1, 1, 1, 20], 3, {}),  # cheat stuns a: a stunned test next
    (INIT + mine_at(7) + [5, 1, 10, 5, 1, 2, 2], 3, {}),  # mine blast
    (INIT + [1, 1, 1, 20] + mine_at(7, 16) + [5, 1, 10, 5, 1, 2, 3], 4, {}),  # crystal heals
    (INIT + [6, 1, 1, 20, 3] * 3, 4, {}),  # KO
    (INIT + [1, 1, 1, 20] * 10, 11, {"health": 20}),  # time
    (INIT + both_fail(11)[2:] * 10, 11, {}),  # time, equal health: tie
    (INIT + [1, 1, 20, 20, 6, 5, 11, 1], 2, {}),  # equal rolls: roll-off for lower
]
_no_space = INIT
for _s in (1, 2, 3, 6, 7, 8):
    _no_space = _no_space + mine_at(_s)
FIGHTS.append((_no_space + [1, 1, 19, 20, 1], 8, {"health": 20}))


def _emitted_names(path):
    """Every event name a core file logs: log.event("name", ...)."""
    return set(re.findall(r'log\.event\("(\w+)"', path.read_text(encoding="utf-8")))


def _is_russian(s):
    return any("\u0400" <= ch <= "\u04ff" for ch in s)


def _drawable(s):
    box = text.SMALL.index(0xFFFD)
    return [ch for ch in s if text.SMALL.index(ord(ch)) == box]


def _russian(say, *args):
    """say(*args) while Russian is chosen."""
    try:
        lang.set_lang("ru")
        return say(*args)
    finally:
        lang.set_lang("en")


def _said(game):
    """(name, a, English describe, Russian line) for each event game logged."""
    return [(name, a, game.describe(name, a, b, c), _russian(arena_words.say, game.names, name, a, b, c, face))
            for name, a, b, c, face in events(game)]


def test_every_event_the_duel_core_logs_has_a_russian_line():
    seen = set()
    events = set()
    for dice, steps, options in FIGHTS:
        game = play(dice, steps, **options)
        for name, a, english, russian in _said(game):
            seen.add(name)
            if name == "event":
                events.add(a)
            assert russian != english and _is_russian(russian), (name, russian)
            assert not russian.startswith(name + " "), (name, russian)  # not the fallback
            assert not _drawable(russian), (russian, _drawable(russian))
    assert seen == _emitted_names(FIRMWARE / "dicebox/arena/rules.py")
    assert events == set(range(1, 21))


def test_every_random_event_move_and_method_has_a_russian_name():
    keys = (["a%d" % n for n in range(1, len(arena.ATTACK) + 1)] + ["d%d" % n for n in range(1, len(arena.DEFEND) + 1)]
            + ["e%d" % n for n in range(1, 21)] + ["m%d" % n for n in range(1, len(arena.METHODS))] + ["i1", "i2"])
    sections = [arena_words.MOVES] * 12 + [arena_words.EVENTS] * 20 + [arena_words.ENDS] * (len(keys) - 32)
    english = [arena_words.in_english("\n%s\t" % k, n) for k, n in zip(keys, sections)]
    russian = [_russian(arena_words._word, "\n%s\t" % k, n) for k, n in zip(keys, sections)]
    assert all(english) and all(_is_russian(w) and not _drawable(w) for w in russian), russian
    assert len(set(russian[12:32])) == len(set(english[12:32])) == 20  # the random events
    assert english[32:37] == list(arena.METHODS[1:])  # a method's English is the record's code
    assert arena_words.in_english("\ne21\t", arena_words.EVENTS) is None and arena_words.in_english("\nm6\t", arena_words.ENDS) is None  # no more than the rules have


def test_every_tournament_event_has_a_russian_line():
    seen = set()
    fighters = [[n, [6, 6, 6, 6]] for n in "ABCD"]
    for seed in (15, 323):  # seed 323 ties three times: a roll-off (tests/test_arena_cup.py)
        rec = Record("arena_cup", {"fighters": fighters, "health": 1}, seed)
        game = record.start(rec)
        while game.prompt() is not None:
            rec.inputs.append(0)
            record.feed(game, rec, len(rec.inputs) - 1)
        for k in range(len(game.log)):
            kind, name, a, b, c = game.log.entry(k)
            if kind == EVENT and name in ("match", "cup_tie", "cup_rolloff", "advance", "champion"):
                english = game.describe(name, a, b, c)
                russian = _russian(arena_words.cup_say, game, name, a, b, c)
                assert russian != english and _is_russian(russian) and not _drawable(russian), russian
                seen.add(name)
    assert seen == _emitted_names(FIRMWARE / "dicebox/arena/cup.py")


def test_rulings_rows_are_labelled_and_translated():
    try:
        rows = {}
        for code in ("en", "ru"):
            lang.set_lang(code)
            for name, _, allowed in arena_edit.RULES:
                for v in ((False, True) if allowed is bool else allowed):
                    row = arena_edit.ruling(name, v)
                    assert len(row) <= 20 and not row.startswith(name) and not _drawable(row), row
                    rows[(code, name, v)] = row
        for (code, name, v), row in rows.items():
            if code == "ru":
                assert _is_russian(row) and row != rows[("en", name, v)]
        assert rows[("en", "stun", "harder")] == "Stun: target -1"
        assert rows[("ru", "share", True)] == "Мина+кристалл: можно"
        # every value of an option reads differently
        for code in ("en", "ru"):
            for name, _, allowed in arena_edit.RULES:
                vals = (False, True) if allowed is bool else allowed
                assert len({rows[(code, name, v)] for v in vals}) == len(vals)
    finally:
        lang.set_lang("en")


def test_rule_columns_line_up_with_their_keys():
    from test_lang import _column, _english

    en = _english(arena_edit, "dicebox.arena.edit")
    ru = _column(FIRMWARE / "dicebox/arena/edit_ru.py", "LABELS")
    keys = [k for _, k in en]
    assert keys == [k for _, k in ru]
    names = [o[0] for o in arena_edit.RULES]
    for name, _, allowed in arena_edit.RULES:
        vals = ("no", "yes") if allowed is bool else allowed
        assert all("%s=%s" % (name, v) in keys for v in vals) and name in keys
    assert len(keys) == len(names) + sum(2 if a is bool else len(a) for _, _, a in arena_edit.RULES)


# ---- on the box ---------------------------------------------------------------


def _device(code):
    d = Device(platform=Platform((5).to_bytes(4, "big")))
    d.app.settings["lang"] = code
    d.app.apply_settings(d.app.settings, save=False)
    d.app.top.build()  # Home: its labels in the language
    return d


def _choose(d, label):
    items = d.app.top.items
    for _ in range(len(items)):
        if items[d.app.top.sel][0].startswith(label):
            d.press(B.OK)
            return
        d.press(B.DOWN)
    raise AssertionError("no row %r in %r" % (label, [i[0] for i in items]))


@pytest.mark.parametrize("code", ("en", "ru"))
def test_a_duel_on_the_box_speaks_the_settings_language(code):
    for name in ("dicebox.arena.words", "dicebox.arena.words_ru", "dicebox.arena.edit_ru"):
        dicebox.forget(name)  # imported by this file's other tests: the box must load them itself
    try:
        d = _device(code)
        ru = code == "ru"
        _choose(d, "Арена" if ru else "Arena")
        _choose(d, "Поединок" if ru else "Duel")
        _choose(d, "Правила" if ru else "Rulings")
        rows = [label for label, _ in d.app.top.items]
        assert rows[0] == ("Оглушение: порог -1" if ru else "Stun: target -1")
        d.press(B.OK)  # cycles the stun ruling
        assert d.app.top.items[0][0] == ("Оглушение: бросок -1" if ru else "Stun: roll -1")
        d.press(B.OK)
        d.press(B.BACK)
        assert "dicebox.arena.edit_ru" not in sys.modules  # left with the rulings screen
        _choose(d, "Начать" if ru else "Start")
        fight = d.app.top
        assert type(fight).__name__ == "ArenaFight"
        d.press(B.OK, 900)  # long OK: to the end
        assert fight.done and fight.session.over
        words = fight.lines
        assert any(_is_russian(w) for w in words) == ru
        assert ("dicebox.arena.words_ru" in sys.modules) == ru
        said = "".join(fight.lines)
        assert all(not _drawable(w) for w in fight.lines), said
        history = d.app.store.history()[0][1]
        method = fight.game.method
        assert history.endswith(("нокаут", "ринг-аут", "по времени", "внезапная смерть", "по времени")[method - 1] if ru
                                else arena.METHODS[method])
        d.press(B.BACK)  # leave the fight: the set-up comes back, the fight's code goes
        assert "dicebox.arena.words" not in sys.modules and "dicebox.arena.words_ru" not in sys.modules
    finally:
        lang.set_lang("en")


# ---- why the table rolls (the table-dice picker) -------------------------------


def _roll_purposes(*names):
    """Every literal purpose the cores give dice.roll: roll(die, "why"), and
    through arena's helpers _d3("why") and _test(f, move, "why")."""
    out = set()
    pattern = r'(?:roll\([^,()]+, |_d3\(|_test\([^()]*, )"([^"]+)"\)'
    for name in names:
        out |= set(re.findall(pattern, (FIRMWARE / "dicebox" / name).read_text(encoding="utf-8")))
    return out


def test_every_roll_purpose_of_the_arena_and_larp_cores_reads_in_russian():
    from dicebox.ui import why_ru

    whys = _roll_purposes("arena/rules.py", "arena/cup.py", "larp/boxing.py", "larp/duel.py", "larp/shoot.py",
                          "larp/stealth.py", "larp/wounds.py")
    assert len(whys) >= 25 and "initiative a" in whys and "accuracy" in whys
    for why in whys:
        for names in (None, ("Frost", "Trickster12")):
            said = why_ru.say(why, names)
            assert said != why and _is_russian(said) and len(said) <= 21 and not _drawable(said), (why, said)
    assert why_ru.say("initiative b", ("Ash", "Blaze")) == "инициатива: Blaze"
    assert why_ru.say("2d6+3") == "2d6+3"  # a dice expression stays as it is


def test_every_title_bout_roll_purpose_reads_in_russian():
    import ast

    from dicebox.ui import why_ru

    # every W_ tuple of the source, private consts included (those leave no global)
    tree = ast.parse((FIRMWARE / "dicebox/titlebout/rules.py").read_text())
    whys = [w for node in tree.body if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "").lstrip("_").startswith("W_")
            for w in ast.literal_eval(node.value.args[0] if isinstance(node.value, ast.Call) else node.value)]
    assert len(whys) >= 24 and "AGG tie red 2d6" in whys
    for why in whys:
        said = why_ru.say(why)
        assert said != why and _is_russian(said) and len(said) <= 21 and not _drawable(said), (why, said)
    assert why_ru.say("red CF") == "красн. CF" and why_ru.say("blue cut chart") == "син. рассечение"


@pytest.mark.parametrize("code, line", [("en", "initiative a"), ("ru", "инициатива: Even")])
def test_the_table_dice_picker_says_why_in_the_settings_language(code, line):
    try:
        d = _device(code)
        d.app.settings["dice_source"] = "table"
        ru = code == "ru"
        _choose(d, "Арена" if ru else "Arena")
        _choose(d, "Поединок" if ru else "Duel")
        _choose(d, "Начать" if ru else "Start")
        d.press(B.OK)  # initiative: the table rolls a's d20
        picker = d.app.top
        assert type(picker).__name__ == "NumberPicker" and picker.label == line
        assert picker.title == ("Бросьте d20" if ru else "Roll d20")
    finally:
        lang.set_lang("en")


def test_settings_open_only_from_home_so_the_arena_menu_never_sees_a_language_change():
    # The arena menu keeps the labels it was built with: right only while the
    # language cannot change under it (docs/rules/arena.md U16).
    sources = {p.name: p.read_text(encoding="utf-8") for p in (FIRMWARE / "dicebox").rglob("*.py")}
    assert [name for name, src in sources.items() if "SettingsScreen(app" in src] == ["home.py"]
    # home.py applies the saved settings at boot, before any screen; settings_ui when they change
    assert sorted(name for name, src in sources.items() if "apply_settings(" in src) == ["app.py", "home.py", "settings_ui.py"]


_MP_SAY = """
import json, sys
from arena_events import events
from dicebox.core import record
from dicebox.ui import lang, why_ru
from dicebox.arena import words
fights, whys = json.load(open(sys.argv[1]))
lang.set_lang("ru")
for dice, steps, options in fights:
    game = record.replay(record.Record("arena", options, 0, [0] * steps, dice))
    for name, a, b, c, face in events(game):
        print(words.say(game.names, name, a, b, c, face))
for why in whys:
    print(why_ru.say(why, ("Frost", "Trickster12")))
"""


def test_the_russian_words_are_the_same_on_micropython(mp, tmp_path):
    import json

    from dicebox.ui import why_ru

    whys = sorted(_roll_purposes("arena/rules.py", "arena/cup.py", "larp/duel.py", "larp/shoot.py", "larp/boxing.py"))
    (tmp_path / "in.json").write_text(json.dumps([FIGHTS, whys]))
    (tmp_path / "say.py").write_text(_MP_SAY)
    want = []
    for dice, steps, options in FIGHTS:
        want += [russian for _, _, _, russian in _said(play(dice, steps, **options))]
    want += [why_ru.say(why, ("Frost", "Trickster12")) for why in whys]
    got = mp.run(tmp_path / "say.py", tmp_path / "in.json").stdout.decode("utf-8").splitlines()
    assert len(want) > 400 and got == want


def test_a_larp_duel_table_die_says_why_in_russian():
    from dicebox.ui.fight import FightScreen

    try:
        d = _device("ru")
        d.app.settings["dice_source"] = "table"
        s = FightScreen(d.app, record.Record("duel", seed=11))
        d.app.push(s)
        s.give(1)  # challenge accepted: the first cycle's dice are the players'
        assert s.give(0) is False
        assert d.app.top.label == "атака" and d.app.top.title == "Бросьте d6"
        d.press(B.OK)
        assert d.app.top.label == "защита"
    finally:
        lang.set_lang("en")


def test_with_the_code_in_rom_the_words_found_are_kept_and_follow_the_language(monkeypatch):
    names = ("Ann", "Bob")
    events = [("moves", 0, 3, 2), ("test", 0, 9, 1), ("test", 1, 4, 0), ("damage", 1, 2, 5), ("knock", 0, 1, 0),
              ("knock", 1, 2, 0), ("event", 16, 0, 0), ("end", 0, 2, 0)]

    def said():
        return [arena_words.say(names, *e, face=7) for e in events]

    plain = {}
    for language in ("en", "ru", "en"):
        plain[language] = _russian(said) if language == "ru" else said()
    monkeypatch.setattr(arena_words, "IN_ROM", True)
    for language in ("en", "ru", "en", "ru"):  # each twice: found, then kept
        for _ in range(2):
            assert (_russian(said) if language == "ru" else said()) == plain[language]
        assert arena_words._FOUND_IN[0] == language and "\nmoves\t" in arena_words._FOUND
