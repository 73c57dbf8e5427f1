"""Progress for the long host commands, on stderr, only where someone watches.

    with progress(total, "arena", quiet=args.json) as bar:
        for ...:
            bar.update(1)

A tqdm bar (count, rate, time left) when stderr is a terminal and the command
is not quiet (--json); otherwise nothing at all, so a pipe or a file gets only
the command's own output. `enabled` forces either way (tests).
"""
import os
import sys

from tqdm import tqdm


def watched(quiet=False, stream=None):
    """True when a bar would be seen: a terminal on stderr and no --json."""
    stream = sys.stderr if stream is None else stream
    if quiet:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream
        return False


def progress(total, label, unit="fights", quiet=False, enabled=None, stream=None):
    """A tqdm bar to update(n) and close() (or use `with`); a silent one when unwatched."""
    stream = sys.stderr if stream is None else stream
    on = watched(quiet, stream) if enabled is None else enabled
    big = total is None or total >= 10000  # 1.20M/3.00M; small counts stay whole
    # a terminal that reports no size (a pty made by `script`, some serial consoles)
    # would get an empty bar from tqdm: draw it 80 wide there
    size = {} if _sized(stream) else {"ncols": 80, "nrows": 24}
    return tqdm(total=total, desc=label, unit=" " + unit, unit_scale=big, file=stream, disable=not on,
                mininterval=0.25, dynamic_ncols=not size, leave=True, smoothing=0.1, **size)


def _sized(stream):
    try:
        cols, rows = os.get_terminal_size(stream.fileno())
    except (AttributeError, ValueError, OSError):  # not a terminal: tqdm's own fallback
        return True
    return cols > 0 and rows > 0
