"""`dicebox-sim pull`: a box's History and unfinished fights copied off it.

The box is the MicroPython unix port: the firmware's Store writes its /data,
then the same interpreter's REPL sits on a pty and the real `dicebox-sim pull`
runs mpremote against it (tests/support/pty_repl.py). --from reads a folder."""
import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, SUPPORT
from PIL import Image

sys.path.insert(0, str(SUPPORT))
from pty_repl import PtyRepl  # noqa: E402

CLI = [sys.executable, "-m", "host_sim.cli"]


def cli(*args):
    return subprocess.run(CLI + list(args), capture_output=True, text=True, timeout=300, cwd=ROOT)


def listing(root):
    out = {}
    for d, _, names in os.walk(root):
        for n in names:
            p = os.path.join(d, n)
            out[os.path.relpath(p, root)] = open(p, "rb").read()
    return out


@pytest.fixture
def box(mp, tmp_path):
    root = tmp_path / "box"
    root.mkdir()
    out = mp.run(SUPPORT / "pull_box.py", root, ROOT / "tests" / "records").stdout.decode()
    assert out.split() == ["ok", "4", "1"]
    return root


def pdf_pages(path):
    data = open(path, "rb").read()
    assert data.startswith(b"%PDF-")
    return data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type /Page/")


def test_pull_over_usb_from_a_micropython_repl(mp, box, tmp_path):
    before = listing(box)
    repl = PtyRepl(mp.exe, str(box))
    try:
        got = cli("pull", "--port", repl.port, "--out", str(tmp_path / "out"))
    finally:
        repl.close()
    assert got.returncode == 0, got.stderr
    assert got.stdout.splitlines() == ["6 fights written to %s (index.txt lists them)" % (tmp_path / "out"),
                                       "the box waits at its REPL now: press its reset button or unplug it to play on"]
    assert listing(box) == before  # the box's files only read
    out = tmp_path / "out"
    index = (out / "index.txt").read_text().splitlines()
    assert [line.split()[0] for line in index] == [
        "f000004-001-shoot-0", "f000004-002-shoot-1", "h000003-duel-a-wins", "h000002-cup-8-striker",
        "h000001-hagler-decision-r12-167-66-v-antuofermo", "u000001-title-bout-r4-antuofermo-15-49-hagler"]
    # the record is what replay reads, and gives the transcript pulled beside it
    for base in [line.split()[0] for line in index]:
        replay = cli("replay", str(out / (base + ".json")))
        assert replay.returncode == 0 and replay.stdout == (out / (base + ".txt")).read_text()
        replay = cli("replay", "--json", str(out / (base + ".json")))
        assert replay.returncode == 0 and json.loads(replay.stdout) == json.loads((out / (base + ".transcript.json")).read_text())
    bout = "h000001-hagler-decision-r12-167-66-v-antuofermo"
    rec = json.loads((out / (bout + ".json")).read_text())
    assert rec == json.loads((ROOT / "tests/records/titlebout-12-rounds.json").read_text())
    for base, sheet in ((bout, "scoresheet"), ("u000001-title-bout-r4-antuofermo-15-49-hagler", "scoresheet"),
                        ("h000002-cup-8-striker", "bracket")):
        png = Image.open(out / ("%s.%s.png" % (base, sheet)))
        assert png.size[0] > 1000 and png.getextrema() != ((255, 255), (255, 255), (255, 255))  # drawn, not blank
        assert pdf_pages(out / ("%s.%s.pdf" % (base, sheet))) == 1
    assert not list(out.glob("h000003*.png")) and not list(out.glob("f*.png"))  # a duel, shots: no sheet


