"""The full scoresheet: each round's knockdowns, cuts, fouls and deductions
for both corners; decision by rounds won, points or ten-point must, and the
tie-break (docs/rules/title-bout.md, rulings 12 and 18)."""

import pytest
from conftest import FIRMWARE

from dicebox.titlebout import rules as tb
from dicebox.core.log import EVENT
from dicebox.core.record import Record, replay

from test_titlebout import ANT, HAG, FIGHTERS, card  # noqa: F401  (the same demo cards)


def bout(dice, inputs=(0,), **opts):
    o = {"red": ANT, "blue": HAG}
    o.update(opts)
    return replay(Record("titlebout", o, 1, list(inputs), list(dice)))


def test_a_knockdown_he_gets_up_from_is_marked_in_its_round():
    g = bout([13, 30, 26, 7, 14, 9, 46])  # the worked example: Antuofermo down, up at 5, Hagler scores 7
    assert g.marks(1, 0, tb.SHEET_DOWN) == 1 and g.marks(1, 1, tb.SHEET_DOWN) == 0
    assert g.knockdowns == [1, 0]


def test_a_cut_read_off_the_chart_is_marked_on_the_man_cut():
    g = bout([10, 36, 23, 90], charts="dicebox")  # 23: "R-(Cut)-66"; cut chart 90: a point
    assert g.marks(1, 1, tb.SHEET_CUT) == 1 and g.marks(1, 0, tb.SHEET_CUT) == 0
    g = bout([10, 36, 23, 50], charts="dicebox")  # 50: "none", no cut that tells
    assert g.marks(1, 1, tb.SHEET_CUT) == 0


def test_a_foul_and_its_deduction_are_marked_on_the_fouler():
    g = bout([10, 99, 95], charts="dicebox")  # 99 on the PL roll: the foul chart, 95 a point off
    assert (g.marks(1, 0, tb.SHEET_FOUL), g.marks(1, 0, tb.SHEET_OFF)) == (1, 1) and g.score[0][0] == -1
    g = bout([10, 99, 80], charts="dicebox")  # a warning: a foul, nothing off
    assert (g.marks(1, 0, tb.SHEET_FOUL), g.marks(1, 0, tb.SHEET_OFF)) == (1, 0) and g.score[0][0] == 0


def _decided(points, decision="rounds", tie_break="next", downs=(), off=()):
    """A bout's decision from a scoresheet written by hand: points [(red, blue)...],
    downs [(round, side)], off [(round, side, n)]."""
    g = bout([], inputs=(), rounds=4, decision=decision, tie_break=tie_break)
    g.round = len(points)
    for i, (a, b) in enumerate(points):
        g.score[0][i], g.score[1][i] = a, b
    for rnd, side in downs:
        g.sheet[(rnd - 1) * 8 + side * 4 + tb.SHEET_DOWN] += 1
    for rnd, side, n in off:
        g.sheet[(rnd - 1) * 8 + side * 4 + tb.SHEET_OFF] += n
        g.score[side][rnd - 1] -= n
    g._decide()
    return g


def test_ten_point_must_rounds():
    g = _decided([(12, 8), (5, 5), (3, 9), (7, 6)], "ten")
    assert [g.ten_round(i) for i in range(4)] == [(10, 9), (10, 10), (9, 10), (10, 9)]
    # a knockdown: 10-8; a winner who was down himself: even, raised to 10-10; a deduction comes off last
    g = _decided([(12, 8), (12, 8), (12, 8), (12, 8)], "ten", downs=[(1, 1), (2, 0), (3, 1), (3, 1)], off=[(4, 0, 2)])
    assert [g.ten_round(i) for i in range(4)] == [(10, 8), (10, 10), (10, 7), (8, 9)]
    assert g.ten_point() == (38, 34) and g.result()["ten_point"] == [38, 34]


def test_decision_by_ten_point_can_differ_from_points_and_rounds():
    sheet = [(20, 2), (6, 7), (6, 7), (6, 7)]  # red by 17 points, blue three rounds to one
    assert _decided(sheet, "points").winner == 0
    assert _decided(sheet, "rounds").winner == 1
    g = _decided(sheet, "ten", downs=[(1, 1), (1, 1), (1, 1)])  # 10-6 in round 1: 37-36
    assert g.ten_point() == (37, 36) and g.winner == 0


