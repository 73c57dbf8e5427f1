"""The debouncer against a reference model written from its rule (docs/hardware.md
"Buttons", dicebox/buttons.py), driven by the same random level streams: taps,
holds, contact bounce and chatter around the debounce time, several buttons at
once, a loop busy through a press. Hypothesis shrinks any disagreement to its
shortest stream.

Two ways in, as the box and the simulator feed it: the Pico's path (pins sampled
by hw/keys.py's timer IRQ into its ring, replayed by the loop's poll, the ticks
counter near its wrap) and the simulator's (host_sim/device.py: the levels read
at each 5 ms pass). Each must give, button by button, the model's events at the
model's times, and give each one by the poll the rule says it is known at."""
import importlib
import sys
import types

import pytest
from hardening import size
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dicebox import buttons as B
from host_sim.device import POLL_MS, feed

# the rule's figures: the debounce docs/hardware.md gives, and the long press and
# repeat of dicebox/buttons.py's Buttons(), which the box's loop uses
DEBOUNCE = 20
LONG_MS, REPEAT_DELAY, REPEAT_MS = 600, 450, 110
EXAMPLES = size(400, 10000)
MASK30 = 0x3FFFFFFF


# --- the model ----------------------------------------------------------------

def model(edges):
    """One button's events from its level changes [(ms, 1 down / 0 up)], from up
    and armed (the box starts with every button up long enough), ending up:
    [(event, ms, by)], `by` the ms by which the loop has the event (None: when
    the button next reads down, or with its release; see held_by).

    - A press on its first down edge if the button was up for the debounce time
      before it (or never pressed yet); a contact that comes back sooner after a
      release is no press.
    - A release on its first up edge if the down level before it held the
      debounce time; else once the up level has held it, at the up edge's time
      (known then); contact back sooner is chatter inside the press.
    - A click with the release if the press held the debounce time and was no
      long press; a long press at long_ms into the hold, repeats from
      repeat_delay every repeat_ms, each only if the hold reached it."""
    out = []
    pressed = False
    ever = False
    press_at = since = pending = None

    def release(at, by):
        held = at - press_at
        timed = [(B.LONG, press_at + LONG_MS)] if held >= LONG_MS else []
        rep = REPEAT_DELAY
        while rep <= held:
            timed.append((B.REPEAT, press_at + rep))
            rep += REPEAT_MS
        timed.sort(key=lambda e: (e[1], e[0] != B.LONG))  # a long press before a repeat due with it
        out.extend((ev, t, None) for ev, t in timed)
        out.append((B.RELEASE, at, by))
        if DEBOUNCE <= held < LONG_MS:
            out.append((B.CLICK, at, by))

    for t, level in edges:
        if pending is not None and t - pending >= DEBOUNCE:  # up long enough: the release was real
            release(pending, pending + DEBOUNCE)
            pressed, pending = False, None
        if level:
            if pressed:
                pending = None  # back down within the debounce time: chatter
            elif not ever or t - since >= DEBOUNCE:
                pressed = ever = True
                press_at = t
                out.append((B.PRESS, t, t))
        elif pressed:
            if t - since >= DEBOUNCE:
                release(t, t)
                pressed = False
            else:
                pending = t
        since = t
    if pending is not None:
        release(pending, pending + DEBOUNCE)
        pressed = False
    assert not pressed, "a stream ends with the button up"
    return out


def held_by(edges, t):
    """(from, to): the down level holding ms t, or None: a long press or repeat
    due at t is known at the first poll in it."""
    start = None
    for at, level in edges:
        if at > t:
            return (start, at) if start is not None else None
        start = at if level else None
    return None


# --- the streams ----------------------------------------------------------------

# how long a level lasts: bounce and chatter, the debounce edge, taps, holds past
# the repeat delay and the long press, pauses
_DURATION = st.one_of(
    st.integers(1, 19),
    st.sampled_from([DEBOUNCE - 1, DEBOUNCE, DEBOUNCE + 1, REPEAT_DELAY, LONG_MS - 1, LONG_MS, LONG_MS + 1,
                     REPEAT_DELAY + REPEAT_MS]),
    st.integers(21, 300),
    st.integers(300, 1700),
)
_BUTTON = st.lists(_DURATION, min_size=2, max_size=24).map(lambda d: d if len(d) % 2 == 0 else d + [300])


