"""Dice expressions: parsing, bounds, rolling, and errors that name the problem."""
import pytest

from dicebox.core import dice as D
from dicebox.core import expr


@pytest.mark.parametrize(
    "text,lo,hi",
    [("2d6", 2, 12), ("D3+1", 2, 4), ("d%", 1, 100), ("2d6+1", 3, 13), ("d20-5", -4, 15), ("coin", 1, 2),
     ("3", 3, 3), ("-d6+10", 4, 9), ("2d10 + d3", 3, 23), ("4d6-2", 2, 22)],
)
def test_bounds_and_rolls_stay_inside(text, lo, hi):
    terms = expr.parse(text)
    assert expr.bounds(terms) == (lo, hi)
    d = D.Dice(11)
    seen = {expr.roll(d, terms, text) for _ in range(3000)}
    assert min(seen) == lo and max(seen) == hi


def test_named_values():
    terms = expr.parse("d20+A")
    assert expr.names(terms) == ("A",)
    d = D.Dice(1, forced=[13])
    assert expr.roll(d, terms, "attack", {"A": 4}) == 17
    with pytest.raises(expr.ExprError, match="no value for 'A'"):
        expr.roll(D.Dice(1), terms, "attack")


@pytest.mark.parametrize(
    "text,message",
    [("2d6x", "bad character 'x' at position 4"), ("2d6+", "at the end"), ("", "empty"),
     ("d1", "2..1000 sides"), ("100d6", "count must be 1..99"), ("2d6*2", "bad character '*' at position 4"),
     ("1+2+3+4+5+6+7+8+9", "more than 8 terms"), ("12345", "over 9999"), ("2 d 6 ?", "bad character '\\?' at position 4")],
)
def test_errors_name_the_problem(text, message):
    with pytest.raises(expr.ExprError, match=message.replace("*", r"\*").replace("+", r"\+")):
        expr.parse(text)


def test_each_die_is_recorded_with_its_purpose():
    from dicebox.core.log import Log

    log = Log()
    d = D.Dice(5, log=log)
    total = expr.roll(d, expr.parse("3d6+2"), "damage")
    entries = [log.entry(i) for i in range(len(log))]
    assert [e[1] for e in entries] == ["damage"] * 3
    assert sum(e[3] for e in entries) + 2 == total
