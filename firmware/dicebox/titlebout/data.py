"""Title Bout cards and charts: pure checks of parsed JSON (a file, a record, a CSV import), a
normalised copy or DataError("WHERE: field 'F': problem"). The running bout's compact form is
play.py's, so these checks leave the heap once the bout has started."""
from dicebox.core.compat import const
from dicebox.core.errtext import shown
from dicebox.core.game import RecordError
from dicebox.titlebout.play import CUT, KNOCKDOWN, KNOCKOUT, STOP, WARN, Charts, Fighter  # noqa: F401  (the compact form, here too)

_MAX_POINTS = const(9)
_MAX_ROWS = const(9)
_NAME_LEN = const(24)
# rating, lowest, highest; kdr1/kor must also name a row of the chart set
RATINGS = (("agg", 0, 20), ("cf", 1, 20), ("pl", 1, 98), ("hp", 0, 20), ("kdr1", 1, _MAX_ROWS), ("kor", 1, _MAX_ROWS), ("ki", 0, 20))
_CARD_FIELDS = ("name", "note", "punches") + tuple(r[0] for r in RATINGS)
_CHART_FIELDS = const(("name", "note", "punch", "foul", "injury", "cut", "knockdown", "count"))
_MARKS = const(("KD", "CUT"))
BUILT_IN = const(("demo", "dicebox"))  # titlebout/demo.py's sets: "demo" is the option's default (saved bouts name no set)
_EFFECTS = {"foul": ("none", "warn", "points", "stop"), "injury": ("none", "points", "stop"), "cut": ("none", "points", "stop")}


class DataError(RecordError):
    """Bad card or chart data; the message names where, the field and the problem."""


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _fail(where, field, problem):
    raise DataError("%s: field '%s': %s" % (where, field, problem))


def _text(v, where, field, most):
    if not isinstance(v, str) or not v.strip():
        _fail(where, field, "must be non-empty text, not %s" % shown(v))
    if len(v) > most:
        _fail(where, field, "longer than %d characters" % most)
    return v.strip()


def _num(v, where, field, lo, hi):
    if not _int(v):
        _fail(where, field, "must be a whole number, not %s" % shown(v))
    if not lo <= v <= hi:
        _fail(where, field, "%d is outside %d..%d" % (v, lo, hi))
    return v


def _object(obj, where, what, known, extra_ok=False):
    """obj must be a JSON object with no fields outside `known` (extra_ok: a card's extra ratings)."""
    if not isinstance(obj, dict):
        raise DataError("%s: %s must be a JSON object" % (where, what))
    for key in obj:
        if key not in known and not (extra_ok and is_extra(key, obj[key])):
            _fail(where, shown(key, 30)[1:-1], "unknown field (known: %s%s)"
                  % (", ".join(known), "; extra ratings: 0..99" if extra_ok else ""))


def is_extra(key, value):
    """A rating a real card carries that the bout does not use (KDR2...): kept and shown; a typo of
    a field the bout needs still fails, as that field is then missing."""
    return isinstance(key, str) and rating_name(key) and _int(value) and 0 <= value <= 99


def rating_name(key):
    """1..8 ASCII letters and digits (bytes: MicroPython's str has no isalnum)."""
    b = key.encode()
    if not 1 <= len(b) <= 8:
        return False
    for x in b:
        if not (48 <= x <= 57 or 65 <= x <= 90 or 97 <= x <= 122):
            return False
    return True


def extras(card):
    """The card's extra ratings, in the order written: [(name, value), ...]."""
    return [(k, card[k]) for k in card if k not in _CARD_FIELDS]


def check_card(obj, where="card"):
    """A fighter card: name, the seven ratings and the punch table."""
    _object(obj, where, "a fighter card", _CARD_FIELDS, True)
    for key in ("name", "punches") + tuple(r[0] for r in RATINGS):
        if key not in obj:
            _fail(where, key, "missing")
    out = {"name": _text(obj["name"], where, "name", _NAME_LEN)}
    for key, lo, hi in RATINGS:
        out[key] = _num(obj[key], where, key, lo, hi)
    for key in obj:
        if key not in _CARD_FIELDS:
            out[key] = obj[key]
    table = obj["punches"]
    if not isinstance(table, dict):
        # {} is a card of ratings only (an own fighter saved on the box): its punches are asked
        _fail(where, "punches", "must be an object of result code -> [punch, points, flags...]")
    punches = {}
    for code in table:
        field = "punches." + shown(code, 12)[1:-1]
        _text(code, where, field, 8)
        entry = table[code]
        if not isinstance(entry, list) or not 2 <= len(entry) <= 4:
            _fail(where, field, 'must be [punch, points] with optional "KD" and "CUT", not %s' % shown(entry))
        row = [_text(entry[0], where, field + "[0]", 16), _num(entry[1], where, field + "[1]", 0, _MAX_POINTS)]
        for i in range(2, len(entry)):
            if entry[i] not in ("KD", "CUT") or entry[i] in entry[2:i]:
                _fail(where, "%s[%d]" % (field, i), 'flag must be "KD" or "CUT" (once each), not %s' % shown(entry[i]))
            row.append(entry[i])
        punches[code] = row
    out["punches"] = punches
    return out


