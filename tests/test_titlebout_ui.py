"""Title Bout on the box, driven by button presses through the simulated
device (real debouncer, App, driver and panel model)."""
import json
import shutil
import sys

import pytest
from conftest import FIRMWARE, ROOT, SUPPORT, imports_during

from dicebox import buttons as B
from dicebox import forget
from dicebox.core import record
from dicebox.titlebout import rules as tb
from dicebox.titlebout import bout as ui
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store

FIGHTERS = FIRMWARE / "data" / "titlebout" / "fighters"
SEED = 5


def card(stem):
    c = json.loads((FIGHTERS / (stem + ".json")).read_text())
    c.pop("note")
    return c


ANT, HAG = card("antuofermo"), card("hagler")


def device(store=None, step="roll", dice="box", card_dirs=None, chart_dirs=None, own_dir=None):
    d = Device(store=store, platform=Platform(SEED.to_bytes(4, "big"), card_dirs, chart_dirs, own_dir))
    settings = dict(d.app.settings)
    settings["step"] = step
    settings["dice_source"] = dice
    d.app.apply_settings(settings)
    return d


def flash(store):
    """Every file on the store's flash: {name: bytes}."""
    return {n: store.read_bytes(n) for n in store.os.listdir(store.root)}


def top(d):
    return type(d.app.top).__name__


def open_item(d, label):
    menu = d.app.top
    for _ in range(len(menu.items)):
        if menu.items[menu.sel][0].startswith(label):
            d.press(B.OK)
            return
        d.press(B.DOWN)
    raise AssertionError("no row %r in %r" % (label, [row[0] for row in menu.items]))


def setup(d):
    open_item(d, "Title Bout")
    assert top(d) == "Setup"
    return d.app.top


def pick(d, corner, name):
    """Open a corner's list on the set-up screen and choose the fighter."""
    open_item(d, corner)
    open_item(d, name)
    assert top(d) == "Setup"


def start(d):
    open_item(d, "Start")


def new_bout(d, dice=(), **opts):
    """A bout with forced dice (the seed's examples), pushed as set-up would."""
    o = {"red": ANT, "blue": HAG}
    o.update(opts)
    ui.open_bout(d.app, record.Record("titlebout", o, SEED, [], list(dice)))
    return d.app.top


def test_setup_choices_reach_the_records_options():
    d = device()
    s = setup(d)
    assert [label for label, _ in s.items][:4] == ["Red: Vito Antuofermo", "Blue: Tomasz Brandt", "Charts: dicebox",
                                                   "Rounds: 12"]
    pick(d, "Red", "Rocco Valdez")
    pick(d, "Blue", "Marvin Hagler")
    open_item(d, "Rounds")
    assert top(d) == "NumberPicker"
    for _ in range(7):
        d.press(B.DOWN)  # 12 -> 5
    d.press(B.OK)
    start(d)
    f = d.app.top
    assert top(d) == "TitleBoutScreen"
    rec = f.session.rec
    assert rec.options["red"]["name"] == "Rocco Valdez" and rec.options["blue"]["name"] == "Marvin Hagler"
    assert rec.options["rounds"] == 5 and "assisted" not in rec.options and rec.options["charts"] == "dicebox"
    assert "note" not in rec.options["red"]  # the card as checked: the record replays anywhere
    assert rec.seed == d.platform.entropy() % 1000000000
    assert f.game.prompt() is tb.NEXT and len(d.app.stack) == 2  # set-up replaced by the fight


def test_rule_options_are_chosen_in_set_up_and_an_agg_tie_can_be_the_referees():
    d = device()
    setup(d)  # Antuofermo v Brandt: both AGG 10
    open_item(d, "Rules")
    assert top(d) == "Rules" and d.app.top.items[0][0] == "Cards asked: off"
    d.press(B.DOWN)
    assert d.app.top.items[1][0] == "Equal AGG: roll-off"
    d.press(B.OK)
    d.press(B.OK)  # roll -> red -> ask
    open_item(d, "Decision")  # rounds -> points
    assert d.app.top.changed == {"agg_tie": "ask", "decision": "points"}
    d.press(B.BACK)
    assert d.app.top.items[4][0] == "Rules: 2 changed"
    start(d)
    picker = d.app.top
    assert top(d) == "NumberPicker" and picker.title == "AGG tie: who starts"
    assert picker.fmt(picker.value) == "Antuofermo"
    d.press(B.UP)
    assert picker.fmt(picker.value) == "Brandt"
    d.press(B.OK)
    f = d.app.top
    rec = f.session.rec
    assert rec.options["agg_tie"] == "ask" and rec.options["decision"] == "points"
    assert rec.inputs == [1] and f.game.control == 1 and f._event_line() == "Brandt starts"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_ruling_and_its_every_value_fit_one_row(lang):
    """The Rules list is read at a glance: each row whole on the glass,
    whichever value OK has cycled it to."""
    from dicebox.ui import draw, text

    d = device()
    settings = dict(d.app.settings)
    settings["lang"] = lang
    d.app.apply_settings(settings)
    setup(d)
    open_item(d, "Rules" if lang == "en" else "Правила")
    rules = d.app.top
    assert top(d) == "Rules" and len(rules.items) == len(tb.OPTIONS) - 4
    seen = set()
    for row in range(len(rules.items)):
        first = rules.items[row][0]
        while True:
            label = rules.items[row][0]
            seen.add(label)
            assert text.width(label) <= draw.ROW_TEXT_W, label
            rules.items[row][1]()  # OK: the next value
            if rules.items[row][0] == first:
                break
    assert len(seen) == sum(2 if a is bool else len(a) for _, _, a in tb.OPTIONS[4:])


