"""Piecewise terms (user ``cases(...)``, sympy Piecewise) on the checkers' domains.

The checkers decide signs on one side of the diagonal at a time (0<p<q<1 or 0<q<p<1).  A
branch condition that is settled on such a domain (``q > p`` on the upper side) is replaced by
its branch, so the sign and zero decisions see one smooth formula per side.  A condition that
is not settled there (``q > 1/2``) stays, and then a derivative argument is not a proof: the
measure can jump where the branch changes.  :func:`piece_free` is the guard for that.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp
from sympy.logic.boolalg import And, Not, Or

# functions that can jump; Abs, Min and Max are continuous and are resolved separately
DISCONTINUOUS = (sp.Piecewise, sp.sign, sp.floor, sp.ceiling, sp.Heaviside, sp.frac)


def piece_free(expr: sp.Expr) -> bool:
    """No branch and no jump function left: the formula is one elementary expression."""
    return not expr.has(*DISCONTINUOUS)


def decide(condition, sign: Callable[[sp.Expr], int | None]) -> bool | None:
    """Truth of a branch condition on a domain, from ``sign`` (strict sign of an expression on
    the domain, None when not decided).  None when not settled."""
    if condition is sp.true or condition is sp.false:
        return bool(condition)
    if isinstance(condition, Not):
        inner = decide(condition.args[0], sign)
        return None if inner is None else not inner
    if isinstance(condition, (And, Or)):
        parts = [decide(c, sign) for c in condition.args]
        if isinstance(condition, And):
            return False if False in parts else (True if all(parts) else None)
        return True if True in parts else (False if all(v is False for v in parts) else None)
    if isinstance(condition, sp.core.relational.Relational):
        s = sign(condition.lhs - condition.rhs)
        if s is None:
            return None
        if isinstance(condition, sp.Eq):
            return False      # the sign is strict, so lhs != rhs
        if isinstance(condition, sp.Ne):
            return True
        if isinstance(condition, (sp.StrictLessThan, sp.LessThan)):
            return s < 0
        return s > 0
    return None


def resolve_piecewise(expr: sp.Expr, sign: Callable[[sp.Expr], int | None]) -> sp.Expr:
    """Drop the branches whose condition is false on the domain and take the first one that is
    true; a branch with an unsettled condition keeps the Piecewise (with what is left)."""
    def fix(node):
        kept = []
        for value, condition in node.args:
            truth = decide(condition, sign)
            if truth is False:
                continue
            if truth is True:
                if not kept:
                    return value
                kept.append((value, True))
                break
            kept.append((value, condition))
        if not kept:
            return node          # no branch applies anywhere: leave sympy's own (undefined) form
        return sp.Piecewise(*kept)
    return expr.replace(lambda e: isinstance(e, sp.Piecewise), fix)
