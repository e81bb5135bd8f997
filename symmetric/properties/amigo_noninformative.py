"""Amigo et al.'s properties of non-informative outputs, as checkers usable on any measure.

* AW   Absolute Weighting: a parameter c and a threshold theta such that, for non-informative
       outputs, the score grows with output size iff c > theta (or iff c < theta).
* NIFQ Non-Informativeness Fixed Quality: every non-informative output of a test set scores
       the same (d/dP(S) of the non-informative score is identically 0).
* NIGQ Non-Informativeness Growing Quality: the non-informative score strictly grows with
       P(S) (for every parameter value).

All three read the sign of one derivative, the size derivative (d/dP(S) of the non-informative
score, oriented so that positive means better), decided symbolically by
:mod:`symmetric.checks.decide`.  Counterexamples are two non-informative tables of one test set
(every table with |T| <= ``noninformative_search_n``, a setting of :mod:`symmetric.config`),
evaluated exactly.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy as sp

from ..checks.decide import Decision, is_identically_zero, is_positive_everywhere
from ..checks.piecewise import resolve_on_domain
from ..config import settings
from ..domain import Domain
from ..evidence import ContingencyTable, Counterexample, say
from ..logic import Verdict
from ..measures.base import Measure
from ..space import NONINFORMATIVE_DOMAIN, counts_to_joint, g, s, to_noninformative
from ..evidence import PropertyResult
from . import noninformative_edges as edges
from .tables import compare_exact, exact_value, literal, noninformative_tables, param_equations, param_grid, \
    table_counterexample, with_params

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED
_JUMPS = edges.JUMPS
THETA = sp.Symbol("theta")     # the threshold of Absolute Weighting, in the prose of a proof


# ------------------------------------------------------------------ the size derivative

def noninformative_score(measure: Measure) -> sp.Expr:
    # a value stipulated where a formula is 0/0 (a Piecewise branch) may only apply at the
    # boundary; inside the domain the branch that holds there is kept
    return sp.together(resolve_on_domain(measure.noninformative(), NONINFORMATIVE_DOMAIN))


def _analysis_form(measure: Measure) -> tuple[sp.Expr, str]:
    """The non-informative score, or -- when the measure has one -- its order-equivalent
    form (a strictly increasing transform preserves which output scores better, so the
    sign of the size derivative is the same, and it is rational where the score is not)."""
    if measure.rank_probs is not None:
        return sp.together(to_noninformative(measure.rank_probs)), "order-equivalent form"
    if measure.rank_counts is not None:
        return sp.together(to_noninformative(counts_to_joint(measure.rank_counts))), "order-equivalent form"
    return noninformative_score(measure), "score"


def _domain(measure: Measure) -> Domain:
    return NONINFORMATIVE_DOMAIN.with_intervals([p.interval() for p in measure.params])


@lru_cache(maxsize=512)
def size_derivative(measure: Measure) -> sp.Expr:
    """d/dP(S) of the non-informative score (or of its order-equivalent form), oriented so
    that positive means 'better'."""
    form, _ = _analysis_form(measure)
    return measure.orientation * sp.together(sp.diff(form, s))


def _derivative_line(d: sp.Expr):
    return say("Oriented derivative of the non-informative score in {0}: {1}.", s, edges.tidy(d))


# ------------------------------------------------------------------ pairs of non-informative tables

@lru_cache(maxsize=256)
def _groups(measure: Measure, param_items: tuple, max_n: int):
    """Exact scores of non-informative tables, grouped by test set (|T|, |G|), by output size."""
    params = dict(param_items)
    groups: dict[tuple[int, int], list] = {}
    for t in noninformative_tables(max_n):
        value = exact_value(measure, t, params)
        if value is None:
            continue
        key = (sum(t), t[0] + t[2])
        groups.setdefault(key, []).append((t[0] + t[1], t, value))
    for rows in groups.values():
        rows.sort(key=lambda r: r[0])
    return groups


# which oriented sign of score(larger) - score(smaller) each search wants (rules as data)
_WANTED_SIGN = {"not_growing": lambda sign: sign <= 0, "not_fixed": lambda sign: sign != 0,
                "grow": lambda sign: sign > 0, "shrink": lambda sign: sign < 0}


def _find_pair_at(measure: Measure, params: dict, want: str):
    """Two non-informative outputs of one test set, smaller first, whose oriented score
    difference has the sign ``want`` names (see _WANTED_SIGN), at fixed parameter values."""
    wanted = _WANTED_SIGN[want]
    groups = _groups(measure, tuple(params.items()), settings().noninformative_search_n)
    for _, rows in sorted(groups.items()):
        for (size1, t1, v1), (size2, t2, v2) in itertools.combinations(rows, 2):
            if size1 == size2:
                continue
            sign = compare_exact(v2, v1)
            if sign is not None and wanted(measure.orientation * sign):
                return params, t1, t2, v1, v2
    return None


def _find_pair(measure: Measure, want: str):
    """As _find_pair_at, over every sampled parameter setting; then, for a score that branches
    on P(S), on both sides of every branch edge (:func:`_boundary_pair`)."""
    for params in param_grid(measure):
        found = _find_pair_at(measure, params, want)
        if found:
            return found
    if branching(measure):
        for params in param_grid(measure):
            found = edges.boundary_pair(measure, noninformative_score(measure), params, _WANTED_SIGN[want])
            if found:
                return found
    return None


def branching(measure: Measure) -> bool:
    """Does the non-informative score jump between cases() branches as P(S) changes?"""
    return edges.branching(_analysis_form(measure)[0])


def _pair_evidence(found, text: str):
    """The proof line and the counterexample of a pair found by _find_pair(_at)."""
    params, t1, t2, v1, v2 = found
    k = 2 + len(params)
    line = say(f"Non-informative outputs of one test set: {{0}} and the larger {{1}}{with_params(params, 2)} "
               f"score {{{k}}} and {{{k + 1}}} (exact): {literal(text)}.", ContingencyTable(*t1), ContingencyTable(*t2),
               *param_equations(params), v1, v2)
    return line, table_counterexample({"smaller output": t1, "larger output": t2}, params,
                                      {"smaller": v1, "larger": v2}, text)


# ------------------------------------------------------------------ NIFQ and NIGQ

def fixed_quality(measure: Measure) -> PropertyResult:
    name = "NIFQ"
    form, what = _analysis_form(measure)
    d = size_derivative(measure)
    jumps = branching(measure)
    decision = Decision(None, "the score branches on P(S)") if jumps else is_identically_zero(d, _domain(measure))
    head = say(f"Non-informative {what} (S independent of G): {{0}}.", edges.tidy(form, sp.cancel))
    if decision.value is True:
        return PropertyResult(name, measure.name, HOLDS,
                              (head, say(f"Its derivative in {{0}} is identically 0 ({literal(decision.method)}).", s)),
                              reason="every non-informative output of a test set scores the same")
    found = _find_pair(measure, "not_fixed")
    if found:
        line, cx = _pair_evidence(found, "the scores differ")
        return PropertyResult(name, measure.name, FAILS, (head, line), cx, "non-informative scores vary")
    if jumps:
        return PropertyResult(name, measure.name, UNDET, (head,), reason=_JUMPS + "; no pair of differing "
                              f"non-informative tables with |T| <= {settings().noninformative_search_n} "
                              "or on the edges of the branches")
    return PropertyResult(name, measure.name, UNDET, (head,),
                          reason=f"derivative not decided ({decision.method}); no pair of differing "
                                 f"non-informative tables with |T| <= {settings().noninformative_search_n}")


def growing_quality(measure: Measure) -> PropertyResult:
    name = "NIGQ"
    d = size_derivative(measure)
    head = _derivative_line(d)
    found = _find_pair(measure, "not_growing")
    if found:
        line, cx = _pair_evidence(found, "the larger output does not score better")
        return PropertyResult(name, measure.name, FAILS, (head, line), cx,
                              "a larger non-informative output does not score better")
    if branching(measure):
        return PropertyResult(name, measure.name, UNDET, (head,), reason=_JUMPS + "; no counterexample "
                              f"among tables with |T| <= {settings().noninformative_search_n} or on the edges "
                              "of the branches")
    decision = is_positive_everywhere(d, _domain(measure))
    if decision.value is True:
        return PropertyResult(name, measure.name, HOLDS,
                              (head, say(f"It is positive for {{0}} and {{1}} strictly between 0 and 1 and on the "
                                         f"parameter domain ({literal(decision.method)}), so the score "
                                         "strictly grows with output size.", g, s)),
                              reason="score grows with output size")
    return PropertyResult(name, measure.name, UNDET, (head,),
                          reason=f"sign of the derivative not decided ({decision.method}); "
                                 f"no counterexample among tables with |T| <= {settings().noninformative_search_n}")


# ------------------------------------------------------------------ AW

def _threshold(measure: Measure, d: sp.Expr, domain: Domain):
    """Look for a parameter c and threshold theta(P(G)) with sign(d) = direction * sign(c - theta).

    Returns ("inside", c, theta, direction, lines) when theta lies inside c's domain for every
    P(G) (both behaviours occur, the parameter decides), ("outside", c, theta, direction,
    lines, g0) when for some P(G) = g0 it does not (there every parameter value gives the same
    direction), or None."""
    num = sp.factor(sp.fraction(sp.together(d))[0])
    for p in measure.params:
        c = p.symbol
        try:
            roots = sp.solve(num, c)
        except NotImplementedError:
            continue
        roots = [r for r in roots if not r.has(s)]
        if len(roots) != 1:
            continue
        theta = sp.simplify(roots[0])
        ratio = sp.together(d / (c - theta))
        for direction in (1, -1):
            decision = is_positive_everywhere(direction * ratio, domain)
            if decision.value is not True:
                continue
            lines = [say("Solving (derivative) = 0 for {0} gives {1}.", c, sp.Eq(THETA, theta, evaluate=False)),
                     say(f"(derivative) / ({{0}}) is {'positive' if direction > 0 else 'negative'} "
                         f"everywhere ({literal(decision.method)}).", c - THETA)]
            others = NONINFORMATIVE_DOMAIN.with_intervals([q.interval() for q in measure.params if q is not p])
            low_ok = is_positive_everywhere(theta - p.low, others)
            high_ok = (Decision(True, "unbounded parameter") if sp.sympify(p.high) is sp.oo
                       else is_positive_everywhere(p.high - theta, others))
            if low_ok.value is True and high_ok.value is True:
                return ("inside", c, theta, direction,
                        lines + [say("{0} lies inside the parameter's domain for every {1}.", THETA, g)])
            for bad in (low_ok, high_ok):
                if bad.value is False and bad.witness:
                    g0 = bad.witness.get(g)
                    if g0 is not None:
                        return ("outside", c, theta, direction, lines, g0)
    return None


def _constant_sign(measure: Measure, d: sp.Expr, domain: Domain, head) -> PropertyResult | None:
    """AW fails when the derivative has one sign (or is 0) for every parameter value."""
    name = "AW"
    zero = is_identically_zero(d, domain)
    if zero.value is True:
        return PropertyResult(name, measure.name, FAILS, (head, say(
            "The derivative is identically 0 for every parameter value: the parameter never changes the "
            "order of non-informative outputs.")), reason="fixed quality for every parameter")
    for sign, (word, how, reason) in ((1, ("positive", "better", "growing")), (-1, ("negative", "worse", "decreasing"))):
        decision = is_positive_everywhere(sign * d, domain)
        if decision.value is True:
            return PropertyResult(name, measure.name, FAILS, (head, say(
                f"The derivative is {word} for every parameter value ({literal(decision.method)}): larger "
                f"non-informative outputs always score {how}, whatever the parameter.")),
                reason=f"{reason} quality for every parameter")
    return None


def absolute_weighting(measure: Measure) -> PropertyResult:
    name = "AW"
    if not measure.params:
        return PropertyResult(name, measure.name, FAILS,
                              (say("The measure has no parameter, so no parameter threshold can decide "
                                   "whether larger non-informative outputs score better."),),
                              reason="no parameter")
    d = size_derivative(measure)
    domain = _domain(measure)
    head = _derivative_line(d)
    if branching(measure):
        return PropertyResult(name, measure.name, UNDET, (head,), reason=_JUMPS + " (larger outputs can "
                              "score worse across an edge whatever the parameter)")
    constant = _constant_sign(measure, d, domain, head)
    if constant is not None:
        return constant
    found = _threshold(measure, d, domain)
    if found and found[0] == "outside":
        _, c, theta, direction, lines, g0 = found
        theta0 = sp.simplify(theta.subs(g, g0))
        return PropertyResult(name, measure.name, FAILS, (head, *lines, say(
            "At {0} the threshold is {1}, outside the domain of {2}, so there every parameter value orders "
            "non-informative outputs the same way: the parameter does not decide.",
            sp.Eq(g, g0, evaluate=False), theta0, c)),
            _threshold_counterexample(c, g0, theta0),
            reason="threshold leaves the parameter domain")
    if found:
        _, c, theta, direction, lines = found
        relation = sp.Gt(c, theta, evaluate=False) if direction > 0 else sp.Lt(c, theta, evaluate=False)
        rel = ">" if direction > 0 else "<"
        return PropertyResult(name, measure.name, HOLDS, (head, *lines, say(
            "Hence non-informative outputs score better the larger they are iff {0}.", relation)),
            reason=f"threshold {c} {rel} {theta}", data=(("threshold", (c, theta, direction)),))
    # the order of non-informative outputs changes with output size at a fixed parameter value
    for params in param_grid(measure):
        grow = _find_pair_at(measure, params, "grow")
        shrink = _find_pair_at(measure, params, "shrink")
        if grow and shrink:
            l1, _ = _pair_evidence(grow, "the larger output scores better")
            l2, cx = _pair_evidence(shrink, "the larger output scores worse")
            if _sign_free_of_params(d, measure, domain):
                return PropertyResult(name, measure.name, FAILS, (head, say(
                    "The sign of the derivative does not depend on the parameters (it is a "
                    "parameter-free factor times a factor of constant sign), and it changes with "
                    "output size, so no parameter threshold decides the order:"), l1, l2), cx,
                    "order of non-informative outputs depends on output size, not on a parameter")
    return PropertyResult(name, measure.name, UNDET, (head,),
                          reason="no parameter threshold found and no proof that none exists")


def _threshold_counterexample(c: sp.Symbol, g0, theta0) -> Counterexample:
    """Where the threshold leaves the parameter's domain: every value of ``c`` orders alike."""
    return Counterexample(f"theta outside the domain of {c}",
                          point={"P(G)": g0, "theta": theta0, str(c): "any value in its domain"})


def _sign_free_of_params(d: sp.Expr, measure: Measure, domain: Domain) -> bool:
    """True if d = A * B with A free of parameters and B of constant sign (proved)."""
    params = set(measure.param_symbols)
    factors = sp.Mul.make_args(sp.factor(d))
    with_params = sp.Mul(*[f for f in factors if f.free_symbols & params])
    if with_params == 1:
        return True
    return (is_positive_everywhere(with_params, domain).value is True
            or is_positive_everywhere(-with_params, domain).value is True)
