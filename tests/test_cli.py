"""The host command line: stable output, and one clear line for bad input."""
import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT


def cli(*args):
    proc = subprocess.run([sys.executable, "-m", "host_sim.cli"] + list(args), capture_output=True, text=True,
                          cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return proc.returncode, proc.stdout, proc.stderr


def test_roll_with_a_seed_prints_the_same_values_every_time():
    first = cli("roll", "2d6+1", "--seed", "7", "--count", "3")
    assert first == cli("roll", "2d6+1", "--seed", "7", "--count", "3")
    code, out, err = first
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 4 and lines[-1] == "seed 7"
    for line in lines[:3]:
        total = int(line.split(" = ")[1].split()[0])
        faces = [int(v) for v in line.split("(")[1].rstrip(")").split(", ")]
        assert total == sum(faces) + 1 and all(1 <= f <= 6 for f in faces)


def test_roll_json_and_replay_of_the_saved_record(tmp_path):
    rec = tmp_path / "r.json"
    code, out, _ = cli("roll", "d%", "--seed", "3", "--count", "2", "--json", "--save", str(rec))
    assert code == 0
    t = json.loads(out)
    assert t["ruleset"] == "dice" and t["seed"] == 3
    assert [r["die"] for r in t["rolls"]] == ["2d10", "2d10"]
    code, out2, _ = cli("replay", str(rec), "--json")
    assert code == 0 and json.loads(out2) == t
    code, text, _ = cli("replay", str(rec))
    assert "2d10 = %d" % t["rolls"][0]["value"] in text


def test_roll_the_most_count_allowed_saves_and_replays(tmp_path):
    # the log once held only 32,767 inputs: the count --help states is the count that works
    code, out, _ = cli("roll", "--help")
    assert "1..100000" in " ".join(out.split())
    rec = tmp_path / "long.json"
    code, out, err = cli("roll", "d6", "--seed", "4", "--count", "100000", "--save", str(rec))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 100001 and lines[-1] == "seed 4"
    code, text, err = cli("replay", str(rec))
    assert code == 0 and err == ""
    assert text.splitlines()[-1] == 'result: {"last":"d6","rolls":100000,"total":%s}' % lines[-2].split()[2]
    code, _, err = cli("roll", "d6", "--count", "100001")
    assert code == 2 and "--count: 100001 is outside 1..100000" in err
    code, out, err = cli("roll", "99d1000", "--seed", "1", "--count", "5")  # totals past a short
    totals = [int(line.split(" = ")[1].split()[0]) for line in out.splitlines()[:-1]]
    assert code == 0 and len(totals) == 5 and max(totals) > 32767


@pytest.mark.parametrize(
    "args,needle",
    [
        (["roll", "2d6x"], "bad character 'x'"),
        (["roll", "d6", "--seed", "-3"], "--seed"),
        (["roll", "d6", "--count", "0"], "--count"),
        (["roll", "d6", "--dice", "1,a"], "--dice"),
        (["roll", "d6", "--dice", "9"], "error: --dice: forced die 1 (d6 for d6): 9 is not in 1..6"),
        (["roll", "d20+A"], "names values"),
        (["replay", "/nonexistent/rec.json"], "/nonexistent/rec.json"),
        (["bogus"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(args, needle):
    code, out, err = cli(*args)
    assert code != 0
    assert "Traceback" not in err
    assert needle in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("content,needle", [(b"\xff\xfe", "not UTF-8"), (b"{", "not valid JSON"),
                                           (b'{"dicebox":1,"ruleset":"dice","seed":"a"}', "field 'seed'")])
def test_bad_record_files_name_the_file_and_field(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, _, err = cli("replay", str(path))
    assert code == 2 and str(path) in err and needle in err and "Traceback" not in err


@pytest.mark.parametrize("args", [(), ("sim",)])
def test_the_simulator_without_a_terminal_is_one_line(args, tmp_path):
    # plain `dicebox-sim` from a pipe, a cron job or an editor's run panel: curses
    # would give a traceback (cbreak() returns ERR)
    proc = subprocess.run([sys.executable, "-m", "host_sim.cli"] + list(args), input="", capture_output=True,
                          text=True, cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp_path)),
                          timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "terminal" in proc.stderr and "dicebox-sim script" in proc.stderr


@pytest.mark.parametrize("where", ["a-file", "a-file/below"])
def test_a_data_folder_that_cannot_be_one_is_one_line(tmp_path, where):
    (tmp_path / "a-file").write_text("not a folder")
    code, out, err = cli("sim", "--data", str(tmp_path / where))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "--data %s" % (tmp_path / where) in err
    assert (tmp_path / "a-file").read_text() == "not a folder"


def test_a_script_step_the_screen_cannot_take_is_one_line(tmp_path):
    # "choose" a row the menu does not have: it parsed, then ended in a traceback
    script = tmp_path / "s.txt"
    script.write_text("choose Dice\npress BACK\nchoose Nothing like it\n")
    code, out, err = cli("script", str(script), "--out", str(tmp_path / "shots"))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "s.txt:3: choose: no row 'Nothing like it'" in err
