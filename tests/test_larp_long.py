"""More 4-hour LARP wound sessions than tests/test_larp_wounds.py's one: 30
participants, other schedules, the ticks_ms wrap-around at another moment each
time (even in the first and the last minute), on a simulated clock; the
escalations must be exactly those of the independent model. One on
MicroPython at 128k too."""
import json
import os
import random
import subprocess
import sys

import pytest
from conftest import FIRMWARE, SUPPORT
from hardening import figure, size
from test_larp_wounds import _events, _model, _schedule, _valid

from dicebox.larp import wounds as W

HOURS = 4
END = HOURS * 3600 * 1000
SEEDS = size((31, 32), tuple(range(31, 55)))
DONE = [0, 0, 0]  # sessions, escalations matched, most participants wounded in one session


def run_session(path, start_raw, interpreter=None, mp=None):
    args = [str(path), str(start_raw), str(HOURS), "0"]
    if mp is not None:
        return mp.run(SUPPORT / "larp_session.py", *args, heap="192k").stdout.decode()  # the core compiled from source here; the Pico loads .mpy
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(FIRMWARE), str(SUPPORT)]))
    cp = subprocess.run([sys.executable, str(SUPPORT / "larp_session.py")] + args, capture_output=True, text=True, env=env)
    assert cp.returncode == 0, cp.stderr[-3000:]
    return cp.stdout


@pytest.mark.soak
@pytest.mark.parametrize("seed", SEEDS)
def test_four_hour_session_with_the_wrap_anywhere(tmp_path, seed, mp):
    rnd = random.Random(seed)
    sched = _valid(_schedule(seed))
    path = tmp_path / "sched.json"
    path.write_text(json.dumps(sched))
    wrap_at = rnd.choice([1, 1000, 60000, END - 60000, END - 1000, rnd.randrange(0, END)])
    start_raw = (2 ** 30 - wrap_at) % 2 ** 30  # ticks_ms wraps `wrap_at` ms into the session
    got = run_session(path, start_raw)
    if seed == SEEDS[0]:
        assert run_session(path, start_raw, mp=mp) == got  # and the same on MicroPython
    want, _ = _model(sched + [[END, W.TICK, 0, 0]])
    who = json.loads([line for line in got.splitlines() if line.startswith("who ")][0][4:])
    seen = [(n, who[a], t) for n, a, t in _events(got)]
    assert sorted(seen, key=lambda e: (e[2], e[1])) == sorted(want, key=lambda e: (e[2], e[1]))
    assert "now %d" % END in got
    DONE[0] += 1
    DONE[1] += len(seen)
    DONE[2] = max(DONE[2], len(set(who)))
    figure("long sessions, LARP 4 h", "%d sessions of 4 h (30 participants, ticks_ms wrap at a different moment "
           "each), %d escalations all at the model's times, up to %d participants wounded" % tuple(DONE))
