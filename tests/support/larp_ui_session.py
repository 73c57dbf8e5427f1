# A LARP wound session played through the UI of the simulated device: the judge
# presses buttons for every wound, help and choice, acknowledges every alert;
# the tracker list is on screen and redrawn each second. Time goes in 1 s steps
# between presses. Storage is the real Store in a directory (the journal on
# "flash"). Run by CPython and MicroPython; prints the live-heap high-water
# (gc.collect each minute, as the device loop does) and the session's counts.
#   larp_ui_session.py DIR HOURS [PEOPLE]
import gc
import sys

import heapbase

from dicebox import buttons as B
from dicebox.larp import journal
from dicebox.store import Store
from dicebox.larp.menu import tracker
from host_sim.device import Device, Platform

root = sys.argv[1]
hours = int(sys.argv[2])
people = int(sys.argv[3]) if len(sys.argv) > 3 else 30
trace = "--trace" in sys.argv
d = Device(store=Store(root), platform=Platform(b"\x00\x00\x10\x00"))
d.flush_bytes = None  # the simulator's per-frame I2C figures: not the box's heap
peak = [0]
base = [0]


def sample():
    del d.platform.beeps[:]  # the simulator's beep log: not the box's heap
    used = heapbase.live() if hasattr(gc, "mem_alloc") else 0
    if used > peak[0]:
        peak[0] = used


def top():
    return type(d.app.top).__name__


def wake():
    if not d.app.display_on:
        d.press(B.BACK)  # the press that wakes the display does nothing else


def ack():
    """Back to the list: answer an alert or a refusal, close what is left open."""
    while top() != "TrackerScreen":
        wake()
        d.press(B.OK if top() in ("AlertScreen", "Message") else B.BACK)


def pick(value):
    picker = d.app.top
    step = B.UP if (value - picker.value) % picker.hi <= picker.hi // 2 else B.DOWN
    while d.app.top is picker and picker.value != value:
        d.press(step)
    if d.app.top is picker:
        d.press(B.OK)


def to_row(p):
    """Select p's row; False if p has no row (the list changed meanwhile)."""
    ack()
    scr = d.app.top
    for _ in range(scr.n + 2):
        if d.app.top is not scr:
            return False
        if 0 < scr.sel <= scr.n and scr.rows[scr.sel - 1][1] == p:
            return True
        d.press(B.DOWN)
    return False


def person_action(label_start):
    menu = d.app.top
    for i in range(len(menu.items)):
        if menu.items[i][0].startswith(label_start):
            while d.app.top is menu and menu.sel != i:
                d.press(B.DOWN)
            if d.app.top is not menu:
                return False
            d.press(B.OK)
            return True
    d.press(B.BACK)
    return False


# LARP -> Wounds -> new session with the default times, `people` participants
while d.app.top.items[d.app.top.sel][0] != "LARP judge":
    d.press(B.DOWN)
d.press(B.OK)
for _ in range(4):
    d.press(B.DOWN)
d.press(B.OK)
d.press(B.DOWN)
d.press(B.OK)
pick(people)
d.press(B.UP)
d.press(B.OK)
tr = tracker(d.app)
sample()
base[0] = peak[0]
seed = 12345
wounds = helps = choices = 0
end = hours * 3600
sec = 0
while sec < end:
    d.now += 1000
    d.step()
    sec += 1
    ack()
    if sec % 90 == 0:  # a wound every 90 s, light or heavy, to a pseudo-random participant
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        p = seed % people + 1
        while top() != "ParticipantPicker":  # an alert may come in between: answer it, try again
            ack()
            wake()
            scr = d.app.top
            while d.app.top is scr and scr.sel != 0:
                d.press(B.UP)
            if d.app.top is scr:
                d.press(B.OK)
        pick(p)
        if top() == "Person" and person_action("+ heavy" if seed & 0x100 else "+ light"):
            wounds += 1
        ack()
    if sec % 150 == 0 and tr.game.views(tr.ms):  # help for the one nearest to escalation
        row = tr.game.views(tr.ms)[0]
        if row[0] >= 0:
            ack()
            wake()
            if to_row(row[1]) and top() == "TrackerScreen":
                d.press(B.OK)
            if top() == "Person" and person_action("Medical help"):  # stops light and heavy alike
                if top() == "HelpConfirm":
                    d.press(B.OK)  # the box named him and his wounds
                helps += 1
        ack()
    if sec % 60 == 0:
        for i in tr.game.choices()[:1]:  # a mortal wound: the player chooses
            ack()
            wake()
            if to_row(tr.game.who[i]) and top() == "TrackerScreen":
                d.press(B.OK)
            if top() == "Person" and person_action("Stays" if i & 1 else "Character dies"):
                choices += 1
            ack()
        sample()
        if trace and sec % 600 == 0:
            print("t", sec, "heap", heapbase.live(), "inputs", tr.n, "frames", d.frames)
sample()
ticks = 0
for line in journal.lines(d.store, "wounds.jnl"):
    ticks += line.split(",")[1] == "0"
print("inputs", tr.n, "wounds", wounds, "helps", helps, "choices", choices, "ticks", ticks)
print("session ms", tr.ms)
if "--end" in sys.argv:  # end the session, open its transcript in History
    scr = d.app.top
    while scr.sel != scr.n + 1:
        d.press(B.UP)
    d.press(B.OK)
    d.press(B.OK)
    d.press(B.BACK)
    while d.app.top.items[d.app.top.sel][0] != "History":
        d.press(B.DOWN)
    d.press(B.OK)
    d.press(B.OK)
    sample()
    print("history", top(), getattr(d.app.top, "count", 0), "lines")
print("heap after start", base[0], "high-water", peak[0])
