"""The one place the core meets the interpreter: const() and a str's UTF-8 bytes
on both sides.

Walking a str (`for ch in s`, `s[i]`) makes each character it yields an
interned name on MicroPython, never freed: every letter a record or a screen
ever held stayed on the heap. Code that looks at characters reads the bytes.
"""
try:
    from micropython import const
except ImportError:  # CPython without Blinka's shim

    def const(value):
        return value


try:
    memoryview("")  # MicroPython: a str has the buffer protocol

    def utf8(s):
        """The UTF-8 bytes of s, read in place (a view: allocates its header)."""
        return memoryview(s)

except TypeError:  # CPython

    def utf8(s):
        return s.encode("utf-8", "surrogatepass")  # a lone surrogate stays one code point


def code_at(b, i):
    """The code point of the UTF-8 sequence that starts at b[i] (size(b[i]) bytes)."""
    c = b[i]
    if c < 0x80:
        return c
    if c < 0xC0:
        return 0xFFFD  # a stray continuation byte
    if c < 0xE0:
        return (c & 0x1F) << 6 | b[i + 1] & 0x3F
    if c < 0xF0:
        return (c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | b[i + 2] & 0x3F
    return (c & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6 | b[i + 3] & 0x3F


def size(lead):
    """Bytes of the UTF-8 sequence whose first byte is `lead`."""
    return 1 if lead < 0xC0 else (2 if lead < 0xE0 else (3 if lead < 0xF0 else 4))
