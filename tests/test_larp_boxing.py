"""Show boxing with vulnerabilities: every rule with forced cards and coin."""
import json

import pytest
from larp_helpers import ZONE, bout, deal_dice, events

from dicebox.core import record
from dicebox.larp import boxing as larp_boxing
from dicebox.larp.menu import larp_label
from dicebox.ui import lang
from dicebox.core.game import RecordError

HA, OH, OOOF = 0, 1, 2


def reactions(game):
    return [(a, b, c) for name, a, b, c in events(game, "blow", "block")]


def test_deal_gives_each_boxer_the_forced_secret_order_and_coin_decides_who_attacks_first():
    _, g = bout(("ribs", "head", "ear"), ("stomach", "jaw", "body"), 2, [])
    assert g.order(1) == (ZONE["ribs"], ZONE["head"], ZONE["ear"])
    assert g.order(2) == (ZONE["stomach"], ZONE["jaw"], ZONE["body"])
    assert g.first == 2 and g.attacker == 2  # tails: boxer 2 attacks first
    _, g = bout(("ribs", "head", "ear"), ("stomach", "jaw", "body"), 1, [])
    assert g.attacker == 1


def test_deal_draws_distinct_zones_and_the_cards_option_sets_how_many():
    for cards in range(1, 7):
        for seed in range(30):
            g = record.replay(record.Record("boxing", {"cards": cards}, seed))
            for b in (1, 2):
                assert len(g.order(b)) == cards and len(set(g.order(b))) == cards
                assert all(0 <= z < 6 for z in g.order(b))
    # six cards: the last one is whatever is left, no die rolled for it
    _, g = bout(("head", "jaw", "ear", "body", "ribs", "stomach"), ("stomach", "ribs", "body", "ear", "jaw", "head"), 1, [])
    assert g.dice.used == 5 + 5 + 1


def test_reactions_ha_oh_oooof_against_the_defenders_order():
    # boxer 1 attacks boxer 2, whose order is jaw, body, ear
    _, g = bout(("head", "ribs", "stomach"), ("jaw", "body", "ear"), 1, ["head", "body", "head", "stomach", "jaw", "ear"])
    assert reactions(g) == [(1, ZONE["head"], HA), (1, ZONE["body"], OH),  # body is a vulnerability, but not next
                            (2, ZONE["head"], OOOF), (2, ZONE["stomach"], OH),
                            (1, ZONE["jaw"], OOOF), (1, ZONE["ear"], OH)]


def test_attacks_are_two_blows_and_boxers_alternate_with_a_round_being_one_attack_each():
    _, g = bout(("head",), ("head",), 1, ["jaw"] * 8)
    assert [a for a, _, _ in reactions(g)] == [1, 1, 2, 2, 1, 1, 2, 2]
    assert [a for name, a, b, c in events(g, "round")] == [1, 2, 3]
    _, g = bout(("head",), ("head",), 1, ["jaw"] * 8, round="attack")
    assert [a for name, a, b, c in events(g, "round")] == [1, 2, 3, 4, 5]


def test_knockout_when_the_whole_sequence_is_landed_mid_attack():
    rec, g = bout(("head", "jaw"), ("ribs", "ear"), 1, ["ribs", "ear"])
    r = g.result()
    assert r["winner"] == 1 and r["method"] == "knockout" and r["round"] == 1
    assert g.prompt() is None
    with pytest.raises(RecordError, match="already over"):
        record.replay(record.Record("boxing", rec.options, 1, rec.inputs + [0], rec.dice))


def test_wrong_blows_keep_progress_by_default_and_the_reset_option_changes_it():
    blows = ["ribs", "head", "ear"]  # boxer 2's order: ribs, ear, body; head is not in it
    _, g = bout(("jaw", "head", "body"), ("ribs", "ear", "body"), 1, blows[:2] + ["jaw", "jaw"] + blows[2:])
    assert g.progress[1] == 2  # the HA in between did not matter
    _, g = bout(("jaw", "head", "body"), ("ribs", "ear", "body"), 1, blows[:2] + ["jaw", "jaw"] + blows[2:], reset="any")
    assert g.progress[1] == 0 and g.best[1] == 1  # the HA sent it back; ear is then OH
    _, g = bout(("jaw", "head", "body"), ("ribs", "ear", "body"), 1, ["ribs", "head", "jaw", "jaw", "body"], reset="oh")
    assert g.progress[1] == 0  # HA kept it, the OH (body) reset it
    _, g = bout(("jaw", "head", "body"), ("ribs", "ear", "body"), 1, ["ribs", "head"], reset="oh")
    assert g.progress[1] == 1


def _no_knockout(decision, blows1, blows2, rounds=2):
    # 4 blows per boxer in 2 rounds; orders long enough that nobody finishes
    blows = []
    for r in range(rounds):
        blows += blows1[2 * r:2 * r + 2] + blows2[2 * r:2 * r + 2]
    return bout(("head", "jaw", "ear", "body"), ("head", "jaw", "ear", "body"), 1, blows, rounds=rounds, decision=decision)[1]


