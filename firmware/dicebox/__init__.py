"""dicebox: a dice box that referees fighting games, and its one loader. The stock firmware loads
bytecode into the heap, and the tour through every mode fits it only with code dropped: a mode's
code is loaded by name when it opens and dropped when its screen closes, boot's and a background
task's are pinned, rare code runs through call_once, and a screen waiting for a press loads
what the next press needs (preload). tests/test_loader_names.py checks every
module name given as a string, so a renamed module cannot silently stay on the heap."""
import sys

# An import of a built-in looks on the flash for a file of that name first, slow on the Pico:
# their u-names are the built-ins, so each is looked up once. A loaded stand-in (a host's) stays.
for _n in ("time", "os", "json", "array", "struct", "machine"):
    if _n not in sys.modules:
        try:
            sys.modules[_n] = __import__("u" + _n)
        except ImportError:  # CPython
            break

# The code runs in place from a ROMFS partition (docs/hardware.md, "Where the code lives"):
# then the heap holds data only, and a screen may keep what it found to be quicker
IN_ROM = __file__.startswith("/rom/")
_PINNED = [()]  # the pinned module names: pin() sets them, every drop leaves them


def load(name):
    """The module `name` ("dicebox.larp.menu"), imported if it is not loaded yet."""
    __import__(name)
    return sys.modules[name]


def preload(names):
    """Import the first of `names` not loaded yet (code a press will need, loaded while a screen
    waits for it: Screen.waiting); one a call, so a press that comes meanwhile waits for one
    load at most. True if it loaded one."""
    for name in names:
        if name not in sys.modules:
            load(name)
            return True
    return False


def forget(name):
    """Drop module `name` (a later import loads it again); True if it was loaded."""
    mod = sys.modules.pop(name, None)
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])  # the import also set it on the package
    return mod is not None


def call_once(module, fn, *args):
    """module.fn(*args) with `module` ("dicebox.x") imported for the call and dropped
    after it, with the modules its import loaded (what was loaded already stays)."""
    loaded = tuple(sys.modules)
    mod = load(module)
    try:
        return getattr(mod, fn)(*args)
    finally:
        mod = None
        for name in [n for n in sys.modules if n not in loaded]:
            forget(name)


def pin(names):
    """These modules (a tuple of names) stay through every drop, instead of those pinned before."""
    _PINNED[0] = names


def pinned():
    """The names pin() was given last."""
    return _PINNED[0]


def pin_task(task):
    """Pin also the modules background task `task` uses (its class's module and what it
    imports, and those in task.pins): dropping them would load a second copy."""
    pin(call_once("dicebox.ui.task_modules", "pinned", _PINNED[0], task))


def drop(names):
    """Forget these modules but the pinned ones now (a set-up once its fight replaced it): nothing may use them."""
    for name in names:
        if name not in _PINNED[0]:
            forget(name)  # no collection here: the loop's threshold does it, so an opening is sooner


def drop_new(loaded):
    """drop() what was imported since `loaded` (tuple(sys.modules)) was taken."""
    drop([n for n in sys.modules if n not in loaded])


def drop_all():
    """Forget every dicebox module that is not pinned (a mode left for Home), and collect."""
    for name in [n for n in sys.modules if n.startswith("dicebox.") and n not in _PINNED[0]]:
        forget(name)
    import gc

    gc.collect()


def deferred(module, fn, *args):
    """call_once(module, fn, *args) as a job for App.later: it holds its arguments only, not the
    module of the screen that made it, so a fight's code leaves the heap with its screen."""
    return lambda: call_once(module, fn, *args)
