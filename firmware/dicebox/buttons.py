"""Logical buttons: debounce raw levels into press, click, long press, repeat; pure, so the device,
the simulator and the tests get the same events. Times are ms readings that may wrap (ticks_ms),
compared only through the ticks_diff given."""
from dicebox.core.compat import const

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)
LEFT = const(4)
RIGHT = const(5)
_COUNT = const(6)
_ALL = const(0x3F)  # a bit per button
NAMES = ("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT")

PRESS = const(1)  # went down (debounced)
RELEASE = const(2)  # went up
CLICK = const(3)  # released before a long press: the ordinary "activate"
LONG = const(4)  # held past long_ms (once per hold)
REPEAT = const(5)  # still held: auto-repeat for number pickers


def _plain_diff(a, b):
    return a - b


class Buttons:
    def __init__(self, debounce_ms=20, long_ms=600, repeat_delay_ms=450, repeat_ms=110, ticks_diff=_plain_diff):
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.diff = ticks_diff
        self.raw = 0  # last raw levels, bit per button, 1 = pressed
        self.stable = 0  # debounced levels
        self.changed_at = [0] * _COUNT  # when the raw level of each button last changed
        self.down_at = [0] * _COUNT  # when the debounced press began
        self.armed = _ALL  # bit per button: up long enough that a press counts at once
        self.next_repeat = [0] * _COUNT
        self.long_sent = 0  # bit per button
        self.events = []  # (button, event, ms it happened) waiting for the caller

    def update(self, levels, now):
        """Feed the raw levels (bit b set = button b pressed) read at `now`; a change comes after the
        old levels at its time (hw/keys.py), else a release unread until the next press is lost."""
        # all up, settled and armed: nothing to do, and the loop's idle pass calls
        # no function whose frame goes on the heap (device.py's Loop.collect)
        if levels | self.raw | self.stable or self.armed != _ALL:
            self._update(levels, now)

    def _update(self, levels, now):
        diff = self.diff
        debounce = self.debounce_ms
        changed = levels ^ self.raw
        self.raw = levels
        for b in range(_COUNT):
            bit = 1 << b
            level = levels & bit
            steady = False  # this edge ends a level that held the debounce time
            if changed & bit:
                steady = diff(now, self.changed_at[b]) >= debounce
                self.changed_at[b] = now
            if not self.armed & bit and (steady if level else diff(now, self.changed_at[b]) >= debounce):
                # up for the debounce time: the next press counts on its first edge. Only up
                # time arms, so contact that comes back after a release is never a new press
                self.armed |= bit
            if level != self.stable & bit:
                # a press on its first edge once armed; a release on its first edge after
                # a steady hold (a switch held down does not open by itself), else once the
                # up level has held the debounce time; a click only after a press that held it
                if self.armed & bit if level else steady or diff(now, self.changed_at[b]) >= debounce:
                    self.stable ^= bit
                    if level:
                        # held since the edge, not since this update: a busy loop (a mode
                        # opening) reads a long press late, and must not take it for a click
                        self.down_at[b] = self.changed_at[b]
                        self.next_repeat[b] = self.repeat_delay_ms
                        self.long_sent &= ~bit
                        self.events.append((b, PRESS, self.changed_at[b]))
                    else:
                        up = self.changed_at[b]
                        self.armed &= ~bit
                        # what the hold up to the release's edge meant: a loop busy through
                        # the whole hold sees it only now, and a long press is still LONG
                        held = diff(up, self.down_at[b])
                        self._held(b, bit, up, held)
                        self.events.append((b, RELEASE, up))
                        if not self.long_sent & bit and held >= debounce:
                            self.events.append((b, CLICK, up))
            elif level:
                held = diff(now, self.down_at[b])
                if held >= self.next_repeat[b] or held >= self.long_ms and not self.long_sent & bit:
                    self._held(b, bit, now, held)  # something is due

    def _held(self, b, bit, at, held):
        # LONG once and every REPEAT due by `held` ms at `at`, in their order and each
        # with its own time (several after a busy loop)
        start = at - held
        while True:
            rep = self.next_repeat[b]
            if not self.long_sent & bit and self.long_ms <= held and self.long_ms <= rep:
                self.long_sent |= bit
                self.events.append((b, LONG, start + self.long_ms))
            elif rep <= held:
                self.next_repeat[b] = rep + self.repeat_ms
                self.events.append((b, REPEAT, start + rep))
            else:
                return

    def pop(self):
        """Oldest waiting event (button, event, ms it happened), or None."""
        if self.events:
            return self.events.pop(0)
        return None
