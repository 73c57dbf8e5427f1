# Timing helpers that work on CPython and MicroPython.
import sys

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b

MICRO = sys.implementation.name == "micropython"


def row(figure, value, unit, interp=None):
    """One table row; interp names the column when the figure is another
    interpreter's (a CPython script that drives micropython)."""
    print("row\t%s\t%s\t%s%s" % (figure, value, unit, "\t" + interp if interp else ""))


def per_second(count, elapsed_us):
    return count * 1000000 // max(1, elapsed_us)


def demo_cards():
    """Antuofermo and Hagler from the firmware's demo data, found on the module path."""
    from dicebox.titlebout import cards

    for base in sys.path:
        try:
            return (cards.load_card(base + "/data/titlebout/fighters/antuofermo.json"),
                    cards.load_card(base + "/data/titlebout/fighters/hagler.json"))
        except cards.tbdata.DataError:
            pass
    raise SystemExit("demo cards not found on the path")


def heap_used():
    """Bytes of heap in use after a collection (MicroPython), else -1."""
    try:
        import gc

        gc.collect()
        return gc.mem_alloc()
    except (ImportError, AttributeError):
        return -1
