"""Duel, firearms and stealth weapon: every table row with forced dice."""
import pytest
from larp_helpers import events

from dicebox.larp import duel as larp_duel
from dicebox.core import record
from dicebox.larp import common as larp
from dicebox.larp import stealth as larp_stealth
from dicebox.larp import wounds as larp_wounds
from dicebox.core.game import RecordError


def duel(dice, cycles, **options):
    rec = record.Record("duel", options, 0, [1] + [0] * cycles, dice)
    return record.replay(rec)


@pytest.mark.parametrize("attack,defence,hit", [
    (1, 6, larp.MISS), (3, 3, larp.MISS), (2, 1, larp.LIMB), (5, 3, larp.LIMB), (4, 1, larp.BODY),
    (6, 2, larp.BODY), (6, 1, larp.HEAD)])
def test_duel_difference_table(attack, defence, hit):
    g = duel([attack, defence], 1)
    assert events(g, "cycle") == [("cycle", 1, attack - defence, hit)]
    kind = {larp.MISS: None, larp.LIMB: "light", larp.BODY: "heavy", larp.HEAD: "mortal"}[hit]
    assert g.wounds == ([] if kind is None else [(2, larp.KIND_NAMES.index(kind))])


def test_duel_ends_on_one_head_wound():
    g = duel([6, 1], 1)
    assert g.result()["winner"] == 1 and g.result()["method"] == "head" and g.result()["wounds"] == [[2, "mortal"]]


def test_duel_ends_on_two_body_wounds_with_roles_swapping():
    # c1: 1 hits 2 body; c2: 2 misses 1; c3: 1 hits 2 body again
    g = duel([5, 1, 1, 1, 4, 1], 3)
    assert [a for _, a, _, _ in events(g, "cycle")] == [1, 2, 1]
    assert g.result() == {"winner": 1, "method": "body", "cycles": 3, "wounds": [[2, "heavy"], [2, "heavy"]]}


def test_duel_ends_on_four_limb_wounds_not_three():
    dice = []
    for _ in range(4):
        dice += [1, 1, 2, 1]  # duellist 1 misses, duellist 2 hits a limb
    g = duel(dice[:-2], 7)
    assert g.result() is None and g.limbs[1] == 3
    g = duel(dice, 8)
    assert g.result()["winner"] == 2 and g.result()["method"] == "limbs"


def test_mixed_wounds_do_not_add_up_to_an_end():
    g = duel([4, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 2, 1], 7)  # body + 3 limbs on duellist 2
    assert g.result() is None and (g.bodies[2], g.limbs[2]) == (1, 3)


def test_refused_challenge_is_no_duel():
    g = record.replay(record.Record("duel", {}, 0, [0]))
    assert g.result() == {"winner": None, "method": "refused", "cycles": 0, "wounds": []}
    assert g.dice.used == 0 and len([e for e in range(len(g.log)) if g.log.entry(e)[0] == 0]) == 0


def test_coin_option_decides_the_first_attacker():
    g = duel([2, 6, 1], 1, first="coin")
    assert events(g, "cycle")[0][1] == 2


@pytest.mark.parametrize("attack,defence,winner", [(6, 1, 1), (3, 3, None), (4, 2, 1)])
def test_firearms_duel_is_one_cycle(attack, defence, winner):
    g = duel([attack, defence], 1, weapon="firearms")
    assert g.result()["method"] == "firearms" and g.result()["winner"] == winner and g.prompt() is None


def test_the_fair_firearms_duel_gives_each_duellist_the_same_chance():
    # every coin and pair of dice, equally likely: one shot, taken by the coin's duellist
    wins = {1: 0, 2: 0, None: 0}
    for coin in (1, 2):
        for attack in range(1, 7):
            for defence in range(1, 7):
                g = duel([coin, attack, defence], 1, weapon="firearms", first=larp_duel.fair_first("firearms"))
                wins[g.result()["winner"]] += 1
    assert wins == {1: 15, 2: 15, None: 42}
    # the literal reading (the challenger shoots): the challenged can never win
    literal = [duel([a, d], 1, weapon="firearms", first="challenger").result()["winner"]
               for a in range(1, 7) for d in range(1, 7)]
    assert literal.count(1) == 15 and literal.count(2) == 0
    assert larp_duel.fair_first("melee") == "challenger"


def test_a_firearms_record_without_first_replays_as_it_was_made():
    g = duel([3, 1], 1, weapon="firearms")  # made before the coin was the box's default
    assert g.options["first"] == "challenger" and g.result()["winner"] == 1 and g.dice.used == 2


def shots(dice, inputs, n=1):
    return record.replay(record.Record("shoot", {"shots": n}, 0, inputs, dice))


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_shot_1_to_3_misses(roll):
    g = shots([roll], [5])
    assert g.result()["hits"] == ["miss"] and g.result()["wounds"] == []


@pytest.mark.parametrize("roll", [4, 5])
def test_shot_4_5_asks_for_a_limb_and_gives_a_light_wound(roll):
    g = shots([roll], [5])
    assert g.prompt() == ("limb", larp.ARM_L, larp.LEG_R) and g.result() is None
    g = shots([roll], [5, larp.LEG_L])
    assert g.result()["hits"] == ["left leg"] and g.result()["wounds"] == [[5, "light"]]
    with pytest.raises(RecordError, match="limb must be 1..4"):
        shots([roll], [5, larp.HEAD])


@pytest.mark.parametrize("choice,kind", [(larp.BODY, "heavy"), (larp.HEAD, "mortal")])
def test_shot_6_asks_body_or_head(choice, kind):
    g = shots([6], [7])
    assert g.prompt() == ("body or head", larp.BODY, larp.HEAD)
    g = shots([6], [7, choice])
    assert g.result()["wounds"] == [[7, kind]]


@pytest.mark.parametrize("elapsed,count,kind", [
    (0, 1, "light"), (999, 1, "light"), (1999, 2, "light"), (2000, 3, "heavy"), (3999, 4, "heavy"),
    (4000, 5, "mortal")])
def test_stealth_counts(elapsed, count, kind):
    g = record.replay(record.Record("stealth", {}, 0, [3, elapsed]))
    assert larp_stealth.count_at(elapsed, 1000) == count
    assert g.result()["wounds"] == [[3, kind]]
    assert g.result()["method"] == ("completed" if kind == "mortal" else "stopped")


def test_stealth_beat_option_and_buzzer_beats():
    g = record.replay(record.Record("stealth", {"beat_ms": 500}, 0, [1, 1500]))
    assert g.result()["wounds"] == [[1, "heavy"]]
    assert larp_stealth.beats(0, 2999, 1000) == 2 and larp_stealth.beats(999, 1000, 1000) == 1
    with pytest.raises(RecordError, match="0..2000"):
        record.replay(record.Record("stealth", {"beat_ms": 500}, 0, [1, 2001]))


def test_wounds_of_a_fight_go_straight_onto_the_tracker():
    g = duel([5, 1, 1, 1, 4, 1], 3)  # duellist 2 takes two body wounds
    inputs = larp_wounds.inputs_from_result(g.result(), 60000, {1: 4, 2: 9})
    assert inputs == [[60000, 1, 9, 2], [60000, 1, 9, 2]]
    s = record.replay(record.Record("stealth", {}, 0, [0, 500]))
    assert larp_wounds.inputs_from_result(s.result(), 0) == []  # target 0 is not on the tracker
    t = record.replay(record.Record("wounds", {}, 0, inputs))
    assert [k for _, k in t.wounds_of(9)] == [larp.HEAVY, larp.HEAVY]
