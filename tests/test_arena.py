"""Arena duel (docs/rules/arena.md): every move-table row, result case and random event
with forced dice. Fighter 0 is a (starts on space 4), 1 is b (space 5).

Default builds are 6,6,6,6, so the targets are 13 (Strike, Kick, Block) and
12 (every other move); INIT gives a the attack (10+6 against 5+6).
"""
import pytest

from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.core.game import RecordError
from dicebox.core.log import EVENT, ROLL
from dicebox.core.record import Record

INIT = [10, 5]
A_BUILD = [9, 3, 7, 5]  # P T A S
B_BUILD = [3, 9, 5, 7]
INIT_AB = [10, 10]  # 17 against 15: a attacks


def play(dice, steps=2, **options):
    rec = Record("arena", options, 0, [0] * steps, dice)
    game = record.replay(rec)
    # every die the fight rolled was a forced one: nothing came from the generator
    assert game.log.count(ROLL) == len(dice) == game.dice.used
    return game


def events(game, *names):
    out = []
    for i in range(len(game.log)):
        kind, name, a, b, c = game.log.entry(i)
        if kind == EVENT and (not names or name in names):
            out.append((name, a, b, c))
    return out


def hp(game):
    return game.hp[0], game.hp[1]


# ---- set-up
@pytest.mark.parametrize("build,needle", [
    ([6, 6, 6], "four stats"),
    ("6,6,6,6", "four stats"),
    ([1, 7, 8, 8], "Power 1 is outside 2..9"),
    ([6, 10, 4, 4], "Toughness 10 is outside 2..9"),
    ([6, 6, 6, 7], "sum to 25, not 24"),
    ([6, 6, 6, True], "Special must be a whole number"),
])
def test_a_wrong_build_is_one_clear_error(build, needle):
    with pytest.raises(RecordError) as e:
        record.replay(Record("arena", {"b": build}, 0, []))
    assert "options.b" in str(e.value) and needle in str(e.value)


def test_every_legal_build_is_accepted_and_there_are_315():
    builds = [(p, t, a, 24 - p - t - a) for p in range(2, 10) for t in range(2, 10) for a in range(2, 10)
              if 2 <= 24 - p - t - a <= 9]
    assert len(builds) == 315
    for b in builds:
        assert arena.check_build(list(b)) == b


def test_start_positions_health_and_time():
    g = record.replay(Record("arena", {}, 0, []))
    s = g.state()
    assert s["positions"] == [4, 5] and s["arena"] == [1, 8]
    assert s["health"] == [10, 10] and s["time"] == 10 and s["attacker"] is None
    assert g.prompt() == ("initiative", 0, 0)
    assert record.replay(Record("arena", {"health": 25}, 0, [])).hp == [25, 25]


def test_initiative_higher_d20_plus_agility_attacks_and_ties_reroll():
    g = play([10, 12, 9, 3], steps=1, a=A_BUILD, b=B_BUILD)  # 17=17 re-rolled, then 16 > 8
    assert events(g, "init_tie", "init") == [("init_tie", 17, 0, 0), ("init", 0, 16, 8)]
    assert g.state()["attacker"] == "a" and g.prompt() == ("moment", 0, 0)
    g = play([3, 9], steps=1, a=A_BUILD, b=B_BUILD)  # 10 < 14: b attacks
    assert g.state()["attacker"] == "b"


# ---- move table: the test of each row, pass on equal, fail above
ATTACK_TARGETS = {1: 9 + 7 + 1, 2: 9 + 7, 3: 9 + 7 + 1, 4: 9 + 7, 5: 9 + 3, 6: 5 + 5}
DEFEND_TARGETS = {1: 9 + 9 + 1, 2: 9 + 7, 3: 5 + 5, 4: 9 + 7, 5: 3 + 9, 6: 7 + 7}


@pytest.mark.parametrize("face", range(1, 7))
def test_move_table_tests_are_roll_under_the_bracketed_sum(face):
    at = ATTACK_TARGETS[face]
    dt = DEFEND_TARGETS[face]
    # the attacker rolls its target (pass), the defender one over (fail)
    g = record.replay(Record("arena", {"a": A_BUILD, "b": B_BUILD}, 0, [0, 0], INIT_AB + [face, face, at, dt + 1]))
    assert events(g, "moves")[0] == ("moves", 0, face, face)
    assert events(g, "test")[:2] == [("test", 0, at, 1), ("test", 1, dt, 0)]


