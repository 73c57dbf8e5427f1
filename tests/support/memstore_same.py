# One session of Store and journal calls, run on a Store over a real folder and
# on the in-memory one (host_sim/memstore.py); prints what each call gave, a
# line a call: "disk ..." then "memory ..." lines. Runs on CPython and MicroPython.
#
#   memstore_same.py DIR     (DIR: an empty folder)
import sys

from dicebox.larp import journal
from dicebox.store import Store
from host_sim.memstore import memory_store

LONG = "x" * 700 + "\u00e9"  # a line longer than journal.joined's buffer, not ASCII


def session(st, out):
    def say(*parts):
        out.append(" ".join(repr(p) for p in parts))

    st.write_text("a.txt", "one\n", ("two\n", b"three", "\n" + LONG))
    say("read", st.read_text("a.txt"), st.readline("a.txt"), st.exists("a.txt"), st.exists("none"))
    st.write_text("a.txt", "short")
    say("rewritten", st.read_bytes("a.txt"), st.bytes_written)
    st.save_settings(dict(st.settings(), sleep_s=30))
    say("settings", sorted(st.settings().items()))
    st.save_current('{"ruleset": "dice"}', ("more",))
    say("current", st.current(), st.has_current())
    say("put", st.put("label one"), st.current(), st.unfinished())
    st.save_current("second")
    say("put", st.put("label two", ("given ", "pieces")), st.unfinished())
    say("resume", st.resume("u000001.rec"), st.current(), st.unfinished())
    st.clear_current()
    for i in range(3):
        say("fight", st.add_history("record %d" % i, "fight %d\tsummary" % i))
    for i in range(3):
        say("fold", st.add_history('{"r": %d}' % i, "roll %d" % i, (), False, "dice"))
    say("history", st.history(), st.entries(1, 2))
    folds = [e[0] for e in st.entries() if e[3]]
    say("items", st.items(folds[0]), st.history_record(folds[0], 0), st.history_record(folds[0]))
    st.pin(1, True)
    st.delete(2)
    say("kept", st.history(), st.history_record(1), st.history_record(2), st.find(1))
    for i in range(5):
        journal.add(st, "j.jnl", "[%d]" % i)
    journal.add(st, "j.jnl", LONG)
    say("journal", journal.size(st, "j.jnl"), list(journal.lines(st, "j.jnl")))
    buf = bytearray(64)
    say("joined", [p if isinstance(p, str) else bytes(p) for p in journal.joined(st, "j.jnl", buf, "end")])
    got = []
    say("read", journal.read(st, "j.jnl", got.append, 3), got, journal.size(st, "j.jnl"))
    f = st.open(st._path("j.jnl"), "ab")
    f.write(b"[torn")  # a power cut mid-line
    f.close()
    got = []
    say("torn", journal.read(st, "j.jnl", got.append), got, st.read_bytes("j.jnl"))
    st.set_aside("a.txt", "is damaged", ("j.jnl",))
    say("aside", st.notices, st.read_text("a.txt.bad"), st.exists("a.txt"), st.exists("j.jnl.bad"))
    st.remove("a.txt.bad")
    st.remove("no such file")
    names = sorted(st._names())
    say("files", [(n, st.read_bytes(n)) for n in names])
    again = Store(st.root, st.os, st.open)  # the next boot's check on what is left
    say("boot", again.notices, sorted(again._names()), again.history())


disk = []
session(Store(sys.argv[1]), disk)
memory = []
session(memory_store(), memory)
for line in disk:
    print("disk", line)
for line in memory:
    print("memory", line)
