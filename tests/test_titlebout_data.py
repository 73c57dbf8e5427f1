"""Title Bout cards and charts as data: checks name the file, the field and
the problem; one bad file never stops the others (host and device)."""
import copy
import json

import pytest
from conftest import FIRMWARE

from dicebox.titlebout import cardlist, cards
from dicebox.titlebout import data as tbdata
from dicebox.titlebout.demo import CHARTS

DATA = FIRMWARE / "data" / "titlebout"


def demo(stem):
    return json.loads((DATA / "fighters" / (stem + ".json")).read_text())


def test_demo_chart_file_is_the_built_in_demo_set_and_labelled_invented():
    on_disk = json.loads((DATA / "charts-demo.json").read_text())
    assert "INVENTED" in on_disk.pop("note")
    assert on_disk == CHARTS
    assert tbdata.check_charts(on_disk, "charts-demo.json")["punch"] == CHARTS["punch"]


def test_every_demo_card_is_valid_labelled_and_fits_the_demo_charts():
    found, errors = cardlist.load_dir(str(DATA / "fighters"), CHARTS)
    assert errors == [] and len(found) >= 5
    for path in (DATA / "fighters").glob("*.json"):
        assert "INVENTED" in json.loads(path.read_text())["note"]


def test_demo_data_holds_every_number_of_the_worked_examples():
    ant, hag = demo("antuofermo"), demo("hagler")
    assert (ant["agg"], ant["cf"], ant["pl"], ant["kdr1"], ant["kor"]) == (10, 11, 45, 2, 1)
    assert (hag["agg"], hag["hp"], hag["ki"]) == (8, 11, 9)
    charts = tbdata.Charts(CHARTS)
    assert charts.codes[charts.punch[63]] == "R-44" and ant["punches"]["R-44"] == ["cross", 2]
    assert charts.codes[charts.punch[26]] == "R-77" and "KD" in hag["punches"]["R-77"]
    assert charts.kd[1][12 - 1] == 4 and charts.kd[1][14 - 1] == tbdata.KNOCKOUT
    assert charts.kd[0][6 - 1] == tbdata.KNOCKOUT and charts.kd[0][9 - 1] != tbdata.KNOCKOUT
    assert (charts.count[46], charts.count_points[46]) == (5, 7)


def _bad_card(change):
    c = demo("hagler")
    change(c)
    return c


@pytest.mark.parametrize("change,needle", [
    (lambda c: c.pop("cf"), "hagler.json: field 'cf': missing"),
    (lambda c: c.update(pl="45"), "field 'pl': must be a whole number, not '45'"),
    (lambda c: c.update(hp=True), "field 'hp': must be a whole number, not True"),
    (lambda c: c.update(kdr1=12), "field 'kdr1': 12 is outside 1..9"),
    (lambda c: c.update(pl=99), "field 'pl': 99 is outside 1..98"),
    (lambda c: c.update(kd="1"), "field 'kd': unknown field"),
    (lambda c: c.update(kd=100), "field 'kd': unknown field"),
    (lambda c: c.update(name=""), "field 'name': must be non-empty text"),
    (lambda c: c["punches"].update({"R-44": ["cross", 12]}), "field 'punches.R-44[1]': 12 is outside 0..9"),
    (lambda c: c["punches"].update({"R-44": ["cross", 2, "KO"]}), "field 'punches.R-44[2]': flag must be"),
    (lambda c: c["punches"].update({"R-44": "cross"}), "field 'punches.R-44': must be [punch, points]"),
    (lambda c: c.update(punches=[]), "field 'punches': must be an object"),
])
def test_bad_card_names_file_field_and_problem(change, needle):
    with pytest.raises(tbdata.DataError) as e:
        tbdata.check_card(_bad_card(change), "hagler.json")
    assert needle in str(e.value)