# ---- results: attacker passes, defender fails (ATT Damage column)
@pytest.mark.parametrize("face,extra,damage,stun,knocked", [
    (1, [], 1, False, False),  # Strike 1
    (2, [], 2, True, False),  # Heavy Strike 2 Stun
    (3, [], 1, False, False),  # Kick 1
    (4, [], 2, False, True),  # Heavy Kick 2 KB
    (5, [2], 3, False, True),  # Grapple D3+1 KB
    (6, [3], 4, True, False),  # Special D3+1 Stun
])
def test_attacker_hits_with_the_att_damage_column(face, extra, damage, stun, knocked):
    g = play(INIT + [face, 1, 1, 20] + extra)
    assert hp(g) == (10, 10 - damage)
    assert g.stun == [False, stun]
    assert g.pos == ([5, 6] if knocked else [4, 5])
    assert g.state()["last"] == [face, 1, arena.O_ATT, 0]


# ---- results: defender passes, attacker fails (DEF Damage column)
def test_block_failed_attacker_takes_nothing_and_a_random_event_follows():
    g = play(INIT + [1, 1, 20, 1, 11])  # event 11: the fighters swap places
    assert hp(g) == (10, 10) and events(g, "damage") == []
    assert events(g, "event") == [("event", 11, 0, 0)] and g.pos == [5, 4]


@pytest.mark.parametrize("face,extra,damage,stun,knocked,switch", [
    (2, [2], 2, False, False, True),  # Counter D3 Switch
    (3, [], 0, False, False, True),  # Dodge 0 Switch
    (4, [1], 2, False, False, False),  # Shield D3+1
    (5, [3], 4, False, True, False),  # Grapple D3+1 KB
    (6, [2], 3, True, False, True),  # Special D3+1 Stun, Switch
])
def test_defender_hits_a_failed_attacker_with_the_def_damage_column(face, extra, damage, stun, knocked, switch):
    g = play(INIT + [1, face, 20, 1] + extra)
    assert hp(g) == (10 - damage, 10)
    assert g.stun == [stun, False]
    assert g.pos == ([3, 4] if knocked else [4, 5])
    assert g.state()["attacker"] == ("b" if switch else "a")  # switch swaps roles, not places
    assert g.state()["last"][2] == arena.O_DEF


def test_both_fail_roll_a_random_event():
    g = play(INIT + [2, 2, 19, 20, 6, 3])  # Blood Spores: a rolled lower (19)
    assert events(g, "event", "lower", "damage") == [("event", 6, 0, 0), ("lower", 0, 0, 0), ("damage", 0, 3, 7)]
    assert g.state()["last"] == [2, 2, arena.O_NONE, 6]


# ---- results: both succeed
@pytest.mark.parametrize("dfn", [1, 3])
@pytest.mark.parametrize("att", [1, 3])
def test_block_or_dodge_against_strike_or_kick_is_a_random_event(att, dfn):
    g = play(INIT + [att, dfn, 2, 3, 11])
    assert events(g, "event") == [("event", 11, 0, 0)] and hp(g) == (10, 10)


@pytest.mark.parametrize("dfn", [1, 3])
@pytest.mark.parametrize("att", [2, 4])
def test_block_or_dodge_against_heavy_moves_knocks_the_lower_roller_back(att, dfn):
    g = play(INIT + [att, dfn, 2, 3])  # a rolled lower
    assert g.pos == [3, 4] and hp(g) == (10, 10)
    g = play(INIT + [att, dfn, 3, 2])  # b rolled lower
    assert g.pos == [5, 6]


@pytest.mark.parametrize("dfn", [1, 3])
def test_block_or_dodge_against_grapple_d3_damage_and_d3_knock_back_to_the_lower(dfn):
    g = play(INIT + [5, dfn, 9, 4, 2, 3])
    assert hp(g) == (10, 8) and g.pos == [7, 8]


@pytest.mark.parametrize("dfn", [1, 3])
def test_block_or_dodge_against_special(dfn):
    g = play(INIT + [6, dfn, 9, 4])  # defender lower: 1 damage
    assert hp(g) == (10, 9) and g.attacker == 0
    g = play(INIT + [6, dfn, 4, 9])  # attacker lower: the roles switch
    assert hp(g) == (10, 10) and g.attacker == 1