def test_stepping_roll_by_roll_into_a_new_round_takes_one_ok():
    d = device(step="roll")
    f = new_bout(d, round_start="agg", rounds=4)
    while f.panel != ui._ROUND:
        d.press(B.OK)
    inputs = len(f.session.rec.inputs)
    assert f.shown == len(f.game.log)  # the new round's "start" went with the round's score
    d.press(B.OK)
    assert len(f.session.rec.inputs) == inputs + 1 and f.panel == ui._PLAY and f.shown_state()[:2] == (2, 1)


def test_ok_steps_one_roll_and_the_clock_on_screen_follows_it():
    d = device(step="roll")
    f = new_bout(d, [10, 36, 63, 13, 90])
    assert f.shown_state() == (1, 0, 0, 0, 0)  # Antuofermo (AGG 10) starts in control
    d.press(B.OK)  # the exchange is played; its first roll shown
    assert f.session.rec.inputs == [0] and len(f.game.log) > f.shown
    assert f.shown_state() == (1, 1, 0, 0, 0) and f._for_line() == "Antuof CF 11"
    d.press(B.OK)
    assert f.shown_state() == (1, 2, 0, 0, 0) and f._event_line() == "lands"
    d.press(B.OK)  # 63 -> R-44: a 2-point cross
    assert f.shown_state() == (1, 3, 2, 0, 0) and f._event_line() == "Antuof cross +2"
    assert f.shown == len(f.game.log)
    d.press(B.OK)  # the next exchange: CF 13 fails, control to Hagler
    assert f.shown_state() == (1, 4, 2, 0, 1) and f._event_line() == "control: Hagler"
    assert f.session.rec.inputs == [0, 0]


def test_ok_steps_a_whole_exchange_with_the_exchange_setting():
    d = device(step="exchange")
    f = new_bout(d, [10, 36, 63, 13, 90])
    d.press(B.OK)
    assert f.shown == len(f.game.log) and f.shown_state() == (1, 3, 2, 0, 0)
    d.press(B.OK)
    assert f.shown_state() == (1, 5, 2, 0, 1) and f._event_line() == "Hagler misses"


@pytest.mark.parametrize("opts", [{}, {"ki_clock": False, "round_start": "agg"}, {"round_end": "bell", "rounds": 4}])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_clock_and_points_on_screen_agree_with_the_game_after_every_exchange(seed, opts):
    # what the screen derives from the shown rolls, never overwritten by the game's numbers
    d = device(step="roll")
    o = {"red": ANT, "blue": HAG}
    o.update(opts)
    rec = record.Record("titlebout", o, seed)
    f = ui.TitleBoutScreen(d.app, rec)
    d.app.push(f)
    f._sync = lambda: None
    while f.game.prompt() is not None:
        d.press(B.OK)
        while f.shown < len(f.game.log):
            d.press(B.OK)
        g = f.game
        assert f.shown_state() == (g.round, g.click, g.totals()[0], g.totals()[1], g.control)
    assert f.panel == ui._END


def test_between_rounds_the_rounds_score_then_the_result_and_scoresheet_and_history():
    d = device(step="exchange")
    s = setup(d)
    pick(d, "Blue", "Marvin Hagler")
    open_item(d, "Rounds")
    for _ in range(8):
        d.press(B.DOWN)  # 12 -> 4
    d.press(B.OK)
    start(d)
    f = d.app.top
    d.press(B.OK, 900)  # hold OK: the rest of the round
    assert f.panel == ui._ROUND and f.ended == 1 and f.game.round == 2
    assert f.game.prompt() is tb.NEXT and f.session.rec.inputs == [1]
    round_screen = d.glass()
    d.press(B.OK)  # on into round 2
    assert f.panel == ui._PLAY and d.glass() != round_screen
    assert (1320, 150) in d.platform.beeps  # the bell ended round 1
    while not f.done:
        d.press(B.OK, 900)
    assert f.panel == ui._END
    r = f.game.result()
    assert d.store.current() is None
    (_, summary), = d.store.history()
    assert summary == f.summary()
    assert r["method"] == "decision" and r["round"] == 4  # this seed goes the distance
    w = 0 if r["side"] == "red" else 1
    won = r["rounds_won"]
    assert summary == "%s decision r4 %d-%d v %s" % (f.name(w, False), won[w], won[1 - w], f.name(1 - w, False))
    d.press(B.OK)
    assert top(d) == "Scoresheet"
    sheet = d.app.top
    rows = [sheet.row(k) for k in range(sheet.rounds + len(sheet.rows))]
    assert [tuple(int(c.split()[0]) for c in row[1:]) for row in rows[: r["round"]]] == [tuple(x) for x in r["scoresheet"]]
    assert rows[r["round"]][1:] == tuple(r["totals"])
    d.press(B.BACK)
    assert d.app.top is f
    d.press(B.BACK)  # a finished bout leaves without asking
    assert top(d) == "Home"


