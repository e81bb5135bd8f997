"""The one Piecewise resolver: branches settled on a domain are replaced by their value.

A measure written with ``cases(...)`` (a sympy Piecewise) is decided one formula at a time: a
branch whose condition is false everywhere on the domain is dropped, the first branch whose
condition is true everywhere is taken, and a branch whose condition is not settled stays (then
the measure can jump where the branch changes, and a derivative argument is no proof:
:func:`piece_free` is the guard for that).  Conditions are decided from a *sign oracle*: the
strict sign of an expression on the domain, None when not decided; and optionally a *zero
oracle* (is the expression identically zero there), which settles equations.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp
from sympy.logic.boolalg import And, Not, Or

from ..logic import Truth, fuzzy_and, fuzzy_not, fuzzy_or

Sign = Callable[[sp.Expr], "int | None"]
Zero = Callable[[sp.Expr], Truth]

# functions that can jump; Abs, Min and Max are continuous and are resolved separately
DISCONTINUOUS = (sp.Piecewise, sp.sign, sp.floor, sp.ceiling, sp.Heaviside, sp.frac)


def piece_free(expr: sp.Expr) -> bool:
    """No branch and no jump function left: the formula is one elementary expression."""
    return not expr.has(*DISCONTINUOUS)


def condition_truth(condition, sign: Sign, zero: Zero | None = None) -> Truth:
    """Truth of a branch condition everywhere on a domain (None: not settled)."""
    if condition is sp.true or condition is sp.false:
        return bool(condition)
    if isinstance(condition, Not):
        return fuzzy_not(condition_truth(condition.args[0], sign, zero))
    if isinstance(condition, And):
        return fuzzy_and(condition_truth(c, sign, zero) for c in condition.args)
    if isinstance(condition, Or):
        return fuzzy_or(condition_truth(c, sign, zero) for c in condition.args)
    if not isinstance(condition, sp.core.relational.Relational):
        return None
    difference = condition.lhs - condition.rhs
    if isinstance(condition, (sp.Eq, sp.Ne)) and zero is not None and zero(difference) is True:
        return isinstance(condition, sp.Eq)
    s = sign(difference)
    if s is None:
        return None
    if isinstance(condition, sp.Eq):
        return False      # the sign is strict, so lhs != rhs
    if isinstance(condition, sp.Ne):
        return True
    if isinstance(condition, (sp.StrictLessThan, sp.LessThan)):
        return s < 0
    return s > 0


def resolve_piecewise(expr: sp.Expr, sign: Sign, zero: Zero | None = None) -> sp.Expr:
    """Drop the branches whose condition is false on the domain and take the first one that is
    true; a branch with an unsettled condition keeps the Piecewise (with what is left)."""
    def fix(node):
        kept = []
        for value, condition in node.args:
            truth = condition_truth(condition, sign, zero)
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
    if not expr.has(sp.Piecewise):
        return expr
    return expr.replace(lambda e: isinstance(e, sp.Piecewise), fix)


def branch_values(e: sp.Expr, sign: Sign, zero: Zero) -> tuple[sp.Expr, ...] | None:
    """The values of ``e``'s branches once its Piecewise parts are folded into one, when a
    branch applies at every point (a last condition True); None for an expression without a
    Piecewise, or one undefined where no condition holds (its whole form decides that)."""
    if not e.has(sp.Piecewise):
        return None
    # a branch whose condition is false at every point is dropped (F1's non-informative score has
    # a branch for a sum of positive terms equal to 0); ``e`` is on the positive reparametrisation,
    # where every symbol is positive: ``sign`` and ``zero`` are the unconstrained oracles
    folded = resolve_piecewise(sp.piecewise_fold(e), sign, zero)
    if not isinstance(folded, sp.Piecewise):
        return (folded,) if not folded.has(sp.Piecewise) else None
    if folded.args[-1].cond is not sp.true:
        return None
    return tuple(value for value, _ in folded.args)


# ---------------------------------------------------------------------- branch boundaries

def jumps_in(expr: sp.Expr, var: sp.Symbol) -> bool:
    """Can ``expr`` jump as ``var`` moves: a branch condition or a jump function that depends
    on ``var``?  Then a zero (or signed) derivative on each branch proves nothing across them."""
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Piecewise):
            if any(_depends_on(c, var) for _, c in node.args):
                return True
        elif isinstance(node, DISCONTINUOUS) and var in node.free_symbols:
            return True
    return False


def _depends_on(condition, var: sp.Symbol) -> bool:
    """Can the truth of ``condition`` change with ``var``?  A relation whose lhs - rhs is a
    product of factors free of ``var`` and factors positive by the symbols' assumptions (TP > FP
    on non-informative outputs is n s (2g - 1) > 0: s > 0 drops out) does not."""
    condition = sp.sympify(condition)
    if var not in condition.free_symbols:
        return False
    if isinstance(condition, (And, Or, Not)):
        return any(_depends_on(c, var) for c in condition.args)
    if not isinstance(condition, sp.core.relational.Relational):
        return True
    try:
        num, den = sp.fraction(sp.factor(sp.together(condition.lhs - condition.rhs)))
    except (sp.PolynomialError, ValueError, TypeError):
        return True
    for part in (num, den):
        for factor in sp.Mul.make_args(part):
            if var in factor.free_symbols and factor.is_positive is not True:
                return True
    return False


def _relations(condition) -> list:
    if isinstance(condition, sp.core.relational.Relational):
        return [condition]
    if isinstance(condition, (And, Or, Not)):
        return [r for c in condition.args for r in _relations(c)]
    return []


def _rationals_near(point, low, high) -> list:
    """``point`` if rational, and rationals just below and above it, all inside (low, high):
    a band narrower than any grid is then still sampled on both sides of each edge."""
    out = []
    if point.is_Rational:
        out.append(point)
    x = sp.nsimplify(point) if point.is_Float else point
    for k in (3, 6):
        delta = sp.Rational(1, 10 ** k)
        below = sp.Rational(sp.floor(x / delta)) * delta
        for candidate in (below - delta, below, below + delta, below + 2 * delta):
            if candidate.is_Rational:
                out.append(candidate)
    return [c for c in out if low < c < high]


def boundary_points(expr: sp.Expr, var: sp.Symbol, low=0, high=1, limit: int = 24) -> tuple:
    """Rational values of ``var`` in (low, high) on and around every point where a branch
    condition of ``expr`` (other symbols already fixed to numbers) changes: the candidates an
    exhaustive search adds so that it does not step over a narrow branch.  Conditions that
    cannot be solved for ``var`` add nothing (the search then relies on its grid)."""
    found: set = set()
    for node in sp.preorder_traversal(expr):
        if not isinstance(node, sp.Piecewise):
            continue
        for _, condition in node.args:
            for rel in _relations(sp.sympify(condition)):
                try:
                    difference = sp.cancel(sp.together(rel.lhs - rel.rhs))
                except (sp.PolynomialError, ValueError, TypeError):
                    continue
                if var not in difference.free_symbols or len(difference.free_symbols) != 1:
                    continue
                try:
                    roots = sp.solve(sp.numer(sp.together(difference)), var)
                except (NotImplementedError, ValueError, TypeError):
                    continue
                for r in roots:
                    if r.is_real and r.is_number:
                        found.update(_rationals_near(sp.nsimplify(r) if r.is_Float else r, low, high))
                if len(found) > limit:
                    return tuple(sorted(found)[:limit])
    return tuple(sorted(found))
