"""Title Bout with dice: every worked example of the rules, every option and
the assisted mode, through forced dice (docs/rules/title-bout.md traces each
rule sentence to a test here)."""
import json

import pytest
from conftest import FIRMWARE

from dicebox.titlebout import rules as tb
from dicebox.core.dice import PCT
from dicebox.core.game import RecordError
from dicebox.core.log import EVENT, ROLL
from dicebox.core.record import Record, replay, transcript

FIGHTERS = FIRMWARE / "data" / "titlebout" / "fighters"


def card(stem):
    c = json.loads((FIGHTERS / (stem + ".json")).read_text())
    c.pop("note")
    return c


ANT, HAG = card("antuofermo"), card("hagler")


def bout(dice, inputs=(0,), red=None, blue=None, seed=1, **opts):
    o = {"red": red or ANT, "blue": blue or HAG}
    o.update(opts)
    rec = Record("titlebout", o, seed, list(inputs), list(dice))
    return replay(rec)


def rolls(g):
    return [(e[1], e[3]) for e in map(g.log.entry, range(len(g.log))) if e[0] == ROLL]


def events(g, name=None):
    out = [e[1:] for e in map(g.log.entry, range(len(g.log))) if e[0] == EVENT]
    return [e for e in out if name is None or e[0] == name]


def texts(g):
    return [g.describe(*e) for e in events(g)]


# --- the seed's worked examples -------------------------------------------

def test_higher_agg_starts_antuofermo_10_beats_hagler_8():
    g = bout([10, 36, 63], inputs=[])
    assert events(g) == [("start", 0, 0, 0)]
    assert g.control == 0 and g.prompt() == tb.NEXT
    # the same with the cards swapped: still the AGG 10 man
    g = bout([], inputs=[], red=HAG, blue=ANT)
    assert g.control == 1 and "Vito Antuofermo starts in control (higher AGG)" in texts(g)


def test_example_cf_10_pl_36_punch_63_is_r44_a_2_point_cross():
    g = bout([10, 36, 63])
    assert rolls(g) == [("red CF", 10), ("red PL", 36), ("red punch chart", 63)]
    assert g.control == 0  # 10 is within CF 11: he keeps control
    code = g.codes.index("R-44")
    assert events(g, "punch") == [("punch", 0, code, 2)]
    assert "Vito Antuofermo lands cross (R-44): 2 points" in texts(g)
    assert g.score[0][0] == 2 and g.score[1][0] == 0


def test_cf_11_is_within_and_12_is_not():
    assert bout([11, 90]).control == 0
    g = bout([12, 90])
    assert g.control == 1 and rolls(g)[1] == ("blue PL", 90)


def test_three_rolls_move_the_time_three_clicks():
    g = bout([10, 36, 63])
    assert g.click == 3 and g.clicks == 3
    g = bout([10, 36, 63, 10, 80], inputs=[0, 0])  # a miss: two rolls, two clicks
    assert g.click == 5


def test_cf_13_passes_control_to_hagler_who_attacks_in_the_same_manner():
    g = bout([13, 30, 63])
    assert rolls(g) == [("red CF", 13), ("blue PL", 30), ("blue punch chart", 63)]
    assert g.control == 1 and events(g, "control") == [("control", 1, 13, 0)]
    assert g.score[1][0] == 3  # R-44 on Hagler's card is a 3-point cross
    # next exchange: d20 against the CF of the fighter in control (Hagler, 12)
    g = bout([13, 90, 12, 90], inputs=[0, 0])
    assert rolls(g)[2] == ("blue CF", 12) and g.control == 1


def test_pl_45_means_a_roll_of_1_to_45_lands():
    assert events(bout([10, 45, 63]), "punch")
    g = bout([10, 46])
    assert events(g, "miss") == [("miss", 0, 46, 0)] and len(rolls(g)) == 2


def test_hagler_26_is_a_knockdown_punch_d20_7_then_12_on_kdr1_row_2_scores_4():
    g = bout([13, 30, 26, 7, 12])
    assert rolls(g)[2:] == [("blue punch chart", 26), ("blue HP", 7), ("red KDR1 chart", 12)]
    assert g.score[1][0] == 4
    assert "Marvin Hagler lands hook (R-77): knockdown chart gives 4 points" in texts(g)
    assert g.knockdowns == [0, 0]


