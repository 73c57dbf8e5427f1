"""The terminal simulator's key loop (host_sim/sim.py) on a scripted terminal
and clock: every key is one press, whatever the rate the keys come at."""
import curses

import pytest

from host_sim import sim
from host_sim.device import Device, Platform


class FakeClock:
    def __init__(self):
        self.t = 0.0

    def monotonic(self):
        return self.t

    def sleep(self, s):
        self.t += s


class FakeScreen:
    """Keys due at given times (s); q once they are all read and `after` s passed."""

    def __init__(self, clock, due, after=2.0):
        self.clock = clock
        self.due = list(due)  # (time, key), in order
        self.end = (due[-1][0] if due else 0) + after
        self.lines = {}

    def getch(self):
        if self.due and self.due[0][0] <= self.clock.t:
            return self.due.pop(0)[1]
        if not self.due and self.clock.t >= self.end:
            return ord("q")
        return -1

    def nodelay(self, flag):
        pass

    def keypad(self, flag):
        pass

    def getmaxyx(self):
        return (40, 140)

    def erase(self):
        self.lines = {}

    def addstr(self, y, x, s):
        self.lines[y] = s

    def refresh(self):
        pass


@pytest.fixture
def run_keys(monkeypatch, tmp_path):
    clock = FakeClock()
    monkeypatch.setattr(sim.time, "monotonic", clock.monotonic)
    monkeypatch.setattr(sim.time, "sleep", clock.sleep)
    monkeypatch.setattr(curses, "curs_set", lambda n: None)
    monkeypatch.setattr(curses, "set_escdelay", lambda n: None, raising=False)

    def run(due, after=2.0, device=None):
        device = device or Device(platform=Platform(b"\x00\x00\x00\x05"))
        screen = FakeScreen(clock, due, after)
        assert sim._loop(screen, device, str(tmp_path / "shots")) == 0
        return device, screen

    return run


@pytest.mark.parametrize("gap_ms", [0, 10, 50, 80, 150])
def test_every_down_moves_one_row_whatever_the_key_rate(run_keys, gap_ms):
    # Home: Dice, Title Bout, LARP judge, Arena, History, Settings (6 rows, wrapping)
    due = [(0.5 + k * gap_ms / 1000.0, curses.KEY_DOWN) for k in range(10)]
    dev, _ = run_keys(due)
    assert type(dev.app.top).__name__ == "Home"
    assert dev.app.top.sel == 10 % 6


def test_keys_held_down_in_a_number_picker_count_one_each(run_keys):
    # the terminal's auto-repeat, 29 DOWNs 80 ms apart: 29 steps, never a runaway repeat
    dev = Device(platform=Platform(b"\x00\x00\x00\x05"))
    from dicebox.ui.pickers import NumberPicker

    got = []
    dev.app.push(NumberPicker(dev.app, "Light min", 300, 1, 600, got.append))
    dev.wait(100)
    due = [(0.5 + k * 0.08, curses.KEY_DOWN) for k in range(29)]
    dev, _ = run_keys(due, device=dev)
    assert dev.app.top.value == 300 - 29


def test_the_sleeping_display_is_said_and_not_shot(run_keys, tmp_path):
    dev = Device(platform=Platform(b"\x00\x00\x00\x05"))
    sleep_ms = dev.app.settings["sleep_s"] * 1000
    due = [((sleep_ms + 2000) / 1000.0, ord("s"))]
    dev, screen = run_keys(due, after=0.5, device=dev)
    assert not dev.app.display_on
    status = screen.lines[max(screen.lines)]
    assert "display sleeps" in status and not (tmp_path / "shots").exists()


def test_shots_number_on_past_the_highest_already_in_the_folder(run_keys, tmp_path):
    # an earlier run's shots (one deleted since, one of another name) are never written over
    shots = tmp_path / "shots"
    shots.mkdir()
    for name in ("dicebox-001.png", "dicebox-003.png", "notes.png", "dicebox-x.png"):
        (shots / name).write_bytes(b"earlier " + name.encode())
    run_keys([(0.5, ord("s")), (1.0, ord("s"))])
    assert (shots / "dicebox-001.png").read_bytes() == b"earlier dicebox-001.png"
    assert (shots / "dicebox-003.png").read_bytes() == b"earlier dicebox-003.png"
    for name in ("dicebox-004.png", "dicebox-005.png"):
        assert (shots / name).read_bytes().startswith(b"\x89PNG")
    assert not (shots / "dicebox-002.png").exists()

