"""Buttons on GPIOs with pull-ups, sampled by a hard timer IRQ into a preallocated ring that the
main loop replays into dicebox.buttons.Buttons. Not asyncio: a frame to the panel is one blocking
C call, many sample periods long, and a quick tap during it would be missed; the IRQ runs even
then. It also stirs the microsecond time of each change into the entropy pool (Platform.entropy)."""
from array import array

from machine import Pin, Timer
from micropython import const
from time import ticks_add, ticks_diff, ticks_ms, ticks_us

# a press waits for the next sample: a short period makes every press sooner for a
# small share of the CPU (docs/benchmarks.md)
_PERIOD_MS = const(2)
# changes buffered while the loop is busy: 32 taps, so quick taps through a Title Bout's
# first rolls and a mode opening are all kept (make emu's tour)
_SIZE = const(64)
_MASK30 = const(0x3FFFFFFF)
# a gap between the sampler's runs this long: interrupts were off (the rp2 port erases a flash
# sector so, docs/hardware.md "Buttons"), and a tap wholly inside left only its pin's latched edges
_STOPPED_MS = const(8)
_BOTH = const(12)  # Pin.IRQ_FALLING | Pin.IRQ_RISING on the rp2 port


class Keys:
    def __init__(self, pins):
        """pins: GPIO numbers in dicebox.buttons order (UP, DOWN, OK, BACK, LEFT, RIGHT); None = absent."""
        self.pins = []
        self.bits = []
        for i in range(len(pins)):
            if pins[i] is not None:
                self.pins.append(Pin(pins[i], Pin.IN, Pin.PULL_UP))
                self.bits.append(1 << i)
        self.count = len(self.pins)
        self.levels = bytearray(_SIZE)
        self.times = array("i", [0] * _SIZE)
        self.head = 0  # written by the IRQ
        self.tail = 0  # read by the loop
        levels = 0  # the buttons held now (pull-ups: a pressed button reads 0)
        for i in range(self.count):
            if not self.pins[i].value():
                levels |= self.bits[i]
        self.last = levels
        self.recorded = self.last  # the newest level put in the ring (the loop's view)
        self.pool = ticks_us() & _MASK30
        self.lost = 0  # changes merged because the ring was full
        self.sampled = ticks_ms()  # the sampler's last run
        self.stop = self.resumed = self.sampled  # the last stop's start and end (the run after it)
        self.fell = 0  # buttons whose fall the edge IRQ saw and whose rise it has not
        cb = self._sample  # bound once (the timer keeps it): the IRQ must not allocate
        edge = self._edge  # one bound method for every pin
        try:
            for p in self.pins:
                p.irq(edge, _BOTH, hard=True)
        except (AttributeError, TypeError, ValueError):
            pass  # no pin IRQs (a stand-in board): a tap inside a flash erase is lost there
        try:
            self.timer = Timer(-1, mode=Timer.PERIODIC, period=_PERIOD_MS, callback=cb, hard=True)
        except (TypeError, ValueError):  # a port without hard timer IRQs
            self.timer = Timer(-1, mode=Timer.PERIODIC, period=_PERIOD_MS, callback=cb)

    def _sample(self, _timer):
        # A hard IRQ runs on the interrupted code's stack, under its depth limit: so one
        # frame, no call into Python, nothing allocated, nothing that can raise.
        t = ticks_ms()
        gap = ticks_diff(t, self.sampled)
        if gap >= _STOPPED_MS:
            # (the timer then runs again at once for each period it missed: gaps of 0)
            self.stop = self.sampled
            self.resumed = t
        self.sampled = t
        levels = 0
        pins = self.pins
        bits = self.bits
        for i in range(self.count):
            if not pins[i].value():
                levels |= bits[i]
        if levels == self.last:
            return
        if gap >= _STOPPED_MS and not self.last & ~levels:
            # a press seen after a stop began in it: dated from its start, so the stop does not
            # shorten it below the debounce (a release stays at now: the press is whole)
            t = ticks_add(t, _PERIOD_MS - gap)
        self.last = levels
        self.fell &= ~levels  # a press the sampler has: its release is the sampler's too
        self.pool = ((self.pool & 0xFFFFF) << 10 ^ self.pool >> 20 ^ ticks_us()) & _MASK30
        h = self.head
        nxt = (h + 1) % _SIZE
        if nxt == self.tail:
            # full: the newest slot takes the new level, so the end state is right
            self.levels[(h - 1) % _SIZE] = levels
            self.lost = (self.lost + 1) & _MASK30
            return
        self.levels[h] = levels
        self.times[h] = t
        self.head = nxt

    def _edge(self, pin):
        # A pin's edge IRQ: it adds only a tap the sampler missed while stopped (both edges latched
        # in a stop, or a fall seen here just before one), the button back up and recorded as up.
        # As _sample: one frame, nothing allocated.
        bit = 0
        for i in range(self.count):
            if self.pins[i] is pin:
                bit = self.bits[i]
        if not pin.value():
            self.fell |= bit
            return
        fell = self.fell & bit or pin.irq().flags() == _BOTH
        self.fell &= ~bit
        t = ticks_ms()
        if ticks_diff(t, self.sampled) >= _STOPPED_MS:
            s = self.sampled  # the sampler has not run since it stopped
        elif ticks_diff(t, self.resumed) < _STOPPED_MS:
            s = self.stop  # it has, at the stop's end
        else:
            return
        levels = self.last
        h = self.head
        n1 = (h + 1) % _SIZE
        n2 = (n1 + 1) % _SIZE
        if not fell or levels & bit or n1 == self.tail or n2 == self.tail:
            return  # (a full ring: its changes come first)
        # down from the stop's start, up now
        self.levels[h] = levels | bit
        self.times[h] = ticks_add(s, _PERIOD_MS)
        self.levels[n1] = levels
        self.times[n1] = t
        self.head = n2

    def poll(self, buttons, now):
        """Replay the buffered changes into `buttons` (times as `now`, the loop's ms clock)."""
        if self.tail == self.head:  # the idle pass's: in a frame that stays off the heap
            buttons.update(self.recorded, now)
        else:
            self._replay(buttons, now)

    def _replay(self, buttons, now):
        # head before the clock: a change the IRQ records after ticks_ms() would get a time
        # past `now` (an idle time wrapping to ~12 days slept the panel and ate the next press)
        head = self.head
        t_now = ticks_ms()
        prev = self.recorded
        while self.tail != head:
            t = self.tail
            at = now - ticks_diff(t_now, self.times[t])
            buttons.update(prev, at)  # the old level held until the change
            prev = self.levels[t]
            buttons.update(prev, at)
            self.tail = (t + 1) % _SIZE
        self.recorded = prev
        buttons.update(prev, now)

    def deinit(self):
        self.timer.deinit()