@pytest.mark.parametrize("dice,summary", [
    ([13, 30, 26, 7, 14, 6], "Hagler KO r1 v Antuofermo"),  # the seed's knockout
    ([10, 30, 24, 100], "Antuofermo TKO (cut) r1 v Hagler"),
    ([10, 99, 100], "Hagler DQ (foul) r1 v Antuofermo"),
])
def test_a_stoppage_summary_names_winner_method_and_round(dice, summary):
    d = device(step="exchange")
    f = new_bout(d, dice)
    d.press(B.OK)
    assert f.done and f.panel == ui._END and f._event_line() == summary.split()[0] + " wins"
    assert d.store.history() == [(1, summary)]


def test_a_power_cut_resumes_the_same_bout_on_the_same_screen():
    store = memory_store()
    d = device(store=store, step="exchange")
    setup(d)
    start(d)
    f = d.app.top
    for _ in range(5):
        d.press(B.OK)
    d.press(B.OK, 900)
    d.press(B.OK)
    before = (f.session.rec.dumps(), f.shown_state(), f.panel, d.glass())
    d2 = device(store=store, step="exchange")  # power back on
    g = d2.app.top
    assert top(d2) == "TitleBoutScreen"
    assert (g.session.rec.dumps(), g.shown_state(), g.panel, d2.glass()) == before
    d2.press(B.OK)
    d.press(B.OK)
    assert g.session.rec.dumps() == f.session.rec.dumps() and d2.glass() == d.glass()


def test_a_power_cut_while_a_question_waits_resumes_with_the_question():
    store = memory_store()
    d = device(store=store, step="exchange")
    f = new_bout(d, [10, 36, 63], assisted=True)
    d.press(B.OK)
    assert top(d) == "NumberPicker" and d.app.top.title == "card: punch points"
    assert d.app.top.label == "Antuof 2d10=63"
    d2 = device(store=store, step="exchange")
    g = d2.app.top
    assert top(d2) == "TitleBoutScreen" and g.game.prompt() is tb.P_PUNCH[0]
    assert g._roll_label() == "Antuof 2d10=63"
    d2.press(B.OK)  # the question again
    assert top(d2) == "NumberPicker" and d2.app.top.title == "card: punch points"
    d2.press(B.UP)
    d2.press(B.UP)
    d2.press(B.OK)  # the cross: 2 points
    assert d2.app.top.title == "card: punch kind"
    d2.press(B.OK)  # plain
    assert d2.app.top is g and g.shown_state() == (1, 3, 2, 0, 0) and g.session.rec.inputs == [0, 2, 0]


def test_long_back_undoes_the_last_exchange():
    d = device(step="roll")
    f = new_bout(d, [10, 36, 63, 13, 90])
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.OK)  # second exchange, half shown
    assert f.session.rec.inputs == [0, 0]
    d.press(B.BACK, 900)
    assert top(d) == "Confirm"
    d.press(B.OK)
    assert d.app.top is f and f.session.rec.inputs == [0]
    assert f.shown == len(f.game.log) and f.shown_state() == (1, 3, 2, 0, 0)
    assert record.loads(d.store.current()).inputs == [0]
    assert f.session.rec.dice == [10, 36, 63]  # the undone exchange's forced dice went with it
    d.press(B.OK)  # a new exchange, its first roll shown
    assert f.session.rec.inputs == [0, 0] and f.shown_state()[:2] == (1, 4)


def test_assisted_play_asks_the_card_and_chart_results(tmp_path):
    d = device(step="exchange", own_dir=str(tmp_path))
    setup(d)
    open_item(d, "Rules")
    d.press(B.OK)  # assisted: off -> on
    assert d.app.top.changed == {"assisted": True}
    d.press(B.BACK)
    open_item(d, "Red")
    open_item(d, "own card")
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.OK, 900)  # the name as it stands: "Red"
    for want, value in (("Red AGG", 12), ("Red CF", 10), ("Red PL", 45), ("Red HP", 10), ("Red KDR1", 3),
                        ("Red KOR", 3), ("Red KI", 5)):
        picker = d.app.top
        assert top(d) == "NumberPicker" and picker.title == want
        while picker.value != value:
            d.press(B.UP if picker.value < value else B.DOWN)
        d.press(B.OK)
    start(d)
    f = d.app.top
    rec = f.session.rec
    assert rec.options["assisted"] is True and rec.options["red"]["pl"] == 45 and rec.options["red"]["punches"] == {}
    assert rec.options["blue"]["name"] == "Tomasz Brandt"
    assert rec.inputs == [] and f.game.prompt() is tb.NEXT  # the ratings are the card's: none asked in the bout
    assert f.game.fighters[0].pl == 45 and f.name(0) == "Red"
    titles = set()
    for _ in range(40):  # exchanges until the box has asked what a card says
        if top(d) == "NumberPicker":
            picker = d.app.top
            titles.add(picker.title)
            assert picker.label and "=" in picker.label  # the roll the answer is about
            d.press(B.UP)  # 1 point / a knockdown punch ...
            d.press(B.OK)
        else:
            d.press(B.OK)
        if {"card: punch points", "card: punch kind"} <= titles and "KD chart at KDR1" in titles:
            break
    assert {"card: punch points", "card: punch kind", "KD chart at KDR1"} <= titles, titles
    # every answer is an input of the record: the bout replays from it
    again = record.replay(record.loads(d.store.current()))
    assert again.state() == f.game.state()


