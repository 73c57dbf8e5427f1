"""Arena on the box, pressed through the simulated buttons: builder, roster,
duel, auto play, power cut, undo, and a tournament into History."""
import json

import pytest
from conftest import imports_during

from dicebox.arena import roster as arena_roster
from dicebox import buttons as B
from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.store import Store
from host_sim.device import Device, Platform


def device(store=None, seed=5, table=False):
    d = Device(store=store, platform=Platform(seed.to_bytes(4, "big")))
    if table:
        d.app.settings["dice_source"] = "table"
    return d


def top(d):
    return type(d.app.top).__name__


def select(d, label):
    """Move a menu's selection onto the row whose label starts with `label`."""
    items = d.app.top.items
    for _ in range(len(items)):
        if items[d.app.top.sel][0].startswith(label):
            return
        d.press(B.DOWN)
    raise AssertionError("no row %r in %r" % (label, [i[0] for i in items]))


def open_arena(d):
    select(d, "Arena")
    d.press(B.OK)


def choose(d, *labels):
    for label in labels:
        select(d, label)
        d.press(B.OK)


def test_the_menu_opens_without_the_rules_core_and_a_duel_starts_with_it():
    d = device()
    assert "dicebox.arena.rules" not in imports_during(open_arena, d)  # no fighters file: the built-in roster
    assert top(d) == "ArenaMenu"
    choose(d, "Duel")
    assert "dicebox.arena.rules" in imports_during(choose, d, "Start") and top(d) == "ArenaFight"
    d2 = device(store=d.store)
    arena_roster.save(d2.store, arena_roster.DEFAULTS[:2])
    assert "dicebox.arena.rules" in imports_during(open_arena, d2)  # a file's builds are checked by it


def test_the_menu_and_the_set_ups_load_the_rules_core_while_they_wait(monkeypatch):
    import sys

    d = device()
    open_arena(d)
    for screen in ("ArenaMenu", "DuelSetUp"):
        if screen == "DuelSetUp":
            choose(d, "Duel")
        monkeypatch.delitem(sys.modules, "dicebox.arena.rules")
        d.wait(100)
        assert top(d) == screen and "dicebox.arena.rules" not in sys.modules  # a user still pressing
        d.wait(400)
        assert "dicebox.arena.rules" in sys.modules


def new_fighter(d):
    """From Home: Arena > Fighters > + New fighter: the builder."""
    open_arena(d)
    choose(d, "Fighters", "+ New")
    assert top(d) == "Builder"
    return d.app.top


def to_row(d, row):
    b = d.app.top
    while b.row != row:
        d.press(B.DOWN)


def set_stat(d, row, value):
    to_row(d, row)
    d.press(B.OK)  # edit
    b = d.app.top
    for _ in range(20):
        if b.stats[row - 1] == value:
            break
        d.press(B.UP if b.stats[row - 1] < value else B.DOWN)
    d.press(B.OK)
    return b.stats[row - 1]