@pytest.mark.parametrize("decision,sheet,winner", [
    ("rounds", [(10, 2), (3, 4), (5, 5), (5, 5)], 0),   # 1-1 in rounds: red on points 23-16
    ("points", [(10, 1), (3, 6), (3, 6), (3, 6)], 1),   # 19-19: blue on rounds won 3-1
    ("points", [(10, 9), (9, 10), (6, 5), (5, 6)], -1),  # 30-30 and 2-2: a draw
    ("ten", [(10, 9), (9, 10), (6, 5), (5, 6)], -1),    # 40-40 and 2-2: a draw
])
def test_the_tie_break(decision, sheet, winner):
    g = _decided(sheet, decision)
    assert g.winner == winner and g.result()["method"] == ("draw" if winner < 0 else "decision")
    off = _decided(sheet, decision, tie_break="none")
    if g.decision_score()[0] == g.decision_score()[1]:
        assert off.winner == -1  # saved bouts, which had no tie-break, stay draws


def test_a_tie_on_rounds_won_goes_to_points_only_with_the_tie_break():
    sheet = [(10, 2), (3, 4), (5, 5), (5, 5)]
    assert _decided(sheet, "rounds", "next").winner == 0
    assert _decided(sheet, "rounds", "none").winner == -1


def test_saved_bouts_keep_no_tie_break_and_new_bouts_take_it():
    assert dict(tb.NEW_BOUT) == {"charts": "dicebox", "tie_break": "next"}
    g = bout([], inputs=())
    assert g.options["tie_break"] == "none" and g.options["charts"] == "demo"


def test_a_ratings_only_card_has_its_punches_asked_and_the_charts_looked_up():
    own = {k: HAG[k] for k in ("name", "agg", "cf", "pl", "hp", "kdr1", "kor", "ki")}
    own["name"] = "Kid Own"
    own["punches"] = {}
    # the own card is blue: CF 13 fails for Antuofermo, Kid Own lands (30), punch chart 26: R-(Knockdown)-77
    rec = Record("titlebout", {"red": ANT, "blue": own, "charts": "dicebox"}, 1, [0], [13, 30, 26, 7, 12])
    g = replay(rec)
    assert g.prompt() == tb.P_PUNCH[1]  # the card's points: asked; the knockdown mark: off the chart
    rec.inputs.append(3)
    g = replay(rec)
    assert g.score[1][0] == 4  # the HP roll 7 (Hagler's HP 11), KDR1 row 2 at 12: the chart gives 4
    assert "Kid Own lands a punch: knockdown chart gives 4 points" in [g.describe(*g.log.entry(i)[1:]) for i in range(len(g.log)) if g.log.entry(i)[0] == EVENT]
    # the stored corner is looked up as before: no question for Antuofermo's punches
    rec2 = Record("titlebout", {"red": ANT, "blue": own, "charts": "dicebox"}, 1, [0], [10, 36, 63])
    g2 = replay(rec2)
    assert g2.score[0][0] == 2 and g2.prompt() is tb.NEXT


def test_the_pulled_scoresheet_shows_the_ten_point_card_and_keeps_every_line_on_the_page():
    from PIL import Image  # noqa: F401  (the sheets need Pillow)

    from host_sim import sheets

    # a 4-round bout: Antuofermo down in round 1, then a foul of Hagler's costing him a point
    g = bout([13, 30, 26, 7, 14, 9, 46, 13, 36, 23, 99, 95] + [20] * 8, inputs=(2,), rounds=4, charts="dicebox",
             decision="ten")
    r = g.result()
    lines = [t for t, _ in sheets.sheet_lines(g, [f.name for f in g.fighters], r, g.round)]
    assert "Ten-point card: Vito Antuofermo %d, Marvin Hagler %d" % tuple(r["ten_point"]) in lines
    assert lines[2] == "  by round: " + "  ".join("%d-%d" % g.ten_round(i) for i in range(g.round))
    img = sheets.scoresheet(Record("titlebout", g.options, 1, [], []), g).convert("L")
    w, h = img.size
    # nothing drawn in the right margin: a line that ran off the page would touch its edge
    margin = img.crop((w - 30, 0, w, h))
    assert margin.getextrema() == (255, 255), "text runs into the right margin"
    assert img.crop((0, 0, w - 30, h)).getextrema()[0] < 128  # and the sheet is drawn