def test_knockdown_punch_d20_above_hp_scores_the_punch_only():
    g = bout([13, 30, 26, 12])  # 12 is higher than Hagler's HP 11
    assert len(rolls(g)) == 4 and g.score[1][0] == 4  # R-77 on Hagler's card: a 4-point hook
    assert events(g, "punch")[0][3] == 4 and g.knockdowns == [0, 0]


def test_hp_roll_equal_to_hp_goes_to_the_chart():
    g = bout([13, 30, 26, 11, 1])
    assert rolls(g)[-1] == ("red KDR1 chart", 1) and g.score[1][0] == 1


def test_14_is_a_k_knockdown_then_kor_1_with_6_is_a_knockout():
    g = bout([13, 30, 26, 7, 14, 6], inputs=[2])
    assert rolls(g)[4:] == [("red KDR1 chart", 14), ("red KOR chart", 6)]
    assert g.prompt() is None and g.knockdowns == [1, 0]
    r = g.result()
    assert r["winner"] == "Marvin Hagler" and r["method"] == "KO" and r["round"] == 1
    assert "Vito Antuofermo is knocked out" in texts(g)


def test_kor_9_gets_him_up_count_chart_46_is_a_count_of_5_and_7_points():
    g = bout([13, 30, 26, 7, 14, 9, 46] + [90] * 9)
    assert rolls(g)[5:7] == [("red KOR chart", 9), ("red count chart", 46)]
    assert events(g, "down") == [("down", 0, 5, 7)]
    assert "Vito Antuofermo is DOWN, up at the count of 5; Marvin Hagler scores 7" in texts(g)
    assert g.knockdowns == [1, 0] and g.result() is None
    # the knockdown sets off Hagler's Killer Instinct: 9 more 2d10
    assert [r for r in rolls(g) if r[0] == "blue KI"] == [("blue KI", 90)] * 9
    assert g.score[1][0] == 7


def test_killer_instinct_after_a_5_point_punch_rolls_2d10_ki_9_times():
    # R-88 is Hagler's 5-point uppercut (a knockdown punch: d20 15 > HP 11 scores it)
    g = bout([13, 30, 88, 15] + [90] * 9)
    assert g.score[1][0] == 5 and events(g, "ki") == [("ki", 1, 9, 0)]
    assert [r for r in rolls(g) if r[0] == "blue KI"] == [("blue KI", 90)] * 9
    assert g.click == 4 + 9  # every KI roll moves the time one click
    assert "Killer Instinct: Marvin Hagler throws 9 more" in texts(g)


def test_no_killer_instinct_after_a_4_point_punch():
    g = bout([13, 30, 26, 12, 10, 90], inputs=[0, 0])
    assert not events(g, "ki") and rolls(g)[4] == ("blue CF", 10)


def test_ki_punches_land_score_and_do_not_set_off_more_ki():
    # KI roll 30 lands, punch chart 88 (5 points, d20 15 keeps it a punch): no new KI
    g = bout([13, 30, 88, 15, 30, 88, 15] + [90] * 8)
    assert g.score[1][0] == 10 and len(events(g, "ki")) == 1
    assert sum(1 for r in rolls(g) if r[0] == "blue KI") == 9


@pytest.mark.parametrize("roll,chart", [(99, "foul"), (100, "injury")])
def test_99_or_100_on_the_pl_roll_goes_to_a_chart_nothing_is_a_missed_punch(roll, chart):
    g = bout([10, roll, 1])
    assert rolls(g)[1:] == [("red PL", roll), ("red %s chart" % chart, 1)]
    assert g.score == bout([10, 46]).score  # scored as a miss
    assert "%s chart: nothing happens, a missed punch" % chart in texts(g)


def test_99_on_the_punch_chart_roll_is_a_possible_foul_too():
    g = bout([10, 30, 99, 1])
    assert rolls(g)[2:] == [("red punch chart", 99), ("red foul chart", 1)]
    assert not events(g, "punch")


def test_foul_chart_effects_warning_points_off_and_disqualification():
    assert bout([10, 99, 60]).score[0][0] == 0 and "Vito Antuofermo fouls: a warning" in texts(bout([10, 99, 60]))
    assert bout([10, 99, 90]).score[0][0] == -1
    assert bout([10, 99, 97]).score[0][0] == -2
    g = bout([10, 99, 100])
    r = g.result()
    assert r["method"] == "DQ" and r["winner"] == "Marvin Hagler" and g.prompt() is None


