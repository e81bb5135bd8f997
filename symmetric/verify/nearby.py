"""The independent re-check of a limit or a derivative step: the formula the user wrote is
evaluated at exact rational points of the claim's domain, ever nearer the limit point (or as
difference quotients of shrinking width), and must approach the value about to be claimed.

This is evidence, never a proof: it only stops a symbolic result that disagrees with the
written formula (a limit taken towards another symbol, a derivative across a jump) from being
reported "proved" or offered as a correction.  The symbolic step still does the proving.
"""

from __future__ import annotations

import sympy as sp

_U_VALUES = (sp.Integer(1), sp.Integer(2), sp.Rational(1, 3), sp.Integer(5))
_STEPS = (sp.Rational(1, 10 ** 4), sp.Rational(1, 10 ** 7), sp.Rational(1, 10 ** 10))
_PRECISION = 60


def domain_points(domain, others) -> list[dict]:
    """A few exact points of the other variables inside the domain: the positive coordinates
    at simple rationals, mapped through the domain's reparametrisation (so that parameter bounds
    and assumptions hold).  Each point gives the positive coordinates and the variables."""
    us = sorted(set().union(*(sp.sympify(v).free_symbols for v in others.values())) if others else set(),
                key=str)
    out = []
    for k in range(len(_U_VALUES)):
        u_point = {u: _U_VALUES[(k + i) % len(_U_VALUES)] for i, u in enumerate(us)}
        point = {x: sp.sympify(v).xreplace(u_point) for x, v in others.items()}
        out.append({"u": u_point, "x": point})
    return out


def _complete(point: dict, *exprs) -> dict:
    """The point with a value for each positive symbol no reparametrisation covers (n of a
    quantification claim, a parameter declared positive): such a symbol is free in (0, oo)."""
    loose = sorted(set().union(*(sp.sympify(e).free_symbols for e in exprs)) - set(point), key=str)
    return {**point, **{s: _U_VALUES[(k + 1) % len(_U_VALUES)] for k, s in enumerate(loose) if s.is_positive}}


def _near(target_u, side: str, step):
    if target_u is sp.oo:
        return 1 / step
    if target_u is -sp.oo:
        return -1 / step
    return target_u + step if side == "+" else target_u - step


def side_in_domain(domain, var, target_u, side, points):
    """True when ``var`` near the limit point on ``side`` is inside the domain at every sample
    point, False when at none, None when it depends on the table."""
    seen = set()
    for point in points:
        at = {**point["x"], var: _near(sp.sympify(target_u).xreplace(point["u"]), side, _STEPS[-1])}
        ok = True
        for constraint in domain.constraints:
            if var not in constraint.free_symbols or not constraint.free_symbols <= set(at):
                continue
            if constraint.xreplace(at) is not sp.true:
                ok = False
        seen.add(ok)
    return None if len(seen) > 1 else seen.pop() if seen else True


def _number(expr, at):
    try:
        value = sp.sympify(expr).xreplace(at)
        value = value.doit() if value.has(sp.Derivative) else value
        value = sp.N(value, _PRECISION)
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or not value.is_number or value.is_real is not True:
        return None
    return value


def _shrinks(errors) -> bool:
    """The distances to the claimed value go to 0: tiny at the last point, or shrinking."""
    last, first = errors[-1], errors[0]
    return last <= sp.Float(10) ** -12 * (1 + abs(first)) or last < first * sp.Rational(4, 5)


def approaches(expr, var, target, sides, claimed, reading):
    """(True, "") when ``expr`` evaluated at exact points ever nearer ``var = target`` approaches
    ``claimed`` at every sample point; (False, why) when it visibly does not; (None, why) when no
    point could be evaluated."""
    domain = reading.domain
    others = {k: v for k, v in domain.reparam.items() if k != var}
    evaluated = 0
    for point in domain_points(domain, others):
        x = _complete(point["x"], expr, claimed, 0 if target in (sp.oo, -sp.oo) else target)
        x.pop(var, None)
        target_x = target if target in (sp.oo, -sp.oo) else sp.sympify(target).xreplace(x)
        if claimed in (sp.oo, -sp.oo):      # an infinite limit: the values grow past every bound, with its sign
            for side in sides:
                values = [_number(expr, {**x, var: _near(target_x, side, step)}) for step in _STEPS]
                if any(v is None for v in values):
                    continue
                evaluated += 1
                signed = [v if claimed is sp.oo else -v for v in values]
                if not all(b > a for a, b in zip(signed, signed[1:])) or signed[-1] <= 0:
                    shown = ", ".join(f"{k} = {sp.nsimplify(v)}" for k, v in x.items())
                    return False, (f"disagrees: at {shown}, {var} near {target_x} gives "
                                   f"{', '.join(str(sp.N(v, 8)) for v in values)}, not growing towards {claimed}")
            continue
        want = _number(sp.sympify(claimed).xreplace(x), x)
        if want is None:
            continue
        for side in sides:
            values = [_number(expr, {**x, var: _near(target_x, side, step)}) for step in _STEPS]
            if any(v is None for v in values):
                continue
            evaluated += 1
            errors = [abs(v - want) for v in values]
            if not _shrinks(errors):
                shown = ", ".join(f"{k} = {sp.nsimplify(v)}" for k, v in x.items())
                return False, (f"disagrees: at {shown}, {var} = {target_x} {'+' if side == '+' else '-'} 1e-10 "
                               f"gives {sp.N(values[-1], 8)}, not {sp.N(want, 8)}")
    if not evaluated:
        return None, "could not evaluate the formula at any exact point near the limit point"
    return True, ""


def quotients_approach(expr, var, derivative, reading):
    """The same re-check for a derivative: central difference quotients of ``expr`` in ``var``
    at exact domain points approach ``derivative`` there."""
    domain = reading.domain
    points = domain_points(domain, dict(domain.reparam))
    evaluated = 0
    for point in points:
        x = _complete(point["x"], expr, derivative)
        if var not in x:
            continue
        want = _number(derivative, x)
        if want is None:
            continue
        values = []
        for step in _STEPS:
            up, down = _number(expr, {**x, var: x[var] + step}), _number(expr, {**x, var: x[var] - step})
            values.append(None if up is None or down is None else (up - down) / (2 * step))
        if any(v is None for v in values):
            continue
        evaluated += 1
        if not _shrinks([abs(v - want) for v in values]):
            shown = ", ".join(f"{k} = {sp.nsimplify(v)}" for k, v in x.items())
            return False, f"disagrees: at {shown} the difference quotients tend to {sp.N(values[-1], 8)}, " \
                          f"not {sp.N(want, 8)}"
    if not evaluated:
        return None, "could not evaluate the formula at any exact point"
    return True, ""
