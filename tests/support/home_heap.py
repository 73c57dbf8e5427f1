# Visits every Home mode (in a bit, then back to Home) twice, and a LARP wound
# session that a power cut leaves running until it ends; prints the live heap on
# the bare Home menu after each: "HOME round label bytes".
#
#   home_heap.py DIR     (DIR: an empty folder, the flash)
import gc
import sys

import micropython

import dicebox
from dicebox import buttons as B
from dicebox import modes
from dicebox.store import Store
from dicebox.ui import home
from dicebox.ui.lang import label
from host_sim.device import Device, Platform

BOOT = tuple(sys.modules)
ROOT = sys.argv[1]
DEV = [None]


def _scrub(n, a=0, b=0, c=0, d=0):
    return _scrub(n - 1) if n else 0


def live_heap():
    _scrub(100)  # overwrite stale stack slots below this frame
    gc.collect()
    return gc.mem_alloc()


def boot():
    """A power cut: a new box on the same flash, without what the last one imported."""
    DEV[0] = None
    dicebox.pin(BOOT)
    dicebox.drop_all()
    DEV[0] = Device(store=Store(ROOT), platform=Platform(b"\x00\x00\x10\x00"))


def choose(label):
    d = DEV[0]
    menu = d.app.top
    for _ in range(len(menu.items)):
        if menu.items[menu.sel][0] == label:
            break
        d.press(B.DOWN)
    d.press(B.OK)


def back_home():
    d = DEV[0]
    for _ in range(20):
        if len(d.app.stack) == 1:
            return
        d.press(B.OK if type(d.app.top).__name__ == "Confirm" else B.BACK)  # Confirm: yes, leave
    raise SystemExit("no way back to Home from " + type(d.app.top).__name__)


def visit(key):
    """Into a mode, one OK deeper (a roll, a set-up, a sub-menu), and back."""
    choose(label(key))
    DEV[0].press(B.OK)
    back_home()


def wound_session_across_a_power_cut():
    choose(label("larp"))
    d = DEV[0]
    for _ in range(4):
        d.press(B.DOWN)
    d.press(B.OK)  # Wounds: a new session
    d.press(B.OK)  # start it
    back_home()
    boot()  # Home loads the saved session at boot
    tasks = DEV[0].app.stack[0].tasks
    tasks[0].end()
    visit("dice")  # Home unloads on the way back


def mark(n, label):
    heap = live_heap()
    print("HOME", n, label, heap, len(sys.modules))
    micropython.qstr_info()  # "qstr pool: ... n_total_bytes=N": names are never freed, and pools grow by doubling


boot()
mark(0, "boot")
for n in (1, 2):
    for mode in modes.MODES:
        key = mode[0]
        visit(key)
        mark(n, key)
wound_session_across_a_power_cut()
mark(3, "wounds")
