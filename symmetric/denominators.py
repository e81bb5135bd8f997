"""Denominators that sympy cancels while the parser builds an expression.

sympy simplifies at construction: ``TP/TP`` is ``1``, ``0*FP/(TP-10)`` is ``0`` and
``1/(TP-10) - 1/(TP-10)`` is ``0``.  Each of these removes a point where the measure the user
*wrote* is undefined, and the checkers (SDE, WDE, definedness of counterexamples) would then
judge a different measure.  The parser records every denominator it builds (the right
operand of ``/``, the base of a negative power); :func:`vanished` then looks for one whose
zero set no longer makes the result undefined.

The test is syntactic and conservative in the user's favour: a factor counts as kept when it
still occurs anywhere in the result as (a factor of) the base of a negative power, guarded by
a ``cases(...)`` or not.  A factor that cannot vanish under the symbols' assumptions
(``TP + 1``, a positive parameter) is ignored.
"""

from __future__ import annotations

import sympy as sp

# sympy's factorisation can fail on exotic input; the check then keeps the whole expression
# as one factor rather than refusing a measure over an internal limitation
_FACTOR_FAILURES = (sp.PolynomialError, ValueError, TypeError, NotImplementedError,
                    RecursionError, MemoryError)


def _normal(factor: sp.Expr) -> sp.Expr:
    """One representative of ``factor`` up to sign."""
    return -factor if factor.could_extract_minus_sign() else factor


# Factorising expands: (TP+FP+FN+TN)^64 - 1 has ~48k terms and factor_list ran for >600 s.
# A factor whose degree may exceed this is kept whole (see _pieces).
MAX_FACTOR_DEGREE = 16


def degree_bound(expr: sp.Basic) -> int:
    """An upper bound of the total polynomial degree of ``expr`` read from its tree, without
    expanding anything (a function application counts as degree 1 in its own right)."""
    if expr.is_Number or expr.is_NumberSymbol:
        return 0
    if expr.is_Symbol:
        return 1
    if isinstance(expr, sp.Add):
        return max(degree_bound(a) for a in expr.args)
    if isinstance(expr, sp.Mul):
        return sum(degree_bound(a) for a in expr.args)
    if isinstance(expr, sp.Pow) and expr.exp.is_Integer:
        return degree_bound(expr.base) * abs(int(expr.exp))
    return 1


def _pieces(numerator: sp.Expr) -> list[sp.Expr]:
    """The numerator's factors: sympy's factorisation where its degree is small; otherwise the
    factors visible in the tree (products, powers), each factorised if small, kept whole if not.
    Keeping a big piece whole is conservative: a written denominator whose piece is no longer
    found in the result is reported as cancelled (a refusal), never silently accepted."""
    if degree_bound(numerator) <= MAX_FACTOR_DEGREE:
        _, factors = sp.factor_list(numerator)
        return [f for f, _ in factors]
    found = []
    for arg in sp.Mul.make_args(numerator):
        base = arg.base if isinstance(arg, sp.Pow) and arg.exp.is_Integer and arg.exp > 0 else arg
        if base.is_number:
            continue
        if degree_bound(base) <= MAX_FACTOR_DEGREE:
            found.extend(f for f, _ in sp.factor_list(base)[1])
        else:
            found.append(base)
    return found


def zero_factors(expr: sp.Expr) -> set[sp.Expr]:
    """Non-constant factors of the numerator of ``expr`` that may be zero: where a
    denominator ``expr`` vanishes.  (Where ``expr`` is itself undefined is recorded by the
    divisions inside it.)"""
    try:
        numerator = sp.numer(sp.together(expr))
        found = _pieces(numerator)
    except _FACTOR_FAILURES:
        found = [expr]
    return {_normal(f) for f in found if not f.is_number and f.is_zero is not False}


def _denominator_bases(result: sp.Basic) -> set[sp.Expr]:
    """The bases of the negative powers in ``result`` (its denominators, wherever they are)."""
    return {power.base for power in result.atoms(sp.Pow)
            if power.exp.is_number and power.exp.is_negative and not power.base.is_number}


def kept_factors(result: sp.Basic) -> set[sp.Expr]:
    """The factors of every denominator still present in ``result``."""
    kept: set[sp.Expr] = set()
    for base in _denominator_bases(result):
        kept |= zero_factors(base)
    return kept


