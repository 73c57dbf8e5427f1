"""Journals of random lines (some with a torn last line) through journal.joined,
journal.read's cut-back, and a History record written `apart`, on a Store over
a directory with an open() that counts the files open at once. One line per
case, the same on CPython and MicroPython (tests/test_journal.py).

usage: journal_pieces.py DIR CASES
"""
import sys

from dicebox.larp import journal
from dicebox.store import Store


class Counting:
    def __init__(self):
        self.now = 0
        self.most = 0

    def open(self, path, mode="r"):
        f = open(path, mode)
        self.now += 1
        self.most = max(self.most, self.now)
        return Handle(f, self)


class Handle:
    def __init__(self, f, counter):
        self.f = f
        self.counter = counter

    def close(self):
        if self.f is not None:
            self.counter.now -= 1
            self.f.close()
            self.f = None

    def write(self, data):
        return self.f.write(data)

    def flush(self):
        return self.f.flush()

    def read(self, *n):
        return self.f.read(*n)

    def readinto(self, buf):
        return self.f.readinto(buf)

    def readline(self):
        return self.f.readline()

    def seek(self, pos):
        return self.f.seek(pos)


class Rand:  # the same numbers on both interpreters
    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def one_case(root, r, case):
    counter = Counting()
    st = Store(root, open_fn=counter.open)
    st._mkdir()
    lines = []
    for _ in range(r.below(45)):
        lines.append("[%d,%s]" % (case, "," * r.below(30)))  # 5..35 bytes, commas inside
    bufsize = (2, 3, 7, 16, 64, 512)[r.below(6)]
    torn = b""
    if bufsize >= 7 and r.below(3) == 0:
        torn = b"[9" + b"," * r.below(bufsize - 4)  # shorter than the buffer, as joined asks
    data = "".join(line + "\n" for line in lines).encode() + torn
    f = open(root + "/j.jnl", "wb")
    f.write(data)
    f.close()

    got = b"".join(bytes(p) for p in journal.joined(st, "j.jnl", bytearray(bufsize)))
    ok_joined = got == ",".join(lines).encode()

    keep = r.below(len(lines) + 2)
    seen = []
    journal.read(st, "j.jnl", seen.append, keep)
    kept = lines[:keep]
    f = open(root + "/j.jnl", "rb")
    left = f.read()
    f.close()
    ok_keep = seen == kept and left == "".join(line + "\n" for line in kept).encode()

    hid = st.add_history('{"inputs":[', "s", journal.joined(st, "j.jnl", bytearray(bufsize), "]}"), True)
    ok_history = st.history_record(hid) == '{"inputs":[' + ",".join(kept) + "]}"
    print(case, len(lines), bufsize, len(torn), keep, ok_joined, ok_keep, ok_history, counter.most, counter.now)


def main():
    root, cases = sys.argv[1], int(sys.argv[2])
    r = Rand(7)
    for case in range(cases):
        one_case(root, r, case)


main()
