"""dicebox: a dice box that referees fighting games (firmware package)."""
import sys

# An import of time, os, json, array, struct or machine looks on the flash for a file
# of that name first (MicroPython lets one extend them), a slow search on the Pico;
# their u-names are the built-ins, so each name is looked up once. A stand-in already
# loaded (the virtual board's) stays.
for _n in ("time", "os", "json", "array", "struct", "machine"):
    if _n not in sys.modules:
        try:
            sys.modules[_n] = __import__("u" + _n)
        except ImportError:  # CPython
            break


# Modules are dropped because the stock firmware loads bytecode into the heap: with none
# dropped the tour through every mode does not fit the budget (docs/benchmarks.md).
def forget(name):
    """Drop module `name` (a later import loads it again); True if it was loaded."""
    mod = sys.modules.pop(name, None)
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])  # the import also set it on the package
    return mod is not None


def load(name):
    """The module `name` ("dicebox.larp.menu"), imported if it is not loaded yet."""
    __import__(name)
    return sys.modules[name]


def call_once(module, fn, *args):
    """module.fn(*args) with `module` ("dicebox.x") imported for the call and dropped
    after it, with the modules its import loaded (what was loaded already stays):
    for code needed at boot or on a rare change only, so its bytecode does not stay
    on the heap all session."""
    loaded = tuple(sys.modules)
    mod = load(module)
    try:
        return getattr(mod, fn)(*args)
    finally:
        mod = None
        for name in [n for n in sys.modules if n not in loaded]:
            forget(name)


def deferred(module, fn, *args):
    """call_once(module, fn, *args) as a job for App.later: it holds its arguments
    only, not the module of the screen that made it (a fight's code leaves the heap
    with its screen, though the job waits for the next frame)."""
    return lambda: call_once(module, fn, *args)
