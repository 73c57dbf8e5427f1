"""Store: atomic writes, damaged files set aside at start-up, History by importance,
fights left unfinished kept.

CPython on a temp directory with injected faults; tests/test_vboard.py runs
the same Store on real littlefs under MicroPython, power cuts included."""
import builtins
import json
import os

import pytest

from dicebox import settings as S
from dicebox import store as ST
from dicebox.core.record import Record
from dicebox.core.record import loads as record_loads

REC = Record("dice", {}, 7, ["2d6+1", "d20"]).dumps()
REC2 = Record("dice", {}, 8, ["2d6+1", "d20", "coin"]).dumps()


def files(root):
    return sorted(os.listdir(root))


def test_write_is_atomic_and_leaves_no_tmp(tmp_path):
    st = ST.Store(str(tmp_path))
    st.write_text("a.json", "one")
    st.write_text("a.json", "two")
    assert st.read_text("a.json") == "two"
    assert files(tmp_path) == ["a.json"]
    assert st.bytes_written == 6


class FailingFile:
    """A file whose write or close fails: the flash is full or went away."""

    def __init__(self, real, fail_on):
        self.real = real
        self.fail_on = fail_on

    def write(self, data):
        if self.fail_on == "write":
            self.real.write(data[: len(data) // 2])  # half of it reached flash
            raise OSError(28, "no space")
        return self.real.write(data)

    def flush(self):
        self.real.flush()

    def close(self):
        self.real.close()
        if self.fail_on == "close":
            raise OSError(5, "I/O error")

    def read(self, *a):
        return self.real.read(*a)


@pytest.mark.parametrize("fail_on", ["write", "close"])
def test_a_failed_write_keeps_the_old_file_and_cleans_up(tmp_path, fail_on):
    st = ST.Store(str(tmp_path))
    st.save_current(REC)
    armed = [True]

    def bad_open(path, mode="r"):
        f = builtins.open(path, mode)
        if "w" in mode and armed[0]:
            return FailingFile(f, fail_on)
        return f

    st2 = ST.Store(str(tmp_path), open_fn=bad_open)
    with pytest.raises(OSError):
        st2.save_current(REC2)
    assert st2.current() == REC
    assert files(tmp_path) == ["current.json"]


class RenameFails:
    """os whose rename fails once: power lost between close and rename."""

    def __getattr__(self, name):
        return getattr(os, name)

    def rename(self, a, b):
        raise OSError(5, "I/O error")


def test_failed_rename_keeps_old_file(tmp_path):
    st = ST.Store(str(tmp_path))
    st.save_current(REC)
    st2 = ST.Store(str(tmp_path), os_module=RenameFails())
    with pytest.raises(OSError):
        st2.save_current(REC2)
    assert ST.Store(str(tmp_path)).current() == REC


def test_leftover_tmp_is_removed_at_start(tmp_path):
    (tmp_path / "current.json").write_text(REC)
    (tmp_path / "current.json.tmp").write_text(REC2[:20])  # cut mid-write
    st = ST.Store(str(tmp_path))
    assert st.current() == REC
    assert files(tmp_path) == ["current.json"]
    assert st.notices == []


@pytest.mark.parametrize(
    "content, why",
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"dicebox":1,"ruleset":"dice","se', "not valid JSON"),
        (b"[1,2,3]", "must be a JSON object"),
        (b'{"dicebox":1,"ruleset":"dice","seed":-4}', "field 'seed'"),
        (b'{"dicebox":1,"ruleset":"dice","seed":1,"cheat":1}', "unknown field 'cheat'"),
    ],
)
def test_damaged_current_is_set_aside_with_a_notice(tmp_path, content, why):
    (tmp_path / "current.json").write_bytes(content)
    st = ST.Store(str(tmp_path))
    assert st.current() is None
    assert (tmp_path / "current.json.bad").read_bytes() == content
    assert len(st.notices) == 1
    assert st.notices[0].startswith("current.json ") and why in st.notices[0]
    assert "current.json.bad" in st.notices[0]
    st.save_current(REC)  # the box carries on
    assert ST.Store(str(tmp_path)).notices == []


@pytest.mark.parametrize(
    "content, why", [(b"\xc3(", "not UTF-8"), (b"{nope", "not valid JSON"), (b"[]", "not a settings object")]
)
def test_damaged_settings_are_set_aside_and_defaults_used(tmp_path, content, why):
    (tmp_path / "settings.json").write_bytes(content)
    st = ST.Store(str(tmp_path))
    assert st.settings() == S.defaults()
    assert (tmp_path / "settings.json.bad").exists()
    assert why in st.notices[0]


def test_bad_settings_fields_fall_back_one_by_one(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"contrast": 9, "sleep_s": 30, "lang": "xx"}))
    st = ST.Store(str(tmp_path))
    got = st.settings()
    assert got["sleep_s"] == 30 and got["contrast"] == S.defaults()["contrast"] and got["lang"] == "en"
    assert st.notices == ["settings: contrast, lang reset to default"]
    assert not (tmp_path / "settings.json.bad").exists()  # the good field is not lost


