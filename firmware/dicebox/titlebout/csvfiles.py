"""Title Bout cards and chart sets typed into a spreadsheet, saved as CSV: pure (text in, the JSON
shape out, data.py checks it), the same reading on the box and the host, as MicroPython has no
csv module. The formats: docs/rules/title-bout.md, "Fighter card (CSV)" and "Chart set (CSV)"."""
from dicebox.titlebout import data as tbdata
from dicebox.titlebout.data import DataError

_CHARTS = ("punch", "foul", "injury", "cut", "knockdown", "count")
_CARD_HEADER = ("code", "punch", "points", "flags")
_CARD_TOP = ("name", "note", "agg", "cf", "pl", "hp", "kdr1", "kor", "ki")


def _cells(line, d):
    if '"' not in line:
        return [c.strip() for c in line.split(d)]
    out = []
    i = 0
    n = len(line)
    while True:
        while i < n and line.startswith(" ", i):
            i += 1
        if line.startswith('"', i):
            cell = ""
            i += 1
            while True:
                j = line.find('"', i)
                if j < 0:
                    raise ValueError("a quoted cell has no closing quote")
                cell += line[i:j]
                if line.startswith('""', j):
                    cell += '"'
                    i = j + 2
                else:
                    i = j + 1
                    break
            k = line.find(d, i)
            rest = line[i:] if k < 0 else line[i:k]
            if rest.strip():
                raise ValueError("text after a quoted cell")
            out.append(cell)
        else:
            k = line.find(d, i)
            out.append((line[i:] if k < 0 else line[i:k]).strip())
        if k < 0:
            return out
        i = k + 1


def rows(text, where):
    """(line number, cells) of each row that holds something."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    d = ","
    for line in lines:
        if "," in line or ";" in line:
            d = ";" if line.count(";") > line.count(",") else ","
            break
    for n in range(len(lines)):
        try:
            row = _cells(lines[n], d)
        except ValueError as e:
            raise DataError("%s:%d: %s" % (where, n + 1, e))
        while row and row[-1] == "":
            row.pop()
        if row and not row[0].startswith("#"):
            yield n + 1, row


def _int(text):
    """A whole number in a cell, or None: "5", or "5.0" as a spreadsheet may write it (compat.loads)."""
    dot = text.find(".")
    if dot > 0 and text[dot + 1:] and not text[dot + 1:].strip("0"):
        text = text[:dot]
    t = text[1:] if text.startswith("-") else text
    return int(text) if t.isdigit() else None


def card(text, where):
    """A CSV card in the JSON card shape (tbdata.check_card checks the rest)."""
    out = {}
    punches = {}
    in_punches = False
    for n, row in rows(text, where):
        here = "%s:%d" % (where, n)
        low = [c.lower() for c in row]
        if len(row) >= 3 and tuple(low) == _CARD_HEADER[: len(row)]:
            in_punches = True
            continue
        if not in_punches:
            key = low[0]
            if key not in _CARD_TOP and not (tbdata.rating_name(key) and len(row) == 2 and _int(row[1]) is not None):
                raise DataError("%s: '%s' is not a card field (%s, an extra rating of the real card, "
                                "then a 'code,punch,points,flags' header)" % (here, row[0], ", ".join(_CARD_TOP[:1] + _CARD_TOP[2:])))
            if len(row) != 2:
                raise DataError("%s: field '%s' needs exactly one value" % (here, key))
            if key in out:
                raise DataError("%s: field '%s' given twice" % (here, key))
            if key in ("name", "note"):
                out[key] = row[1]
            else:
                v = _int(row[1])
                if v is None:
                    raise DataError("%s: field '%s': '%s' is not a whole number" % (here, key, row[1]))
                out[key] = v
            continue
        if len(row) < 3 or len(row) > 4:
            raise DataError("%s: a punch row is code,punch,points[,flags]" % here)
        if row[0] in punches:
            raise DataError("%s: punch code '%s' given twice" % (here, row[0]))
        points = _int(row[2])
        if points is None:
            raise DataError("%s: points '%s' is not a whole number" % (here, row[2]))
        flags = row[3].upper().split() if len(row) == 4 else []
        punches[row[0]] = [row[1], points] + flags
    out["punches"] = punches
    return out


def charts(text, where):
    """A CSV chart set in the JSON chart shape, checked: a problem in a row names its line too."""
    obj = {}
    lines = {}  # chart -> the line number of each of its rows
    section = None
    header_ok = False
    for n, row in rows(text, where):
        here = "%s:%d" % (where, n)
        key = row[0].lower()
        if len(row) == 1 and key in _CHARTS:
            if key in obj:
                raise DataError("%s: chart '%s' given twice" % (here, key))
            section = key
            obj[key] = []
            lines[key] = []
            header_ok = True
            continue
        if len(row) == 1 and _int(row[0]) is None:
            raise DataError("%s: '%s' is not one of the charts (%s)" % (here, row[0], ", ".join(_CHARTS)))
        if key in ("name", "note") and section is None:
            if len(row) != 2:
                raise DataError("%s: field '%s' needs exactly one value" % (here, key))
            obj[key] = row[1]
            continue
        if section is None:
            raise DataError("%s: '%s' is before any chart (a row naming one of %s starts each)" % (here, row[0], ", ".join(_CHARTS)))
        if header_ok and key in ("low", "rating"):
            header_ok = False
            continue
        header_ok = False
        values = [c if _int(c) is None else _int(c) for c in row]
        if section == "knockdown":
            if values[0] != len(obj[section]) + 1:
                raise DataError("%s: knockdown row for rating %s: the rows go 1, 2, 3... (this is row %d)"
                                % (here, row[0], len(obj[section]) + 1))
            values = [v.upper() if isinstance(v, str) else v for v in values[1:]]  # "k" is "K"
        elif len(values) > 2 and isinstance(values[2], str) and section != "punch":
            values[2] = values[2].lower()  # "None", "Points" as a spreadsheet capitalises them
        elif section == "punch":
            values = values[:3] + [v.upper() if isinstance(v, str) else v for v in values[3:]]  # kd, cut marks
        obj[section].append(values)
        lines[section].append(n)
    try:
        return tbdata.check_charts(obj, where)
    except DataError as e:
        raise DataError(_with_line(str(e), lines))


def _with_line(message, lines):
    """"F: field 'punch[3][2]': ..." -> "F: field 'punch[3][2]' (line 7): ..."."""
    at = message.find("field '")
    if at < 0:
        return message
    end = message.find("'", at + 7)
    field = message[at + 7:end]
    b = field.find("[")
    if b < 0 or field[:b] not in lines:
        return message
    c = field.find("]", b)
    i = _int(field[b + 1:c])
    rows_of = lines[field[:b]]
    if i is None or not 0 <= i < len(rows_of):
        return message
    return "%s (line %d)%s" % (message[:end + 1], rows_of[i], message[end + 1:])
