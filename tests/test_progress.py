"""Progress on a terminal, nothing when piped or with --json (host_sim/progress.py)."""
import fcntl
import io
import os
import pty
import struct
import subprocess
import sys
import termios

from conftest import ROOT

from host_sim.progress import progress, watched


def run_with_tty_stderr(*args, rows=24, cols=100):
    """(stdout, what stderr's terminal showed) of dicebox-sim ARGS."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    proc = subprocess.Popen([sys.executable, "-m", "host_sim.cli"] + list(args), stdout=subprocess.PIPE, stderr=slave,
                            cwd=str(ROOT), env=env)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        seen += chunk
    out = proc.stdout.read()
    proc.wait()
    os.close(master)
    assert proc.returncode == 0, seen
    return out.decode(), seen.decode(errors="replace")


def test_stats_shows_a_bar_on_a_terminal_and_not_with_json():
    args = ("stats", "arena", "--a", "9,3,7,5", "--b", "3,9,5,7", "--fights", "3000", "--seed", "2")
    out, tty = run_with_tty_stderr(*args)
    assert "a wins" in out and "\r" not in out  # the bar never mixes into stdout
    assert "arena" in tty and "100%" in tty and "3000/3000" in tty and "fights" in tty
    out, tty = run_with_tty_stderr(*args, "--json")
    assert out.startswith("{") and tty == ""


def test_a_terminal_without_a_size_still_shows_the_bar():
    # `script` and some serial consoles report 0 rows and 0 columns
    out, tty = run_with_tty_stderr("stats", "arena", "--a", "9,3,7,5", "--b", "3,9,5,7", "--fights", "3000",
                                   "--seed", "2", rows=0, cols=0)
    assert "a wins" in out and "100%" in tty and "3000/3000" in tty


def test_titlebout_stats_bar_on_a_terminal():
    out, tty = run_with_tty_stderr("stats", "titlebout", "--red", "hagler", "--blue", "valdez", "--fights", "30", "--seed", "1")
    assert "bouts" in out and "100%" in tty and "30/30" in tty


def test_piped_stderr_is_quiet():
    proc = subprocess.run([sys.executable, "-m", "host_sim.cli", "stats", "arena", "--a", "6,6,6,6", "--b", "9,5,5,5",
                           "--fights", "2000", "--seed", "1"], capture_output=True, text=True, cwd=str(ROOT),
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 0 and proc.stderr == ""


def test_the_helper_for_other_long_commands():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    shown = Tty()
    assert watched(stream=shown) and not watched(quiet=True, stream=shown) and not watched(stream=io.StringIO())
    with progress(50, "emu", unit="frames", stream=shown) as bar:
        for _ in range(50):
            bar.update(1)
    assert "emu" in shown.getvalue() and "50/50" in shown.getvalue() and "frames" in shown.getvalue()
    silent = io.StringIO()
    with progress(50, "emu", stream=silent) as bar:
        bar.update(50)
    assert silent.getvalue() == ""


def test_make_soak_names_each_test_on_a_terminal_and_not_piped():
    # one small soak test (its smallest size), run by `make soak` as a user runs it
    cmd = ["make", "-s", "soak", "SOAK_TESTS=tests/test_core_props.py -k duel"]
    env = dict(os.environ, DICEBOX_SOAK_PERCENT="0")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 160, 0, 0))
    proc = subprocess.Popen(cmd, stdout=slave, stderr=slave, cwd=str(ROOT), env=env)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    proc.wait()
    os.close(master)
    shown = seen.decode(errors="replace")
    assert proc.returncode == 0, shown
    assert "test_any_session_stays_in_range_ends_and_replays[duel]" in shown and "[1/1]" in shown
    piped = subprocess.run(cmd, capture_output=True, text=True, cwd=str(ROOT), env=env)
    assert piped.returncode == 0, piped.stdout + piped.stderr
    assert "1 passed" in piped.stdout and "[duel]" not in piped.stdout and "[1/1]" not in piped.stdout
