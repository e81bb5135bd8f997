"""Polynomials over the rationals as z3 terms, and z3's values back as exact rationals (the
solver's side of :mod:`.decide`)."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp


class NotRational(Exception):
    """A coefficient z3 cannot take exactly (sqrt(2), log(3), ...)."""


def to_z3(poly_expr: sp.Expr, gens, z3vars):
    import z3
    poly = sp.Poly(poly_expr, *gens)
    total = z3.RealVal(0)
    for monom, coeff in poly.terms():
        # int() of an irrational coefficient would truncate it (2*sqrt(2) -> 2) and z3 would
        # then decide a different polynomial: refuse instead
        if not coeff.is_Rational:
            raise NotRational(coeff)
        q = Fraction(int(coeff.p), int(coeff.q))
        term = z3.RealVal(f"{q.numerator}/{q.denominator}")
        for var, power in zip(z3vars, monom):
            for _ in range(power):
                term = term * var
        total = total + term
    return total


def z3_value_to_rational(val) -> sp.Rational:
    import z3
    if z3.is_rational_value(val):
        return sp.Rational(val.numerator_as_long(), val.denominator_as_long())
    # algebraic number: take a close rational; the caller re-checks exactly
    approx = val.approx(20)
    return sp.Rational(approx.numerator_as_long(), approx.denominator_as_long())
