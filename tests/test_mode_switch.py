"""Every mode opens in one power-on, one after the other; back on Home a
mode's code leaves the heap. A reboot (ui/home.reboot, the Pico's
machine.soft_reset()) is left only for a fight that finds no room: launch.txt
says what the next boot opens."""
import pytest

from conftest import ROOT
from dicebox import buttons as B
from dicebox.store import WOUNDS
from dicebox.ui import home
from dicebox.ui.home import LAUNCH
from host_sim.device import Device, Platform
from host_sim.memstore import MemoryStore
from test_larp_ui import device as larp_device, start_session

MODE_AT = {m[2]: i for i, m in enumerate(home.MODES)}  # Home's row of each mode (no Resume row)
HISTORY_AT = len(home.MODES)


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
    d = Device(store=MemoryStore())
    first = d.app
    for module in ("dice_ui", "titlebout_setup", "larp_ui", "arena_ui", "dice_ui"):
        open_row(d, MODE_AT[module])
        assert type(d.app.top).__module__ == "dicebox.ui." + module
        back_home(d)
    open_row(d, HISTORY_AT)
    back_home(d)
    assert d.restarts == 0 and d.app is first and not d.store.exists(LAUNCH)


def test_back_on_home_a_modes_code_leaves_the_heap():
    import sys

    from dicebox import forget

    for name in [n for n in sys.modules if n.startswith("dicebox.ui.arena")]:
        forget(name)  # as on a Pico: a boot loads no mode's code (this process may have imported it)
    d = Device(store=MemoryStore())
    open_row(d, MODE_AT["arena_ui"])
    assert "dicebox.ui.arena_ui" in sys.modules
    back_home(d)
    assert "dicebox.ui.arena_ui" not in sys.modules  # Home.resumed unloads it
    open_row(d, MODE_AT["dice_ui"])
    assert "dicebox.ui.arena_ui" not in sys.modules and screens(d) == ["Home", "DiceScreen"]


def test_a_fight_of_another_mode_resumes_in_the_same_power_on():
    d = Device(store=MemoryStore())
    open_row(d, MODE_AT["dice_ui"])
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
    open_row(d, MODE_AT["dice_ui"])
    assert d.restarts == 0 and screens(d) == ["Home", "DiceScreen"]
    asleep = d.app.stack[0].tasks[0]  # the session runs on in the background, asleep
    assert type(asleep).__name__ == "Timer" and asleep.ms >= 7000
    assert d.store.exists(WOUNDS[0])
    d.wait(3000)
    back_home(d)
    open_row(d, MODE_AT["larp_ui"])  # LARP wakes it for good
    woken = d.app.stack[0].tasks[0]
    assert type(woken).__name__ == "Tracker" and woken.ms >= 10000


def test_a_launch_left_by_a_power_cut_opens_its_mode_once():
    """The power went after a reboot saved where to go and before the restart."""
    store = MemoryStore()
    store.write_text(LAUNCH, "larp_ui")
    d = Device(store=store)
    assert screens(d) == ["Home", "LarpMenu"] and not store.exists(LAUNCH)
    store.write_text(LAUNCH, "no_such_mode")  # written by another firmware: Home, and it goes
    d = Device(store=store)
    assert screens(d) == ["Home"] and not store.exists(LAUNCH)


def test_a_launch_file_that_cannot_be_read_is_set_aside_and_the_fight_resumes(tmp_path):
    """Before, a launch.txt that is not UTF-8 was taken for none and read at every boot."""
    from dicebox.core.record import Record
    from dicebox.store import Store

    (tmp_path / LAUNCH).write_bytes(b"larp\xff")
    (tmp_path / "current.json").write_text(Record("dice", {}, 1, ["d6"]).dumps())
    d = Device(store=Store(str(tmp_path)))
    assert screens(d) == ["Home", "DiceScreen", "Message"]
    assert " ".join(d.app.top.lines) == "launch.txt cannot be read; kept as launch.txt.bad"
    assert not (tmp_path / LAUNCH).exists() and (tmp_path / (LAUNCH + ".bad")).read_bytes() == b"larp\xff"


@pytest.mark.parametrize("first, second", [("dice_ui", "titlebout_setup"), ("larp_ui", "arena_ui"),
                                           ("arena_ui", "larp_ui"), ("titlebout_setup", "dice_ui")])
def test_every_pair_of_modes_switches_cleanly(first, second):
    d = Device(store=MemoryStore())
    open_row(d, MODE_AT[first])
    back_home(d)
    open_row(d, MODE_AT[second])
    assert d.restarts == 0 and type(d.app.top).__module__ == "dicebox.ui." + second
