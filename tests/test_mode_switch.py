"""Every mode opens in one power-on, one after the other; back on Home a
mode's code leaves the heap. The box never restarts itself for room."""
import pytest

from conftest import ROOT
from dicebox import buttons as B
from dicebox import modes
from dicebox.larp.journal import FILES as WOUNDS
from dicebox.ui import home
from host_sim.device import Device
from host_sim.memstore import memory_store
from test_larp_ui import device as larp_device, start_session

MODE_AT = {modes.module(m, modes.OPENS): i for i, m in enumerate(modes.MODES)}  # Home's row of each mode (no Resume row)
HISTORY_AT = len(modes.MODES)


def open_row(d, row):
    """From a bare Home: choose row `row`."""
    assert [type(s).__name__ for s in d.app.stack] == ["Home"]
    while d.app.top.sel != row:
        d.press(B.DOWN)
    d.press(B.OK)


def back_home(d):
    while len(d.app.stack) > 1:
        d.press(B.BACK)


def screens(d):
    return [type(s).__name__ for s in d.app.stack]


def test_every_mode_opens_in_one_power_on():
    """Home opens each mode in turn with no restart: the Pico's heap holds them
    one after the other (make emu measures it)."""
    d = Device(store=memory_store())
    first = d.app
    for module in ("dicebox.dice.screen", "dicebox.titlebout.setup", "dicebox.larp.menu", "dicebox.arena.setup", "dicebox.dice.screen"):
        open_row(d, MODE_AT[module])
        assert type(d.app.top).__module__ == module
        back_home(d)
    open_row(d, HISTORY_AT)
    back_home(d)
    assert d.restarts == 0 and d.app is first


def test_back_on_home_a_modes_code_leaves_the_heap():
    import sys

    from dicebox import forget

    for name in [n for n in sys.modules if n.startswith("dicebox.arena")]:
        forget(name)  # as on a Pico: a boot loads no mode's code (this process may have imported it)
    d = Device(store=memory_store())
    open_row(d, MODE_AT["dicebox.arena.setup"])
    assert "dicebox.arena.setup" in sys.modules
    back_home(d)
    assert "dicebox.arena.setup" not in sys.modules  # Home.resumed unloads it
    open_row(d, MODE_AT["dicebox.dice.screen"])
    assert "dicebox.arena.setup" not in sys.modules and screens(d) == ["Home", "DiceScreen"]


def test_a_fight_of_another_mode_resumes_in_the_same_power_on():
    d = Device(store=memory_store())
    open_row(d, MODE_AT["dicebox.dice.screen"])
    back_home(d)
    d.store.save_current((ROOT / "tests/records/arena-seed.json").read_text())
    d.app.top.build()  # Home now offers Resume, first; it stays on the row it was on (Dice)
    while d.app.top.sel:
        d.press(B.UP)
    d.press(B.OK)
    assert d.restarts == 0
    assert screens(d)[0] == "Home" and d.app.top.session.rec.ruleset == "arena"


def test_the_wound_session_sleeps_in_another_mode_and_loses_no_time():
    d = larp_device()
    tracker = start_session(d)
    d.wait(7000)  # under the tracker's SAVE_MS: the clock file does not have it yet
    assert tracker.ms >= 7000
    back_home(d)
    open_row(d, MODE_AT["dicebox.dice.screen"])
    assert d.restarts == 0 and screens(d) == ["Home", "DiceScreen"]
    asleep = d.app.stack[0].tasks[0]  # the session runs on in the background, asleep
    assert type(asleep).__name__ == "Timer" and asleep.ms >= 7000
    assert d.store.exists(WOUNDS[0])
    d.wait(3000)
    back_home(d)
    open_row(d, MODE_AT["dicebox.larp.menu"])  # LARP wakes it for good
    woken = d.app.stack[0].tasks[0]
    assert type(woken).__name__ == "Tracker" and woken.ms >= 10000


@pytest.mark.parametrize("first, second", [("dicebox.dice.screen", "dicebox.titlebout.setup"), ("dicebox.larp.menu", "dicebox.arena.setup"),
                                           ("dicebox.arena.setup", "dicebox.larp.menu"), ("dicebox.titlebout.setup", "dicebox.dice.screen")])
def test_every_pair_of_modes_switches_cleanly(first, second):
    d = Device(store=memory_store())
    open_row(d, MODE_AT[first])
    back_home(d)
    open_row(d, MODE_AT[second])
    assert d.restarts == 0 and type(d.app.top).__module__ == second
