"""The speed paths decide what the slow paths decided: a sign read off positive coefficients
before z3, the memoised LaTeX printer."""

from __future__ import annotations

import pytest
import sympy as sp

from symmetric.checks import decide
from symmetric.render.notation import to_latex

X, Y = sp.symbols("x y", positive=True)


@pytest.mark.parametrize("poly,positive", [
    (X + Y + 1, True),
    (3 * X * Y + sp.Rational(1, 2), True),
    (sp.Integer(3), True),
    (X - Y, False),                 # either sign
    (-X - 1, False),                # negative: not this helper's question
    (sp.Integer(0), False),         # zero is not > 0
    (sp.sqrt(2) * X + 1, False),    # an irrational coefficient: left to z3
    (X ** 2 - 2 * X + 1, False),    # >= 0 but not by its coefficients
])
def test_positive_coefficients(poly, positive):
    assert decide._positive_coefficients(poly, [X, Y]) is positive


def test_side_questions_with_positive_coefficients_ask_no_z3(monkeypatch):
    asked = []
    real = decide._z3_find_nonpositive

    def counting(num, gens, strict, extra_positive=(), equations=()):
        asked.append(num)
        return real(num, gens, strict, extra_positive, equations)
    monkeypatch.setattr(decide, "_z3_find_nonpositive", counting)
    # z3's path (a squarings certificate the kernel accepts now proves this one without z3)
    monkeypatch.setattr(decide, "_certified", lambda certificate, domain: None)
    decide.is_positive_everywhere.cache_clear()
    try:
        # a square root of x + y: its radicand's sign is read off its coefficients, not asked of z3
        d = decide.is_positive_everywhere(sp.sqrt(X + Y) - sp.sqrt(X))
        assert d.value is True
        assert asked and X + Y not in asked
    finally:
        decide.is_positive_everywhere.cache_clear()


@pytest.mark.parametrize("expr", [sp.Float(1.0) * X, sp.Integer(1) * X, X / 2, sp.Eq(X, 0, evaluate=False)])
def test_memoised_latex_is_the_printers(expr):
    from symmetric.render import notation
    assert to_latex(expr) == notation._to_latex(sp.sympify(expr), True)
    assert to_latex(expr) == to_latex(expr)


def test_a_float_is_not_read_from_an_integers_memo():
    assert to_latex(sp.Integer(2) * X) != to_latex(sp.Float(2.0) * X)
