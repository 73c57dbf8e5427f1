"""Shared drawing pieces: the header bar, lists, wrapped text, boxes."""
from dicebox.core.compat import const
from dicebox.ui import text
from dicebox.ui.lang import label

WIDTH = const(128)
HEIGHT = const(64)
HEADER = const(10)  # header height incl. its rule
ROW = const(9)  # list row height
ROW_TEXT_W = const(122)  # a row's text from x=2 to the scroll bar


def header(c, title, right=""):
    """The title at left, right at right; a title that would meet right is cut, never drawn over it."""
    c.fill_rect(0, 0, WIDTH, 9, 1)
    room = WIDTH - 4
    if right:
        rw = text.width(right)
        text.draw(c, right, WIDTH - 2 - rw, 1, text.SMALL, 0)
        room -= rw + 6
    if text.width(title) > room:
        title = title[: max(0, (room + 1) // 6)]
    text.draw(c, title, 2, 1, text.SMALL, 0)


def seed_header(c, title, seed):
    """A finished fight's header: its seed at right, "seed N" if that fits beside the title, else N."""
    right = "%s %d" % (label("seed"), seed)
    if text.width(title) + text.width(right) + 10 > WIDTH:
        right = "%d" % seed
    header(c, title, right)


def rows_visible(top=HEADER + 1, bottom=HEIGHT):
    return (bottom - top) // ROW


def list_rows(c, items, selected, first, top=HEADER + 1, bottom=HEIGHT, shift=0, only=None):
    """items[first:] ((label, ...) pairs) as rows read in place (no list a frame), the selected one
    inverted and `shift` pixels left; only: the items whose rows are drawn again over the last frame."""
    n = rows_visible(top, bottom)
    for i in range(n):
        k = first + i
        if k >= len(items):
            break
        y = top + i * ROW
        if only is not None:
            if k not in only:
                continue
            c.fill_rect(0, y, WIDTH, ROW, 0)
        if k == selected:
            c.fill_rect(0, y, WIDTH - 3, ROW, 1)
            text.draw(c, items[k][0], 2 - shift, y + 1, text.SMALL, 0)
        else:
            text.draw(c, items[k][0], 2, y + 1)
    if len(items) > n:
        span = bottom - top
        h = max(4, span * n // len(items))
        y = top + (span - h) * first // max(1, len(items) - n)
        c.fill_rect(WIDTH - 2, y, 2, h, 1)  # whole again over rows drawn anew: the same pixels


def scroll_first(selected, first, count, visible):
    """Keep the selection on screen."""
    if selected < first:
        return selected
    if selected >= first + visible:
        return selected - visible + 1
    return max(0, min(first, count - visible))


def wrap(s, width_chars=21):
    """Split a line into pieces of at most width_chars, at spaces when possible: before a "(...)" the
    cut would split, and never leaving a word of one or two characters alone on the last line."""
    out = []
    while len(s) > width_chars:
        cut = s.rfind(" ", 0, width_chars + 1)
        par = s.rfind(" (", 0, width_chars + 1)
        if 0 < par < cut and s.find(")", par) > cut:
            cut = par
        if len(s) - cut <= 3:
            earlier = s.rfind(" ", 0, cut)
            if earlier > 0:
                cut = earlier
        if cut <= 0:
            cut = width_chars
        out.append(s[:cut])
        s = s[cut:].lstrip(" ")
    out.append(s)
    return out


def dialog(c, line1, line2="", line3=""):
    """A framed box over the middle of the screen; a note wider than the box is cut with '..'."""
    c.fill_rect(6, 14, WIDTH - 12, 44, 0)
    c.rect(6, 14, WIDTH - 12, 44, 1)
    text.draw_center(c, line1, 19)
    if line2:
        if text.width(line2) > WIDTH - 16:
            while line2 and text.width(line2 + "..") > WIDTH - 16:
                line2 = line2[:-1]
            line2 += ".."
        text.draw_center(c, line2, 30)
    if line3:
        text.draw_center(c, line3, 44)
