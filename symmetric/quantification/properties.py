"""Property checkers for quantification error measures (Sebastiani, Section 3).

Every checker returns a :class:`~symmetric.properties.base.PropertyResult`: ``holds`` with a
symbolic proof (sign decisions of :mod:`symmetric.checks.decide` on explicit domains, exact
identities), ``fails`` with an exact counterexample (concrete rational prevalences, the
violated relation re-checked exactly; logarithms certified with ``exact_sign``), or
``undetermined`` with the reason.  Numeric search is only used to *find* candidate
counterexamples, never as proof.

Reconstructed statements (the paper's formulas were lost from the text):

* binary codeframe C = {c1, c2}; p = p(c1) true, q = p^(c1) predicted; E(q, p) the measure;
* B-MON: p <= q'' < q' or q' < q'' <= p  implies  E(q', p) > E(q'', p);
* B-IMP: E(p + a, p) = E(p - a, p) whenever both predictions lie in (0, 1);
* B-REL: 0 < p' < p'' <= 1/2 (c1 the less prevalent class in both), a > 0, the same sign s:
  E(p' + s a, p') > E(p'' + s a, p'');  B-ABS: the same premises give equality;
* MON, IMP, REL, ABS follow from IND and their binary forms (Section 3.2), and fail as soon as
  the binary form fails (a binary codeframe is a codeframe);
* IoI, NN, IND and MAX are stated for every codeframe.

Smoothing: the smoothing map x -> (eps + x)/(eps |C| + 1) is strictly increasing and affine, so
it preserves order, sides and equal offsets; the binary checks are therefore made on the
unsmoothed formula over the open square 0 < p, q < 1, which contains the smoothed image.
MAX is the exception: without smoothing KLD and PD are unbounded, so maxima are computed with
the smoothing constant.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache, wraps

import sympy as sp

from ..checks.decide import exact_sign, is_identically_zero, is_positive_everywhere
from ..domain import Domain
from ..properties.base import PropertyResult, PropertyVerdict
from .distributions import n, p, q
from .measures import NORMALISED, R, QuantMeasure
from ..checks.piecewise import piece_free, resolve_piecewise

HOLDS, FAILS, UNDET = PropertyVerdict.HOLDS, PropertyVerdict.FAILS, PropertyVerdict.UNDETERMINED

a = sp.Symbol("a", positive=True)      # the amount of misprediction
_x, _y, _z = sp.symbols("x y z", positive=True)
_s = _x + _y + _z

# ------------------------------------------------------------------ domains (rules as data)
# 0 < p < q < 1 and 0 < q < p < 1, covered by positive x, y, z
ABOVE = Domain("0<p<q<1", (sp.Lt(0, p), sp.Lt(p, q), sp.Lt(q, 1)), {p: _x / _s, q: (_x + _y) / _s})
BELOW = Domain("0<q<p<1", (sp.Lt(0, q), sp.Lt(q, p), sp.Lt(p, 1)), {q: _x / _s, p: (_x + _y) / _s})
# 0 < p - a, p + a < 1  (impartiality)
IMPARTIAL = Domain("0<p-a, p+a<1", (sp.Lt(a, p), sp.Lt(p + a, 1)),
                   {a: _x / (2 * _x + _y + _z), p: (_x + _y) / (2 * _x + _y + _z)})
# 0 < p < 1/2 with over- (p + a < 1) or under-estimation (a < p)
OVER = Domain("0<p<1/2, 0<a<1-p", (sp.Lt(0, p), sp.Lt(p, sp.Rational(1, 2)), sp.Lt(p + a, 1)),
              {p: _x / (2 * (1 + _x)), a: (1 - _x / (2 * (1 + _x))) * _y / (1 + _y)})
UNDER = Domain("0<a<p<1/2", (sp.Lt(a, p), sp.Lt(p, sp.Rational(1, 2))),
               {p: _x / (2 * (1 + _x)), a: _x / (2 * (1 + _x)) * _y / (1 + _y)})
GENERAL = Domain("0<p,q<1, n>0", (sp.Lt(0, p), sp.Lt(p, 1), sp.Lt(0, q), sp.Lt(q, 1)),
                 {p: _x / (_x + _y), q: _z / (_z + sp.Symbol("w", positive=True))})


def resolve(expr: sp.Expr, domain: Domain) -> sp.Expr:
    """Remove Abs/Min/Max whose argument's sign is fixed on ``domain``, and Piecewise branches
    whose condition is settled there (decided by sign rules on the positive reparametrisation);
    anything undecidable is left in place."""
    def sign(e):
        e = sp.factor(sp.together(domain.to_positive(e)))
        return 1 if e.is_positive else (-1 if e.is_negative else None)

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
    return out.replace(lambda e: isinstance(e, (sp.Min, sp.Max)), fix_minmax)


def _positive(expr, domain) -> bool | None:
    decided = is_positive_everywhere(resolve(expr, domain), domain).value
    if decided is None and expr.has(sp.log):
        # logarithms: combine them and read the sign off sympy's rules on positive symbols
        e = sp.simplify(sp.expand_log(sp.simplify(domain.to_positive(resolve(expr, domain))), force=True))
        num, den = sp.fraction(sp.together(e))
        num = sp.logcombine(num, force=True)
        if num.is_positive and den.is_positive:
            return True
    return decided


def _positive_off_diagonal(expr) -> bool | None:
    """expr(p, q) > 0 for q != p: directly, or because expr(p, p) = 0 and expr is strictly
    increasing in q above p and strictly decreasing below p (sign decisions)."""
    if _positive(expr, ABOVE) and _positive(expr, BELOW):
        return True
    slope = sp.diff(expr, q)
    # the slope argument needs expr continuous in q (a branch may jump below 0 after the kink)
    if _continuous_in_q(expr) and _zero(expr.subs(q, p), GENERAL) and _positive(slope, ABOVE) \
            and _positive(-slope, BELOW):
        return True
    return None


def _continuous_in_q(expr) -> bool | None:
    """Is expr(p, .) continuous on 0 < q < 1 for every p?  A formula without branches or jump
    functions is (where it is defined); a Piecewise is when each side of the diagonal resolves to
    one formula and both meet the value on the diagonal.  None when that is not established."""
    if piece_free(expr):
        return True
    above, below, diagonal = resolve(expr, ABOVE), resolve(expr, BELOW), resolve(expr.subs(q, p), GENERAL)
    if not (piece_free(above) and piece_free(below) and piece_free(diagonal)):
        return None
    if _zero(above.subs(q, p) - diagonal, GENERAL) and _zero(below.subs(q, p) - diagonal, GENERAL):
        return True
    return None


def _continuous_on_closed(term) -> bool | None:
    """Continuous in q on 0 < q < 1 and at the vertices q = 0 (below p) and q = 1 (above p),
    where the maxima are taken.  A formula without branches is continuous wherever it is
    defined (an undefined vertex value is reported as unbounded by MAX)."""
    if piece_free(term):
        return True
    if not _continuous_in_q(term):
        return None
    for side, end in ((BELOW, 0), (ABOVE, 1)):
        at_end = resolve(term.subs(q, end), GENERAL)
        if not piece_free(at_end) or not _zero(resolve(term, side).subs(q, end) - at_end, GENERAL):
            return None
    return True


def _zero(expr, domain) -> bool | None:
    return is_identically_zero(resolve(expr, domain), domain).value


def _outer_increasing(measure: QuantMeasure) -> bool | None:
    """Is outer(R, M) strictly increasing in R > 0 (M > 0 fixed) with outer(0, M) = 0?"""
    r = sp.Symbol("r", positive=True)
    outer = measure.outer.subs(R, r)
    starts_at_zero = sp.simplify(measure.outer.subs(R, 0)) == 0
    increasing = sp.diff(outer, r)
    inc = increasing.is_positive
    if inc is None:
        inc = is_positive_everywhere(increasing).value
    return bool(starts_at_zero) and inc


# ------------------------------------------------------------------ exact re-checks
def _num(value) -> str:
    return str(sp.nsimplify(value)) if not isinstance(value, str) else value


def _certified(relation: str, left: sp.Expr, right: sp.Expr) -> bool:
    """Exactly certify ``left > right`` ('>'), ``left != right`` ('!=') or ``left < right``."""
    diff = sp.nsimplify(left) - sp.nsimplify(right) if False else left - right
    sign = exact_sign(diff)
    if sign is None:
        return False
    return {">": sign > 0, "<": sign < 0, "!=": sign != 0, "<=": sign <= 0}[relation]


@dataclass(frozen=True)
class _Case:
    """A concrete candidate: named exact values and the two points (p, q) to compare."""
    values: dict
    first: tuple
    second: tuple


class _Evaluator:
    """E on the binary codeframe, exactly (sympy) and as a float prefilter (evidence only)."""

    def __init__(self, expr: sp.Expr) -> None:
        self.expr = expr
        self.fast = sp.lambdify((p, q), expr, modules=["math"])

    def exact(self, point) -> sp.Expr:
        return self.expr.subs({p: point[0], q: point[1]})

    def approx(self, point) -> float:
        try:
            return float(self.fast(float(point[0]), float(point[1])))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            return math.nan


class _SidedEvaluator(_Evaluator):
    """E on the binary codeframe for a measure normalised by its maximum M, which sits on the
    rarer class: one formula where c1 is the rarer true class (p <= 1/2), another where it is
    the more frequent one, chosen by the point's p."""

    def __init__(self, rare: sp.Expr, frequent: sp.Expr) -> None:
        self.rare, self.frequent = _Evaluator(rare), _Evaluator(frequent)

    def _side(self, point) -> _Evaluator:
        return self.rare if 2 * point[0] <= 1 else self.frequent

    def exact(self, point) -> sp.Expr:
        return self._side(point).exact(point)

    def approx(self, point) -> float:
        return self._side(point).approx(point)