def test_table_dice_are_asked_one_by_one_and_the_exchange_ends_cleanly():
    d = device(step="exchange", dice="table")
    f = new_bout(d)
    d.press(B.OK)
    asked = []
    while top(d) == "NumberPicker":
        asked.append(d.app.top.label)
        d.press(B.UP)  # 2 each time (a CF 2 keeps control; PL 2 lands; 2 on the punch chart: L-11)
        d.press(B.OK)
    assert asked == ["red CF", "red PL", "red punch chart"]
    assert d.app.top is f and f.session.rec.dice == [2, 2, 2] and f.session.rec.inputs == [0]
    assert f.shown == len(f.game.log) and f.shown_state() == (1, 3, 1, 0, 0)
    assert f.game.prompt() is tb.NEXT


def roll_off_3_2_opens_the_bout(d):
    """Red 3, blue 2 into the AGG tie's pickers: the bout opens over Home, red first."""
    d.press(B.UP)  # red 3
    d.press(B.OK)
    assert d.app.top.label == "AGG tie blue 2d6"
    d.press(B.OK)  # blue 2
    f = d.app.top
    assert top(d) == "TitleBoutScreen" and f.session.rec.dice == [3, 2] and f.game.control == 0
    assert len(d.app.stack) == 2


def test_an_agg_tie_with_table_dice_asks_the_roll_off_before_the_bout_opens():
    d = device(dice="table")
    setup(d)  # Antuofermo and Brandt: both AGG 10
    start(d)
    assert top(d) == "NumberPicker" and d.app.top.label == "AGG tie red 2d6"
    roll_off_3_2_opens_the_bout(d)


def test_back_from_the_agg_tie_roll_off_keeps_the_set_up_choices():
    d = device(dice="table")
    setup(d)
    open_item(d, "Rounds")
    d.press(B.DOWN)  # 12 -> 11
    d.press(B.OK)
    start(d)
    assert top(d) == "NumberPicker" and d.app.top.label == "AGG tie red 2d6"
    d.press(B.BACK)
    s = d.app.top
    assert top(d) == "Setup" and len(d.app.stack) == 2
    assert [label for label, _ in s.items][:4] == ["Red: Vito Antuofermo", "Blue: Tomasz Brandt", "Charts: dicebox",
                                                   "Rounds: 11"]
    start(d)  # asked again, and the bout opens with the choices
    d.press(B.UP)
    d.press(B.OK)
    d.press(B.OK)
    f = d.app.top
    assert top(d) == "TitleBoutScreen" and f.session.rec.dice == [3, 2] and f.game.rounds == 11
    assert len(d.app.stack) == 2


def test_a_bad_card_file_shows_one_error_and_the_good_cards_stay(tmp_path):
    shutil.copy(FIGHTERS / "hagler.json", tmp_path / "hagler.json")
    bad = dict(ANT)
    del bad["cf"]
    (tmp_path / "broken.json").write_text(json.dumps(bad))
    (tmp_path / "notjson.json").write_text("{")
    d = device(card_dirs=(str(tmp_path), str(tmp_path / "missing")))
    open_item(d, "Title Bout")
    assert top(d) == "Message"
    flat = "".join(d.app.top.lines).replace(" ", "")  # wrapped at 21 characters
    assert "broken.json:field'cf':missing" in flat and "notjson.json:notvalidJSON" in flat
    assert "hagler" not in flat and "missing:" not in flat  # an absent folder is no error
    d.press(B.OK)
    s = d.app.top
    assert top(d) == "Setup" and s.found == [("Marvin Hagler", str(tmp_path / "hagler.json"))]
    assert [label for label, _ in s.items][:2] == ["Red: Marvin Hagler", "Blue: own card"]  # "(asked)": off the glass


def _reopen(d):
    """Back to Home and into the set-up again: whether the opening loaded the
    card checks' code (dicebox.titlebout.cards)."""
    while len(d.app.stack) > 1:
        d.press(B.BACK)
    return "dicebox.titlebout.cards" in imports_during(open_item, d, "Title Bout")


