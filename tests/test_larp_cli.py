"""LARP command line: transcripts, JSON fields, one-line errors naming the argument, file and line."""
import json

import pytest
from test_cli import cli


def test_fight_boxing_json_has_the_fields_and_a_seed_repeats():
    code, out, err = cli("fight", "boxing", "--seed", "5", "--json")
    assert code == 0 and err == ""
    t = json.loads(out)
    assert t["ruleset"] == "boxing" and t["seed"] == 5 and t["rolls"]
    assert t["result"]["method"] in ("knockout", "decision", "draw") and "winner" in t["result"]
    assert cli("fight", "boxing", "--seed", "5", "--json")[1] == out


def test_fight_boxing_targets_unfinished_keeps_secrets():
    code, out, _ = cli("fight", "boxing", "--seed", "12", "--champion", "1", "--targets", "jaw!,ear,голова,4")
    assert code == 0
    assert "d6 = ?  (card for boxer 1)" in out and "BLOCK!" in out and "(was" not in out
    assert "bout unfinished after 4 blows" in out and "result:" not in out


def test_fight_duel_shoot_and_stealth():
    code, out, _ = cli("fight", "duel", "--seed", "1", "--dice", "6,1", "--json")
    r = json.loads(out)["result"]
    assert r == {"winner": 1, "method": "head", "cycles": 1, "wounds": [[2, "mortal"]]}
    code, out, _ = cli("fight", "duel", "--refuse", "--json")
    assert json.loads(out)["result"]["method"] == "refused"
    code, out, _ = cli("shoot", "--seed", "1", "--dice", "5,6,2", "--shots", "3", "--choose", "left-leg,head", "--target", "4", "--json")
    r = json.loads(out)["result"]
    assert r["hits"] == ["left leg", "head", "miss"] and r["wounds"] == [[4, "light"], [4, "mortal"]]
    code, out, _ = cli("fight", "stealth", "--stop-ms", "9999", "--json")
    assert json.loads(out)["result"]["wounds"] == [[1, "mortal"]]


def test_wounds_script_prints_each_escalation_with_its_time(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("# a session\n0:00 wound 1 light\n05:00 wound Boris heavy\n\n1:00:00 list\n", encoding="utf-8")
    roster = tmp_path / "roster.txt"
    roster.write_text("Anna\nBoris\n", encoding="utf-8")
    code, out, err = cli("wounds", "--script", str(script), "--roster", str(roster))
    assert code == 0, err
    assert "0:20:00 ALERT: wound 2 of 2 Boris became mortal" in out
    assert "0:30:00 ALERT: wound 1 of 1 Anna became heavy" in out
    assert "0:45:00 ALERT: wound 1 of 1 Anna became mortal" in out
    assert out.index("0:20:00") < out.index("0:30:00") < out.index("1:00:00 list")


@pytest.mark.parametrize("lines,needle", [
    ("0:00 wound 1 light\n0:10 help 2\n", "line 2: participant 2 has no light or heavy wound"),
    ("0:00 wound 1 light\nxx wound 1 light\n", "line 2: 'xx' is not a time"),
    ("1:00 ack\n0:30 ack\n", "line 2: time 0:00:30 is before the line above"),
    ("0:00 stab 1\n", "line 1: unknown event 'stab'"),
    ("0:00 wound 1 bad\n", "line 1: 'wound' needs a participant and one of light, heavy, mortal"),
    ("0:00 wound Zed light\n", "line 1: 'Zed' is neither a number nor a name"),
])
def test_wounds_script_errors_name_file_and_line(tmp_path, lines, needle):
    script = tmp_path / "s.txt"
    script.write_text(lines)
    code, _, err = cli("wounds", "--script", str(script))
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert str(script) in err and needle in err, err


@pytest.mark.parametrize("args,needle", [
    (["fight", "boxing", "--targets", "nose"], "--targets: target 1 'nose' is not a zone"),
    (["fight", "boxing", "--targets", "jaw!"], "BLOCK! needs a reigning Champion"),
    (["fight", "boxing", "--cards", "7"], "--cards: 7 is outside 1..6"),
    (["fight", "boxing", "--targets", "jaw", "--strategy", "random"], "give one of them"),
    (["fight", "duel", "--dice", "7"], "--dice: forced die 1"),
    (["shoot", "--choose", "tail"], "--choose: choice 1 'tail'"),
    (["shoot", "--dice", "6", "--choose", "left-arm"], "--choose: choice 1: shot 1 needs a body or head choice"),
    (["fight", "stealth"], "--stop-ms"),
    (["wounds", "--script", "/nonexistent/s.txt"], "/nonexistent/s.txt"),
])
def test_bad_arguments_are_one_line(args, needle):
    code, _, err = cli(*args)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert needle in err, err


def test_bad_roster_names_file_and_line(tmp_path):
    roster = tmp_path / "r.txt"
    roster.write_bytes(b"Anna\n\xff\n")
    script = tmp_path / "s.txt"
    script.write_text("0:00 ack\n")
    code, _, err = cli("wounds", "--script", str(script), "--roster", str(roster))
    assert code == 2 and "%s line 2: not UTF-8" % roster in err
