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
from functools import lru_cache

import sympy as sp

from ..space import CELLS
from .decide import exact_sign, is_positive_everywhere
from .substitute import substitute
from ..domain import Domain

POSITIVE = {cell: sp.Symbol(cell.name.lower(), positive=True) for cell in CELLS}


@dataclass(frozen=True)
class Case:
    zero: tuple[sp.Symbol, ...]                  # cells that are 0
    substitution: dict                           # cell -> 0 or a positive symbol
    # a cell the proof writes 1 + c (an item moved out of it): its "0" is the table's 1
    moved: sp.Symbol | None = None

    def face(self) -> tuple:
        """The pattern as one relation per cell (TP, FP, FN, TN): 0, positive, or for the moved
        cell 1 or more than 1."""
        def relation(c):
            if c == self.moved:
                return sp.Eq(c, 1, evaluate=False) if c in self.zero else sp.Gt(c, 1, evaluate=False)
            return sp.Eq(c, 0, evaluate=False) if c in self.zero else sp.Gt(c, 0, evaluate=False)
        return tuple(relation(c) for c in CELLS)

    def describe(self) -> str:
        if self.moved is not None:      # named in the table's own counts: 1 or more than 1
            named = [f"{c.name} = 0" for c in self.zero if c != self.moved]
            named.append(f"{self.moved.name} = 1" if self.moved in self.zero else f"{self.moved.name} > 1")
            return ", ".join(named) + ", the other cells positive"
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


def fold(expr: sp.Expr) -> sp.Expr:
    """``piecewise_fold``, or ``expr`` as it is when folding would put an undefined branch
    value into a function that refuses it (Min(x, Piecewise((zoo, c), ...)) raises)."""
    try:
        return sp.piecewise_fold(expr)
    except (ValueError, TypeError, RecursionError):
        return expr


def restrict(expr: sp.Expr, case: Case) -> sp.Expr:
    """``expr`` on a case, with piecewise conditions resolved where the case decides them."""
    # xreplace evaluates bottom-up, so a 0/0 stays visible as nan instead of collapsing to 0
    return fold(substitute(expr, case.substitution))


_UNDEFINED = (sp.nan, sp.zoo, sp.oo, -sp.oo)


def is_undefined_constant(expr: sp.Expr) -> bool:
    """0/0 or x/0 visible in the expression *throughout* its domain: outside any branch of an
    unresolved piecewise definition, or in every branch of one.  An undefined value in one
    branch binds only where that branch is taken (cases(TP > 0, FN/TP, 1) restricted to TP = 0
    is 1, and on a case where TP > 0 is not settled it is neither defined nor undefined)."""
    if not expr.has(*_UNDEFINED):
        return False
    return _undefined_throughout(sp.sympify(expr))


def _undefined_throughout(e: sp.Basic) -> bool:
    if e in _UNDEFINED:
        return True
    if isinstance(e, sp.Piecewise):
        return all(_undefined_throughout(value) for value, _ in e.args)
    if e.is_Atom or not isinstance(e, sp.Expr):
        return False
    # any other node (arithmetic, a function) needs the value of every argument
    return any(_undefined_throughout(a) for a in e.args)


# Functions defined for every real argument: they add no obligation of their own.
_TOTAL = (sp.Add, sp.Mul, sp.exp, sp.Abs, sp.Min, sp.Max, sp.sign)


@dataclass(frozen=True)
class Obligation:
    """A condition a subterm puts on the point for the expression to be defined there."""

    kind: str              # 'nonzero' (a denominator), 'nonnegative' (an even root), 'positive'
    subject: sp.Expr       # already restricted to the case

    def describe(self) -> str:
        return {"nonzero": f"the denominator ${sp.latex(self.subject)}$ non-zero",
                "nonnegative": f"the root argument ${sp.latex(self.subject)}$ non-negative",
                "positive": f"the base or log argument ${sp.latex(self.subject)}$ positive"}[self.kind]


