"""A limit step, taken towards what is printed: ``var -> to`` with ``to`` any expression (a number,
another cell, a parameter, a sum), one-sided as printed, every other variable in its own domain.

The limit point is written in the domain's positive coordinates (each other variable its
reparametrisation, so a parameter's bounds and the claim's assumptions hold) and the variable
is set to ``to + h`` (from above) or ``to - h`` (from below) with a fresh h > 0, or to 1/h for
an infinite point; sympy takes h -> 0+.  Taking the limit in the variable itself, with the
other variables renamed, would let sympy approach a *different* symbol than the printed one.

A two-sided limit is the common value of the two sides that lie in the domain (a cell cannot
approach 0 from below); sides that differ make the limit not exist, shown at an exact point.
Before any verdict the value is re-checked independently: the written formula is evaluated at
exact rational points ever nearer the limit point (:mod:`.nearby`), and it must approach the
value claimed.
"""

from __future__ import annotations

import sympy as sp

from ..checks.decide import is_identically_zero
from ..evidence import say
from ..logic import Verdict
from .nearby import approaches, domain_points, side_in_domain
from .outcome import Outcome

H = sp.Symbol("h_limit", positive=True)


def _at_side(expr_u, var, target_u, side: str):
    """The expression with ``var`` at distance h from the target on ``side`` ("+" or "-")."""
    if target_u is sp.oo or target_u is -sp.oo:
        at = (1 / H) if target_u is sp.oo else (-1 / H)
    else:
        at = target_u + H if side == "+" else target_u - H
    return expr_u.xreplace({var: at})


def _one_side(expr_u, var, target_u, side: str):
    """(limit as h -> 0+, or None, why not)."""
    try:
        value = sp.limit(_at_side(expr_u, var, target_u, side), H, 0, "+")
    except (NotImplementedError, ValueError, TypeError, RecursionError) as exc:
        return None, f"sympy could not take the limit ({type(exc).__name__})"
    if value.has(sp.Limit, sp.nan, sp.AccumBounds, sp.zoo) or H in value.free_symbols:
        return None, "sympy did not determine the limit"
    return value, ""


def take_limit(expr, var, target, direction: str, reading):
    """The limit of ``expr`` (read in ``reading``) as ``var -> target``.

    Returns (status, value, sides, why): status "value" with the limit in the variables of the
    claim and ``sides`` the sides it was taken from, "none" when the two one-sided limits differ
    (``sides`` = (from below, from above)), "unknown" with the reason otherwise."""
    domain = reading.domain
    others = {k: v for k, v in domain.reparam.items() if k != var}
    own = set(sp.sympify(domain.reparam.get(var, var)).free_symbols)
    if any(own & sp.sympify(v).free_symbols for v in others.values()):
        return "unknown", None, None, f"an assumption ties {var} to another variable of the claim"
    if var in sp.sympify(target).free_symbols:
        return "unknown", None, None, f"the limit point depends on {var} itself"
    marker = sp.Dummy("limit_variable")
    expr_u = sp.sympify(expr).xreplace({var: marker}).subs(others, simultaneous=True)
    target_u = target if target in (sp.oo, -sp.oo) else sp.sympify(target).subs(others, simultaneous=True)
    infinite = target_u in (sp.oo, -sp.oo)
    sides = ("+",) if infinite else {"+": ("+",), "-": ("-",), "+-": ("-", "+")}[direction]
    points = domain_points(domain, others)
    inside = []
    for side in sides:
        where = side_in_domain(domain, var, target_u, side, points)
        if where is None:
            return "unknown", None, None, f"{var} is inside its domain on side {side} for some tables only"
        if where:
            inside.append(side)
    if not inside:
        return "unknown", None, None, f"{var} cannot approach the limit point from inside its domain"
    values = {}
    for side in inside:
        value, why = _one_side(expr_u, marker, target_u, side)
        if value is None:
            return "unknown", None, None, why
        values[side] = value
    back = {u: inv for u, inv in domain.inverse.items()}

    def original(value):
        return sp.sympify(value).xreplace(back)

    if len(values) == 2:
        same = is_identically_zero(values["+"] - values["-"], domain)
        if same.value is None:
            return "unknown", None, None, "could not decide whether the two one-sided limits agree"
        if same.value is False:
            return "none", None, (original(values["-"]), original(values["+"])), ""
    return "value", original(values[inside[-1]]), tuple(inside), ""


def check(expr, var, target, direction, reading, compare, d, label, shown_printed):
    """The limit step: the derived limit compared with the printed one by ``compare(derived,
    recheck)`` (the comparison of the other steps), the value it is about to claim re-checked at
    exact points near the limit point."""
    status, value, sides, why = take_limit(expr, var, target, direction, reading)
    if status == "unknown":
        d.fact(label, None, printed=shown_printed, justification=f"limit not determined: {why}")
        return Outcome(Verdict.UNDETERMINED)
    if status == "none":
        return _no_limit(var, target, reading, sides, d, label, shown_printed)

    def recheck(claimed):
        ok, detail = approaches(expr, var, target, sides, claimed, reading)
        return ok, "" if ok else "; the exact re-check near the limit point " + detail

    one_side = direction == "+-" and len(sides) == 1 and target not in (sp.oo, -sp.oo)
    note = f"; only from {'above' if sides[0] == '+' else 'below'} inside the domain" if one_side else ""
    return compare(value, recheck, note)


def _no_limit(var, target, reading, sides, d, label, shown_printed):
    """The one-sided limits differ: the limit does not exist, shown at an exact point."""
    below, above = sides
    relation = sp.Ne(below, above)
    from .values import exact_point
    point = exact_point({}, reading, relation)
    why = [say("the limit from below is {0} and the limit from above is {1}: they differ, so there is "
               "no two-sided limit", below, above)]
    refutation = None
    if point is not None:
        at = {s: point[s.name] for s in relation.free_symbols if s.name in point}
        refutation = (relation, point,
                      say("no limit as {0}: from below it is {1}, from above {2}",
                          sp.Symbol(f"{var} -> {target}"), below.xreplace(at), above.xreplace(at)))
    d.fact(label, False, printed=shown_printed, derived=None, justification=tuple(why))
    return Outcome(Verdict.FAILS, refutation, None)