def test_settings_round_trip_and_refuse_bad_values(tmp_path):
    st = ST.Store(str(tmp_path))
    want = dict(S.defaults(), contrast=1, lang="ru")
    st.save_settings(want)
    assert ST.Store(str(tmp_path)).settings() == want
    with pytest.raises(ValueError, match="contrast"):
        st.save_settings(dict(want, contrast=7))
    assert ST.Store(str(tmp_path)).settings() == want


def test_history_keeps_every_fight_newest_first(tmp_path):
    st = ST.Store(str(tmp_path))
    for i in range(25):
        st.add_history(Record("duel", {}, i, [1]).dumps(), "fight %d" % i)
    h = st.history()
    assert [s for _, s in h] == ["fight %d" % i for i in range(24, -1, -1)]
    assert len(files(tmp_path)) == 25
    assert record_loads(st.history_record(h[0][0])).seed == 24
    assert record_loads(st.history_record(1)).seed == 0  # the first is still there
    assert st.history_record(-1) is None and st.history_record("x") is None
    assert [s for _, s in st.history(20, 10)] == ["fight %d" % i for i in range(4, -1, -1)]  # a page


def shot(seed):
    return Record("shoot", {}, seed, [7, 2]).dumps()


def test_a_hundred_shots_fold_into_one_entry_and_every_fight_stays(tmp_path):
    st = ST.Store(str(tmp_path))
    fights = [st.add_history(Record("titlebout", {}, i, [0]).dumps(), "bout %d" % i) for i in range(3)]
    for i in range(100):
        st.add_history(shot(i), "shoot 7 head %d" % i, (), False, "shoot")
        if i == 50:
            st.add_history(Record("duel", {}, 9, [1]).dumps(), "duel")
    got = st.entries()
    assert [(s, n) for _, s, _, n in got] == [("duel", 0), ("shoot 7 head 99", 100), ("bout 2", 0), ("bout 1", 0), ("bout 0", 0)]
    fold = got[0][0]
    fold = got[1][0]  # where the power-on's first shot put it
    assert st.history()[1] == (fold, "shoot 7 head 99 \u00d7100")
    assert record_loads(st.history_record(fold)).seed == 99 and record_loads(st.history_record(fold, 0)).seed == 0
    assert st.items(fold)[:2] == ["shoot 7 head 0", "shoot 7 head 1"]
    assert all(st.history_record(f) for f in fights)
    st2 = ST.Store(str(tmp_path))  # the next power-on: a fold of its own
    st2.add_history(shot(500), "shoot 500", (), False, "shoot")
    assert [n for _, _, _, n in st2.entries()][:3] == [1, 0, 100] and st2.notices == []


def test_a_cut_after_a_shot_is_filed_and_before_current_goes_drops_current(tmp_path):
    st = ST.Store(str(tmp_path))
    st.add_history(shot(1), "one", (), False, "shoot")
    st.add_history(REC2, "a fight")
    st.save_current(shot(2))
    st.add_history(shot(2), "two", (), False, "shoot")  # ... the power went before clear_current
    assert not ST.Store(str(tmp_path)).has_current()
    st.save_current(shot(3))  # a shot under way stays
    assert ST.Store(str(tmp_path)).current() == shot(3)


def test_a_fold_torn_by_a_cut_loses_only_its_last_line(tmp_path):
    st = ST.Store(str(tmp_path))
    fold = st.add_history(shot(1), "one", (), False, "shoot")
    name = tmp_path / ("f%06d.rec" % fold)
    name.write_bytes(name.read_bytes() + b"\tthe torn one\t{\"dice")  # the power went mid-append
    fold = st.add_history(shot(2), "two", (), False, "shoot")
    assert st.items(fold) == ["one", "two"]
    assert ST.Store(str(tmp_path)).notices == []