def pixel(d, x, y):
    return (d.glass()[(y // 8) * 128 + x] >> (y % 8)) & 1


# ---- builder and roster --------------------------------------------------------


def test_builder_never_passes_24_and_refuses_to_save_below_it():
    d = device()
    b = new_fighter(d)
    assert b.stats == [6, 6, 6, 6] and b.left() == 0
    assert set_stat(d, 1, 9) == 6  # no point left: Power cannot go up
    assert set_stat(d, 2, 3) == 3  # Toughness down frees 3 points
    assert b.left() == 3 and sum(b.stats) == 21
    to_row(d, 5)
    d.press(B.OK)  # Save with 3 left: refused with the reason
    assert top(d) == "Message" and "3 left" in " ".join(d.app.top.lines)
    d.press(B.OK)
    assert set_stat(d, 1, 9) == 9 and b.left() == 0
    assert set_stat(d, 3, 9) == 6  # spent: Agility stays
    assert set_stat(d, 4, 1) == 2  # never below 2
    assert b.left() == 4
    assert set_stat(d, 4, 6) == 6 and b.stats == [9, 3, 6, 6]
    to_row(d, 5)
    d.press(B.OK)
    assert top(d) == "RosterScreen"
    name, build = d.app.top.home.fighters[-1]
    assert build == (9, 3, 6, 6) and name == b.name
    assert arena.check_build(build) == build


def test_roster_survives_a_power_cut_and_a_taken_name_is_refused(tmp_path):
    store = Store(str(tmp_path))
    d = device(store)
    b = new_fighter(d)
    set_stat(d, 2, 5)
    set_stat(d, 1, 7)
    to_row(d, 5)
    d.press(B.OK)
    saved = json.loads((tmp_path / "arena_fighters.json").read_text())
    assert saved[-1] == [b.name, [7, 5, 6, 6]] and len(saved) == 9
    d2 = device(Store(str(tmp_path)))  # power back on
    open_arena(d2)
    fighters = d2.app.top.fighters
    assert fighters[-1] == (b.name, (7, 5, 6, 6)) and len(fighters) == 9
    # edit another fighter, give it the new fighter's name by hand: refused
    choose(d2, "Fighters", "Even", "Edit")
    ed = d2.app.top
    ed.name = b.name
    to_row(d2, 5)
    d2.press(B.OK)
    assert top(d2) == "Message" and b.name in " ".join(d2.app.top.lines)


def test_delete_asks_then_saves():
    d = device()
    open_arena(d)
    choose(d, "Fighters", "Wall", "Delete")
    assert top(d) == "Confirm"
    d.press(B.OK)
    assert [n for n, _ in d.app.top.home.fighters] == ["Even", "Brute", "Dancer", "Mystic", "Bruiser", "Trickster", "Striker"]
    assert "Wall" not in d.store.read_text("arena_fighters.json")


@pytest.mark.parametrize("content, needle", [
    ("{not json", "not valid JSON"),
    (b"\xff\xfe[]", "not UTF-8 text"),
    ('[["Even", [6, 6, 6, 6]], ["Ogre", [12, 4, 4, 4]]]', "fighter 2: Power 12 is outside 2..9"),
    ('[["Even", [6, 6, 6, 5]]]', "sum to 23, not 24"),
    ('[["Even", [6, 6, 6, 6]], ["Even", [9, 5, 5, 5]]]', "name Even is used twice"),
    ('{"Even": 1}', "must be a list"),
])
def test_a_damaged_roster_is_one_error_line_set_aside_and_the_box_goes_on(tmp_path, content, needle):
    raw = content if isinstance(content, bytes) else content.encode()
    (tmp_path / "arena_fighters.json").write_bytes(raw)
    d = device(Store(str(tmp_path)))
    open_arena(d)
    assert top(d) == "Message"
    said = " ".join(d.app.top.lines)
    assert said.startswith("arena_fighters.json: ") and needle in said
    assert (tmp_path / "arena_fighters.json.bad").read_bytes() == raw  # kept for inspection
    d.press(B.OK)
    assert top(d) == "ArenaMenu" and d.app.top.fighters == list(arena_roster.DEFAULTS)


def test_roster_parse_bounds():
    too_many = json.dumps([["F%d" % i, [6, 6, 6, 6]] for i in range(arena_roster.MAX + 1)])
    with pytest.raises(arena_roster.RosterError, match="17 fighters, at most 16"):
        arena_roster.parse(too_many)
    with pytest.raises(arena_roster.RosterError, match="larger than"):
        arena_roster.parse(" " * (arena_roster.LIMIT + 1))


# ---- a duel --------------------------------------------------------------------


def start_duel(d, a="Even", b="Brute"):
    open_arena(d)
    choose(d, "Duel", "A:", a, "B:", b, "Start")
    assert top(d) == "ArenaFight"
    return d.app.top


def test_ok_steps_one_moment_and_the_grid_shows_both_fighters():
    d = device()
    s = start_duel(d)
    assert s.session.rec.options["a_name"] == "Even" and s.session.rec.options["b"] == [9, 5, 5, 5]
    d.press(B.OK)  # initiative
    d.press(B.OK)  # moment 1
    g = s.game
    assert s.session.rec.inputs == [0, 0] and g.moment == 1
    assert any(line.startswith("dice d6:") for line in s.lines)  # the step's dice
    assert any(" v " in line for line in s.lines)  # the moves in words
    for space in range(1, 9):
        x = (space - 1) * 16
        here = space in g.pos
        # a fighter's box: its top-left corner lit; an empty cell: dark there
        assert pixel(d, x + 4, 17 + 2) == (1 if here else 0), space
    att = g.attacker
    x = (g.pos[att] - 1) * 16
    assert pixel(d, x + 5, 17 + 3) == 1  # the attacker is drawn filled
    x = (g.pos[1 - att] - 1) * 16
    assert pixel(d, x + 5, 17 + 3) == 0  # the defender only outlined


def _fights_showing(*wanted):
    """Records (core only, no screen) whose state after some step shows each wanted thing."""
    found = {}
    for seed in range(1, 5000):
        rec = record.Record("arena", {"a_name": "Even", "b_name": "Brute"}, seed)
        g = record.start(rec)
        while g.prompt() is not None:
            rec.inputs.append(0)
            record.feed(g, rec, len(rec.inputs) - 1)
            st = g.state()
            have = {"mines": st["mines"], "crystals": st["crystals"], "crumbled": st["arena"][0] > 1 and g.result() is None}
            for key in wanted:
                if key not in found and have[key]:
                    found[key] = record.Record("arena", rec.options, seed, list(rec.inputs))
        if len(found) == len(wanted):
            return found
    raise AssertionError("no fight shows %s" % (wanted,))


def test_grid_draws_mines_crystals_and_crumbled_ends():
    from dicebox.arena import play as arena_play

    for key, rec in _fights_showing("mines", "crystals", "crumbled").items():
        d = device()
        s = arena_play.screen_for(d.app, rec)
        d.app.push(s)
        d.step()
        st = s.game.state()
        lo, hi = st["arena"]
        for space in range(1, 9):
            x = (space - 1) * 16
            # a cell still in the arena has its left wall; a fallen one has none
            # (the wall right of the last cell belongs to it)
            assert pixel(d, x, 17 + 6) == (1 if lo <= space <= hi + 1 and space <= 8 else 0), (key, space)
        for space in range(1, 9):
            x = (space - 1) * 16
            mine = pixel(d, x + 2, 17 + 9) and pixel(d, x + 4, 17 + 9) and pixel(d, x + 3, 17 + 10)
            crystal = pixel(d, x + 13, 17 + 9) and pixel(d, x + 12, 17 + 10) and pixel(d, x + 14, 17 + 10)
            assert bool(mine) == (space in st["mines"]), (key, space)
            assert bool(crystal) == (space in st["crystals"]), (key, space)
        if key == "crumbled":
            assert lo > 1


def test_long_ok_plays_to_the_end_and_history_has_one_line():
    d = device()
    s = start_duel(d)
    d.press(B.OK, 900)
    assert s.done and s.game.result() is not None
    assert d.store.current() is None
    (ident, summary), = d.store.history()
    res = s.game.result()
    assert summary.startswith("Arena: ") and res["method"] in summary
    # the History record replays to the same result
    assert record.replay(record.loads(d.store.history_record(ident))).result() == res
    d.press(B.OK)  # nothing more to do
    assert len(d.store.history()) == 1


def test_auto_play_stops_when_the_table_must_roll():
    d = device(table=True)
    s = start_duel(d)
    d.press(B.OK, 900)
    assert top(d) == "NumberPicker" and d.app.top.hi == 20  # initiative d20
    assert s.session.rec.inputs == []
    for _ in range(2):
        while top(d) == "NumberPicker":
            d.press(B.OK)  # each asked die: the lowest face
    assert top(d) == "ArenaFight" and s.session.rec.inputs == [0]
    assert s.session.rec.dice == [1, 1]  # 1+6 against 1+5: no re-roll


def test_a_power_cut_resumes_the_duel_exactly(tmp_path):
    d = device(Store(str(tmp_path)))
    s = start_duel(d)
    for _ in range(3):
        d.press(B.OK)
    state = s.game.state()
    lines = s.lines
    d2 = device(Store(str(tmp_path)))  # power back: straight into the fight
    s2 = d2.app.top
    assert top(d2) == "ArenaFight" and s2.game.state() == state and s2.lines == lines
    assert d2.glass() == d.glass()
    d2.press(B.OK)
    assert s2.game.moment == state["moment"] + 1


def test_long_back_undoes_one_step():
    d = device()
    s = start_duel(d)
    for _ in range(3):
        d.press(B.OK)
    before = record.replay(record.Record("arena", s.session.rec.options, s.session.rec.seed, [0, 0])).state()
    d.press(B.BACK, 900)
    assert top(d) == "Confirm"
    d.press(B.OK)
    assert s.session.rec.inputs == [0, 0] and s.game.state() == before
    assert record.loads(d.store.current()).inputs == [0, 0]


# ---- a tournament --------------------------------------------------------------


def start_cup(d, size=4):
    open_arena(d)
    choose(d, "Tournament")
    if size == 8:
        choose(d, "Fighters: 4")
    choose(d, "Pick")
    for i in range(size):
        d.press(B.OK)
        d.press(B.DOWN)
    d.press(B.BACK)
    choose(d, "Start")
    assert top(d) == "ArenaFight" and d.app.top.cup
    return d.app.top


def test_a_cup_of_four_advances_on_the_bracket_and_lands_in_history():
    d = device()
    s = start_cup(d)
    g = s.game
    assert [f[0] for f in g.fighters] == ["Even", "Brute", "Wall", "Dancer"]
    d.press(B.OK)  # match 1: initiative
    d.press(B.OK, 900)  # to its end
    assert g.between() and len(g.results) >= 1
    first = g.results[-1]
    assert len(d.store.history()) == len(g.results)  # each match as it ends
    d.press(B.OK)
    assert top(d) == "Bracket"
    if first[3] >= 0:
        assert g.bracket()[1] == [first[3]]  # the winner went through
    d.press(B.OK, 900)  # long OK on the bracket: the rest of the cup
    assert s.done and g.champion >= 0
    assert d.store.current() is None
    hist = d.store.history()
    assert hist[0][1].startswith("Tournament 4: " + g.fighters[g.champion][0])
    assert len(hist) == len(g.results) + 1
    # every match line is a stand-alone arena record that replays to its result
    for (ident, summary), res in zip(hist[1:], reversed(g.results)):
        rec = record.loads(d.store.history_record(ident))
        m = record.replay(rec).result()
        assert rec.ruleset == "arena" and summary.startswith("R%d " % (res[0] + 1))
        if res[3] < 0:
            assert m["winner"] is None
        else:
            assert rec.options[m["winner"] + "_name"] == g.fighters[res[3]][0]
    # the cup record replays to the same champion; its transcript names the matches
    cup = record.loads(d.store.history_record(hist[0][0]))
    game = record.replay(cup)
    assert game.result()["winner"] == g.fighters[g.champion][0]
    text = list(record.lines(game, cup))
    assert any(line.strip().startswith("round 2:") for line in text)
    assert text[-2].strip().endswith("wins the tournament")


def test_cup_of_eight_draws_the_bracket_and_plays_seven_matches():
    d = device(seed=9)
    s = start_cup(d, 8)
    assert len(s.game.fighters) == 8
    d.press(B.OK)
    d.press(B.OK, 900)
    d.press(B.OK)
    d.press(B.OK, 900)
    g = s.game
    assert s.done and len(g.bracket()) == 4 and len(g.bracket()[3]) == 1
    decided = [r for r in g.results if r[3] >= 0]
    assert len(decided) == 7
    assert len(d.store.history()) == len(g.results) + 1


def test_undo_stops_at_a_finished_match_and_a_power_cut_resumes_the_cup(tmp_path):
    d = device(Store(str(tmp_path)))
    s = start_cup(d)
    d.press(B.OK)
    d.press(B.OK, 900)
    n = len(s.session.rec.inputs)
    d.press(B.BACK, 900)  # undo: refused, the match is in History
    assert top(d) == "Message" and len(s.session.rec.inputs) == n
    d.press(B.OK)
    d.press(B.OK)  # the bracket
    d.press(B.OK)  # match 2 starts
    d.press(B.OK)
    d.press(B.BACK, 900)
    d.press(B.OK)  # inside a match undo works
    assert len(s.session.rec.inputs) == n + 1
    state = s.game.state()
    hist = d.store.history()
    d2 = device(Store(str(tmp_path)))
    assert top(d2) == "ArenaFight" and d2.app.top.game.state() == state
    assert d2.store.history() == hist  # nothing written twice


def test_a_cut_between_saving_the_cup_and_writing_its_match_is_repaired_once(tmp_path):
    d = device(Store(str(tmp_path)))
    s = start_cup(d)
    d.press(B.OK)
    d.press(B.OK, 900)
    assert s.game.between()
    # as if the power went before the match reached History
    for name in list(tmp_path.iterdir()):
        if name.name.startswith("h"):
            name.unlink()
    d2 = device(Store(str(tmp_path)))
    assert len(d2.store.history()) == 1
    d3 = device(Store(str(tmp_path)))
    assert len(d3.store.history()) == 1  # found there: not added again


def test_a_fight_saved_finished_but_not_yet_in_history_goes_there_on_resume(tmp_path):
    d = device(Store(str(tmp_path)))
    s = start_duel(d)
    rec = s.session.rec
    game = s.game
    while game.prompt() is not None:  # the core alone: no screen hook runs
        rec.inputs.append(0)
        record.feed(game, rec, len(rec.inputs) - 1)
    s.session.save()
    d.app.settle()  # the loop's pass: saved, and the power goes right after
    d2 = device(Store(str(tmp_path)))
    assert top(d2) == "ArenaFight" and d2.app.top.done
    (ident, summary), = d2.store.history()
    assert summary.startswith("Arena: ") and d2.store.current() is None
    d2.press(B.BACK)
    assert top(d2) == "Home" and [label for label, _ in d2.app.top.items][0] == "Dice"  # no Resume row


class FullFlash(Store):
    def write_text(self, name, text, more=(), apart=False):
        if name == arena_roster.NAME:
            raise OSError(28, "no space left")
        Store.write_text(self, name, text, more, apart)


def test_a_roster_that_cannot_be_written_is_one_error_line(tmp_path):
    d = device(FullFlash(str(tmp_path)))
    new_fighter(d)
    to_row(d, 5)
    d.press(B.OK)
    assert top(d) == "Message" and " ".join(d.app.top.lines).startswith("arena_fighters.json: ")
    d.press(B.OK)
    assert top(d) == "RosterScreen"


def test_a_name_typed_letter_by_letter():
    d = device()
    b = new_fighter(d)
    assert b.name == "Ash"
    d.press(B.OK, 900)  # long OK on the Name row: the letter editor
    assert top(d) == "NameEditor"
    d.press(B.UP)  # A -> B
    d.press(B.OK)
    for _ in range(4):
        d.press(B.DOWN)  # s -> o
    d.press(B.OK, 900)  # end the name here: "Bo"
    assert top(d) == "Builder" and b.name == "Bo"
    d.press(B.OK, 900)
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.OK)  # past the old end: a new letter
    d.press(B.OK, 900)
    assert b.name == "Boaa"  # each new place starts at "a"
    to_row(d, 5)
    d.press(B.OK)
    assert d.app.top.home.fighters[-1] == ("Boaa", (6, 6, 6, 6))
