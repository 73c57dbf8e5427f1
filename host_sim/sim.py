"""The dice box in a terminal: the panel drawn with half blocks (128 x 32 cells).

Keys: arrows UP/DOWN (LEFT/RIGHT too), Enter = OK, Backspace/Esc = BACK,
o / b = hold OK / BACK until the next key, s = screenshot PNG, q = quit.
Time runs in real time; the flash is a folder (~/.dicebox-sim by default).
Every key is one whole press, whatever the key rate. A terminal tells no key's
release, so o / b keep the button down (a long press at least) until the next
key, which lets go of it and does nothing else (s shoots the held screen, q
quits). After Settings' Sleep without a key the display goes dark, as the
box's does: the status line says so, and the key that wakes it does nothing else.
With --battery KIND the box runs on that battery: - / + take VSYS down / up by
100 mV (the status line shows it), u plugs USB in or out.
"""
import curses
import os
import re
import sys
import time

from dicebox import buttons as B
from host_sim.device import Device, Platform
from host_sim.errors import CliError

HELP = "arrows move  Enter OK  Bksp/Esc BACK  o/b hold OK/BACK until the next key  s shot  q quit"
HOLD_NOTE = "holding %s: the next key lets go of it and does nothing else (s saves a shot, q quits)"
SLEEP_NOTE = "the display sleeps (Settings: Sleep): any key wakes it, and does nothing else"
_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
CLICK_MS = 80
LONG_MS = 900


def _keymap():
    return {
        curses.KEY_UP: (B.UP, CLICK_MS), curses.KEY_DOWN: (B.DOWN, CLICK_MS),
        curses.KEY_LEFT: (B.LEFT, CLICK_MS), curses.KEY_RIGHT: (B.RIGHT, CLICK_MS),
        10: (B.OK, CLICK_MS), 13: (B.OK, CLICK_MS), curses.KEY_ENTER: (B.OK, CLICK_MS),
        27: (B.BACK, CLICK_MS), 127: (B.BACK, CLICK_MS), 8: (B.BACK, CLICK_MS), curses.KEY_BACKSPACE: (B.BACK, CLICK_MS),
    }


HOLDS = {ord("o"): B.OK, ord("b"): B.BACK}  # held until the next key
FULL_MV = {"3xAA-alkaline": 4600, "3xAA-nimh": 4200, "1S-lipo": 4100}  # a fresh pack's VSYS


def battery_key(device, key, was):
    """- / + / u on a box with a battery: VSYS down / up 100 mV, USB in or out. Returns
    (VSYS the battery gives when USB goes out, status line) or None if not such a key."""
    if getattr(device, "battery", None) is None or key not in (ord("-"), ord("+"), ord("u")):
        return None
    if key == ord("u"):
        device.vsys, was = (was, was) if device.vsys == 0 else (0, device.vsys)
    elif device.vsys:
        device.vsys = max(1000, min(6000, device.vsys + (100 if key == ord("+") else -100)))
        was = device.vsys
    return was, ("battery: on USB (u: unplug)" if device.vsys == 0 else "battery: VSYS %d mV (-/+ 100 mV, u: USB)" % device.vsys)


def rows(glass, width, height):
    """The glass as text rows, two pixel rows per character."""
    out = []
    for y in range(0, height, 2):
        line = []
        for x in range(width):
            top = (glass[(y >> 3) * width + x] >> (y & 7)) & 1
            y2 = y + 1
            bottom = (glass[(y2 >> 3) * width + x] >> (y2 & 7)) & 1 if y2 < height else 0
            line.append(_HALF[(top, bottom)])
        out.append("".join(line))
    return out


def make_store(data):
    """The simulated flash: a folder, made if missing. A path that is not one, or
    that cannot be made or read, is one line naming --data."""
    from dicebox.store import Store

    try:
        os.makedirs(data, exist_ok=True)
        return Store(data)
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the path
        raise CliError("--data %s: not a folder the simulator can keep its flash in (%s)"
                       % (data, getattr(e, "strerror", None) or e))


def run(data=None, shots=".", seed=None, battery=None):
    data = data or os.path.join(os.path.expanduser("~"), ".dicebox-sim")
    store = make_store(data)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CliError("the simulator draws in a terminal and reads its keys: run it in one, with neither "
                       "input nor output redirected (`dicebox-sim script FILE` runs a button script anywhere)")
    device = Device(store=store, platform=Platform.on_flash(data, None if seed is None else seed.to_bytes(4, "big")),
                    battery=battery)
    if battery is not None:
        device.vsys = FULL_MV[battery]
    # stale LINES/COLUMNS (set by some shells and test runners) would hide the real size
    os.environ.pop("LINES", None)
    os.environ.pop("COLUMNS", None)
    try:
        return curses.wrapper(_loop, device, shots)  # Ctrl-C: the terminal is back, then cli says it
    except curses.error as e:  # a terminal curses cannot drive (TERM unknown or "dumb")
        raise CliError("this terminal cannot show the simulator (%s; TERM=%s)" % (e, os.environ.get("TERM", "")))


