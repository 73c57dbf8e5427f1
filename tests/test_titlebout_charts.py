"""Chart sets as data: knockdown and cut marks read off the chart result,
spreadsheet CSV charts and cards, extra ratings of a real card."""
import json

import pytest
from conftest import FIRMWARE

from dicebox.titlebout import csvfiles as tbcsv
from dicebox.titlebout import data as tbdata
from dicebox.core.log import EVENT, ROLL
from dicebox.core.record import Record, replay
from dicebox.titlebout.demo import CHARTS

FIGHTERS = FIRMWARE / "data" / "titlebout" / "fighters"


def card(stem, flags=True):
    c = json.loads((FIGHTERS / (stem + ".json")).read_text())
    c.pop("note")
    if not flags:
        c["punches"] = {k: v[:2] for k, v in c["punches"].items()}
    return c


def marked(**codes):
    """The demo set with the punch chart's results rewritten (code -> text)."""
    ch = json.loads(json.dumps(CHARTS))
    for row in ch["punch"]:
        row[2] = codes.get(row[2].replace("-", "_"), row[2])
    return ch


def bout(dice, charts, red, blue, inputs=(0,)):
    return replay(Record("titlebout", {"red": red, "blue": blue, "charts": charts}, 1, list(inputs), list(dice)))


def rolls(g):
    return [(e[1], e[3]) for e in map(g.log.entry, range(len(g.log))) if e[0] == ROLL]


def test_the_rules_knockdown_result_is_read_off_the_chart_not_the_card():
    ch = tbdata.check_charts(marked(R_77="R-(Knockdown)-77"), "c")
    assert ch["punch"][4] == [26, 27, "R-77", "KD"]
    # Hagler's card without any flag: the chart's "R-(Knockdown)-77" at 26 still sends him to the HP roll
    g = bout([13, 30, 26, 7, 12], ch, card("antuofermo", False), card("hagler", False))
    assert rolls(g)[2:] == [("blue punch chart", 26), ("blue HP", 7), ("red KDR1 chart", 12)]
    assert g.score[1][0] == 4


def test_a_chart_with_marks_decides_alone_the_cards_flags_are_not_read():
    ch = tbdata.check_charts(marked(R_44="R-(Cut)-44"), "c")
    # the demo card's R-77 carries KD, but this chart marks only R-44: 26 is a plain 4-point hook
    g = bout([13, 30, 26], ch, card("antuofermo"), card("hagler"))
    assert [r[0] for r in rolls(g)] == ["red CF", "blue PL", "blue punch chart"] and g.score[1][0] == 4
    # 63 is R-44, now a cut for whoever it lands on
    g = bout([10, 36, 63, 50], ch, card("antuofermo", False), card("hagler", False))
    assert rolls(g)[3] == ("blue cut chart", 50)


def test_a_chart_without_marks_leaves_them_to_the_cards():
    g = bout([13, 30, 26, 7, 12], "demo", card("antuofermo"), card("hagler"))
    assert rolls(g)[3] == ("blue HP", 7)
    g = bout([13, 30, 26, 7], "demo", card("antuofermo", False), card("hagler", False))
    assert [r[0] for r in rolls(g)] == ["red CF", "blue PL", "blue punch chart"] and g.score[1][0] == 4


@pytest.mark.parametrize("text,marks", [
    ("R-(Knockdown)-77", ["KD"]), ("R-(KD)-77", ["KD"]), ("R-(Cut)-77", ["CUT"]),
    ("R-(Knockdown/Cut)-77", ["KD", "CUT"]), ("R-(cut kd)-77", ["KD", "CUT"]), ("R-77", []),
])
def test_the_ways_a_mark_is_written(text, marks):
    ch = tbdata.check_charts(marked(R_77=text), "c")
    assert ch["punch"][4] == [26, 27, "R-77"] + marks


def test_marks_as_cells_and_bad_marks_are_named():
    ch = json.loads(json.dumps(CHARTS))
    ch["punch"][4] = [26, 27, "R-77", "CUT", "KD"]
    assert tbdata.check_charts(ch, "c")["punch"][4] == [26, 27, "R-77", "KD", "CUT"]
    for row, needle in (([26, 27, "R-(Knock)-77"], "c: field 'punch[4][2]': mark 'Knock' in 'R-(Knock)-77' is not Knockdown or Cut"),
                        ([26, 27, "R-77", "KO"], "c: field 'punch[4][3]': mark must be \"KD\" or \"CUT\""),
                        ([26, 27, "R-(KD)-77", "KD"], "c: field 'punch[4][3]': mark must be"),
                        ([26, 27, "R-(KD"], "'(' without ')'")):
        ch["punch"][4] = row
        with pytest.raises(tbdata.DataError) as e:
            tbdata.check_charts(ch, "c")
        assert needle in str(e.value)