def test_pinned_and_deleted_entries(tmp_path):
    st = ST.Store(str(tmp_path))
    a = st.add_history(REC2, "old fight")
    b = st.add_history(REC2, "newer fight")
    st.pin(a, True)
    assert [(i, p) for i, _, p, _ in st.entries()] == [(b, False), (a, True)]
    assert files(tmp_path) == ["h%06d.pin" % a, "h%06d.rec" % b]
    assert st.history_record(a) == REC2
    st.delete(b)
    assert st.history() == [(a, "old fight")]
    st.pin(a, False)
    assert files(tmp_path) == ["h%06d.rec" % a]


def test_a_full_flash_takes_small_procedures_first_never_pinned_ones(tmp_path):
    st = ST.Store(str(tmp_path))
    old = st.add_history(REC2, "old fight")
    st.add_history(shot(1), "a shot", (), False, "shoot")
    keep = st.add_history(REC2, "pinned fight")
    st.pin(keep, True)
    st.pin(old, False)
    sizes = {n[0]: (tmp_path / n).stat().st_size for n in files(tmp_path)}
    size = sum(sizes.values())
    st = ST.Store(str(tmp_path), open_fn=full_flash_open(tmp_path, size + 10))
    big = "x" * (sizes["f"] + 10)  # needs the shot's room and a little of the fight's
    st.save_current(big)
    assert st.notices == ["storage full: deleted shoot (one power-on's)", "storage full: deleted old fight"]
    assert st.history() == [(keep, "pinned fight")] and st.current() == big
    with pytest.raises(OSError):  # only the pinned one left: the error stands
        st.save_current(big * 3)
    assert st.current() == big


def test_a_fight_left_unfinished_is_kept_with_its_label(tmp_path):
    st = ST.Store(str(tmp_path))
    st.save_current(REC)
    name = st.put("Dice, 2 inputs", (REC,))
    assert name == "u000001.rec" and not st.has_current()
    st.save_current(REC2)
    assert st.put("second") == "u000002.rec"  # from current.json itself
    assert st.unfinished() == [("u000002.rec", "second"), ("u000001.rec", "Dice, 2 inputs")]
    assert st.resume("u000001.rec") and st.current() == REC
    assert st.unfinished() == [("u000002.rec", "second")]


def test_a_cut_between_the_two_copies_of_a_kept_fight_leaves_one(tmp_path):
    st = ST.Store(str(tmp_path))
    st.save_current(REC)
    st.write_text("u000001.rec", "Dice, 2 inputs\n" + REC)  # put, cut before current.json went
    st = ST.Store(str(tmp_path))
    assert not st.has_current() and st.unfinished() == [("u000001.rec", "Dice, 2 inputs")]
    st.write_text("current.json", REC2)  # another fight under way is not the kept one
    assert ST.Store(str(tmp_path)).current() == REC2


def test_history_ids_start_over_keeping_the_fights_in_order(tmp_path):
    # after h999999.rec (~30 years of fights) the kept entries become 1..n, oldest
    # first: before, every one was deleted to start again at 1
    st = ST.Store(str(tmp_path))
    for hid, seed in ((999997, 1), (999998, 2), (999999, 3)):
        st.write_text("h%06d.rec" % hid, "fight %d\n%s" % (seed, Record("dice", {}, seed, ["d6"]).dumps()))
    assert st.add_history(Record("dice", {}, 4, ["d6"]).dumps(), "fight 4") == 4
    assert files(tmp_path) == ["h000001.rec", "h000002.rec", "h000003.rec", "h000004.rec"]
    assert [s for _, s in st.history()] == ["fight 4", "fight 3", "fight 2", "fight 1"]
    assert record_loads(st.history_record(1)).seed == 1


def test_a_cut_while_history_ids_start_over_keeps_them_in_order(tmp_path):
    # the power goes after the oldest was renamed: it is h000001, the newer stay above
    st = ST.Store(str(tmp_path))
    st.write_text("h000001.rec", "fight 1\n" + Record("dice", {}, 1, ["d6"]).dumps())
    for hid, seed in ((999998, 2), (999999, 3)):
        st.write_text("h%06d.rec" % hid, "fight %d\n%s" % (seed, Record("dice", {}, seed, ["d6"]).dumps()))
    st = ST.Store(str(tmp_path))  # boot
    assert [s for _, s in st.history()] == ["fight 3", "fight 2", "fight 1"]
    assert st.add_history(Record("dice", {}, 4, ["d6"]).dumps(), "fight 4") == 4
    assert [s for _, s in st.history()] == ["fight 4", "fight 3", "fight 2", "fight 1"]
    assert files(tmp_path) == ["h000001.rec", "h000002.rec", "h000003.rec", "h000004.rec"]


