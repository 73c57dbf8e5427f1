"""Title Bout fighters on the host: demo names, JSON card files, CSV import.

CSV cards and chart sets (from a spreadsheet) are read by titlebout/csvfiles.py,
the same reading as on the box.
"""
import os

from dicebox.titlebout import cardlist
from dicebox.titlebout import csvfiles as tbcsv
from dicebox.titlebout import data as tbdata
from dicebox.titlebout import demo as tbdemo
from host_sim import FIRMWARE, common
from host_sim.errors import CliError

DEMO_DIR = os.path.join(FIRMWARE, "data", "titlebout", "fighters")


def demo_cards():
    found, errors = cardlist.load_dir(DEMO_DIR)
    if errors:
        raise CliError(errors[0])
    return found


def _whole(text):
    """The int a cell or option value holds: "5", or "5.0" as a spreadsheet
    may write it (the rule of compat.loads, as for JSON files); ValueError else."""
    from dicebox.core.compat import loads

    try:
        return int(text)
    except ValueError:
        pass
    try:
        v = loads(text)
    except ValueError:
        v = None
    if type(v) is not int:
        raise ValueError(text)
    return v


def csv_to_card(text, where):
    """Parse a CSV card into the JSON card shape; errors name the line."""
    try:
        return tbcsv.card(text, where)
    except tbdata.DataError as e:
        raise CliError(str(e))


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


DEFAULT_CHARTS = "dicebox"  # the built-in set new bouts play


def load_charts(path):
    """--charts FILE or a built-in set's name; None: the default built-in set.
    Returns (the record's "charts" option, the set as a dict)."""
    if path is None:
        path = DEFAULT_CHARTS
    if path in tbdemo.BUILT_IN and not os.path.exists(path):
        return path, tbdemo.whole(path)
    text = common.read_text(path, "chart set")
    try:
        if path.lower().endswith(".csv"):
            charts = tbcsv.charts(text, path)
        else:
            charts = tbdata.check_charts(_json(text, path), path)
    except tbdata.DataError as e:
        raise CliError(str(e))
    return charts, charts


def _json(text, path):
    return common.json_loads(text, path)


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
                out[name] = _whole(value)
            except ValueError:
                out[name] = value
    return out


def _as_the_rules_write(code, marks):
    """"R-77" marked KD -> "R-(Knockdown)-77" (tbdata.punch_result reads it back)."""
    if not marks:
        return code
    words = "(%s)" % " ".join({"KD": "Knockdown", "CUT": "Cut"}[m] for m in marks)
    dash = code.find("-")
    return code[:dash + 1] + words + code[dash:] if dash > 0 else code + words


def charts_to_csv(charts):
    """A chart set as the CSV a spreadsheet opens (tbcsv.charts reads it back)."""
    out = ["name,%s" % charts["name"]] if "name" in charts else []
    if "note" in charts:
        out.append('note,"%s"' % charts["note"].replace('"', '""'))
    heads = {"punch": "low,high,result", "foul": "low,high,effect,points", "injury": "low,high,effect,points",
             "cut": "low,high,effect,points", "count": "low,high,count,points",
             "knockdown": "rating," + ",".join(str(i) for i in range(1, 21))}
    for chart in ("punch", "foul", "injury", "cut", "knockdown", "count"):
        out += ["", chart, heads[chart]]
        for i, row in enumerate(charts[chart]):
            if chart == "punch":
                row = row[:2] + [_as_the_rules_write(row[2], row[3:])]
            out.append(",".join(str(v) for v in ([i + 1] + row if chart == "knockdown" else row)))
    return "\n".join(out) + "\n"