def _loop(scr, device, shots):
    curses.curs_set(0)
    scr.nodelay(True)
    scr.keypad(True)
    curses.set_escdelay(25) if hasattr(curses, "set_escdelay") else None
    keys = _keymap()
    width, height = device.panel.width, device.panel.height
    start = time.monotonic()
    shown = -1
    status = ""
    shot_no = 0
    last_size = None
    asleep = False
    held = None  # an o / b hold: Hold, until the next key
    pack = getattr(device, "vsys", 0)  # the battery's VSYS while USB is in
    while True:
        now = int((time.monotonic() - start) * 1000)
        if now > device.now:
            device.wait(now - device.now)
        key = scr.getch()
        if key == ord("q"):
            return 0
        if key == ord("s"):
            if device.app.display_on:
                shot_no = _next_shot(shots, shot_no)
                status = _shot(device, shots, shot_no)
                if held is not None:
                    status += "; still holding %s: the next key lets go" % B.NAMES[held.button]
            else:
                status = "the display sleeps: a key wakes it, then s saves it"
            shown = -1
        elif held is not None and key not in (-1, curses.KEY_RESIZE):
            held.let_go()
            held = None
            status = SLEEP_NOTE if asleep else ""
            shown = -1
        elif key in HOLDS:
            held = Hold(device, HOLDS[key])
            status = HOLD_NOTE % B.NAMES[HOLDS[key]]
            shown = -1
        elif key in keys:
            press(device, *keys[key])
        else:
            changed = battery_key(device, key, pack)
            if changed is not None:
                pack, status = changed
                shown = -1
        if asleep != (not device.app.display_on):
            asleep = not asleep
            status = SLEEP_NOTE if asleep else HOLD_NOTE % B.NAMES[held.button] if held else ""
            shown = -1
        size = scr.getmaxyx()
        if device.frames != shown or key == curses.KEY_RESIZE or size != last_size:
            shown = device.frames
            last_size = size
            _paint(scr, device, width, height, status)
        time.sleep(0.01)


def press(device, button, ms):
    """One key, one whole press: held ms, then released long enough for the
    debouncer to see it (device.hold), in simulated time at once. Keys that come
    faster than that (a key held down, a burst) each still count: the box's
    clock runs ahead a little and waits for the real one to catch up."""
    device.hold(1 << button, ms)


class Hold:
    """A button kept down from its key to the next key (a terminal sends no
    release): the box sees it held all that time, as a thumb on the button,
    and never shorter than a long press."""

    def __init__(self, device, button):
        self.device = device
        self.button = button
        self.since = device.now
        device.levels |= 1 << button

    def let_go(self):
        short = LONG_MS - (self.device.now - self.since)
        if short > 0:
            self.device.wait(short)  # the clock runs ahead; the loop waits for the real one
        self.device.levels &= ~(1 << self.button)
        self.device.wait(60)


_SHOT_NAME = re.compile(r"dicebox-(\d+)\.png$")


def _next_shot(shots, last):
    """The next screenshot's number: past the highest in the folder (a shot
    of an earlier run is never written over) and past the last one taken."""
    try:
        names = os.listdir(shots)
    except OSError:  # not there yet (made at the first shot), or unreadable: _shot says so
        names = ()
    numbers = [int(m.group(1)) for m in map(_SHOT_NAME.match, names) if m]
    return max(numbers + [last]) + 1


def _shot(device, shots, number):
    """Save the glass as shots/dicebox-NNN.png (the folder made if need be); the
    status line: where it went, or why not (the simulator runs on)."""
    path = os.path.join(shots, "dicebox-%03d.png" % number)
    try:
        os.makedirs(shots, exist_ok=True)
        device.save_png(path)
    except OSError as e:
        return "--shots %s: cannot save a screenshot (%s)" % (shots, e.strerror or e)
    return "saved " + path


def _paint(scr, device, width, height, status):
    scr.erase()
    rows_needed = height // 2 + 3
    h, w = scr.getmaxyx()
    if h < rows_needed or w < width + 2:
        scr.addstr(0, 0, ("terminal too small: need %dx%d" % (width + 2, rows_needed))[: max(1, w - 1)])
        scr.refresh()
        return
    scr.addstr(0, 0, "+" + "-" * width + "+")
    for i, line in enumerate(rows(device.glass(), width, height)):
        scr.addstr(1 + i, 0, "|" + line + "|")
    scr.addstr(height // 2 + 1, 0, "+" + "-" * width + "+")
    scr.addstr(height // 2 + 2, 0, (status or HELP)[: w - 1])
    scr.refresh()


def main(argv):
    from host_sim.cli import main as cli_main

    return cli_main(["sim"] + list(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
