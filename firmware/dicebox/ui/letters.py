"""Names with letters the box draws otherwise (the font's box, or a base letter: SMALL_ALIKE): a
set-up says so once a power-on for each such name; loaded only while it checks."""
from dicebox.core.compat import code_at, size, utf8
from dicebox.ui import fontdata, lang, text


def otherwise(name):
    """[(code point, what is drawn for it)] of name's letters drawn as another."""
    out = []
    b = utf8(name)
    alike = fontdata.SMALL_ALIKE
    i = 0
    while i < len(b):
        code = code_at(b, i)
        i += size(b[i])
        if code != 0xFFFD and text.SMALL.index(code) == text.SMALL.index(0xFFFD):
            out.append((code, "\ufffd"))
            continue
        for k in range(0, len(alike), 4):
            if alike[k] << 8 | alike[k + 1] == code:
                out.append((code, chr(alike[k + 2] << 8 | alike[k + 3])))
    return out


def notice(app, names):
    """(title, body) of the names not yet told of this power-on, or None; the caller shows it."""
    told = getattr(app, "letters_told", ())
    lines = []
    for name in names:
        if name in told:
            continue
        found = otherwise(name)
        if found:
            told += (name,)
            lines.append("%s: %s" % (name, " ".join("U+%04X\u2192%s" % f for f in found)))
    if not lines:
        return None
    app.letters_told = told
    ru = lang.LANG[0] == "ru"
    return ("Буквы в именах" if ru else "Letters in names",
            "\n".join(["Показаны иначе:" if ru else "Drawn otherwise:"] + lines))