def _grid(denominator: int):
    return [sp.Rational(k, denominator) for k in range(1, denominator)]


def _search(evaluator: _Evaluator, cases: Callable[[int], object], relation: str, limit: int = 40):
    """First candidate violating the property, certified exactly (relation on E(first), E(second)).

    Candidates are ranked by a float prefilter (evidence only); the winner is re-checked in
    exact arithmetic before it is returned, with the exact values attached."""
    for denominator in (10, 20):
        ranked = []
        for case in cases(denominator):
            gap = evaluator.approx(case.first) - evaluator.approx(case.second)
            if math.isnan(gap):
                continue
            # '<=' admits equality (a strict inequality that should hold and does not); for '!='
            # a float gap at rounding level is no evidence of a difference (equal values would
            # only be re-checked exactly to find 0), so it must exceed the same 1e-12
            score = {">": gap, "<": -gap, "!=": abs(gap) - 1e-12, "<=": 1e-12 - gap}[relation]
            if score > 0:
                ranked.append((-score, len(ranked), case))
        ranked.sort(key=lambda t: (t[0], t[1]))
        for _, _, case in ranked[:limit]:
            left, right = evaluator.exact(case.first), evaluator.exact(case.second)
            if _certified(relation, left, right):
                return case, left, right
    return None


