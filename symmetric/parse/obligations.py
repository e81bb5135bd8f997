"""Definedness obligations of the expression as written, kept after sympy rewrites it.

sympy evaluates at construction: ``log(TP) - log(TP)`` is ``0``, ``exp(log(TP))`` is ``TP``,
``sqrt(TP - FP)^2`` is ``TP - FP``, ``0*log(q - p)`` is ``0``.  Each rewrite is exact where the
written formula is defined, but it drops the points where it is not (log 0, the square root
of a negative number), and the checkers would then judge another measure.

The parser records, for every logarithm, square root and non-integer power it builds, the
condition under which that node is defined and real (:class:`WrittenCondition`), together with the
``cases(...)`` branch it sits in (a condition binds only where its branch is taken).
Denominators are :mod:`symmetric.denominators`' business (a cancelled one is refused).
:func:`keep_written_domain` then compares them with the built expression: an obligation the
result still carries (the same log or root argument, in the same or a wider branch) or that
holds for every value of the symbols is dropped; every other one becomes a guard, and the
measure is ``Piecewise((result, guards), (nan, True))``: the rewritten form is used only where
the written one is defined, and is undefined (nan) everywhere else, exactly as written.

A guard must be decidable at every point, also where the rest of the formula is undefined,
so it is written as a polynomial sign condition (``num*den > 0`` for ``num/den > 0``).  A
lost obligation whose argument is not a rational function of the symbols cannot be written
that way: the input is refused with a message that names it (a silent rewrite is never an
option).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import sympy as sp

from .. import space

# the strength of an obligation: a positive argument is also non-negative
_IMPLIES = {"positive": {"positive", "nonnegative"}, "nonnegative": {"nonnegative"}}
_WHAT = {"positive": "positive", "nonnegative": "non-negative"}


@dataclass(frozen=True)
class WrittenCondition:
    """A node of the written expression is defined and real only where ``subject`` is
    ``kind`` ('positive': a log argument, the base of a negative or symbolic power;
    'nonnegative': a square root or other positive fractional power), provided the
    ``cases`` branch it sits in is taken (``context``: the conditions that select it)."""

    kind: str
    subject: sp.Expr
    context: tuple = ()
    what: str = ""                 # the function written, for messages: 'log', 'sqrt', '^'
    # False when ``kind`` is only sufficient, not necessary: x^y with a symbolic y is real
    # where x > 0 but also at x = 0 for y > 0 (and for some y at x < 0); such a condition,
    # once lost, cannot be restored as a guard without making the measure undefined where the
    # written formula is defined, so the input is refused instead
    exact: bool = True


def power_obligation(base: sp.Expr, exponent: sp.Expr) -> str | None:
    """What ``base**exponent`` demands of its base (None: nothing beyond a non-zero
    denominator for a negative integer exponent, which the denominators track)."""
    if exponent.is_number:
        if exponent.is_integer:
            return None
        return "nonnegative" if exponent.is_positive else "positive"
    return "positive"                   # a symbolic exponent: real only for a positive base


def present(expr: sp.Basic) -> list[WrittenCondition]:
    """The obligations the built expression still carries, with their branch contexts."""
    found: list[WrittenCondition] = []

    # a node inside the base of a reciprocal carries nothing: evaluation absorbs its
    # undefined value (1/log(TP) is 1/zoo = 0 at TP = 0)
    def walk(node: sp.Basic, context: tuple, absorbed: bool) -> None:
        if isinstance(node, sp.Piecewise):
            earlier: list = []
            for value, condition in node.args:
                walk(condition, context + tuple(sp.Not(c) for c in earlier), absorbed)
                walk(value, context + tuple(sp.Not(c) for c in earlier) + (condition,), absorbed)
                earlier.append(condition)
            return
        if node.is_Atom:
            return
        if node.is_Pow:
            kind = power_obligation(*node.args)
            if kind and not absorbed:
                found.append(WrittenCondition(kind, node.base, context))
            reciprocal = node.exp.is_number and node.exp.is_negative
            walk(node.base, context, absorbed or reciprocal)
            walk(node.exp, context, absorbed)
            return
        if isinstance(node, sp.log) and not absorbed:
            found.append(WrittenCondition("positive", node.args[0], context))
        for arg in node.args:
            walk(arg, context, absorbed)

    walk(expr, (), False)
    return found


def _kept(ob: WrittenCondition, carried: list[WrittenCondition]) -> bool:
    for c in carried:
        if ob.kind in _IMPLIES[c.kind] and set(c.context) <= set(ob.context) and \
                (c.subject == ob.subject or sp.expand(c.subject - ob.subject) == 0):
            return True
    return False


def _sign_condition(kind: str, subject: sp.Expr) -> sp.Basic | None:
    """``subject`` positive / non-negative as a polynomial sign condition (decidable at every
    point); sp.true when it always holds; None when the subject is not a rational function.
    Probability atoms P(...) count as variables (non-negative ones)."""
    atoms = {a: sp.Dummy(nonnegative=True) for a in subject.atoms(space.Pr, space.Joint)}
    if atoms:
        back = {d: a for a, d in atoms.items()}
        condition = _sign_condition(kind, subject.xreplace(atoms))
        return None if condition is None else condition.xreplace(back)
    if (subject.is_positive if kind == "positive" else subject.is_nonnegative):
        return sp.true
    if not all(s.is_Symbol for s in subject.free_symbols):
        return None
    num, den = sp.fraction(sp.together(subject))
    if not (num.is_polynomial() and den.is_polynomial()):
        return None
    if den.is_positive or (den.is_number and den > 0):
        product = num
    elif den.is_nonnegative:
        # where den = 0 the subject is x/0, which the recorded denominator already makes
        # undefined; elsewhere den > 0 and the sign of the subject is the sign of num
        product = num
    else:
        product = sp.expand(num * den)
    if kind == "positive":
        return sp.true if product.is_positive else sp.Gt(product, 0)
    return sp.true if product.is_nonnegative else sp.Ge(product, 0)


def keep_written_domain(result: sp.Expr, recorded: Iterable[WrittenCondition],
                        refuse: Callable[[WrittenCondition, sp.Expr], Exception], nonzero: Iterable = ()) -> sp.Expr:
    """``result`` restricted to where every recorded obligation holds (see the module doc) and
    every polynomial in ``nonzero`` (denominators evaluation would absorb) is non-zero;
    ``refuse(obligation, result)`` builds the error raised when one cannot be kept soundly."""
    recorded = list(dict.fromkeys(recorded))
    guards = [sp.Ne(f, 0) for f in nonzero]
    if not recorded and not guards:
        return result
    carried = present(result)
    for ob in recorded:
        if _kept(ob, carried):
            continue
        condition = _sign_condition(ob.kind, ob.subject)
        if condition is sp.true:
            continue
        if condition is None or not ob.exact:
            raise refuse(ob, result)
        if ob.context:
            condition = sp.Or(sp.Not(sp.And(*ob.context)), condition)
        guards.append(condition)
    guards = list(dict.fromkeys(guards))
    if not guards:
        return result
    return sp.Piecewise((result, sp.And(*guards)), (sp.nan, True))


def describe(ob: WrittenCondition) -> str:
    return f"the argument {ob.subject} of {ob.what or 'a function'} must be {_WHAT[ob.kind]}"
