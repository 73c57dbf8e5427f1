"""A flash written by the firmware before the games moved into folders still loads.

tests/flash/pre-move/ holds the simulator's flash after each docs/scripts script,
written by the firmware of 47ff78e (before the move); tests/flash/pre-move.json
holds what `dicebox-sim pull` of that firmware gave for it: the index and each
record's result and log (the log's events and their values; the wording of a
line may change, what happened may not).
"""
import json
import shutil

import pytest

from host_sim.cli import main
from tests.conftest import ROOT

FLASH = ROOT / "tests" / "flash" / "pre-move"
BEFORE = json.loads((ROOT / "tests" / "flash" / "pre-move.json").read_text())


def _log(transcript):
    return [[e["event"], e.get("args")] if "event" in e else e.get("input") for e in transcript["log"]]


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_pull_gives_what_the_old_firmware_gave(name, tmp_path, capsys):
    flash = tmp_path / "flash"
    shutil.copytree(FLASH / name, flash)
    files = sorted(p.name for p in flash.rglob("*"))
    assert main(["pull", "--from", str(flash), "--out", str(tmp_path / "out")]) in (0, None)
    capsys.readouterr()
    out = tmp_path / "out"
    assert (out / "index.txt").read_text().splitlines() == BEFORE[name]["index"]
    seen = {p.name: json.loads(p.read_text()) for p in out.glob("*.transcript.json")}
    assert sorted(seen) == sorted(BEFORE[name]["transcripts"])
    for key, old in BEFORE[name]["transcripts"].items():
        assert seen[key]["result"] == old["result"], key
        assert _log(seen[key]) == old["log"], key
    # reading is not writing: the flash is as it was
    assert sorted(p.name for p in flash.rglob("*")) == files


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_the_box_boots_on_it_and_opens_history(name, tmp_path, capsys):
    flash = tmp_path / "flash"
    shutil.copytree(FLASH / name, flash)
    script = tmp_path / "look.txt"
    has_history = any(p.name.startswith("h") for p in flash.glob("*.rec"))
    russian = '"ru"' in (flash / "settings.json").read_text() if (flash / "settings.json").exists() else False
    row = "История" if russian else "History"
    # an unfinished fight on the box's screen comes back at power-on: leave it (it stays kept)
    leave = "press BACK\npress OK\n" if (flash / "current.json").exists() else ""
    script.write_text(leave + "shot home\n" + ("choose %s\nshot history\npress OK\nshot entry\n" % row if has_history else ""))
    assert main(["script", str(script), "--data", str(flash), "--seed", "1", "--out", str(tmp_path / "shots")]) in (0, None)
    capsys.readouterr()
    shots = sorted(p.name for p in (tmp_path / "shots").glob("*.png"))
    assert len(shots) == (3 if has_history else 1), shots
