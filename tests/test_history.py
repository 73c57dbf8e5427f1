"""History's transcript pages through a long record without making all its
lines at once: the lines on screen are made again from the replayed game."""
import shutil

from conftest import ROOT, SUPPORT
from dicebox import buttons as B
from dicebox.core import record as _record
from dicebox.store import Store
from dicebox.ui import draw
from hardening import PICO_BUDGET_HEAP, PICO_HEAP
from host_sim.device import Device, Platform
from romfs import compiled, mplib, rom  # noqa: F401  (fixtures: the device's files as .mpy)

# A 4-hour wound session (30 participants, 266 inputs) ended into History by
# tests/support/larp_ui_session.py DIR 4 30 --end: 1,102 transcript lines.
LONG = ROOT / "tests" / "records" / "wounds-4h.history"


def _store(tmp_path):
    shutil.copy(LONG, tmp_path / "h000001.rec")
    return tmp_path


def _open(tmp_path):
    d = Device(store=Store(str(_store(tmp_path))), platform=Platform(b"\x00\x00\x10\x00"))
    while d.app.top.items[d.app.top.sel][0] != "History":
        d.press(B.DOWN)
    d.press(B.OK)
    d.press(B.OK)
    return d, d.app.top


def _whole(tmp_path):
    """Every screen line of the transcript, made at once (CPython has the room)."""
    store = Store(str(tmp_path))
    rec = _record.loads(store.history_record(store.history()[0][0]), "long")
    summary = store.history()[0][1]
    whole = []
    for line in _record.lines(_record.replay(rec), rec):
        # as the box shows it: an input as "▶ value" (a wound list's, none), the result as the History row
        if line.startswith("> input "):
            value = line.split(": ", 1)[1]
            if value.startswith("["):
                continue
            line = "\u25b6 " + value
        elif line.startswith("result: "):
            line = "= " + summary
        whole.extend(draw.wrap(line))
    return whole


def test_every_page_shows_the_lines_the_whole_transcript_has(tmp_path):
    d, tr = _open(tmp_path)
    whole = _whole(tmp_path)
    assert type(tr).__name__ == "Transcript" and tr.count == len(whole) > 500
    assert any(line.startswith("= ") for line in whole[-40:])
    def check():
        shown, skip = tr.window()
        assert shown[skip:skip + 6] == whole[tr.first:tr.first + 6], tr.first

    for b in [B.DOWN] * 7 + [B.UP] * 3:
        check()
        d.press(b)
    assert tr.first == 4
    while tr.first < len(whole) - 6:
        d.press(B.OK)
        check()
    d.press(B.OK)
    assert tr.first == 0  # OK on the last page goes back to the first


def _last_page_high_water(proc, tmp_path):
    """history_heap.py's output checked (the 4-hour transcript's ~800 lines, its
    last page made on demand); its heap high-water."""
    out = proc.stdout.decode().splitlines()
    assert out[0].split()[:4] == ["screen", "Transcript", "lines", str(len(_whole(tmp_path)))], out[0]
    assert [line[1:] for line in out[1:-1]] == _whole(tmp_path)[-6:]
    return int(out[-1].split()[1])


def test_a_four_hour_session_opens_in_130k_with_code_in_rom(mp, rom, tmp_path):  # noqa: F811
    # The line index is 16-bit and sized once: a 2 KB copy would not fit 128k.
    # 128k cannot hold it with the code in RAM (the record's 266 parsed inputs
    # are 21.6 KB beside the simulated device and the wound rules). With code in
    # ROM it opened in 128k only while the loop's idle passes allocated (a
    # collection then fell inside the open by chance); the pieces the read, the
    # parse and the replay leave need 130k of this 64-bit heap (the Pico's,
    # code in ROM, has some 180 KB free at the tour's worst point).
    high = _last_page_high_water(rom.run(mp, "history_heap", _store(tmp_path), target="130k"), tmp_path)
    print("4-hour wound transcript heap high-water, 130k, code in ROM: %d bytes" % high)
    assert 96 * 1024 < high < 116 * 1024, high


def test_a_four_hour_session_opens_in_a_small_heap(mp, compiled, tmp_path):  # noqa: F811
    # Code in RAM. Making every line at once would take +86 KB and fail even at
    # 512k (unix port, .mpy). Paged, the open transcript costs about the
    # replayed record, in the Pico's heap and under its budget (hardening).
    proc = mp.run(SUPPORT / "history_heap.py", _store(tmp_path), path=[compiled], heap=PICO_HEAP)
    high = _last_page_high_water(proc, tmp_path)
    print("4-hour wound transcript heap high-water: %d bytes" % high)
    assert 128 * 1024 < high < int(PICO_BUDGET_HEAP), high


def test_a_transcript_past_65535_screen_lines_widens_its_index(monkeypatch):
    from dicebox.ui import history

    n = 65000  # record lines, wrapped to two screen lines each: past the 16-bit index

    class Rec:
        ruleset = "dice"
        seed = 1

    monkeypatch.setattr(history._record, "loads", lambda text, name: Rec())
    monkeypatch.setattr(history._record, "replay", lambda rec: object())
    monkeypatch.setattr(history._record, "line_count", lambda game: n)
    monkeypatch.setattr(history._record, "line", lambda game, rec, i: "line %05d " % i + "x" * 30)
    d = Device(platform=Platform(b"\x00\x00\x10\x00"))
    tr = history.Transcript(d.app, 1)
    per = len(draw.wrap("line 00000 " + "x" * 30))
    assert per >= 2 and per * n > 0xFFFF
    assert tr.count == per * n and tr.starts[n] == per * n and tr.starts[n - 1] == per * (n - 1)
    tr.first = per * (n - 2)
    lines, at = tr.window()
    assert lines[at] == "line %05d" % (n - 2)  # wrapped at the space
