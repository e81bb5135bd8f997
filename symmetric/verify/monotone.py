"""Monotone transforms in relations, as proofs use them: ``\\ln a < \\ln b`` from ``a < b``,
``\\exp(x) > 1`` from ``x > 0``, ``\\sqrt{x} \\le 1`` from ``x \\le 1``.

Only a proof comes from here: a relation between increasing functions of the same kind (or of
one such function and a constant) holds wherever both sides are defined when the relation of
the arguments holds, and the arguments' relation is decided by the caller's decider.  The
domain of the function (a positive argument of ln, a nonnegative one of a square root) must
itself be proved on the claim's domain, else nothing is concluded.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

Decide = Callable[[str, sp.Expr, sp.Expr], "bool | None"]      # (rel, lhs, rhs) -> truth


def _nonnegative(base: sp.Expr) -> bool:
    """``base >= 0`` where the count cells are positive (the claim's count domain): the cells
    become positive symbols, anything else keeps its own assumptions."""
    from .. import space
    positive = {c: sp.Dummy(c.name, positive=True) for c in space.CELLS}
    return sp.sympify(base).xreplace(positive).is_nonnegative is True


def _kind(expr: sp.Expr):
    """('log' | 'exp' | 'root', argument) for an increasing function application, else None."""
    if isinstance(expr, sp.log) and len(expr.args) == 1:
        return "log", expr.args[0]
    if isinstance(expr, sp.exp):
        return "exp", expr.args[0]
    if isinstance(expr, sp.Pow) and expr.exp.is_Rational and expr.exp > 0 and not expr.exp.is_integer:
        return f"root{expr.exp}", expr.base
    if isinstance(expr, sp.Mul):
        # sqrt(a/b) as sympy writes it, sqrt(a) * b**(-1/2): one root of the product of the bases
        powers = [f if isinstance(f, sp.Pow) else sp.Pow(f, 1, evaluate=False) for f in expr.args]
        exps = {abs(p.exp) for p in powers}
        # each base nonnegative by its own assumptions: sqrt(a) sqrt(b) is sqrt(ab) only then
        if len(exps) == 1 and all(p.exp.is_Rational and _nonnegative(p.base) for p in powers):
            e = exps.pop()
            if e > 0 and not e.is_integer:
                base = sp.Mul(*[p.base ** sp.sign(p.exp) for p in powers])
                return f"root{e}", base
    return None


def _inverse(kind: str, c: sp.Expr):
    """The constant whose image is ``c`` (None where the function does not reach it)."""
    if kind == "log":
        return sp.exp(c)
    if kind == "exp":
        return sp.log(c) if c.is_positive else None
    exponent = sp.Rational(kind[4:])
    return c ** (1 / exponent) if c.is_nonnegative else None


def reduced(rel: str, lhs: sp.Expr, rhs: sp.Expr, decide: Decide) -> bool:
    """True when ``lhs rel rhs`` follows from the relation of the arguments (see the module doc)."""
    if rel not in ("<", "<=", ">", ">=", "="):
        return False
    left, right = _kind(lhs), _kind(rhs)
    if left and right and left[0] == right[0]:
        a, b = left[1], right[1]
    elif left and rhs.is_number and (inv := _inverse(left[0], rhs)) is not None:
        a, b = left[1], inv
    elif right and lhs.is_number and (inv := _inverse(right[0], lhs)) is not None:
        a, b = inv, right[1]
    else:
        return False
    kind = (left or right)[0]
    if kind == "log" and not all(decide(">", x, sp.Integer(0)) is True for x in (a, b) if not x.is_number):
        return False                                   # ln is increasing where it is defined
    if kind.startswith("root") and not all(decide(">=", x, sp.Integer(0)) is True for x in (a, b)
                                           if not x.is_number):
        return False
    return decide(rel, a, b) is True
