"""The domains of the binary quantification checks and the sign decisions made on them.

Every symbolic argument about E(q, p) on the binary codeframe is a sign or zero decision on
one of a few explicit domains (the rules as data): above and below the diagonal q = p, the
impartiality strip 0 < p - a, p + a < 1, over- and underestimation of a rarer class, and the
open square.  Each domain carries a positive reparametrisation that covers it exactly, so a
decision "for every point of the domain" is a decision for positive symbols
(:mod:`symmetric.checks.decide`).  :data:`SHOWN` gives each domain as the relation a proof
line states it by.

:func:`resolve` removes the Abs/Min/Max and the ``cases(...)`` branches that a domain settles
(through the one Piecewise resolver, :mod:`symmetric.checks.piecewise`); what it cannot
settle stays, and the continuity guards below refuse a derivative argument across it.
"""

from __future__ import annotations

import sympy as sp

from ..checks.decide import is_identically_zero, is_positive_everywhere
from ..checks.piecewise import piece_free, resolve_piecewise
from ..domain import Domain
from ..logic import Truth, fuzzy_and
from .distributions import p, q
from .measures import R, QuantMeasure

a = sp.Symbol("a", positive=True)      # the amount of misprediction
_x, _y, _z = sp.symbols("x y z", positive=True)
_s = _x + _y + _z
HALF = sp.Rational(1, 2)

# 0 < p < q < 1 and 0 < q < p < 1, covered by positive x, y, z
ABOVE = Domain("0<p<q<1", (sp.Lt(0, p), sp.Lt(p, q), sp.Lt(q, 1)), {p: _x / _s, q: (_x + _y) / _s})
BELOW = Domain("0<q<p<1", (sp.Lt(0, q), sp.Lt(q, p), sp.Lt(p, 1)), {q: _x / _s, p: (_x + _y) / _s})
# 0 < p - a, p + a < 1  (impartiality)
IMPARTIAL = Domain("0<p-a, p+a<1", (sp.Lt(a, p), sp.Lt(p + a, 1)),
                   {a: _x / (2 * _x + _y + _z), p: (_x + _y) / (2 * _x + _y + _z)})
# 0 < p < 1/2 with over- (p + a < 1) or under-estimation (a < p)
OVER = Domain("0<p<1/2, 0<a<1-p", (sp.Lt(0, p), sp.Lt(p, HALF), sp.Lt(p + a, 1)),
              {p: _x / (2 * (1 + _x)), a: (1 - _x / (2 * (1 + _x))) * _y / (1 + _y)})
UNDER = Domain("0<a<p<1/2", (sp.Lt(a, p), sp.Lt(p, HALF)),
               {p: _x / (2 * (1 + _x)), a: _x / (2 * (1 + _x)) * _y / (1 + _y)})
GENERAL = Domain("0<p,q<1, n>0", (sp.Lt(0, p), sp.Lt(p, 1), sp.Lt(0, q), sp.Lt(q, 1)),
                 {p: _x / (_x + _y), q: _z / (_z + sp.Symbol("w", positive=True))})


def _chain(*relations) -> sp.Basic:
    """Strict inequalities as stated (unevaluated: 0 < p is not True to a reader)."""
    return sp.And(*(sp.StrictLessThan(u, v, evaluate=False) for u, v in relations), evaluate=False)


# each domain as the relation a proof line states (the constraints above are evaluated, and
# sympy reads 0 < p as True for the positive symbol p)
SHOWN = {
    ABOVE: _chain((0, p), (p, q), (q, 1)),
    BELOW: _chain((0, q), (q, p), (p, 1)),
    IMPARTIAL: _chain((0, p - a), (p + a, 1)),
    OVER: _chain((0, p), (p, HALF), (0, a), (a, 1 - p)),
    UNDER: _chain((0, a), (a, p), (p, HALF)),
    GENERAL: _chain((0, p), (p, 1), (0, q), (q, 1)),
}


def resolve(expr: sp.Expr, domain: Domain) -> sp.Expr:
    """Remove Abs/Min/Max whose argument's sign is fixed on ``domain``, and Piecewise branches
    whose condition is settled there (decided by sign rules on the positive reparametrisation);
    anything undecidable is left in place."""
    def sign(e):
        e = sp.factor(sp.together(domain.to_positive(e)))
        if e.is_positive or e.is_negative:
            return 1 if e.is_positive else -1
        return _log_sign(sp.logcombine(sp.expand_log(e, force=True), force=True)) if e.has(sp.log) else None

    def fix_abs(node):
        s = sign(node.args[0])
        return node.args[0] * s if s else node

    def fix_minmax(node):
        if len(node.args) != 2:
            return node
        u, v = node.args
        s = sign(u - v)
        if s is None:
            return node
        bigger, smaller = (u, v) if s > 0 else (v, u)
        return bigger if isinstance(node, sp.Max) else smaller

    out = resolve_piecewise(expr, sign) if expr.has(sp.Piecewise) else expr
    out = out.replace(lambda e: isinstance(e, sp.Abs), fix_abs)
    # the derivative of |x| is sign(x) x': settled where the sign of x is
    out = out.replace(lambda e: isinstance(e, sp.sign), lambda node: sp.Integer(sign(node.args[0]) or 0) or node)
    return out.replace(lambda e: isinstance(e, (sp.Min, sp.Max)), fix_minmax)


