"""dicebox-sim fight/stats titlebout: transcripts, records, CSV cards and one-line errors."""
import json

import pytest
from test_cli import cli

from conftest import FIRMWARE

from host_sim.tbcards import csv_to_card

FIGHTERS = FIRMWARE / "data" / "titlebout" / "fighters"

CSV = """name,Kid Csv
agg,9
cf,12
pl,50
hp,10
kdr1,3
kor,2
ki,4
code,punch,points,flags
L-11,jab,1
L-22,jab,1
L-33,hook,2,CUT
L-44,hook,2
L-55,uppercut,3
L-66,hook,3
R-11,cross,1
R-22,cross,2
R-33,uppercut,3
R-44,cross,2
R-55,hook,3
R-66,overhand,4,KD CUT
R-77,hook,4,KD
R-88,uppercut,5
"""


def test_fight_json_transcript_has_rolls_and_result_and_the_record_replays(tmp_path):
    rec = tmp_path / "bout.json"
    code, out, err = cli("fight", "titlebout", "--red", "antuofermo", "--blue", "Marvin Hagler", "--seed", "11",
                         "--json", "--save", str(rec))
    assert code == 0 and err == ""
    t = json.loads(out)
    assert t["ruleset"] == "titlebout" and t["seed"] == 11
    assert t["rolls"] and set(t["rolls"][0]) == {"die", "value", "for"}
    r = t["result"]
    assert r["method"] in ("KO", "TKO", "DQ", "decision", "draw")
    assert r["winner"] in ("Vito Antuofermo", "Marvin Hagler", None)
    assert len(r["scoresheet"]) == r["round"]
    code, out2, _ = cli("replay", str(rec), "--json")
    assert code == 0 and json.loads(out2) == t
    assert len(rec.read_text()) < 3000  # cards in the options, the demo charts by name


def test_fight_forced_dice_reproduce_the_example_in_text():
    code, out, _ = cli("fight", "titlebout", "--red", "antuofermo", "--blue", "hagler", "--seed", "1",
                       "--dice", "13,30,26,7,14,6")
    assert code == 0
    assert "d20 = 14  (red KDR1 chart)" in out and "Marvin Hagler wins by KO in round 1" in out


def test_fight_options_and_rounds_reach_the_record():
    code, out, _ = cli("fight", "titlebout", "--red", "valdez", "--blue", "okafor", "--seed", "5", "--rounds", "4",
                       "--option", "ki_roll=punch", "--option", "ki_clock=false", "--json")
    t = json.loads(out)
    assert code == 0 and t["options"]["ki_roll"] == "punch" and t["options"]["ki_clock"] is False
    assert t["options"]["rounds"] == 4 and t["result"]["round"] <= 4