def _cx(found, relation: str, what: str = "E") -> dict:
    case, left, right = found
    out = {k: _num(v) for k, v in case.values.items()}
    out["left"], out["right"] = str(left), str(right)
    out["relation"] = f"left {relation} right, {what} values (certified exactly)"
    return out


def _comparison_form(measure: QuantMeasure, true_is_smaller: bool = True) -> tuple[sp.Expr, str]:
    """The expression whose values are compared: R itself when the outer transform is strictly
    increasing and does not involve M (then E-comparisons and R-comparisons agree), else E."""
    if not measure.uses_maximum and measure.outer != R:
        return measure.binary_raw(), "R (E is a strictly increasing function of R alone)"
    return measure.binary(true_is_smaller=true_is_smaller), "E"


def _comparison_evaluator(measure: QuantMeasure) -> tuple[_Evaluator, str]:
    """An evaluator of the compared expression at any binary point.  A measure normalised by
    M needs the formula of the point's side of p = 1/2: the values of a counterexample at
    p > 1/2 must be those of E there, not of the rarer-class formula."""
    form, what = _comparison_form(measure)
    if what == "E" and measure.uses_maximum:
        return _SidedEvaluator(form, measure.binary(true_is_smaller=False)), what
    return _Evaluator(form), what


def _result(prop, measure, verdict, proof=(), cx=None, reason=""):
    return PropertyResult(prop, measure.name, verdict, tuple(proof), cx, reason)


# ------------------------------------------------------------------ memoisation
# A checker's result depends on the mathematics of a measure (term, outer transform, whether it
# is smoothed), never on its name: KLD and NKLD's raw sum, or AE in Table 1 and in Appendix A,
# are the same computation.  Checkers are therefore cached on an anonymous copy of the measure
# (measures are frozen, sympy expressions immutable) and the results relabelled.
def _anonymous(measure: QuantMeasure) -> QuantMeasure:
    return QuantMeasure("", "", measure.term, measure.outer, measure.smoothed)


def _relabel(results, name: str):
    if isinstance(results, PropertyResult):
        return replace(results, measure=name)
    if isinstance(results, dict):
        return {k: _relabel(v, name) for k, v in results.items()}
    return tuple(_relabel(r, name) for r in results)


def _per_measure(checker):
    """Cache ``checker(measure, *args)`` on the measure's mathematics; relabel the results."""
    cached = lru_cache(maxsize=256)(checker)

    @wraps(checker)
    def run(measure: QuantMeasure, *args):
        return _relabel(cached(_anonymous(measure), *args), measure.name)
    return run


# ------------------------------------------------------------------ IoI and NN (every |C|)
def _gibbs_term(measure: QuantMeasure) -> tuple[sp.Expr, sp.Expr]:
    """term + lam (q - p), with lam making q = p stationary; sums over classes are unchanged
    because the q - p add up to 0.  That needs one lam for every class: a lam depending on p
    (or q) is a different weight per class, sum_c lam(p_c)(q_c - p_c) need not vanish, and the
    shift is not made (lam = 0 is returned)."""
    right_slope = sp.diff(resolve(measure.term, ABOVE), q).subs(q, p)
    left_slope = sp.diff(resolve(measure.term, BELOW), q).subs(q, p)
    lam = sp.simplify(-(right_slope + left_slope) / 2)
    if lam.free_symbols & {p, q} or lam.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return sp.S.Zero, measure.term
    return lam, measure.term + lam * (q - p)


