"""Bad data: every loader of a file the box or the host reads, fed with
malformed JSON, wrong types, missing and extra fields, out-of-range numbers,
huge files, non-UTF-8 bytes and Cyrillic text (hypothesis). Each must accept
the data or refuse it with its own error naming the file (and the field),
never any other exception. Figures: docs/reliability.md."""
import json
from pathlib import Path

import pytest
from hardening import figure, size
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dicebox import board
from dicebox.arena import roster as arena_roster
from dicebox.titlebout import cardlist, cards
from dicebox.larp import roster
from dicebox import settings as S
from dicebox import store as ST
from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.larp import common as larp
from dicebox.titlebout import data as tbdata
from dicebox.core.game import RecordError
from dicebox.titlebout.demo import CHARTS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = size(150, 2500)
pytestmark = pytest.mark.soak  # full size under make soak
TRIED = {}
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


def tried(loader):
    TRIED[loader] = TRIED.get(loader, 0) + 1
    figure("bad data, %s" % loader, "%d inputs, 0 crashes" % TRIED[loader])


# --- inputs -------------------------------------------------------------------
TEXT = st.text(st.characters(codec="utf-8"), max_size=20) | st.sampled_from(
    ["Иван Петров", "Ёжик", "", " ", "\x00", "a" * 300, "K", "KD", "CUT", "demo", "dice", "wounds", "héllo\u202e"])
NUMBER = st.integers() | st.sampled_from([0, -1, 1, 2 ** 31, -(2 ** 63), 10 ** 30, 255, 256, 999999999, 1000000000]) | \
    st.floats(allow_nan=False) | st.booleans() | \
    st.integers(-3, 2 ** 25).map(float) | st.sampled_from([0.0, -0.0, 1.0, 60.0, 4e5, 16777216.0, 16777217.0, 0.5])  # written 0.0
LEAF = st.none() | NUMBER | TEXT
JSONISH = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
                       max_leaves=25)


def _paths(obj, here=()):
    yield here
    if isinstance(obj, dict):
        for k in obj:
            yield from _paths(obj[k], here + (k,))
    elif isinstance(obj, list):
        for i in range(len(obj)):
            yield from _paths(obj[i], here + (i,))


@st.composite
def mutated(draw, base):
    """A valid object with one to three of: a value replaced, a field dropped or
    added, a whole number written as a float (0.0, as JSON writers and spreadsheets do)."""
    obj = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(obj))
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        parent = obj
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "drop", "add", "number", "float"]))
        if how == "replace":
            parent[path[-1]] = draw(JSONISH)
        elif how == "drop":
            del parent[path[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(TEXT)] = draw(JSONISH)
        elif how == "add":
            parent.append(draw(JSONISH))
        elif how == "number":
            parent[path[-1]] = draw(NUMBER)
        elif type(parent[path[-1]]) is int:
            parent[path[-1]] = float(parent[path[-1]])
    return obj


def as_bytes(obj_strategy):
    """JSON text of the objects, and also broken JSON, binary, non-UTF-8 and huge files."""
    text = obj_strategy.map(lambda o: json.dumps(o, ensure_ascii=False).encode("utf-8"))
    broken = text.flatmap(lambda b: st.integers(0, max(0, len(b) - 1)).map(lambda n: b[:n]))
    return st.one_of(
        text, text, broken,
        st.binary(max_size=200),
        text.map(lambda b: b"\xff\xfe" + b),
        text.map(lambda b: b.replace(b'"', b"'", 1)),
        text.map(lambda b: b + b" " * 70000),  # a huge file
        st.sampled_from([b"", b"null", b"[]", b"{}", b"\xd0", "{\"имя\": 1}".encode(), b"1e999", b"NaN"]),
    )


def floats_in(obj):
    """A loader's result holds no float: a whole one is read as an int, any other refused."""
    if isinstance(obj, float):
        return [obj]
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, (list, tuple)):
        return [f for v in obj for f in floats_in(v)]
    return []


def refused(e, where, kind):
    assert isinstance(e, kind), "%s: %s" % (type(e).__name__, e)
    assert str(e).startswith(where), "error does not name %r: %s" % (where, e)
    assert "\n" not in str(e) and len(str(e)) < 600, "not one short line: %r" % str(e)[:200]


def load_json(name):
    return json.loads((ROOT / name).read_text())


RECORDS = [load_json(p.relative_to(ROOT)) for p in sorted((ROOT / "tests" / "records").glob("*.json"))]
CARD = load_json("firmware/data/titlebout/fighters/hagler.json")
CHART_SET = load_json("firmware/data/titlebout/charts-demo.json")
BOARD = load_json("boards/rpi_pico.json")