def test_injury_chart_effects_points_and_stoppage():
    g = bout([10, 100, 80])
    assert g.score[0][0] == 1 and "Marvin Hagler is injured: Vito Antuofermo scores 1" in texts(g)
    r = bout([10, 100, 99]).result()
    assert (r["method"], r["reason"], r["winner"]) == ("TKO", "injury", "Vito Antuofermo")


def test_a_cut_result_rolls_2d10_on_the_cut_chart():
    # R-66 is Antuofermo's 4-point overhand with a cut flag
    g = bout([10, 30, 24, 50])
    assert rolls(g)[3] == ("blue cut chart", 50)
    assert g.score[0][0] == 4 + 1 and "Marvin Hagler is cut: Vito Antuofermo scores 1" in texts(g)
    assert bout([10, 30, 24, 10]).score[0][0] == 4
    r = bout([10, 30, 24, 100]).result()
    assert (r["method"], r["reason"], r["winner"]) == ("TKO", "cut", "Vito Antuofermo")


def test_40_clicks_are_one_round_and_the_scoresheet_keeps_each_round():
    # 20 exchanges of CF 10 + PL 90 (a miss): exactly 40 clicks, then round 2
    dice = [10, 90] * 19 + [10, 36, 63] + [10, 36, 63]
    g = bout(dice, inputs=[0] * 21)
    assert events(g, "round") == [("round", 1, 2, 0)]  # the 63 punch in round 1 ended at click 41
    assert g.round == 2 and g.click == 3 and g.score[0][:2] == [2, 2]
    g = bout([10, 90] * 20, inputs=[0] * 20)
    assert g.round == 2 and g.click == 0 and g.clicks == 40


def test_a_full_bout_goes_the_scheduled_rounds_and_ends_on_the_scoresheet():
    for rounds in (4, 15):
        g = bout([10, 90] * (20 * rounds), inputs=[2], rounds=rounds)
        r = g.result()
        assert r["round"] == rounds and len(r["scoresheet"]) == rounds
        assert r["method"] == "draw" and r["winner"] is None and g.prompt() is None
        assert g.clicks == 40 * rounds


ROUNDS_2_TO_4 = [13, 30, 1] + [12, 90] * 19 + ([12, 30, 1] + [12, 90] * 19) * 2  # a 1-point jab for blue a round


def test_decision_by_rounds_won_is_the_default():
    dice = [10, 36, 63] + [10, 90] * 19 + ROUNDS_2_TO_4
    r = bout(dice, inputs=[2], rounds=4).result()
    assert r["scoresheet"] == [[2, 0], [0, 1], [0, 1], [0, 1]]
    assert (r["winner"], r["method"], r["rounds_won"], r["totals"]) == ("Marvin Hagler", "decision", [1, 3], [2, 3])


def test_decision_by_points_can_differ_from_rounds_won():
    dice = [10, 36, 63, 10, 36, 63] + [10, 90] * 17 + ROUNDS_2_TO_4  # red wins round 1 by 4
    by_rounds = bout(dice, inputs=[2], rounds=4).result()
    by_points = bout(dice, inputs=[2], rounds=4, decision="points").result()
    assert by_rounds["winner"] == "Marvin Hagler" and by_points["winner"] == "Vito Antuofermo"
    assert by_points["totals"] == [4, 3] and by_points["scoresheet"][0] == [4, 0]


def test_equal_rounds_won_is_a_draw_on_the_scoresheet():
    dice = [10, 36, 63] + [10, 90] * 19 + [13, 30, 63] + [12, 90] * 19 + [12, 90] * 40
    r = bout(dice, inputs=[2], rounds=4).result()
    assert r["rounds_won"] == [1, 1] and r["winner"] is None and r["method"] == "draw"


# --- options (rulings where players could differ) --------------------------

def test_agg_tie_default_is_a_2d6_roll_off_before_the_clock_starts():
    even = dict(ANT, agg=8)
    g = bout([7, 7, 5, 9], inputs=[], red=even)
    assert rolls(g) == [("AGG tie red 2d6", 7), ("AGG tie blue 2d6", 7), ("AGG tie red 2d6", 5), ("AGG tie blue 2d6", 9)]
    assert g.control == 1 and g.click == 0 and events(g, "start") == [("start", 1, 1, 0)]


