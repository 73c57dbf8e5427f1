"""The one place the core meets the interpreter: const(), a str's UTF-8 bytes (walking a str
interns each character on MicroPython, never freed), JSON numbers."""
import json  # here, not in loads(): an import of a built-in looks on the flash first, slow on the Pico

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


# A whole number in a file may be written 0.0 or 4e5 (spreadsheets); past 2**24 the Pico's single
# precision floats are not exact, so such a float stays one and the field's check refuses it.
_EXACT = const(1 << 24)


def loads(text):
    """json.loads (or json.load of a file) with every whole float made its int, so no float reaches
    the rules; any other float is left for the field's check. ValueError for text that is not JSON."""
    try:
        top = [json.load(text) if hasattr(text, "read") else json.loads(text)]
    except RuntimeError:  # CPython's parser recurses: a file nested thousands deep
        raise ValueError("nested too deep")
    todo = [top]
    while todo:  # a list, not recursion: a deeply nested file must not end the stack
        c = todo.pop()
        for k in c if isinstance(c, dict) else range(len(c)):
            v = c[k]
            if type(v) is float:
                if -_EXACT <= v <= _EXACT and int(v) == v:
                    c[k] = int(v)
            elif isinstance(v, (list, dict)):
                todo.append(v)
    return top[0]
