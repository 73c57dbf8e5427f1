"""A bad value (or a name from a file) as it appears in an error line.

Loaded only when an error is raised: nothing of it stays on the heap of a box
that reads good files.
"""


def shown(value, most=40):
    """Its repr, control characters escaped, cut short: a file may hold
    anything, and the line must fit a screen and a terminal."""
    s = repr(value)
    return s if len(s) <= most else s[: most - 3] + "..."
