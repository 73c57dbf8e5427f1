"""One mode per power-on (ui/home.restart): opening another mode than the one
this power-on opened restarts the box into it (the Pico's machine.soft_reset(),
Device.restart in the simulator), so no power-on interns the names of more than
one mode. History and Settings open in any."""
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


def test_a_second_mode_restarts_the_box_into_it():
    d = Device(store=MemoryStore())
    open_row(d, MODE_AT["dice_ui"])
    assert screens(d) == ["Home", "DiceScreen"] and d.restarts == 0
    back_home(d)
    first = d.app
    open_row(d, MODE_AT["arena_ui"])
    assert d.restarts == 1 and d.app is not first  # a new App booted
    assert screens(d) == ["Home", "ArenaMenu"]
    assert not d.store.exists(LAUNCH)  # read once, at that boot
    assert d.app.stack[0].opened == "arena_ui"
    back_home(d)
    open_row(d, MODE_AT["arena_ui"])  # the mode it restarted for: no restart
    assert d.restarts == 1 and screens(d) == ["Home", "ArenaMenu"]


def test_the_same_mode_history_and_settings_open_without_a_restart():
    d = Device(store=MemoryStore())
    for row in (MODE_AT["titlebout_setup"], HISTORY_AT, HISTORY_AT + 1, MODE_AT["titlebout_setup"], HISTORY_AT):
        open_row(d, row)
        back_home(d)
    assert d.restarts == 0


def test_a_fight_of_another_mode_resumes_after_a_restart():
    d = Device(store=MemoryStore())
    open_row(d, MODE_AT["dice_ui"])
    back_home(d)
    d.store.save_current((ROOT / "tests/records/arena-seed.json").read_text())
    d.app.top.build()  # Home now offers Resume, first; it stays on the row it was on (Dice)
    while d.app.top.sel:
        d.press(B.UP)
    d.press(B.OK)
    assert d.restarts == 1
    assert screens(d)[0] == "Home" and d.app.top.session.rec.ruleset == "arena"
    assert not d.store.exists(LAUNCH)


def test_a_restart_loses_none_of_the_wound_session_clock():
    d = larp_device()
    tracker = start_session(d)
    d.wait(7000)  # under the tracker's SAVE_MS: the clock file does not have it yet
    assert tracker.ms >= 7000
    back_home(d)
    open_row(d, MODE_AT["dice_ui"])
    assert d.restarts == 1 and screens(d) == ["Home", "DiceScreen"]
    resumed = d.app.stack[0].tasks[0]  # the session runs on in the background
    assert resumed is not tracker and resumed.resume_ms >= 7000
    assert d.store.exists(WOUNDS[0])


def test_a_launch_left_by_a_power_cut_opens_its_mode_once():
    """The power went after Home saved where to go and before the restart."""
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


def test_with_the_flash_full_the_mode_opens_in_this_power_on():
    store = MemoryStore()
    d = Device(store=store, platform=Platform())
    open_row(d, MODE_AT["dice_ui"])
    back_home(d)
    write = store.write_text

    def full(name, text, more=()):
        if name == LAUNCH:
            raise OSError(28, "ENOSPC")
        return write(name, text, more)

    store.write_text = full
    open_row(d, MODE_AT["arena_ui"])
    assert d.restarts == 0 and screens(d) == ["Home", "ArenaMenu"]


@pytest.mark.parametrize("first, second", [("dice_ui", "titlebout_setup"), ("larp_ui", "arena_ui")])
def test_every_pair_of_modes_switches_cleanly(first, second):
    d = Device(store=MemoryStore())
    open_row(d, MODE_AT[first])
    back_home(d)
    open_row(d, MODE_AT[second])
    assert d.restarts == 1 and d.app.stack[0].opened == second
    assert type(d.app.top).__module__ == "dicebox.ui." + second