def test_equal_rolls_are_settled_by_a_roll_off_lower_roll_counts_as_lower():
    g = play(INIT + [2, 1, 7, 7, 12, 12, 15, 4])  # roll-off tie re-rolled, then b rolls 4: b is lower
    assert events(g, "lower") == [("lower", 1, 0, 0)] and g.pos == [5, 6]


def test_counter_the_lower_roller_is_hit_by_the_attackers_move():
    g = play(INIT + [2, 2, 3, 8])  # a rolled lower: its own Heavy Strike, 2 and Stun
    assert hp(g) == (8, 10) and g.stun == [True, False]
    g = play(INIT + [5, 2, 8, 3, 1])  # b lower: Grapple D3+1 and KB
    assert hp(g) == (10, 8) and g.pos == [5, 6]


@pytest.mark.parametrize("att", [1, 2, 3, 4, 5])
def test_shield_against_any_non_special_1_damage_and_knocked_back(att):
    g = play(INIT + [att, 4, 1, 5])
    assert hp(g) == (9, 10) and g.pos == [3, 4]


def test_shield_against_special_d6_damage_and_d3_knock_back():
    g = play(INIT + [6, 4, 5, 1, 6, 2])
    assert hp(g) == (10, 4) and g.pos == [6, 7]


@pytest.mark.parametrize("att", range(1, 7))
def test_defender_grapple_lower_takes_d3_and_d3_knock_back(att):
    g = play(INIT + [att, 5, 1, 5, 1, 3])
    assert hp(g) == (9, 10) and g.pos == [1, 2]


@pytest.mark.parametrize("att", range(1, 6))
def test_defender_special_against_other_moves_d3_and_d3_knock_back(att):
    g = play(INIT + [att, 6, 6, 5, 3, 1])
    assert hp(g) == (10, 7) and g.pos == [5, 6]


def test_special_against_special_lower_d6_the_other_d3():
    g = play(INIT + [6, 6, 6, 5, 5, 2])
    assert hp(g) == (8, 5)


def test_special_against_special_can_knock_both_out_a_tie():
    g = play(INIT + [6, 6, 6, 5, 6, 3], health=3)
    assert g.result()["winner"] is None and g.result()["method"] == "ko"


# ---- Stun
def test_stun_is_minus_one_on_the_next_test_only():
    # moment 1: a's Heavy Strike stuns b; moment 2: b's Block needs 12 not 13
    dice = INIT + [2, 1, 1, 20] + [1, 1, 20, 13, 11] + [1, 1, 20, 13, 11]
    g = play(dice, steps=4)
    tests = events(g, "test", "stunned_test")
    assert tests[2:5] == [("test", 0, 13, 0), ("stunned_test", 1, 0, 0), ("test", 1, 12, 0)]
    assert tests[-1] == ("test", 1, 13, 1)  # moment 3: no longer stunned


def test_stun_literal_option_takes_one_off_the_roll():
    g = play(INIT + [2, 1, 1, 20] + [1, 1, 20, 14, 11], steps=3, stun="literal")
    assert events(g, "test")[-1] == ("test", 1, 14, 1)  # 14-1 <= 13: passes


def test_effects_text_option_heavy_kick_stuns_and_special_knocks_back():
    g = play(INIT + [4, 1, 1, 20], effects="text")
    assert g.stun == [False, True] and g.pos == [5, 6]
    g = play(INIT + [6, 1, 1, 20, 1], effects="text")
    assert g.stun == [False, False] and g.pos == [5, 6]
    g = play(INIT + [6, 1, 1, 20, 1], effects="both")
    assert g.stun == [False, True] and g.pos == [5, 6]
    g = play(INIT + [1, 6, 20, 1, 1], effects="text")  # defender Special: KB and Switch
    assert g.stun == [False, False] and g.pos == [3, 4] and g.attacker == 1


def test_lower_by_margin_option():
    # a: Heavy Strike 12, rolls 5 (margin 7); b: Block 13, rolls 7 (margin 6): b did worse
    assert play(INIT + [2, 1, 5, 7], lower="margin").pos == [5, 6]
    assert play(INIT + [2, 1, 5, 7]).pos == [3, 4]


