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
    assert "seed hidden until the end" in out and "seed 12" not in out


def test_nothing_printed_for_an_unfinished_bout_rebuilds_the_deal(tmp_path):
    code, out, _ = cli("fight", "boxing", "--targets", "jaw,ear,head", "--json")
    t = json.loads(out)
    assert code == 0 and t["seed"] is None and t["result"] is None
    assert "orders" not in t["state"] and all(r["value"] is None for r in t["rolls"] if r["for"].startswith("card"))
    code, out, _ = cli("fight", "boxing", "--targets", "jaw,ear,head")
    assert "seed hidden until the end (it would give the secrets away)" in out
    assert not any(line.split()[:2][-1:] != ["hidden"] for line in out.splitlines() if line.startswith("seed "))
    saved = tmp_path / "bout.json"
    code, out, _ = cli("fight", "boxing", "--targets", "jaw", "--save", str(saved))
    assert "%s holds it: keep the file from the players" % saved in out
    code, out, _ = cli("replay", str(saved), "--json")
    assert json.loads(out)["seed"] is None  # a replay of the unfinished bout hides it too
    seed = json.loads(saved.read_text())["seed"]
    code, out, _ = cli("fight", "boxing", "--seed", str(seed), "--json")  # played to the end: shown
    assert json.loads(out)["seed"] == seed


def test_a_button_script_that_leaves_a_bout_unfinished_prints_no_seed(tmp_path):
    steps = tmp_path / "bout.txt"
    steps.write_text("choose LARP judge\nchoose Boxing\nchoose Start\npress BACK\npress OK\n")
    code, out, _ = cli("script", str(steps), "--out", str(tmp_path), "--seed", "31415926")
    assert code == 0
    assert "record: an unfinished boxing bout, seed hidden until the end" in out
    assert '"seed"' not in out and '"inputs"' not in out
    steps.write_text("choose LARP judge\nchoose Duel\nchoose Melee duel\npress OK\npress OK\n")
    code, out, _ = cli("script", str(steps), "--out", str(tmp_path), "--seed", "31415926")
    assert code == 0 and '"ruleset":"duel"' in out  # other fights print their record as before


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


def test_fight_duel_firearms_tosses_for_the_shooter_unless_told_the_challenger_shoots():
    shooters = set()
    for seed in range(1, 9):
        t = json.loads(cli("fight", "duel", "--weapon", "firearms", "--seed", str(seed), "--json")[1])
        assert t["options"] == {"weapon": "firearms", "first": "coin"}
        shooters.add([e for e in t["log"] if e.get("event") == "cycle"][0]["args"][0])
    assert shooters == {1, 2}
    code, out, _ = cli("fight", "duel", "--weapon", "firearms", "--first", "challenger", "--dice", "1,6")
    assert "coin" not in out and "duellist 1 shoots: difference -5, a miss" in out
    t = json.loads(cli("fight", "duel", "--seed", "1", "--json")[1])
    assert t["options"]["first"] == "challenger"  # melee: the challenger attacks first