# --- the record decoder and replay ----------------------------------------------
@FUZZ
@given(data=as_bytes(st.sampled_from(RECORDS).flatmap(mutated) | JSONISH))
def test_record_decoder_and_replay_refuse_bad_records_with_a_named_field(data):
    tried("record.loads + replay")
    try:
        rec = record.loads(data, "fight.json")
    except Exception as e:  # noqa: BLE001  what kind it is, is the test
        refused(e, "fight.json: ", RecordError)
        return
    try:
        game = record.replay(rec)
    except Exception as e:  # noqa: BLE001
        assert isinstance(e, RecordError), "replay: %s: %s" % (type(e).__name__, e)
        assert "\n" not in str(e)
        return
    assert floats_in(rec.to_obj()) == []
    for i in range(record.line_count(game)):  # History's transcript of it
        assert isinstance(record.line(game, rec, i), str)


@FUZZ
@given(obj=st.sampled_from(RECORDS).flatmap(mutated))
def test_record_from_obj_checks_every_field(obj):
    tried("record.from_obj")
    try:
        record.from_obj(obj, "rec")
    except Exception as e:  # noqa: BLE001
        refused(e, "rec: ", RecordError)


# --- Title Bout cards and charts ------------------------------------------------
@FUZZ
@given(obj=mutated(CARD) | JSONISH)
def test_card_checker(obj):
    tried("tbdata.check_card + check_fit")
    try:
        card = tbdata.check_card(obj, "red.json")
        tbdata.check_fit(card, CHARTS, "red.json")
    except Exception as e:  # noqa: BLE001
        refused(e, "red.json: ", tbdata.DataError)


@FUZZ
@given(obj=mutated(CHART_SET) | JSONISH)
def test_chart_checker(obj):
    tried("tbdata.check_charts")
    try:
        charts = tbdata.check_charts(obj, "charts.json")
        tbdata.Charts(charts)  # the compact tables a bout uses must build from any checked set
    except Exception as e:  # noqa: BLE001
        refused(e, "charts.json: ", tbdata.DataError)


@FUZZ
@given(data=as_bytes(mutated(CARD)))
def test_card_files_on_the_device(tmp_path_factory, data):
    tried("cards.load_card (file)")
    path = tmp_path_factory.mktemp("c") / "x.json"
    path.write_bytes(data)
    try:
        card = cards.load_card(str(path), CHARTS)
    except Exception as e:  # noqa: BLE001
        refused(e, "x.json: ", tbdata.DataError)  # the file's name: the folders are the box's own
        return
    assert floats_in(card) == []


def test_a_bad_card_in_the_folder_never_hides_the_others(tmp_path):
    good = dict(CARD)
    (tmp_path / "a.json").write_text(json.dumps(good))
    (tmp_path / "b.json").write_bytes(b"\xff\xfe{")
    (tmp_path / "c.json").write_text(json.dumps(dict(good, agg="x")))
    (tmp_path / "d.json").write_text(json.dumps(dict(good, name="Иван Грозный")))
    found, errors = cardlist.load_dir(str(tmp_path), CHARTS)
    assert [c["name"] for c in found] == ["Marvin Hagler", "Иван Грозный"]
    assert len(errors) == 2 and errors[0].startswith(str(tmp_path / "b.json")) and "'agg'" in errors[1]


# --- roster, settings, board files ------------------------------------------------
NAMES = st.lists(TEXT, max_size=120).map(lambda names: "\n".join(names).encode("utf-8"))


@FUZZ
@given(data=NAMES | st.binary(max_size=300) | st.just(b"a\n" * 5000))
def test_roster_file(tmp_path_factory, data):
    tried("roster.load")
    path = tmp_path_factory.mktemp("r") / "roster.txt"
    path.write_bytes(data)
    try:
        names = roster.load(str(path))
    except Exception as e:  # noqa: BLE001
        refused(e, str(path), larp.RosterError)
        return
    assert 1 <= len(names) <= larp.MAX_PARTICIPANTS and all(0 < len(n) <= larp.MAX_NAME for n in names)


@FUZZ
@given(data=as_bytes(mutated(S.defaults()) | JSONISH))
def test_settings_file_never_stops_the_boot(tmp_path_factory, data):
    tried("store settings load")
    root = tmp_path_factory.mktemp("s")
    (root / "settings.json").write_bytes(data)
    st_ = ST.Store(str(root))
    got = st_.settings()
    assert S.check(got) == got and floats_in(got) == []  # whatever was on flash, the box runs on valid settings
    assert all("\n" not in n for n in st_.notices)
    if (root / "settings.json.bad").exists():
        assert st_.notices and st_.notices[0].startswith("settings.json ")