def positive_on(expr, domain) -> Truth:
    """expr > 0 everywhere on ``domain`` (None: not decided)."""
    decided = is_positive_everywhere(resolve(expr, domain), domain).value
    if decided is None and expr.has(sp.log):
        # logarithms: combine them and read the sign off sympy's rules on positive symbols
        e = sp.simplify(sp.expand_log(sp.simplify(domain.to_positive(resolve(expr, domain))), force=True))
        num, den = sp.fraction(sp.together(e))
        num = sp.logcombine(num, force=True)
        if num.is_positive and den.is_positive:
            return True
        if den.is_positive and _log_sign(num) == 1:
            return True
    return decided


def _log_sign(expr) -> int | None:
    """The sign of c log(X) (c a nonzero number, X > 0 on positive symbols): sign(c) sign(X - 1),
    read off sympy's rules on positive symbols after factoring X - 1; None when not decided."""
    coefficient, rest = expr.as_coeff_Mul()
    if not (isinstance(rest, sp.log) and coefficient.is_nonzero and rest.args[0].is_positive):
        return None
    above_one = sp.factor(sp.together(rest.args[0] - 1))
    sign = 1 if above_one.is_positive else -1 if above_one.is_negative else None
    return None if sign is None else sign * (1 if coefficient > 0 else -1)


def zero_on(expr, domain) -> Truth:
    """expr = 0 identically on ``domain`` (None: not decided)."""
    return is_identically_zero(resolve(expr, domain), domain).value


def nonnegative_on(expr, domain) -> Truth:
    return is_positive_everywhere(resolve(expr, domain), domain, strict=False).value


def positive_off_diagonal(expr) -> Truth:
    """expr(p, q) > 0 for q != p: directly, or because expr(p, p) = 0 and expr is strictly
    increasing in q above p and strictly decreasing below p (sign decisions).  The checks are
    made one after another, each only when the previous one succeeded (they are costly)."""
    if positive_on(expr, ABOVE) and positive_on(expr, BELOW):
        return True
    slope = sp.diff(expr, q)
    # the slope argument needs expr continuous in q (a branch may jump below 0 after the kink)
    if continuous_in_q(expr) and zero_on(expr.subs(q, p), GENERAL) and positive_on(slope, ABOVE) \
            and positive_on(-slope, BELOW):
        return True
    return None


def continuous_in_q(expr) -> Truth:
    """Is expr(p, .) continuous on 0 < q < 1 for every p?  A formula without branches or jump
    functions is (where it is defined); a Piecewise is when each side of the diagonal resolves to
    one formula and both meet the value on the diagonal.  None when that is not established."""
    if piece_free(expr):
        return True
    above, below, diagonal = resolve(expr, ABOVE), resolve(expr, BELOW), resolve(expr.subs(q, p), GENERAL)
    if not (piece_free(above) and piece_free(below) and piece_free(diagonal)):
        return None
    if zero_on(above.subs(q, p) - diagonal, GENERAL) and zero_on(below.subs(q, p) - diagonal, GENERAL):
        return True
    return None


def continuous_on_closed(term) -> Truth:
    """Continuous in q on 0 < q < 1 and at the vertices q = 0 (below p) and q = 1 (above p),
    where the maxima are taken.  A formula without branches is continuous wherever it is
    defined (an undefined vertex value is reported as unbounded by MAX)."""
    if piece_free(term):
        return True
    if not continuous_in_q(term):
        return None
    for side, end in ((BELOW, 0), (ABOVE, 1)):
        at_end = resolve(term.subs(q, end), GENERAL)
        if not piece_free(at_end) or not zero_on(resolve(term, side).subs(q, end) - at_end, GENERAL):
            return None
    return True


def outer_increasing(measure: QuantMeasure) -> Truth:
    """Is outer(R, M) strictly increasing in R > 0 (M > 0 fixed) with outer(0, M) = 0?"""
    r = sp.Symbol("r", positive=True)
    starts_at_zero = sp.simplify(measure.outer.subs(R, 0)) == 0
    increasing = sp.diff(measure.outer.subs(R, r), r)
    inc = increasing.is_positive
    if inc is None:
        inc = is_positive_everywhere(increasing).value
    return fuzzy_and((bool(starts_at_zero), inc))
