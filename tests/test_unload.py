"""Home unloads what a mode imported: its modules leave sys.modules (and the
package attribute the import set), and the next visit imports them again."""
import sys

import pytest

from conftest import SUPPORT
from dicebox import buttons as B
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store
from test_larp_ui import device as larp_device, inputs, larp, start_session, wound  # (imported before fresh_boot runs)
from test_ui_parity import compiled, mplib  # noqa: F401  (fixtures)
from test_unfinished import select

LAZY = ("dicebox.dice.screen", "dicebox.dice.rules", "dicebox.core.expr", "dicebox.ui.session",
        "dicebox.ui.history", "dicebox.ui.settings_ui", "dicebox.ui.pickers", "dicebox.core.errtext")

# the modes' own modules (what boot does not load)
MODE_MODULES = ("dicebox.titlebout", "dicebox.arena", "dicebox.larp", "dicebox.dice",
                "dicebox.titlebout.rules", "dicebox.arena.rules", "dicebox.larp.common", "dicebox.titlebout.cards", "dicebox.arena.roster")


@pytest.fixture
def fresh_boot():
    """Other tests may have imported the modes already: boot without them, and
    give the other tests their modules back afterwards."""
    saved = {n: m for n, m in sys.modules.items() if n.startswith("dicebox.")}
    for name in sorted((n for n in sys.modules if n in LAZY or n.startswith(MODE_MODULES)), reverse=True):
        del sys.modules[name]  # a package's modules before the package
        dot = name.rfind(".")
        if hasattr(sys.modules[name[:dot]], name[dot + 1:]):
            delattr(sys.modules[name[:dot]], name[dot + 1:])  # else `from package import name` finds it there
    yield
    for name in [n for n in sys.modules if n.startswith("dicebox.")]:
        del sys.modules[name]
        dot = name.rfind(".")
        parent = saved.get(name[:dot])
        if name not in saved and parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])  # as dicebox.forget: `from dicebox.ui import home` would find a stale one
    sys.modules.update(saved)
    for name, mod in saved.items():
        dot = name.rfind(".")
        setattr(sys.modules[name[:dot]], name[dot + 1:], mod)


def _attached(name):
    """name is still an attribute of its package (a dropped module must not be: it would stay on the heap)."""
    parent, _, last = name.rpartition(".")
    return parent in sys.modules and hasattr(sys.modules[parent], last)


def test_leaving_a_mode_unloads_it_and_reentering_imports_it_again(fresh_boot):
    d = Device(platform=Platform(b"\x00\x00\x00\x07"))
    boot = set(sys.modules)
    d.press(B.OK)  # Dice
    assert "dicebox.dice.screen" in sys.modules
    d.press(B.OK)  # roll
    first = d.app.top
    d.press(B.BACK)  # Home
    assert d.app.top is d.app.stack[0]
    assert "dicebox.dice.screen" not in sys.modules and "dicebox.core.expr" not in sys.modules
    assert not _attached("dicebox.dice.screen")
    assert {n for n in sys.modules if n.startswith("dicebox.")} <= boot
    # the Dice entry imports it afresh and it works
    labels = [label for label, _ in d.app.top.items]
    for _ in range(labels.index("Dice")):
        d.press(B.DOWN)
    d.press(B.OK)
    again = d.app.top
    assert type(again) is not type(first)  # a new class: the module was really imported again
    assert type(again).__module__ == "dicebox.dice.screen"
    d.press(B.OK)
    assert len(again.session.rec.inputs) == 1 and 1 <= again.session.game.total
    d.press(B.BACK)
    labels = [label for label, _ in d.app.top.items]
    while labels[d.app.top.sel] != "History":  # opened, left, unloaded
        d.press(B.DOWN)
    d.press(B.OK)
    assert "dicebox.ui.history" in sys.modules
    d.press(B.BACK)
    assert "dicebox.ui.history" not in sys.modules