def _forced_zeros(factor: sp.Expr) -> dict | None:
    """When ``factor`` is a positive combination of nonnegative symbols (``FP + TN``), its
    zero forces each symbol to 0: that substitution; otherwise None."""
    zeros = {}
    for term in sp.Add.make_args(factor):
        coeff, rest = term.as_coeff_Mul()
        if not (coeff > 0 and isinstance(rest, sp.Symbol) and rest.is_nonnegative):
            return None
        zeros[rest] = 0
    return zeros


def _still_undefined(factor: sp.Expr, kept: set[sp.Expr]) -> bool:
    """Does a kept denominator vanish wherever ``factor`` does?  Decided only for the counts'
    case: AN = FP + TN = 0 forces TN = 0, so (TP/AP)/(TN/AN) is still undefined at AN = 0."""
    zeros = _forced_zeros(factor)
    return zeros is not None and any(k.subs(zeros) == 0 for k in kept)


def vanished(result: sp.Basic, recorded: list[tuple[object, sp.Expr]], nonzero=None):
    """The first (where, factor) among ``recorded`` (where, denominator) pairs whose factor
    no longer makes ``result`` undefined, or None.  ``nonzero(factor)`` True: the factor cannot
    vanish where the caller reads the result (a claim's domain), so its cancellation loses nothing."""
    if not recorded:
        return None
    # the usual case costs no factorisation: the written denominator is still a base in result
    bases = _denominator_bases(result)
    pending = [(where, d) for where, d in recorded if d not in bases and _normal(d) not in bases]
    if not pending:
        return None
    kept = kept_factors(result)
    seen = set()
    for where, denominator in pending:
        if denominator in seen:
            continue
        seen.add(denominator)
        for factor in sorted(zero_factors(denominator), key=sp.default_sort_key):
            if factor not in kept and not _still_undefined(factor, kept) and not (nonzero and nonzero(factor)):
                return where, factor
    return None


def lost_factors(result: sp.Basic, denominators) -> list[sp.Expr]:
    """Every zero factor of ``denominators`` where ``result`` is no longer undefined (sorted):
    the points a cancellation removed from the domain of a formula."""
    kept = kept_factors(result)
    lost: dict[sp.Expr, None] = {}
    for denominator in denominators:
        for factor in sorted(zero_factors(denominator), key=sp.default_sort_key):
            if factor not in kept and not _still_undefined(factor, kept):
                lost.setdefault(factor, None)
    return list(lost)


def divisors_outside_reciprocals(expr: sp.Basic) -> set[sp.Expr]:
    """The divisors of ``expr`` that are not inside a reciprocal's argument: where one is 0 the
    value is undefined even when x/0 inside a reciprocal is read as its limit 0."""
    return _effective_bases(expr)


def _effective_bases(result: sp.Basic) -> set[sp.Expr]:
    """The bases of negative powers that are not themselves inside the base of a negative
    power: only there does x/0 make the value undefined, since sympy's arithmetic absorbs an
    undefined value inside a reciprocal (1/(1/TP + 1) is 1/zoo = 0 at TP = 0)."""
    found: set[sp.Expr] = set()

    def walk(node: sp.Basic, absorbed: bool) -> None:
        if node.is_Atom:
            return
        if node.is_Pow and node.exp.is_number and node.exp.is_negative and not node.base.is_number:
            if not absorbed:
                found.add(node.base)
            walk(node.base, True)
            return
        for arg in node.args:
            walk(arg, absorbed)

    walk(result, False)
    return found


def absorbed_factors(result: sp.Basic, recorded) -> list[sp.Expr]:
    """Zero factors of recorded denominators that ``result`` still has only inside a reciprocal,
    where evaluation turns the x/0 into 0: the written formula is undefined there but the
    value would not be (sorted; a guard ``factor != 0`` keeps them)."""
    kept: set[sp.Expr] = set()
    for base in _effective_bases(result):
        kept |= zero_factors(base)
    out: dict[sp.Expr, None] = {}
    for _, denominator in recorded:
        for factor in sorted(zero_factors(denominator), key=sp.default_sort_key):
            if factor not in kept and not _still_undefined(factor, kept):
                out.setdefault(factor, None)
    return list(out)
