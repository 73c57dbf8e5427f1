"""A fight is a record (ruleset, options, seed, inputs, forced dice); the rest is derived by
replaying it: undo, resume after a power cut, byte-identical parity between interpreters."""
from dicebox.core import compat
from dicebox.core import dice as _dice
from dicebox.core.compat import const
from dicebox.core.game import RecordError, check_options
from dicebox.core.jsonout import dumps, parts
from dicebox.core.log import EVENT, ROLL, Log
from dicebox.core.rng import SEED_MAX
from dicebox.modes import rules

_VERSION = const(1)
_MAX_INPUTS = const(100000)  # a four-hour LARP session is far below this; `roll --count` stops here
_FIELDS = const(("dicebox", "ruleset", "options", "seed", "inputs", "dice"))


class Record:
    __slots__ = ("ruleset", "options", "seed", "inputs", "dice")

    def __init__(self, ruleset, options=None, seed=0, inputs=None, dice=None):
        self.ruleset = ruleset
        self.options = options if options is not None else {}
        self.seed = seed
        self.inputs = inputs if inputs is not None else []
        self.dice = dice if dice is not None else []

    def to_obj(self):
        return {
            "dicebox": _VERSION,
            "ruleset": self.ruleset,
            "options": self.options,
            "seed": self.seed,
            "inputs": self.inputs,
            "dice": self.dice,
        }

    def dumps(self):
        return dumps(self.to_obj())

    def parts(self):
        """dumps() as short strings, for a store's write_text(name, "", parts)."""
        return parts(self.to_obj())

    def around_inputs(self):
        """The record's text before and after its inputs: a long session's come from its journal."""
        head = Record(self.ruleset, self.options, self.seed).dumps()
        cut = head.index('"inputs":[') + 10
        return head[:cut], head[cut:]


def _int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def from_obj(obj, where="record"):
    """Check decoded JSON and build a Record; errors name the field."""
    if not isinstance(obj, dict):
        raise RecordError("%s: must be a JSON object" % where)
    for key in obj:
        if key not in _FIELDS:
            from dicebox.core.errtext import shown  # only when it fails
            raise RecordError("%s: unknown field %s" % (where, shown(key, 30)))
    for key in ("dicebox", "ruleset", "seed"):
        if key not in obj:
            raise RecordError("%s: missing field '%s'" % (where, key))
    if not _int(obj["dicebox"]) or obj["dicebox"] != _VERSION:
        from dicebox.core.errtext import shown  # only when it fails
        raise RecordError("%s: field 'dicebox': version %s is not %d" % (where, shown(obj["dicebox"]), _VERSION))
    ruleset = obj["ruleset"]
    if not isinstance(ruleset, str):
        raise RecordError("%s: field 'ruleset': must be text" % where)
    seed = obj["seed"]
    if not _int(seed) or not 0 <= seed <= SEED_MAX:
        from dicebox.core.errtext import shown  # only when it fails
        raise RecordError("%s: field 'seed': must be a whole number 0..%d, not %s" % (where, SEED_MAX, shown(seed)))
    inputs = obj.get("inputs", [])
    if not isinstance(inputs, list):
        raise RecordError("%s: field 'inputs': must be a list" % where)
    if len(inputs) > _MAX_INPUTS:
        raise RecordError("%s: field 'inputs': more than %d inputs" % (where, _MAX_INPUTS))
    # equal inputs share one string: JSON gives each its own copy, and a resumed
    # session of repeated inputs (the same die, "hit") would hold them all
    same = {}
    for i in range(len(inputs)):
        if isinstance(inputs[i], str):
            inputs[i] = same.setdefault(inputs[i], inputs[i])
    forced = obj.get("dice", [])
    if not isinstance(forced, list):
        raise RecordError("%s: field 'dice': must be a list of die values" % where)
    for i in range(len(forced)):
        if not _int(forced[i]):
            from dicebox.core.errtext import shown  # only when it fails
            raise RecordError("%s: field 'dice'[%d]: %s is not a whole number" % (where, i, shown(forced[i])))
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("%s: field 'options': must be an object" % where)
    return Record(ruleset, options, seed, inputs, forced)


