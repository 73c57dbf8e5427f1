"""Title Bout fighters on the host: demo names, JSON card files, CSV import.

A CSV card (for cards kept in a spreadsheet) is one fighter a file:
rating rows `name,VALUE` ... `ki,VALUE`, then the header row
`code,punch,points,flags` and one punch a row (flags: KD, CUT or "KD CUT").
"""
import csv
import io
import os

from dicebox import cards
from dicebox.core import tbdata
from dicebox.core.tbdemo import CHARTS
from host_sim import FIRMWARE, common
from host_sim.errors import CliError

DEMO_DIR = os.path.join(FIRMWARE, "data", "titlebout", "fighters")
_HEADER = ["code", "punch", "points", "flags"]
_RATINGS = ("name", "agg", "cf", "pl", "hp", "kdr1", "kor", "ki", "note")


def demo_cards():
    found, errors = cards.load_dir(DEMO_DIR)
    if errors:
        raise CliError(errors[0])
    return found


def csv_to_card(text, where):
    """Parse a CSV card into the JSON card shape; errors name the line."""
    card = {}
    punches = {}
    in_punches = False
    for n, row in enumerate(csv_rows(text), 1):
        row = [c.strip() for c in row]
        while row and row[-1] == "":
            row.pop()
        if not row or row[0].startswith("#"):
            continue
        here = "%s:%d" % (where, n)
        if [c.lower() for c in row] == _HEADER[: len(row)] and len(row) >= 3:
            in_punches = True
            continue
        if not in_punches:
            key = row[0].lower()
            if key not in _RATINGS:
                raise CliError("%s: '%s' is not a card field (%s, then a 'code,punch,points,flags' header)" % (here, row[0], ", ".join(_RATINGS)))
            if len(row) != 2:
                raise CliError("%s: field '%s' needs exactly one value" % (here, key))
            if key in card:
                raise CliError("%s: field '%s' given twice" % (here, key))
            if key in ("name", "note"):
                card[key] = row[1]
            else:
                try:
                    card[key] = int(row[1])
                except ValueError:
                    raise CliError("%s: field '%s': '%s' is not a whole number" % (here, key, row[1]))
            continue
        if len(row) < 3 or len(row) > 4:
            raise CliError("%s: a punch row is code,punch,points[,flags]" % here)
        if row[0] in punches:
            raise CliError("%s: punch code '%s' given twice" % (here, row[0]))
        try:
            points = int(row[2])
        except ValueError:
            raise CliError("%s: points '%s' is not a whole number" % (here, row[2]))
        flags = row[3].upper().split() if len(row) == 4 else []
        punches[row[0]] = [row[1], points] + flags
    card["punches"] = punches
    return card


def load(text_arg, arg, charts):
    """A fighter from --red/--blue: a card file (JSON or CSV) or a demo name."""
    path = text_arg
    if os.path.exists(path) or path.lower().endswith((".json", ".csv")):
        text = common.read_text(path, "fighter card")
        try:
            if path.lower().endswith(".csv"):
                card = tbdata.check_card(csv_to_card(text, path), path)
            else:
                card = tbdata.check_card(_json(text, path), path)
            tbdata.check_fit(card, charts, path)
        except tbdata.DataError as e:
            raise CliError(str(e))
        return card
    want = text_arg.strip().lower()
    demos = demo_cards()
    for card in demos:
        name = card["name"].lower()
        if want in (name, name.split()[-1]):
            try:
                tbdata.check_fit(card, charts, "%s: demo fighter %s" % (arg, card["name"]))
            except tbdata.DataError as e:
                raise CliError(str(e))
            return card
    raise CliError("%s: no card file or demo fighter '%s' (demo fighters: %s)"
                   % (arg, text_arg, ", ".join(c["name"] for c in demos)))


def load_charts(path):
    """--charts FILE, or None for the built-in demo set."""
    if path is None:
        return "demo", CHARTS
    try:
        charts = tbdata.check_charts(_json(common.read_text(path, "chart set"), path), path)
    except tbdata.DataError as e:
        raise CliError(str(e))
    return charts, charts


def _json(text, path):
    return common.json_loads(text, path)


def csv_rows(text):
    """The rows of a spreadsheet's CSV: comma, or semicolon where the decimal
    mark is a comma (the first row that has either decides)."""
    delimiter = ","
    for line in text.splitlines():
        if "," in line or ";" in line:
            delimiter = ";" if line.count(";") > line.count(",") else ","
            break
    return csv.reader(io.StringIO(text), delimiter=delimiter)


def option_args(pairs):
    """--option NAME=VALUE pairs as an options dict (true/false, numbers, text)."""
    out = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise CliError("--option: '%s' is not NAME=VALUE" % pair)
        name, value = pair.split("=", 1)
        if value in ("true", "false"):
            out[name] = value == "true"
        else:
            try:
                out[name] = int(value)
            except ValueError:
                out[name] = value
    return out