def test_summary_is_one_short_line(tmp_path):
    st = ST.Store(str(tmp_path))
    hid = st.add_history(REC, "Ann wins\nby KO " + "x" * 100)
    assert st.history() == [(hid, "Ann wins by KO " + "x" * 45)]  # docs/hardware.md: at most 60 characters
    assert st.history_record(hid) == REC


def test_damaged_history_entry_is_set_aside(tmp_path):
    st = ST.Store(str(tmp_path))
    a = st.add_history(REC, "good")
    b = st.add_history(REC2, "cut")
    path = tmp_path / ("h%06d.rec" % b)
    path.write_bytes(path.read_bytes()[:30])
    st = ST.Store(str(tmp_path))
    assert st.history() == [(a, "good")]
    assert ("h%06d.rec.bad" % b) in files(tmp_path)
    assert "not valid JSON" in st.notices[0]


def test_power_cut_between_history_and_clear_current(tmp_path):
    st = ST.Store(str(tmp_path))
    st.save_current(REC)
    st.add_history(REC, "done")  # ... and the power went before clear_current
    st = ST.Store(str(tmp_path))
    assert st.current() is None
    assert st.history()[0][1] == "done"


def test_current_unrelated_to_history_is_kept(tmp_path):
    st = ST.Store(str(tmp_path))
    st.add_history(REC, "done")
    st.save_current(REC2)
    assert ST.Store(str(tmp_path)).current() == REC2


class FullFlash:
    """os + open where writes fail with ENOSPC until enough bytes are freed."""

    def __init__(self, limit):
        self.limit = limit

    def used(self, root):
        return sum(os.stat(os.path.join(root, n)).st_size for n in os.listdir(root))

    def __getattr__(self, name):
        return getattr(os, name)


def full_flash_open(root, limit):
    """An open() whose writes (and appends) fail with ENOSPC past `limit` bytes in `root`."""
    flash = FullFlash(limit)

    def small_open(path, mode="r"):
        f = builtins.open(path, mode)
        if "w" not in mode and "a" not in mode:
            return f
        real_write = f.write

        class F:
            def write(self, data):
                if flash.used(str(root)) + len(data) > flash.limit:
                    raise OSError(28, "no space")
                return real_write(data)

            flush = f.flush
            close = f.close

        return F()

    return small_open


def test_full_flash_drops_oldest_history_to_save_the_fight(tmp_path):
    st = ST.Store(str(tmp_path))
    for i in range(3):
        st.add_history(REC2, "old %d" % i)
    # room for the fight and one old entry
    st = ST.Store(str(tmp_path), open_fn=full_flash_open(tmp_path, len(REC2) * 2 + 20))
    st.save_current(REC2)
    assert st.current() == REC2
    assert [s for _, s in st.history()] == ["old 2"]
    assert st.notices == ["storage full: deleted old 0", "storage full: deleted old 1"]


def test_full_flash_drops_oldest_history_to_file_a_finished_fight(tmp_path):
    """Before, the finished fight's History write failed: an error screen, and the
    fight, still current, failed again at every boot that resumed it."""
    st = ST.Store(str(tmp_path))
    for i in range(3):
        st.add_history(REC2, "old %d" % i)
    st = ST.Store(str(tmp_path), open_fn=full_flash_open(tmp_path, len(REC2) * 3 + 40))
    st.add_history(REC, "the last")
    assert [s for _, s in st.history()] == ["the last", "old 2", "old 1"]
    assert st.notices == ["storage full: deleted old 0"]


def test_full_flash_drops_oldest_history_for_a_wound_journal_line(tmp_path):
    """Before, the append failed: the wound the judge gave was on screen, not on flash."""
    from dicebox.larp import journal

    st = ST.Store(str(tmp_path))
    st.add_history(REC2, "old")
    line = "[1000,1,3,1]"
    st = ST.Store(str(tmp_path), open_fn=full_flash_open(tmp_path, len(REC2) + 10))
    journal.add(st, "wounds.jnl", line)
    assert (tmp_path / "wounds.jnl").read_text() == line + "\n" and st.history() == []
    assert st.notices == ["storage full: deleted old"]
    with pytest.raises(OSError):  # nothing left to delete: the error stands
        journal.add(st, "wounds.jnl", "x" * (len(REC2) + 10))


