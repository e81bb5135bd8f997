"""MAX (a measure's maximum is the same for every true distribution) and the perverse estimator.

Convex per-class terms put the maximum over the simplex of predictions at a vertex; when the
vertex gain h(p) = t(p, 1) - t(p, 0) decreases in p, the worst vertex is the class of smallest
true prevalence (the perverse estimator), for every |C|.  A measure normalised by that maximum
has MAX; any other has it only if the maxima agree, and two exactly different maxima refute
it.  Without smoothing KLD and PD are unbounded, so the maxima are computed with the smoothing
constant (the binary checks are made on the unsmoothed formula, see :mod:`.properties`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

import sympy as sp

from ..checks.decide import is_positive_everywhere
from ..domain import Domain
from ..certificate import Certificate, all_of
from ..evidence import Counterexample, Sentence, as_sentence, proved_step, say
from ..logic import Truth, Verdict
from ..evidence import PropertyResult
from .binary import check_bmon
from .certified import certificate_of
from .distributions import Distribution, eps, n, p, q, smooth_value
from .domains import ABOVE, BELOW, GENERAL, continuous_on_closed, positive_on, resolve
from .measures import NORMALISED, M, R, QuantMeasure
from .memo import per_measure, result
from .search import certified

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED
PROBES = (sp.Rational(1, 100), sp.Rational(49, 100))   # the true p(c1) of Appendix B.1

_t, _h, _p_of = sp.Function("t"), sp.Function("h"), sp.Function("p")
_c, _k, _E = sp.Symbol("c"), sp.Symbol("k"), sp.Symbol("E")
# n >= 2 classes, any eps > 0 (eps is a positive symbol)
_SMOOTHED = Domain("0<p<1, n>2, eps>0", GENERAL.constraints,
                   {**dict(GENERAL.reparam), n: 2 + sp.Symbol("m", positive=True)})


def convex_in_prediction(measure: QuantMeasure) -> tuple[Truth, str]:
    """Is each term convex in q on (0, 1)?  Second derivative >= 0 on each side of p and a
    non-negative jump of the first derivative at q = p.  The text says what was (not) shown."""
    for dom in (ABOVE, BELOW):
        second = sp.diff(resolve(measure.term, dom), q, 2)
        ok = is_positive_everywhere(second, dom, strict=False).value
        if ok is not True:
            return ok, f"second derivative on {dom.name} not certified non-negative"
    jump = (sp.diff(resolve(measure.term, ABOVE), q) - sp.diff(resolve(measure.term, BELOW), q)).subs(q, p)
    ok = is_positive_everywhere(jump, GENERAL, strict=False).value
    return ok, "each term convex in the prediction (second derivatives >= 0, kink convex)"


def vertex_gain(measure: QuantMeasure, smoothing=None) -> sp.Expr:
    """h(p) = t(p, 1) - t(p, 0): the vertex putting all mass on class k scores
    sum_c t(p_c, 0) + h(p_k), so the worst vertex is the class maximising h.  ``smoothing``:
    None, or a (symbolic) smoothing constant."""
    if smoothing is None:
        return measure.term.subs(q, 1) - measure.term.subs(q, 0)
    ps = smooth_value(p, smoothing, n)
    return measure.term.subs({p: ps, q: smooth_value(1, smoothing, n)}, simultaneous=True) - \
        measure.term.subs({p: ps, q: smooth_value(0, smoothing, n)}, simultaneous=True)


def perverse_is_worst(measure: QuantMeasure, smoothed: bool = False) -> tuple[Truth, list[Sentence]]:
    """See :func:`_perverse_is_worst` (cached on the measure's mathematics); the argument, or
    what was not shown."""
    # only the per-class term matters here (not the outer transform nor the name)
    ok, proof, _ = _perverse_is_worst(QuantMeasure("", "", measure.term), smoothed)
    return ok, list(proof)


@lru_cache(maxsize=64)
def _perverse_is_worst(measure: QuantMeasure, smoothed: bool) -> tuple[Truth, tuple[Sentence, ...], str]:
    """With ``smoothed`` the proof is for every smoothing constant eps > 0 (symbolic).
    Convex terms + h strictly decreasing in p: the maximum over the simplex is reached at the
    vertex on the class of smallest true prevalence (the perverse estimator), for every |C|.
    Returns the truth, the argument, and (when not True) why not as plain text."""
    convex, why = convex_in_prediction(measure)
    if convex is not True:
        return convex, (as_sentence(why),), why
    dom = _SMOOTHED if smoothed else GENERAL
    h = resolve(vertex_gain(measure, eps if smoothed else None), dom)
    if positive_on(-sp.diff(h, p), dom) is not True:
        missing = "h(p) = t(p,1) - t(p,0) not certified decreasing"
        return None, (as_sentence(why), as_sentence(missing)), f"{why}; {missing}"
    return True, (
        as_sentence(f"{why}: a convex function on the simplex reaches its maximum at a vertex;"),
        proved_step(say("the vertex on class k scores the sum over the classes c of {0} plus {1}, with {2} strictly "
                        "decreasing in p, so the worst vertex is the class of smallest true prevalence (the perverse "
                        "estimator), for every |C|.",
                        _t(_p_of(_c), 0), _h(_p_of(_k)), sp.Eq(_h(p), sp.simplify(h), evaluate=False)),
                    _convexity_and_gain(measure, h, dom), case="every codeframe",
                    how="sign decisions")), ""


def _convexity_and_gain(measure: QuantMeasure, h: sp.Expr, dom: Domain) -> Certificate:
    """The certificates of the decisions the argument above made (asked of the same cached
    deciders): second derivatives >= 0 on each side, the kink's jump >= 0, h' < 0."""
    parts = [certificate_of(sp.diff(resolve(measure.term, side), q, 2), side, ">=") for side in (ABOVE, BELOW)]
    jump = (sp.diff(resolve(measure.term, ABOVE), q) - sp.diff(resolve(measure.term, BELOW), q)).subs(q, p)
    return all_of(parts + [certificate_of(jump, GENERAL, ">="), certificate_of(-sp.diff(h, p), dom, ">")])


def binary_maximum(measure: QuantMeasure, true_first, smoothing) -> sp.Expr:
    """max over predictions of E on the binary codeframe, given that the maximum is at a vertex."""
    true = Distribution.binary(true_first)
    return max((measure.value(true, Distribution.binary(v), smoothing) for v in (0, 1)),
               key=lambda e: float(e) if e.is_finite is not False else math.inf)


def _stating(maximum, found: PropertyResult) -> PropertyResult:
    """A proof of MAX with the common maximum it establishes (the cross-check tests E <= it)."""
    return replace(found, data=found.data + (("maximum", maximum),))


def check_max(measure: QuantMeasure, smoothing=None, probes=PROBES) -> PropertyResult:
    """MAX (cached on the measure's mathematics; the smoothing constant matters only to
    smoothed measures)."""
    return _check_max(measure, smoothing if measure.smoothed else None, tuple(probes))


@per_measure
def _check_max(measure: QuantMeasure, smoothing, probes) -> PropertyResult:
    if not continuous_on_closed(measure.term):
        # a jump (cases(q < 1/1000, 0, ...)) can make the supremum unattained, and then the
        # vertex values below are not maxima: neither a proof nor a witness can rest on them
        return result("MAX", measure, UNDET, reason=(
            "the term is not shown continuous in the prediction on [0, 1] (branches or jumps); a "
            "discontinuous measure need not attain its supremum"))
    worst, proof, why = _perverse_is_worst(QuantMeasure("", "", measure.term), measure.smoothed)
    proof = list(proof)
    if worst is not True and check_bmon(measure).verdict is HOLDS:
        worst, why = True, ""
        proof = [say("B-MON holds, so on the binary codeframe E is largest at a predicted prevalence {0} "
                     "of c1.", sp.Contains(q, sp.FiniteSet(0, 1), evaluate=False))]
        if measure.outer == NORMALISED:
            worst = None     # the general-|C| maximum would be needed
    if measure.outer == NORMALISED:
        if worst is True:
            return _stating(1, result("MAX", measure, HOLDS, proof + [say(
                "{0} with M = R at the perverse estimator, the maximum of R: so {1} with equality at the "
                "perverse estimator, for every codeframe and true distribution (M = 1).",
                sp.Eq(_E, R / M, evaluate=False), sp.LessThan(_E, 1, evaluate=False))]))
        return result("MAX", measure, UNDET, reason="maximum of R not established for every |C|")
    if worst is not True:
        return result("MAX", measure, UNDET, reason=why or "maximiser not established")
    # E = f(R) with f strictly increasing and free of p: compare the maxima of R (same order)
    compared = replace(measure, outer=R) if not measure.uses_maximum else measure
    values = [binary_maximum(compared, t, smoothing) for t in probes]
    if any(v.is_finite is False or v.has(sp.zoo, sp.oo, sp.nan) for v in values):
        return result("MAX", measure, FAILS, proof + [say("Without smoothing E is unbounded: no real M exists.")],
                      counterexample=Counterexample("E is unbounded", point={"p(c1)": probes[0]},
                                                    values={"value": sp.oo}), reason="unbounded")
    if certified("!=", values[0], values[1]):
        point = {"p'(c1)": probes[0], "p''(c1)": probes[1]}
        if smoothing is not None:
            point["epsilon"] = sp.nsimplify(smoothing)
        cx = Counterexample("max' != max'' (certified exactly)", point=point,
                            values={"max'": values[0], "max''": values[1]})
        return result("MAX", measure, FAILS, proof + [say(
            "The maxima for two true distributions differ, so no single M is the maximum for both.")],
            counterexample=cx, reason="the maximum depends on the true distribution")
    return result("MAX", measure, UNDET, reason="maxima agree on the probes; no general proof")