def _ranges(rows, where, field, top, width, check_row):
    """2d10 ranges [lo, hi, ...] in order, covering 1..top without gap or overlap."""
    if not isinstance(rows, list) or not rows:
        _fail(where, field, "must be a list of [low, high, ...] 2d10 ranges")
    nxt = 1
    for i in range(len(rows)):
        f = "%s[%d]" % (field, i)
        row = rows[i]
        if not isinstance(row, list) or len(row) not in width:
            _fail(where, f, "must be a list of %s values, not %s" % (" or ".join(str(w) for w in width), shown(row)))
        lo = _num(row[0], where, f + "[0]", 1, 100)
        hi = _num(row[1], where, f + "[1]", 1, 100)
        if hi < lo:
            _fail(where, f, "range %d-%d runs backwards" % (lo, hi))
        if lo < nxt:
            _fail(where, f, "range %d-%d overlaps the range before it (which ends at %d)" % (lo, hi, nxt - 1))
        if lo > nxt:
            _fail(where, f, "gap: no range covers %d-%d" % (nxt, lo - 1))
        check_row(row, f)
        nxt = hi + 1
    if nxt <= top:
        _fail(where, field, "gap: no range covers %d-%d" % (nxt, top))


def punch_result(text, where, field):
    """(the card's code, [marks]) of a punch chart result, "R-77" or "R-(Knockdown)-77"; a mark in
    brackets is Knockdown / KD, Cut, or both ("R-(KD Cut)-66")."""
    marks = []
    code = text
    open_at = text.find("(")
    if open_at >= 0:
        close_at = text.find(")", open_at)
        if close_at < 0:
            _fail(where, field, "'(' without ')' in %s" % shown(text))
        for word in text[open_at + 1:close_at].replace("/", " ").replace("+", " ").replace(",", " ").split():
            m = {"knockdown": "KD", "kd": "KD", "cut": "CUT"}.get(word.lower())
            if m is None:
                _fail(where, field, "mark %s in %s is not Knockdown or Cut" % (shown(word), shown(text)))
            if m not in marks:
                marks.append(m)
        head, tail = text[:open_at].rstrip("- "), text[close_at + 1:].lstrip("- ")
        code = head + "-" + tail if head and tail else head + tail
    if not code or len(code) > 8:
        _fail(where, field, "result code %s must be 1..8 characters besides its marks" % shown(text))
    return code, marks


def check_charts(obj, where="charts"):
    """A chart set: punch (2d10 -> code), foul, injury, cut, knockdown (rating x d20), count."""
    _object(obj, where, "a chart set", _CHART_FIELDS)
    for key in _CHART_FIELDS[2:]:
        if key not in obj:
            _fail(where, key, "missing")
    out = {}
    if "name" in obj:
        out["name"] = _text(obj["name"], where, "name", 32)

    punch = []

    def punch_row(row, f):
        code, marks = punch_result(_text(row[2], where, f + "[2]", 24), where, f + "[2]")
        for i in range(3, len(row)):
            m = row[i]
            if m not in _MARKS or m in marks:
                _fail(where, "%s[%d]" % (f, i), 'mark must be "KD" or "CUT" (once each), not %s' % shown(m))
            marks.append(m)
        punch.append([row[0], row[1], code] + [m for m in _MARKS if m in marks])

    # 99 and 100 never reach the punch chart (they call the foul/injury chart)
    _ranges(obj["punch"], where, "punch", 98, (3, 4, 5), punch_row)
    out["punch"] = punch
    for chart in ("foul", "injury", "cut"):

        def effect_row(row, f, chart=chart):
            if row[2] not in _EFFECTS[chart]:
                _fail(where, f + "[2]", "effect must be one of %s, not %s" % (", ".join(_EFFECTS[chart]), shown(row[2])))
            if (row[2] == "points") != (len(row) == 4):
                _fail(where, f, '"points" takes a number of points; other effects none')
            if len(row) == 4:
                _num(row[3], where, f + "[3]", 1, _MAX_POINTS)

        _ranges(obj[chart], where, chart, 100, (3, 4), effect_row)
        out[chart] = [list(r) for r in obj[chart]]
    kd = obj["knockdown"]
    if not isinstance(kd, list) or not 1 <= len(kd) <= _MAX_ROWS:
        _fail(where, "knockdown", "must be a list of 1..%d rows (rating 1 first)" % _MAX_ROWS)
    for r in range(len(kd)):
        f = "knockdown[%d]" % r
        if not isinstance(kd[r], list) or len(kd[r]) != 20:
            _fail(where, f, "row for rating %d must list 20 results (d20 = 1..20)" % (r + 1))
        for i in range(20):
            v = kd[r][i]
            if v != "K" and not (_int(v) and 0 <= v <= _MAX_POINTS):
                _fail(where, "%s[%d]" % (f, i), 'must be "K" or points 0..%d, not %s' % (_MAX_POINTS, shown(v)))
    out["knockdown"] = [list(r) for r in kd]

    def count_row(row, f):
        _num(row[2], where, f + "[2]", 1, 9)
        _num(row[3], where, f + "[3]", 0, 20)

    _ranges(obj["count"], where, "count", 100, (4,), count_row)
    out["count"] = [list(r) for r in obj["count"]]
    return out


def check_fit(card, charts, where="card"):
    """A card must price every code the punch chart gives and name chart rows."""
    rows = len(charts["knockdown"])
    for key in ("kdr1", "kor"):
        if card[key] > rows:
            _fail(where, key, "%d has no row in the knockdown chart (rows 1..%d)" % (card[key], rows))
    if not card["punches"]:
        return  # ratings only: the players read the punches off their card, the box asks
    for row in charts["punch"]:
        if row[2] not in card["punches"]:
            _fail(where, "punches", "no entry for '%s' (the punch chart gives it for %d-%d)" % (row[2], row[0], row[1]))


def opt_card(v):
    """Option checker: a card, or null for a fighter whose card the players hold."""
    return None if v is None else check_card(v, "card")


def opt_charts(v):
    """Option checker: a built-in set's name or an embedded chart set."""
    if v in BUILT_IN:
        return v
    if isinstance(v, str):
        raise DataError('chart set "%s" is not built in (only %s; embed others)' % (v, ", ".join(BUILT_IN)))
    return check_charts(v, "charts")
