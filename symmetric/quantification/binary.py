"""The binary properties B-MON, B-IMP, B-REL and B-ABS (c1 with true prevalence p, predicted q).

* B-MON: p <= q'' < q' or q' < q'' <= p  implies  E(q', p) > E(q'', p);
* B-IMP: E(p + a, p) = E(p - a, p) whenever both predictions lie in (0, 1);
* B-REL: 0 < p' < p'' <= 1/2 (c1 the less prevalent class in both), a > 0, the same sign s:
  E(p' + s a, p') > E(p'' + s a, p'');  B-ABS: the same premises give equality.

Each is proved by a sign or zero decision on a domain of :mod:`.domains` (derivatives only
where the formula is shown continuous: a derivative says nothing across a jump) and refuted by
a certified search of :mod:`.search`.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy as sp

from ..checks.piecewise import piece_free
from ..certificate import all_of
from ..evidence import proved_step, say
from .certified import certificate_of
from ..logic import Verdict
from ..evidence import PropertyResult
from .distributions import p, q
from .domains import (ABOVE, BELOW, IMPARTIAL, OVER, SHOWN, UNDER, a, continuous_in_q, outer_increasing,
                      positive_on, resolve, zero_on)
from .measures import QuantMeasure
from .memo import per_measure, result
from .search import Case, Evaluator, comparison_evaluator, comparison_form, counterexample, grid, search

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED

# the functions a proof line names (E(prediction, truth) and its raw sum R)
E_OF, R_OF = sp.Function("E"), sp.Function("R")


@per_measure
def check_bmon(measure: QuantMeasure) -> PropertyResult:
    raw = measure.binary_raw()
    d = sp.diff(raw, q)
    # a derivative says nothing across a jump: R must be one formula per side, meeting R(p, p)
    up = continuous_in_q(raw) and positive_on(d, ABOVE)
    down = up and positive_on(-d, BELOW)   # only needed when the first side is proved
    if up and down and outer_increasing(measure):
        slope = sp.Derivative(R_OF(q, p), q)
        return result("B-MON", measure, HOLDS, [proved_step(say(
            "{0}, positive on {1}, and {2}, negative on {3} (sign decisions), so R is strictly increasing in the "
            "misprediction on each side; the outer transform is strictly increasing and independent "
            "of the prediction.",
            sp.Eq(slope, sp.simplify(resolve(d, ABOVE)), evaluate=False), SHOWN[ABOVE],
            sp.Eq(slope, sp.simplify(resolve(d, BELOW)), evaluate=False), SHOWN[BELOW]),
            all_of([certificate_of(d, ABOVE, ">"), certificate_of(-d, BELOW, ">")]), case="binary codeframe",
            how="sign decisions")])
    ev, what = comparison_evaluator(measure)

    def cases(den):
        g = grid(den)
        for pv, q2, q1 in itertools.product(g, g, g):
            if pv <= q2 < q1 or q1 < q2 <= pv:
                yield Case({"p(c1)": pv, "p^'(c1)": q1, "p^''(c1)": q2}, (pv, q1), (pv, q2))
    bad = search(ev, cases, "<=")
    if bad is not None:
        return result("B-MON", measure, FAILS, counterexample=counterexample(bad, "<=", what),
                      reason="a prediction further from the truth on the same side scores no worse")
    return result("B-MON", measure, UNDET, reason="derivative sign not decided and no counterexample found")


@per_measure
def check_bimp(measure: QuantMeasure) -> PropertyResult:
    ev, what = comparison_evaluator(measure)

    def cases(den):
        g = grid(den)
        for pv, av in itertools.product(g, g):
            if av < pv and pv + av < 1:
                yield Case({"p(c1)": pv, "a": av}, (pv, pv + av), (pv, pv - av))
    # The exact counterexample search comes first: it is cheap, and a certified counterexample
    # rules the symbolic proof out, so the verdict is the one the proof-first order gives.
    bad = search(ev, cases, "!=")
    if bad is not None:
        return result("B-IMP", measure, FAILS, counterexample=counterexample(bad, "!=", what),
                      reason="overestimating and underestimating by the same amount score differently")
    raw = measure.binary_raw()
    gap = raw.subs(q, p + a) - raw.subs(q, p - a)
    if zero_on(gap, IMPARTIAL) and outer_increasing(measure):
        return result("B-IMP", measure, HOLDS, [proved_step(say(
            "{0} identically on {1}; the outer transform depends on the prediction only through R.",
            sp.Eq(R_OF(p + a, p) - R_OF(p - a, p), sp.simplify(resolve(gap, IMPARTIAL)), evaluate=False),
            SHOWN[IMPARTIAL]), certificate_of(gap, IMPARTIAL, "="), case="binary codeframe", how="identity")])
    return result("B-IMP", measure, UNDET, reason="identity not decided and no counterexample found")


@lru_cache(maxsize=8)
def rel_abs_cases(den: int) -> tuple[Case, ...]:
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
                out.append(Case({"p'(c1)": p1, "p''(c1)": p2, "shift": sp.Rational(sgn * ka, den)},
                                (p1, sp.Rational(k1 + sgn * ka, den)), (p2, sp.Rational(k2 + sgn * ka, den))))
    return tuple(out)


def _shifted(measure: QuantMeasure, sign: int) -> sp.Expr:
    return measure.binary(true_is_smaller=True).subs(q, p + sign * a)


@per_measure
def check_brel_babs(measure: QuantMeasure) -> tuple[PropertyResult, PropertyResult]:
    form, what = comparison_form(measure)
    ev = Evaluator(form)
    # The exact counterexample searches come first: they are cheap next to the sign and zero
    # decisions on d/dp E(p +- a, p) (which cannot decide log terms and then pay for every
    # witness re-check), and a certified counterexample rules the symbolic proof out, so each
    # verdict is the one the proof-first order gives.
    rel_bad, abs_bad = search(ev, rel_abs_cases, "<="), search(ev, rel_abs_cases, "!=")
    over_e, under_e = _shifted(measure, 1), _shifted(measure, -1)
    over, under = sp.diff(over_e, p), sp.diff(under_e, p)
    # the derivative arguments below need E(p +- a, p) continuous in p: one formula on each
    # domain once the settled branches are resolved (a jump has derivative 0 on both sides)
    smooth = piece_free(resolve(over_e, OVER)) and piece_free(resolve(under_e, UNDER))
    jumpy = "" if smooth else "; E(p +- a, p) is not shown continuous in p (unresolved branches)"
    slopes = (sp.Derivative(E_OF(p + a, p), p), sp.Derivative(E_OF(p - a, p), p))
    if rel_bad is not None:
        rel = result("B-REL", measure, FAILS, counterexample=counterexample(rel_bad, "<=", what),
                     reason="the smaller true prevalence is not penalised more")
    # the second side is only needed when the first is proved (both must hold)
    elif smooth and positive_on(-over, OVER) and positive_on(-under, UNDER):
        rel = result("B-REL", measure, HOLDS, [proved_step(say(
            "{0} on {1} and {2} on {3} (sign decisions), so the same misprediction costs more on the "
            "smaller true prevalence.",
            sp.StrictLessThan(slopes[0], 0, evaluate=False), SHOWN[OVER],
            sp.StrictLessThan(slopes[1], 0, evaluate=False), SHOWN[UNDER]),
            all_of([certificate_of(-over, OVER, ">"), certificate_of(-under, UNDER, ">")]),
            case="binary codeframe", how="sign decisions")])
    else:
        rel = result("B-REL", measure, UNDET, reason="derivative sign not decided, no counterexample" + jumpy)
    if abs_bad is not None:
        abs_ = result("B-ABS", measure, FAILS, counterexample=counterexample(abs_bad, "!=", what),
                      reason="the same misprediction scores differently")
    elif smooth and zero_on(over, OVER) and zero_on(under, UNDER):
        abs_ = result("B-ABS", measure, HOLDS, [proved_step(say(
            "{0} identically on {1} and {2} identically on {3}: over- and underestimating by the same "
            "amount costs the same at every true prevalence.",
            sp.Eq(slopes[0], 0, evaluate=False), SHOWN[OVER], sp.Eq(slopes[1], 0, evaluate=False), SHOWN[UNDER]),
            all_of([certificate_of(over, OVER, "="), certificate_of(under, UNDER, "=")]),
            case="binary codeframe", how="identities")])
    else:
        abs_ = result("B-ABS", measure, UNDET, reason="identity not decided, no counterexample" + jumpy)
    return rel, abs_
