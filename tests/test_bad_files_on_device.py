"""Bad files on the device's flash: the box boots, says what it set aside
(kept as .bad, never deleted), and the rest works: a mode still starts and
saves. The real Store on a host directory, the real App on the simulated
device."""
import json

import pytest
from hardening import figure, size
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_fuzz_loaders import JSONISH, RECORDS, as_bytes, mutated

from dicebox import buttons as B
from dicebox import store as ST
from dicebox.core import record
from dicebox.core.clock import SESSION_MAX
from dicebox.modes import MODES
from host_sim.device import Device, Platform

pytestmark = pytest.mark.soak  # full size under make soak
TRIED = [0]


def boot(root):
    return Device(store=ST.Store(str(root)), platform=Platform(b"\x00\x00\x00\x07"))


def notices(dev):
    return [" ".join(s.lines) for s in dev.app.stack if type(s).__name__ == "Message"]


def dismiss_and_roll(dev):
    """Close the notices, open the first mode, give an input, leave: it must all work."""
    while type(dev.app.top).__name__ == "Message":
        dev.press(B.OK)
    while len(dev.app.stack) > 1:  # a resumed fight: leave it (it stays saved)
        dev.press(B.BACK)
        if type(dev.app.top).__name__ == "Confirm":
            dev.press(B.OK)
    assert type(dev.app.top).__name__ == "Home"
    home = dev.app.top
    first_mode = 1 if home.items[0][0] == "Resume" else 0
    home.sel = first_mode
    dev.press(B.OK)
    assert dev.app.top is not home


def test_a_fight_that_no_longer_replays_is_kept_and_the_box_goes_on(tmp_path):
    bad = record.Record("dice", {}, 3, ["2d6", "no such dice"]).dumps()  # loads, but input 2 is refused
    (tmp_path / "current.json").write_text(bad)
    dev = boot(tmp_path)
    assert len(notices(dev)) == 1 and notices(dev)[0].startswith("current.json could not be resumed (input 2:")
    assert notices(dev)[0].endswith("kept as current.json.bad")
    assert (tmp_path / "current.json.bad").read_text() == bad and not (tmp_path / "current.json").exists()
    dismiss_and_roll(dev)


def test_unknown_rule_set_is_kept_too(tmp_path):
    (tmp_path / "current.json").write_text('{"dicebox":1,"ruleset":"chess","seed":1}')
    dev = boot(tmp_path)
    assert "ruleset: unknown 'chess'" in notices(dev)[0] and (tmp_path / "current.json.bad").exists()
    dismiss_and_roll(dev)


def test_every_file_damaged_at_once(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe")
    (tmp_path / "current.json").write_text('{"dicebox":1,"ruleset":"dice","se')
    (tmp_path / "h000001.rec").write_text("summary only")
    (tmp_path / "h000002.rec").write_text("fine\n" + record.Record("dice", {}, 1, ["d6"]).dumps())
    (tmp_path / "h000003.rec").write_text("replays badly\n" + record.Record("dice", {}, 1, [5]).dumps())
    dev = boot(tmp_path)
    said = notices(dev)
    assert len(said) == 3 and any("settings.json" in n for n in said) and any("h000001.rec" in n for n in said)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".bad")) == \
        ["current.json.bad", "h000001.rec.bad", "settings.json.bad"]
    dismiss_and_roll(dev)
    dev.press(B.BACK)
    # History lists the two that load; the one that does not replay shows its error, not a crash
    history = dev.store.history()
    assert [s for _, s in history][-2:] == ["replays badly", "fine"]
    from dicebox.ui.history import Transcript

    page = Transcript(dev.app, 3)
    assert page.title == "Error" and "input 1" in " ".join(page.window()[0])


@settings(max_examples=size(60, 800), deadline=None, suppress_health_check=list(HealthCheck))
@given(current=as_bytes(st.sampled_from(RECORDS).flatmap(mutated) | st.sampled_from(RECORDS) | JSONISH),
       settings_file=as_bytes(JSONISH))
# a fight with no input yet, spaced as another writer spaces it: once kept aside as "another fight" beside itself
@example(current=b'{"dice": [], "dicebox": 1, "options": {"fighters": [["Even", [6, 6, 6, 6]], ["Brute", [9, 5, 5, 5]], '
                 b'["Wall", [5, 9, 5, 5]], ["Dancer", [5, 5, 9, 5]]]}, "ruleset": "arena_cup", "seed": 5}',
         settings_file=b"")
def test_any_saved_fight_and_settings_boot_to_a_working_box(tmp_path_factory, current, settings_file):
    root = tmp_path_factory.mktemp("dev")
    (root / "current.json").write_bytes(current)
    (root / "settings.json").write_bytes(settings_file)
    dev = boot(root)
    TRIED[0] += 1
    figure("bad data, device boot on fuzzed current.json + settings.json", "%d boots, 0 crashes" % TRIED[0])
    for n in notices(dev):
        assert "\n" not in n
    if (root / "current.json").exists():  # kept in place only when it resumed
        # on the stack above Home (a LARP fight sits on the LARP menu)
        assert any(hasattr(s, "session") for s in dev.app.stack[1:])
        assert json.loads((root / "current.json").read_bytes()) == json.loads(current)
    elif (root / "current.json.bad").exists():
        assert (root / "current.json.bad").read_bytes() == current
    elif current:  # a fight that was over: resumed, shown finished, and filed
        assert dev.store.history()
    dismiss_and_roll(dev)


