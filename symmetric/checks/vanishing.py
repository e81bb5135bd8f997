"""The certificate of an expression identically 0 that is no quotient of polynomials (square
roots, logarithms): :class:`~symmetric.certificate.Vanishing`.

The expression, over one fraction, is F · prod p_j^(k_j/2): F a polynomial in the variables and
in one new variable L_i per logarithm log(N_i/D_i), each p_j a polynomial of positive
coefficients (a root or a power, in the numerator or the denominator).  The kernel checks that
N_i = D_i (so L_i = log 1 = 0, D_i > 0), that F is the zero polynomial once every L_i is 0, and
that every p_j is positive, so the product is finite and Δ = 0.  Anything else (a logarithm of
something not 1, a factor of unknown sign) gives no certificate (None): the caller keeps its
"solver only".
"""

from __future__ import annotations

import sympy as sp

from ..certificate import Vanishing
from .certify import MAX_TERMS, NoCertificate


class _NotThisKind(Exception):
    pass


def _poly(expr, gens) -> tuple:
    from .certify import poly_terms          # the one writer of polynomials as certificate terms
    return poly_terms(sp.expand(expr), gens)


def _fraction(e: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    """(N, D) with e = N/D, brought to one fraction by the rules of fractions only (no common
    factor cancelled: that N = D is for the kernel to find)."""
    if e.is_Add:
        parts = [_fraction(t) for t in e.args]
        den = sp.Mul(*(d for _, d in parts))
        return sp.Add(*(n * sp.Mul(*(d for j, (_, d) in enumerate(parts) if j != i))
                        for i, (n, _) in enumerate(parts))), den
    if e.is_Mul:
        parts = [_fraction(f) for f in e.args]
        return sp.Mul(*(n for n, _ in parts)), sp.Mul(*(d for _, d in parts))
    if e.is_Pow and e.exp.is_Integer:
        n, d = _fraction(e.base)
        return (n ** e.exp, d ** e.exp) if e.exp > 0 else (d ** -e.exp, n ** -e.exp)
    if e.is_Rational:
        return sp.Integer(e.p), sp.Integer(e.q)
    if e.is_Pow and e.exp.is_Rational and e.exp < 0:       # a root in the denominator
        return sp.Integer(1), e.base ** -e.exp
    return e, sp.Integer(1)


def _sums(zero: sp.Expr) -> list:
    """F as the factors it is written with, each the list of its summands (a power of a sum:
    that many copies; anything else one summand)."""
    out = []
    for g in sp.Mul.make_args(zero):
        base, k = g.as_base_exp()
        if base.is_Add and k.is_Integer and k > 0:
            out += [list(sp.Add.make_args(base))] * int(k)
        else:
            out.append([g])
    return out


def _positive(expr, gens) -> bool:
    poly = sp.Poly(sp.expand(expr), *gens)
    return bool(poly.terms()) and all(c.is_Rational and c > 0 for c in poly.coeffs())


def certificate(expr: sp.Expr, gens) -> Vanishing | None:
    """The certificate of ``expr`` = 0 for positive ``gens`` (None: this kind does not apply)."""
    gens = list(gens)
    logs: dict = {}
    for node in sorted({n for n in sp.preorder_traversal(expr) if isinstance(n, sp.log)}, key=sp.default_sort_key):
        num, den = _fraction(node.args[0])
        if not (num.is_polynomial(*gens) and den.is_polynomial(*gens)):
            return None
        logs[node] = (sp.Symbol(f"L{len(logs) + 1}"), num, den)
    # one fraction by the rules of fractions only: together() may cancel the very factor that
    # is 0, and then the kernel would have nothing left to add up
    top, bottom = _fraction(expr.xreplace({node: s for node, (s, _, _) in logs.items()}))
    names = gens + [s for s, _, _ in logs.values()]
    try:
        zero, roots = sp.Integer(1), []
        for side, sign in ((top, 1), (bottom, -1)):
            for factor in sp.Mul.make_args(side):
                base, k = factor.as_base_exp()
                if factor.is_Rational and factor != 0:
                    continue                         # a nonzero constant
                if sign > 0 and k.is_Integer and k > 0 and factor.is_polynomial(*names):
                    zero *= factor
                elif (2 * k).is_Integer and base.is_polynomial(*gens) and _positive(base, gens):
                    roots.append((base, sign * int(2 * k)))
                else:
                    raise _NotThisKind(f"{factor}")
        for _, num, den in logs.values():
            if sp.expand(num - den) != 0 or not _positive(den, gens):
                raise _NotThisKind("a logarithm of something not shown to be 1")
        if sp.expand(zero.xreplace({s: 0 for s, _, _ in logs.values()})) != 0:
            raise _NotThisKind("the polynomial part is not 0")
        # F as a product of sums as written: the kernel adds and multiplies them out itself
        written = tuple(tuple(_poly(t, names) for t in f) for f in _sums(zero))
        if sum(len(t) for f in written for t in f) > MAX_TERMS:
            raise _NotThisKind("too large")
        return Vanishing(tuple(map(str, names)), (), ((tuple(0 for _ in names), 1),), "=",
                         zero=written, logs=tuple((_poly(n, names), _poly(d, names)) for _, n, d in logs.values()),
                         root_factors=tuple((_poly(b, names), k) for b, k in roots))
    except (_NotThisKind, NoCertificate, sp.PolynomialError):      # (an irrational coefficient)
        return None
