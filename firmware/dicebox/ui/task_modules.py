"""Which modules a background task keeps loaded (dicebox.pin_task, through call_once)."""
import sys


def pinned(base, task):
    """base plus the task's modules and the modules they use, as a tuple: its
    class's, and those it names in `pins` (the class a session dozes into)."""
    names = list(base)
    _needs(sys.modules[type(task).__module__], names)
    for name in getattr(task, "pins", ()):
        _needs(sys.modules[name], names)
    for pinned_name in names[len(base):]:  # and their packages: a package dropped under its modules comes back twice
        while "." in pinned_name:
            pinned_name = pinned_name.rpartition(".")[0]
            if pinned_name not in names:
                names.append(pinned_name)
    return tuple(names)


def _needs(mod, names):
    """Add mod's name and those of the modules it uses, also through `from x import Y`."""
    name = mod.__name__
    if name in names:
        return
    names.append(name)
    for value in mod.__dict__.values():
        if type(value) is type(mod):
            used = value
        elif isinstance(value, type):
            used = sys.modules.get(getattr(value, "__module__", ""))
        elif hasattr(value, "__globals__"):
            used = None
            for m in sys.modules.values():
                if getattr(m, "__dict__", None) is value.__globals__:
                    used = m
                    break
        else:
            continue
        if used is not None:
            _needs(used, names)
