"""What every rule set's Game provides, and their option checker. A Game advances by inputs only,
rolls through `dice` and logs into `log`, so a replay of the inputs rebuilds it (record.replay)."""


class RecordError(ValueError):
    """Bad record data: the message names the field and the problem."""


class Game:
    RULESET = ""
    OPTIONS = ()  # (name, default, allowed): allowed is (lo, hi), a tuple of str, or a checker

    def __init__(self, options, dice, log):
        self.options = options
        self.dice = dice
        self.log = log

    def prompt(self):
        """None when the fight is over, else (what, lo, hi): the next input is an int lo..hi."""
        return None

    def check(self, value):
        """Raise ValueError if value is not a valid next input."""
        p = self.prompt()
        if p is None:
            raise ValueError("the fight is already over")
        if not isinstance(value, int) or isinstance(value, bool) or not p[1] <= value <= p[2]:
            from dicebox.core.errtext import shown  # only when it fails
            raise ValueError("%s must be %d..%d, not %s" % (p[0], p[1], p[2], shown(value)))

    def apply(self, value):
        raise NotImplementedError

    def result(self):
        """None while the fight goes on, else a dict (winner, method, ...)."""
        return None

    def state(self):
        """The whole rules state as plain data (for parity checks and invariants)."""
        return {}

    def secret(self, why):
        """True while rolls made for `why` must not be shown (a secret deal)."""
        return False

    def hides_seed(self):
        """True while the seed would give a secret away: it rebuilds every roll."""
        return False

    def describe(self, name, a, b, c):
        """Readable text of a logged event."""
        return "%s %d %d %d" % (name, a, b, c)


def check_options(spec, given, where="options"):
    """Fill defaults and check each option; unknown names are errors."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise RecordError("%s: must be an object of option names" % where)
    out = {}
    known = []
    for name, default, allowed in spec:
        known.append(name)
        if name not in given:
            out[name] = default
            continue
        value = given[name]
        field = "%s.%s" % (where, name)
        if isinstance(allowed, tuple) and len(allowed) == 2 and isinstance(allowed[0], int):
            if not isinstance(value, int) or isinstance(value, bool):
                from dicebox.core.errtext import shown  # only when it fails
                raise RecordError("%s: must be a whole number, not %s" % (field, shown(value)))
            if not allowed[0] <= value <= allowed[1]:
                raise RecordError("%s: %d is outside %d..%d" % (field, value, allowed[0], allowed[1]))
        elif isinstance(allowed, tuple):
            if value not in allowed:
                from dicebox.core.errtext import shown  # only when it fails
                raise RecordError("%s: %s is not one of %s" % (field, shown(value), ", ".join(allowed)))
        elif allowed is bool:
            if value is not True and value is not False:
                from dicebox.core.errtext import shown  # only when it fails
                raise RecordError("%s: must be true or false, not %s" % (field, shown(value)))
        else:
            try:
                value = allowed(value)
            except ValueError as e:
                raise RecordError("%s: %s" % (field, e))
        out[name] = value
    for name in given:
        if name not in known:
            from dicebox.core.errtext import shown  # only when it fails
            raise RecordError("%s: unknown option %s (known: %s)" % (where, shown(name, 30), ", ".join(known) or "none"))
    return out