def test_a_full_flash_under_a_write_apart_makes_room_and_lets_the_error_stand(tmp_path):
    """Its pieces are spent: the caller's error screen, and its next try finds the room."""
    st = ST.Store(str(tmp_path))
    st.add_history(REC2, "old")
    st = ST.Store(str(tmp_path), open_fn=full_flash_open(tmp_path, len(REC2) + 10))
    with pytest.raises(OSError):
        st.add_history("", "session", iter([REC]), True)
    assert st.history() == [] and st.notices == ["storage full: deleted old"]
    st.add_history("", "session", iter([REC]), True)
    assert [s for _, s in st.history()] == ["session"]


def test_other_write_errors_are_not_hidden(tmp_path):
    def ro_open(path, mode="r"):
        if "w" in mode:
            raise OSError(30, "read-only")
        return builtins.open(path, mode)

    st = ST.Store(str(tmp_path), open_fn=ro_open)
    with pytest.raises(OSError):
        st.save_current(REC)


def test_has_current_tells_without_reading(tmp_path):
    from dicebox.store import Store

    s = Store(str(tmp_path))
    assert not s.has_current()
    s.save_current('{"ruleset":"dice","seed":1,"inputs":[],"dice":[]}')
    assert s.has_current()
    s.clear_current()
    assert not s.has_current()


@pytest.mark.parametrize("mode", ["wb", "ab"])
def test_a_save_with_no_heap_for_its_file_is_kept_for_the_loop(tmp_path, mode):
    """A MemoryError as the file opens (littlefs's cache, one block): the Store
    keeps the save, and the device loop writes it once the App is gone."""
    from dicebox.larp import journal

    short = [True]

    def open_short_of_heap(path, m="r"):
        if m == mode and short[0]:
            short[0] = False
            raise MemoryError("memory allocation failed, allocating 1200 bytes")
        return builtins.open(path, m)

    st = ST.Store(str(tmp_path), open_fn=open_short_of_heap)
    with pytest.raises(MemoryError):
        if mode == "wb":
            st.save_current("", (REC[:9], REC[9:]))
        else:
            journal.add(st, "wounds.jnl", "[1,2]")
    fn, args = st.unsaved_save  # what dicebox/device.py's loop calls once the App is gone
    assert not st.exists("current.json") and not st.exists("wounds.jnl")
    fn(*args)
    if mode == "wb":
        assert st.current() == REC
    else:
        assert list(journal.lines(st, "wounds.jnl")) == ["[1,2]"]
    assert files(tmp_path) == ["current.json" if mode == "wb" else "wounds.jnl"]


@pytest.mark.parametrize("short_at", [1, 2, 3])
def test_a_write_apart_with_no_heap_leaves_the_old_file_and_is_not_kept_for_the_loop(tmp_path, short_at):
    """A write `apart` (a wound session's History record, its pieces read from the
    journal) that runs out of heap at its first, second or third open: the old file
    stays whole, no .tmp is left, and nothing holds its pieces (they would keep the
    App alive): the session is filed again at the next boot."""
    opens = [0]

    def open_short_of_heap(path, m="r"):
        if m in ("wb", "ab"):
            opens[0] += 1
            if opens[0] == short_at:
                raise MemoryError("memory allocation failed, allocating 1200 bytes")
        return builtins.open(path, m)

    st = ST.Store(str(tmp_path), open_fn=open_short_of_heap)
    (tmp_path / "current.json").write_text(REC)
    with pytest.raises(MemoryError):
        st.write_text("current.json", REC2[:9], (REC2[9:20], REC2[20:]), True)
    assert st.unsaved_save is None
    assert files(tmp_path) == ["current.json"] and st.current() == REC
    st.write_text("current.json", REC2[:9], (REC2[9:20], REC2[20:]), True)
    assert st.current() == REC2 and files(tmp_path) == ["current.json"]


def test_a_file_that_is_not_there_is_not_opened(tmp_path):
    """littlefs allocates an open file's cache (~1.2 KB) before it finds the file
    missing: a read of an absent file (current.json at a boot with no unfinished
    fight) left that hole in the heap for smaller objects to break up."""
    opened = []

    def recording_open(path, m="r"):
        opened.append(os.path.basename(path))
        return builtins.open(path, m)

    st = ST.Store(str(tmp_path), open_fn=recording_open)
    del opened[:]
    assert st.read_text("current.json") is None and st.read_bytes("wounds.clk") is None and opened == []
    st.write_text("wounds.clk", "1000")
    assert st.read_text("wounds.clk") == "1000" and opened[-1] == "wounds.clk"