def test_agg_tie_red_or_referee_choice():
    even = dict(ANT, agg=8)
    assert bout([], inputs=[], red=even, agg_tie="red").control == 0
    g = bout([], inputs=[], red=even, agg_tie="ask")
    assert g.prompt() == tb.P_TIE
    g = bout([], inputs=[1], red=even, agg_tie="ask")
    assert g.control == 1 and g.prompt() == tb.NEXT


def test_lose_control_cf_option_new_controller_rolls_cf_first():
    g = bout([13, 12, 30, 63], inputs=[0, 0], lose_control="cf")
    assert rolls(g) == [("red CF", 13), ("blue CF", 12), ("blue PL", 30), ("blue punch chart", 63)]


@pytest.mark.parametrize("rule,roll,chart", [("foul", 100, "foul"), ("injury", 99, "injury"), ("split", 99, "foul")])
def test_foul_chart_option_picks_the_chart(rule, roll, chart):
    g = bout([10, roll, 1], foul_chart=rule)
    assert rolls(g)[2] == ("red %s chart" % chart, 1)


def test_foul_chart_ask_lets_the_referee_choose():
    g = bout([10, 99, 80], foul_chart="ask")
    assert g.prompt() == tb.P_WHICH
    g = bout([10, 99, 80], inputs=[0, 1], foul_chart="ask")
    assert rolls(g)[2] == ("red injury chart", 80) and g.score[0][0] == 1


def test_ki_roll_punch_reads_each_ki_roll_on_the_punch_chart():
    g = bout([13, 30, 88, 15] + [63] * 9, ki_roll="punch")
    assert sum(1 for r in rolls(g) if r[0] == "blue KI") == 9
    assert g.score[1][0] == 5 + 9 * 3  # nine R-44 crosses, 3 points each for Hagler


def test_ki_clock_false_ki_rolls_do_not_move_the_time():
    g = bout([13, 30, 88, 15] + [90] * 9, ki_clock=False)
    assert g.click == 4 and len(rolls(g)) == 13


def test_round_end_bell_stops_the_exchange_at_the_40th_click():
    dice = [10, 90] * 19 + [10, 36, 63]  # the PL roll 36 is click 40: no punch chart roll
    g = bout(dice, inputs=[0] * 20, round_end="bell")
    assert events(g, "bell") == [("bell", 1, 40, 0)] and g.score[0][0] == 0 and g.round == 2
    assert rolls(g)[-1] == ("red PL", 36)
    g = bout(dice, inputs=[0] * 20)  # default "finish": the punch is read and scored in round 1
    assert g.score[0][0] == 2 and g.round == 2


def test_round_start_agg_gives_control_back_to_the_starter():
    dice = [13, 90] + [12, 90] * 19 + [10, 90]
    g = bout(dice, inputs=[0] * 21, round_start="agg")
    assert rolls(g)[-2] == ("red CF", 10)
    g = bout(dice, inputs=[0] * 21)
    assert rolls(g)[-2] == ("blue CF", 10)


def test_three_knockdowns_in_a_round_option():
    again = [12, 30, 26, 7, 14, 9, 46] + [90] * 9  # Hagler keeps control and drops him again
    down = [13, 30, 26, 7, 14, 9, 46] + [90] * 9 + again * 2
    g = bout(down, inputs=[0, 0, 0], three_knockdowns=True)
    r = g.result()
    assert (r["method"], r["reason"], r["knockdowns"]) == ("TKO", "three knockdowns", [3, 0])
    assert bout(down, inputs=[0, 0, 0]).result() is None and g.round == 1


def test_next_input_runs_one_exchange_a_round_or_the_bout():
    g = bout([10, 90] * 25, inputs=[1])
    assert g.round == 2 and g.click == 0 and g.prompt() == tb.NEXT
    g = bout([10, 90] * 25, inputs=[0])
    assert g.clicks == 2
    with pytest.raises(RecordError, match="0..2"):
        bout([], inputs=[3])


# --- assisted play: the players hold the cards ---------------------------

def test_assisted_setup_asks_the_five_ratings_the_box_needs():
    g = bout([], inputs=[], red=None, blue=None, assisted=True)
    asked = []
    rec = Record("titlebout", {"assisted": True}, 1, [])
    for value in (10, 11, 45, 9, 5, 8, 12, 48, 11, 9):
        g = replay(rec)
        asked.append(g.prompt()[0])
        rec.inputs.append(value)
    assert asked == ["red AGG", "red CF", "red PL", "red HP", "red KI", "blue AGG", "blue CF", "blue PL", "blue HP", "blue KI"]
    g = replay(rec)
    assert g.prompt() == tb.NEXT and g.control == 0 and g.fighters[1].ki == 9


