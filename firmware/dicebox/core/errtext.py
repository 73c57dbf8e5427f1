"""A bad value (or a name from a file) as an error line shows it: loaded only when an error is
raised, so a box that reads good files holds none of it."""


def shown(value, most=40):
    """Its repr, cut short: a file may hold anything, and the line must fit a screen and a terminal."""
    s = repr(value)
    return s if len(s) <= most else s[: most - 3] + "..."
