"""Home unloads what a mode imported: its modules leave sys.modules (and the
package attribute the import set), and the next visit imports them again."""
import sys

import pytest

from dicebox import buttons as B
from host_sim.device import Device, Platform

LAZY = ("dicebox.ui.dice_ui", "dicebox.core.dicemode", "dicebox.core.expr", "dicebox.ui.session",
        "dicebox.ui.history", "dicebox.ui.settings_ui", "dicebox.ui.pickers")


@pytest.fixture
def fresh_boot():
    """Other tests may have imported the modes already: boot without them, and
    give the other tests their modules back afterwards."""
    saved = {n: m for n, m in sys.modules.items() if n.startswith("dicebox.")}
    for name in LAZY:
        sys.modules.pop(name, None)
    yield
    for name in [n for n in sys.modules if n.startswith("dicebox.")]:
        del sys.modules[name]
    sys.modules.update(saved)
    for name, mod in saved.items():
        dot = name.rfind(".")
        setattr(sys.modules[name[:dot]], name[dot + 1:], mod)


def test_leaving_a_mode_unloads_it_and_reentering_imports_it_again(fresh_boot):
    d = Device(platform=Platform(b"\x00\x00\x00\x07"))
    boot = set(sys.modules)
    d.press(B.OK)  # Dice
    assert "dicebox.ui.dice_ui" in sys.modules
    d.press(B.OK)  # roll
    first = d.app.top
    d.press(B.BACK)  # Home
    assert d.app.top is d.app.stack[0]
    assert "dicebox.ui.dice_ui" not in sys.modules and "dicebox.core.expr" not in sys.modules
    assert not hasattr(sys.modules["dicebox.ui"], "dice_ui")
    assert {n for n in sys.modules if n.startswith("dicebox.")} <= boot
    # the Dice entry imports it afresh and it works
    labels = [label for label, _ in d.app.top.items]
    for _ in range(labels.index("Dice")):
        d.press(B.DOWN)
    d.press(B.OK)
    again = d.app.top
    assert type(again) is not type(first)  # a new class: the module was really imported again
    assert type(again).__module__ == "dicebox.ui.dice_ui"
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
    tracker_module = sys.modules["dicebox.ui.larp_wounds_ui"]
    while d.app.top is not d.app.stack[0]:
        d.press(B.BACK)
    # back on Home the tracker still ticks, from the one copy of its module
    assert d.app.stack[0].tasks == [task]
    assert sys.modules["dicebox.ui.larp_wounds_ui"] is tracker_module
    d.press(B.OK)  # Dice, and back: the tracker's modules stay, the dice mode's go
    d.press(B.BACK)
    assert sys.modules["dicebox.ui.larp_wounds_ui"] is tracker_module
    assert "dicebox.ui.dice_ui" not in sys.modules
