"""core/log.py: packed entries in fixed chunks (no doubling copy)."""
from conftest import SUPPORT
from dicebox.core import log as L
from dicebox.core.log import EVENT, INPUT, ROLL, Log


def test_entries_round_trip_across_chunks():
    log = Log()
    for i in range(200):  # past three chunk boundaries
        if i % 3 == 0:
            log.roll(20, i % 20 + 1, "attack")
        elif i % 3 == 1:
            log.event("hit", i, -i, 32767)
        else:
            log.input(i, "text" if i % 2 else i)
    assert len(log) == 200
    assert log.entry(0) == (ROLL, "attack", 20, 1, 0)
    assert log.entry(64) == (EVENT, "hit", 64, -64, 32767)
    assert log.entry(128) == (INPUT, "input", 128, 128, 0)
    assert log.entry(131) == (INPUT, "input", 131, 0, 0)  # non-int inputs store 0
    assert log.count(ROLL) == 67 and log.count(EVENT) == 67 and log.count(INPUT) == 66
    assert log.names == ["attack", "hit", "input"]


def test_truncate_then_grow_again():
    log = Log()
    for i in range(150):
        log.event("e", i)
    log.truncate(70)
    assert len(log) == 70 and log.count(EVENT) == 70
    for i in range(100):
        log.event("f", 1000 + i)
    assert len(log) == 170
    assert log.entry(69) == (EVENT, "e", 69, 0, 0) and log.entry(70) == (EVENT, "f", 1000, 0, 0)
    assert log.entry(169)[2] == 1099 and log.count(EVENT) == 170
    assert len(log.chunks) == -(-170 // L._CHUNK)  # the chunks truncate kept are used again


def test_reserve_allocates_whole_chunks_up_front():
    log = Log(0)
    assert log.chunks == [] and len(log) == 0 and log.count(ROLL) == 0
    log.reserve(L._CHUNK + 1)
    assert len(log.chunks) == 2
    chunks = list(log.chunks)
    for i in range(2 * L._CHUNK):
        log.roll(6, 1 + i % 6, "d")
    assert log.chunks == chunks  # nothing new needed
    assert all(len(c) == L._CHUNK * L._WIDTH for c in log.chunks)


def test_long_transcript_in_a_small_heap_micropython(mp):
    # 3,000 entries in a 52k heap, about 9 KB of it the interpreter's and the imports': doubling
    # one array would need 16 KB + 32 KB at once; the rest is room for the package's own code to grow
    out = mp.run(SUPPORT / "log_heap.py", heap="52k").stdout.decode().split()
    assert out[:2] == ["entries", "3000"]
    assert float(out[3]) <= 9.5  # 8 bytes an entry, plus the chunk headers (64-bit: 40 bytes a chunk)


def test_values_past_a_short_are_kept_whole():
    log = Log()
    edges = (-32768, 32767, 32768, -32769, 65535, 99 * 1000 + 9999, -(2 ** 30), 2 ** 30 - 1)
    for i, v in enumerate(edges):
        log.event("total", v, i, -v)
        log.roll(1000, 7, "d1000")
    log.input(40000, 5)
    log.input(32767, 70000)
    for i, v in enumerate(edges):
        assert log.entry(2 * i) == (EVENT, "total", v, i, -v)
        assert log.entry(2 * i + 1) == (ROLL, "d1000", 1000, 7, 0)
    assert log.entry(16) == (INPUT, "input", 40000, 5, 0)
    assert log.entry(17) == (INPUT, "input", 32767, 70000, 0)
    assert log.count(EVENT) == 8 and log.count(ROLL) == 8 and log.count(INPUT) == 2
    # only the entries that need it are kept aside: 32767, 1, -32767 fits (-32768's -v does not)
    assert sorted(log.wide) == [0, 4, 6, 8, 10, 12, 14, 16, 17]


def test_truncate_drops_the_whole_values_it_cut():
    log = Log()
    log.event("total", 50000)
    log.event("total", 60000)
    log.truncate(1)
    assert list(log.wide) == [0]
    log.event("total", 3)  # a short one where a whole one was
    assert log.entry(1) == (EVENT, "total", 3, 0, 0) and log.entry(0)[2] == 50000


def test_a_session_past_32767_inputs_replays_the_same_on_micropython(mp):
    # `roll d6 --count 33000` failed in the log (a 16-bit field): on MicroPython
    # an array('h') takes the value silently wrapped, so compare the two.
    import subprocess
    import sys

    script = SUPPORT / "log_wide.py"
    env = dict(__import__("os").environ, PYTHONPATH=str(SUPPORT.parent.parent / "firmware"))
    host = subprocess.run([sys.executable, str(script), "33000"], capture_output=True, env=env, check=True).stdout
    micro = mp.run(script, "33000", heap="8m").stdout
    assert micro == host
    head = host.decode().splitlines()[0].split()
    assert head[:4] == ["entries", "102234", "inputs", "33000"] and int(head[-1]) == 33


def test_names_are_interned_once():
    log = Log()
    for i in range(70):
        log.roll(6, i % 6 + 1, "move")
        log.event("hit", i, 40000 if i == 33 else 1)  # one entry past a short
        log.input(i, 0)
    assert [log.entry(i)[0] for i in range(len(log))] == [ROLL, EVENT, INPUT] * 70
    assert log.names == ["move", "hit", "input"]