@_per_measure
def check_ioi_nn(measure: QuantMeasure) -> tuple[PropertyResult, PropertyResult]:
    proof = []
    zero_at_p = _zero(measure.term.subs(q, p), GENERAL)
    lam, shifted = _gibbs_term(measure)
    if lam != 0:
        proof.append(f"Since $\\sum_c (\\hat p(c) - p(c)) = 0$, R is unchanged when each term $t$ is "
                     f"replaced by $t + \\lambda (q - p)$ with $\\lambda = {sp.latex(lam)}$ (the same for every class).")
    positive = _positive_off_diagonal(shifted)
    outer_ok = _outer_increasing(measure)
    if zero_at_p and positive and outer_ok:
        proof += [f"The term is 0 at $q = p$ and ${sp.latex(shifted)} > 0$ for $q > p$ and for $q < p$ "
                  "(sign decisions on $0<p<q<1$ and $0<q<p<1$), so R = 0 iff every $\\hat p(c) = p(c)$, "
                  "and R > 0 otherwise, for every codeframe.",
                  "The outer transform is 0 at R = 0 and strictly increasing in R."]
        return (_result("IoI", measure, HOLDS, proof), _result("NN", measure, HOLDS, proof))
    ioi, nn = _ioi_nn_witnesses(measure)
    if nn is None and outer_ok and _nonnegative_everywhere(shifted):
        nn = _result("NN", measure, HOLDS, proof + [
            f"${sp.latex(shifted)} \\geq 0$ on $0<p,q<1$ (sign decisions on each side of $q = p$ and on "
            "it), so R >= 0 for every codeframe; the outer transform is 0 at R = 0 and increasing."])
    why = "no symbolic proof of positivity off the diagonal and no counterexample found"
    return (ioi or _result("IoI", measure, UNDET, reason=why),
            nn or _result("NN", measure, UNDET, reason=why.replace("positivity off the diagonal", "non-negativity")))


def _nonnegative_everywhere(term) -> bool:
    """term(p, q) >= 0 on 0 < p, q < 1: on each side of the diagonal and on it."""
    return all(is_positive_everywhere(resolve(term, dom), dom, strict=False).value is True
               for dom in (ABOVE, BELOW)) and \
        is_positive_everywhere(term.subs(q, p), GENERAL, strict=False).value is True


def _binary_e(measure: QuantMeasure) -> _Evaluator:
    """E itself on the binary codeframe, exactly and as a float prefilter: the normalised
    measures' maximum M sits on the rarer class, so c1 rare and c1 frequent are two formulas."""
    rare = measure.binary(true_is_smaller=True)
    if measure.uses_maximum:
        return _SidedEvaluator(rare, measure.binary(true_is_smaller=False))
    return _Evaluator(rare)


def _ioi_nn_witnesses(measure: QuantMeasure):
    """Exact binary witnesses judged on E itself (never on a surrogate such as E(p,q) - E(p,p)).
    IoI is "E = 0 iff the prediction is perfect", so it is refuted only by E(p, p) != 0 or by
    E(p, q) = 0 with q != p; a negative E off the diagonal refutes NN, not IoI.  E < 0 anywhere
    refutes NN."""
    e = _binary_e(measure)
    ioi = nn = None
    for den in (10, 20):
        candidates = []
        for pv, qv in itertools.product(_grid(den), _grid(den)):
            value = e.approx((pv, qv))
            if math.isnan(value):
                continue
            # IoI suspects first: E near 0 off the diagonal, E away from 0 on it; then NN
            # suspects, most negative first
            if pv != qv and abs(value) <= 1e-12 or pv == qv and abs(value) > 1e-12:
                candidates.append((0, -abs(value) if pv == qv else 0.0, pv, qv))
            elif value < 0:
                candidates.append((1, value, pv, qv))
        candidates.sort(key=lambda c: c[:2])
        for *_, pv, qv in candidates[:40]:
            exact = e.exact((pv, qv))
            sign = exact_sign(exact)
            if sign is None:
                continue
            cx = {"p(c1)": _num(pv), "p^(c1)": _num(qv), "E": str(exact),
                  "relation": f"E {'<' if sign < 0 else ('=' if sign == 0 else '>')} 0 (certified exactly)"}
            if ioi is None and (sign == 0 if pv != qv else sign != 0):
                ioi = _result("IoI", measure, FAILS, cx=cx, reason=(
                    "E = 0 at a prediction different from the truth" if pv != qv
                    else "E is not 0 at a perfect prediction"))
            if nn is None and sign < 0:
                nn = _result("NN", measure, FAILS, cx=cx, reason="E < 0")
            if ioi is not None and nn is not None:
                return ioi, nn
        if ioi is not None or nn is not None:
            break
    return ioi, nn


