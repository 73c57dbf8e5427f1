"""Ctrl-C in the commands that play on several worker processes: one line and
exit 130, never a worker's traceback. Ctrl-C reaches the terminal's whole
process group, so the test sends SIGINT to the group of a real run once its
workers are playing; the tracebacks came in about one run in three, hence
the repeats."""
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT

LONG_RUNS = [
    ("stats", "arena", "--a", "6,6,6,6", "--b", "9,5,5,5", "--fights", "10000000", "--jobs", "2"),
    ("balance", "arena", "--jobs", "2"),
]


def _children(pid):
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def _terminal_ctrl_c():
    # as a terminal's command has it, though pytest was started where SIGINT is ignored
    # (a background job of a script), which the run would inherit
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(args, workers=2, after=0.7):
    proc = subprocess.Popen([sys.executable, "-m", "host_sim.cli"] + list(args), cwd=str(ROOT),
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_terminal_ctrl_c)
    try:
        end = time.time() + 60
        while len(_children(proc.pid)) < workers:
            assert proc.poll() is None, proc.communicate()
            assert time.time() < end, "the workers never started"
            time.sleep(0.05)
        time.sleep(after)  # the workers are in their fights
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    return proc.returncode, out, err


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the workers in /proc")
@pytest.mark.parametrize("args", LONG_RUNS, ids=["stats", "balance"])
@pytest.mark.parametrize("attempt", range(4))
def test_ctrl_c_in_a_run_on_workers_is_one_line_and_exit_130(args, attempt):
    code, out, err = _interrupt(args, after=0.3 + 0.4 * attempt)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert code == 130 and err == "dicebox-sim: stopped (Ctrl-C)\n", (code, err)
