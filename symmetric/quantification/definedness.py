"""Is a user's per-class term defined on the whole domain 0 < p, q < 1, for every |C| >= 2?

The properties are stated for measures defined and real on the whole domain (:mod:`.check`).
A scan of the grid k/10 finds a point where the term is undefined only when the point is on the
grid: ``abs(q - p)*(4p^4 - 1)/((2p^2 - 1)(2p^2 + 1))`` is undefined at p = 1/sqrt(2) only, and
sympy's simplification cancels the factor before any proof reads it, so without this module its
properties were "proved".  Here every denominator and every logarithm's argument of the term as
written must be proved nonzero (positive, for a logarithm) on the domain by the sign deciders;
otherwise the term gets no verdict, with an exact point where it is undefined when one is found
(a real root of the denominator in (0, 1)) or with the expression that could not be proved
nonzero.  Proof-or-refuse: sympy's "unknown" never counts as "defined".
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .distributions import CODEFRAME_SIZES, n, p, q
from .domains import GENERAL, positive_on

HALF = sp.Rational(1, 2)


@dataclass(frozen=True)
class Undefined:
    """Where the term may be undefined: the expression that may vanish (or be non-positive
    under a logarithm) and, when found, an exact point (p, q, |C|) where it does."""

    expression: sp.Expr
    point: tuple | None

    def reason(self) -> str:
        if self.point is not None:
            at_p, at_q, size = self.point
            return (f"E is undefined at p(c) = {at_p}, p^(c) = {at_q} (|C| = {size}), where {self.expression} "
                    "is 0 (exact)")
        return (f"could not prove that {self.expression} is nonzero on 0 < p, q < 1 for every |C| >= 2, so "
                "E may be undefined somewhere on the domain")


def _hazards(term: sp.Expr):
    """(expression, must be positive) for each denominator (nonzero suffices) and each
    logarithm's argument (must be positive) of ``term``."""
    for power in sp.preorder_traversal(term):
        if isinstance(power, sp.Pow) and power.exp.is_negative:
            yield power.base, False
        elif isinstance(power, sp.log):
            yield power.args[0], True


def _root_in_domain(expression: sp.Expr, size) -> tuple | None:
    """An exact point of 0 < p, q < 1 where ``expression`` is 0: a real root in p at q = 1/2,
    or in q at p = 1/2 (the one-variable restrictions a polynomial factor shows)."""
    for variable, fixed in ((p, {q: HALF}), (q, {p: HALF})):
        restricted = sp.together(expression.subs(fixed))
        numerator = sp.numer(restricted)
        if restricted.free_symbols != {variable} or not numerator.is_polynomial(variable):
            continue
        for root in sp.Poly(numerator, variable).real_roots():
            if 0 < root < 1 and sp.simplify(expression.subs({**fixed, variable: root})) == 0:
                at = {**fixed, variable: root}
                return at[p], at[q], size
    return None


def undefined_somewhere(term: sp.Expr) -> Undefined | None:
    """None when every denominator and logarithm of ``term`` is proved safe on the domain for
    |C| = 2 and every |C| > 2; else where it may fail."""
    for size in CODEFRAME_SIZES:
        at_size = term.subs(n, size)
        for expression, positive in _hazards(at_size):
            if positive_on(expression, GENERAL) is True:
                continue
            if not positive and positive_on(-expression, GENERAL) is True:
                continue
            shown = 2 if size == 2 else "2 + nu"
            return Undefined(expression, _root_in_domain(expression, shown) if size == 2 else None)
    return None
