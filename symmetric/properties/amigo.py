"""Amigo et al.'s axiom and properties, as checkers usable on any measure.

* SM   Strict Monotonicity: moving an item into its correct class strictly improves the score
       (count form; every table with both gold classes non-empty on which the measure is
       defined before and after the move).
* AW   Absolute Weighting: a parameter c and a threshold theta such that, for non-informative
       outputs, the score grows with output size iff c > theta (or iff c < theta).
* NIFQ Non-Informativeness Fixed Quality: every non-informative output of a test set scores
       the same (d/dP(S) of the non-informative score is identically 0).
* NIGQ Non-Informativeness Growing Quality: the non-informative score strictly grows with
       P(S) (for every parameter value).

Proofs are symbolic (decide.py: sympy sign rules, polynomial identities, z3 unsat);
counterexamples are concrete integer contingency tables, re-checked exactly.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy as sp

from ..checks.decide import Decision, is_identically_zero, is_positive_everywhere
from ..checks.piecewise import resolve_on_domain
from ..domain import Domain
from ..measures.base import Measure
from ..space import CELLS, FN, FP, NONINFORMATIVE_DOMAIN, TN, TP, counts_to_joint, g, s, to_noninformative
from ..render.notation import to_latex
from .base import PropertyResult, PropertyVerdict
from .tables import MOVES, compare_exact, exact_value, fast_value, noninformative_tables, param_grid, tables

SEARCH_N = 7          # exhaustive search for violations over all tables with |T| <= SEARCH_N
NI_SEARCH_N = 16      # non-informative tables up to this size

HOLDS, FAILS, UNDET = PropertyVerdict.HOLDS, PropertyVerdict.FAILS, PropertyVerdict.UNDETERMINED


def _table_text(t) -> str:
    return f"(TP, FP, FN, TN) = ({t[0]}, {t[1]}, {t[2]}, {t[3]})"


def _params_text(params: dict) -> str:
    return ", ".join(f"{k} = {v}" for k, v in params.items())


def _cx(tables_: dict, params: dict, values: dict, relation: str) -> dict:
    out = {name: list(t) for name, t in tables_.items()}
    out.update({str(k): str(v) for k, v in params.items()})
    out.update({f"score {k}": str(v) for k, v in values.items()})
    out["relation"] = relation
    return out


# ------------------------------------------------------------------ strict monotonicity

def _search_sm_violation(measure: Measure, max_n: int):
    """First (move, before, after, params, q_before, q_after) with no strict improvement."""
    o = measure.orientation
    for params in param_grid(measure):
        for t in tables(max_n):
            for move, (apply, ok) in MOVES.items():
                if not ok(t):
                    continue
                u = apply(t)
                fa, fb = fast_value(measure, t, params), fast_value(measure, u, params)
                if fa is None or fb is None or o * (fb - fa) > 1e-9:
                    continue
                qa, qb = exact_value(measure, t, params), exact_value(measure, u, params)
                if qa is None or qb is None:
                    continue
                sign = compare_exact(qb, qa)
                if sign is not None and o * sign <= 0:
                    return move, t, u, params, qa, qb
    return None


def _faces(move: str):
    """Faces of the real relaxation of a move's domain: each cell either 0 or positive."""
    moved_from = FN if "FN -> TP" in move else FP
    free = [c for c in CELLS if c is not moved_from]
    for zeros in itertools.product((True, False), repeat=len(free)):
        subs, label = {}, []
        for cell, is_zero in zip(free, zeros):
            if is_zero:
                subs[cell] = 0
                label.append(f"{cell}=0")
            else:
                subs[cell] = sp.Symbol(f"{cell}_", positive=True)
                label.append(f"{cell}>0")
        # the moved-from cell is at least 1: 1 + (0 or positive)
        for extra in (0, sp.Symbol(f"{moved_from}_", positive=True)):
            face = dict(subs)
            face[moved_from] = 1 + extra
            yield face, ", ".join(label + [f"{moved_from}{'=1' if extra == 0 else '>1'}"])


