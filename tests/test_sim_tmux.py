"""The real simulator in a real terminal: tmux sends keys, capture-pane reads
what a person would see."""
import itertools
import shutil
import subprocess
import sys
import time

import pytest
from conftest import ROOT

SESSION = "dicebox-test-%d-%d"
_STARTS = itertools.count()  # a name per start: one a test just killed may still be going


def _tmux(*args):
    return subprocess.run(["tmux"] + list(args), capture_output=True, text=True)


def _screen(name):
    return _tmux("capture-pane", "-p", "-t", name).stdout


# A fresh clone's first start compiles every module: over 15 s on a busy machine.
START_S = 60


def _wait_for(name, needle, timeout=15):
    end = time.time() + timeout
    while time.time() < end:
        text = _screen(name)
        if needle in text:
            return text
        time.sleep(0.2)
    raise AssertionError("never saw %r on screen:\n%s" % (needle, _screen(name)))


def _wait_change(name, before, timeout=15):
    """The screen once it differs from `before` and has settled (the same twice,
    0.2 s apart): a fixed sleep failed on a busy machine."""
    end = time.time() + timeout
    last = before
    while time.time() < end:
        time.sleep(0.2)
        text = _screen(name)
        if text != before and text == last:
            return text
        last = text
    raise AssertionError("the screen never changed and settled from:\n%s" % before)


def _start(tmp_path, shots):
    if shutil.which("tmux") is None:
        pytest.fail("tmux is needed for the terminal test (apt-get install tmux)")
    name = SESSION % (id(tmp_path), next(_STARTS))
    cmd = "%s -m host_sim.cli sim --data %s --shots %s --seed 5" % (sys.executable, tmp_path / "flash", shots)
    for _ in range(3):  # the tmux server of a session just killed may be exiting: it refuses, then a new one starts
        started = _tmux("new-session", "-d", "-s", name, "-x", "140", "-y", "40", "-c", str(ROOT), cmd)
        if started.returncode == 0:
            break
        time.sleep(0.5)
    assert started.returncode == 0, started.stderr
    _tmux("resize-window", "-t", name, "-x", "140", "-y", "40")
    return name


@pytest.fixture
def sim(tmp_path):
    name = _start(tmp_path, tmp_path)
    yield name, tmp_path
    _tmux("kill-session", "-t", name)


def test_screenshots_go_to_a_new_folder_and_a_bad_one_is_one_line(tmp_path):
    name = _start(tmp_path, tmp_path / "shots" / "today")
    try:
        _wait_for(name, "Enter OK", START_S)
        _tmux("send-keys", "-t", name, "s")
        _wait_for(name, "saved")
        assert (tmp_path / "shots" / "today" / "dicebox-001.png").exists()  # the folder was made
    finally:
        _tmux("kill-session", "-t", name)
    (tmp_path / "a-file").write_text("not a folder")
    name = _start(tmp_path, tmp_path / "a-file")
    try:
        _wait_for(name, "Enter OK", START_S)
        _tmux("send-keys", "-t", name, "s")
        screen = _wait_for(name, "cannot save a screenshot")
        assert "--shots %s" % (tmp_path / "a-file") in screen and "Traceback" not in screen
        _tmux("send-keys", "-t", name, "Enter")  # the simulator runs on: Dice opens
        _wait_change(name, screen)
    finally:
        _tmux("kill-session", "-t", name)


def test_menu_dice_and_screenshot_in_a_terminal(sim):
    name, tmp = sim
    first = _wait_for(name, "Enter OK", START_S)
    assert "\u2588" in first or "\u2580" in first  # the panel drawn in half blocks
    panel = [line for line in first.splitlines() if line.startswith("|")]
    assert len(panel) == 32 and all(len(line) == 130 for line in panel)
    _tmux("send-keys", "-t", name, "Enter")  # open Dice
    dice_screen = _wait_change(name, first)
    _tmux("send-keys", "-t", name, "Enter")  # roll
    _wait_change(name, dice_screen)
    _tmux("send-keys", "-t", name, "s")
    _wait_for(name, "saved")
    assert (tmp / "dicebox-001.png").exists()
    _tmux("send-keys", "-t", name, "q")
    time.sleep(0.5)
    # the roll session was saved on the simulated flash
    assert any((tmp / "flash").iterdir())