def obligations(expr: sp.Expr, substitution: dict | None = None) -> tuple[Obligation, ...] | str:
    """Every definedness condition of ``expr``'s own tree, restricted by ``substitution``.

    The conditions come from the *unsubstituted* tree: sympy evaluates ``0 * x/(t - 10)`` to 0
    as soon as a cell is put to 0, so the restricted expression alone would hide that the
    measure is 0/0 at t = 10.  Inside a piecewise definition only the branch the substitution
    selects counts (a stipulated value covers the 0/0 of the other branches).  Returns a
    reason string when a condition cannot be listed (a piecewise condition the substitution
    does not resolve, or a function outside the known ones)."""
    substitution = substitution or {}
    found: dict[tuple[str, sp.Expr], None] = {}

    def put(kind: str, subject: sp.Expr) -> None:
        found.setdefault((kind, fold(substitute(subject, substitution))), None)

    def walk(node: sp.Basic) -> str | None:
        if isinstance(node, sp.Piecewise):
            for branch, condition in node.args:
                resolved = substitute(condition, substitution)
                if resolved is sp.true:
                    return walk(branch)
                if resolved is not sp.false:
                    return f"the piecewise condition ${sp.latex(condition)}$ is not resolved here"
            return None              # no branch applies: sympy makes that nan, seen elsewhere
        if node.is_Atom:
            return None
        if node.is_Pow:
            base, exponent = node.args
            if exponent.is_integer:
                if exponent.is_negative:
                    put("nonzero", base)
                elif not exponent.is_nonnegative:
                    return f"the sign of the exponent of ${sp.latex(node)}$ is unknown"
            elif exponent.is_Rational and exponent.is_positive:
                put("nonnegative", base)       # x^(k/2) etc.: real for x >= 0 (a conservative demand)
            else:
                put("positive", base)          # negative, irrational or symbolic exponent
        elif isinstance(node, sp.log):
            put("positive", node.args[0])
        elif not isinstance(node, _TOTAL):
            return f"definedness of ${sp.latex(node)}$ is not modelled"
        for arg in node.args:
            why = walk(arg)
            if why:
                return why
        return None

    why = walk(sp.sympify(expr))
    return why if why else tuple(Obligation(kind, subject) for kind, subject in found)


def _obligation_holds(ob: Obligation, domain: Domain) -> bool | None:
    """True when proved everywhere on the domain, False when violated identically, else None."""
    s = ob.subject
    if is_undefined_constant(s) or s.has(sp.Piecewise):
        return None
    if s.is_number:
        sign = exact_sign(s)
        if sign is None:
            return None
        return {"nonzero": sign != 0, "nonnegative": sign >= 0, "positive": sign > 0}[ob.kind]
    if ob.kind == "nonzero":
        if (is_positive_everywhere(s, domain).value is True
                or is_positive_everywhere(-s, domain).value is True):
            return True
        return None
    return True if is_positive_everywhere(s, domain, strict=ob.kind == "positive").value is True else None


def definedness(expr: sp.Expr, domain: Domain, substitution: dict | None = None) -> tuple[bool | None, str]:
    """See :func:`_definedness`; memoised: the properties of one measure (and both readings of
    each) ask for the same form on the same zero patterns again and again."""
    key = tuple((substitution or {}).items())
    try:
        hash((expr, domain, key))
    except TypeError:        # an unhashable value in the substitution: computed as it is
        return _definedness(expr, domain, substitution)
    return _memo_definedness(expr, domain, key)


@lru_cache(maxsize=4096)     # a pure function of immutable inputs (an exception is not kept)
def _memo_definedness(expr: sp.Expr, domain: Domain, substitution: tuple) -> tuple[bool | None, str]:
    return _definedness(expr, domain, dict(substitution))


def _definedness(expr: sp.Expr, domain: Domain, substitution: dict | None = None) -> tuple[bool | None, str]:
    """(True, why) if ``expr`` restricted by ``substitution`` (cells to 0 or to positive
    symbols) is defined at every point of ``domain``; (False, why) if it is undefined at every
    point (0/0 or x/0 on the whole case); (None, why) if neither could be shown.  Every
    denominator must be non-zero, every even root argument non-negative, every log argument
    (and the base of a power with a non-rational exponent) positive, by decide.py."""
    restricted = fold(substitute(expr, substitution or {}))
    if is_undefined_constant(restricted):
        return False, "the expression is 0/0 or x/0 on this case"
    listed = obligations(expr, substitution)
    if isinstance(listed, str):
        return None, listed
    for ob in listed:
        holds = _obligation_holds(ob, domain)
        if holds is False:
            return False, f"{ob.describe()} fails on the whole case"
        if holds is None:
            return None, f"cannot show {ob.describe()}"
    return True, "every denominator non-zero, every root and log argument in range"