def test_a_running_wound_session_keeps_its_modules_loaded(fresh_boot):
    d = Device(platform=Platform(b"\x00\x00\x00\x07"))
    menu = d.app.top
    while menu.items[menu.sel][0] != "LARP judge":
        d.press(B.DOWN)
    d.press(B.OK)
    larp_menu = d.app.top
    while larp_menu.items[larp_menu.sel][0] != "Wounds":
        d.press(B.DOWN)
    d.press(B.OK)  # the session set-up
    d.press(B.OK)  # Start
    task = d.app.stack[0].tasks[0]
    tracker_module = sys.modules["dicebox.larp.tracker"]
    rules_module = sys.modules["dicebox.larp.wounds"]
    while d.app.top is not d.app.stack[0]:
        d.press(B.BACK)
    # back on Home the tracker still ticks, from the one copy of its module; the
    # tracker's screens and the LARP menu go, as a mode's do
    assert d.app.stack[0].tasks == [task]
    assert sys.modules["dicebox.larp.tracker"] is tracker_module
    assert sys.modules["dicebox.larp.wounds"] is rules_module
    assert "dicebox.larp.wounds_ui" not in sys.modules and "dicebox.larp.menu" not in sys.modules
    d.press(B.OK)  # Dice, and back: the tracker's modules stay, the dice mode's go
    d.press(B.BACK)
    assert sys.modules["dicebox.larp.tracker"] is tracker_module
    assert "dicebox.dice.screen" not in sys.modules


def test_a_wound_session_resumed_at_boot_unloads_once_it_ends(fresh_boot):
    store = memory_store()
    d = Device(store=store, platform=Platform(b"\x00\x00\x00\x07"))
    boot = set(sys.modules)
    _choose(d, "LARP judge")
    _choose(d, "Wounds")  # the session set-up
    d.press(B.OK)  # Start
    while d.app.top is not d.app.stack[0]:
        d.press(B.BACK)
    for name in sorted((n for n in sys.modules if n not in boot), reverse=True):  # a power cut empties the heap
        sys.modules.pop(name)
        dot = name.rfind(".")
        if hasattr(sys.modules[name[:dot]], name[dot + 1:]):
            delattr(sys.modules[name[:dot]], name[dot + 1:])
    d = Device(store=store, platform=Platform(b"\x00\x00\x00\x07"))
    task = d.app.stack[0].tasks[0]  # Home loaded the saved session at boot
    assert "dicebox.larp.tracker" in sys.modules
    assert "dicebox.larp.wounds_ui" not in sys.modules  # the screens load when opened
    task.end()
    _choose(d, "Dice")
    d.press(B.BACK)  # back on Home: the ended session's modules go (not at the next power cut)
    assert d.app.stack[0].tasks == []
    assert {n for n in sys.modules if n.startswith("dicebox.")} <= boot


def test_the_larp_menu_unloads_a_fight_when_it_is_left(fresh_boot):
    # The menu kept every fight opened from it, so the fourth one sat on
    # the code of the other three (the storm's peak, 133 KB at 192k: Firearms over
    # Boxing and Duel)
    d = Device(platform=Platform(b"\x00\x00\x00\x07"))
    _choose(d, "LARP judge")
    menu = d.app.top
    _choose(d, "Wounds")
    d.press(B.OK)  # Start: a session in the background
    while d.app.top is not menu:
        d.press(B.BACK)
    kept = set(sys.modules)
    for fight, module in (("Boxing", "dicebox.larp.boxing_ui"), ("Duel", "dicebox.larp.duel_ui"), ("Firearms", "dicebox.larp.shoot_ui")):
        _choose(d, fight)
        first = sys.modules[module]
        # a fight lets the session sleep, its code off the heap (its wounds wake it at the end)
        assert "dicebox.larp.tracker" not in sys.modules and "dicebox.larp.wounds" not in sys.modules
        while d.app.top is not menu:
            d.press(B.BACK)
        assert module not in sys.modules and not _attached(module)
        assert set(sys.modules) <= kept | {"dicebox.larp.timer"}  # the menu's own modules stay
    _choose(d, "Firearms")  # imported afresh (the shooter's number first: a session runs)
    assert sys.modules["dicebox.larp.shoot_ui"] is not first
    d.press(B.OK)
    assert type(d.app.top).__module__ == "dicebox.larp.shoot_ui" and d.app.stack[0].tasks