def test_a_terminal_curses_cannot_drive_is_one_line(tmp_path):
    name = SESSION % (id(tmp_path), next(_STARTS))
    cmd = "env TERM=unknown-term %s -m host_sim.cli sim --data %s; sleep 5" % (sys.executable, tmp_path / "flash")
    _tmux("new-session", "-d", "-s", name, "-x", "140", "-y", "40", "-c", str(ROOT), cmd)
    try:
        screen = _wait_for(name, "dicebox-sim: error")
        assert "cannot show the simulator" in screen and "TERM=unknown-term" in screen and "Traceback" not in screen
    finally:
        _tmux("kill-session", "-t", name)


def _panel(screen):
    return [line for line in screen.splitlines() if line.startswith("|")]


def _status(screen):
    return [line for line in screen.splitlines() if line.strip()][-1]


def test_o_keeps_the_deal_on_screen_until_the_next_key(sim):
    # the terminal tells no key's release: o holds OK until the next key, which only lets go
    name, tmp = sim
    screen = _wait_for(name, "Enter OK", START_S)
    for key in ("Down", "Down", "Enter", "Enter", "Enter"):  # LARP judge, Boxing, Start: the reveal
        _tmux("send-keys", "-t", name, key)
        screen = _wait_change(name, screen)
    hidden = _panel(screen)
    _tmux("send-keys", "-t", name, "o")
    held = _wait_for(name, "holding OK")
    time.sleep(1.5)  # a long press and more: still held
    held = _screen(name)
    assert "holding OK" in _status(held) and _panel(held) != hidden  # the order
    _tmux("send-keys", "-t", name, "x")
    after = _wait_change(name, held)
    assert "until the next key" in _status(after)  # the help line is back
    assert _panel(after) not in (hidden, _panel(held))  # "already seen once"


def test_screenshots_of_a_new_run_number_on_after_the_last(tmp_path):
    shots = tmp_path / "shots"
    name = _start(tmp_path, shots)
    try:
        _wait_for(name, "Enter OK", START_S)
        for k in (1, 2, 3):
            _tmux("send-keys", "-t", name, "s")
            _wait_for(name, "dicebox-%03d.png" % k)
        _tmux("send-keys", "-t", name, "q")
    finally:
        _tmux("kill-session", "-t", name)
    first = (shots / "dicebox-001.png").read_bytes()
    (shots / "dicebox-001.png").write_bytes(first + b"mark")  # to see it is not written again
    name = _start(tmp_path, shots)
    try:
        _wait_for(name, "Enter OK", START_S)
        _tmux("send-keys", "-t", name, "s")
        _wait_for(name, "saved %s" % (shots / "dicebox-004.png"))
    finally:
        _tmux("kill-session", "-t", name)
    assert (shots / "dicebox-001.png").read_bytes() == first + b"mark"


def test_ctrl_c_leaves_the_simulator_with_one_line_and_exit_130(tmp_path):
    name = SESSION % (id(tmp_path), next(_STARTS))
    cmd = "%s -m host_sim.cli sim --data %s --seed 5; echo EXIT=$?; sleep 5" % (sys.executable, tmp_path / "flash")
    _tmux("new-session", "-d", "-s", name, "-x", "140", "-y", "40", "-c", str(ROOT), cmd)
    try:
        _wait_for(name, "Enter OK", START_S)
        _tmux("send-keys", "-t", name, "C-c")
        screen = _wait_for(name, "EXIT=")
        assert "EXIT=130" in screen and "Traceback" not in screen
        assert [line for line in screen.splitlines() if line.strip()] == ["dicebox-sim: stopped (Ctrl-C)", "EXIT=130"]
    finally:
        _tmux("kill-session", "-t", name)