# ------------------------------------------------------------------ binary properties
@_per_measure
def check_bmon(measure: QuantMeasure) -> PropertyResult:
    raw = measure.binary_raw()
    d = sp.diff(raw, q)
    # a derivative says nothing across a jump: R must be one formula per side, meeting R(p, p)
    up = _continuous_in_q(raw) and _positive(d, ABOVE)
    down = up and _positive(-d, BELOW)   # only needed when the first side is proved
    if up and down and _outer_increasing(measure):
        return _result("B-MON", measure, HOLDS, [
            f"$\\partial R/\\partial q = {sp.latex(sp.simplify(resolve(d, ABOVE)))} > 0$ on $0<p<q<1$ and "
            f"$\\partial R/\\partial q = {sp.latex(sp.simplify(resolve(d, BELOW)))} < 0$ on $0<q<p<1$ "
            "(sign decisions), so R is strictly increasing in the misprediction on each side; the outer "
            "transform is strictly increasing and independent of the prediction."])
    ev, what = _comparison_evaluator(measure)

    def cases(den):
        g = _grid(den)
        for pv, q2, q1 in itertools.product(g, g, g):
            if pv <= q2 < q1 or q1 < q2 <= pv:
                yield _Case({"p(c1)": pv, "p^'(c1)": q1, "p^''(c1)": q2}, (pv, q1), (pv, q2))
    bad = _search(ev, cases, "<=")
    if bad is not None:
        return _result("B-MON", measure, FAILS, cx=_cx(bad, "<=", what),
                       reason="a prediction further from the truth on the same side scores no worse")
    return _result("B-MON", measure, UNDET, reason="derivative sign not decided and no counterexample found")


@_per_measure
def check_bimp(measure: QuantMeasure) -> PropertyResult:
    ev, what = _comparison_evaluator(measure)

    def cases(den):
        g = _grid(den)
        for pv, av in itertools.product(g, g):
            if av < pv and pv + av < 1:
                yield _Case({"p(c1)": pv, "a": av}, (pv, pv + av), (pv, pv - av))
    # The exact counterexample search comes first: it is cheap, and a certified counterexample
    # rules the symbolic proof out, so the verdict is the one the proof-first order gives.
    bad = _search(ev, cases, "!=")
    if bad is not None:
        return _result("B-IMP", measure, FAILS, cx=_cx(bad, "!=", what),
                       reason="overestimating and underestimating by the same amount score differently")
    raw = measure.binary_raw()
    gap = raw.subs(q, p + a) - raw.subs(q, p - a)
    zero = _zero(gap, IMPARTIAL)
    if zero and _outer_increasing(measure):
        return _result("B-IMP", measure, HOLDS, [
            f"$R(p+a, p) - R(p-a, p) = {sp.latex(sp.simplify(resolve(gap, IMPARTIAL)))}$ is identically 0 "
            "on $0<p-a$, $p+a<1$; the outer transform depends on the prediction only through R."])
    return _result("B-IMP", measure, UNDET, reason="identity not decided and no counterexample found")


def _rel_abs_cases(measure: QuantMeasure):
    return _rel_abs_case_list


@lru_cache(maxsize=8)
def _rel_abs_case_list(den: int) -> tuple[_Case, ...]:
    """The B-REL/B-ABS candidates on the grid k/den (they do not depend on the measure, and
    both searches walk them).  Built on the integer numerators: sympy arithmetic on every
    candidate was most of the search's cost."""
    half = [k for k in range(1, den) if 2 * k < den]   # c1 strictly less prevalent
    out = []
    for k1, k2, ka in itertools.product(half, half, range(1, den)):
        if k1 >= k2:
            continue
        for sgn in (1, -1):
            if 0 < k1 + sgn * ka < den and 0 < k2 + sgn * ka < den:
                p1, p2 = sp.Rational(k1, den), sp.Rational(k2, den)
                out.append(_Case({"p'(c1)": p1, "p''(c1)": p2, "shift": sp.Rational(sgn * ka, den)},
                                 (p1, sp.Rational(k1 + sgn * ka, den)), (p2, sp.Rational(k2 + sgn * ka, den))))
    return tuple(out)


def _shifted(measure: QuantMeasure, sign: int) -> sp.Expr:
    return measure.binary(true_is_smaller=True).subs(q, p + sign * a)


