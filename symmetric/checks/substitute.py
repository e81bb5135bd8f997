"""Substitution that lets undefinedness propagate instead of raising.

``xreplace`` rebuilds an expression bottom-up, so ``TP/AP`` at AP = 0 becomes ``zoo`` (x/0)
or ``nan`` (0/0), which is how the checkers see that a measure is undefined.  But some sympy
constructors refuse such values: ``Min(nan, 1)`` raises "The argument 'nan' is not
comparable" and ``log(0) > 0`` raises "Invalid comparison of non-real zoo".  A formula that
needs an undefined value (the minimum of an undefined recall, a condition on an undefined
ratio) is itself undefined there, so :func:`substitute` returns ``nan`` for such a node.

A ``cases(...)`` (Piecewise) is evaluated in order, as the user wrote it: a condition that is
undefined makes the value undefined only if it is reached (an earlier true condition wins),
and only the branch taken is rebuilt, so an undefined value in a branch not taken does not
leak into the result.
"""

from __future__ import annotations

import sympy as sp

# what sympy constructors raise when handed nan / zoo where they need a comparable number
_REFUSALS = (ValueError, TypeError)


def is_undefined(value) -> bool:
    """nan, zoo or an infinity: the value of a formula at a point where it is undefined."""
    return isinstance(value, sp.Basic) and value in (sp.nan, sp.zoo, sp.oo, -sp.oo)


def substitute(expr: sp.Basic, rule: dict) -> sp.Basic:
    """``expr.xreplace(rule)``, but a node whose constructor refuses an undefined argument (and
    a Piecewise whose first unsettled-or-true condition is undefined) becomes ``nan``."""
    expr = sp.sympify(expr)
    try:
        return expr.xreplace(rule)
    except _REFUSALS:
        pass
    return _rebuild(expr, rule)


def _rebuild(node: sp.Basic, rule: dict) -> sp.Basic:
    if node in rule:
        return rule[node]
    if node.is_Atom or not node.args:
        return node
    if isinstance(node, sp.Piecewise):
        return _piecewise(node, rule)
    if isinstance(node, (sp.And, sp.Or)):
        return _connective(node, rule)
    args = [_rebuild(a, rule) for a in node.args]
    try:
        return node.func(*args)
    except _REFUSALS:
        if any(is_undefined(a) for a in args):
            return sp.nan
        raise


def _undefined_condition(c) -> bool:
    return is_undefined(c) or (isinstance(c, sp.Basic) and c.has(sp.nan, sp.zoo))


def _connective(node: sp.Basic, rule: dict) -> sp.Basic:
    """``and`` / ``or`` decided as soon as one operand decides it (false / true), so an
    undefined operand matters only where the others leave the answer open."""
    absorbing = sp.false if isinstance(node, sp.And) else sp.true
    args, undefined = [], False
    for a in node.args:
        r = _rebuild(a, rule)
        if r is absorbing:
            return absorbing
        if _undefined_condition(r):
            undefined = True
        else:
            args.append(r)
    return sp.nan if undefined else node.func(*args)


def _piecewise(node: sp.Piecewise, rule: dict) -> sp.Basic:
    kept = []
    for value, condition in node.args:
        c = _rebuild(condition, rule)
        if _undefined_condition(c):
            # the condition is reached (where the earlier ones fail) and cannot be evaluated
            if not kept:
                return sp.nan
            kept.append((sp.nan, True))
            break
        if c is sp.false:
            continue
        v = _rebuild(value, rule)
        if c is sp.true and not kept:
            return v
        kept.append((v, c))
        if c is sp.true:
            break
    if not kept:
        return sp.nan
    try:
        return sp.Piecewise(*kept)
    except _REFUSALS:
        return sp.nan
