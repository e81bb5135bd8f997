"""Exact numbers for the steps: a printed figure against an exact value (rounding, and
truncation noticed), and a counterexample point made exact (integer counts for a table)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

import sympy as sp

from .. import space
from ..checks.decide import exact_sign
from ..claims.derivation import Derivation
from ..evidence import say
from ..logic import Verdict
from .outcome import Outcome

_INFINITY = {"oo": sp.oo, "inf": sp.oo, "infinity": sp.oo, "+oo": sp.oo, "-oo": -sp.oo, "-inf": -sp.oo,
             "-infinity": -sp.oo, "\\infty": sp.oo, "+\\infty": sp.oo, "-\\infty": -sp.oo}
_GRID = range(1, 6)      # positive tables: the domain the claim is checked on


def infinity(text: str):
    return _INFINITY.get(text.replace(" ", "").lower())


def _printed_number(text: str):
    try:
        return sp.Rational(text.strip())
    except (TypeError, ValueError):
        return None


def _shown(exact):
    return exact if exact.is_Rational and len(str(exact)) < 40 else sp.N(exact, 10)


def compare_number(d: Derivation, label, printed: str, exact: sp.Expr, point: Mapping, table):
    """Does the exact value round to the printed figure?  A figure that is the value truncated
    (not rounded) is wrong as printed, and the step says so."""
    value = _printed_number(printed)
    if value is None:
        raise table.error(f"printed must be a number such as 0.667 or 2/3, got {printed!r}", "printed")
    at = say("exact value at " + ", ".join(f"{{{i}}}" for i in range(len(point))),
             *[sp.Eq(k, v, evaluate=False) for k, v in point.items()])
    if exact.has(sp.nan, sp.zoo) or not exact.is_number or exact.is_real is False:
        d.fact(label, False, printed=sp.Rational(value) if "/" in printed else sp.Symbol(printed), derived=None,
               justification=(at, "; the formula is undefined there"))
        return Outcome(Verdict.FAILS, None, None)
    body = printed.strip().lstrip("+-")
    decimals = len(body.split(".")[1]) if "." in body and "/" not in body else None
    if decimals is None:                   # an integer or a fraction: exact equality
        sign = exact_sign(exact - value)
        holds = None if sign is None else sign == 0
        why = (at, "; compared exactly")
    else:
        holds = rounds_to(exact, value, decimals)
        why = (at, f"; compared after rounding to {decimals} decimal(s) (a tie rounds half away from zero "
                   "or half to even)")
        if holds is not None:
            again = recheck_rounding(exact, value, decimals)
            if again is not holds:
                holds = None
                why += ("; the independent re-check in exact rational arithmetic disagrees",)
        if holds is False:
            scale = 10 ** decimals
            rounded = sp.Rational(sp.floor(exact * scale + sp.Rational(1, 2)), scale)
            truncated = sp.Rational(sp.floor(exact * scale) if exact >= 0 else sp.ceiling(exact * scale), scale)
            rounded = _half_away(exact, decimals) if exact.is_Rational else rounded
            if truncated == value:
                why += (f"; the printed {printed} is the exact value truncated, not rounded "
                        f"(rounded to {decimals} decimal(s) it is {_decimal(rounded, decimals)})",)
            else:
                why += (f"; rounded to {decimals} decimal(s) it is {_decimal(rounded, decimals)}",)
    shown_printed = sp.Symbol(printed.strip()) if decimals is not None else value
    d.fact(label, holds, printed=shown_printed, derived=_shown(exact), justification=why)
    return Outcome(Verdict.of(holds), None, _shown(exact) if holds is False else None)


def _half_away(exact: sp.Rational, decimals: int) -> sp.Rational:
    scaled = abs(exact) * 10 ** decimals
    whole = sp.floor(scaled + sp.Rational(1, 2))
    return sp.sign(exact) * sp.Rational(whole, 10 ** decimals)


def rounds_to(exact: sp.Expr, value: sp.Rational, decimals: int):
    """Does ``exact`` round to ``value`` at ``decimals`` places?  Within half a unit of the last
    place, and at exactly half a unit only when ``value`` is the tie rounded half away from zero
    or half to even (0.55 is 0.6 either way, never the truncated 0.5); None when the sign of the
    distance cannot be certified."""
    tol = sp.Rational(1, 2 * 10 ** decimals)
    sign = exact_sign(sp.Abs(exact - value) - tol)
    if sign is None:
        return None
    if sign != 0:
        return sign < 0
    # a tie: the exact value is rational here (value +- tol)
    tie = value + tol if exact > value else value - tol
    even = int(sp.floor(abs(tie) * 10 ** decimals + sp.Rational(1, 2)))
    candidates = {_half_away(tie, decimals)}
    if even % 2:                       # half to even: the even neighbour
        even -= 1
    candidates.add(sp.sign(tie) * sp.Rational(even, 10 ** decimals))
    return value in candidates


def recheck_rounding(exact: sp.Expr, value: sp.Rational, decimals: int):
    """The same question answered independently: Python's exact Fraction arithmetic for a
    rational value (``round`` of a Fraction is exact, half to even), 60 significant digits for
    an irrational one (which cannot be a tie)."""
    from fractions import Fraction
    printed = Fraction(int(value.p), int(value.q))
    if exact.is_Rational:
        x = Fraction(int(exact.p), int(exact.q))
        scaled = x * 10 ** decimals
        even = Fraction(round(scaled), 10 ** decimals)
        away = Fraction(int(abs(scaled) + Fraction(1, 2)) * (1 if x >= 0 else -1), 10 ** decimals)
        return printed in (even, away)
    approx = sp.N(exact, 60)
    if not approx.is_real or not approx.is_number:
        return None
    x = Fraction(str(approx))
    return round(x * 10 ** decimals) == printed * 10 ** decimals


def _decimal(value: sp.Rational, decimals: int) -> str:
    sign = "-" if value < 0 else ""
    scaled = abs(int(value * 10 ** decimals))
    whole, frac = divmod(scaled, 10 ** decimals)
    return f"{sign}{whole}.{frac:0{decimals}d}" if decimals else f"{sign}{whole}"


def _true_at(relation: sp.Basic, point: Mapping) -> bool:
    try:
        return relation.xreplace(point) is sp.true
    except (TypeError, ValueError, ZeroDivisionError):
        return False


def exact_point(witness: Mapping, reading, relation: sp.Basic) -> dict | None:
    """A point where ``relation`` (the negation of a printed relation, on the user's formula)
    is exactly true, from the decider's witness: every count a positive integer (a real
    contingency table), inside the claim's domain; None when none is found."""
    symbols = set(relation.free_symbols)
    if reading.model == "counts":        # a whole table: a cell the relation does not use is any count
        symbols |= set(reading.integers) - set(reading.substitute)
    symbols = sorted(symbols, key=str)
    base = {s: sp.nsimplify(witness[s]) if s in witness else sp.Integer(1) for s in symbols}
    cells = [s for s in symbols if s in reading.integers and s in relation.free_symbols]
    candidates = [base]
    if cells and reading.model == "counts":
        scale = math.lcm(*(int(sp.fraction(base[c])[1]) for c in cells)) if all(
            base[c].is_Rational for c in cells) else 1
        candidates = [{**base, **{c: base[c] * scale for c in cells}}]
        candidates += [{**base, **dict(zip(cells, values))}
                       for values in itertools.product([sp.Integer(v) for v in _GRID], repeat=len(cells))]
    if reading.model != "counts":
        candidates += [{**base, **grid} for grid in _model_grid(reading.model, symbols)]
    for point in candidates:
        if cells and not all(point[c].is_integer and point[c] > 0 for c in cells):
            continue
        if reading.domain.contains({**point, **_fixed(reading)}) is False and not cells:
            continue
        if cells and not _inside(reading, point):
            continue
        if _true_at(relation, point):
            # the table in full: cells fixed by an assumption, and FN, FP of a fixed test set
            shown = {**point, **_fixed(reading),
                     **{c: e.xreplace(point) for c, e in reading.dependent.items()}}
            return {str(k): v for k, v in shown.items()}
    return None


