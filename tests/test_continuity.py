"""transforms.limits.continuous_at, CON's shortcut: True only where the expression is proved
continuous around the point (then every directional limit there is the value, as the limits
themselves confirm below), False wherever a denominator vanishes, a root's base or a
logarithm's argument is not positive, or a node is not known to be continuous."""

from __future__ import annotations

import itertools

import pytest
import sympy as sp

from symmetric.transforms.limits import continuous_at, directional_limit

x, y = sp.symbols("TP TN", real=True)
a = sp.Symbol("a", positive=True)

DIRECTIONS = [d for d in itertools.product((-1, 0, 1), repeat=2) if d != (0, 0)]


@pytest.mark.parametrize("expr, point, expected", [
    (x / (x + y), {x: 1, y: 2}, True),
    (x / (x + y), {x: 0, y: 0}, False),                        # 0/0
    ((x - y) / (x + 1) ** 2 + 3 * y, {x: 2, y: 5}, True),
    (1 / (x - y), {x: 3, y: 3}, False),
    (sp.sqrt(x * y) / (x + y), {x: 1, y: 4}, True),
    (sp.sqrt(x * y) / (x + y), {x: 0, y: 4}, False),            # the root's base is 0: no derivative bound
    (x * sp.log(x / (x + y)), {x: 2, y: 1}, True),
    (x * sp.log(x / (x + y)), {x: 0, y: 1}, False),             # log of 0
    (sp.Max(x, y) - sp.Min(x, 2 * y) + sp.Abs(x - y), {x: 1, y: 1}, True),   # kinks, but continuous
    (sp.exp(-x) * y, {x: 0, y: 0}, True),
    (sp.Piecewise((x, x > y), (y, True)), {x: 1, y: 2}, False),    # a branch: not argued here
    (sp.Heaviside(x - y), {x: 1, y: 2}, False),
    (sp.sign(x - 1), {x: 2, y: 0}, False),
    (x ** y, {x: 2, y: 1}, False),                              # a symbolic exponent
    (a * x / (x + y), {x: 1, y: 2}, False),                     # a symbol without a value
    (x / (x + y), {x: sp.sqrt(2), y: 1}, False),                # not a rational point
    (x * sp.nan, {x: 1, y: 1}, False),                          # nan: no value
])
def test_continuous_at(expr, point, expected):
    assert continuous_at(expr, point) is expected


@pytest.mark.parametrize("expr", [x / (x + y), (x * y - 1) / (x ** 2 + y + 1), sp.sqrt(x + y) * x,
                                  x * sp.log((x + 1) / (y + 1)), sp.diff(sp.sqrt(x * y + 1) / (x + y), x)])
def test_where_continuous_every_directional_limit_is_the_value(expr):
    checked = 0
    for px, py in itertools.product(range(0, 3), repeat=2):
        point = {x: px, y: py}
        if not continuous_at(expr, point):
            continue
        value = expr.subs(point)
        for d in DIRECTIONS:
            limit = directional_limit(expr, point, {x: d[0], y: d[1]})
            assert limit is not None and sp.simplify(limit - value) == 0, (expr, point, d)
        checked += 1
    assert checked >= 4
