"""fight titlebout with 'asked' cards on a terminal: each question with the
roll that led to it (as the box's picker shows it), a refused answer said
and asked again, and Ctrl-C or the end of input one line that says how to go
on. Played on a real pseudo-terminal, as a user types."""
import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time

from conftest import ROOT
from test_cli import cli

BOUT = ("fight", "titlebout", "--red", "asked", "--blue", "hagler", "--seed", "3", "--rounds", "4")
RATINGS = "10,11,45,9,5"  # red's five ratings; then the bout asks blue's punch points off the chart


class Terminal:
    """dicebox-sim on a pseudo-terminal (its stdin, stdout and stderr, and its
    controlling terminal, so ^C is a real Ctrl-C); apart: stderr to a pipe."""

    def __init__(self, *args, apart=False):
        master, slave = pty.openpty()

        def own_terminal():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # a terminal's, though pytest's launcher ignored it

        self.proc = subprocess.Popen([sys.executable, "-m", "host_sim.cli"] + list(args), stdin=slave, stdout=slave,
                                     stderr=subprocess.PIPE if apart else slave, cwd=str(ROOT), preexec_fn=own_terminal,
                                     env=dict(os.environ, PYTHONPATH=str(ROOT)))
        os.close(slave)
        self.master = master
        self.seen = ""

    def _read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 4096)
        except OSError:  # the command ended and closed its side
            return None
        if not chunk:
            return None
        self.seen += chunk.decode(errors="replace").replace("\r\n", "\n")
        return True

    def expect(self, text, timeout=60):  # a fresh clone's first start compiles every module
        """What the terminal shows up to `text`, once it shows it; the rest waits for the next expect."""
        end = time.time() + timeout
        while text not in self.seen:
            assert time.time() < end and self._read(0.2) is not None, "never saw %r in:\n%s" % (text, self.seen)
        at = self.seen.index(text) + len(text)
        shown, self.seen = self.seen[:at], self.seen[at:]
        return shown

    def type(self, text):
        os.write(self.master, text.encode())

    def end(self, timeout=30):
        """(exit code, the rest the terminal showed, stderr) once the command
        ends; one still waiting for an answer then is killed (code -9)."""
        end = time.time() + timeout
        while self._read(0.2) is not None and time.time() < end:
            pass
        try:
            self.proc.wait(timeout=max(1, end - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        os.close(self.master)
        return self.proc.returncode, self.seen, self.proc.stderr.read().decode() if self.proc.stderr else ""


def test_each_question_shows_the_roll_that_led_to_it():
    t = Terminal(*BOUT, "--answers", RATINGS)
    try:
        shown = t.expect("blue card: punch points (0..9): ")
        # the card's ratings were answered up front: the first question is one the dice led to
        assert shown.splitlines()[-2:] == ["Hagler 2d10=71 (blue punch chart)", "blue card: punch points (0..9): "]
        t.type("3\n")
        shown = t.expect("(0..3): ")
        assert shown.splitlines()[-1] == "punch: 0 plain 1 KD 2 cut 3 KD+cut (0..3): "  # the same roll: not again
        assert "2d10=" not in shown
        t.type("2\n")
        shown = t.expect("(0..10): ")
        assert shown.splitlines()[-2:] == ["red 2d10=98 (red cut chart)", "cut chart: pts, 10=stop (0..10): "]
        t.type("\x03")
    finally:
        t.end()


def test_a_refused_answer_says_why_and_is_asked_again():
    t = Terminal(*BOUT, "--answers", RATINGS)
    try:
        t.expect("blue card: punch points (0..9): ")
        for typed, why in (("25", "25 is outside 0..9"), ("abc", "'abc' is not a whole number: give a whole number 0..9"),
                           ("", "no answer: give a whole number 0..9"), ("-1", "-1 is outside 0..9")):
            t.type(typed + "\n")
            shown = t.expect("blue card: punch points (0..9): ")
            assert shown.splitlines()[-2:] == ["  " + why, "blue card: punch points (0..9): "], shown
        t.type("3\n")
        t.expect("punch: 0 plain 1 KD 2 cut 3 KD+cut (0..3): ")
        t.type("\x03")
    finally:
        code, _, _ = t.end()
    assert code == 130


def _last_line(shown):
    return [line for line in shown.splitlines() if line.strip()][-1]


def test_ctrl_c_at_a_question_is_one_line_that_says_how_to_go_on():
    t = Terminal(*BOUT)  # every answer typed
    try:
        for answer in RATINGS.split(",") + ["3"]:
            t.expect("): ")
            t.type(answer + "\n")
        t.expect("punch: 0 plain 1 KD 2 cut 3 KD+cut (0..3): ")
        t.type("\x03")
    finally:
        code, shown, _ = t.end()
    assert code == 130 and "Traceback" not in shown
    go_on = "10,11,45,9,5,3"
    assert _last_line(shown) == ('dicebox-sim: stopped (Ctrl-C) at "punch: 0 plain 1 KD 2 cut 3 KD+cut" after 6 answers: '
                                 'the bout so far is above; to go on, run it again with --seed 3 --answers %s' % go_on)
    # the bout so far, as a short --answers prints it, each answer beside its question
    assert "> input 7: 3  (blue card: punch points)" in shown and "2d10 = 71  (blue punch chart)" in shown
    # and going on as it says is the same bout, at the same question
    code, out, err = cli(*BOUT, "--answers", go_on)
    assert code == 2 and 'asks "punch: 0 plain 1 KD 2 cut 3 KD+cut" (0..3) after 6 answers' in err
    assert out.splitlines()[-1] == "> input 7: 3  (blue card: punch points)"


def test_the_end_of_input_at_a_question_is_one_line_that_says_how_to_go_on():
    t = Terminal(*BOUT, "--answers", RATINGS)
    try:
        t.expect("blue card: punch points (0..9): ")
        t.type("\x04")  # Ctrl-D
    finally:
        code, shown, _ = t.end()
    assert code == 2 and "Traceback" not in shown and "> input 5: 5  (red KI)" in shown
    assert _last_line(shown) == ('dicebox-sim: error: --answers: no answer (end of input) to "blue card: punch points" '
                                 "after 5 answers: the bout so far is above; to go on, run it again with --seed 3 "
                                 "--answers 10,11,45,9,5")


def test_with_stderr_elsewhere_the_questions_stay_on_the_terminal_and_the_line_goes_there():
    # input() puts its prompt on stderr: a 2>FILE would hide every question
    t = Terminal(*BOUT, "--answers", RATINGS, apart=True)
    try:
        t.expect("Hagler 2d10=71 (blue punch chart)\nblue card: punch points (0..9): ")
        t.type("\x03")
    finally:
        code, shown, err = t.end()
    assert code == 130 and err.startswith('dicebox-sim: stopped (Ctrl-C) at "blue card: punch points"')
    assert len(err.splitlines()) == 1 and "dicebox-sim" not in shown