def test_an_alert_over_another_mode_takes_its_code_away_when_acknowledged(fresh_boot):
    # The tracker's screens and labels, loaded for the alert, stayed under
    # the mode (a Dice session here) until the next visit to Home
    d = larp_device(sleep_s=15)
    tr = start_session(d)
    wound(d, 4, larp.HEAVY)
    while d.app.top is not d.app.stack[0]:
        d.press(B.BACK)
    _choose(d, "Dice")
    d.press(B.OK)  # a roll
    tracker_screens = ("dicebox.larp.wounds_ui", "dicebox.larp.menu")
    assert not [n for n in tracker_screens if n in sys.modules]
    d.wait(15 * 60000)
    assert type(d.app.top).__name__ == "AlertScreen" and "dicebox.larp.alert" in sys.modules
    assert not [n for n in tracker_screens if n in sys.modules]  # the alert needs none of them
    d.press(B.OK)
    assert type(d.app.top).__name__ == "DiceScreen" and inputs(d)[-1][1] == 3  # ACK
    assert not [n for n in tracker_screens + ("dicebox.larp.alert", "dicebox.larp.kinds") if n in sys.modules]
    # the session asleep again: its rules go too, the mode's code stays
    assert type(d.app.stack[0].tasks[0]).__name__ == "Timer"
    assert "dicebox.larp.tracker" not in sys.modules and "dicebox.dice.screen" in sys.modules
    d.press(B.OK)  # the mode plays on
    assert len(d.app.top.session.rec.inputs) == 2


def test_the_bare_home_heap_comes_back_after_every_mode_micropython(mp, compiled, tmp_path):  # noqa: F811
    # Each mode once, then each again, then a wound session a power cut
    # left running until it ends. The first round interns each mode's names
    # (qstrs are never freed: a new qstr pool for Arena's adds ~16 KB), so the
    # second round is compared with the end of the first.
    flash = tmp_path / "flash"
    flash.mkdir()
    out = mp.run(SUPPORT / "home_heap.py", flash, path=[compiled], heap="512k").stdout.decode().split("\n")
    marks = [line.split() for line in out if line.startswith("HOME")]
    names = [int(line.rsplit("n_total_bytes=", 1)[1]) for line in out if line.startswith("qstr pool:")]
    assert len(names) == len(marks), out
    # the heap less the interned names' pools: MicroPython never frees a name, and a
    # pool that fills opens the next at twice its size (~16 KB here), which is no leak
    heap = {(int(m[1]), m[2]): int(m[3]) - q for m, q in zip(marks, names)}
    assert {int(m[4]) for m in marks} == {int(marks[0][4])}  # every mode's modules left sys.modules
    first = heap[(1, "arena")]
    again = [v for (n, _), v in heap.items() if n >= 2]
    assert len(again) == 5, marks
    assert max(again) - first < 4096, marks  # was +45 KB after the wound session
    print("bare Home less the names after round 1 %d, round 2 max %d, after the wound session %d; names %d -> %d B"
          % (first, max(again), heap[(3, "wounds")], names[0], names[-1]))


TB_SETUP = ("dicebox.titlebout.setup", "dicebox.titlebout.cards", "dicebox.titlebout.data", "dicebox.titlebout.demo", "dicebox.core.errtext")


def _choose(d, label):
    """OK on the first row that starts with label (a picker row has the build after the name)."""
    select(d, label)
    d.press(B.OK)


def test_a_title_bout_runs_without_its_set_up_and_card_checks(fresh_boot):
    d = Device(platform=Platform(b"\x00\x00\x00\x07"))
    _choose(d, "Title Bout")
    assert "dicebox.titlebout.setup" in sys.modules
    assert not any(n in sys.modules for n in TB_SETUP[1:])  # the card code left once the list was read
    assert "dicebox.titlebout.bout" not in sys.modules  # the set-up runs without the fight screen
    setup = d.app.top
    found = list(setup.found)  # Start lets the set-up's list go
    _choose(d, "Start the bout")
    fight = d.app.top
    assert type(fight).__name__ == "TitleBoutScreen" and d.app.stack[-2] is not setup
    assert not any(n in sys.modules for n in TB_SETUP)
    assert not _attached("dicebox.titlebout.data")
    d.press(B.OK, 900)  # a round: the bout goes on without them
    assert "dicebox.titlebout.describe" not in sys.modules  # transcript text: History's, not the bout's
    assert fight.game.round == 2 or fight.panel != 0
    d.press(B.BACK)  # leave (asks: it is unfinished)
    d.press(B.OK)
    assert d.app.top is d.app.stack[0]
    _choose(d, "Title Bout")  # the set-up loads again and works
    assert type(d.app.top) is not type(setup) and type(d.app.top).__name__ == "Setup"
    assert d.app.top.found == found