@_per_measure
def check_brel_babs(measure: QuantMeasure) -> tuple[PropertyResult, PropertyResult]:
    cases = _rel_abs_cases(measure)
    form, what = _comparison_form(measure)
    ev = _Evaluator(form)
    # The exact counterexample searches come first: they are cheap next to the sign and zero
    # decisions on d/dp E(p +- a, p) (which cannot decide log terms and then pay for every
    # witness re-check), and a certified counterexample rules the symbolic proof out, so each
    # verdict is the one the proof-first order gives.
    rel_bad, abs_bad = _search(ev, cases, "<="), _search(ev, cases, "!=")
    over_e, under_e = _shifted(measure, 1), _shifted(measure, -1)
    over, under = sp.diff(over_e, p), sp.diff(under_e, p)
    # the derivative arguments below need E(p +- a, p) continuous in p: one formula on each
    # domain once the settled branches are resolved (a jump has derivative 0 on both sides)
    smooth = piece_free(resolve(over_e, OVER)) and piece_free(resolve(under_e, UNDER))
    jumpy = "" if smooth else "; E(p +- a, p) is not shown continuous in p (unresolved branches)"
    if rel_bad is not None:
        rel = _result("B-REL", measure, FAILS, cx=_cx(rel_bad, "<=", what),
                      reason="the smaller true prevalence is not penalised more")
    # the second side is only needed when the first is proved (both must hold)
    elif smooth and _positive(-over, OVER) and _positive(-under, UNDER):
        proof = ["$\\frac{d}{dp} E(p \\pm a, p) < 0$ on $0<p<1/2$ for over- and underestimation (sign "
                 "decisions), so the same misprediction costs more on the smaller true prevalence."]
        rel = _result("B-REL", measure, HOLDS, proof)
    else:
        rel = _result("B-REL", measure, UNDET, reason="derivative sign not decided, no counterexample" + jumpy)
    if abs_bad is not None:
        abs_ = _result("B-ABS", measure, FAILS, cx=_cx(abs_bad, "!=", what),
                       reason="the same misprediction scores differently")
    elif smooth and _zero(over, OVER) and _zero(under, UNDER):
        abs_ = _result("B-ABS", measure, HOLDS, [
            "$\\frac{d}{dp} E(p \\pm a, p)$ is identically 0 on $0<p<1/2$ for over- and underestimation."])
    else:
        abs_ = _result("B-ABS", measure, UNDET, reason="identity not decided, no counterexample" + jumpy)
    return rel, abs_


# ------------------------------------------------------------------ IND
@_per_measure
def check_ind(measure: QuantMeasure) -> PropertyResult:
    k = sp.Symbol("k", positive=True)
    ratios = set()
    for dom in (ABOVE, BELOW):
        # cases(...) branches settled on this side are resolved here; with one that is not
        # (q > 1/2) the term is no single formula to scale, and the ratio argument is not made
        t = resolve(measure.term, dom)
        if not piece_free(t):
            return _result("IND", measure, UNDET, reason=(
                f"the term's branches are not settled on {dom.name} (the scaling argument needs one "
                "formula per side of the diagonal); no general argument"))
        quotient = sp.expand_log(t.subs({p: k * p, q: k * q}, simultaneous=True), force=True) / t
        # cancel() first: it is cheap and settles the usual homogeneous terms; simplify() on the
        # small quotient in k alone then gives the same printed form at a fraction of the cost
        cancelled = sp.cancel(quotient)
        ratios.add(sp.simplify(cancelled if not cancelled.free_symbols & {p, q} else quotient))
    ratio = ratios.pop() if len(ratios) == 1 else None
    homogeneous = ratio is not None and not (ratio.free_symbols & {p, q}) and ratio.is_positive
    if homogeneous:
        # classes predicted exactly contribute t(p, p): it must scale by the same factor (a
        # branch for q = p, as in cases(q = p, 1, ...), need not)
        diagonal = measure.term.subs(q, p)
        if sp.simplify(diagonal.subs(p, k * p) - ratio * diagonal) != 0:
            return _result("IND", measure, UNDET, reason=(
                f"t(kp,kq) = {ratio} t(p,q) off the diagonal, but t(p,p) = {diagonal} does not scale "
                "by the same factor; no general argument"))
    if homogeneous and _outer_increasing(measure):
        return _result("IND", measure, HOLDS, [
            "R is a sum of per-class terms: predictions that agree on the classes outside $C_n$ "
            "contribute equal terms there, so their order is decided by the terms on $C_n$.",
            f"Projecting onto $C_n$ divides the prevalences by a common $k$, and "
            f"$t(kp, kq) = {sp.latex(ratio)}\\, t(p, q)$ with a positive factor, so the order on $C_n$ "
            "is the order of the projections; the outer transform is strictly increasing in R and does "
            "not depend on the predictions (on unsmoothed prevalences; see the module note)."])
    return _result("IND", measure, UNDET,
                   reason=f"term not positively homogeneous (t(kp,kq)/t(p,q) = {ratio}); no general argument")


