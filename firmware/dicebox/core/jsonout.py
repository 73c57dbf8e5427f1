"""Canonical JSON: the same bytes from CPython and MicroPython.

MicroPython's dicts keep no insertion order and its json.dumps writes non-ASCII
raw, so records and transcripts are written here: keys sorted, no spaces,
non-ASCII escaped as \\uXXXX exactly as CPython's json.dumps does.
"""

_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _str(s, out):
    out.append('"')
    start = 0
    for i in range(len(s)):
        ch = s[i]
        code = ord(ch)
        if 0x20 <= code < 0x7F and ch != '"' and ch != "\\":
            continue
        if start < i:
            out.append(s[start:i])
        if ch in _ESC:
            out.append(_ESC[ch])
        elif code > 0xFFFF:
            code -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
        else:
            out.append("\\u%04x" % code)
        start = i + 1
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
    """The text of dumps() as a list of short strings (each about 32 pieces
    joined): a store writes them one by one, so a saved record never needs
    one block of heap its size (nor, on the device, its UTF-8 copy too).
    A record of n inputs needs a list of n/8 strings, not one of 4n pieces
    (32 KB of list at 1,000 inputs)."""
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