def loads(text, where="record"):
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeError:
            raise RecordError("%s: not UTF-8 text" % where)
    try:
        obj = compat.loads(text)
    except ValueError:
        raise RecordError("%s: not valid JSON" % where)
    return from_obj(obj, where)


def start(record, ask=False):
    """A fresh game for the record, before any input."""
    mod = rules(record.ruleset)
    options = check_options(mod.OPTIONS, record.options)
    log = Log()
    try:  # some rule sets roll as the fight is set up (LARP boxing deals its cards)
        return mod.Game(options, _dice.Dice(record.seed, record.dice, log, ask), log)
    except _dice.DiceError as e:
        raise RecordError("dice: %s" % e)


def feed(game, record, index):
    """Apply record input `index` to game, turning rule errors into RecordError."""
    value = record.inputs[index]
    try:
        game.check(value)
    except ValueError as e:
        raise RecordError("input %d: %s" % (index + 1, e))
    mark = len(game.log)
    game.log.input(index, value)
    try:
        game.apply(value)
    except _dice.DiceError as e:
        raise RecordError("dice: %s" % e)
    except _dice.NeedDie:
        game.log.truncate(mark)
        raise


def replay(record, ask=False, upto=None):
    """Rebuild the game from the record (the first `upto` inputs, default all)."""
    game = start(record, ask)
    n = len(record.inputs) if upto is None else upto
    for i in range(n):
        feed(game, record, i)
    return game


def undo(record):
    """Drop the last input and the forced dice only it consumed."""
    return undone(record)[0] if record.inputs else record


def undone(record, ask=False):
    """(undo(record), its game): the replay that finds the dice to keep is that record's game, so an
    undo needs one game besides the device's own, not two."""
    game = replay(record, ask, upto=len(record.inputs) - 1)
    rec = Record(record.ruleset, record.options, record.seed, record.inputs[:-1], record.dice[: game.dice.used])
    game.dice.forced = rec.dice  # the same values, the ones it used
    return rec, game


def _input_text(record, index):
    value = record.inputs[index]
    return value if isinstance(value, str) else dumps(value)


def line_count(game):
    """How many lines the transcript has (line() takes 0 .. line_count - 1)."""
    return len(game.log) + (game.result() is not None)


def line(game, record, i):
    """The transcript's line i, made on demand: a long record pages without every line on the heap."""
    log = game.log
    if i >= len(log):
        return "result: " + dumps(game.result())
    kind, name, a, b, c = log.entry(i)
    if kind == ROLL:
        return "  %s = %s  (%s)" % (_dice.name(a), "?" if game.secret(name) else b, name)
    if kind == EVENT:
        return "  " + game.describe(name, a, b, c)
    return "> input %d: %s" % (a + 1, _input_text(record, a))


def lines(game, record):
    """The transcript as readable text, one line an entry."""
    for i in range(line_count(game)):
        yield line(game, record, i)


def transcript(game, record):
    """The transcript as plain data: rolls, events in order, result."""
    log = game.log
    rolls = []
    entries = []
    for i in range(len(log)):
        kind, name, a, b, c = log.entry(i)
        if kind == ROLL:
            roll = {"die": _dice.name(a), "value": None if game.secret(name) else b, "for": name}
            rolls.append(roll)
            entries.append(roll)
        elif kind == EVENT:
            entries.append({"event": name, "args": [a, b, c], "text": game.describe(name, a, b, c)})
        else:
            entries.append({"input": a + 1, "value": record.inputs[a]})
    return {
        "ruleset": record.ruleset,
        "seed": None if game.hides_seed() else record.seed,  # it would rebuild a secret deal
        "options": game.options,
        "rolls": rolls,
        "log": entries,
        "result": game.result(),
        "state": game.state(),
    }