def test_a_chart_set_from_a_spreadsheet_reads_as_its_json():
    from host_sim.tbcards import charts_to_csv

    text = charts_to_csv(CHARTS)
    assert tbcsv.charts(text, "c.csv") == CHARTS
    # what a European spreadsheet saves: BOM, semicolons, CRLF, capitalised words, quoted cells
    euro = "\ufeff" + text.replace(",", ";").replace("\n", "\r\n").replace("none", "None").replace(";K;", ";k;")
    euro = euro.replace("26;27;R-77", '26;27;"R-(Knockdown)-77"')
    got = tbcsv.charts(euro, "c.csv")
    assert got["punch"][4] == [26, 27, "R-77", "KD"] and got["knockdown"] == CHARTS["knockdown"]


@pytest.mark.parametrize("change,needle", [
    (lambda t: t.replace("41,55,5,7", "41,56,5,7"), "c.csv: field 'count[4]' (line 60): range 56-70 overlaps"),
    (lambda t: t.replace("\ncount\n", "\ncounts\n"), "c.csv:54: 'counts' is not one of the charts (punch, foul"),
    (lambda t: "punch\n" + t, "c.csv:4: chart 'punch' given twice"),
    (lambda t: "1,8,L-11\n" + t, "c.csv:1: '1' is before any chart"),
    (lambda t: t.replace("2,1,1,1,2", "3,1,1,1,2"), "c.csv:49: knockdown row for rating 3: the rows go 1, 2, 3... (this is row 2)"),
    (lambda t: t.replace("9,16,L-22", '9,16,"L-22'), "c.csv:6: a quoted cell has no closing quote"),
])
def test_a_bad_csv_chart_names_the_line(change, needle):
    from host_sim.tbcards import charts_to_csv

    with pytest.raises(tbdata.DataError) as e:
        tbcsv.charts(change(charts_to_csv(CHARTS)), "c.csv")
    assert needle in str(e.value), str(e.value)


def test_a_real_cards_extra_ratings_are_kept_not_refused_and_typos_still_are():
    c = card("hagler")
    c.update({"kdr2": 3, "ct": 12})
    out = tbdata.check_card(c, "h.json")
    assert out["kdr2"] == 3 and out["ct"] == 12 and tbdata.extras(out) == [("kdr2", 3), ("ct", 12)]
    bad = card("hagler")
    bad["kdr"] = bad.pop("kdr1")
    with pytest.raises(tbdata.DataError) as e:
        tbdata.check_card(bad, "h.json")
    assert "h.json: field 'kdr1': missing" in str(e.value)
    bad = card("hagler")
    bad["nickname"] = "Marvelous"
    with pytest.raises(tbdata.DataError) as e:
        tbdata.check_card(bad, "h.json")
    assert "h.json: field 'nickname': unknown field" in str(e.value) and "extra ratings: 0..99" in str(e.value)
    g = bout([13, 30, 26, 7, 12], "demo", card("antuofermo"), out)
    assert g.score[1][0] == 4  # an extra rating plays no part


def test_csv_card_with_extra_ratings_and_no_flags():
    text = "name,Kid\nagg,9\ncf,12\npl,50\nhp,10\nkdr1,3\nkdr2,4\nkor,2\nki,4\ncode,punch,points\nR-77,hook,4\n"
    c = tbcsv.card(text, "k.csv")
    assert c["kdr2"] == 4 and c["punches"] == {"R-77": ["hook", 4]}
    assert tbdata.check_card(c, "k.csv")["kdr2"] == 4


def test_csv_charts_and_cards_read_and_an_own_card_saves_on_the_device_interpreter(mp, tmp_path):
    from host_sim.tbcards import charts_to_csv

    (tmp_path / "c.csv").write_bytes(b"\xef\xbb\xbf" + charts_to_csv(tbdata.check_charts(marked(R_77="R-(Knockdown)-77"), "c")).replace(",", ";").encode())
    (tmp_path / "k.csv").write_text("name,Kid\nagg,9\ncf,12\npl,50\nhp,10\nkdr1,3\nkdr2,4\nkor,2\nki,4\ncode,punch,points\nR-77,\"hook, left\",4\n")
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(card("hagler")).encode())
    script = tmp_path / "go.py"
    script.write_text(
        "from dicebox.titlebout import cards\n"
        "c = cards.load_charts(%r)\nprint(c['punch'][4])\n"
        "k = cards.load_card(%r)\nprint(k['kdr2'], k['punches']['R-77'])\n"
        "print(cards.load_card(%r)['name'])\n"
        "own = {'name': 'Kid Real', 'agg': 1, 'cf': 1, 'pl': 1, 'hp': 1, 'kdr1': 1, 'kor': 1, 'ki': 1, 'punches': {}}\n"
        "print(cards.save_card(%r, own))\nprint(cards.save_card(%r, own))\n"
        % (str(tmp_path / "c.csv"), str(tmp_path / "k.csv"), str(tmp_path / "bom.json"),
           str(tmp_path / "own" / "f"), str(tmp_path / "own" / "f")))
    out = mp.run(script).stdout.decode().splitlines()
    assert out == ["[26, 27, 'R-77', 'KD']", "4 ['hook, left', 4]", "Marvin Hagler",
                   str(tmp_path / "own/f/kid-real.json"), str(tmp_path / "own/f/kid-real-2.json")]
    assert json.loads((tmp_path / "own/f/kid-real.json").read_text())["name"] == "Kid Real"