def test_csv_card_imports_and_fights(tmp_path):
    path = tmp_path / "kid.csv"
    path.write_text(CSV)
    card = csv_to_card(CSV, "kid.csv")
    assert card["punches"]["R-66"] == ["overhand", 4, "KD", "CUT"] and card["pl"] == 50
    code, out, err = cli("fight", "titlebout", "--red", str(path), "--blue", "brandt", "--seed", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["options"]["red"]["name"] == "Kid Csv"


@pytest.mark.parametrize("text,needle", [
    (CSV.replace("pl,50", "pl,fifty"), "kid.csv:4: field 'pl': 'fifty' is not a whole number"),
    (CSV.replace("hp,10", "hip,10"), "kid.csv: field 'hp': missing"),
    (CSV.replace("hp,10", "hp,10\nstyle,boxer"), "kid.csv:6: 'style' is not a card field"),
    (CSV.replace("kor,2", "kor,12"), "kid.csv: field 'kor': 12 is outside 1..9"),
    (CSV.replace("R-88,uppercut,5\n", ""), "kid.csv: field 'punches': no entry for 'R-88'"),
    (CSV.replace("R-44,cross,2", "R-44,cross,two"), "kid.csv:19: points 'two' is not a whole number"),
])
def test_bad_csv_card_is_one_line_naming_file_and_field(tmp_path, text, needle):
    path = tmp_path / "kid.csv"
    path.write_text(text)
    code, out, err = cli("fight", "titlebout", "--red", str(path), "--blue", "brandt", "--seed", "2")
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and needle.replace("kid.csv", str(path)) in err, err


@pytest.mark.parametrize("args,needle", [
    (["--red", "nobody", "--blue", "hagler"], "--red: no card file or demo fighter 'nobody'"),
    (["--red", "hagler"], "--blue"),
    (["--red", "hagler", "--blue", "/nope/x.json"], "/nope/x.json: cannot read fighter card"),
    (["--red", "hagler", "--blue", "brandt", "--rounds", "3"], "--rounds: 3 is outside 4..15"),
    (["--red", "hagler", "--blue", "brandt", "--dice", "25"], "--dice: forced die 1 (d20 for blue CF): 25 is not in 1..20"),
    (["--red", "hagler", "--blue", "brandt", "--option", "ki_roll=twice"], "options.ki_roll: 'twice' is not one of pl, punch"),
    (["--red", "hagler", "--blue", "brandt", "--option", "bogus=1"], "unknown option 'bogus'"),
    (["--red", "hagler", "--blue", "brandt", "--option", "red=1"], "--option: set red with --red"),
    (["--red", "hagler", "--blue", "brandt", "--charts", "/nope/c.json"], "/nope/c.json: cannot read chart set"),
])
def test_bad_fight_arguments_are_one_line(args, needle):
    code, out, err = cli("fight", "titlebout", "--seed", "1", *args)
    assert code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and needle in err, err


def test_bad_chart_file_is_one_line_naming_the_field(tmp_path):
    from dicebox.titlebout.demo import CHARTS

    bad = json.loads(json.dumps(CHARTS))
    bad["count"][1][0] = 14
    path = tmp_path / "c.json"
    path.write_text(json.dumps(bad))
    code, _, err = cli("fight", "titlebout", "--red", "hagler", "--blue", "brandt", "--charts", str(path))
    assert code == 2 and "c.json: field 'count[1]': range 14-30 overlaps" in err


def test_stats_counts_add_up_and_repeat_with_the_seed():
    args = ("stats", "titlebout", "--red", "hagler", "--blue", "valdez", "--bouts", "60", "--seed", "9", "--json")
    code, out, err = cli(*args)
    assert code == 0 and "Traceback" not in err
    s = json.loads(out)
    assert sum(s["wins"].values()) == 60 == sum(s["methods"].values())
    assert s["wins"]["draw"] == s["methods"].get("draw", 0)
    assert cli(*args)[1] == out
    code, text, _ = cli(*args[:-1])
    assert "Marvin Hagler wins" in text and "on the scoresheet" in text and "by KO or TKO" in text


def test_stats_fights_argument_is_checked_and_bouts_is_the_same():
    code, _, err = cli("stats", "titlebout", "--red", "hagler", "--blue", "valdez", "--fights", "0")
    assert code == 2 and "--fights: 0 is outside 1..100000" in err
    code, _, err = cli("stats", "titlebout", "--red", "hagler", "--blue", "valdez", "--bouts", "0")
    assert code == 2 and "--fights: 0 is outside 1..100000" in err
    old = cli("stats", "titlebout", "--red", "hagler", "--blue", "valdez", "--bouts", "20", "--seed", "4", "--json")
    new = cli("stats", "titlebout", "--red", "hagler", "--blue", "valdez", "--fights", "20", "--seed", "4", "--json")
    assert old == new and old[0] == 0
    s = json.loads(new[1])
    assert s["fights"] == s["bouts"] == 20


def test_spreadsheet_csv_with_a_byte_order_mark_and_semicolons_imports(tmp_path):
    semi = CSV.replace(",", ";")
    for name, data in (("bom.csv", "\ufeff" + CSV), ("semi.csv", semi), ("both.csv", "\ufeff" + semi)):
        path = tmp_path / name
        path.write_bytes(data.replace("\n", "\r\n").encode("utf-8"))
        code, out, err = cli("fight", "titlebout", "--red", str(path), "--blue", "brandt", "--seed", "2", "--json")
        assert code == 0, (name, err)
        card = json.loads(out)["options"]["red"]
        assert card["name"] == "Kid Csv" and card["punches"]["R-66"] == ["overhand", 4, "KD", "CUT"], name


def test_a_json_card_with_a_byte_order_mark_loads(tmp_path):
    src = (FIGHTERS / "hagler.json").read_text()
    path = tmp_path / "h.json"
    path.write_bytes(b"\xef\xbb\xbf" + src.encode())
    code, out, err = cli("fight", "titlebout", "--red", str(path), "--blue", "brandt", "--seed", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["options"]["red"]["name"] == "Marvin Hagler"


@pytest.mark.parametrize("what", ["card", "charts", "record"])
def test_a_key_given_twice_is_an_error_naming_the_key_and_file(tmp_path, what):
    path = tmp_path / ("x-%s.json" % what)
    if what == "card":
        text = (FIGHTERS / "hagler.json").read_text().replace('"pl": 48,', '"pl": 48, "pl": 90,')
        args = ("fight", "titlebout", "--red", str(path), "--blue", "brandt", "--seed", "1")
        key = "pl"
    elif what == "charts":
        text = (FIGHTERS.parent / "charts-demo.json").read_text().replace('"cut": [', '"injury": [], "cut": [')
        args = ("fight", "titlebout", "--red", "hagler", "--blue", "brandt", "--seed", "1", "--charts", str(path))
        key = "injury"
    else:
        code, out, _ = cli("fight", "titlebout", "--red", "hagler", "--blue", "brandt", "--seed", "1",
                           "--save", str(path))
        text = path.read_text().replace('"dicebox":1,', '"dicebox":1,"seed":2,')
        assert '"seed":2' in text
        args = ("replay", str(path))
        key = "seed"
    assert text.count('"%s"' % key) >= 2
    path.write_text(text)
    code, out, err = cli(*args)
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert "%s: key '%s' given twice" % (path, key) in err, err


def test_forced_dice_the_bout_never_rolled_are_reported():
    code, out, err = cli("fight", "titlebout", "--red", "antuofermo", "--blue", "hagler", "--seed", "1",
                         "--dice", "13,30,26,7,14,6,5,5,5")
    assert code == 0 and "Marvin Hagler wins by KO in round 1" in out
    assert "--dice: 3 of 9 forced values not used (5,5,5): the fight needed 6" in err
    code, out, err = cli("fight", "titlebout", "--red", "antuofermo", "--blue", "hagler", "--seed", "1",
                         "--dice", "13,30,26,7,14,6")
    assert code == 0 and err == ""


def test_a_demo_fighter_that_does_not_fit_the_chart_file_names_the_argument(tmp_path):
    text = (FIGHTERS.parent / "charts-demo.json").read_text().replace('"L-11"', '"L-99"')
    path = tmp_path / "c.json"
    path.write_text(text)
    code, out, err = cli("fight", "titlebout", "--red", "hagler", "--blue", "brandt", "--seed", "1", "--charts", str(path))
    assert code == 2 and "Traceback" not in err and "options." not in err
    assert "--red: demo fighter Marvin Hagler: field 'punches': no entry for 'L-99'" in err, err


def _assisted(*answers, extra=()):
    return cli("fight", "titlebout", "--red", "asked", "--blue", "hagler", "--seed", "3", "--rounds", "4",
               "--answers", ",".join(str(a) for a in answers), *extra)


def test_answers_play_an_assisted_bout_with_each_question_in_the_transcript(tmp_path):
    # red's five ratings, then every question the bout asks answered with its lowest value but punch points 1
    code, out, err = _assisted(10, 11, 45, 9, 5)
    assert code == 2 and 'card: punch points" (0..9) after 5 answers: give more values' in err
    assert "> input 1: 10  (red AGG)" in out and "> input 5: 5  (red KI)" in out
    answers = [10, 11, 45, 9, 5]
    for _ in range(400):
        code, out, err = _assisted(*answers)
        if code == 0:
            break
        question = err.split('asks "')[1].split('"')[0]
        answers.append(1 if "punch points" in question else 0)
    assert code == 0, err
    assert "Traceback" not in err and "result: " in out
    assert "(red card: punch points)" in out and "(punch: 0 plain 1 KD 2 cut 3 KD+cut)" in out
    rec = tmp_path / "a.json"
    code, out2, _ = _assisted(*answers, extra=("--save", str(rec)))
    assert code == 0 and out2 == out
    code, out3, _ = cli("replay", str(rec))
    assert code == 0 and out3 == out.rsplit("seed 3", 1)[0]
    code, j, _ = cli("replay", str(rec), "--json")
    inputs = [e for e in json.loads(j)["log"] if "input" in e]
    assert inputs[0]["question"] == "red AGG" and inputs[5]["question"].startswith("next:")


def test_answers_out_of_range_or_left_over_are_named():
    code, out, err = _assisted(10, 11, 99)
    assert code == 2 and '--answers: value 3 (99) is outside 1..98, the range of "red PL"' in err
    code, out, err = cli("fight", "titlebout", "--red", "hagler", "--blue", "brandt", "--seed", "1", "--answers", "1,2")
    assert code == 0 and "--answers: 2 of 2 values not used" in err
    code, out, err = cli("stats", "titlebout", "--red", "asked", "--blue", "brandt", "--bouts", "3")
    assert code == 2 and "--red: 'asked' needs" in err


def test_stats_summary_groups_add_up_to_the_bouts():
    code, text, err = cli("stats", "titlebout", "--red", "hagler", "--blue", "antuofermo", "--bouts", "300", "--seed", "1")
    assert code == 0, err
    lines = text.splitlines()
    bouts = int(lines[0].split()[0])
    groups = [ln for ln in lines if ln.startswith("  ") and not ln.startswith("    ")][3:]
    groups = [ln for ln in groups if ln.split()[-1].endswith("%")]
    assert [g.split("  ")[1].strip() for g in groups] == ["by KO or TKO", "by disqualification", "on the scoresheet"]
    assert sum(int(g.split()[-2]) for g in groups) == bouts == 300


def test_a_bout_from_the_users_csv_charts_a_typed_card_and_a_card_saved_on_the_box(tmp_path):
    from test_titlebout_ui import REAL_CARD, REAL_CHARTS

    charts = tmp_path / "ours.csv"
    charts.write_text(REAL_CHARTS.replace(",", ";"))
    kid = tmp_path / "kid.csv"
    kid.write_text(REAL_CARD)
    own = tmp_path / "med.json"  # as the set-up's own card saves it: ratings only
    own.write_text(json.dumps({"name": "Med", "agg": 11, "cf": 11, "pl": 46, "hp": 11, "kdr1": 1, "kor": 1, "ki": 0,
                               "punches": {}}))
    base = ("fight", "titlebout", "--charts", str(charts), "--red", str(kid), "--blue", str(own), "--seed", "4",
            "--rounds", "4")
    code, out, err = cli(*base)
    assert code == 2 and '"blue card: punch points" (0..9) after 0 answers' in err
    answers = ["2"]
    for _ in range(300):
        code, out, err = cli(*base, "--answers", ",".join(answers))
        if code == 0:
            break
        answers.append("2")  # each punch of the own fighter: 2 points
    assert code == 0, err
    assert "(blue card: punch points)" in out and "(punch: 0 plain" not in out  # the chart marks its results
    assert "red HP" in out or "blue HP" in out  # a knockdown result read off the chart
    assert "scoresheet (decision by rounds won; a tie goes to total points)" in out
    assert "extra ratings (kept on the card, not used by these rules): Kid Real kdr2 4" in out
    code, _, err = cli("stats", "titlebout", "--charts", str(charts), "--red", str(kid), "--blue", str(own), "--bouts", "3")
    assert code == 2 and "--blue: Med is a card of ratings only" in err


def test_the_simulators_flash_folder_holds_your_cards_and_charts_and_keeps_an_own_fighter(tmp_path):
    # laid out as the Pico's /data: titlebout/fighters and titlebout/charts beside the demo ones
    from test_titlebout_ui import REAL_CARD, REAL_CHARTS

    flash = tmp_path / "flash"
    (flash / "titlebout" / "charts").mkdir(parents=True)
    (flash / "titlebout" / "fighters").mkdir()
    (flash / "titlebout" / "charts" / "ours.csv").write_text(REAL_CHARTS)
    (flash / "titlebout" / "fighters" / "kid.csv").write_text(REAL_CARD)
    first = tmp_path / "own.txt"
    # Red: an own fighter, named "Red" as the editor starts, KDR1 and KOR 1 (the chart has one row), the rest
    # as the pickers start; Blue: the typed-in card
    first.write_text("choose Title Bout\npress OK\nchoose own card (asked)\npress OK\npress OK\npress OK 900\n"
                     + "press OK\n" * 4 + "press DOWN\npress DOWN\npress OK\n" * 2 + "press OK\n"
                     + "press DOWN\npress OK\nchoose Kid Real\n")
    code, out, err = cli("script", str(first), "--data", str(flash), "--out", str(tmp_path), "--seed", "3")
    assert code == 0, err
    saved = json.loads((flash / "titlebout" / "fighters" / "red.json").read_text())
    assert saved["name"] == "Red" and saved["kdr1"] == saved["kor"] == 1 and saved["punches"] == {}
    # the next power-on: the own fighter is in the list, the chart file under Charts
    again = tmp_path / "again.txt"
    again.write_text("choose Title Bout\npress OK\nchoose Red\npress DOWN\npress OK\nchoose Kid Real\n"
                     "press DOWN\npress OK\nchoose ours\nchoose Start the bout\npress OK 900\n")
    code, out, err = cli("script", str(again), "--data", str(flash), "--out", str(tmp_path), "--seed", "3")
    assert code == 0, err
    rec = json.loads(out.split("record: ", 1)[1].split("\n")[0])
    assert rec["options"]["blue"]["name"] == "Kid Real" and rec["options"]["red"] == saved
    assert rec["options"]["charts"]["name"] == "Our printed charts"
    # without --data the script's flash is in memory: the folder's cards are not there
    code, out, err = cli("script", str(again), "--out", str(tmp_path), "--seed", "3")
    assert code == 2 and "no row 'Red'" in err