@pytest.mark.parametrize("fight, own, others", (
    ("Boxing", "dicebox.larp.boxing_ui", ("dicebox.larp.duel_ui", "dicebox.larp.shoot_ui", "dicebox.larp.stealth_ui")),
    ("Stealth", "dicebox.larp.stealth_ui", ("dicebox.larp.boxing_ui", "dicebox.larp.duel_ui", "dicebox.larp.shoot_ui")),
))
def test_a_larp_fight_loads_only_its_own_screens_and_resumes_after_a_power_cut(fresh_boot, fight, own, others):
    store = memory_store()
    d = Device(store=store, platform=Platform(b"\x00\x00\x00\x07"))
    _choose(d, "LARP judge")
    _choose(d, fight)
    if fight == "Boxing":
        d.press(B.OK)  # Start: the reveal over the bout
        d.press(B.BACK)
        d.press(B.OK)  # the first blow: an input, saved
    else:
        d.press(B.UP)  # target 1 (the picker starts at 0: not on the tracker)
        d.press(B.OK)
    screen = d.app.top
    assert type(screen).__module__ == own
    assert not any(n in sys.modules for n in others)
    assert ("dicebox.larp.boxing" in sys.modules) == (fight == "Boxing")
    d2 = Device(store=store, platform=Platform(b"\x00\x00\x00\x07"))  # power cut: the same flash
    if fight == "Stealth":  # its target alone only sets it up: not kept (docs/rules/larp.md U6a)
        assert store.current() is None and d2.app.top is d2.app.stack[0]
        return
    if d2.app.top is d2.app.stack[0]:
        _choose(d2, "Resume fight")
    assert type(d2.app.top).__name__ == type(screen).__name__
    assert d2.app.top.session.rec.ruleset == screen.session.rec.ruleset


def test_an_arena_fight_runs_without_the_set_up_roster_screens_and_file_code(fresh_boot):
    d = Device(platform=Platform(b"\x00\x00\x00\x07"))
    _choose(d, "Arena")
    menu = d.app.top
    _choose(d, "Fighters")
    assert "dicebox.arena.edit" in sys.modules
    d.press(B.BACK)
    assert d.app.top is menu and "dicebox.arena.edit" not in sys.modules
    _choose(d, "Duel")
    setup = d.app.top
    _choose(d, "B: Brute")
    _choose(d, "Wall")  # B: Wall
    _choose(d, "Health: 10")
    d.press(B.UP)
    d.press(B.OK)  # Health 11
    rows = [label for label, _ in setup.items]
    _choose(d, "Start")
    fight = d.app.top
    assert type(fight).__name__ == "ArenaFight"
    assert fight.session.rec.options["b_name"] == "Wall" and fight.session.rec.options["health"] == 11
    # the fight runs without the set-up: a marker under it, arena_ui off the heap
    assert [type(s).__name__ for s in d.app.stack] == ["Home", "SetUpMarker", "ArenaFight"]
    assert not any(n in sys.modules for n in ("dicebox.arena.setup", "dicebox.arena.edit", "dicebox.arena.roster"))
    d.press(B.OK, 900)  # on auto to the end
    assert fight.game.result() is not None
    d.press(B.BACK)  # the menu and the set-up come back as they were
    back = d.app.top
    assert [type(s).__name__ for s in d.app.stack] == ["Home", "ArenaMenu", "DuelSetUp"]
    assert [label for label, _ in back.items] == rows and back.sel == rows.index("Start")
    assert "dicebox.arena.play" not in sys.modules  # the next fight loads it again
    _choose(d, "Start")  # the same pair again
    assert d.app.top.session.rec.options["b_name"] == "Wall"
    d.press(B.BACK)  # leave the fight (nothing played yet: it does not ask)
    if type(d.app.top).__name__ == "Confirm":
        d.press(B.OK)
    assert type(d.app.top).__name__ == "DuelSetUp"
    d.press(B.BACK)
    menu = d.app.top
    assert type(menu).__name__ == "ArenaMenu" and menu.health == 11 and menu.sel == 0
    _choose(d, "Fighters")  # the roster loads again: the same fighters
    assert len(d.app.top.items) == len(menu.fighters) + 1


def test_a_closed_app_is_held_by_no_module(fresh_boot):
    # After an error the loop drops the App to write a save the heap
    # had no room for (dicebox/device.py); Home's module still held its Home,
    # and through it every screen and the wound session
    import gc
    import weakref

    from dicebox.device import Loop
    from dicebox.ui import home

    d = larp_device()
    start_session(d)
    app = d.app
    screens = [weakref.ref(s) for s in app.stack]
    task = weakref.ref(app.stack[0].tasks[0])
    del app
    Loop.fail(d.loop, MemoryError())  # the firmware's, not the simulator's (which raises)
    gc.collect()
    assert home._HOME[0] is None
    assert [r for r in screens if r() is not None] == [] and task() is None
