"""Amigo et al.'s properties of non-informative outputs, as checkers usable on any measure.

* AW   Absolute Weighting: a parameter c and a threshold theta such that, for non-informative
       outputs, the score grows with output size iff c > theta (or iff c < theta).
* NIFQ Non-Informativeness Fixed Quality: every non-informative output scores the same (d/dP(S)
       of the non-informative score is identically 0; in the headline reading ``fixed`` also
       free of P(G); the empty and full outputs included, :mod:`.amigo_readings`).
* NIGQ Non-Informativeness Growing Quality: the non-informative score strictly grows with
       P(S) (for every parameter value; the empty and full outputs included).

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

from ..certificate import all_of
from ..checks.cases import definedness
from ..checks.decide import Decision, is_identically_zero, is_positive_everywhere, resolve_on_domain
from ..config import settings
from ..domain import Domain
from ..evidence import ContingencyTable, Counterexample, proved_step, say
from ..logic import Verdict
from ..measures.base import Measure
from ..space import NONINFORMATIVE_DOMAIN, counts_to_joint, g, s, to_noninformative
from . import amigo_readings as readings
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


def branching(measure: Measure) -> bool:
    """Does the non-informative score jump between cases() branches as P(S) changes?"""
    return edges.branching(_analysis_form(measure)[0])


def _pair_evidence(found, text: str):
    """The proof line and the counterexample of a pair found by _find_pair_at."""
    params, t1, t2, v1, v2 = found
    k = 2 + len(params)
    line = say(f"Non-informative outputs of one test set: {{0}} and the larger {{1}}{with_params(params, 2)} "
               f"score {{{k}}} and {{{k + 1}}} (exact): {literal(text)}.", ContingencyTable(*t1), ContingencyTable(*t2),
               *param_equations(params), v1, v2)
    return line, table_counterexample({"smaller output": t1, "larger output": t2}, params,
                                      {"smaller output": v1, "larger output": v2}, text)


# ------------------------------------------------------------------ NIFQ and NIGQ

def _interior_score(measure: Measure) -> sp.Expr:
    """The non-informative score inside 0 < P(S) < 1 once its size derivative is 0: its value at
    P(S) = 1/2, a function of P(G) (and the parameters)."""
    return sp.simplify(noninformative_score(measure).subs(s, sp.Rational(1, 2)))


def fixed_quality(measure: Measure, constant: str = "fixed", definedness: str = "defined",
                  test_sets: str = "nondegenerate") -> PropertyResult:
    """NIFQ in a reading (:mod:`.amigo_readings`): the search over small tables first (the empty
    and the full output are non-informative tables), then the size derivative on 0 < P(S) < 1,
    then the boundary outputs (and, for ``fixed``, the score free of P(G)), then degenerate test
    sets for ``all``."""
    name = "NIFQ"
    fixed, strict, degenerate = constant == "fixed", definedness == "strict", test_sets == "all"
    form, what = _analysis_form(measure)
    head = say(f"Non-informative {what} (S independent of G): {{0}}.", edges.tidy(form, sp.cancel))
    search_n = settings().noninformative_search_n
    found = readings.search(measure, search_n, fixed=fixed, strict=strict, degenerate=degenerate)
    if found:
        line, cx = readings.refutation(found)
        return PropertyResult(name, measure.name, FAILS, (head, line), cx, "non-informative scores vary"
                              if found[0] != "undefined" else "a non-informative output has no score")
    undetermined = f"no counterexample among non-informative tables with |T| <= {search_n}"
    if branching(measure):
        # the score jumps between cases() branches as P(S) changes: outputs on both sides of every
        # branch edge are compared exactly; a derivative proof per branch proves nothing
        found = edges.search(measure, noninformative_score(measure), "differ", _WANTED_SIGN["not_fixed"])
        if found:
            line, cx = readings.refutation(found)
            return PropertyResult(name, measure.name, FAILS, (head, line), cx, "non-informative scores vary")
        return PropertyResult(name, measure.name, UNDET, (head,), reason=_JUMPS + "; " + undetermined +
                              " or on the edges of the branches")
    d = size_derivative(measure)
    domain = _domain(measure)
    decision = is_identically_zero(d, domain)
    if decision.value is not True:
        return PropertyResult(name, measure.name, UNDET, (head,),
                              reason=f"derivative not decided ({decision.detail or decision.method}); {undetermined}")
    proof = [head, proved_step(say(f"Its derivative in {{0}} is identically 0 ({literal(decision.method)}): one score "
                                   "per test set for 0 < P(S) < 1.", s), decision.certificate, case="interior",
                               how=decision.method)]
    inside = _interior_score(measure)
    if fixed:
        free = is_identically_zero(sp.diff(inside, g), domain)
        if free.value is not True:
            return PropertyResult(name, measure.name, UNDET, (*proof, say("The score {0} is not shown free of {1}.",
                                                                           inside, g)), reason=undetermined)
        proof.append(proved_step(say(f"That score, {{0}}, does not depend on {{1}} ({literal(free.method)}): the same "
                                     "on every test set.", inside, g), free.certificate, case="every test set",
                                 how=free.method))
    ok, lines = readings.boundary_lines(measure, inside, strict=strict)
    proof += lines
    if ok is True and degenerate:
        ok, lines = readings.degenerate_lines(measure, inside if fixed else None, strict=strict)
        proof += lines
    if ok is not True:
        return PropertyResult(name, measure.name, UNDET, tuple(proof), reason=undetermined)
    return PropertyResult(name, measure.name, HOLDS, tuple(proof),
                          reason="every non-informative output scores the same" + ("" if fixed else " within a test set"))


def _boundary_growth(measure: Measure):
    """For NIGQ: the empty output must score at most the limit of the interior score as P(S) -> 0
    (then strictly less than every larger output, the interior score strictly growing), the full
    output at least its limit as P(S) -> 1.  The limit is the score's value at P(S) = 0 (or 1),
    used only where that value is proved defined for every P(G) and parameter value (then the
    score is continuous there; a limit computed for generic parameters could be wrong at
    special ones)."""
    score = noninformative_score(measure)
    o = measure.orientation

    def relation(name, value):
        end = sp.Integer(0 if name == "empty output" else 1)
        ok, why = definedness(score, _domain(measure), {s: end})
        if ok is not True:
            return None, f"the score at P(S) = {end} is not shown defined ({why})", None
        lim = sp.together(score.xreplace({s: end})).subs(g, readings.A / (readings.A + readings.B))
        gap = o * (lim - value) if end == 0 else o * (value - lim)
        d = is_positive_everywhere(sp.together(gap), readings.parameter_domain(measure), strict=False)
        return d.value, d.method if d.value else (d.detail or d.method), d.certificate
    return relation


def growing_quality(measure: Measure, definedness: str = "defined", test_sets: str = "nondegenerate") -> PropertyResult:
    name = "NIGQ"
    strict, degenerate = definedness == "strict", test_sets == "all"
    d = size_derivative(measure)
    head = _derivative_line(d)
    search_n = settings().noninformative_search_n
    found = readings.search(measure, search_n, fixed=False, strict=strict, degenerate=degenerate, growing=True)
    if found:
        line, cx = readings.refutation(found)
        return PropertyResult(name, measure.name, FAILS, (head, line), cx,
                              "a larger non-informative output does not score better" if found[0] != "undefined"
                              else "a non-informative output has no score")
    if branching(measure):
        found = edges.search(measure, noninformative_score(measure), "not growing", _WANTED_SIGN["not_growing"])
        if found:
            line, cx = readings.refutation(found)
            return PropertyResult(name, measure.name, FAILS, (head, line), cx,
                                  "a larger non-informative output does not score better")
        return PropertyResult(name, measure.name, UNDET, (head,), reason=_JUMPS + "; no counterexample "
                              f"among tables with |T| <= {search_n} or on the edges of the branches")
    decision = is_positive_everywhere(d, _domain(measure))
    undetermined = f"no counterexample among tables with |T| <= {search_n}"
    if decision.value is not True:
        return PropertyResult(name, measure.name, UNDET, (head,),
                              reason=f"sign of the derivative not decided ({decision.method}); {undetermined}")
    proof = [head, proved_step(say(f"It is positive for {{0}} and {{1}} strictly between 0 and 1 and on the parameter "
                                   f"domain ({literal(decision.method)}), so the score strictly grows with output size "
                                   "there.", g, s), decision.certificate, case="interior", how=decision.method)]
    ok, lines = readings.boundary_lines(measure, sp.Integer(0), strict=strict, relation=_boundary_growth(measure),
                                        agrees="below (empty) or above (full) the limit of the other outputs' score")
    proof += lines
    if ok is True and degenerate:
        ok, lines = None, [say("Test sets with one class empty: every output is non-informative; no proof that the "
                               "score grows with output size there.")]
        proof += lines
    if ok is not True:
        return PropertyResult(name, measure.name, UNDET, tuple(proof), reason=undetermined)
    return PropertyResult(name, measure.name, HOLDS, tuple(proof), reason="score grows with output size")


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
                     proved_step(say(f"(derivative) / ({{0}}) is {'positive' if direction > 0 else 'negative'} "
                                     f"everywhere ({literal(decision.method)}).", c - THETA), decision.certificate,
                                 case="sign of the derivative", how=decision.method)]
            others = NONINFORMATIVE_DOMAIN.with_intervals([q.interval() for q in measure.params if q is not p])
            low_ok = (Decision(True, "unbounded parameter") if sp.sympify(p.low) is -sp.oo
                      else is_positive_everywhere(theta - p.low, others))
            high_ok = (Decision(True, "unbounded parameter") if sp.sympify(p.high) is sp.oo
                       else is_positive_everywhere(p.high - theta, others))
            if low_ok.value is True and high_ok.value is True:
                inside = say("{0} lies inside the parameter's domain for every {1}.", THETA, g)
                # an unbounded side needs no decision (and has no certificate)
                bounds = [d.certificate for d in (low_ok, high_ok) if d.method != "unbounded parameter"]
                if bounds:
                    inside = proved_step(inside, all_of(bounds) if all(bounds) else None,
                                         case="threshold inside the domain", how="sign decisions")
                return ("inside", c, theta, direction, lines + [inside])
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
        return PropertyResult(name, measure.name, HOLDS, (head, *lines, say(
            "Hence non-informative outputs score better the larger they are iff {0}.", relation)),
            # a sentence, not an f-string: its mathematics is printed in the paper's names
            # (P(G), never the internal g)
            reason=say("larger non-informative outputs score better iff {0}", relation),
            data=(("threshold", (c, theta, direction)),))
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