def streams(grid):
    """{button: [duration, ...]} (up, down, up, down...): several buttons, each its own
    stream, so they overlap as hands do. Every level lasts whole `grid` ms (the
    sampling period), at least one."""
    return st.dictionaries(st.sampled_from(range(6)), _BUTTON, min_size=1, max_size=4).map(
        lambda d: {b: [max(grid, (x + grid - 1) // grid * grid) for x in durs] for b, durs in d.items()})


def edges_of(durations, start):
    out = []
    t = start
    for i, d in enumerate(durations):
        t += d
        out.append((t, 1 if i % 2 == 0 else 0))
    return out


def changes(per_button):
    """[(ms, levels)]: the level word after each ms at which some button changed."""
    at = {}
    for b, edges in per_button.items():
        for t, level in edges:
            at.setdefault(t, []).append((b, level))
    levels = 0
    out = []
    for t in sorted(at):
        for b, level in at[t]:
            levels = levels | 1 << b if level else levels & ~(1 << b)
        out.append((t, levels))
    return out


def check(per_button, got):
    """got: [(button, event, ms, poll ms)] as the loop took them."""
    polls = sorted({p for *_, p in got})
    for b, edges in per_button.items():
        want = model(edges)
        mine = [(e, t, p) for k, e, t, p in got if k == b]
        assert [(e, t) for e, t, _ in mine] == [(e, t) for e, t, _ in want], "button %d, edges %s" % (b, edges)
        for (e, t, p), (_, _, by) in zip(mine, want):
            assert t <= p, "event %d at %d given at %d, before it happened" % (e, t, p)
            if by is None:  # a long press or repeat: at the first poll while the button is down
                span = held_by(edges, t)
                if span is None:
                    continue
                first = [q for q in polls if q >= t]
                if first and first[0] < span[1]:
                    by = t
            if by is not None:
                first = [q for q in polls if q >= by]
                assert not first or p <= first[0], "button %d: event %d at %d known at %d, given at %d" % (
                    b, e, t, by, p)


# --- the Pico's path: pins, the timer IRQ's ring, the loop's poll --------------------

class _Pin:
    IN = PULL_UP = 0
    low = set()

    def __init__(self, n, *_):
        self.n = n

    def value(self):
        return 0 if self.n in _Pin.low else 1  # pull-ups: pressed reads 0


class _Timer:
    PERIODIC = 0

    def __init__(self, *_a, **_k):
        pass


@pytest.fixture(scope="module")
def keys_module():
    """hw/keys.py on stand-ins for machine and time; ticks_ms a 30-bit counter set by the test."""
    clock = [0]
    stand_ins = {
        "machine": types.SimpleNamespace(Pin=_Pin, Timer=_Timer),
        "micropython": types.SimpleNamespace(const=lambda v: v),
        "time": types.SimpleNamespace(ticks_ms=lambda: clock[0] & MASK30, ticks_us=lambda: clock[0] * 1000 & MASK30,
                                      ticks_diff=lambda a, b: ((a - b + (1 << 29)) & MASK30) - (1 << 29),
                                      ticks_add=lambda a, b: (a + b) & MASK30),
    }
    saved = {name: sys.modules.get(name) for name in list(stand_ins) + ["dicebox.hw.keys"]}
    sys.modules.update(stand_ins)
    sys.modules.pop("dicebox.hw.keys", None)
    try:
        yield importlib.import_module("dicebox.hw.keys"), clock
    finally:
        for name, mod in saved.items():
            if mod is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = mod


def run_pico(keys, clock, per_button, loop_gaps, wrap_at):
    """Levels on the pins, sampled every 2 ms (the IRQ), polled by a loop whose passes
    are `loop_gaps` apart (over and over); ticks_ms wraps `wrap_at` ms in. Returns
    what the loop took: [(button, event, ms, poll ms)]."""
    pins = list(range(10, 16))
    k = keys.Keys(pins)
    buttons = B.Buttons(debounce_ms=DEBOUNCE)
    boot = MASK30 + 1 - wrap_at  # ticks_ms at power-on; the loop's own ms count from 0
    level_at = changes(per_button)
    end = level_at[-1][0] + 2000
    got = []
    i = 0
    gap = 0
    next_poll = 0
    levels = 0
    for t in range(0, end + 1, 2):
        while i < len(level_at) and level_at[i][0] <= t:
            levels = level_at[i][1]
            i += 1
        _Pin.low = {pins[b] for b in range(6) if levels >> b & 1}
        clock[0] = boot + t
        k._sample(None)
        # a pass of the loop when due, or when the ring is near full (a busy loop loses changes)
        if t >= next_poll or (k.head - k.tail) % 64 > 56:
            k.poll(buttons, t)
            ev = buttons.pop()
            while ev is not None:
                got.append((ev[0], ev[1], ev[2], t))
                ev = buttons.pop()
            next_poll = t + loop_gaps[gap % len(loop_gaps)]
            gap += 1
    assert k.lost == 0
    return got


# a loop pass: every 1-10 ms, now and then busy (a frame, a mode opening, a long replay)
_LOOP_GAPS = st.lists(st.one_of(st.integers(1, 10), st.integers(11, 120), st.integers(300, 900)), min_size=1, max_size=12)


@pytest.mark.soak
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(per_button=streams(2), loop_gaps=_LOOP_GAPS, wrap_at=st.integers(0, 1 << 16))
# a short press whose contact comes back exactly the debounce time after it opened: a
# release, then a new press (the loop busy through it, or not)
@example(per_button={2: [10, 10, 20, 300]}, loop_gaps=[1], wrap_at=0)
@example(per_button={2: [10, 10, 20, 300]}, loop_gaps=[700], wrap_at=5)
def test_the_picos_buttons_give_what_the_rule_says(keys_module, per_button, loop_gaps, wrap_at):
    keys, clock = keys_module
    streams_ms = {b: edges_of(d, 100) for b, d in per_button.items()}
    check(streams_ms, run_pico(keys, clock, streams_ms, loop_gaps, wrap_at))


# --- the simulator's path ------------------------------------------------------------

def run_sim(per_button):
    """host_sim's Device loop: the levels read every POLL_MS and fed (host_sim.device.feed)."""
    buttons = B.Buttons()
    level_at = changes(per_button)
    end = level_at[-1][0] + 2000
    got = []
    i = 0
    levels = 0
    for t in range(0, end + 1, POLL_MS):
        while i < len(level_at) and level_at[i][0] <= t:
            levels = level_at[i][1]
            i += 1
        feed(buttons, levels, t)
        ev = buttons.pop()
        while ev is not None:
            got.append((ev[0], ev[1], ev[2], t))
            ev = buttons.pop()
    return got


@pytest.mark.soak
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(per_button=streams(POLL_MS))
@example(per_button={2: [5, 5, 20, 300]})  # found by this test: one hold where the Pico sees two presses
def test_the_simulators_buttons_give_what_the_rule_says(per_button):
    streams_ms = {b: edges_of(d, 100) for b, d in per_button.items()}
    check(streams_ms, run_sim(streams_ms))


# --- the model itself, on the cases docs/hardware.md spells out --------------------

def test_the_model_reads_the_documented_cases():
    P, R, C, L, T = B.PRESS, B.RELEASE, B.CLICK, B.LONG, B.REPEAT
    # a tap: press at its first edge, release and click at the release's edge
    assert model([(0, 1), (80, 0)]) == [(P, 0, 0), (R, 80, 80), (C, 80, 80)]
    # chatter alone never clicks; its release is known once up the debounce time
    assert model([(0, 1), (3, 0), (6, 1), (9, 0)]) == [(P, 0, 0), (R, 9, 29)]
    # contact back within the debounce time after a release is no new press
    assert model([(0, 1), (50, 0), (60, 1), (65, 0)]) == [(P, 0, 0), (R, 50, 50), (C, 50, 50)]
    # a break in a steady hold ends it at once, the rest of the hold is nothing
    assert model([(0, 1), (300, 0), (303, 1), (1500, 0)]) == [(P, 0, 0), (R, 300, 300), (C, 300, 300)]
    # a hold: repeats from 450 every 110, the long press at 600, no click
    assert model([(0, 1), (700, 0)]) == [(P, 0, 0), (T, 450, None), (T, 560, None), (L, 600, None),
                                         (T, 670, None), (R, 700, 700)]