def test_a_second_opening_checks_no_unchanged_card_and_says_the_same(tmp_path):
    shutil.copy(FIGHTERS / "hagler.json", tmp_path / "hagler.json")
    shutil.copy(FIGHTERS / "antuofermo.json", tmp_path / "antuofermo.json")
    (tmp_path / "broken.json").write_text("{")
    forget("dicebox.titlebout.cardlist")  # as on a box (another test may have imported it): Home's boot does not hold it
    d = device(card_dirs=(str(tmp_path),))
    open_item(d, "Title Bout")
    first = (d.app.top.lines, d.app.stack[-2].found)
    assert "dicebox.titlebout.cardlist" not in sys.modules  # unloaded with the cards' code
    assert not _reopen(d)  # every verdict from the list on flash: no card read by the checks
    assert top(d) == "Message" and (d.app.top.lines, d.app.stack[-2].found) == first  # the bad card is still named
    assert [e[0] for e in json.loads(d.store.read_text("tbcards.json"))["cards"]] == [
        str(tmp_path / n) for n in ("antuofermo.json", "broken.json", "hagler.json")]


def test_a_card_file_changed_since_the_last_opening_is_checked_again(tmp_path):
    good = tmp_path / "hagler.json"
    shutil.copy(FIGHTERS / "hagler.json", good)
    d = device(card_dirs=(str(tmp_path),))
    assert setup(d).found == [("Marvin Hagler", str(good))]
    bad = json.loads(good.read_text())
    del bad["cf"]
    good.write_text(json.dumps(bad))
    assert _reopen(d)
    assert top(d) == "Message" and "hagler.json:field'cf':missing" in "".join(d.app.top.lines).replace(" ", "")
    renamed = json.loads((FIGHTERS / "hagler.json").read_text())
    renamed["name"] = "Marvelous Marvin"
    good.write_text(json.dumps(renamed))
    assert _reopen(d) and top(d) == "Setup" and d.app.top.found == [("Marvelous Marvin", str(good))]
    good.unlink()
    assert not _reopen(d) and d.app.top.found == []  # a file gone is gone from the list, nothing read


def test_a_list_made_by_other_checks_or_damaged_is_made_again(tmp_path):
    shutil.copy(FIGHTERS / "hagler.json", tmp_path / "hagler.json")
    d = device(card_dirs=(str(tmp_path),))
    setup(d)
    kept = json.loads(d.store.read_text("tbcards.json"))
    kept["checks"] += 1  # a firmware whose card checks differ
    kept["cards"][0][2:] = [None, "hagler.json: an old verdict"]
    d.store.write_text("tbcards.json", json.dumps(kept))
    assert _reopen(d) and top(d) == "Setup" and d.app.top.found == [("Marvin Hagler", str(tmp_path / "hagler.json"))]
    for damaged in ("{", "[1, 2]", '{"checks": %d, "cards": [[1]]}' % kept["checks"]):
        d.store.write_text("tbcards.json", damaged)
        assert _reopen(d) and top(d) == "Setup" and len(d.app.top.found) == 1


def test_a_folder_shipped_with_its_verdicts_opens_with_none_of_its_cards_checked(tmp_path):
    # make deploy ships the demo folder so (host_sim/deploy.py): the box's first opening reads no card
    from dicebox.titlebout import cardlist

    for name in ("hagler.json", "antuofermo.json"):
        shutil.copy(FIGHTERS / name, tmp_path / name)
    found, checked = cardlist.entries([str(tmp_path)], {})
    assert checked and [e[2] for e in found] == ["Vito Antuofermo", "Marvin Hagler"]
    shipped = tmp_path / cardlist.SHIPPED
    shipped.write_text(json.dumps({"checks": cardlist._checks(), "cards": found}))
    forget("dicebox.titlebout.cards")
    d = device(card_dirs=(str(tmp_path),))
    assert "dicebox.titlebout.cards" not in imports_during(open_item, d, "Title Bout")
    assert top(d) == "Setup" and [n for n, _ in d.app.top.found] == ["Vito Antuofermo", "Marvin Hagler"]
    assert d.store.read_text("tbcards.json") is None  # nothing checked, nothing to keep
    # a verdict of other checks, or of other bytes, is not taken
    for change in ("checks", "crc"):
        wrong = json.loads(json.dumps(found))
        wrong[1][2] = "An Old Name"
        if change == "crc":
            wrong[1][1] += 1
        shipped.write_text(json.dumps({"checks": cardlist._checks() + (change == "checks"), "cards": wrong}))
        d.store.remove("tbcards.json")
        assert _reopen(d) and [n for n, _ in d.app.top.found] == ["Vito Antuofermo", "Marvin Hagler"]


def test_the_set_up_opens_without_the_rules_core_and_names_the_corners_as_it_does():
    from dicebox.titlebout import setup as titlebout_setup

    d = device()
    assert "dicebox.titlebout.rules" not in imports_during(open_item, d, "Title Bout")  # it loads at Start
    assert top(d) == "Setup"
    assert titlebout_setup._SIDES == tb.SIDES == tuple(o[0] for o in tb.OPTIONS[:2])
    assert "dicebox.titlebout.rules" in imports_during(start, d) and top(d) == "TitleBoutScreen"


