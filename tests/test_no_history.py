"""Docs and comments say what the box does and why, never the project's own
history: no issue or pull-request numbers, no numbered work sessions or
development rounds (the history of a figure or a fix belongs in git)."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HISTORY = re.compile(
    r"\b(issues?|pull request|PR|ticket)\s*#?\d+\b"
    r"|\(#\d+\)"
    r"|\b(helper |work |development |dev )?sessions?\s+\d+\b(?! *(minutes|hours|participants|wounds|s\b))"
    r"|\b(development|dev|review|work) rounds?\s+\d+"
    r"|\bround\s+\d+\s+of\s+(the\s+)?(work|development|review)",
    re.I)
SKIP = (".png", ".gif", ".uf2", ".bin", ".rec", ".mpy")


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:  # not a git checkout (an unpacked archive): every text file
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts and ".git" not in p.parts]
    return [ROOT / n for n in out.stdout.splitlines()]


def test_no_file_speaks_of_the_projects_development_history():
    found = []
    for path in tracked():
        if path.suffix in SKIP or "fonts" in path.parts or not path.is_file() or path.name == "test_no_history.py":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if HISTORY.search(line):
                found.append("%s:%d: %s" % (path.relative_to(ROOT).as_posix(), n, line.strip()[:100]))
    assert found == []


def test_the_check_sees_history():
    for line in ("# see issue #8", "fixed in (#12)", "measured in session 4", "development round 3",
                 "round 2 of the work", "Issue 23: the fold"):
        assert HISTORY.search(line), line
    for line in ("a 4-hour session of 30 participants", "the wound session 3 minutes in", "Round 1/4",
                 "after round 12 the most found wins", "#3 / wound 1: light 28:53"):
        assert not HISTORY.search(line), line
