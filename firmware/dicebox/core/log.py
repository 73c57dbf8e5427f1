"""The transcript of a fight: every input, roll and rules event, four shorts an entry in array('h')
chunks of 32, never copied, so a long bout needs no block of a broken-up heap the log's size
(chunks of 64 found none mid-bout in a 12-round Title Bout). Names are stored by index in a list;
values past a signed short live whole in a side dict by entry number."""
from array import array
from dicebox.core.compat import const

ROLL = const(0)
EVENT = const(1)
INPUT = const(2)
_WIDTH = const(4)  # shorts per entry
_SHIFT = const(5)
_CHUNK = const(32)  # entries per chunk (1 << _SHIFT)
_MASK = const(31)
_WIDE = const(4)  # head bit: the entry's values are in Log.wide
_KIND = const(3)
_NAMES = const(4096)  # a name's index and the head bits fill the first short


def _chunk():
    # One allocation: array() sizes itself from len(range) and fills in place; values past
    # the entries written are never read, so they need not be zero.
    return array("h", range(_WIDTH * _CHUNK))


class Log:
    def __init__(self, capacity=_CHUNK):
        self.chunks = []
        self.n = 0  # entries used
        self.names = []
        self.wide = None  # {entry: (a, b, c)} made at the first value past a short
        self.reserve(capacity)

    def __len__(self):
        return self.n

    def reserve(self, entries):
        """Room for `entries` in all, allocated now (while the heap has room)."""
        chunks = self.chunks
        while len(chunks) << _SHIFT < entries:
            chunks.append(_chunk())

    def _intern(self, name):
        names = self.names
        if name in names:  # found in C: a loop here cost every roll and event its time on the Pico
            return names.index(name)
        if len(names) == _NAMES:
            raise ValueError("more than %d names in one log" % _NAMES)
        names.append(name)
        return len(names) - 1

    # event() writes every entry and entry() reads one: a rules step calls them dozens of times,
    # so their frames stay small enough for the C stack (a bigger one is a heap allocation)
    def event(self, name, a=0, b=0, c=0, kind=EVENT):
        """An entry (kind: EVENT; roll() and input() give the others)."""
        n = self.n
        if n >> _SHIFT == len(self.chunks):
            self.chunks.append(_chunk())
        # one test for all three: any of them outside -32768..32767 leaves bits above 16
        if ((a + 32768) | (b + 32768) | (c + 32768)) >> 16:
            if self.wide is None:
                self.wide = {}
            self.wide[n] = (a, b, c)
            kind |= _WIDE
            a = b = c = 0
        kind |= self._intern(name) << 3
        name = self.chunks[n >> _SHIFT]  # (no local more: the frame stays on the C stack)
        n = (n & _MASK) * _WIDTH
        name[n] = kind
        name[n + 1] = a
        name[n + 2] = b
        name[n + 3] = c
        self.n += 1

    def roll(self, die, value, why):
        self.event(why, die, value, 0, ROLL)

    def input(self, index, value):
        self.event("input", index, value if isinstance(value, int) else 0, 0, INPUT)

    def entry(self, i):
        """(kind, name, a, b, c) of entry i."""
        d = self.chunks[i >> _SHIFT]
        j = (i & _MASK) * _WIDTH
        if d[j] & _WIDE:
            return self._wide_entry(i, d[j])
        return d[j] & _KIND, self.names[d[j] >> 3], d[j + 1], d[j + 2], d[j + 3]

    def _wide_entry(self, i, head):
        a, b, c = self.wide[i]
        return head & _KIND, self.names[head >> 3], a, b, c

    def after_input(self):
        """The index after the last input's entry (0 before the first input)."""
        i = self.n
        chunks = self.chunks
        while i:
            i -= 1
            if chunks[i >> _SHIFT][(i & _MASK) * _WIDTH] & _KIND == INPUT:
                return i + 1
        return 0

    def truncate(self, n):
        self.n = n  # the chunks stay: the fight goes on from here
        wide = self.wide
        if wide:
            for k in [k for k in wide if k >= n]:
                del wide[k]

    def count(self, kind):
        total = 0
        left = self.n
        for d in self.chunks:
            if left <= 0:
                break
            for j in range(0, min(left, _CHUNK) * _WIDTH, _WIDTH):
                if d[j] & _KIND == kind:
                    total += 1
            left -= _CHUNK
        return total