def test_russian_labels_on_the_fight_screen():
    seen = {}
    for lang in ("en", "ru"):
        d = device(step="exchange")
        settings = dict(d.app.settings)
        settings["lang"] = lang
        d.app.apply_settings(settings)
        f = new_bout(d, [10, 36, 63])
        d.press(B.OK)
        seen[lang] = (d.glass(), f._for_line())
    assert seen["en"][1] == "Antuof punch chart" and seen["ru"][1] == "Antuof таблица ударов"
    assert seen["en"][0] != seen["ru"][0]


def test_cards_load_on_a_small_micropython_heap(mp, monkeypatch):
    # a card is parsed from the file, not read into one 16 KB buffer first: on a
    # fragmented heap such a block can be missing while 44 KB are free. 80k: the
    # smallest heap (in 8k steps) the modules compile in from source; a read of
    # MAX_BYTES + 1 in one piece fails there on its 16,385 bytes
    monkeypatch.chdir(ROOT)
    out = mp.run(SUPPORT / "tb_cards_heap.py", heap="80k").stdout.decode().split()
    assert out == ["5", "0"]


def test_card_files_too_large_or_not_utf8_are_named_errors(tmp_path):
    from dicebox.titlebout import cards

    (tmp_path / "big.json").write_text(" " * (cards.MAX_BYTES + 1) + "{}")
    (tmp_path / "latin.json").write_bytes(b'{"name": "Jos\xe9"}')
    from dicebox.titlebout import cardlist

    found, errors = cardlist.index(memory_store(), [str(tmp_path)])
    assert found == []
    assert errors == ["big.json: larger than %d bytes" % cards.MAX_BYTES, "latin.json: not UTF-8 text"]


def test_in_russian_the_table_dice_say_why_in_russian():
    # the roll-off is asked by the set-up, the bout's dice by the fight screen: both translate
    d = device(step="exchange", dice="table")
    settings = dict(d.app.settings)
    settings["lang"] = "ru"
    d.app.apply_settings(settings)
    d.app.top.build()  # Home's labels, as when Settings closes
    open_item(d, "Титульный бой")
    assert top(d) == "Setup"
    open_item(d, "Начать бой")  # Antuofermo and Brandt: both AGG 10
    assert top(d) == "NumberPicker" and d.app.top.label == "ничья AGG: красн. 2d6"
    d.press(B.UP)
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.OK)  # the first exchange
    assert top(d) == "NumberPicker" and d.app.top.label.startswith(("красн. ", "син. "))


def test_a_corner_row_too_long_for_the_screen_shows_the_surname():
    from dicebox.ui import lang, text

    d = device()
    s = setup(d)
    pick(d, "Red", "Vito Antuofermo")
    assert s.items[0][0] == "Red: Vito Antuofermo"  # fits
    settings = dict(d.app.settings)
    settings["lang"] = "ru"
    try:
        d.app.apply_settings(settings)
        s.build()
        # "Красный: Vito Antuofermo" ran off the glass
        assert s.items[0][0] == "Красный: Antuofermo"
        assert all(text.width(label) <= 123 for label, _ in s.items[:2])
        s.pick[1] = len(s.found)  # no card chosen: the own card, asked
        s.build()
        assert s.items[1][0] == "Синий: своя карта" and text.width(s.items[1][0]) <= 123
    finally:
        lang.set_lang("en")


def fail_once(monkeypatch, owner, name):
    """owner.name raises MemoryError the first time it is called; then works."""
    real, failed = getattr(owner, name), []

    def short(*args, **kw):
        if not failed:
            failed.append(1)
            raise MemoryError("memory allocation failed, allocating 1280 bytes")
        return real(*args, **kw)

    monkeypatch.setattr(owner, name, short)
    return failed


@pytest.mark.parametrize("where", ["fight code", "game"])
def test_a_bout_with_no_room_to_start_is_the_loops_error_and_writes_nothing(monkeypatch, where):
    # the Pico's heap has room (make emu): no restart for one, the loop's error
    # screen; the bout kept on flash is neither written over nor kept twice
    from dicebox.titlebout import setup as titlebout_setup

    store, d = bout_under_way()
    d.press(B.BACK)
    d.press(B.OK)  # leave: the bout is kept, Home offers it under its label
    setup(d)
    files, history = flash(store), store.history()
    if where == "fight code":
        fail_once(monkeypatch, titlebout_setup, "_ui")
    else:
        fail_once(monkeypatch, record, "replay")
    with pytest.raises(MemoryError):
        start(d)
    assert flash(store) == files and store.history() == history


