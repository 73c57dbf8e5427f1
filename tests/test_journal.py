"""The wound session's journal read and rewritten a piece at a time with one
file open: its History record (journal.joined, Store.write_text apart) and the
wound list's undo (journal.read's cut-back). littlefs gives every open file a
cache of ~1.2 KB: two at once ran the virtual board out of heap."""
import subprocess
import sys

import pytest
from conftest import FIRMWARE, SUPPORT

CASES = 300


def run(where, mp, tmp_path):
    script = SUPPORT / "journal_pieces.py"
    tmp_path.mkdir(parents=True, exist_ok=True)
    if where == "cpython":
        proc = subprocess.run([sys.executable, str(script), str(tmp_path / "d"), str(CASES)], capture_output=True,
                              check=True, env={"PYTHONPATH": str(FIRMWARE)})
    else:
        proc = mp.run(script, tmp_path / "d", CASES)
    return [line.split() for line in proc.stdout.decode().splitlines()]


@pytest.mark.parametrize("where", ["cpython", "micropython"])
def test_the_journal_is_joined_and_cut_back_a_piece_at_a_time_with_one_file_open(mp, tmp_path, where):
    rows = run(where, mp, tmp_path)
    assert len(rows) == CASES
    for case, n, bufsize, torn, keep, ok_joined, ok_keep, ok_history, most, now in rows:
        assert (ok_joined, ok_keep, ok_history) == ("True",) * 3, (case, n, bufsize, torn, keep)
        assert (most, now) == ("1", "0"), "case %s: %s files open at once, %s left open" % (case, most, now)
    # the cases reach every branch: torn last lines, a cut-back, lines longer than
    # the buffer, and journals of more than one 512-byte piece
    assert any(int(r[3]) for r in rows)
    assert any(int(r[4]) < int(r[1]) for r in rows)
    assert any(int(r[2]) < 5 for r in rows)
    assert any(int(r[2]) == 512 and int(r[1]) > 25 for r in rows)


def test_both_interpreters_read_the_same_journals(mp, tmp_path):
    assert run("cpython", mp, tmp_path / "c") == run("micropython", mp, tmp_path / "m")


DAMAGED = '''
import sys
from dicebox.larp import journal
from dicebox.store import Store

st = Store(sys.argv[1])
with open(sys.argv[1] + "/j", "wb") as f:
    f.write(b"[1,0,2,1]\\n\\xd0\\xff\\n[3,0,2,1]\\n")
got = []
print(journal.read(st, "j", got.append), got, list(journal.lines(st, "j")))
'''


@pytest.mark.parametrize("where", ["cpython", "micropython"])
def test_a_line_that_is_not_utf8_reads_as_one_no_reader_takes(mp, tmp_path, where):
    """Flash damage in a journal line raised UnicodeError out of the wound
    session's load: every boot failed (found by the fuzz of the box's own files)."""
    script = tmp_path / "damaged.py"
    script.write_text(DAMAGED)
    (tmp_path / "d").mkdir()
    if where == "cpython":
        out = subprocess.run([sys.executable, str(script), str(tmp_path / "d")], capture_output=True, check=True,
                             env={"PYTHONPATH": str(FIRMWARE)}).stdout
    else:
        out = mp.run(script, tmp_path / "d").stdout
    assert out.decode().split() == ["3", "['[1,0,2,1]',", "'?',", "'[3,0,2,1]']", "['[1,0,2,1]',", "'?',", "'[3,0,2,1]']"]