def _model_grid(model: str, symbols) -> list[dict]:
    """Simple exact points of the probability models, tried when the decider's witness does not
    fix every variable (it is found in the positive reparametrisation, where a relation in P(S|G)
    alone leaves P(S) open)."""
    fifths = [sp.Rational(k, 5) for k in range(1, 5)]
    if model == "probs":
        out = []
        for g, s in itertools.product(fifths, repeat=2):
            low, high = max(0, g + s - 1), min(g, s)
            out += [{space.g: g, space.s: s, space.j: low + (high - low) * sp.Rational(k, 4)} for k in (1, 2, 3)]
        return out
    if model == "quant":
        from ..quantification.distributions import n, p, q
        return [{p: a, q: b, n: m} for a, b in itertools.product(fifths, repeat=2) for m in (2, 3) if
                n in symbols or m == 2]
    return []


def _fixed(reading) -> dict:
    return {k: v for k, v in reading.substitute.items() if sp.sympify(v).is_number}


def _inside(reading, point) -> bool:
    """The point satisfies every constraint of the claim's domain (assumptions included)."""
    for constraint in reading.domain.constraints:
        if not constraint.free_symbols <= set(point):     # a variable the relation does not use
            continue
        if constraint.xreplace(point) is not sp.true:
            return False
    return True