def _on_face(form: sp.Expr, face: dict) -> sp.Expr:
    """``form`` restricted to a face, with every sum cancelled bottom-up so that a
    denominator vanishing identically on the face shows up as zoo/nan (the measure is
    undefined there) instead of hiding in an uncancelled expression."""
    # xreplace rebuilds bottom-up, so 0/0 becomes nan; ``subs`` can turn 0 * (0)^-1 into 0
    restricted = form.xreplace({k: sp.sympify(v) for k, v in face.items()})
    if restricted.has(sp.Piecewise):
        restricted = sp.piecewise_fold(restricted).simplify()
    return sp.bottom_up(restricted, lambda e: sp.cancel(e) if e.is_Add else e)


def _face_pair(form: sp.Expr, after: sp.Expr, face: dict, param_domain: Domain):
    """(before, after) restricted to a face, or (None, None) when the measure is undefined on it.

    Fast path: if both are defined at one exact point of the face, a proof of positivity of
    their (cancelled) difference covers every point where both are defined, so the expensive
    bottom-up cancellation is only needed to confirm a face where the sample is undefined."""
    values = {k: sp.sympify(v) for k, v in face.items()}
    a, b = form.xreplace(values), after.xreplace(values)
    symbols = sorted((a.free_symbols | b.free_symbols), key=str)
    # an exact point inside the face: cells 7/3, 10/3, ...; parameters mid-domain
    positive_point = {x: (param_domain.reparam[x].subs({u: sp.Rational(5, 4) for u in param_domain.reparam[x].free_symbols})
                          if x in param_domain.reparam else sp.Rational(7, 3) + k)
                      for k, x in enumerate(symbols)}
    if _defined(a.xreplace(positive_point)) and _defined(b.xreplace(positive_point)):
        return a, b
    a, b = _on_face(form, face), _on_face(after, face)
    if _defined(a) and _defined(b):
        return a, b
    return None, None


def _defined(expr: sp.Expr) -> bool:
    return not expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo)


def strict_monotonicity(measure: Measure) -> PropertyResult:
    name = "SM"
    found = _search_sm_violation(measure, SEARCH_N)
    if found:
        move, t, u, params, qa, qb = found
        better = "higher" if measure.orientation > 0 else "lower"
        rel = "equal" if compare_exact(qb, qa) == 0 else ("worse")
        return PropertyResult(
            name, measure.name, FAILS,
            proof=(f"Counterexample: {move}, from {_table_text(t)} to {_table_text(u)}"
                   + (f" with {_params_text(params)}" if params else "")
                   + f": the score goes from ${to_latex(qa)}$ to ${to_latex(qb)}$ ({rel}), "
                   f"but Strict Monotonicity requires a strictly {better} score.",
                   "Both values computed exactly in rational (or exact algebraic) arithmetic."),
            counterexample=_cx({"before": t, "after": u}, params, {"before": qa, "after": qb},
                               f"score(after) {'<=' if measure.orientation > 0 else '>='} score(before)"),
            reason=f"no strict improvement for {move}")
    # no violation among small tables: try to prove it on every face of the real relaxation
    o = measure.orientation
    proof = [f"No violation among all tables with $|T| \\leq {SEARCH_N}$ (exact search).",
             "Proof on the real relaxation (each cell zero or positive, the moved cell at least 1; "
             "integer tables are a subset):"]
    param_domain = Domain("parameters", ()).with_intervals([p.interval() for p in measure.params])
    undecided = []
    forms = [f for f in (measure.order_form, measure.count_form) if f is not None]
    for move, (apply, _) in MOVES.items():
        before_after = []
        for form in forms:
            after = form.subs({TP: TP + 1, FN: FN - 1} if "FN -> TP" in move else {TN: TN + 1, FP: FP - 1},
                              simultaneous=True)
            before_after.append((form, after))
        for face, label in _faces(move):
            if (face[TN] == 0 and face[FP] == 0) or (face[TP] == 0 and face[FN] == 0):
                continue   # a gold class is empty: excluded (0 < P(G) < 1)
            decided, any_defined = None, False
            for form, after in before_after:
                a, b = _face_pair(form, after, face, param_domain)
                if a is None:
                    continue
                any_defined = True
                diff = sp.together(o * (b - a))
                decision = is_positive_everywhere(diff, param_domain)
                if decision.value is True:
                    decided = decision
                    break
            if decided is None and not any_defined:
                proof.append(f"{move}, face {label}: the measure is undefined there (excluded).")
            elif decided is None:
                undecided.append(f"{move}, face {label}")
            else:
                proof.append(f"{move}, face {label}: improvement > 0 ({decided.method}).")
    if undecided:
        return PropertyResult(name, measure.name, UNDET, tuple(proof),
                              reason="could not prove the improvement positive on: " + "; ".join(undecided[:4])
                              + (" ..." if len(undecided) > 4 else "")
                              + f" (no violation exists among tables with |T| <= {SEARCH_N}: evidence only)")
    return PropertyResult(name, measure.name, HOLDS, tuple(proof),
                          reason="every move into the correct class strictly improves the score")


