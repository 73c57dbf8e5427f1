"""Canonical JSON, the same bytes from CPython and MicroPython (whose dicts keep no order and
whose json.dumps writes non-ASCII raw): keys sorted, no spaces, non-ASCII escaped as CPython
does; a string is read as its UTF-8 bytes (compat.utf8: no character becomes a name)."""
from dicebox.core.compat import code_at, size, utf8

_ESC = {0x22: '\\"', 0x5C: "\\\\", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0C: "\\f"}


def _str(s, out):
    out.append('"')
    b = utf8(s)
    at = 0  # byte offset of character k
    start = 0  # the first character not written yet
    for k in range(len(s)):
        c = b[at]
        if 0x20 <= c < 0x7F and c != 0x22 and c != 0x5C:
            at += 1
            continue
        code = code_at(b, at)
        at += size(c)
        if start < k:
            out.append(s[start:k])
        if code in _ESC:
            out.append(_ESC[code])
        elif code > 0xFFFF:
            code -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
        else:
            out.append("\\u%04x" % code)
        start = k + 1
    if start < len(s):
        out.append(s[start:])
    out.append('"')


def _write(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        _str(obj, out)
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        for i in range(len(obj)):
            if i:
                out.append(",")
            _write(obj[i], out)
        out.append("]")
    elif isinstance(obj, dict):
        out.append("{")
        first = True
        for key in sorted(obj):
            if not isinstance(key, str):
                raise TypeError("JSON keys must be text")
            if not first:
                out.append(",")
            first = False
            _str(key, out)
            out.append(":")
            _write(obj[key], out)
        out.append("}")
    else:
        raise TypeError("cannot write %s as JSON" % type(obj).__name__)


class _Sink:
    """Looks like the list _write appends to, but passes each piece on."""

    def __init__(self, write):
        self.append = write


def dumps(obj):
    return "".join(parts(obj))


def parts(obj):
    """dumps()'s text as a list of short strings that a store writes one by one, so a saved record
    never needs one block of heap its size (nor its UTF-8 copy)."""
    done = []
    part = []

    def add(piece):
        part.append(piece)
        if len(part) == 32:
            done.append("".join(part))
            del part[:]

    _write(obj, _Sink(add))
    done.append("".join(part))
    return done


def dump(obj, write):
    """dumps() piece by piece: a long transcript never needs one big block of heap."""
    _write(obj, _Sink(write))
