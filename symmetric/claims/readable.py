"""The form a derived expression is shown in: among forms proved equal to it, the shortest
(as printed: 1 - P(G) counts as the one symbol P(¬G) it prints as).

A derivation compares a printed step with what symmetric derives; the derived side is shown
beside the printed one, so it should read like mathematics a person writes, not like sympy's
working form (nested radicals of expanded fractions).  The candidate forms are rules as data
(:data:`READABLE_RULES`); a candidate is shown only when the decider that checks the steps
(:func:`~symmetric.checks.decide.is_identically_zero`) proves it equal to the derived
expression on the step's domain.  A candidate that is not proved equal is never shown.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import sympy as sp

from ..checks.decide import is_identically_zero
from ..domain import Domain
from ..space import JOINT_DOMAIN, c1, c2, c3, c4, g, j, s

# A form of at most this many characters (sympy's str) is shown as it is (factored).
SHORT = 60
# A form that prints longer than this is not offered to the rules (sympy's simplify is slow).
LONGEST = 2000

# Back from the joint domain's positive cells c1..c4 (its reparametrisation j = c1/C, s =
# (c1+c2)/C, g = (c1+c3)/C, C = c1+c2+c3+c4) to P(S and G), P(S), P(G): the cells of a table
# of total 1.  The derived forms are functions of the ratios c_i/C only, so this is exact.
_JOINT_BACK = {c1: j, c2: s - j, c3: g - j, c4: 1 - g - s + j}
_BACK = {JOINT_DOMAIN.name: _JOINT_BACK}


def _back(domain: Domain) -> dict | None:
    back = dict(domain.inverse)
    back.update(_BACK.get(domain.name, {}))
    return back or None


@lru_cache(maxsize=256)
def _simplified_positive(expr: sp.Expr, domain: Domain) -> sp.Expr:
    """``expr`` in the domain's positive symbols, simplified and factored: the costly part of
    the positive rules, done once for all of them (sympy's simplify is a pure function)."""
    return sp.factor(sp.simplify(domain.to_positive(expr)))


def _positive(expr: sp.Expr, domain: Domain, tidy: Callable) -> sp.Expr | None:
    """``expr`` rewritten by ``tidy`` in the domain's positive symbols (where sympy may join
    and cancel radicals), then written back in the domain's own symbols."""
    back = _back(domain)
    if not domain.reparam or back is None:
        return None
    return tidy(_simplified_positive(expr, domain)).xreplace(back)


# the first form tried and the first rule: factored once (sympy's factor is a pure function)
_factor = lru_cache(maxsize=256)(sp.factor)

# The papers write 1 - P(G) as P(¬G) and 1 - P(S) as P(¬S), and so do the printers (render/
# notation.py): a form is as long as it prints, each 1 - X one symbol.
COMPLEMENTED = (g, s)
_AS_PRINTED = {1 - x: sp.Symbol(f"not_{x.name}") for x in COMPLEMENTED}


def _shown_length(form) -> int:
    return len(str(form.xreplace(_AS_PRINTED) if isinstance(form, sp.Basic) else form))


def _in_complements(expr: sp.Expr) -> sp.Expr | None:
    """``expr`` factored in the complements 1 - P(G), 1 - P(S) (P(G)P(S) - P(G) - P(S) + 1 is
    (1 - P(G))(1 - P(S)), printed P(¬G)P(¬S))."""
    bars = {x: sp.Dummy(positive=True) for x in COMPLEMENTED if x in expr.free_symbols}
    if not bars:
        return None
    form = sp.factor(expr.xreplace({x: 1 - bar for x, bar in bars.items()}))
    return form.xreplace({bar: 1 - x for x, bar in bars.items()})

# (name, rule): each rule takes the expression and the domain and returns a candidate form
READABLE_RULES: tuple[tuple[str, Callable[[sp.Expr, Domain], sp.Expr | None]], ...] = (
    ("factored", lambda e, d: _factor(e)),
    ("cancelled", lambda e, d: sp.cancel(e)),
    ("simplified in positive symbols", lambda e, d: _positive(e, d, lambda x: x)),
    ("radicals joined in positive symbols", lambda e, d: _positive(e, d, sp.powsimp)),
    ("factored in complements", lambda e, d: _in_complements(e)),
)
SHORT_FORM_RULES = READABLE_RULES[-1:]


def readable(expr, domain: Domain) -> object:
    """The derived ``expr`` as shown: the shortest of the forms of :data:`READABLE_RULES` that
    is proved equal to it on ``domain`` (``expr`` itself, factored when cheap, otherwise)."""
    expr = sp.sympify(expr)
    return _readable(expr, domain) if isinstance(expr, sp.Expr) else expr


@lru_cache(maxsize=512)
def _readable(expr, domain: Domain) -> object:     # claims repeat their forms: each one once
    if not isinstance(expr, sp.Expr) or expr.is_number or expr.has(sp.Piecewise, sp.zoo, sp.nan, sp.oo, -sp.oo):
        return expr
    best = _factor(expr) if sp.count_ops(expr) < 80 else expr
    if len(str(expr)) > LONGEST:
        return best
    # a short form is shown as it is, unless it reads shorter in complements (√P(S)·√(1 - P(S)))
    rules = READABLE_RULES if _shown_length(best) > SHORT else SHORT_FORM_RULES
    candidates = []
    for _, rule in rules:
        try:
            candidate = rule(expr, domain)
        except (sp.PolynomialError, NotImplementedError, TypeError, ValueError, RecursionError):
            continue
        if candidate is not None and _shown_length(candidate) < _shown_length(best) \
                and candidate.free_symbols <= expr.free_symbols | set(domain.reparam):
            candidates.append(candidate)
    # the shortest candidate proved equal (ties: the earlier rule); proofs are the costly part,
    # so they go shortest first and stop at the first that holds
    for candidate in sorted(candidates, key=_shown_length):
        if is_identically_zero(candidate - expr, domain).value is True:
            return candidate
    return best