# ------------------------------------------------------------------ non-informative outputs

def noninformative_score(measure: Measure) -> sp.Expr:
    # a value stipulated where a formula is 0/0 (a Piecewise branch) may only apply at the
    # boundary; inside the domain the branch that holds there is kept
    return sp.together(resolve_on_domain(measure.noninformative(), NONINFORMATIVE_DOMAIN))


def _ni_analysis_form(measure: Measure) -> tuple[sp.Expr, str]:
    """The non-informative score, or -- when the measure has one -- its order-equivalent
    form (a strictly increasing transform preserves which output scores better, so the
    sign of the size derivative is the same, and it is rational where the score is not)."""
    if measure.rank_probs is not None:
        return sp.together(to_noninformative(measure.rank_probs)), "order-equivalent form"
    if measure.rank_counts is not None:
        return sp.together(to_noninformative(counts_to_joint(measure.rank_counts))), "order-equivalent form"
    return noninformative_score(measure), "score"


def _ni_domain(measure: Measure, expr: sp.Expr) -> Domain:
    intervals = [p.interval() for p in measure.params]
    return NONINFORMATIVE_DOMAIN.with_intervals(intervals)


@lru_cache(maxsize=512)
def size_derivative(measure: Measure) -> sp.Expr:
    """d/dP(S) of the non-informative score (or of its order-equivalent form), oriented so
    that positive means 'better'."""
    form, _ = _ni_analysis_form(measure)
    return measure.orientation * sp.together(sp.diff(form, s))


def _ni_groups(measure: Measure, params: dict):
    return _ni_groups_cached(measure, tuple(params.items()))


@lru_cache(maxsize=256)
def _ni_groups_cached(measure: Measure, param_items: tuple):
    """Exact scores of non-informative tables, grouped by test set (|T|, |G|), by output size."""
    params = dict(param_items)
    groups: dict[tuple[int, int], list] = {}
    for t in noninformative_tables(NI_SEARCH_N):
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


def _find_ni_pair_at(measure: Measure, params: dict, want: str):
    """Two non-informative outputs of one test set, smaller first, whose oriented score
    difference has the sign ``want`` names (see _WANTED_SIGN), at fixed parameter values."""
    wanted = _WANTED_SIGN[want]
    for _, rows in sorted(_ni_groups(measure, params).items()):
        for (size1, t1, v1), (size2, t2, v2) in itertools.combinations(rows, 2):
            if size1 == size2:
                continue
            sign = compare_exact(v2, v1)
            if sign is not None and wanted(measure.orientation * sign):
                return params, t1, t2, v1, v2
    return None


def _find_ni_pair(measure: Measure, want: str):
    """As _find_ni_pair_at, over every sampled parameter setting."""
    for params in param_grid(measure):
        found = _find_ni_pair_at(measure, params, want)
        if found:
            return found
    return None


