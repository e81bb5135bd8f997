"""A rational count form evaluated in integer pairs: the cross-check's values of most catalogue
measures, the same as the node-by-node closures give (:mod:`.sympyform`), several times faster.

The cross-check evaluates the defining form at every table with |D| <= 12 (and each parameter
setting): ~20% of the atlas's CPU went to it, most in Fraction arithmetic (a gcd per
operation) and the closures' bookkeeping.  A form built from numbers, the cells, parameters,
+, *, integer powers, Min, Max and Abs is computed here as (numerator, denominator) pairs of
Python integers, reduced once at the end.  The rules are the closures' own: a zero raised to a
negative power (a division by 0) anywhere makes the value undefined (None here, UNDEFINED
there), nothing else does; every other value is the exact rational the Fractions give.  A form
with any other node (a root, a logarithm, a piecewise definition, a probability) gets no pair
function: the closures evaluate it, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import sympy as sp

Pair = tuple[int, int]
PairFunction = Callable[[Sequence[Pair]], Pair | None]     # the leaves' pairs -> value, None: undefined


class _Ineligible(Exception):
    """A node this evaluator does not compute."""


def compile_pairs(expr: sp.Basic, leaves: Sequence[str], extra: dict[str, Sequence[str]] | None = None) \
        -> PairFunction | None:
    """The pair function of ``expr`` over the named ``leaves`` (their pairs in that order), with
    ``extra`` names standing for sums of leaves (n = TP + FP + FN + TN); None if ineligible."""
    index = {name: k for k, name in enumerate(leaves)}
    sums = {name: tuple(index[c] for c in cells) for name, cells in (extra or {}).items()}
    try:
        return _compile(sp.sympify(expr), index, sums)
    except _Ineligible:
        return None


def value(function: PairFunction, pairs: Sequence[Pair]) -> Fraction | None:
    """The exact value (None: undefined) of a compiled form at the leaves' pairs."""
    found = function(pairs)
    return None if found is None else Fraction(*found)


def _constant(n: int, d: int) -> PairFunction:
    pair = (n, d)
    return lambda pv: pair


def _compile(e: sp.Basic, index: dict, sums: dict) -> PairFunction:
    if isinstance(e, sp.Rational):
        return _constant(int(e.p), int(e.q))
    if isinstance(e, sp.Float):             # as the closures read a float: its decimal text
        f = Fraction(str(e))
        return _constant(f.numerator, f.denominator)
    if isinstance(e, sp.Symbol) and type(e) is sp.Symbol:
        if e.name in index:
            k = index[e.name]
            return lambda pv: pv[k]
        if e.name in sums:
            ks = sums[e.name]
            return lambda pv: _add([pv[k] for k in ks])
        raise _Ineligible(e.name)
    if isinstance(e, (sp.Add, sp.Mul)):
        parts = [_compile(a, index, sums) for a in e.args]
        combine = _add if isinstance(e, sp.Add) else _mul

        def arithmetic(pv):
            values = []
            for g in parts:
                v = g(pv)
                if v is None:
                    return None
                values.append(v)
            return combine(values)
        return arithmetic
    if isinstance(e, sp.Pow):
        base, exponent = e.args
        if not isinstance(exponent, sp.Integer):
            raise _Ineligible("a non-integer power")
        return _power(_compile(base, index, sums), int(exponent))
    if isinstance(e, (sp.Min, sp.Max, sp.Abs)):
        parts = [_compile(a, index, sums) for a in e.args]
        pick = {sp.Min: min, sp.Max: max, sp.Abs: lambda x: abs(x[0])}[type(e)]

        def choose(pv):
            values = []
            for g in parts:
                v = g(pv)
                if v is None:
                    return None
                values.append(Fraction(*v))
            r = pick(values)
            return r.numerator, r.denominator
        return choose
    raise _Ineligible(type(e).__name__)


def _add(values) -> Pair:
    n, d = 0, 1
    for a, b in values:
        n, d = n * b + a * d, d * b
    return n, d


def _mul(values) -> Pair:
    n, d = 1, 1
    for a, b in values:
        n, d = n * a, d * b
    return n, d


def _power(base: PairFunction, k: int) -> PairFunction:
    def f(pv):
        v = base(pv)
        if v is None:
            return None
        a, b = v
        if k >= 0:
            return a ** k, b ** k
        if a == 0:                  # 0 to a negative power: x/0, undefined
            return None
        return b ** -k, a ** -k
    return f
