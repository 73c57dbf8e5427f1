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

    def __init__(self, clock, due, after=2.0, probe=None):
        self.clock = clock
        self.due = list(due)  # (time, key), in order
        self.end = (due[-1][0] if due else 0) + after
        self.lines = {}
        self.probe = probe  # called with the time at every read of a key

    def getch(self):
        if self.probe is not None:
            self.probe(self.clock.t, self)
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

    def run(due, after=2.0, device=None, probe=None):
        device = device or Device(platform=Platform(b"\x00\x00\x00\x05"))
        screen = FakeScreen(clock, due, after, probe)
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


def _reveal():
    """A device on LARP boxing's reveal screen, boxer 1, his look not had."""
    from dicebox import buttons as B

    dev = Device(platform=Platform(b"\x00\x00\x00\x05"))
    for b in (B.DOWN, B.DOWN, B.OK, B.OK, B.OK):  # LARP judge, Boxing, Start
        dev.press(b)
    assert type(dev.app.top).__name__ == "Reveal"
    return dev


def _watch(dev):
    """Probe: (time, top screen's name, the order on screen, boxer, status line) at every key read."""
    seen = []

    def probe(t, screen):
        top = dev.app.top
        seen.append((t, type(top).__name__, getattr(top, "showing", None), getattr(top, "boxer", None),
                     screen.lines.get(max(screen.lines)) if screen.lines else ""))

    return seen, probe


def _at(seen, t):
    return [s for s in seen if s[0] >= t][0]


def test_o_holds_ok_until_the_next_key_so_the_deal_can_be_seen(run_keys, tmp_path):
    dev = _reveal()
    bout = dev.app.stack[-2]
    seen, probe = _watch(dev)
    # o at 1 s; a shot while it is held; DOWN lets go (and only that); DOWN again: boxer 2
    dev, screen = run_keys([(1.0, ord("o")), (3.0, ord("s")), (4.0, curses.KEY_DOWN), (5.0, curses.KEY_DOWN)],
                           device=dev, probe=probe)
    held = [s for s in seen if 1.05 <= s[0] < 4.0]
    assert held and all(s[1] == "Reveal" and s[2] is True and s[3] == 1 for s in held)  # the order on screen
    assert "holding OK" in _at(seen, 2.0)[4] and "still holding OK" in _at(seen, 3.5)[4]
    assert (tmp_path / "shots" / "dicebox-001.png").exists()
    assert _at(seen, 4.5)[1:4] == ("Reveal", False, 1)  # let go: hidden, and DOWN did not change the boxer
    assert bout.seen[1] and not bout.seen[2]  # the one look was had while it showed
    assert _at(seen, 5.5)[1:4] == ("Reveal", False, 2)
    assert "holding" not in _at(seen, 5.5)[4] and "until the next key" in sim.HELP


def test_a_hold_let_go_at_once_is_still_a_long_press_the_judges_override(run_keys):
    dev = _reveal()
    bout = dev.app.stack[-2]
    seen, probe = _watch(dev)
    x = ord("x")  # any key lets go
    dev, _ = run_keys([(1.0, ord("o")), (1.1, x),  # boxer 1's look
                       (2.0, ord("o")), (2.1, x),  # his look is had: a long OK asks for the judge
                       (3.0, 10),  # Enter: yes
                       (4.0, ord("o")), (6.0, x)], device=dev, probe=probe)
    assert _at(seen, 2.9)[1] == "Confirm"
    assert _at(seen, 5.0)[1:4] == ("Reveal", True, 1)  # shown again for the judge, while held
    assert _at(seen, 6.5)[1:3] == ("Reveal", False) and bout.judged[1] == 1


def test_b_still_offers_undo_and_the_key_that_lets_go_does_not_answer_it(run_keys):
    from dicebox import buttons as B

    dev = _reveal()
    dev.press(B.BACK)  # to the bout
    dev.press(B.OK)  # the first blow
    bout = dev.app.top
    assert type(bout).__name__ == "BoxingScreen" and len(bout.session.rec.inputs) == 1
    seen, probe = _watch(dev)
    dev, _ = run_keys([(1.0, ord("b")), (3.0, 10), (4.0, 10)], device=dev, probe=probe)
    assert _at(seen, 2.0)[1] == "Confirm"  # undo the last input?
    assert _at(seen, 3.5)[1] == "Confirm"  # Enter let go of BACK and did nothing else
    assert dev.app.top is bout and len(bout.session.rec.inputs) == 0  # the second Enter: undone
