"""A flash kept in memory: the firmware's Store on an in-memory `os`, for
scripted and test sessions that must leave no files.

MemoryOS has only the os calls Store and its helpers make (mkdir, listdir,
stat, remove, rename, and open for reading, writing and appending). A file is
a list of the pieces written to it: as on the Pico, whose flash keeps a file
off the heap, writing or reading part of one never needs a block of its size
(the heap tests count this store). Runs under MicroPython too (the parity and
heap tests), which is why it is not a CPython file-system mock.
"""
_ENOENT = 2
_EEXIST = 17
_EINVAL = 22


def memory_store(root="/data"):
    """A Store on a new, empty MemoryOS."""
    from dicebox.store import Store  # not with this module: a heap test counts it as the harness's

    fs = MemoryOS()
    return Store(root, fs, fs.open)


class MemoryOS:
    def __init__(self):
        self.files = {}  # path -> [bytes, ...]
        self.dirs = []

    def _file(self, path):
        pieces = self.files.get(path)
        if pieces is None:
            raise OSError(_ENOENT)
        return pieces

    def mkdir(self, path):
        if path in self.dirs:
            raise OSError(_EEXIST)
        self.dirs.append(path)

    def listdir(self, path):
        if path not in self.dirs:
            raise OSError(_ENOENT)
        top = path.rstrip("/") + "/"
        return [p[len(top):] for p in self.files if p.startswith(top) and "/" not in p[len(top):]]

    def stat(self, path):
        size = 0
        for piece in self._file(path):
            size += len(piece)
        return (0x8000, 0, 0, 0, 0, 0, size, 0, 0, 0)

    def remove(self, path):
        self._file(path)
        del self.files[path]

    def rename(self, old, new):
        self.files[new] = self._file(old)
        del self.files[old]

    def open(self, path, mode="r"):
        if mode == "rb":
            return _File(self._file(path))
        if mode not in ("wb", "ab"):
            raise OSError(_EINVAL)
        if mode == "wb" or path not in self.files:
            self.files[path] = []
        return _File(self.files[path])


class _File:
    """An open file: reads go on from where the last one ended; writes go to the end."""

    def __init__(self, pieces):
        self.pieces = pieces
        self.i = 0  # the piece the next read starts in
        self.at = 0  # and where in it

    def close(self):
        pass

    def flush(self):
        pass

    def write(self, data):
        if type(data) is not bytes:
            data = bytes(data)  # a memoryview's bytes: the caller reuses its buffer
        self.pieces.append(data)
        return len(data)

    def seek(self, pos):
        self.i = 0
        pieces = self.pieces
        while self.i < len(pieces) and pos >= len(pieces[self.i]):
            pos -= len(pieces[self.i])
            self.i += 1
        self.at = pos if self.i < len(pieces) else 0

    def read(self, n=-1):
        return self._take(n, False)

    def readline(self):
        return self._take(-1, True)

    def readinto(self, buf):
        data = self._take(len(buf), False)
        buf[: len(data)] = data
        return len(data)

    def _take(self, n, line):
        """Up to n bytes (n < 0: to the end; line: to the first newline), joined
        only from the pieces they span."""
        out = []
        pieces = self.pieces
        while n and self.i < len(pieces):
            piece = pieces[self.i]
            at = self.at
            end = len(piece) if n < 0 else min(len(piece), at + n)
            nl = piece.find(b"\n", at, end) if line else -1
            if nl >= 0:
                end = nl + 1
            out.append(piece if at == 0 and end == len(piece) else piece[at:end])
            n -= end - at if n > 0 else 0
            if end == len(piece):
                self.i += 1
                self.at = 0
            else:
                self.at = end
            if nl >= 0:
                break
        return out[0] if len(out) == 1 else b"".join(out)
