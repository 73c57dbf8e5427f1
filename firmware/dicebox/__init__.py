"""dicebox: a dice box that referees fighting games (firmware package)."""
import sys


def call_once(module, fn, *args):
    """module.fn(*args) with `module` ("dicebox.x") imported for the call and dropped
    after it (unless something had it loaded already): for code needed at boot or on
    a rare change only, so its bytecode does not stay on the heap all session."""
    held = module in sys.modules
    mod = __import__(module)
    for part in module.split(".")[1:]:
        mod = getattr(mod, part)
    try:
        return getattr(mod, fn)(*args)
    finally:
        if not held:
            sys.modules.pop(module, None)
            parent = sys.modules.get("dicebox")
            name = module[8:]
            if parent is not None and hasattr(parent, name):
                delattr(parent, name)  # the import also set it on the package