# ---- knock-backs, ring-outs, mines and crystals
def test_knock_back_past_the_edge_is_a_ring_out_at_once():
    # Super Combo twice: b goes 5 -> 8, then one more space is out of the ring
    dice = INIT + [1, 1, 19, 20, 19, 1, 3] + [1, 1, 19, 20, 19, 1, 3]
    g = play(dice, steps=3)
    assert g.result() == {"winner": "a", "method": "ringout", "moments": 2, "health": [10, 8]}
    assert events(g, "ringout") == [("ringout", 1, 9, 0)]
    assert g.prompt() is None
    with pytest.raises(RecordError):
        record.replay(Record("arena", {}, 0, [0, 0, 0, 0], dice))


def mine_at(space, item=1):
    return [1, 1, 19, 20, item, space]


def test_mine_is_placed_on_a_random_unoccupied_space_with_a_d8():
    g = play(INIT + [1, 1, 19, 20, 1, 4, 5, 7])  # 4 and 5 hold fighters: re-rolled
    assert g.state()["mines"] == [7] and events(g, "placed") == [("placed", arena.MINE, 7, 0)]


def test_knocked_into_a_mine_d3_damage_and_a_further_space():
    dice = INIT + mine_at(7) + [5, 1, 10, 5, 1, 2, 2]  # grapple: b lower, 1 damage, KB 2 into the mine
    g = play(dice, steps=3)
    assert hp(g) == (10, 7) and g.pos == [7, 8] and g.state()["mines"] == []


def test_across_a_mine_every_space_triggers_by_default_and_only_the_landing_with_pass_land():
    dice = INIT + mine_at(6) + [5, 1, 10, 5, 1, 2, 3]
    g = play(dice, steps=3)  # 5 -> 6 mine (3), further: 7, 8
    assert g.pos == [7, 8] and hp(g) == (10, 6)
    g = play(INIT + mine_at(6) + [5, 1, 10, 5, 1, 2], steps=3, **{"pass": "land"})
    assert g.pos == [6, 7] and hp(g) == (10, 9) and g.state()["mines"] == [6]


def test_mine_blast_further_space_can_ring_out():
    g = play(INIT + mine_at(8) + [5, 1, 10, 5, 1, 3, 1], steps=3)
    assert g.result()["method"] == "ringout" and g.result()["winner"] == "a" and hp(g) == (10, 8)


def test_healing_crystal_regains_lost_health_up_to_the_start():
    dice = INIT + [1, 1, 1, 20] + mine_at(7, 16) + [5, 1, 10, 5, 1, 2, 3]
    g = play(dice, steps=4)  # b: 10 -1 (strike) -1 (grapple) +3 capped at 10
    assert hp(g) == (10, 10) and events(g, "heal") == [("heal", 1, 2, 10)] and g.state()["crystals"] == []


def test_mine_and_crystal_do_not_share_a_space_unless_the_option_allows():
    dice = INIT + mine_at(7) + [1, 1, 19, 20, 16, 7, 2]
    g = play(dice, steps=3)
    assert g.state()["mines"] == [7] and g.state()["crystals"] == [2]
    g = play(INIT + mine_at(7) + [1, 1, 19, 20, 16, 7], steps=3, share=True)
    assert g.state()["mines"] == [7] and g.state()["crystals"] == [7]
    # knocked into both: the mine blasts, then the crystal heals, then the further space
    dice = INIT + mine_at(6) + [1, 1, 19, 20, 16, 6] + [5, 1, 10, 5, 1, 1, 2, 3]
    g = play(dice, steps=4, share=True)
    assert [e[0] for e in events(g, "mine_blast", "heal")] == ["mine_blast", "heal"]
    assert hp(g) == (10, 10) and g.pos == [6, 7]


def test_no_free_space_places_nothing():
    # each event 1 fills a space: 6 free spaces, the 7th mine finds none
    dice = INIT
    for space in (1, 2, 3, 6, 7, 8):
        dice = dice + mine_at(space)
    dice = dice + [1, 1, 19, 20, 1]
    g = play(dice, steps=8, health=20)
    assert g.state()["mines"] == [1, 2, 3, 6, 7, 8] and events(g, "no_space") == [("no_space", 1, 0, 0)]


