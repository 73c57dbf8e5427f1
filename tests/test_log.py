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
    # 3,000 entries in a 48k heap: doubling one array needed 16 KB + 32 KB at once
    out = mp.run(SUPPORT / "log_heap.py", heap="48k").stdout.decode().split()
    assert out[:2] == ["entries", "3000"]
    assert float(out[3]) <= 9.5  # 8 bytes an entry, plus the chunk headers (64-bit: 40 bytes a chunk)
