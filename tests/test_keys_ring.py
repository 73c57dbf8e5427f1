"""hw/keys.py's ring: taps made while the loop is busy (a mode opening, a
Title Bout's first roll) all reach the debouncer, in order, with their times.
The module runs here on stand-ins for machine's Pin and Timer: its IRQ
callback is called by hand, as the Pico's timer would every 2 ms."""
import importlib
import sys
import types

import pytest

from dicebox import buttons as B


class _Pin:
    IN = PULL_UP = 0
    levels = {}
    made = {}

    def __init__(self, n, *_):
        self.n = n
        self.handler = None
        self.latched = 0  # the edges latched since the handler last ran (rp2: 4 falling, 8 rising)
        _Pin.made[n] = self

    def value(self):
        return 0 if _Pin.levels.get(self.n) else 1  # pull-up: pressed reads 0

    def set(self, pressed):
        """The button's level changes: its edge is latched (its IRQ runs when interrupts allow)."""
        _Pin.levels[self.n] = pressed
        self.latched |= 4 if pressed else 8

    def irq(self, handler=None, trigger=0, hard=False):
        if handler is not None:
            self.handler = handler
        return self

    def flags(self):
        return self.flags_now

    def fire(self):
        """The pin's IRQ runs: with the edges latched until now."""
        self.flags_now, self.latched = self.latched, 0
        if self.flags_now:
            self.handler(self)


class _Timer:
    PERIODIC = 0

    def __init__(self, *_a, **_k):
        pass

    def deinit(self):
        pass


@pytest.fixture
def keys_module(monkeypatch):
    clock = [1000]
    machine = types.SimpleNamespace(Pin=_Pin, Timer=_Timer)
    micropython = types.SimpleNamespace(const=lambda v: v)
    time = types.SimpleNamespace(ticks_ms=lambda: clock[0], ticks_us=lambda: clock[0] * 1000,
                                 ticks_diff=lambda a, b: a - b, ticks_add=lambda a, b: a + b)
    for name, mod in (("machine", machine), ("micropython", micropython), ("time", time)):
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delitem(sys.modules, "dicebox.hw.keys", raising=False)
    keys = importlib.import_module("dicebox.hw.keys")
    yield keys, clock
    sys.modules.pop("dicebox.hw.keys", None)


def _events(buttons):
    out = []
    ev = buttons.pop()
    while ev is not None:
        out.append(ev)
        ev = buttons.pop()
    return out