# ---- random events
def both_fail(event):
    return INIT + [1, 1, 19, 20, event]  # a rolled lower (19 < 20)


def both_fail_ab(event):
    return INIT_AB + [1, 1, 18, 20, event]  # targets 17 and 19: both fail, a lower


@pytest.mark.parametrize("event,rolls,extra,expect_hp,stun", [
    (2, [18, 7], [3], (10, 7), [False, False]),  # PP: a 18, b 6
    (3, [7, 18], [2], (8, 10), [False, False]),  # TT: a 6, b 18
    (4, [15, 10], [], (9, 10), [True, False]),  # AA: a 14, b 10; 1 damage and stunned
    (5, [10, 15], [], (10, 8), [False, False]),  # SS: a 10, b 14; 2 damage
])
def test_events_2_to_5_both_take_a_doubled_stat_test(event, rolls, extra, expect_hp, stun):
    g = play(both_fail_ab(event) + rolls + extra, a=A_BUILD, b=B_BUILD)
    assert hp(g) == expect_hp and g.stun == stun


def test_event_2_both_failing_both_take_d3():
    g = play(both_fail(2) + [20, 20, 1, 3])
    assert hp(g) == (9, 7)


def test_event_6_blood_spores_lower_roller_d3():
    assert hp(play(both_fail(6) + [2])) == (8, 10)


def test_event_7_crumbling_stone_rings_out_a_fighter_on_an_end():
    dice = INIT + [1, 1, 19, 20, 19, 1, 3] + both_fail(7)[2:]  # b pushed to 8, then 1 and 8 fall
    g = play(dice, steps=3)
    assert g.state()["arena"] == [2, 7] and g.result()["method"] == "ringout" and g.result()["winner"] == "a"


def test_event_7_again_shrinks_further_and_with_crumble_once_does_nothing():
    g = play(INIT + both_fail(7)[2:] * 2, steps=3)
    assert g.state()["arena"] == [3, 6] and g.result() is None
    g = play(INIT + both_fail(7)[2:] * 2, steps=3, crumble="once")
    assert g.state()["arena"] == [2, 7] and events(g, "crumble_none")


def test_event_7_fourth_crumble_rings_both_out_a_tie():
    g = play(INIT + both_fail(7)[2:] * 4, steps=5)
    assert g.result()["winner"] is None and g.result()["method"] == "ringout"


def test_event_7_crumbled_spaces_take_their_mines_and_never_get_new_ones():
    g = play(INIT + mine_at(1) + both_fail(7)[2:] + mine_at(1)[:-1] + [8, 1, 2], steps=4)
    assert g.state()["mines"] == [2] and g.state()["arena"] == [2, 7]


def test_event_8_sudden_surge_higher_roller_d3_and_d3_knock_back():
    g = play(both_fail(8) + [2, 1])
    assert hp(g) == (10, 8) and g.pos == [5, 6]


def test_event_9_cheat():
    g = play(both_fail(9))
    assert hp(g) == (9, 10) and g.stun == [True, False] and g.attacker == 1


def test_event_10_time_slip_counts_down_d3_more():
    g = play(both_fail(10) + [3])
    assert g.time == 6 and events(g, "time") == [("time", 7, 3, 0), ("time", 6, 1, 0)]


def test_event_10_time_slip_to_zero_ends_the_fight_on_health():
    dice = INIT + both_fail(11)[2:] * 8 + [1, 1, 1, 20] + both_fail(10)[2:] + [3]
    g = play(dice, steps=11)
    assert g.time == 0 and g.result() == {"winner": "a", "method": "time", "moments": 10, "health": [10, 9]}


def test_event_11_the_switch_swaps_places_and_the_back_direction():
    g = play(INIT + both_fail(11)[2:] + [1, 5, 20, 1, 2], steps=3)  # then b's Grapple knocks a back: 5 -> 6
    assert g.pos == [6, 5] and hp(g) == (7, 10)


@pytest.mark.parametrize("event,stat", [(12, 0), (13, 1), (15, 3)])
def test_events_12_13_15_opposed_test_tie_both_suffer_2(event, stat):
    a_roll = 12 - A_BUILD[stat]
    b_roll = 12 - B_BUILD[stat]
    g = play(both_fail_ab(event) + [a_roll, b_roll], a=A_BUILD, b=B_BUILD)
    assert hp(g) == (8, 8) and events(g, "opposed") == [("opposed", 0, 12, 12)]