def test_card_must_price_every_punch_chart_code_and_name_chart_rows():
    c = tbdata.check_card(_bad_card(lambda c: c["punches"].pop("R-77")), "x.json")
    with pytest.raises(tbdata.DataError, match="x.json: field 'punches': no entry for 'R-77'"):
        tbdata.check_fit(c, CHARTS, "x.json")
    c = tbdata.check_card(_bad_card(lambda c: c.update(kor=7)), "x.json")
    with pytest.raises(tbdata.DataError, match="field 'kor': 7 has no row in the knockdown chart"):
        tbdata.check_fit(c, CHARTS, "x.json")


def _bad_charts(change):
    c = copy.deepcopy(CHARTS)
    change(c)
    return c


@pytest.mark.parametrize("change,needle", [
    (lambda c: c.pop("cut"), "field 'cut': missing"),
    (lambda c: c["punch"].__setitem__(1, [8, 16, "L-22"]), "field 'punch[1]': range 8-16 overlaps the range before it (which ends at 8)"),
    (lambda c: c["punch"].__setitem__(1, [10, 16, "L-22"]), "field 'punch[1]': gap: no range covers 9-9"),
    (lambda c: c["count"].pop(), "field 'count': gap: no range covers 93-100"),
    (lambda c: c["foul"].__setitem__(0, [1, 55, "nothing"]), "field 'foul[0][2]': effect must be one of"),
    (lambda c: c["foul"].__setitem__(2, [81, 94, "points"]), "field 'foul[2]': \"points\" takes a number"),
    (lambda c: c["injury"].__setitem__(0, [1, 70, "warn"]), "field 'injury[0][2]': effect must be one of none, points, stop"),
    (lambda c: c["cut"].__setitem__(0, [30, 1, "none"]), "field 'cut[0]': range 30-1 runs backwards"),
    (lambda c: c["knockdown"][1].pop(), "field 'knockdown[1]': row for rating 2 must list 20 results"),
    (lambda c: c["knockdown"][1].__setitem__(3, "X"), "field 'knockdown[1][3]': must be \"K\" or points"),
    (lambda c: c["count"].__setitem__(0, [1, 15, 0, 4]), "field 'count[0][2]': 0 is outside 1..9"),
    (lambda c: c.update(extra=1), "field 'extra': unknown field"),
])
def test_bad_charts_name_file_field_and_problem(change, needle):
    with pytest.raises(tbdata.DataError) as e:
        tbdata.check_charts(_bad_charts(change), "my-charts.json")
    assert "my-charts.json: " in str(e.value) and needle in str(e.value)


def test_load_dir_reports_a_bad_file_and_keeps_the_others(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(demo("hagler")))
    (tmp_path / "b.json").write_text("{not json")
    (tmp_path / "c.json").write_text(json.dumps(_bad_card(lambda c: c.update(ki=-1))))
    (tmp_path / "d.json").write_text(json.dumps(demo("okafor")))
    found, errors = cardlist.load_dir(str(tmp_path), CHARTS)
    assert [c["name"] for c in found] == ["Marvin Hagler", "Danny Okafor"]
    assert errors == ["%s/b.json: not valid JSON" % tmp_path, "%s/c.json: field 'ki': -1 is outside 0..20" % tmp_path]


def test_load_dir_on_the_device_interpreter(mp, tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(demo("valdez")))
    (tmp_path / "b.json").write_text(json.dumps(_bad_card(lambda c: c.update(cf=0))))
    script = tmp_path / "load.py"
    script.write_text(
        "from dicebox.titlebout import cardlist, cards\nfrom dicebox.titlebout.demo import CHARTS\n"
        "found, errors = cardlist.load_dir(%r, CHARTS)\nprint([c['name'] for c in found])\nprint(errors)\n"
        "print(cards.load_charts(%r)['count'][3])\n" % (str(tmp_path), str(DATA / "charts-demo.json")))
    out = mp.run(script).stdout.decode().splitlines()
    assert out == ["['Rocco Valdez']", "[\"%s/b.json: field 'cf': 0 is outside 1..20\"]" % tmp_path, "[41, 55, 5, 7]"]


def test_option_checker_refuses_unknown_chart_set_names():
    with pytest.raises(tbdata.DataError, match='chart set "full" is not built in'):
        tbdata.opt_charts("full")
    assert tbdata.opt_charts("demo") == "demo"