# ------------------------------------------------------------------ MAX and the maxima
def convex_in_prediction(measure: QuantMeasure) -> tuple[bool | None, str]:
    """Is each term convex in q on (0, 1)?  Second derivative >= 0 on each side of p and a
    non-negative jump of the first derivative at q = p."""
    parts = []
    for dom in (ABOVE, BELOW):
        second = sp.diff(resolve(measure.term, dom), q, 2)
        ok = is_positive_everywhere(second, dom, strict=False).value
        if ok is not True:
            return ok, f"second derivative on {dom.name} not certified non-negative"
        parts.append(second)
    jump = (sp.diff(resolve(measure.term, ABOVE), q) - sp.diff(resolve(measure.term, BELOW), q)).subs(q, p)
    ok = is_positive_everywhere(jump, GENERAL, strict=False).value
    return ok, "each term convex in the prediction (second derivatives >= 0, kink convex)"


def vertex_gain(measure: QuantMeasure, smoothing=None) -> sp.Expr:
    # smoothing: None, or a (symbolic) smoothing constant
    """h(p) = t(p, 1) - t(p, 0): the vertex putting all mass on class k scores
    sum_c t(p_c, 0) + h(p_k), so the worst vertex is the class maximising h."""
    if smoothing is None:
        return measure.term.subs(q, 1) - measure.term.subs(q, 0)
    from .distributions import smooth_value
    ps = smooth_value(p, smoothing, n)
    return measure.term.subs({p: ps, q: smooth_value(1, smoothing, n)}, simultaneous=True) - \
        measure.term.subs({p: ps, q: smooth_value(0, smoothing, n)}, simultaneous=True)


def perverse_is_worst(measure: QuantMeasure, smoothed: bool = False) -> tuple[bool | None, list[str]]:
    """See :func:`_perverse_is_worst` (cached on the measure's mathematics)."""
    # only the per-class term matters here (not the outer transform nor the name)
    ok, proof = _perverse_is_worst(QuantMeasure("", "", measure.term), smoothed)
    return ok, list(proof)


@lru_cache(maxsize=64)
def _perverse_is_worst(measure: QuantMeasure, smoothed: bool) -> tuple[bool | None, tuple[str, ...]]:
    """With ``smoothed`` the proof is for every smoothing constant eps > 0 (symbolic).
Convex terms + h strictly decreasing in p: the maximum over the simplex is reached at the
    vertex on the class of smallest true prevalence (the perverse estimator), for every |C|."""
    convex, why = convex_in_prediction(measure)
    if convex is not True:
        return convex, (why,)
    from .distributions import eps
    h = vertex_gain(measure, eps if smoothed else None)
    dom = GENERAL
    if smoothed:   # n >= 2 classes, any eps > 0 (eps is a positive symbol)
        dom = Domain("0<p<1, n>2, eps>0", GENERAL.constraints,
                     {**dict(GENERAL.reparam), n: 2 + sp.Symbol("m", positive=True)})
    h = resolve(h, dom)
    decreasing = _positive(-sp.diff(h, p), dom)
    if decreasing is not True:
        return None, (why, "h(p) = t(p,1) - t(p,0) not certified decreasing")
    return True, (f"{why}: a convex function on the simplex reaches its maximum at a vertex;",
                  f"the vertex on class k scores $\\sum_c t(p(c), 0) + h(p(k))$ with "
                  f"$h(p) = {sp.latex(sp.simplify(h))}$ strictly decreasing in $p$, so the worst vertex is "
                  "the class of smallest true prevalence (the perverse estimator), for every |C|.")


def binary_maximum(measure: QuantMeasure, true_first, smoothing) -> sp.Expr:
    """max over predictions of E on the binary codeframe, given that the maximum is at a vertex."""
    from .distributions import Distribution
    true = Distribution.binary(true_first)
    return max((measure.value(true, Distribution.binary(v), smoothing) for v in (0, 1)),
               key=lambda e: float(e) if e.is_finite is not False else math.inf)


def check_max(measure: QuantMeasure, smoothing=None,
              probes=(sp.Rational(1, 100), sp.Rational(49, 100))) -> PropertyResult:
    """MAX (cached on the measure's mathematics; the smoothing constant matters only to
    smoothed measures)."""
    return _relabel(_check_max(_anonymous(measure), smoothing if measure.smoothed else None, tuple(probes)),
                    measure.name)


