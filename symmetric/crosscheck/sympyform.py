"""A catalogue measure's defining sympy form, translated node by node into the evaluator's
closures (:mod:`.written`), without simplification: the cross-check's path for a measure that
has no text (and for the checkers' exact values it re-reads)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import sympy as sp

from ..domain import InternalSymbol
from ..errors import InputError
from . import reciprocal
from . import values as V
from .written import ARITHMETIC, LIMIT_ARITHMETIC, Compiled, atom_node, cases_node, logic_node, number_node, relation_node

_SYMPY_FUNCTIONS = {sp.log: "log", sp.exp: "exp", sp.Abs: "abs", sp.Min: "min", sp.Max: "max"}
_SYMPY_RELATIONS = {sp.Eq: "=", sp.Ne: "!=", sp.Lt: "<", sp.Le: "<=", sp.Gt: ">", sp.Ge: ">="}


def compile_sympy(expr, names: Mapping[str, Compiled], limit: bool = False) -> Compiled:
    """A closure of a sympy expression as it stands (catalogue measures; no simplification);
    ``limit``: a probability form in the reading zero-reciprocal=limit (:mod:`.reciprocal`)."""
    compiled = _compile_sympy(expr, names, LIMIT_ARITHMETIC if limit else ARITHMETIC)
    return reciprocal.finite(compiled) if limit else compiled


def _sympy_factors(expr, go, limit: bool) -> list:
    """The compiled factors of a product; in the limit reading P(X|Y) P(Y) as the joint."""
    from .. import space
    args = list(expr.args)
    joints = []
    if limit:
        for f in list(args):
            if isinstance(f, space.Pr) and len(f.args) == 2 and f in args and space.Pr(f.args[1]) in args:
                args.remove(f)
                args.remove(space.Pr(f.args[1]))
                joints.append(space.Joint(*f.args))
    return [go(a) for a in args + joints]


def _compile_sympy(expr, names: Mapping[str, Compiled], ops: dict) -> Compiled:
    from .. import space
    event = {space.G: "G", space.NG: "not G", space.S: "S", space.NS: "not S"}
    go = lambda e: _compile_sympy(e, names, ops)     # noqa: E731
    if expr is sp.true or expr is sp.false:
        truth = bool(expr)
        return lambda env: truth
    if isinstance(expr, sp.Rational):
        return number_node(Fraction(int(expr.p), int(expr.q)))
    if isinstance(expr, sp.Float):
        return number_node(Fraction(str(expr)))
    if expr is sp.E:
        return ops["exp"](number_node(Fraction(1)))
    if isinstance(expr, sp.Symbol):
        if expr in names:                 # keyed by the symbol itself: an internal symbol (P(G)) apart
            return names[expr]            # from a parameter that has its name
        if not isinstance(expr, InternalSymbol) and expr.name in names:
            return names[expr.name]
        raise InputError(f"cross-check: no value for {expr.name}")
    if isinstance(expr, space.Pr):
        xs = [event[a] for a in expr.args]
        return atom_node(xs[0], xs[1] if len(xs) > 1 else None, False)
    if isinstance(expr, space.Joint):
        x, y = (event[a] for a in expr.args)
        if x in ("G", "not G"):
            x, y = y, x
        return atom_node(x, y, True)
    if isinstance(expr, sp.Add):
        return ops["+"](*map(go, expr.args))
    if isinstance(expr, sp.Mul):
        over = [f for f in expr.args if isinstance(f, sp.Pow) and f.exp == -1 and isinstance(f.base, sp.log)]
        if over and ops is not LIMIT_ARITHMETIC:
            # log(x)/log(q) divided, not times (log q)^-1: the exact logarithms of values.py see a
            # change of base (log2 x), where the reciprocal of a logarithm is only an interval
            rest = [f for f in expr.args if f not in over]
            top = go(sp.Mul(*rest)) if rest else number_node(Fraction(1))
            return ops["/"](top, go(sp.Mul(*[f.base for f in over])))
        return ops["*"](*_sympy_factors(expr, go, ops is LIMIT_ARITHMETIC))
    if isinstance(expr, sp.Pow):
        base, exponent = expr.args
        if exponent == sp.Rational(1, 2):
            return ops["sqrt"](go(base))
        return ops["^"](go(base), go(exponent))
    for kind, name in _SYMPY_FUNCTIONS.items():
        if isinstance(expr, kind):
            return ops[name](*map(go, expr.args))
    if isinstance(expr, sp.Piecewise):
        pieces = [(go(c), go(v)) for v, c in expr.args]
        return cases_node(pieces[:-1], pieces[-1][1]) if expr.args[-1][1] is sp.true else \
            cases_node(pieces, lambda env: V.UNDEFINED)
    for kind, op in _SYMPY_RELATIONS.items():
        if isinstance(expr, kind):
            return relation_node(op, go(expr.lhs), go(expr.rhs))
    if isinstance(expr, (sp.And, sp.Or, sp.Not)):
        op = {sp.And: "and", sp.Or: "or", sp.Not: "not"}[type(expr)]
        return logic_node(op, [go(a) for a in expr.args])
    raise InputError(f"cross-check: cannot evaluate {type(expr).__name__}")
