"""Numbers in files (docs/reliability.md, "Numbers in files"): a whole number
written as 0.0 or 4e5 is read as that int by every loader; a number with a
fraction, one beyond 2**24 written as a float, or true/false where a number
belongs is refused with one line naming the file and field. The boot's board
check prints one line for any failure, never a traceback."""
import json
from pathlib import Path

import pytest

from dicebox import board
from dicebox.arena import roster as arena_roster
from dicebox.titlebout import cards
from dicebox import store as ST
from dicebox.core import compat, record
from dicebox.titlebout import data as tbdata
from dicebox.core.game import RecordError
from dicebox.titlebout.demo import CHARTS
from test_fuzz_loaders import floats_in  # the same check the fuzz makes

ROOT = Path(__file__).resolve().parent.parent
BOARD = json.loads((ROOT / "boards" / "rpi_pico.json").read_text())
CARD = json.loads((ROOT / "firmware/data/titlebout/fighters/hagler.json").read_text())


def with_value(base, path, value):
    obj = json.loads(json.dumps(base))
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return obj


# --- the shared rule ---------------------------------------------------------------
@pytest.mark.parametrize("text, want", [
    ("0.0", 0), ("-0.0", 0), ("4e5", 400000), ("1E2", 100), ("16777216.0", 1 << 24), ("-16777216.0", -(1 << 24)),
    ("[1.0, {\"a\": [2.0, [3.0]]}]", [1, {"a": [2, [3]]}]), ("7", 7), ("true", True), ("\"2.0\"", "2.0"),
])
def test_a_whole_float_is_read_as_the_int_it_is(text, want):
    got = compat.loads(text)
    assert got == want and floats_in(got) == [] and repr(got) == repr(want)  # repr: True stays True, not 1


@pytest.mark.parametrize("text", ["1.5", "-0.25", "16777217.0", "123456789.0", "1e30", "1e999", "-1e999", "NaN"])
def test_a_fraction_or_an_inexact_float_stays_a_float_for_the_check_to_refuse(text):
    (v,) = compat.loads("[%s]" % text)
    assert type(v) is float


def test_a_file_nested_thousands_deep_is_not_json_not_a_recursion_error():
    with pytest.raises(ValueError, match="nested too deep"):
        compat.loads("[" * 5000 + "]" * 5000)
    assert compat.loads("[" * 500 + "1.0" + "]" * 500) is not None


SHOW = """def show(v):
    if type(v) is float:
        return "float"
    if isinstance(v, dict):
        return "{" + ",".join("%s:%s" % (k, show(v[k])) for k in sorted(v)) + "}"
    if isinstance(v, list):
        return "[" + ",".join(show(x) for x in v) + "]"
    return "%s %r" % (type(v).__name__, v)
"""


def test_micropython_reads_the_same_numbers(mp, tmp_path):
    texts = ['{"id": 0.0, "f": 4e5, "x": [1.5, -0.0, true, 16777216.0, 16777217.0, 1e999, 1]}', "3.0", "[[[2.0]]]"]
    script = tmp_path / "n.py"
    script.write_text("from dicebox.core.compat import loads\n" + SHOW + "for t in %r:\n    print(show(loads(t)))\n" % texts)
    space = {}
    exec(SHOW, space)
    want = [space["show"](compat.loads(t)) for t in texts]
    assert want[0] == "{f:int 400000,id:int 0,x:[float,int 0,bool True,int 16777216,float,float,int 1]}"
    assert mp.run(script).stdout.decode().splitlines() == want


# --- board files: the example the soak found, pinned ----------------------------------
def test_the_board_file_the_soak_found_boots_with_i2c_0(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(with_value(BOARD, ("i2c", "id"), 0.0)))
    got = board.load(str(path))
    assert got["i2c"]["id"] == 0 and type(got["i2c"]["id"]) is int and got["i2c"]["sda"] == 4


def test_every_whole_number_of_a_board_file_may_be_written_as_a_float():
    text = json.dumps(BOARD)
    for k, v in (('"freq": 400000', '"freq": 4e5'), ('"addr": 60', '"addr": 60.0'), ('"width": 128', '"width": 128.0'),
                 ('"height": 64', '"height": 64.0'), ('"sda": 4', '"sda": 4.0'), ('"UP": 10', '"UP": 10.0'),
                 ('"buzzer": 16', '"buzzer": 16.0')):
        assert k in text
        text = text.replace(k, v)
    got = board.loads(text)
    assert got == board.check(BOARD) and floats_in(got) == []


