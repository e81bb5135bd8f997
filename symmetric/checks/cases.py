"""Case splits of the contingency table by which cells are zero, and definedness proofs.

A count-form measure is often piecewise (values stipulated where a formula is 0/0), and its
denominators vanish only on faces of the domain where some cells are 0.  Splitting the
integer domain TP, FP, FN, TN >= 0 into the 16 patterns "these cells are 0, the others are
positive" turns every such question into questions about *positive* symbols, where sympy
resolves the piecewise conditions and :mod:`symmetric.checks.decide` decides signs.  A
statement proved for all positive reals in every pattern holds in particular for all
integer tables (integers are reals), so the split is sound for the count domain.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import sympy as sp

from ..space import CELLS
from .decide import is_positive_everywhere
from .domain import Domain

POSITIVE = {cell: sp.Symbol(cell.name.lower(), positive=True) for cell in CELLS}


@dataclass(frozen=True)
class Case:
    zero: tuple[sp.Symbol, ...]                  # cells that are 0
    substitution: dict                           # cell -> 0 or a positive symbol

    def describe(self) -> str:
        if not self.zero:
            return "all four cells positive"
        return ", ".join(f"{c.name} = 0" for c in self.zero) + ", the other cells positive"


def zero_patterns(cells: Sequence[sp.Symbol] = CELLS, *, allow_all_zero: bool = False) -> Iterator[Case]:
    """The 16 (or 15, without the empty table) zero patterns of ``cells``."""
    for size in range(len(cells) + 1):
        for zero in itertools.combinations(cells, size):
            if size == len(cells) and not allow_all_zero:
                continue
            yield Case(zero, {c: (sp.Integer(0) if c in zero else POSITIVE[c]) for c in cells})


def restrict(expr: sp.Expr, case: Case) -> sp.Expr:
    """``expr`` on a case, with piecewise conditions resolved where the case decides them."""
    # xreplace evaluates bottom-up, so a 0/0 stays visible as nan instead of collapsing to 0
    return sp.piecewise_fold(sp.sympify(expr).xreplace(case.substitution))


def is_undefined_constant(expr: sp.Expr) -> bool:
    """0/0 or x/0 already visible in the expression."""
    return expr.has(sp.nan, sp.zoo) or expr.has(sp.oo) or expr.has(-sp.oo)


def definedness(expr: sp.Expr, domain: Domain) -> tuple[bool | None, str]:
    """(True, why) if ``expr`` (in positive symbols) is defined at every point; (None, why) if
    that could not be proved.  Checks every denominator is non-zero, every square root (even
    root) argument non-negative and every log argument positive, by decide.py."""
    if is_undefined_constant(expr):
        return False, "the expression is 0/0 or x/0 on this case"
    if expr.has(sp.Piecewise):
        return None, "a piecewise condition is not resolved by the case"
    for power in expr.atoms(sp.Pow):
        base, exp = power.base, power.exp
        if not exp.is_number:
            if is_positive_everywhere(base, domain).value is not True:
                return None, f"cannot show the base of ${sp.latex(power)}$ positive"
            continue
        if exp.is_negative:
            if (is_positive_everywhere(base, domain).value is not True
                    and is_positive_everywhere(-base, domain).value is not True):
                return None, f"cannot show the denominator ${sp.latex(base)}$ non-zero"
        if exp.is_Rational and not exp.is_integer:
            if is_positive_everywhere(base, domain, strict=bool(exp.is_negative)).value is not True:
                return None, f"cannot show the root argument ${sp.latex(base)}$ non-negative"
    for log in expr.atoms(sp.log):
        if is_positive_everywhere(log.args[0], domain).value is not True:
            return None, f"cannot show the log argument ${sp.latex(log.args[0])}$ positive"
    return True, "every denominator non-zero, every root and log argument in range"