def test_from_a_folder_gives_the_same_files_and_leaves_it_as_it_was(mp, box, tmp_path):
    before = listing(box / "data")
    (box / "data" / "h000002.rec.bad").write_text("damaged\n{")
    got = cli("pull", "--from", str(box / "data"), "--out", str(tmp_path / "out"))
    assert got.returncode == 0, got.stderr
    assert set(listing(box / "data")) == set(before) | {"h000002.rec.bad"}
    out = listing(tmp_path / "out")
    records = sorted(n[:-5] for n in out if n.endswith(".json") and not n.endswith(".transcript.json"))
    assert records == sorted(line.split()[0] for line in out["index.txt"].decode().splitlines()
                             if "set aside" not in line)
    assert len(records) == 6 and all(n + ".txt" in out for n in records)
    assert out["h000002.rec.bad"] == b"damaged\n{"  # what the box set aside comes off too
    assert b"set aside" in out["index.txt"]


def test_a_record_that_does_not_replay_is_kept_and_said(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "h000001.rec").write_text('bad one\n{"dicebox":1,"ruleset":"duel","seed":1,"inputs":[7,7,7]}')
    got = cli("pull", "--from", str(data), "--out", str(tmp_path / "out"))
    assert got.returncode == 0
    assert got.stderr == "dicebox-sim: note: h000001-bad-one.json: input 1: accept challenge must be 0..1, not 7\n"
    out = tmp_path / "out"
    assert json.loads((out / "h000001-bad-one.json").read_text())["inputs"] == [7, 7, 7]  # kept as it was
    assert (out / "h000001-bad-one.error.txt").read_text().startswith("input 1: ")
    assert "does not replay" in (out / "index.txt").read_text()


def test_replay_reads_a_history_file_copied_off_the_box(tmp_path):
    # the box's h*.rec: a summary line, then the record; replay reads it as the record pulled from it
    rec = (ROOT / "tests/records/titlebout-12-rounds.json").read_text()
    data = tmp_path / "data"
    data.mkdir()
    (data / "h000001.rec").write_text("Hagler decision r12 v Antuofermo\n" + rec)
    from_box = cli("replay", str(data / "h000001.rec"))
    assert from_box.returncode == 0, from_box.stderr
    (tmp_path / "r.json").write_text(rec)
    assert from_box.stdout == cli("replay", str(tmp_path / "r.json")).stdout
    assert "scoresheet (decision by rounds won" in from_box.stdout
    (data / "h000002.rec").write_text("a line\nnot a record\n")
    bad = cli("replay", str(data / "h000002.rec"))
    assert bad.returncode == 2 and "h000002.rec: not valid JSON" in bad.stderr


def test_an_unfinished_boxing_bout_comes_off_without_its_seed_shown(tmp_path):
    from dicebox.core import record
    from dicebox.store import Store

    bout = record.Record("boxing", {"cards": 3}, 271828182, [0, 1])
    Store(str(tmp_path / "data")).save_current(bout.dumps())
    got = cli("pull", "--from", str(tmp_path / "data"), "--out", str(tmp_path / "out"))
    assert got.returncode == 0, got.stderr
    assert "current.json is an unfinished boxing bout" in got.stderr and "keep the file from the players" in got.stderr
    out = listing(tmp_path / "out")
    assert json.loads(out["current.json"])["seed"] == 271828182  # the record, to resume or replay at the end
    assert json.loads(out["current.transcript.json"])["seed"] is None
    for name in ("current.txt", "current.transcript.json", "index.txt"):
        assert b"271828182" not in out[name], name
    assert "271828182" not in got.stdout + got.stderr


@pytest.mark.parametrize("port", ["auto", "/dev/no-such-port"])
def test_without_a_pico_one_line_and_exit_2(port, tmp_path):
    got = cli("pull", "--port", port, "--out", str(tmp_path / "out"))
    assert got.returncode == 2 and got.stdout == ""
    assert got.stderr.count("\n") == 1 and got.stderr.startswith("dicebox-sim: error: ")
    assert ("no Pico found on USB" if port == "auto" else "--port /dev/no-such-port: no box there") in got.stderr