SETUP = [10, 11, 45, 9, 5, 8, 12, 48, 11, 9]


def test_assisted_punch_the_box_rolls_and_asks_what_the_card_says():
    rec = Record("titlebout", {"assisted": True}, 1, SETUP + [0], [10, 36, 63])
    g = replay(rec)
    assert g.prompt() == tb.P_PUNCH[0] and rolls(g)[-1] == ("red punch chart", 63)
    rec.inputs += [2, 0]
    g = replay(rec)
    assert g.score[0][0] == 2 and g.prompt() == tb.NEXT and "Vito" not in " ".join(texts(g))


def test_assisted_knockdown_chart_and_count_are_asked():
    # Hagler's 26: the referee reads R-(Knockdown)-77 (kind 1), HP d20 7 <= 11,
    # chart row 2 at 14 is K (10), KOR chart 9 is a number (0), count chart 46: count 5, 7 points
    rec = Record("titlebout", {"assisted": True}, 1, SETUP + [0, 4, 1, 10, 0, 5, 7], [13, 30, 26, 7, 14, 9, 46] + [90] * 9)
    g = replay(rec)
    asked = []
    for n in range(len(SETUP) + 1, len(rec.inputs) + 1):
        asked.append(replay(Record(rec.ruleset, rec.options, 1, rec.inputs[:n], rec.dice)).prompt())
    assert asked == [tb.P_PUNCH[1], tb.P_KIND, tb.P_KDR, tb.P_KOR, tb.P_COUNT, tb.P_COUNT_PTS, tb.NEXT]
    assert events(g, "down") == [("down", 0, 5, 7)] and g.score[1][0] == 7
    assert sum(1 for r in rolls(g) if r[0] == "blue KI") == 9


def test_assisted_knockout_and_chart_stoppages():
    rec = Record("titlebout", {"assisted": True}, 1, SETUP + [0, 4, 1, 10, 1], [13, 30, 26, 7, 14, 6])
    assert replay(rec).result()["method"] == "KO"
    rec = Record("titlebout", {"assisted": True}, 1, SETUP + [0, 10], [10, 99, 50])
    assert replay(rec).result()["method"] == "DQ"
    rec = Record("titlebout", {"assisted": True}, 1, SETUP + [0, 4, 2, 10], [10, 30, 24, 50])
    assert replay(rec).result()["reason"] == "cut"


def test_assisted_with_one_card_typed_in_asks_only_the_other_ratings():
    rec = Record("titlebout", {"assisted": True, "red": ANT}, 1, [])
    assert replay(rec).prompt()[0] == "blue AGG"


def test_without_assisted_both_cards_are_needed():
    with pytest.raises(RecordError, match="options.blue: a fighter card is needed"):
        replay(Record("titlebout", {"red": ANT}, 1, []))


# --- the record is the truth -----------------------------------------------

def test_replay_and_transcript_are_stable_and_name_the_rolls():
    rec = Record("titlebout", {"red": ANT, "blue": HAG}, 42, [2])
    t1 = transcript(replay(rec), rec)
    t2 = transcript(replay(rec), rec)
    assert t1 == t2 and t1["result"]["winner"] in (ANT["name"], HAG["name"], None)
    assert all(set(r) == {"die", "value", "for"} for r in t1["rolls"])
    assert sum(1 for r in t1["rolls"] if r["for"].endswith(" CF")) == t1["state"]["exchanges"]


def test_bad_forced_die_is_a_record_error():
    with pytest.raises(RecordError, match="21 is not in 1..20"):
        bout([21])


def test_prompt_and_roll_constants_fit_the_device():
    for p in (tb.NEXT, tb.P_TIE, tb.P_WHICH, tb.P_KIND, tb.P_KDR, tb.P_KOR, tb.P_COUNT, tb.P_COUNT_PTS,
              tb.P_FOUL, tb.P_INJURY, tb.P_CUT) + tb.P_PUNCH + tb.P_SETUP[0] + tb.P_SETUP[1]:
        assert len(p[0]) <= 42 and 0 <= p[1] <= p[2] <= 98  # two lines of 21 characters on the 128x64 screen