@lru_cache(maxsize=64)
def _check_max(measure: QuantMeasure, smoothing, probes) -> PropertyResult:
    eps_used = smoothing if measure.smoothed else None
    if not _continuous_on_closed(measure.term):
        # a jump (cases(q < 1/1000, 0, ...)) can make the supremum unattained, and then the
        # vertex values below are not maxima: neither a proof nor a witness can rest on them
        return _result("MAX", measure, UNDET, reason=(
            "the term is not shown continuous in the prediction on [0, 1] (branches or jumps); a "
            "discontinuous measure need not attain its supremum"))
    worst, proof = perverse_is_worst(measure, measure.smoothed)
    if worst is not True:
        bmon = check_bmon(measure)
        if bmon.verdict is HOLDS:
            worst, proof = True, ["B-MON holds, so on the binary codeframe E is largest at a prediction "
                                  "$\\hat p(c_1) \\in \\{0, 1\\}$."]
            if measure.outer == NORMALISED:
                worst = None     # the general-|C| maximum would be needed
    if measure.outer == NORMALISED:
        if worst is True:
            return _result("MAX", measure, HOLDS, proof + [
                "E = R / M with M = R at the perverse estimator, the maximum of R: so E <= 1 with "
                "equality at the perverse estimator, for every codeframe and true distribution (M = 1)."])
        return _result("MAX", measure, UNDET, reason="maximum of R not established for every |C|")
    if worst is not True:
        return _result("MAX", measure, UNDET, reason="; ".join(proof) or "maximiser not established")
    # E = f(R) with f strictly increasing and free of p: compare the maxima of R (same order)
    compared = replace(measure, outer=R) if not measure.uses_maximum else measure
    values = [binary_maximum(compared, t, eps_used) for t in probes]
    if any(v.is_finite is False or v.has(sp.zoo, sp.oo, sp.nan) for v in values):
        return _result("MAX", measure, FAILS, proof + ["Without smoothing E is unbounded: no real M exists."],
                       cx={"p(c1)": _num(probes[0]), "value": "unbounded"}, reason="unbounded")
    if _certified("!=", values[0], values[1]):
        cx = {"p'(c1)": _num(probes[0]), "p''(c1)": _num(probes[1]), "max'": str(values[0]),
              "max''": str(values[1]), "epsilon": _num(eps_used) if eps_used is not None else "none",
              "relation": "max' != max'' (certified exactly)"}
        return _result("MAX", measure, FAILS, proof + [
            "The maxima for two true distributions differ, so no single M is the maximum for both."], cx=cx,
            reason="the maximum depends on the true distribution")
    return _result("MAX", measure, UNDET, reason="maxima agree on the probes; no general proof")


# ------------------------------------------------------------------ all properties
PROPERTY_ORDER = ("IoI", "NN", "MAX", "MON", "IMP", "REL", "ABS", "IND",
                  "B-MON", "B-IMP", "B-REL", "B-ABS")


def _lift(name: str, binary: PropertyResult, ind: PropertyResult, measure: QuantMeasure) -> PropertyResult:
    if binary.verdict is FAILS:
        return _result(name, measure, FAILS, binary.proof, binary.counterexample,
                       f"{binary.property} fails, and a binary codeframe is a codeframe")
    if binary.verdict is HOLDS and ind.verdict is HOLDS:
        return _result(name, measure, HOLDS, (f"IND holds and {binary.property} holds; by Section 3.2 "
                                             f"{name} is equivalent to {binary.property} under IND.",)
                       + binary.proof)
    return _result(name, measure, UNDET, reason=f"{binary.property}: {binary.verdict.value}; IND: {ind.verdict.value}")


def check_all(measure: QuantMeasure, smoothing=None) -> dict[str, PropertyResult]:
    """Every property of Table 1 and the binary ones, keyed by short name (cached on the
    measure's mathematics: measures are immutable, and the smoothing constant only matters to
    smoothed measures)."""
    return _relabel(_check_all(_anonymous(measure), smoothing if measure.smoothed else None), measure.name)


@lru_cache(maxsize=64)
def _check_all(measure: QuantMeasure, smoothing) -> dict[str, PropertyResult]:
    if not measure.uses_maximum and measure.outer != R and _outer_increasing(measure):
        # E = f(R) with f strictly increasing, f(0) = 0, f free of p: every property but MAX
        # is decided on R alone (orders, equalities and zeros are preserved by f)
        base = check_all(replace(measure, outer=R), smoothing)
        lifted = {k: replace(v, measure=measure.name, proof=(
            f"E is a strictly increasing function of R with value 0 at 0, not depending on the "
            f"distributions: {k} for E is {k} for R.",) + v.proof) for k, v in base.items() if k != "MAX"}
        lifted["MAX"] = check_max(measure, smoothing)
        return {k: lifted[k] for k in PROPERTY_ORDER}
    ioi, nn = check_ioi_nn(measure)
    ind = check_ind(measure)
    bmon, bimp = check_bmon(measure), check_bimp(measure)
    brel, babs = check_brel_babs(measure)
    results = {"IoI": ioi, "NN": nn, "MAX": check_max(measure, smoothing),
               "MON": _lift("MON", bmon, ind, measure), "IMP": _lift("IMP", bimp, ind, measure),
               "REL": _lift("REL", brel, ind, measure), "ABS": _lift("ABS", babs, ind, measure),
               "IND": ind, "B-MON": bmon, "B-IMP": bimp, "B-REL": brel, "B-ABS": babs}
    return {k: results[k] for k in PROPERTY_ORDER}