def test_thirty_taps_made_while_the_loop_is_busy_are_thirty_clicks(keys_module):
    keys, clock = keys_module
    OK_PIN = 7
    k = keys.Keys([None, None, OK_PIN, None])
    buttons = B.Buttons()
    for tap in range(30):  # 80 ms down, 120 ms up, the loop busy throughout (6 s)
        for level, ms in ((1, 80), (0, 120)):
            _Pin.levels[OK_PIN] = level
            for _ in range(ms // 5):
                k._sample(None)
                clock[0] += 5
    k.poll(buttons, clock[0])
    clicks = [ev[2] for ev in _events(buttons) if ev[1] == B.CLICK]
    assert k.lost == 0
    assert len(clicks) == 30 and clicks == sorted(clicks) and clicks[1] - clicks[0] == 200


def test_a_change_the_irq_records_during_a_poll_never_gets_a_time_after_the_loops_now(keys_module):
    # The IRQ may fire while the loop replays the ring. A change it records after the poll
    # read the clock must wait for the next poll: given a time past `now`, it made the App's
    # idle time wrap (now - last input < 0) and put the panel to sleep, eating the next press.
    keys, clock = keys_module
    DOWN_PIN = 5
    k = keys.Keys([None, DOWN_PIN])
    buttons = B.Buttons()
    _Pin.levels[DOWN_PIN] = 1
    k._sample(None)  # pressed at 1000
    clock[0] += 80
    now = clock[0]  # the loop's clock, read at the start of its pass

    class IrqMidPoll:
        fired = False

        def update(self, levels, at):
            if not IrqMidPoll.fired:  # the timer fires while the poll replays
                IrqMidPoll.fired = True
                clock[0] += 1
                _Pin.levels[DOWN_PIN] = 0
                k._sample(None)  # released at 1081
            buttons.update(levels, at)

    k.poll(IrqMidPoll(), now)
    first = _events(buttons)
    assert IrqMidPoll.fired
    assert [e[1] for e in first] == [B.PRESS] and all(e[2] <= now for e in first)
    clock[0] += 10
    k.poll(buttons, clock[0])  # the next pass has the release, at its own time
    assert _events(buttons) == [(B.DOWN, B.RELEASE, 1081), (B.DOWN, B.CLICK, 1081)]


def _erase(k, pin, clock, ms, changes, order="pin"):
    """A flash erase of `ms` with interrupts off: no sample, no pin IRQ; `changes`: (ms into it,
    pressed). Then the pending IRQs run: the pin's first, the sampler's first, or the sampler's
    once for every period it missed (a periodic soft timer catching up: the rp2 port's), then
    sampling goes on."""
    t0 = clock[0]
    for at, pressed in changes:
        clock[0] = t0 + at
        pin.set(pressed)
    clock[0] = t0 + ms
    if order != "pin":
        for _ in range(ms // 2 if order == "burst" else 1):
            k._sample(None)
    pin.fire()
    if order == "pin":
        k._sample(None)


def _sampled(k, pin, clock, ms):
    for _ in range(ms // 2):
        pin.fire()  # each edge's IRQ runs at once while interrupts are on
        k._sample(None)
        clock[0] += 2


def _one(keys, clock, slot, gpio):
    """Keys with one button (`slot` in dicebox.buttons order) on `gpio`, sampled 20 ms at rest,
    its pin and a debouncer."""
    pins = [None] * (slot + 1)
    pins[slot] = gpio
    k = keys.Keys(pins)
    _sampled(k, _Pin.made[gpio], clock, 20)
    return k, _Pin.made[gpio], B.Buttons(debounce_ms=20)


def _clicks(k, buttons, clock):
    """The clicks the loop's next poll gets."""
    k.poll(buttons, clock[0])
    return [e[:2] for e in _events(buttons) if e[1] == B.CLICK]


@pytest.mark.parametrize("order", ["pin", "sampler", "burst"])
def test_a_tap_wholly_inside_a_flash_erase_is_one_click(keys_module, order):
    # the rp2 port erases a sector (some 45 ms) with interrupts off: the sampler sees nothing of
    # a 40 ms tap inside it, but the pin latched both edges (2 of 20 storms on the emulated Pico)
    keys, clock = keys_module
    k, pin, buttons = _one(keys, clock, 3, 8)
    _erase(k, pin, clock, 46, [(3, 1), (43, 0)], order)
    _sampled(k, pin, clock, 40)
    assert _clicks(k, buttons, clock) == [(B.BACK, B.CLICK)]


@pytest.mark.parametrize("order", ["pin", "sampler", "burst"])
def test_a_press_that_began_in_an_erase_keeps_its_length(keys_module, order):
    # down 16 ms before the erase ends, up 15 ms after: a 31 ms press the sampler would see as 15
    keys, clock = keys_module
    k, pin, buttons = _one(keys, clock, 2, 7)
    _erase(k, pin, clock, 46, [(30, 1)], order)
    _sampled(k, pin, clock, 14)
    pin.set(0)
    _sampled(k, pin, clock, 40)
    assert _clicks(k, buttons, clock) == [(B.OK, B.CLICK)]


def test_a_glitch_while_the_sampler_runs_is_no_press(keys_module):
    # both edges latched between two samples (contact chatter, a spike): the debouncer's to judge
    keys, clock = keys_module
    k, pin, buttons = _one(keys, clock, 2, 7)
    pin.set(1)
    pin.set(0)
    _sampled(k, pin, clock, 40)
    k.poll(buttons, clock[0])
    assert _events(buttons) == [] and k.head == 0


@pytest.mark.parametrize("order", ["pin", "sampler", "burst"])
def test_a_press_released_inside_an_erase_is_one_click(keys_module, order):
    # the OK that starts a bout (whose save erases a sector) lets go during the erase: only its
    # rising edge is latched, and the sampler may have taken the release first: still one click
    # (a storm on the emulated Pico rolled the bout's first dice on such a release)
    keys, clock = keys_module
    k, pin, buttons = _one(keys, clock, 2, 7)
    pin.set(1)
    _sampled(k, pin, clock, 40)
    _erase(k, pin, clock, 46, [(10, 0)], order)
    _sampled(k, pin, clock, 40)
    assert list(k.levels[:k.head]) == [4, 0]  # down, up: no second tap for the loop to replay
    assert _clicks(k, buttons, clock) == [(B.OK, B.CLICK)]


def _tap_across_erases(keys, clock, start, hold, erases, order):
    """One tap of BACK, `hold` ms from ms `start`, while the save's erases (ms ranges) stop
    every interrupt; the sampler ticks every 2 ms and the pin's IRQ runs at once when allowed.
    The clicks the loop gets."""
    k = keys.Keys([None, None, None, 8])
    pin = _Pin.made[8]
    _Pin.levels.clear()
    buttons = B.Buttons(debounce_ms=20)
    t0 = clock[0]
    missed = 0
    for ms in range(400):
        clock[0] = t0 + ms
        if ms in (start, start + hold):
            pin.set(ms == start)
        if any(a <= ms < b for a, b in erases):
            missed += ms % 2 == 0
            continue
        if missed:  # interrupts back on: the pending IRQs, in `order`
            if order == "pin":
                pin.fire()
            for _ in range(missed if order == "burst" else 1):
                k._sample(None)
            if order != "pin":
                pin.fire()
            missed = 0
        else:
            pin.fire()
            if ms % 2 == 0:
                k._sample(None)
    k.poll(buttons, clock[0])
    return [e[:2] for e in _events(buttons) if e[1] in (B.CLICK, B.LONG)]


def test_a_tap_anywhere_around_a_save_s_erases_is_one_click(keys_module):
    # every start, 1 ms apart, from before a save's two erases (5 ms apart, as littlefs's) to
    # after them, for taps 25..120 ms, with the IRQs in each order: one click each, never two
    keys, clock = keys_module
    wrong = []
    for erases in ([(100, 146)], [(100, 146), (151, 197)]):
        for order in ("pin", "sampler", "burst"):
            for hold in (25, 40, 120):
                for start in range(60, 260):
                    got = _tap_across_erases(keys, clock, start, hold, erases, order)
                    if got != [(B.BACK, B.CLICK)]:
                        wrong.append((erases, order, hold, start, got))
    assert wrong == []