@pytest.mark.parametrize("path, value, field", [
    (("i2c", "id"), 0.5, "i2c.id"), (("i2c", "id"), True, "i2c.id"), (("i2c", "id"), False, "i2c.id"),
    (("i2c", "sda"), 4.5, "i2c.sda"), (("i2c", "freq"), 400000.5, "i2c.freq"), (("display", "addr"), True, "display.addr"),
    (("buttons", "UP"), True, "buttons.UP"), (("display", "width"), 128.5, "display"),
])
def test_a_fraction_or_true_in_a_board_file_is_one_line_naming_the_field(path, value, field):
    with pytest.raises(board.BoardError) as e:
        board.loads(json.dumps(with_value(BOARD, path, value)), "b.json")
    assert str(e.value).startswith("b.json: field '%s'" % field) and "\n" not in str(e.value)


# --- the boot's board check: one console line, whatever fails --------------------------
BOOT = """import os, sys
os.chdir(sys.argv[1])
import dicebox.board
from dicebox import boot as device
print("->", device.load_board())
def broken(path):
    raise TypeError("tuple indices\\nmust be integers")
dicebox.board.load = broken
print("->", device.load_board())
def short(path):
    raise MemoryError
dicebox.board.load = short
print("->", device.load_board())
"""


def _boot_lines(run, tmp_path, board_obj):
    (tmp_path / "board.json").write_text(json.dumps(board_obj))
    script = tmp_path / "boot.py"
    script.write_text(BOOT)
    return run(script, tmp_path)


@pytest.mark.parametrize("where", ["micropython", "cpython"])
def test_the_boot_prints_one_line_for_any_failure_of_the_board_check(where, tmp_path, request):
    import subprocess
    import sys

    if where == "micropython":
        mp = request.getfixturevalue("mp")

        def run(script, cwd):
            return mp.run(script, cwd).stdout.decode()
    else:
        def run(script, cwd):
            env = {"PYTHONPATH": str(ROOT / "firmware"), "PATH": "/usr/bin:/bin"}
            proc = subprocess.run([sys.executable, str(script), str(cwd)], capture_output=True, env=env, check=True)
            assert proc.stderr == b""
            return proc.stdout.decode()

    out = _boot_lines(run, tmp_path, with_value(BOARD, ("i2c", "id"), True)).splitlines()
    assert out[0] == "dicebox: board.json: field 'i2c.id': True is not one of 0, 1"
    assert out[1] == "-> None"
    assert out[2].startswith("dicebox: board.json: cannot be checked: TypeError(") and "must be integers" in out[2]
    assert out[3:] == ["-> None", "dicebox: board.json: no memory to check it", "-> None"]
    first = _boot_lines(run, tmp_path, with_value(BOARD, ("i2c", "id"), 0.0)).splitlines()[0]
    assert first.startswith("-> {") and "'id': 0," in first


# --- records: saved fights, History, the wound session's header -----------------------
def test_a_record_with_whole_floats_replays_as_the_same_fight():
    rec = record.loads('{"dicebox": 1.0, "ruleset": "dice", "seed": 5.0, "inputs": ["d6", "2d6"], "dice": [3.0]}', "f.json")
    same = record.loads('{"dicebox": 1, "ruleset": "dice", "seed": 5, "inputs": ["d6", "2d6"], "dice": [3]}', "f.json")
    assert rec.dumps() == same.dumps() and floats_in(rec.to_obj()) == []
    assert record.transcript(record.replay(rec), rec) == record.transcript(record.replay(same), same)


@pytest.mark.parametrize("field, value, says", [
    ("seed", "1.5", "field 'seed'"), ("seed", "true", "field 'seed'"), ("seed", "123456789.0", "field 'seed'"),
    ("dicebox", "true", "field 'dicebox'"), ("dice", "[2.5]", "field 'dice'[0]"), ("dice", "[true]", "field 'dice'[0]"),
])
def test_a_record_with_a_fraction_or_true_is_refused_naming_the_field(field, value, says):
    obj = {"dicebox": "1", "ruleset": '"dice"', "seed": "5", "inputs": '["d6"]'}
    obj[field] = value
    text = "{%s}" % ", ".join('"%s": %s' % kv for kv in obj.items())
    with pytest.raises(RecordError) as e:
        record.loads(text, "f.json")
    assert str(e.value).startswith("f.json: " + says)


def test_options_and_inputs_of_a_record_take_whole_floats_and_refuse_fractions():
    rec = record.loads('{"dicebox": 1, "ruleset": "arena", "seed": 3, "options": {"health": 12.0, "a": [9.0, 5, 5, 5]},'
                       ' "inputs": []}', "f.json")
    game = record.start(rec)
    assert game.start_hp == 12 and game.stats[0] == (9, 5, 5, 5) and floats_in(rec.to_obj()) == []
    for options, says in (('{"health": 12.5}', "options.health: must be a whole number, not 12.5"),
                          ('{"health": true}', "options.health: must be a whole number, not True"),
                          ('{"a": [9.5, 5, 5, 5]}', "options.a: Power must be a whole number, not 9.5")):
        rec = record.loads('{"dicebox": 1, "ruleset": "arena", "seed": 3, "options": %s}' % options, "f.json")
        with pytest.raises(RecordError, match="^" + says.replace(".", r"\.")):
            record.start(rec)


