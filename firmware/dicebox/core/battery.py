"""The battery gauge: VSYS in mV -> the charge left, filtered, and the warnings; imported only when
board.json names a battery. The curves (a cell's mV at each tenth of its charge): docs/hardware.md,
"Battery gauge". The box stops writing at EMPTY, where the chemistry is spent, well above what the
regulator needs, so the last save is written at a voltage the flash and the panel still work at."""
from dicebox.core.compat import const

KINDS = const(("3xAA-alkaline", "3xAA-nimh", "1S-lipo"))
_CELLS = const((3, 3, 1))
_CURVES = const((
    (800, 1030, 1100, 1150, 1190, 1230, 1270, 1300, 1340, 1400, 1560),
    (1004, 1194, 1231, 1244, 1254, 1257, 1263, 1266, 1274, 1315, 1420),
    (2502, 3146, 3372, 3449, 3532, 3602, 3680, 3764, 3842, 3936, 4032),
))
EMPTY = const((2700, 3150, 3050))  # pack mV: alkaline 0.9 V a cell, NiMH 1.05 V, LiPo 3.05 V
OK, LOW, CRITICAL, DEAD = 0, 1, 2, 3  # stages: each is said once, in this order
SAMPLE_MS = const(1000)  # a reading a second, counted from the last input (Power.tick)
_SHIFT = const(3)  # the filter: each reading moves it 1/8 of the way (~8 s to follow a step)
_UNDER = const(3)
_UP = const(10)  # the level shown rises only by this many percent (a resting battery recovers a little)


def percent(kind, mv):
    """The charge left (0..100) of pack voltage mv, on kind's curve (an index of KINDS)."""
    curve = _CURVES[kind]
    cell = mv // _CELLS[kind]
    if cell <= curve[0]:
        return 0
    for i in range(1, 11):
        hi = curve[i]
        if cell < hi:
            lo = curve[i - 1]
            return (i - 1) * 10 + (cell - lo) * 10 // (hi - lo)
    return 100


def thresholds(kind):
    """(low, critical, empty) in pack mV: 20 % and 10 % on the curve, and EMPTY."""
    n = _CELLS[kind]
    return _CURVES[kind][2] * n, _CURVES[kind][1] * n, EMPTY[kind]


class Gauge:
    """Readings in, the level to show and the stage reached out; a reading of 0 is USB power (a plug)."""

    def __init__(self, kind):
        self.kind = kind
        self.limits = thresholds(kind)
        self.f = -1  # the filtered voltage << _SHIFT; -1: no reading yet
        self.level = None  # percent shown, -1 on USB, None before a reading
        self.stage = OK
        self.under = 0  # readings in a row at or below empty

    @property
    def mv(self):
        return self.f >> _SHIFT

    def sample(self, mv):
        """One reading; returns the new stage when one is reached (once each), else None."""
        if mv <= 0:
            self.level = -1
            return None
        if self.f < 0:
            self.f = mv << _SHIFT
        else:
            self.f += mv - (self.f >> _SHIFT)
        v = self.f >> _SHIFT
        p = percent(self.kind, v)
        shown = self.level
        if shown is None or shown < 0 or p < shown or p >= shown + _UP:
            self.level = p
        low, critical, empty = self.limits
        # empty is also _UNDER readings in a row, not the filter's lag: a battery swapped for a
        # weak one, or one that gives out fast, stops the box while it still can
        self.under = self.under + 1 if mv <= empty else 0
        dead = v <= empty or self.under >= _UNDER
        stage = DEAD if dead else CRITICAL if v <= critical else LOW if v <= low else OK
        if stage > self.stage:
            self.stage = stage
            return stage
        return None


class Power:
    """The loop's gauge (set by hw/battery.attach): reads every SAMPLE_MS and tells the App (Home draws the icon)."""

    def __init__(self, kind, read):
        self.gauge = Gauge(kind)
        self.read = read  # () -> VSYS mV, 0 on USB
        self.k = -1  # the reading's second since the last input

    def tick(self, app, now):
        """Each loop pass: a reading when one is due; a stage reached is said over any screen (ui/power.py)."""
        # each second after the last input, and at an input: the same readings, in the same
        # frames, on the simulator and the emulated Pico (whose clocks start apart)
        if (now - app.last_input) // SAMPLE_MS != self.k or app.power is not self:
            self._due(app, now)  # (a frame this small stays off the heap: device.Loop.collect)

    def _due(self, app, now):
        if app.power is not self:  # the App it feeds (another after an error)
            app.power = self
            app.stack[0].build()  # Home makes room for the icon
            app.redraw()
        k = (now - app.last_input) // SAMPLE_MS
        if k == self.k:
            return
        self.k = k
        g = self.gauge
        was = g.level
        stage = g.sample(self.read())
        if g.level != was and len(app.stack) == 1:
            app.redraw()  # Home shows the level in its header
        if stage is not None:
            from dicebox import call_once

            call_once("dicebox.ui.power", "warn", app, stage)

    def icon(self, c, x=114, y=1):
        """The level at the right end of Home's header (white bar, black ink): a battery or a USB plug."""
        level = self.gauge.level
        if level is None:
            return
        c.fill_rect(x - 1, 0, 128 - x + 1, 9, 1)
        if level < 0:  # a plug: two prongs, the body, the cord
            c.fill_rect(x + 5, y, 1, 2, 0)
            c.fill_rect(x + 8, y, 1, 2, 0)
            c.fill_rect(x + 4, y + 2, 6, 3, 0)
            c.fill_rect(x + 6, y + 5, 2, 2, 0)
            return
        c.rect(x, y, 11, 7, 0)
        c.fill_rect(x + 11, y + 2, 1, 3, 0)
        c.fill_rect(x + 2, y + 2, (level * 7 + 50) // 100, 3, 0)  # 0..7 columns of charge
