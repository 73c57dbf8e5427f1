"""dicebox-sim fight/stats titlebout: transcripts, records, CSV cards and one-line errors."""
import json

import pytest
from test_cli import cli

from host_sim.tbcards import csv_to_card

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
    (CSV.replace("hp,10", "hip,10"), "kid.csv:5: 'hip' is not a card field"),
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
    from dicebox.core.tbdemo import CHARTS

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