# --- settings -------------------------------------------------------------------------
def test_settings_written_with_whole_floats_are_kept_without_a_notice(tmp_path):
    (tmp_path / "settings.json").write_text('{"contrast": 2.0, "sleep_s": 1.2e2, "seed": 7.0, "seed_source": "fixed"}')
    st_ = ST.Store(str(tmp_path))
    got = st_.settings()
    assert (got["contrast"], got["sleep_s"], got["seed"]) == (2, 120, 7) and floats_in(got) == []
    assert st_.notices == []


@pytest.mark.parametrize("field, value", [("contrast", "2.5"), ("contrast", "true"), ("sound", "1"), ("sound", "1.0")])
def test_a_setting_of_the_wrong_kind_is_reset_and_said(tmp_path, field, value):
    (tmp_path / "settings.json").write_text('{"%s": %s}' % (field, value))
    st_ = ST.Store(str(tmp_path))
    assert st_.notices == ["settings: %s reset to default" % field]
    assert st_.settings()[field] == ST.call_once("dicebox.settings", "defaults")[field]


# --- the arena's fighters ---------------------------------------------------------------
def test_an_arena_roster_with_whole_floats_loads(tmp_path):
    (tmp_path / arena_roster.NAME).write_text('[["Even", [6.0, 6, 6, 6]], ["Brute", [9, 5e0, 5, 5]]]')
    fighters, error = arena_roster.load(ST.Store(str(tmp_path)))
    assert error is None and fighters == [("Even", (6, 6, 6, 6)), ("Brute", (9, 5, 5, 5))]
    assert floats_in(fighters) == []


@pytest.mark.parametrize("build, says", [("[6.5, 6, 6, 5.5]", "Power must be a whole number, not 6.5"),
                                         ("[true, 6, 6, 6]", "Power must be a whole number, not True")])
def test_an_arena_roster_with_a_fraction_or_true_is_set_aside_naming_the_fighter(tmp_path, build, says):
    (tmp_path / arena_roster.NAME).write_text('[["Even", %s]]' % build)
    fighters, error = arena_roster.load(ST.Store(str(tmp_path)))
    assert error == "%s: fighter 1: %s" % (arena_roster.NAME, says) and fighters == list(arena_roster.DEFAULTS)
    assert (tmp_path / (arena_roster.NAME + ".bad")).exists()


# --- Title Bout cards and charts -----------------------------------------------------------
def test_a_card_with_whole_floats_is_the_same_card(tmp_path):
    path = tmp_path / "red.json"
    path.write_text(json.dumps(dict(CARD, agg=8.0, cf=12.0, punches=dict(CARD["punches"], **{"L-11": ["jab", 1.0]}))))
    assert cards.load_card(str(path), CHARTS) == tbdata.check_card(CARD)


@pytest.mark.parametrize("field, value", [("agg", 8.5), ("agg", True), ("hp", 1e30)])
def test_a_card_with_a_fraction_or_true_is_refused_naming_the_field(tmp_path, field, value):
    path = tmp_path / "red.json"
    path.write_text(json.dumps(dict(CARD, **{field: value})))
    with pytest.raises(tbdata.DataError) as e:
        cards.load_card(str(path), CHARTS)
    assert str(e.value).startswith("red.json: ") and "'%s'" % field in str(e.value)


def test_a_chart_set_with_whole_floats_loads(tmp_path):
    charts = json.loads((ROOT / "firmware/data/titlebout/charts-demo.json").read_text())
    path = tmp_path / "charts.json"
    path.write_text(json.dumps(charts).replace(", 1,", ", 1.0,"))
    assert ", 1.0," in path.read_text()
    assert cards.load_charts(str(path)) == tbdata.check_charts(charts)


def test_a_csv_card_from_a_spreadsheet_may_write_5_0(tmp_path):
    from host_sim import tbcards
    from host_sim.errors import CliError

    rows = ["name,Test", "agg,8.0", "cf,12", "pl,48", "hp,11", "kdr1,4", "kor,4", "ki,9", "code,punch,points,flags"]
    rows += ["%s,jab,%s" % (code, "1.0" if code == "L-11" else p[1]) for code, p in CARD["punches"].items()]
    card = tbdata.check_card(tbcards.csv_to_card("\n".join(rows), "c.csv"), "c.csv")
    assert card["agg"] == 8 and card["punches"]["L-11"][1] == 1 and floats_in(card) == []
    with pytest.raises(CliError, match="^c.csv:2: field 'agg': '8.5' is not a whole number$"):
        tbcards.csv_to_card("name,Test\nagg,8.5\n", "c.csv")
    assert tbcards.option_args(["health=12.0", "stun=true", "x=1.5"]) == {"health": 12, "stun": True, "x": "1.5"}
