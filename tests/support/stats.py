"""Chi-square upper tail without SciPy (regularised incomplete gamma)."""
import math


def _gamma_q(a, x):
    """Q(a, x) = 1 - P(a, x), Numerical Recipes' series / continued fraction."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * math.exp(-x + a * math.log(x) - gln)
    b = x + 1 - a
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def chi_square_p(observed, expected):
    """p-value of a chi-square goodness-of-fit test."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    return stat, _gamma_q((len(observed) - 1) / 2.0, stat / 2.0)
