"""Lewis' approximation of E[F] (eq. (17)) and its error bound (eq. (18), Appendix A).

With X = (beta^2 + 1) sum s_i Z_i and Y = sum s_i + beta^2 sum Z_i, F = X / Y whenever s != 0, and
E[X/Y] is approximated by E[X]/E[Y]; von Mises' bound (eq. (29)) with K = max |X/Y| = 1 gives

    |E[X/Y] - E[X]/E[Y]| <= (K var[Y] + sqrt(var[X] var[Y])) / E[Y]^2.

For s = 0 the approximation C_F prod (1 - p_i) is exact.  Values are sympy numbers (exact, with
square roots kept symbolic) for rational inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sympy as sp


def _q(x) -> sp.Expr:
    return sp.nsimplify(x) if isinstance(x, float) else sp.sympify(x)


@dataclass(frozen=True)
class RatioMoments:
    """E and var of X and Y (Appendix A), as exact sympy numbers."""

    EX: sp.Expr
    varX: sp.Expr
    EY: sp.Expr
    varY: sp.Expr


def ratio_moments(p: Sequence, s: Sequence[int], beta=1) -> RatioMoments:
    """Moments of the linear statistics X and Y: both are sums of independent terms c_i Z_i, so
    E = sum c_i p_i and var = sum c_i^2 p_i (1 - p_i) (derived symbolically in derivations.lewis95)."""
    p = [_q(x) for x in p]
    b2 = _q(beta) ** 2
    EX = (b2 + 1) * sum(si * pi for si, pi in zip(s, p))
    varX = (b2 + 1) ** 2 * sum(si * pi * (1 - pi) for si, pi in zip(s, p))
    EY = sum(s) + b2 * sum(p)
    varY = b2 ** 2 * sum(pi * (1 - pi) for pi in p)
    return RatioMoments(sp.nsimplify(EX), sp.nsimplify(varX), sp.nsimplify(EY), sp.nsimplify(varY))


def approximate_f(p: Sequence, s: Sequence[int], beta=1, c_f=1) -> sp.Expr:
    """Eq. (17)."""
    if not any(s):
        return _q(c_f) * sp.prod([1 - _q(x) for x in p])
    m = ratio_moments(p, s, beta)
    return m.EX / m.EY


def error_bound(p: Sequence, s: Sequence[int], beta=1, K=1) -> sp.Expr:
    """Eq. (18) (0 for s = 0, where eq. (17) is exact)."""
    if not any(s):
        return sp.Integer(0)
    m = ratio_moments(p, s, beta)
    return (K * m.varY + sp.sqrt(m.varX * m.varY)) / m.EY ** 2