def test_a_fight_begun_with_box_dice_resumes_after_switching_to_table_dice(tmp_path):
    """Found by the button storm: Resume crashed with NeedDie (a fight the box rolled for,
    then Settings -> table dice, then Resume); it now goes on with the box's dice."""
    from test_titlebout import ANT

    rec = record.Record("titlebout", {"red": ANT, "blue": dict(ANT, name="Twin")}, 1, [])
    rec.inputs.append(record.replay(rec).prompt()[1])  # the box rolled the AGG tie, then one input
    (tmp_path / "current.json").write_text(rec.dumps())
    st_ = ST.Store(str(tmp_path))
    st_.save_settings(dict(st_.settings(), dice_source="table"))
    dev = boot(tmp_path)
    screen = dev.app.top
    assert type(screen).__name__ == "TitleBoutScreen" and screen.session.ask is False
    assert screen.session.game.state() == record.replay(rec).state()


# --- the box's own files: a wound session ------------------------------------
OWN_TRIED = [0]
_SESSION = []  # the header object and journal lines, once made


def _session_files():
    """A real wound session's header and journal lines (two wounds), made once."""
    if not _SESSION:
        import tempfile

        from test_larp_ui import device as larp_device
        from test_larp_ui import start_session, wound

        root = tempfile.mkdtemp()
        d = larp_device(store=ST.Store(root))
        start_session(d)
        wound(d, 3, 1)
        wound(d, 5, 2)
        with open(root + "/wounds.rec", "rb") as f:
            _SESSION.append(json.loads(f.read()))
        with open(root + "/wounds.jnl", "rb") as f:
            _SESSION.append(f.read().split(b"\n")[:-1])
    return _SESSION


HEADERS = st.deferred(lambda: as_bytes(st.just(_session_files()[0]).flatmap(mutated) | st.just(_session_files()[0])))
JOURNALS = st.deferred(lambda: st.lists(st.sampled_from(_session_files()[1]) | st.binary(max_size=30), max_size=6).map(
    lambda lines: b"".join(line + b"\n" for line in lines)) | st.binary(max_size=60))

CLOCKS = st.lists(st.integers(-2 ** 40, 2 ** 40), min_size=1, max_size=5).map(
    lambda ns: " ".join(map(str, ns)).encode()) | st.binary(max_size=30) | \
    st.sampled_from([b"99999999999", b"1073741824", b"-5", b"5000 99999999999 0 0", b"5000 -1 7 0", b"5000 -1 0 -9"])


def to_home(dev):
    """Notices closed, a fight or offer left (kept), until Home is alone."""
    for _ in range(30):
        name = type(dev.app.top).__name__
        if name == "Home":
            return
        dev.press(B.OK if name in ("Message", "Confirm", "AlertScreen") else B.BACK)
    raise AssertionError("stuck on %s" % [type(s).__name__ for s in dev.app.stack])


@settings(max_examples=size(60, 800), deadline=None, suppress_health_check=list(HealthCheck))
@given(header=st.none() | HEADERS, jnl=st.none() | JOURNALS, clock=st.none() | CLOCKS)
def test_the_boxs_own_files_never_stop_the_boot(tmp_path_factory, header, jnl, clock):
    """A wound session's header, journal and clock, damaged in any way: the box
    boots, says what it set aside (one line each), nothing damaged is read at
    every boot, a journal is never dropped while its header is kept aside, and
    the LARP menu and a mode still open."""
    root = tmp_path_factory.mktemp("dev")
    for name, data in (("wounds.rec", header), ("wounds.jnl", jnl), ("wounds.clk", clock)):
        if data is not None:
            (root / name).write_bytes(data)
    dev = boot(root)
    OWN_TRIED[0] += 1
    figure("bad data, device boot on a fuzzed wound session",
           "%d boots, 0 crashes" % OWN_TRIED[0])
    for n in notices(dev):
        assert "\n" not in n
    assert (root / "wounds.rec").exists() == bool(dev.app.stack[0].tasks)  # a session runs, or is gone
    for task in dev.app.stack[0].tasks:  # its time from a damaged clock stays a session's (small ints)
        assert 0 <= task.ms <= SESSION_MAX and 0 <= task.saved_ms <= SESSION_MAX
    if (root / "wounds.rec.bad").exists() and jnl is not None:
        assert (root / "wounds.jnl.bad").read_bytes() == jnl and not (root / "wounds.jnl").exists()
    to_home(dev)
    home = dev.app.top
    home.sel = (1 if home.items[0][0] == "Resume" else 0) + [m[0] for m in MODES].index("larp")
    dev.press(B.OK)
    dev.wait(100)  # the menu's tick
    for _ in range(3):  # a mode still opens (an alert that rings as it does is answered first)
        to_home(dev)
        dev.press(B.UP)
        dev.press(B.OK)
        if type(dev.app.top).__name__ != "Home":
            break
    assert type(dev.app.top).__name__ not in ("Home", "Message"), [type(s).__name__ for s in dev.app.stack]