def test_a_saved_bout_that_owes_the_tables_roll_off_asks_it_when_it_opens(monkeypatch):
    # a record made elsewhere (the simulator's, copied in as current.json) with the
    # AGG tie's dice still to come: the resume asks them, as the set-up would have;
    # BACK leaves the bout saved, and the next boot asks again
    d = device(dice="table")
    setup(d)  # Antuofermo and Brandt: both AGG 10
    start(d)
    roll_off_3_2_opens_the_bout(d)
    rec = d.app.top.session.rec
    rec.dice = []
    d.store.save_current(rec.dumps())
    d = device(store=d.store, dice="table")
    assert top(d) == "NumberPicker" and d.app.top.stays and d.app.top.label == "AGG tie red 2d6"
    d.press(B.BACK)
    assert top(d) == "Home" and d.store.current() is not None
    d.restart()  # the next power-on
    assert top(d) == "NumberPicker" and d.app.top.stays and d.app.top.label == "AGG tie red 2d6"
    from dicebox.ui import home

    uncovered = []  # Home's resumed(): it unloads the fight's code, loaded again for the bout
    monkeypatch.setattr(home, "drop_all", lambda: uncovered.append(1))
    roll_off_3_2_opens_the_bout(d)
    assert uncovered == []


def bout_under_way():
    """(store, device): a bout started from the set-up, one exchange in, saved."""
    store = memory_store()
    d = device(store=store)
    setup(d)
    start(d)
    d.press(B.OK)
    return store, d


def test_a_bout_resumed_from_home_with_no_room_is_the_loops_error_and_stays_saved(monkeypatch):
    from dicebox.ui import home

    store, d = bout_under_way()
    saved = store.current()
    d.press(B.BACK)
    d.press(B.OK)  # leave: the bout is kept, Home offers it under its label
    assert top(d) == "Home"
    fail_once(monkeypatch, home, "open_fight")
    with pytest.raises(MemoryError):
        open_item(d, "\u25b6 TB")
    assert store.current() == saved


def test_a_bout_with_no_room_at_boot_is_kept_aside_and_the_box_boots_clean(monkeypatch):
    # at boot the heap is whole: a restart would only come back here, so the
    # loop keeps the bout as current.json.bad, says so, and boots without it
    from dicebox.ui import home

    store, _ = bout_under_way()
    saved = store.current()
    fail_once(monkeypatch, home, "open_fight")
    d = device(store=store)  # the next power-on
    assert [type(s).__name__ for s in d.app.stack] == ["Home", "Message"]  # the notice
    assert store.current() is None and store.read_text("current.json.bad") == saved
    assert " ".join(d.app.top.lines).startswith("current.json could not be resumed")


REAL_CHARTS = """name,Our printed charts
punch
low,high,result
1,30,L-1
31,60,R-2
61,90,"R-(Knockdown)-3"
91,98,R-(Cut)-4
foul
1,100,none
injury
1,100,none
cut
1,50,none
51,100,points,1
knockdown
1,K,K,K,K,K,K,K,K,K,K,1,1,1,1,1,1,1,1,1,1
count
1,100,5,6
"""
REAL_CARD = "name;Kid Real\nagg;12\ncf;14\npl;60\nhp;12\nkdr1;1\nkor;1\nki;0\nkdr2;4\ncode;punch;points\nL-1;jab;1\nR-2;cross;2\nR-3;hook;3\nR-4;uppercut;3\n"


def test_a_bout_plays_from_the_users_csv_charts_and_card_with_knockdowns_read_off_the_chart(tmp_path):
    charts = tmp_path / "charts"
    fighters = tmp_path / "fighters"
    charts.mkdir()
    fighters.mkdir()
    (charts / "ours.csv").write_bytes(b"\xef\xbb\xbf" + REAL_CHARTS.replace("\n", "\r\n").encode())
    (fighters / "kid.csv").write_text(REAL_CARD)
    twin = REAL_CARD.replace("Kid Real", "Kid Twin")
    (fighters / "twin.csv").write_text(twin)
    d = device(step="exchange", card_dirs=(str(fighters),), chart_dirs=(str(charts), str(tmp_path / "none")))
    s = setup(d)
    assert s.errors == [] and [n for n, _ in s.found] == ["Kid Real", "Kid Twin"]
    open_item(d, "Charts")
    assert [label for label, _ in d.app.top.items] == ["dicebox (built-in)", "demo (built-in)", "ours"]
    open_item(d, "ours")
    assert s.items[2][0] == "Charts: ours"
    start(d)
    f = d.app.top
    assert top(d) == "TitleBoutScreen"
    rec = f.session.rec
    assert rec.options["charts"]["punch"][2] == [61, 90, "R-3", "KD"] and rec.options["red"]["kdr2"] == 4
    d.press(B.OK, 900)  # the rest of the round
    game = f.game
    names = [game.log.entry(i)[1] for i in range(len(game.log))]
    assert "red HP" in names or "blue HP" in names  # a knockdown result of the chart, the cards flag nothing
    again = record.replay(record.Record("titlebout", rec.options, rec.seed, list(rec.inputs), list(rec.dice)))
    assert again.state() == game.state()  # the record replays alone, charts and all