def test_after_the_last_round_more_correct_vulnerabilities_wins_and_equal_is_a_draw():
    g = _no_knockout("sequence", ["head", "jaw", "ribs", "ribs"], ["head", "ribs", "ribs", "ribs"])
    assert g.result()["winner"] == 1 and g.result()["method"] == "decision" and g.result()["score"] == [2, 1]
    g = _no_knockout("sequence", ["head", "ribs", "ribs", "ribs"], ["head", "ribs", "ribs", "ribs"])
    assert g.result()["winner"] is None and g.result()["method"] == "draw"


def test_decision_found_counts_every_vulnerability_hit_in_or_out_of_order():
    b1 = ["head", "ribs", "ribs", "ribs"]  # one in sequence
    b2 = ["body", "ear", "jaw", "ribs"]  # three found, none in sequence
    assert _no_knockout("sequence", b1, b2).result()["winner"] == 1
    g = _no_knockout("found", b1, b2)
    assert g.result()["winner"] == 2 and g.result()["score"] == [1, 3]


def test_twelve_rounds_by_default_then_a_decision():
    _, g = bout(("head",), ("head",), 1, ["jaw"] * 47)
    assert g.result() is None and g.round == 12
    _, g = bout(("head",), ("head",), 1, ["jaw"] * 48)
    assert g.result()["method"] == "draw" and g.result()["round"] == 12


def test_champion_block_counts_the_blow_but_hides_the_reaction_until_the_end():
    # boxer 2 is Champion; boxer 1 attacks his order jaw, ear
    rec, g = bout(("head", "body"), ("jaw", "ear"), 1, ["jaw!", "ribs"], champion=2)
    assert g.progress[1] == 1 and g.block_used  # the blow counted
    texts = [g.describe(*e) for e in events(g, "block")]
    assert texts == ["boxer 1 -> jaw: BLOCK!"]
    t = record.transcript(g, rec)
    dump = json.dumps(t)
    assert "OOOF" not in dump and "orders" not in t["state"] and "progress" not in t["state"]
    assert all(r["value"] is None for r in t["rolls"] if r["for"].startswith("card"))
    assert not any("OOOF" in line for line in record.lines(g, rec))
    # the bout goes on to a knockout: now everything is shown
    rec, g = bout(("head", "body"), ("jaw", "ear"), 1, ["jaw!", "ribs", "jaw", "head", "ear"], champion=2)
    assert g.result()["winner"] == 1
    t = record.transcript(g, rec)
    assert t["log"][[i for i, e in enumerate(t["log"]) if e.get("event") == "block"][0]]["text"] == "boxer 1 -> jaw: BLOCK! (was OOOF!)"
    assert [r["value"] for r in t["rolls"] if r["for"].startswith("card")] == deal_dice("head", "body") + deal_dice("jaw", "ear")
    assert t["state"]["orders"] == [[ZONE["head"], ZONE["body"]], [ZONE["jaw"], ZONE["ear"]]]


def test_block_once_per_bout_only_by_the_defending_champion():
    with pytest.raises(RecordError, match="one BLOCK"):
        bout(("head",), ("jaw",), 1, ["ear!", "ear", "ear", "ear", "ear!"], champion=2)
    with pytest.raises(RecordError, match="attacking"):
        bout(("head",), ("jaw",), 1, ["ear!"], champion=1)
    with pytest.raises(RecordError, match="needs a reigning Champion"):
        bout(("head",), ("jaw",), 1, ["ear!"])
    _, g = bout(("head",), ("jaw",), 1, [], champion=2)
    assert g.prompt() == ("target", 0, 11)
    _, g = bout(("head",), ("jaw",), 1, [], champion=1)
    assert g.prompt() == ("target", 0, 5)


def test_block_option_attack_hides_both_blows_of_the_blocked_attack():
    _, g = bout(("head", "body"), ("jaw", "ear"), 1, ["jaw!", "ribs"], champion=2, block="attack")
    assert [name for name, *_ in events(g, "blow", "block")] == ["block", "block"]
    _, g = bout(("head", "body"), ("jaw", "ear"), 1, ["jaw!", "ribs"], champion=2)
    assert [name for name, *_ in events(g, "blow", "block")] == ["block", "blow"]


def test_knockout_on_a_blocked_blow_reveals_it():
    rec, g = bout(("head",), ("jaw",), 1, ["jaw!"], champion=2)
    assert g.result()["method"] == "knockout"
    assert "(was OOOF!)" in "\n".join(record.lines(g, rec))


def test_state_before_the_end_has_no_secrets():
    _, g = bout(("head", "body"), ("jaw", "ear"), 1, ["jaw", "ribs"])
    s = g.state()
    assert set(s) == {"round", "attacker", "blow", "blows", "first", "champion", "block_used", "over"}


def test_labels_in_both_languages():
    assert list(larp_boxing.ZONE_NAMES) == ["head", "jaw", "ear", "body", "ribs", "stomach"]  # the record's names
    assert [larp_label("z%d" % z) for z in range(6)] == list(larp_boxing.ZONE_NAMES)
    assert [larp_label("r%d" % r) for r in range(4)] == list(larp_boxing.REACTION_NAMES) == ["HA!", "OH!", "OOOF!", "BLOCK!"]
    try:
        lang.set_lang("ru")
        assert [larp_label("z%d" % z) for z in range(6)] == ["голова", "челюсть", "ухо", "корпус", "рёбра", "живот"]
        assert [larp_label("r%d" % r) for r in range(4)] == ["ХА!", "ОХ!", "УУУХ!", "БЛОК!"]
    finally:
        lang.set_lang("en")
