"""The one place the core meets the interpreter: const() on both sides."""
try:
    from micropython import const
except ImportError:  # CPython without Blinka's shim

    def const(value):
        return value
