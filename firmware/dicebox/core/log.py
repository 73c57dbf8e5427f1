"""The transcript of a fight: every input, roll and rules event, packed small.

Entries live in one array('h') of four shorts each, so a long bout costs
8 bytes an entry on the device instead of a tuple of objects. Strings (what a
roll was for, event names) are interned in a short list and stored by index.
Arguments of events must fit in a signed 16-bit short.
"""
from array import array
from dicebox.core.compat import const

ROLL = const(0)
EVENT = const(1)
INPUT = const(2)
_WIDTH = const(4)


class Log:
    def __init__(self, capacity=64):
        self.data = array("h", bytes(2 * _WIDTH * capacity))
        self.n = 0  # entries used
        self.names = []

    def __len__(self):
        return self.n

    def _intern(self, name):
        names = self.names
        for i in range(len(names)):
            if names[i] is name or names[i] == name:
                return i
        names.append(name)
        return len(names) - 1

    def _put(self, kind, name, a, b, c):
        data = self.data
        i = self.n * _WIDTH
        if i + _WIDTH > len(data):
            data.extend(bytes(len(data) * 2))  # double: appends stay amortised O(1)
        data[i] = (self._intern(name) << 2) | kind
        data[i + 1] = a
        data[i + 2] = b
        data[i + 3] = c
        self.n += 1

    def roll(self, die, value, why):
        self._put(ROLL, why, die, value, 0)

    def event(self, name, a=0, b=0, c=0):
        self._put(EVENT, name, a, b, c)

    def input(self, index, value):
        self._put(INPUT, "input", index, value if isinstance(value, int) else 0, 0)

    def entry(self, i):
        """(kind, name, a, b, c) of entry i."""
        d = self.data
        j = i * _WIDTH
        head = d[j]
        return head & 3, self.names[head >> 2], d[j + 1], d[j + 2], d[j + 3]

    def truncate(self, n):
        self.n = n

    def count(self, kind):
        d = self.data
        total = 0
        for j in range(0, self.n * _WIDTH, _WIDTH):
            if d[j] & 3 == kind:
                total += 1
        return total
