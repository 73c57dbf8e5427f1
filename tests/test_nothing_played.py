"""A fight nothing was played in is not kept: left, undone to nothing or cut
by the power, it is not offered on Home. A LARP duel's challenge answer and a
stealth attack's target only set the fight up (FightScreen.SET_UP); a duel's
end screen leads back to the LARP menu, not into another duel."""
from dicebox import buttons as B
from dicebox.core import record
from test_unfinished import device, labels, one_shot, open_item, top


def kept_rows(d):
    return [label for label in labels(d) if label.startswith("\u25b6 ") or label.startswith("Resume")]


def home(d):
    for _ in range(6):
        if top(d) == "Home":
            return
        d.press(B.BACK)
    raise AssertionError("not back on Home: " + top(d))


def a_duel(d, weapon="Melee"):
    open_item(d, "LARP judge")
    open_item(d, "Duel")
    open_item(d, weapon)
    assert top(d) == "DuelScreen"
    return d.app.top


def test_a_duel_left_before_its_first_roll_is_let_go_unasked(tmp_path):
    for weapon in ("Melee", "Firearms duel"):
        d = device(tmp_path / weapon)
        screen = a_duel(d, weapon)
        d.press(B.OK)  # the challenge accepted (a firearms duel's coin tossed)
        assert screen.session.rec.inputs == [1] and not screen.done
        d.press(B.BACK)
        assert top(d) == "LarpMenu"  # no "Leave the fight?": nothing to keep
        home(d)
        assert kept_rows(d) == [] and d.store.unfinished() == [] and not d.store.has_current()


def test_a_duel_left_after_a_roll_is_still_kept(tmp_path):
    d = device(tmp_path)
    a_duel(d)
    d.press(B.OK)  # accepted
    d.press(B.OK)  # cycle 1
    d.press(B.BACK)
    assert top(d) == "Confirm"
    d.press(B.OK)
    home(d)
    assert kept_rows(d) == ["\u25b6 Duel, cycle 2: 0-1"]  # both duellists' wounds (docs/rules/ui-text.md U17)


def test_a_stealth_attack_left_with_its_target_named_is_not_kept(tmp_path):
    d = device(tmp_path)
    open_item(d, "LARP judge")
    open_item(d, "Stealth")
    d.press(B.OK)  # the target
    assert top(d) == "StealthScreen" and d.app.top.session.rec.inputs == [0]
    d.press(B.BACK)
    assert top(d) == "LarpMenu"
    home(d)
    assert kept_rows(d) == [] and d.store.unfinished() == []


def test_an_accepted_challenge_does_not_come_back_after_a_power_cut(tmp_path):
    d = device(tmp_path)
    a_duel(d)
    d.press(B.OK)  # accepted, then the power goes
    d2 = device(tmp_path)
    assert top(d2) == "Home" and kept_rows(d2) == []


def test_a_fight_undone_to_nothing_is_not_resumed_after_a_power_cut(tmp_path):
    # Title Bout: the shared screens' rule, not the LARP's alone
    d = device(tmp_path)
    open_item(d, "Title Bout")
    open_item(d, "Start")
    assert top(d) == "TitleBoutScreen"
    d.press(B.OK)
    assert d.store.has_current() or d.app.saving is not None
    d.press(B.BACK, 900)  # undo
    d.press(B.OK)
    assert d.app.top.session.rec.inputs == []
    d2 = device(tmp_path)
    assert top(d2) == "Home" and kept_rows(d2) == []


def test_a_fight_with_no_input_left_in_current_json_is_not_kept_when_another_starts(tmp_path):
    d = device(tmp_path)
    d.store.save_current(record.Record("duel", {"weapon": "melee"}, 11, []).dumps())
    d.app.stack[1:] = []  # the box came back on Home
    one_shot(d)  # a new fight, played to its end
    assert d.store.unfinished() == [] and len(d.store.history()) == 1


def test_ok_on_a_duels_end_goes_back_to_the_larp_menu(tmp_path):
    d = device(tmp_path)
    screen = a_duel(d, "Firearms duel")
    d.press(B.OK)  # accepted
    d.press(B.OK)  # the one cycle: the end
    assert screen.done and top(d) == "DuelScreen"
    d.press(B.OK)
    assert top(d) == "LarpMenu" and d.app.top.items[d.app.top.sel][0] == "Duel"  # a new duel: one choice away
    home(d)
    assert len(d.store.history()) == 1 and kept_rows(d) == []