def _ni_cx(measure, found, text):
    params, t1, t2, v1, v2 = found
    line = (f"Non-informative outputs of one test set: {_table_text(t1)} and the larger {_table_text(t2)}"
            + (f" with {_params_text(params)}" if params else "")
            + f" score ${to_latex(v1)}$ and ${to_latex(v2)}$ (exact): {text}.")
    return line, _cx({"smaller output": t1, "larger output": t2}, params,
                     {"smaller": v1, "larger": v2}, text)


def fixed_quality(measure: Measure) -> PropertyResult:
    name = "NIFQ"
    form, what = _ni_analysis_form(measure)
    d = size_derivative(measure)
    decision = is_identically_zero(d, _ni_domain(measure, d))
    head = f"Non-informative {what} (S independent of G): ${to_latex(sp.cancel(form))}$."
    if decision.value is True:
        return PropertyResult(name, measure.name, HOLDS,
                              (head, f"Its derivative in $P(S)$ is identically 0 ({decision.method})."),
                              reason="every non-informative output of a test set scores the same")
    found = _find_ni_pair(measure, "not_fixed")
    if found:
        line, cx = _ni_cx(measure, found, "the scores differ")
        return PropertyResult(name, measure.name, FAILS, (head, line), cx, "non-informative scores vary")
    return PropertyResult(name, measure.name, UNDET, (head,),
                          reason=f"derivative not decided ({decision.method}); no pair of differing "
                                 f"non-informative tables with |T| <= {NI_SEARCH_N}")


def growing_quality(measure: Measure) -> PropertyResult:
    name = "NIGQ"
    d = size_derivative(measure)
    domain = _ni_domain(measure, d)
    head = f"Oriented derivative of the non-informative score in $P(S)$: ${to_latex(sp.factor(d))}$."
    found = _find_ni_pair(measure, "not_growing")
    if found:
        line, cx = _ni_cx(measure, found, "the larger output does not score better")
        return PropertyResult(name, measure.name, FAILS, (head, line), cx,
                              "a larger non-informative output does not score better")
    decision = is_positive_everywhere(d, domain)
    if decision.value is True:
        return PropertyResult(name, measure.name, HOLDS,
                              (head, f"It is positive on $0<P(G)<1$, $0<P(S)<1$ and the parameter "
                                     f"domain ({decision.method}), so the score strictly grows with "
                                     f"output size."), reason="score grows with output size")
    return PropertyResult(name, measure.name, UNDET, (head,),
                          reason=f"sign of the derivative not decided ({decision.method}); "
                                 f"no counterexample among tables with |T| <= {NI_SEARCH_N}")


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
            lines = [f"Solving (derivative) = 0 for ${to_latex(c)}$ gives $\\theta = {to_latex(theta)}$.",
                     f"(derivative) / (${to_latex(c)} - \\theta$) is "
                     f"{'positive' if direction > 0 else 'negative'} everywhere ({decision.method})."]
            others = NONINFORMATIVE_DOMAIN.with_intervals([q.interval() for q in measure.params if q is not p])
            low_ok = is_positive_everywhere(theta - p.low, others)
            high_ok = (Decision(True, "unbounded parameter") if sp.sympify(p.high) is sp.oo
                       else is_positive_everywhere(p.high - theta, others))
            if low_ok.value is True and high_ok.value is True:
                return ("inside", c, theta, direction,
                        lines + ["$\\theta$ lies inside the parameter's domain for every $P(G)$."])
            for bad in (low_ok, high_ok):
                if bad.value is False and bad.witness:
                    g0 = bad.witness.get(g)
                    if g0 is not None:
                        return ("outside", c, theta, direction, lines, g0)
    return None