@pytest.mark.parametrize("event", [12, 13, 15])
def test_events_12_13_15_lowest_scorer_takes_d3(event):
    extra = [3] if event == 15 else []
    g = play(both_fail(event) + [10, 9, 2] + extra)
    assert hp(g) == (10, 8)
    if event == 15:
        assert g.pos == [7, 8]  # and knocked back D3 = 3: 5 -> 8
    else:
        assert g.pos == [4, 5]


def test_event_14_double_dash_reroll_ties_lowest_knocked_back_d3():
    g = play(both_fail_ab(14) + [5, 7, 1, 2, 2], a=A_BUILD, b=B_BUILD)  # 12 = 12 re-rolled, then 8 > 7
    assert g.pos == [6, 7] and events(g, "opposed") == [("opposed", 0, 8, 7)]


def test_event_16_healing_crystal_is_placed():
    g = play(both_fail(16) + [3])
    assert g.state()["crystals"] == [3]


def test_event_17_energy_vampire_highest_special():
    g = play(both_fail_ab(17) + [2], a=A_BUILD, b=B_BUILD)  # b has S 7
    assert hp(g) == (10, 8) and g.stun == [False, True]


def test_event_17_equal_special_both_by_default_or_a_roll_off():
    g = play(both_fail(17) + [1, 3])
    assert hp(g) == (9, 7) and g.stun == [True, True]
    g = play(both_fail(17) + [4, 9, 2], vampire_tie="rolloff")  # b rolls higher: counts as highest
    assert hp(g) == (10, 8) and g.stun == [False, True]


def test_event_18_super_counter_and_19_super_combo():
    g = play(both_fail(18) + [2, 3])
    assert hp(g) == (8, 10) and g.pos == [1, 2]
    g = play(both_fail(19) + [1, 2])
    assert hp(g) == (10, 9) and g.pos == [6, 7]


def test_event_20_sudden_death_higher_roller_kills_ties_reroll():
    g = play(both_fail(20) + [8, 8, 3, 15])
    assert g.result() == {"winner": "b", "method": "sudden-death", "moments": 1, "health": [10, 10]}


def test_event_reached_with_equal_rolls_rolls_off_for_lower():
    g = play(INIT + [1, 1, 20, 20, 6, 5, 11, 1])  # roll-off: a 5, b 11: a is lower
    assert events(g, "lower") == [("lower", 0, 0, 0)] and hp(g) == (9, 10)


# ---- time, KO
def test_time_runs_out_after_ten_moments_higher_health_wins():
    g = play(INIT + [1, 1, 1, 20] * 10, steps=11, health=20)
    assert g.result() == {"winner": "a", "method": "time", "moments": 10, "health": [20, 10]}


def test_time_runs_out_equal_health_is_a_tie():
    g = play(INIT + both_fail(11)[2:] * 10, steps=11)
    assert g.result() == {"winner": None, "method": "tie", "moments": 10, "health": [10, 10]}


def test_zero_health_is_a_knock_out():
    g = play(INIT + [6, 1, 1, 20, 3] * 3, steps=4)
    assert g.result() == {"winner": "a", "method": "ko", "moments": 3, "health": [10, 0]}


def test_input_must_be_zero_and_nothing_after_the_end():
    g = record.replay(Record("arena", {}, 0, []))
    with pytest.raises(ValueError):
        g.check(1)
    with pytest.raises(RecordError) as e:
        record.replay(Record("arena", {}, 0, [0, 0, 0, 0, 0], INIT + [6, 1, 1, 20, 3] * 3))
    assert "input 5" in str(e.value) and "over" in str(e.value)


def test_describe_names_the_fighters():
    g = play(INIT + [4, 1, 1, 20], a_name="Red", b_name="Blue")
    rec = Record("arena", {"a_name": "Red", "b_name": "Blue"}, 0, [0, 0], INIT + [4, 1, 1, 20])
    text = "\n".join(record.lines(g, rec))
    assert "Red attacks with Heavy Kick, Blue defends with Block" in text
    assert "Blue to space 6, Red follows to 5" in text