@FUZZ
@given(data=as_bytes(mutated(BOARD) | JSONISH))
@example(data=json.dumps(dict(BOARD, i2c=dict(BOARD["i2c"], id=0.0))).encode())  # found by the soak: TypeError
def test_board_file(tmp_path_factory, data):
    tried("board.load")
    path = tmp_path_factory.mktemp("b") / "board.json"
    path.write_bytes(data)
    try:
        got = board.load(str(path))
    except Exception as e:  # noqa: BLE001
        refused(e, str(path) + ": ", board.BoardError)
        return
    ints = list(got["i2c"].values()) + [got["display"][k] for k in ("width", "height", "addr")]
    ints += [p for p in got["buttons"] + [got["buzzer"]] if p is not None]
    assert all(type(v) is int for v in ints), got  # no float, no true for 1


ARENA_ROSTER = [[name, list(build)] for name, build in arena_roster.DEFAULTS]


@FUZZ
@given(data=as_bytes(mutated(ARENA_ROSTER) | JSONISH))
def test_arena_roster_file(tmp_path_factory, data):
    """The arena's fighters, which its menu reads from flash: the roster, or the
    defaults and one line naming the file, the file kept as .bad."""
    tried("arena_roster.load")
    root = tmp_path_factory.mktemp("a")
    (root / arena_roster.NAME).write_bytes(data)
    st_ = ST.Store(str(root))
    fighters, error = arena_roster.load(st_)
    assert floats_in(fighters) == []
    for name, build in fighters:
        assert arena.check_name(name) == name and arena.check_build(list(build))
    if error is None:
        assert (root / arena_roster.NAME).read_bytes() == data
    else:
        refused(arena_roster.RosterError(error), arena_roster.NAME + ": ", arena_roster.RosterError)
        assert fighters == list(arena_roster.DEFAULTS) and (root / (arena_roster.NAME + ".bad")).read_bytes() == data


# --- arena fighter builds -------------------------------------------------------
BUILD = st.lists(NUMBER | TEXT | st.none(), min_size=0, max_size=6) | JSONISH | \
    st.lists(st.integers(-3, 12), min_size=4, max_size=4)


@FUZZ
@given(a=BUILD, name=TEXT | JSONISH)
def test_arena_builds_and_names(a, name):
    tried("arena fighter builds")
    try:
        record.start(record.Record("arena", {"a": a, "a_name": name}, 1))
    except Exception as e:  # noqa: BLE001
        refused(e, "options.a", RecordError)
    try:
        arena.check_build(a)
    except Exception as e:  # noqa: BLE001
        assert type(e) is ValueError and "\n" not in str(e)


@pytest.mark.parametrize("path", sorted((ROOT / "boards").glob("*.json")), ids=lambda p: p.stem)
def test_every_shipped_board_file_is_valid(path):
    assert board.load(str(path))["name"]


# --- what the fuzzing found, pinned ------------------------------------------------
def test_a_huge_bad_value_gives_a_short_error_line():
    with pytest.raises(RecordError) as e:
        record.from_obj({"dicebox": 1, "ruleset": "dice", "seed": 1, "dice": [[7] * 5000]}, "f.json")
    assert len(str(e.value)) < 100 and str(e.value).endswith(", ... is not a whole number")
    with pytest.raises(tbdata.DataError) as e:
        tbdata.check_card(dict(CARD, **{"x\ny" * 100: 1}), "c.json")
    assert "\n" not in str(e.value) and "field 'x\\ny" in str(e.value) and len(str(e.value)) < 150


def test_settings_notice_escapes_and_caps_the_names(tmp_path):
    bad = {"k%d\n" % i: i for i in range(20)}
    (tmp_path / "settings.json").write_text(json.dumps(dict(bad, contrast=2)))
    st_ = ST.Store(str(tmp_path))
    (notice,) = st_.notices
    assert notice.startswith("settings: k0\\n, k1\\n, k10\\n") and notice.endswith(".. reset to default")
    assert "\n" not in notice and len(notice) < 90
    assert st_.settings()["contrast"] == 2


def test_a_file_name_with_a_nul_is_refused_in_one_line():
    for load, kind in ((roster.load, larp.RosterError), (cards.load_card, tbdata.DataError), (board.load, board.BoardError)):
        with pytest.raises(kind, match="not a usable file name"):
            load("a\x00b")