def test_wounds_script_prints_each_escalation_with_its_time(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("# a session\n0:00 wound 1 light\n05:00 wound Boris heavy\n\n1:00:00 list\n", encoding="utf-8")
    roster = tmp_path / "roster.txt"
    roster.write_text("Anna\nBoris\n", encoding="utf-8")
    code, out, err = cli("wounds", "--script", str(script), "--roster", str(roster))
    assert code == 0, err
    assert "0:20:00 ALERT: the 1st wound of participant 2 Boris (session wound 2) became mortal" in out
    assert "0:30:00 ALERT: the 1st wound of participant 1 Anna (session wound 1) became heavy" in out
    assert "0:45:00 ALERT: the 1st wound of participant 1 Anna (session wound 1) became mortal" in out
    assert out.index("0:20:00") < out.index("0:30:00") < out.index("1:00:00 list")


@pytest.mark.parametrize("lines,needle", [
    ("0:00 wound 1 light\n0:10 aid 2\n", "line 2: '0:10 aid 2': participant 2 has no running light or heavy wound"),
    ("0:00 wound 1 heavy\n0:10 aid 1\n", "line 2: '0:10 aid 1': first aid does not stop a heavy wound: medical help does"),
    ("0:10 help 2\n", "line 1: '0:10 help 2': 'help' is of two kinds: expected 'aid P [wound W]' (first aid) or "
                      "'medic P [wound W]' (medical help)"),
    ("0:00 wound 1 hevy\n", "line 1: '0:00 wound 1 hevy': 'hevy' is not one of light, heavy, mortal: "
                            "expected 'wound P light|heavy|mortal'"),
    ("0:00 wound 1\n", "line 1: '0:00 wound 1': one of light, heavy, mortal is needed: expected 'wound P light|heavy|mortal'"),
    ("0:00 choose 1 lives\n", "expected 'choose P dies|stays'"),
    ("0:00 wound 1 light\n0:00 aid 1 wound x\n", "line 2: '0:00 aid 1 wound x': wound 'x' is not a wound number: "
                                                 "expected 'aid P [wound W]'"),
    ("0:00 ack now\n", "'ack' takes nothing after it: expected 'ack'"),
    ("0:00\n", "line 1: '0:00': expected [H:]MM:SS EVENT ..., EVENT one of wound, aid, medic"),
    ("0:00 wound 1 light\nxx wound 1 light\n", "line 2: 'xx wound 1 light': 'xx' is not a time"),
    ("1:00 ack\n0:30 ack\n", "line 2: '0:30 ack': time 0:00:30 is before the line above"),
    ("0:00 stab 1\n", "line 1: '0:00 stab 1': unknown event 'stab': expected [H:]MM:SS EVENT"),
    ("0:00 wound Zed light\n", "line 1: '0:00 wound Zed light': 'Zed' is not a participant number (no --roster gives names)"),
    ("0:00 wound ٣ light\n", "'٣' is not a participant number"),
])
def test_wounds_script_errors_name_file_and_line(tmp_path, lines, needle):
    script = tmp_path / "s.txt"
    script.write_text(lines)
    code, _, err = cli("wounds", "--script", str(script))
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert str(script) in err and needle in err, err


def test_wounds_script_names_every_bad_line_before_running_any(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("0:00 wound 1 light\n0:10 wound 2 hevy\n0:20 ack\n0:30 stab 3\n0:40 medic\n")
    code, out, err = cli("wounds", "--script", str(script))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "line 2: '0:10 wound 2 hevy': 'hevy' is not one of" in err and err.rstrip().endswith("2 more bad lines: 4, 5")


def test_wounds_script_refused_line_comes_after_what_the_lines_above_did(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("0:00 wound 1 light\n0:40 aid 1\n0:50 medic 1\n")
    code, out, err = cli("wounds", "--script", str(script))
    assert code == 2
    assert out.splitlines() == ["0:00:00 light wound to 1 #1 (wound 1)", "0:00:40 first aid to 1 #1: light wound 1 stops"]
    assert "line 3: '0:50 medic 1': participant 1 has no running light or heavy wound" in err


def test_wounds_script_first_aid_and_medical_help_per_wound(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("0:00 wound Anna light\n0:00 wound Anna heavy\n0:00 wound Anna light\n"
                      "5:00 aid Anna wound 3\n6:00 medic anna wound 2\n1:00:00 list\n")
    roster = tmp_path / "roster.txt"
    roster.write_text("Anna\nBoris\n", encoding="utf-8")
    code, out, err = cli("wounds", "--script", str(script), "--roster", str(roster))
    assert code == 0, err
    assert "0:05:00 first aid to 1 Anna: light wound 3 stops" in out
    assert "0:06:00 medical help to 1 Anna: heavy wound 2 stops" in out
    assert "0:30:00 ALERT: the 1st wound of participant 1 Anna (session wound 1) became heavy" in out  # wound 1 had no help
    assert out.count("ALERT") == 2  # wound 1 heavy, then mortal: 2 and 3 were helped


def test_an_all_digit_roster_name_is_refused_so_numbers_mean_numbers(tmp_path):
    roster = tmp_path / "r.txt"
    roster.write_text("Anna\n2\nBoris\n", encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("0:00 wound 2 light\n")
    code, out, err = cli("wounds", "--script", str(script), "--roster", str(roster))
    assert code == 2 and out == ""
    assert "%s line 2: name '2' is all digits: it would read as a participant number" % roster in err
    roster.write_text("Anna\nTeam 2\n", encoding="utf-8")  # digits inside a name are fine
    script.write_text("0:00 wound team 2 light\n0:00 wound 2 heavy\n")
    code, out, err = cli("wounds", "--script", str(script), "--roster", str(roster))
    assert code == 0, err
    assert out.count("to 2 Team 2") == 2


@pytest.mark.parametrize("args,needle", [
    (["fight", "boxing", "--targets", "nose"], "--targets: target 1 'nose' is not a zone"),
    (["fight", "boxing", "--targets", "jaw!"], "BLOCK! needs a reigning Champion"),
    (["fight", "boxing", "--cards", "7"], "--cards: 7 is outside 1..6"),
    (["fight", "boxing", "--targets", "jaw", "--strategy", "random"], "give one of them"),
    (["fight", "duel", "--dice", "7"], "--dice: forced die 1"),
    # boxing deals its cards as the fight is set up: a bad die there was a traceback
    (["fight", "boxing", "--dice", "0", "--strategy", "random"], "error: --dice: forced die 1 (d6 for card for boxer 1): 0 is not in 1..6"),
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
