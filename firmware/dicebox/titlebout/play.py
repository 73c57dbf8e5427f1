"""Title Bout charts and cards in the compact form a bout uses (byte tables: no lookup allocates),
and the codes the rules and describe.py share; the checks (data.py) load only when a record starts."""
from dicebox.core.compat import const

KNOCKDOWN = const(1)  # punch flags, as bits
CUT = const(2)
KNOCKOUT = const(255)  # a "K" on the knockdown/knockout chart
WARN = const(0x40)  # effect bytes of the foul/injury/cut charts: 0 nothing, 1..9 points
STOP = const(0x80)
STOP_PICK = const(10)  # in assisted pickers: "stoppage" / "K" after the points 0..9

# end of the bout: the method codes of the "end" event that the summary and the
# transcript (describe.py) name; the rest are rules.py's
M_DRAW = const(7)
METHODS = ("", "KO", "TKO", "TKO", "TKO", "DQ", "decision", "draw")
REASONS = ("", "", "cut", "injury", "three knockdowns", "foul", "", "")


def _fill(table, rows, value_of):
    for row in rows:
        v = value_of(row)
        for n in range(row[0], row[1] + 1):
            table[n] = v


def _effect(row):
    if row[2] == "points":
        return row[3]
    if row[2] == "warn":
        return WARN
    return STOP if row[2] == "stop" else 0


class Charts:
    """A chart set as byte tables indexed by the roll: no lookups allocate."""

    def __init__(self, charts):
        codes = []
        for row in charts["punch"]:
            if row[2] not in codes:
                codes.append(row[2])
        self.codes = tuple(codes)
        self.punch = bytearray(101)
        _fill(self.punch, charts["punch"], lambda row: codes.index(row[2]))
        # the chart result's own marks ("R-(Knockdown)-77"), by the roll: a chart set that marks any
        # result decides alone; one with no mark leaves knockdown and cut to the cards' flags
        self.marks = bytearray(101)
        _fill(self.marks, charts["punch"], lambda row: (KNOCKDOWN if "KD" in row[3:] else 0) | (CUT if "CUT" in row[3:] else 0))
        self.marked = any(len(row) > 3 for row in charts["punch"])
        self.foul = bytearray(101)
        self.injury = bytearray(101)
        self.cut = bytearray(101)
        for name, table in (("foul", self.foul), ("injury", self.injury), ("cut", self.cut)):
            _fill(table, charts[name], _effect)
        self.kd = tuple(bytes(KNOCKOUT if v == "K" else v for v in row) for row in charts["knockdown"])
        self.count = bytearray(101)
        self.count_points = bytearray(101)
        _fill(self.count, charts["count"], lambda row: row[2])
        _fill(self.count_points, charts["count"], lambda row: row[3])

    def fits(self, card):
        """True if the card prices every punch chart code and names knockdown rows (data.check_fit's test)."""
        rows = len(self.kd)
        if card["kdr1"] > rows or card["kor"] > rows:
            return False
        punches = card["punches"]
        if punches:  # {}: ratings only, the box asks the punches
            for code in self.codes:
                if code not in punches:
                    return False
        return True


class Fighter:
    """A card's ratings as attributes and its punch table by chart code index."""

    __slots__ = ("name", "agg", "cf", "pl", "hp", "kdr1", "kor", "ki", "points", "flags", "punch_names")

    def __init__(self, card, codes):
        self.name = card["name"]
        self.agg = card["agg"]
        self.cf = card["cf"]
        self.pl = card["pl"]
        self.hp = card["hp"]
        self.kdr1 = card["kdr1"]
        self.kor = card["kor"]
        self.ki = card["ki"]
        n = len(codes)
        self.points = bytearray(n)
        self.flags = bytearray(n)
        names = []
        punches = card.get("punches")
        for i in range(n):
            entry = punches[codes[i]] if punches else None
            if entry is None:
                names.append("")
                continue
            names.append(entry[0])
            self.points[i] = entry[1]
            self.flags[i] = (KNOCKDOWN if "KD" in entry[2:] else 0) | (CUT if "CUT" in entry[2:] else 0)
        self.punch_names = tuple(names)
