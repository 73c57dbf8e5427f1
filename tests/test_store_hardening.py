"""Store bugs found by the hardening work, pinned (tests/test_store.py has the rest)."""
import builtins
import json

from dicebox import store as ST
from dicebox.core.record import Record


class Reader:
    """A file whose read() fails like a too-small heap or a failing flash would."""

    def __init__(self, real, error):
        self.real = real
        self.error = error

    def read(self, *a):
        raise self.error

    def close(self):
        self.real.close()


def test_a_fight_file_too_large_for_the_heap_is_set_aside_not_a_dead_boot(tmp_path):
    (tmp_path / "current.json").write_text(Record("dice", {}, 1, ["d6"] * 50).dumps())

    def small_heap_open(path, mode="r"):
        f = builtins.open(path, mode)
        return Reader(f, MemoryError()) if path.endswith("current.json") and "r" in mode else f

    st = ST.Store(str(tmp_path), open_fn=small_heap_open)  # raised MemoryError out of Store() before
    assert st.notices == ["current.json cannot be read; kept as current.json.bad"]
    assert st.current() is None and (tmp_path / "current.json.bad").exists()


def test_an_unreadable_history_entry_is_still_listed(tmp_path):
    st = ST.Store(str(tmp_path))
    a = st.add_history(Record("dice", {}, 1, ["d6"]).dumps(), "first")
    b = st.add_history(Record("dice", {}, 2, ["d6"]).dumps(), "second")

    def failing_open(path, mode="r"):
        f = builtins.open(path, mode)
        return Reader(f, OSError(5, "EIO")) if path.endswith("%06d.rec" % a) else f

    st.open = failing_open  # the flash fails after boot (at boot the entry would be set aside)
    assert st.history() == [(b, "second"), (a, "?")]  # the History screen opened, not crashed


def test_a_huge_fight_file_on_micropython_at_128k(mp, tmp_path):
    rec = {"dicebox": 1, "ruleset": "dice", "seed": 1, "inputs": ["2d6+1"] * 19000, "dice": []}  # legal: < MAX_INPUTS
    (tmp_path / "current.json").write_text(json.dumps(rec))
    script = tmp_path / "boot.py"
    script.write_text("import os, sys\nfrom dicebox.store import Store\ns = Store(sys.argv[1])\n"
                      "print(s.notices)\nprint(sorted(os.listdir(sys.argv[1])))\n")
    out = mp.run(script, tmp_path, heap="128k").stdout.decode().splitlines()
    assert "current.json cannot be read" in out[0] and out[1] == "['boot.py', 'current.json.bad']"


def test_a_settings_file_too_large_for_the_heap_is_ignored(tmp_path):
    (tmp_path / "settings.json").write_text('{"contrast": 2}')

    def small_heap_open(path, mode="r"):
        f = builtins.open(path, mode)
        return Reader(f, MemoryError()) if path.endswith("settings.json") and "r" in mode else f

    st = ST.Store(str(tmp_path), open_fn=small_heap_open)
    assert st.settings()["contrast"] == 3  # the defaults; Store() no longer dies on it


def test_a_wound_session_header_too_large_for_the_heap_is_set_aside_with_its_journal(tmp_path):
    """At boot the heap is whole: a header it cannot read is no header the box
    wrote. Before, it was left for the tracker, which took it for no session at
    every boot (the judge not told); and its journal stays beside it, not
    removed as a leftover."""
    (tmp_path / "wounds.rec").write_text(Record("wounds", {}, 1, []).dumps())
    (tmp_path / "wounds.jnl").write_text("[1,0,2,1]\n")
    (tmp_path / "wounds.clk").write_text("1000")

    def small_heap_open(path, mode="r"):
        f = builtins.open(path, mode)
        return Reader(f, MemoryError()) if path.endswith("wounds.rec") and "r" in mode else f

    st = ST.Store(str(tmp_path), open_fn=small_heap_open)
    assert st.notices == ["wounds.rec cannot be read; kept as wounds.rec.bad"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wounds.jnl.bad", "wounds.rec.bad"]  # the clock: a leftover
    assert (tmp_path / "wounds.jnl.bad").read_text() == "[1,0,2,1]\n"
