"""The one scale knob of the hardening tests: `make soak` must reach its tests,
whatever kind of size they ask for (a count, the cases to run, a heap)."""
import os
import subprocess
import sys
from pathlib import Path

import hardening
import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("soak, percent, small, full, want", [
    (False, 100, 150, 2500, 150), (True, 100, 150, 2500, 2500), (True, 40, 150, 2500, 1000), (True, 1, 150, 2500, 150),
    (False, 100, (31, 32), tuple(range(31, 55)), (31, 32)), (True, 100, (31, 32), tuple(range(31, 55)), tuple(range(31, 55))),
    (True, 40, ["ops", "blocks-tear"], ["ops", "tear", "blocks", "blocks-tear"], ["ops", "tear", "blocks", "blocks-tear"]),
    (True, 100, 7, 1, 1), (True, 40, 7, 1, 7), (False, 100, 7, 1, 7),  # every Nth cut point: all of them at soak size
    (True, 100, ("3",), ("3", "4"), ("3", "4")), (True, 40, "16M", "32M", "32M"), (False, 40, "16M", "32M", "16M"),
])
def test_size_scales_counts_keeps_strides_and_takes_the_soaks_cases_whole(monkeypatch, soak, percent, small, full, want):
    monkeypatch.setattr(hardening, "SOAK", soak)
    monkeypatch.setattr(hardening, "PERCENT", percent)
    assert hardening.size(small, full) == want


def test_make_soak_collects_every_soak_test():
    env = dict(os.environ, DICEBOX_SOAK="1")
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "soak", "-p", "no:cacheprovider",
                           "tests"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "error" not in proc.stdout.splitlines()[-1]
