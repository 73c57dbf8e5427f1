"""Dice expressions: NdM, d%, coin, +K/-K and named values (2d6, D3+1, d20+A); parse() compiles
once into terms (sign, count, die, name), roll() evaluates them."""
from dicebox.core import dice as _dice
from dicebox.core.compat import const

_MAX_COUNT = const(99)
_MAX_SIDES = const(1000)
_MAX_CONST = const(9999)
_MAX_TERMS = const(8)
_CONST = const(0)  # die code of a plain number term


class ExprError(ValueError):
    pass


def _digits(text, i):
    j = i
    while j < len(text) and "0" <= text[j] <= "9":
        j += 1
    return j


def _fail(text, i, what):
    if i >= len(text):
        raise ExprError("%s at the end of '%s'" % (what, text))
    raise ExprError("%s: bad character '%s' at position %d in '%s'" % (what, text[i], i + 1, text))


def parse(text):
    """Compile an expression; raises ExprError naming the problem."""
    if not isinstance(text, str):
        raise ExprError("a dice expression must be text")
    src = text.replace(" ", "")
    if not src:
        raise ExprError("empty dice expression")
    terms = []
    i = 0
    sign = 1
    if src[0] in "+-":
        sign = -1 if src[0] == "-" else 1
        i = 1
    while True:
        if len(terms) == _MAX_TERMS:
            raise ExprError("more than %d terms in '%s'" % (_MAX_TERMS, text))
        j = _digits(src, i)
        count = int(src[i:j]) if j > i else 0
        k = j
        if k < len(src) and src[k] in "dD" and (k + 1 < len(src) and (src[k + 1] == "%" or "0" <= src[k + 1] <= "9")):
            if j == i:
                count = 1
            if not 1 <= count <= _MAX_COUNT:
                raise ExprError("dice count must be 1..%d in '%s'" % (_MAX_COUNT, text))
            if src[k + 1] == "%":
                die = _dice.PCT
                k += 2
            else:
                e = _digits(src, k + 1)
                sides = int(src[k + 1:e])
                if not 2 <= sides <= _MAX_SIDES:
                    raise ExprError("a die needs 2..%d sides, not %d, in '%s'" % (_MAX_SIDES, sides, text))
                die = sides
                k = e
            terms.append((sign, count, die, None))
        elif j > i:
            if count > _MAX_CONST:
                raise ExprError("number %d is over %d in '%s'" % (count, _MAX_CONST, text))
            terms.append((sign, count, _CONST, None))
        elif i < len(src) and (src[i].isalpha() or src[i] == "_"):
            k = i
            while k < len(src) and (src[k].isalpha() or src[k] == "_"):
                k += 1
            word = src[i:k]
            if word.lower() == "coin":
                terms.append((sign, 1, _dice.COIN, None))
            else:
                terms.append((sign, 0, _CONST, word))
        else:
            _fail(src, i, "expected a number, NdM, d% or a name")
        if k == len(src):
            return tuple(terms)
        if src[k] not in "+-":
            _fail(src, k, "expected + or -")
        sign = -1 if src[k] == "-" else 1
        i = k + 1


def names(terms):
    """The named values an expression needs."""
    return tuple(t[3] for t in terms if t[3] is not None)


def roll(dice, terms, why, values=None):
    """Roll the dice of an expression; each die is recorded with `why`."""
    total = 0
    for sign, count, die, word in terms:
        if word is not None:
            if values is None or word not in values:
                raise ExprError("no value for '%s'" % word)
            total += sign * values[word]
        elif die == _CONST:
            total += sign * count
        else:
            for _ in range(count):
                total += sign * dice.roll(die, why)
    return total


def bounds(terms, values=None):
    """Lowest and highest total an expression can give."""
    lo = hi = 0
    for sign, count, die, word in terms:
        if word is not None:
            a = b = values[word] if values and word in values else 0
        elif die == _CONST:
            a = b = count
        else:
            a, b = _dice.span(die)
            a *= count
            b *= count
        if sign < 0:
            a, b = -b, -a
        lo += a
        hi += b
    return lo, hi