def test_a_card_that_does_not_fit_the_built_in_charts_names_its_file(tmp_path):
    (tmp_path / "kid.csv").write_text(REAL_CARD)
    (tmp_path / "twin.csv").write_text(REAL_CARD.replace("Kid Real", "Kid Twin"))
    d = device(card_dirs=(str(tmp_path),))
    setup(d)
    start(d)
    assert top(d) == "Message"
    flat = "".join(d.app.top.lines).replace(" ", "")
    assert ("kid.csv:field'punches':noentryfor'L-11'") in flat and "options." not in flat
    d.press(B.OK)
    assert top(d) == "Setup"


def _played_to_the_scoresheet(d, dice, **opts):
    """A 4-round bout on these dice played to its end: the fight and the scoresheet's rows."""
    f = new_bout(d, dice, rounds=4, **opts)
    while not f.done:
        d.press(B.OK, 900)
    d.press(B.OK)
    sheet = d.app.top
    assert top(d) == "Scoresheet"
    return f, [sheet.row(k) for k in range(sheet.rounds + len(sheet.rows))]


def test_the_scoresheet_shows_each_rounds_knockdowns_cuts_and_fouls():
    d = device(step="exchange")
    # round 1: Antuofermo down (the worked example, up at the count of 5); then a 99: his foul, a point off
    f, rows = _played_to_the_scoresheet(d, [13, 30, 26, 7, 14, 9, 46, 13, 36, 23, 99, 95] + [20] * 8, charts="dicebox",
                                        decision="ten")
    assert rows[0] == ("1", "3 D", "20 F-1")  # Hagler's 99 was the foul: a point off
    labels = [row[0] for row in rows]
    assert labels[-2:] == ["10-pt", "D down C cut F foul"] and labels[-3] == "down"
    g = f.game
    assert rows[-2][1:] == g.ten_point() and g.ten_round(0) == (8, 9)  # 10-9 Hagler, Antuofermo down, Hagler's point off


def test_the_scoresheet_shows_the_extra_ratings_of_real_cards():
    d = device(step="exchange")
    ant = dict(ANT, kdr2=3, ct=12)  # ratings of a real card these rules do not use
    hag = dict(HAG, kdr2=5)
    f, rows = _played_to_the_scoresheet(d, [20] * 40, red=ant, blue=hag)
    assert rows[-3:-1] == [("ct", 12, ""), ("kdr2", 3, 5)] and rows[-4][0] == "down"
    f = new_bout(d, [20] * 40, rounds=4)  # the demo cards have none
    while not f.done:
        d.press(B.OK, 900)
    d.press(B.OK)
    assert d.app.top.rows[-2][0] == "down"


def test_an_own_fighter_is_named_rated_saved_as_a_card_and_plays_beside_a_stored_one(tmp_path):
    d = device(step="exchange", own_dir=str(tmp_path / "own"))
    s = setup(d)
    open_item(d, "Red")
    open_item(d, "own card")
    assert top(d) == "NameEditor"
    for _ in range(5):
        d.press(B.DOWN)  # R -> M
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.OK, 900)  # hold OK: the name ends here
    asked = []
    while top(d) == "NumberPicker":
        asked.append(d.app.top.title)
        d.press(B.UP)
        d.press(B.OK)
    assert asked == ["Med AGG", "Med CF", "Med PL", "Med HP", "Med KDR1", "Med KOR", "Med KI"]
    assert top(d) == "Setup" and s.items[0][0] == "Red: Med"
    saved = json.loads((tmp_path / "own" / "med.json").read_text())
    assert saved == {"name": "Med", "agg": 11, "cf": 11, "pl": 46, "hp": 11, "kdr1": 4, "kor": 4, "ki": 6, "punches": {}}
    # a second fighter of the same name is a new file, never over the first
    from dicebox.titlebout import cards
    assert cards.save_card(str(tmp_path / "own"), saved).endswith("med-2.json")
    start(d)
    f = d.app.top
    assert top(d) == "TitleBoutScreen"
    rec = f.session.rec
    assert rec.options["red"]["name"] == "Med" and "assisted" not in rec.options
    seen = set()
    for _ in range(300):
        p = f.game.prompt()
        if p is None:
            break
        if p is tb.NEXT:
            d.press(B.OK, 900)
        else:
            seen.add(p[0])
            assert top(d) == "NumberPicker"
            d.press(B.OK)
    assert seen == {"red card: punch points"}  # only the own fighter's punches are asked


def test_a_bad_chart_file_is_one_line_naming_file_and_field_at_start(tmp_path):
    (tmp_path / "bad.csv").write_text(REAL_CHARTS.replace("31,60,R-2", "31,61,R-2"))
    d = device(chart_dirs=(str(tmp_path),))
    setup(d)
    open_item(d, "Charts")
    open_item(d, "bad")
    start(d)
    assert top(d) == "Message"
    flat = "".join(d.app.top.lines).replace(" ", "")
    assert "bad.csv:field'punch[2]'(line6):range61-90overlaps" in flat, flat
    d.press(B.OK)
    assert top(d) == "Setup"