def absolute_weighting(measure: Measure) -> PropertyResult:
    name = "AW"
    if not measure.params:
        return PropertyResult(name, measure.name, FAILS,
                              ("The measure has no parameter, so no parameter threshold can decide "
                               "whether larger non-informative outputs score better.",),
                              reason="no parameter")
    d = size_derivative(measure)
    domain = _ni_domain(measure, d)
    head = f"Oriented derivative of the non-informative score in $P(S)$: ${to_latex(sp.factor(d))}$."
    zero = is_identically_zero(d, domain)
    if zero.value is True:
        return PropertyResult(name, measure.name, FAILS, (head, "The derivative is identically 0 for "
                              "every parameter value: the parameter never changes the order of "
                              "non-informative outputs."), reason="fixed quality for every parameter")
    positive = is_positive_everywhere(d, domain)
    if positive.value is True:
        return PropertyResult(name, measure.name, FAILS, (head, f"The derivative is positive for every "
                              f"parameter value ({positive.method}): larger non-informative outputs "
                              "always score better, whatever the parameter."),
                              reason="growing quality for every parameter")
    negative = is_positive_everywhere(-d, domain)
    if negative.value is True:
        return PropertyResult(name, measure.name, FAILS, (head, f"The derivative is negative for every "
                              f"parameter value ({negative.method}): larger non-informative outputs "
                              "always score worse, whatever the parameter."),
                              reason="decreasing quality for every parameter")
    found = _threshold(measure, d, domain)
    if found and found[0] == "outside":
        _, c, theta, direction, lines, g0 = found
        theta0 = sp.simplify(theta.subs(g, g0))
        return PropertyResult(name, measure.name, FAILS, (head, *lines,
            f"At $P(G) = {to_latex(g0)}$ the threshold is ${to_latex(theta0)}$, outside the domain of "
            f"${to_latex(c)}$, so there every parameter value orders non-informative outputs the same way: "
            "the parameter does not decide."),
            {"P(G)": str(g0), "theta": str(theta0), str(c): "any value in its domain"},
            reason="threshold leaves the parameter domain")
    if found:
        _, c, theta, direction, lines = found
        rel = ">" if direction > 0 else "<"
        return PropertyResult(name, measure.name, HOLDS, (head, *lines,
                              f"Hence non-informative outputs score better the larger they are iff "
                              f"${to_latex(c)} {rel} {to_latex(theta)}$."),
                              reason=f"threshold {c} {rel} {theta}", data=(("threshold", (c, theta, direction)),))
    # the order of non-informative outputs changes with output size at a fixed parameter value
    for params in param_grid(measure):
        grow = _find_ni_pair_at(measure, params, "grow")
        shrink = _find_ni_pair_at(measure, params, "shrink")
        if grow and shrink:
            l1, _ = _ni_cx(measure, grow, "the larger output scores better")
            l2, cx = _ni_cx(measure, shrink, "the larger output scores worse")
            if _sign_free_of_params(d, measure, domain):
                return PropertyResult(name, measure.name, FAILS, (head,
                    "The sign of the derivative does not depend on the parameters (it is a "
                    "parameter-free factor times a factor of constant sign), and it changes with "
                    "output size, so no parameter threshold decides the order:", l1, l2), cx,
                    "order of non-informative outputs depends on output size, not on a parameter")
    return PropertyResult(name, measure.name, UNDET, (head,),
                          reason="no parameter threshold found and no proof that none exists")


def _sign_free_of_params(d: sp.Expr, measure: Measure, domain: Domain) -> bool:
    """True if d = A * B with A free of parameters and B of constant sign (proved)."""
    params = set(measure.param_symbols)
    factors = sp.Mul.make_args(sp.factor(d))
    with_params = sp.Mul(*[f for f in factors if f.free_symbols & params])
    if with_params == 1:
        return True
    return (is_positive_everywhere(with_params, domain).value is True
            or is_positive_everywhere(-with_params, domain).value is True)


# ------------------------------------------------------------------ all together

CHECKERS = (("SM", strict_monotonicity), ("AW", absolute_weighting),
            ("NIFQ", fixed_quality), ("NIGQ", growing_quality))


@lru_cache(maxsize=256)
def check_all(measure: Measure) -> tuple[PropertyResult, ...]:
    """Every Amigo property of ``measure`` (memoised: claims share measures)."""
    return tuple(check(measure) for _, check in CHECKERS)
