"""Sparse multivariate polynomials over the rationals: {exponent tuple: Fraction}, no zero entry."""

from __future__ import annotations

from fractions import Fraction
from math import comb

Poly = dict


def const(value, nvars: int) -> Poly:
    value = Fraction(value)
    return {(0,) * nvars: value} if value else {}


def add(p: Poly, q: Poly) -> Poly:
    out = dict(p)
    for e, c in q.items():
        s = out.get(e, 0) + c
        if s:
            out[e] = s
        else:
            out.pop(e, None)
    return out


def scale(p: Poly, c) -> Poly:
    c = Fraction(c)
    return {e: v * c for e, v in p.items()} if c else {}


def mul(p: Poly, q: Poly) -> Poly:
    out: Poly = {}
    for e1, c1 in p.items():
        for e2, c2 in q.items():
            e = tuple(a + b for a, b in zip(e1, e2))
            s = out.get(e, 0) + c1 * c2
            if s:
                out[e] = s
            else:
                out.pop(e, None)
    return out


def power(p: Poly, k: int, nvars: int) -> Poly:
    out = const(1, nvars)
    for _ in range(k):
        out = mul(out, p)
    return out


def shift(p: Poly, offsets: list) -> Poly:
    """p with x_i replaced by offsets[i] + x_i (binomial expansion, variable by variable)."""
    out = p
    for i, c in enumerate(offsets):
        c = Fraction(c)
        if not c:
            continue
        step: Poly = {}
        for e, v in out.items():
            n = e[i]
            for j in range(n + 1):     # (c + x)^n = sum C(n, j) c^(n - j) x^j
                term = tuple(j if k == i else x for k, x in enumerate(e))
                step = add(step, {term: v * comb(n, j) * c ** (n - j)})
        out = step
    return out


def evaluate(p: Poly, point: list) -> Fraction:
    total = Fraction(0)
    for e, c in p.items():
        term = Fraction(c)
        for x, k in zip(point, e):
            term *= Fraction(x) ** k
        total += term
    return total
