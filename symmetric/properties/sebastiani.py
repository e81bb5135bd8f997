"""Sebastiani's eight axioms (ICTIR 2015, Section 3.1) as checkers for any count-form measure.

A test set is fixed by AP, AN (AP + AN = |D| >= 1); a classifier by TP in 0..AP and TN in
0..AN (FN = AP - TP, FP = AN - TN).  Piecewise definitions and values stipulated at 0/0 are
taken as written in the measure's count form.  ``orientation`` -1 (lower is better) flips
the direction of MON.

* MON  correcting one wrong label strictly improves the score (FN -> TP, FP -> TN).
* CON  for every test set, M is a C^1 function of real TP in [0, AP], TN in [0, AN]
       (boundary included): defined everywhere, continuous, with continuous partial derivatives.
* SDE  M is defined for every test set and every classifier.
* WDE  for every test set, M is defined for all classifiers or for none.  Proved per kind of
       test set (AP > 0 and AN > 0; AP = 0; AN = 0): M defined on every zero pattern of the
       cells the kind allows, or undefined on every one (:data:`TEST_SET_KINDS`).
* FIX  the range [min, max] over the classifiers for which M is defined is the same for every
       test set; a test set on which M is defined for no classifier has no range and is left
       out (its undefinedness is what SDE and WDE judge).
* CHA  E[M(random classifier)] is the same for every test set, per random model
       (:data:`RANDOM_MODELS`; expected values are exact rational sums).
* IMB  M(trivial acceptor) and M(trivial rejector) are constants over test sets with AP, AN > 0.
* SYM  M(TP, FP, FN, TN) = M(TN, FN, FP, TP) (swapping the roles of c and its complement).

Each checker first searches all test sets up to a bound for an exact counterexample (a fast
float evaluation selects candidates, every reported value is re-evaluated exactly), then
tries a symbolic proof (zero-pattern case split, :mod:`symmetric.checks.cases`, decided by
:mod:`symmetric.checks.decide`).  No counterexample and no proof within the time budget gives
``undetermined`` with the evidence.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy as sp

from ..checks.cases import definedness, is_undefined_constant, obligations, restrict, zero_patterns
from ..checks.decide import exact_sign, is_identically_zero, is_positive_everywhere
from .. import timelimit
from ..domain import EVERYWHERE, Domain
from ..measures.base import Measure
from ..space import CELLS, FN, FP, TN, TP
from ..transforms.limits import directional_limit, is_infinite
from .base import PropertyResult, PropertyVerdict
from .tables import exact_value, fast_value, param_grid

HOLDS, FAILS, UNDET = PropertyVerdict.HOLDS, PropertyVerdict.FAILS, PropertyVerdict.UNDETERMINED

SEARCH_N = 8            # exhaustive searches cover every test set with |D| <= SEARCH_N
CHA_SEARCH_N = 6        # expected values: every test set with |D| <= CHA_SEARCH_N
CON_SEARCH_N = 3        # limits at every integer point of test sets with |D| <= CON_SEARCH_N
BUDGET_SECONDS = 2.0    # per property; past it the symbolic proof stops: undetermined

Table = tuple[int, int, int, int]   # (TP, FP, FN, TN)
AP_S, AN_S = sp.symbols("AP AN", positive=True)     # symbolic test-set sizes (positive case)
TP_R, TN_R = sp.symbols("TP TN", real=True)         # real variables for CON


# ------------------------------------------------------------------ enumeration helpers

def test_sets(max_n: int, min_n: int = 1) -> Iterator[tuple[int, int]]:
    """Every (AP, AN) with min_n <= AP + AN <= max_n, including AP = 0 and AN = 0."""
    for total in range(min_n, max_n + 1):
        for ap in range(total + 1):
            yield ap, total - ap


def classifiers(ap: int, an: int) -> Iterator[Table]:
    for tp in range(ap + 1):
        for tn in range(an + 1):
            yield (tp, an - tn, ap - tp, tn)


def perfect(ap, an) -> Table:
    return (ap, 0, 0, an)


def pervert(ap, an) -> Table:
    return (0, an, ap, 0)


def acceptor(ap, an) -> Table:
    return (ap, an, 0, 0)


def rejector(ap, an) -> Table:
    return (0, 0, ap, an)


def swap_classes(t: Table) -> Table:
    """The same classification with c and its complement exchanged: TP <-> TN, FP <-> FN."""
    return (t[3], t[2], t[1], t[0])


def complement_predictions(t: Table) -> Table:
    """Every predicted label flipped: TP -> FN, FP -> TN (the gold labels stay)."""
    return (t[2], t[3], t[0], t[1])


def _tt(t: Table) -> str:
    return f"(TP, FP, FN, TN) = ({t[0]}, {t[1]}, {t[2]}, {t[3]})"


def _params_text(params: dict) -> str:
    return "".join(f", ${sp.latex(k)} = {sp.latex(v)}$" for k, v in params.items())


def _value_text(v) -> str:
    return "undefined" if v is None else str(v)


def _param_domain(measure: Measure) -> Domain:
    return EVERYWHERE.with_intervals([p.interval() for p in measure.params]) if measure.params else EVERYWHERE


def _result(measure: Measure, prop: str, verdict: PropertyVerdict, proof=(), cx=None, reason="") -> PropertyResult:
    return PropertyResult(prop, measure.name, verdict, tuple(proof), cx, reason)


class _Clock:
    def __init__(self, budget: float) -> None:
        self.deadline = time.monotonic() + budget

    def out(self) -> bool:
        # the --time-limit of the whole check too: where it cannot interrupt (off the main thread)
        # this clock is the only thing that enforces it
        return time.monotonic() > self.deadline or timelimit.expired()


def _exact(measure: Measure, t: Table, params: dict):
    return exact_value(measure, t, params)


def _cx(params: dict, tables: dict[str, Table], values: dict[str, object], relation: str) -> dict:
    out: dict = {name: list(t) for name, t in tables.items()}
    out.update({str(k): str(v) for k, v in params.items()})
    out.update({f"M({k})": _value_text(v) for k, v in values.items()})
    out["relation"] = relation
    return out


def _differ(a, b) -> bool:
    """a != b, certified exactly (an undecided sign is not a difference)."""
    return exact_sign(a - b) in (1, -1)


def _better(measure: Measure, after, before) -> int | None:
    """Sign of orientation * (after - before), exactly."""
    return exact_sign(measure.orientation * (after - before))


# ------------------------------------------------------------------ proof by cases

def _prove_on_cases(expr_of_case: Callable[[dict], sp.Expr], cases, test, clock: _Clock,
                    what: str, defined: tuple[sp.Expr, Domain] | None = None) -> tuple[bool | None, list[str]]:
    """Run ``test(e)`` -> (True/None, why) on every case; all True -> proved.

    With ``defined = (expr, domain)``, ``expr`` must first be proved defined on the case: the
    restricted expression alone can hide a 0/0 (``0 * x/(t - 10)`` is evaluated to 0)."""
    lines = []
    for case in cases:
        if clock.out():
            return None, [f"time budget exhausted before {case.describe()}"]
        if defined is not None:
            ok, why = definedness(defined[0], defined[1], case.substitution)
            if ok is not True:
                return None, [f"{case.describe()}: the measure is not shown defined ({why})"]
        e = expr_of_case(case)
        ok, why = test(e)
        if ok is not True:
            return None, [f"{case.describe()}: {why}"]
        lines.append(f"{case.describe()}: {what} ({why}).")
    return True, lines


def _positive_test(domain: Domain, strict: bool = True):
    def test(e):
        if is_undefined_constant(e):
            return None, "undefined on this case"
        if e.has(sp.Piecewise):
            return None, "a piecewise condition is not resolved"
        d = is_positive_everywhere(e, domain, strict=strict)
        return d.value, d.method if d.value else (d.detail or d.method)
    return test


def _zero_test(domain: Domain):
    def test(e):
        if is_undefined_constant(e):
            return None, "undefined on this case"
        if e.has(sp.Piecewise):
            return None, "a piecewise condition is not resolved"
        d = is_identically_zero(e, domain)
        return d.value, d.method if d.value else (d.detail or d.method)
    return test


# ------------------------------------------------------------------ MON

MOVES = {
    "FN -> TP": (FN, lambda t: (t[0] + 1, t[1], t[2] - 1, t[3]), {TP: TP + 1, FN: FN - 1}),
    "FP -> TN": (FP, lambda t: (t[0], t[1] - 1, t[2], t[3] + 1), {TN: TN + 1, FP: FP - 1}),
}


def check_mon(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    undefined_pair = None
    for params in param_grid(measure):
        for ap, an in test_sets(SEARCH_N):
            for t in classifiers(ap, an):
                for name, (cell, move, _) in MOVES.items():
                    if t[CELLS.index(cell)] < 1:
                        continue
                    u = move(t)
                    a, b = fast_value(measure, t, params), fast_value(measure, u, params)
                    if a is None or b is None:
                        if undefined_pair is None:
                            ea, eb = _exact(measure, t, params), _exact(measure, u, params)
                            if ea is None or eb is None:
                                undefined_pair = (params, t, u, ea, eb, name)
                        continue
                    if measure.orientation * (b - a) > 1e-9:
                        continue
                    ea, eb = _exact(measure, t, params), _exact(measure, u, params)
                    if ea is not None and eb is not None and _better(measure, eb, ea) in (0, -1):
                        rel = "M(h') = M(h)" if _better(measure, eb, ea) == 0 else "M(h') is worse than M(h)"
                        return _result(measure, "MON", FAILS, (
                            f"Correcting one wrong label ({name}) from {_tt(t)} to {_tt(u)}{_params_text(params)} "
                            f"does not improve the score: $M = {sp.latex(ea)}$ before and ${sp.latex(eb)}$ after "
                            f"(exact).",), _cx(params, {"h": t, "h'": u}, {"h": ea, "h'": eb}, rel))
    if undefined_pair is not None:
        params, t, u, ea, eb, name = undefined_pair
        return _result(measure, "MON", FAILS, (
            f"Correcting one wrong label ({name}) from {_tt(t)} to {_tt(u)}{_params_text(params)}: the "
            f"measure is undefined at {'the first' if ea is None else 'the second'} table, so "
            f"$M(h) < M(h')$ cannot hold (re-checked exactly).",),
            _cx(params, {"h": t, "h'": u}, {"h": ea, "h'": eb}, "M undefined"))
    # proof: o * (M(after) - M(before)) > 0 on every zero pattern, the moved cell written 1 + c
    domain = _param_domain(measure)
    f = measure.count_form
    proof = [f"No counterexample among all test sets with $|D| \\le {SEARCH_N}$."]
    for name, (cell, _, shift) in MOVES.items():
        before = f.subs(cell, cell + 1)
        after = f.subs({**{k: v.subs(cell, cell + 1) for k, v in shift.items()}}, simultaneous=True)
        diff = measure.orientation * (after - before)
        ok, lines = _prove_on_cases(lambda c: restrict(diff, c), zero_patterns(CELLS, allow_all_zero=True),
                                    _positive_test(domain), clock, "the score strictly improves",
                                    defined=(diff, domain))
        if ok is not True:
            return _result(measure, "MON", UNDET, proof + lines,
                           reason=f"no counterexample for |D| <= {SEARCH_N}; no symbolic proof for {name}")
        proof.append(f"Move {name} (the moved {cell.name} written $1 + {cell.name.lower()}$, "
                     f"so every table with that cell $\\ge 1$ is covered):")
        proof += lines
    return _result(measure, "MON", HOLDS, proof)


# ------------------------------------------------------------------ SDE / WDE

def _first_undefined(measure: Measure, max_n: int):
    for params in param_grid(measure):
        for ap, an in test_sets(max_n):
            for t in classifiers(ap, an):
                if fast_value(measure, t, params) is None and _exact(measure, t, params) is None:
                    return params, t
    return None


def _prove_defined(measure: Measure, clock: _Clock) -> tuple[bool | None, list[str]]:
    domain = _param_domain(measure)
    # the test gets the case itself: definedness is read off the unrestricted tree (a zero
    # cell must not hide a denominator it multiplies)
    return _prove_on_cases(lambda c: c, zero_patterns(CELLS),
                           lambda c: definedness(measure.count_form, domain, c.substitution), clock, "defined")


def _fails_where_undefined(measure: Measure, prop: str, explain) -> PropertyResult | None:
    """``prop`` fails, with the table as counterexample, when the measure is undefined at some
    table of a small test set (found and re-checked exactly); None when no such table exists."""
    found = _first_undefined(measure, SEARCH_N)
    if not found:
        return None
    params, t = found
    return _result(measure, prop, FAILS, (explain(t, params),), _cx(params, {"h": t}, {"h": None}, "M undefined"))


# ------------------------------------------------------------------ kinds of test set

@dataclass(frozen=True)
class KindOfTestSet:
    """Test sets with AP > 0 or AP = 0, and AN > 0 or AN = 0 (never both 0, |D| >= 1).

    A zero pattern of the cells is a table of such a test set when the gold class it makes
    empty (TP = FN = 0 or FP = TN = 0) is exactly the one the kind makes empty."""

    label: str
    positives: bool     # AP > 0
    negatives: bool     # AN > 0

    def allows(self, case) -> bool:
        zero = set(case.zero)
        return ({TP, FN} <= zero) != self.positives and ({FP, TN} <= zero) != self.negatives

    def sizes(self) -> tuple:
        """(AP, AN) for the kind: the positive symbols, or 0 for an empty class."""
        return (AP_S if self.positives else sp.Integer(0), AN_S if self.negatives else sp.Integer(0))


def score_on_kind(form: sp.Expr, table: Callable[[object, object], Table], kind: "KindOfTestSet") -> sp.Expr:
    """A classifier's score (``table(AP, AN)``, e.g. :func:`perfect`) on every test set of a kind.

    The empty class is put in as 0 cell by cell (xreplace, bottom-up): substituting AP = 0
    afterwards into a form already simplified for AP > 0 would cancel AP/AP to 1 and give a
    score where the measure is 0/0."""
    at = dict(zip(CELLS, map(sp.sympify, table(*kind.sizes()))))
    return sp.piecewise_fold(form.xreplace(at))


TEST_SET_KINDS = (KindOfTestSet("AP > 0, AN > 0", True, True), KindOfTestSet("AP = 0, AN > 0", False, True),
                  KindOfTestSet("AP > 0, AN = 0", True, False))


def pattern_table(case) -> Table:
    """A concrete table of a zero pattern, all on one test set per kind (AP, AN in {0, 2}):
    a class with both cells positive splits 1 + 1, with one cell 0 puts 2 in the other."""
    def split(a, b):
        za, zb = a in case.zero, b in case.zero
        return (0 if za else (1 if not zb else 2)), (0 if zb else (1 if not za else 2))
    tp, fn = split(TP, FN)
    tn, fp = split(TN, FP)
    return (tp, fp, fn, tn)


def _pattern_status(measure: Measure, case, domain: Domain) -> tuple[str | None, str]:
    """('defined' | 'undefined' | None, why) for the measure on every table of a zero pattern.

    'undefined' needs 0/0 or x/0 visible in the restricted form with no piecewise condition
    left, confirmed by exact evaluation at a concrete table of the pattern (every parameter
    sample); 'defined' needs :func:`definedness`'s proof; anything else is None."""
    e = restrict(measure.count_form, case)
    if is_undefined_constant(e):
        t = pattern_table(case)
        if not e.has(sp.Piecewise) and all(_exact(measure, t, p) is None for p in param_grid(measure)):
            return "undefined", f"0/0 or x/0, re-checked exactly at {_tt(t)}"
        return None, "0/0 or x/0 appears but is not confirmed on the whole pattern"
    ok, why = definedness(measure.count_form, domain, case.substitution)
    return ("defined" if ok is True else None), why


@dataclass(frozen=True)
class KindDefinedness:
    """How the measure's definedness falls on the zero patterns of one kind of test set."""

    kind: KindOfTestSet
    patterns: tuple          # (case, status, why) per zero pattern the kind allows
    timed_out: bool = False

    @property
    def status(self) -> str | None:
        """'defined' | 'undefined' (on every pattern) | 'mixed' | None (some pattern undecided)."""
        found = {s for _, s, _ in self.patterns}
        if self.timed_out or None in found:
            return None
        return found.pop() if len(found) == 1 else "mixed"

    def lines(self) -> list[str]:
        """One line per (status, reason), naming its zero patterns briefly (the cells that are 0)."""
        groups: dict[tuple, list[str]] = {}
        for case, status, why in self.patterns:
            groups.setdefault((status, why), []).append(_zeros_text(case))
        return [f"{status or 'undecided'} where " + "; ".join(where) + f" ({why})."
                for (status, why), where in groups.items()]


def _zeros_text(case) -> str:
    return " = ".join(c.name for c in case.zero) + " = 0" if case.zero else "no cell is 0"


def kinds_by_definedness(measure: Measure, clock: _Clock) -> tuple[KindDefinedness, ...]:
    domain = _param_domain(measure)
    out = []
    for kind in TEST_SET_KINDS:
        patterns = []
        for case in zero_patterns(CELLS):
            if not kind.allows(case):
                continue
            if clock.out():
                out.append(KindDefinedness(kind, tuple(patterns), timed_out=True))
                break
            patterns.append((case, *_pattern_status(measure, case, domain)))
        else:
            out.append(KindDefinedness(kind, tuple(patterns)))
    return tuple(out)


def _mixed_kind_counterexample(measure: Measure, kd: KindDefinedness) -> PropertyResult | None:
    """WDE fails: a proved-defined and a proved-undefined pattern of one kind, realised on the
    same test set (AP, AN in {0, 2}) and both re-evaluated exactly."""
    defined = next(c for c, s, _ in kd.patterns if s == "defined")
    undefined = next(c for c, s, _ in kd.patterns if s == "undefined")
    a, b = pattern_table(defined), pattern_table(undefined)
    for params in param_grid(measure):
        va, vb = _exact(measure, a, params), _exact(measure, b, params)
        if va is not None and vb is None:
            ap, an = a[0] + a[2], a[1] + a[3]
            return _result(measure, "WDE", FAILS, (
                f"On the test set $AP = {ap}, AN = {an}${_params_text(params)} the measure is defined at {_tt(a)} "
                f"(value ${sp.latex(va)}$) but undefined at {_tt(b)} (both re-checked exactly).",),
                _cx(params, {"defined": a, "undefined": b}, {"defined": va, "undefined": None},
                    "defined for one classifier, not the other"))
    return None


def check_sde(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    undefined = _fails_where_undefined(measure, "SDE", lambda t, params:
                                       f"The measure is undefined at {_tt(t)}{_params_text(params)} "
                                       "(re-checked exactly: 0/0 or x/0).")
    if undefined:
        return undefined
    ok, lines = _prove_defined(measure, clock)
    if ok:
        return _result(measure, "SDE", HOLDS, ["Defined on every zero pattern of the table:"] + lines)
    return _result(measure, "SDE", UNDET, lines, reason=f"defined for every table with |D| <= {SEARCH_N}; no proof")


def check_wde(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    for params in param_grid(measure):
        for ap, an in test_sets(SEARCH_N):
            defined, undefined = None, None
            for t in classifiers(ap, an):
                if fast_value(measure, t, params) is None:
                    if _exact(measure, t, params) is None:
                        undefined = undefined or t
                elif defined is None:
                    defined = t
                if defined and undefined:
                    v = _exact(measure, defined, params)
                    if v is not None:
                        return _result(measure, "WDE", FAILS, (
                            f"On the test set $AP = {ap}, AN = {an}${_params_text(params)} the measure is "
                            f"defined at {_tt(defined)} (value ${sp.latex(v)}$) but undefined at "
                            f"{_tt(undefined)} (both re-checked exactly).",),
                            _cx(params, {"defined": defined, "undefined": undefined},
                                {"defined": v, "undefined": None}, "defined for one classifier, not the other"))
                    defined = None
    # proof: on each kind of test set, M is defined on every zero pattern the kind allows, or
    # undefined on every one (then it is defined for all classifiers of such a test set or for none)
    proof = [f"No test set with $|D| \\le {SEARCH_N}$ has both a defined and an undefined classifier."]
    for kd in kinds_by_definedness(measure, clock):
        label, status = kd.kind.label, kd.status
        if status is None:
            return _result(measure, "WDE", UNDET, proof + kd.lines(),
                           reason=f"no mixed test set with |D| <= {SEARCH_N}; definedness not decided for {label}")
        if status == "mixed":
            return _mixed_kind_counterexample(measure, kd) or _result(
                measure, "WDE", UNDET, proof + kd.lines(),
                reason=f"defined on some zero patterns of {label} and undefined on others, but no "
                       f"counterexample re-checked exactly")
        proof.append(f"Test sets with ${label}$: {status} for every classifier (every zero pattern of the "
                     f"cells such a test set allows):")
        proof += kd.lines()
    return _result(measure, "WDE", HOLDS, proof + [
        "Every test set has $AP > 0, AN > 0$ or $AP = 0$ or $AN = 0$ (not both: $|D| \\ge 1$), so on every test set "
        "$M$ is defined for all classifiers or for none."])


# ------------------------------------------------------------------ FIX

def _ranges(measure: Measure, params: dict, max_n: int):
    for ap, an in test_sets(max_n):
        values = [(fast_value(measure, t, params), t) for t in classifiers(ap, an)]
        values = [(v, t) for v, t in values if v is not None]
        if values:
            lo, hi = min(values), max(values)
            yield (ap, an), lo, hi


def _exact_range(measure: Measure, ap: int, an: int, params: dict):
    """(min, max) as (value, table), or None when some comparison cannot be certified exactly
    (a wrong minimum would make a false "the ranges differ")."""
    exact = [(v, t) for t in classifiers(ap, an) if (v := _exact(measure, t, params)) is not None]
    lo = exact[0]
    hi = exact[0]
    for v, t in exact[1:]:
        to_lo, to_hi = exact_sign(v - lo[0]), exact_sign(v - hi[0])
        if to_lo is None or to_hi is None:
            return None
        if to_lo == -1:
            lo = (v, t)
        if to_hi == 1:
            hi = (v, t)
    return lo, hi


def check_fix(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    for params in param_grid(measure):
        seen = None
        for ts, lo, hi in _ranges(measure, params, SEARCH_N):
            if seen is None:
                seen = (ts, lo, hi)
                continue
            if abs(lo[0] - seen[1][0]) > 1e-9 or abs(hi[0] - seen[2][0]) > 1e-9:
                first, second = _exact_range(measure, *seen[0], params), _exact_range(measure, *ts, params)
                if first is None or second is None:
                    continue
                (lo1, hi1), (lo2, hi2) = first, second
                if _differ(lo1[0], lo2[0]) or _differ(hi1[0], hi2[0]):
                    return _result(measure, "FIX", FAILS, (
                        f"Test set $AP = {seen[0][0]}, AN = {seen[0][1]}$: range "
                        f"$[{sp.latex(lo1[0])}, {sp.latex(hi1[0])}]$ (min at {_tt(lo1[1])}, max at {_tt(hi1[1])}); "
                        f"test set $AP = {ts[0]}, AN = {ts[1]}$: range $[{sp.latex(lo2[0])}, {sp.latex(hi2[0])}]$ "
                        f"(min at {_tt(lo2[1])}, max at {_tt(hi2[1])}){_params_text(params)}; exact.",),
                        _cx(params, {"min 1": lo1[1], "max 1": hi1[1], "min 2": lo2[1], "max 2": hi2[1]},
                            {"min 1": lo1[0], "max 1": hi1[0], "min 2": lo2[0], "max 2": hi2[0]},
                            "the ranges differ"))
    # proof.  A test set on which M is defined for no classifier has no range and is left out,
    # as in the search above (that undefinedness is what SDE and WDE judge).  On every other kind
    # of test set the perfect and pervert classifiers must be defined with constant scores b and
    # w, and w <= M <= b on every zero pattern where M is defined; then each such test set's
    # range is [w, b] (or [b, w] when lower is better), attained by those two classifiers.
    f = measure.count_form
    domain = _param_domain(measure)
    proof = [f"No two test sets with different ranges among $|D| \\le {SEARCH_N}$ (the range of a test set "
             f"is over the classifiers for which $M$ is defined)."]
    live = []
    for kd in kinds_by_definedness(measure, clock):
        if kd.status is None:
            return _result(measure, "FIX", UNDET, proof + kd.lines(),
                           reason=f"no counterexample found; definedness not decided for {kd.kind.label}")
        if kd.status == "undefined":
            proof.append(f"Test sets with ${kd.kind.label}$: $M$ is undefined for every classifier, so they have "
                         f"no range and are left out:")
            proof += kd.lines()
        else:
            live.append(kd)
    if not live:
        return _result(measure, "FIX", UNDET, proof, reason="the measure is defined on no test set")
    constants = []
    for label, table in (("perfect", perfect), ("pervert", pervert)):
        values = {}
        for kd in live:
            values[kd.kind.label] = score_on_kind(f, table, kd.kind)
        first = next(iter(values.values()))
        ref = sp.simplify(first.xreplace({AP_S: sp.Integer(1), AN_S: sp.Integer(1)}))
        for kd in live:
            ok, why = definedness(f, domain, dict(zip(CELLS, map(sp.sympify, table(*kd.kind.sizes())))))
            if ok is not True:
                return _result(measure, "FIX", UNDET, proof + [f"the {label} classifier is not shown defined on "
                                                               f"every test set with ${kd.kind.label}$ ({why})"],
                               reason="no counterexample found; no proof")
        for where, e in values.items():
            d = (is_identically_zero(e - ref, domain)
                 if not is_undefined_constant(e) and not e.has(sp.Piecewise) and not is_undefined_constant(ref)
                 else None)
            if d is None or d.value is not True:
                return _result(measure, "FIX", UNDET, proof + [f"the {label} classifier's score ${sp.latex(e)}$ is "
                                                               f"not shown defined and constant ({where})"],
                               reason="no counterexample found; no proof")
        proof.append(f"The {label} classifier scores ${sp.latex(ref)}$ on every test set with "
                     + " and on every one with ".join(f"${w}$" for w in values) + ".")
        constants.append(ref)
    hi, lo = (constants[0], constants[1]) if measure.orientation > 0 else (constants[1], constants[0])
    defined_cases = [case for kd in live for case, status, _ in kd.patterns if status == "defined"]
    for expr, text in ((lambda e: e - lo, "above the lower bound"), (lambda e: hi - e, "below the upper bound")):
        ok, lines = _prove_on_cases(lambda c: expr(restrict(f, c)), defined_cases,
                                    _positive_test(domain, strict=False), clock, text)
        if ok is not True:
            return _result(measure, "FIX", UNDET, proof + lines, reason="no counterexample found; bounds not proved")
        proof += lines
    skipped = [case for kd in live for case, status, _ in kd.patterns if status == "undefined"]
    if skipped:
        proof.append("The zero patterns " + "; ".join(c.describe() for c in skipped) + " give no value (the "
                     "measure is undefined there, re-checked exactly) and take no part in the range.")
    proof.append(f"So the range is $[{sp.latex(lo)}, {sp.latex(hi)}]$ on every test set with " +
                 " or ".join(f"${kd.kind.label}$" for kd in live) + ", attained by the pervert and perfect classifiers.")
    return _result(measure, "FIX", HOLDS, proof)


# ------------------------------------------------------------------ CHA

@dataclass(frozen=True)
class RandomModel:
    """A random classifier: the probability of each (TP, FP) outcome on a test set (AP, AN)."""

    name: str
    description: str
    probability: Callable[[int, int, int, int], sp.Rational]   # (tp, fp, ap, an) -> P

    def outcomes(self, ap: int, an: int) -> Iterator[tuple[sp.Rational, Table]]:
        for tp in range(ap + 1):
            for fp in range(an + 1):
                p = self.probability(tp, fp, ap, an)
                if p != 0:
                    yield p, (tp, fp, ap - tp, an - fp)


def _bernoulli(tp, fp, ap, an):
    return sp.binomial(ap, tp) * sp.binomial(an, fp) / sp.Integer(2) ** (ap + an)


def _uniform_size(tp, fp, ap, an):
    n = ap + an
    return sp.binomial(ap, tp) * sp.binomial(an, fp) / ((n + 1) * sp.binomial(n, tp + fp))


RANDOM_MODELS = {
    "bernoulli": RandomModel("bernoulli", "each item labelled positive independently with probability 1/2",
                             _bernoulli),
    "uniform-size": RandomModel("uniform-size", "the number k of predicted positives uniform on 0..|D|, "
                                "then a uniformly random set of k items labelled positive", _uniform_size),
}


def expected_value(measure: Measure, model: RandomModel, ap: int, an: int, params: dict | None = None):
    """E[M(random classifier)] on the test set (AP, AN), exactly; None if M is undefined at an
    outcome of positive probability (then the expectation does not exist)."""
    total = sp.Integer(0)
    for p, t in model.outcomes(ap, an):
        v = exact_value(measure, t, params or {})
        if v is None:
            return None
        total += p * v
    return sp.nsimplify(total) if total.is_Float else sp.radsimp(total)


def _fast_expected(measure, model, ap, an, params):
    total = 0.0
    for p, t in model.outcomes(ap, an):
        v = fast_value(measure, t, params)
        if v is None:
            return None
        total += float(p) * v
    return total


def check_cha(measure: Measure, model: str = "bernoulli", budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    rm = RANDOM_MODELS[model]
    prop = f"CHA[{model}]"
    undefined_at = None
    for params in param_grid(measure):
        seen = None
        for ap, an in test_sets(CHA_SEARCH_N):
            e = _fast_expected(measure, rm, ap, an, params)
            if e is None:
                undefined_at = undefined_at or (params, ap, an)
                continue
            if seen is None:
                seen = (ap, an, e)
                continue
            if abs(e - seen[2]) > 1e-9:
                e1, e2 = expected_value(measure, rm, seen[0], seen[1], params), expected_value(measure, rm, ap, an, params)
                if e1 is not None and e2 is not None and _differ(e1, e2):
                    return _result(measure, prop, FAILS, (
                        f"Random model: {rm.description}.",
                        f"$E[M] = {sp.latex(e1)}$ on the test set $AP = {seen[0]}, AN = {seen[1]}$ but "
                        f"${sp.latex(e2)}$ on $AP = {ap}, AN = {an}${_params_text(params)} (exact sums over all "
                        f"outcomes).",),
                        {"test set 1": [seen[0], seen[1]], "test set 2": [ap, an],
                         "E 1": str(e1), "E 2": str(e2), "model": model,
                         **{str(k): str(v) for k, v in params.items()}, "relation": "expected values differ"})
    t = None
    if undefined_at is not None:
        params, ap, an = undefined_at
        t = next((t for p, t in rm.outcomes(ap, an) if exact_value(measure, t, params) is None), None)
    if undefined_at is not None and t is not None:
        return _result(measure, prop, FAILS, (
            f"Random model: {rm.description}.",
            f"On the test set $AP = {ap}, AN = {an}${_params_text(params)} the outcome {_tt(t)} has positive "
            f"probability and the measure is undefined there, so $E[M]$ does not exist (exact).",),
            {"test set": [ap, an], "undefined at": list(t), "model": model, "relation": "E[M] undefined"})
    # proof: M(h) + M(complement of h) is a constant 2 gamma, and the model gives h and its
    # complement the same probability (true for both models) => E[M] = gamma on every test set.
    f = measure.count_form
    flipped = f.subs(dict(zip(CELLS, (FN, TN, TP, FP))), simultaneous=True)
    pair = f + flipped
    ref = exact_value(Measure("pair", "", counts=pair, params=measure.params), (1, 1, 1, 1),
                      param_grid(measure)[0])
    proof = [f"Random model: {rm.description}; it gives a classifier and its complement "
             f"(every predicted label flipped: TP <-> FN, FP <-> TN) the same probability.",
             f"No two test sets with different expected values among $|D| \\le {CHA_SEARCH_N}$ (exact)."]
    if ref is None or not measure.params and not ref.is_number:
        return _result(measure, prop, UNDET, proof, reason="no counterexample; no proof")
    domain = _param_domain(measure)
    ok, lines = _prove_on_cases(lambda c: restrict(pair - ref, c), zero_patterns(CELLS), _zero_test(domain),
                                clock, "$M(h) + M(\\bar h)$ is the constant", defined=(pair, domain))
    if ok is not True:
        return _result(measure, prop, UNDET, proof + lines,
                       reason=f"no counterexample for |D| <= {CHA_SEARCH_N}; the complement argument does not apply")
    proof += lines
    proof.append(f"So $M(h) + M(\\bar h) = {sp.latex(ref)}$ for every classifier and, pairing each outcome "
                 f"with its complement, $E[M] = {sp.latex(ref / 2)}$ on every test set.")
    return _result(measure, prop, HOLDS, proof)


# ------------------------------------------------------------------ IMB

def check_imb(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    f = measure.count_form
    proof = []
    for label, table in (("acceptor", acceptor), ("rejector", rejector)):
        for params in param_grid(measure):
            values = {}
            for ap, an in test_sets(SEARCH_N):
                if ap and an:
                    values[(ap, an)] = _exact(measure, table(ap, an), params)
            undefined = [k for k, v in values.items() if v is None]
            if undefined:
                ap, an = undefined[0]
                return _result(measure, "IMB", FAILS, (
                    f"The trivial {label} {_tt(table(ap, an))}{_params_text(params)} has no score (the measure is "
                    f"undefined there), so it cannot score a constant (exact).",),
                    _cx(params, {label: table(ap, an)}, {label: None}, "M undefined"))
            keys = list(values)
            for k in keys[1:]:
                if _differ(values[k], values[keys[0]]):
                    return _result(measure, "IMB", FAILS, (
                        f"The trivial {label} scores ${sp.latex(values[keys[0]])}$ on $AP = {keys[0][0]}, "
                        f"AN = {keys[0][1]}$ and ${sp.latex(values[k])}$ on $AP = {k[0]}, AN = {k[1]}$"
                        f"{_params_text(params)} (exact).",),
                        _cx(params, {f"{label} 1": table(*keys[0]), f"{label} 2": table(*k)},
                            {f"{label} 1": values[keys[0]], f"{label} 2": values[k]}, "scores differ"))
        at = dict(zip(CELLS, map(sp.sympify, table(AP_S, AN_S))))
        ok, why = definedness(f, _param_domain(measure), at)
        if ok is not True:
            return _result(measure, "IMB", UNDET, proof + [f"the trivial {label} is not shown defined on every "
                                                           f"test set with $AP, AN > 0$ ({why})"],
                           reason=f"constant for AP, AN >= 1, |D| <= {SEARCH_N}; no proof")
        general = sp.piecewise_fold(f.subs(at, simultaneous=True))
        ref = sp.simplify(general.subs({AP_S: 1, AN_S: 1}))
        d = is_identically_zero(general - ref, _param_domain(measure)) if not is_undefined_constant(general) \
            and not general.has(sp.Piecewise) else None
        if d is None or d.value is not True:
            return _result(measure, "IMB", UNDET, proof + [f"the {label}'s score ${sp.latex(general)}$ is not "
                                                           f"shown constant"],
                           reason=f"constant for AP, AN >= 1, |D| <= {SEARCH_N}; no proof")
        proof.append(f"Trivial {label}: $M = {sp.latex(general)} = {sp.latex(ref)}$ for all $AP, AN > 0$ ({d.method}).")
    return _result(measure, "IMB", HOLDS, proof)


# ------------------------------------------------------------------ SYM

def check_sym(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    for params in param_grid(measure):
        for ap, an in test_sets(SEARCH_N):
            for t in classifiers(ap, an):
                u = swap_classes(t)
                a, b = fast_value(measure, t, params), fast_value(measure, u, params)
                if a is not None and b is not None and abs(a - b) <= 1e-9:
                    continue
                ea, eb = _exact(measure, t, params), _exact(measure, u, params)
                if (ea is None) != (eb is None) or (ea is not None and _differ(ea, eb)):
                    return _result(measure, "SYM", FAILS, (
                        f"$M$ at {_tt(t)} is ${_value_text(ea) if ea is None else sp.latex(ea)}$ but with the classes "
                        f"swapped, at {_tt(u)}, it is ${_value_text(eb) if eb is None else sp.latex(eb)}$"
                        f"{_params_text(params)} (exact).",),
                        _cx(params, {"h": t, "swapped": u}, {"h": ea, "swapped": eb}, "M(h) != M(swapped h)"))
    f = measure.count_form
    swapped = f.subs(dict(zip(CELLS, (TN, FN, FP, TP))), simultaneous=True)
    diff = f - swapped
    domain = _param_domain(measure)
    # The shortcut "diff is identically 0" needs both sides defined everywhere (a polynomial):
    # (TP^2 - 100)/(TP - 10) - TP is 10 as a rational function but undefined at TP = 10.
    listed = obligations(diff)
    direct = (is_identically_zero(diff, domain)
              if listed == () and not diff.has(sp.Piecewise) else None)
    if direct is not None and direct.value is True:
        return _result(measure, "SYM", HOLDS, (f"$M(TP, FP, FN, TN) - M(TN, FN, FP, TP) = 0$ identically ({direct.method}).",))

    def test(case):
        sides = (definedness(f, domain, case.substitution)[0],
                 definedness(swapped, domain, case.substitution)[0])
        if sides == (False, False):     # undefined on both sides alike: nothing to compare
            return True, "undefined on both sides"
        if sides != (True, True):
            return None, "not shown defined on both sides, or undefined on both"
        return _zero_test(domain)(restrict(diff, case))
    ok, lines = _prove_on_cases(lambda c: c, zero_patterns(CELLS), test, clock,
                                "$M(TP,FP,FN,TN) = M(TN,FN,FP,TP)$")
    if ok:
        return _result(measure, "SYM", HOLDS, ["Swapping the classes maps (TP, FP, FN, TN) to (TN, FN, FP, TP):"] + lines)
    return _result(measure, "SYM", UNDET, lines, reason=f"no counterexample for |D| <= {SEARCH_N}; no proof")


# ------------------------------------------------------------------ CON

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _in_rectangle(tp, tn, ap, an, d) -> bool:
    """Does point + eps d stay in [0, AP] x [0, AN] for small eps > 0 (degenerate sides fixed)?"""
    return (0 <= tp + d[0] <= ap if d[0] else True) and (0 <= tn + d[1] <= an if d[1] else True) \
        and not (d[0] and ap == 0) and not (d[1] and an == 0)


def _tn_form(measure: Measure, ap, an) -> sp.Expr:
    """M as a function of real TP, TN for the test set (AP, AN): FP = AN - TN, FN = AP - TP."""
    return measure.count_form.subs({TP: TP_R, TN: TN_R, FP: an - TN_R, FN: ap - TP_R}, simultaneous=True)


def check_con(measure: Measure, budget: float = BUDGET_SECONDS) -> PropertyResult:
    clock = _Clock(budget)
    undefined = _fails_where_undefined(measure, "CON", lambda t, params:
                                       f"$M$ is undefined at {_tt(t)}{_params_text(params)}, a point of the domain "
                                       f"of the test set $AP = {t[0] + t[2]}, AN = {t[1] + t[3]}$, so it is not a "
                                       "$C^1$ function on the whole domain (exact).")
    if undefined:
        return undefined
    params = param_grid(measure)[0]
    for ap, an in test_sets(CON_SEARCH_N):
        g = _tn_form(measure, ap, an).subs(params)
        derivs = {"dM/dTP": sp.diff(g, TP_R), "dM/dTN": sp.diff(g, TN_R)}
        for tp in range(ap + 1):
            for tn in range(an + 1):
                if clock.out():
                    break
                point = {TP_R: tp, TN_R: tn}
                value = sp.piecewise_fold(g.subs(point))
                table = (tp, an - tn, ap - tp, tn)
                for d in DIRECTIONS:
                    if not _in_rectangle(tp, tn, ap, an, d):
                        continue
                    direction = {TP_R: d[0], TN_R: d[1]}
                    lim = directional_limit(g, point, direction)
                    if lim is not None and not is_infinite(lim) and exact_sign(lim - value) not in (0, None):
                        return _result(measure, "CON", FAILS, (
                            f"Test set $AP = {ap}, AN = {an}${_params_text(params)}: $M = {sp.latex(value)}$ at "
                            f"{_tt(table)}, but the limit of $M$ approaching it along "
                            f"$(TP, TN) + \\epsilon ({d[0]}, {d[1]})$, $\\epsilon \\to 0^+$, is ${sp.latex(lim)}$: "
                            f"$M$ is discontinuous there.",),
                            {"point": list(table), "M(point)": str(value), "direction (TP, TN)": list(d),
                             "limit": str(lim), **{str(k): str(v) for k, v in params.items()},
                             "relation": "limit != value"})
                    for name, dexpr in derivs.items():
                        if ap == 0 and name == "dM/dTP" or an == 0 and name == "dM/dTN":
                            continue      # the variable is fixed on this test set
                        dl = directional_limit(dexpr, point, direction)
                        if dl is not None and is_infinite(dl):
                            return _result(measure, "CON", FAILS, (
                                f"Test set $AP = {ap}, AN = {an}${_params_text(params)}: approaching "
                                f"{_tt(table)} along $(TP, TN) + \\epsilon ({d[0]}, {d[1]})$, the partial "
                                f"derivative {name} tends to ${sp.latex(dl)}$: $M$ is not continuously "
                                f"differentiable there.",),
                                {"point": list(table), "direction (TP, TN)": list(d), name: str(dl),
                                 **{str(k): str(v) for k, v in params.items()}, "relation": f"{name} unbounded"})
    # proof: per case of the test set, M is a rational function of TP, TN whose denominator
    # does not vanish on the closed rectangle (then M and its partials are continuous there).
    proof = [f"Defined at every table with $|D| \\le {SEARCH_N}$; no discontinuity or unbounded derivative at "
             f"the integer points of test sets with $|D| \\le {CON_SEARCH_N}$."]
    domain = _param_domain(measure)
    u, v = sp.symbols("u v", positive=True)
    for label, ap, an in (("AP, AN > 0", AP_S, AN_S), ("AP = 0", 0, AN_S), ("AN = 0", AP_S, 0)):
        g = sp.piecewise_fold(_tn_form(measure, ap, an))
        if g.has(sp.Piecewise) or is_undefined_constant(g):
            return _result(measure, "CON", UNDET, proof + [f"{label}: the definition still branches on TP, TN"],
                           reason="no counterexample; no proof")
        num, den = sp.fraction(sp.together(g))
        if not (num.is_polynomial(TP_R, TN_R) and den.is_polynomial(TP_R, TN_R)):
            return _result(measure, "CON", UNDET, proof + [f"{label}: not a rational function of TP, TN"],
                           reason="no counterexample; only rational functions are proved C^1")
        tp_values = (0, ap, ap * u / (1 + u)) if ap != 0 else (0,)
        tn_values = (0, an, an * v / (1 + v)) if an != 0 else (0,)
        for tpv in tp_values:
            for tnv in tn_values:
                if clock.out():
                    return _result(measure, "CON", UNDET, proof, reason="time budget exhausted")
                e = den.subs({TP_R: tpv, TN_R: tnv})
                if (is_positive_everywhere(e, domain).value is not True
                        and is_positive_everywhere(-e, domain).value is not True):
                    return _result(measure, "CON", UNDET, proof + [f"{label}: cannot show the denominator "
                                                                   f"${sp.latex(den)}$ non-zero on the closed domain"],
                                   reason="no counterexample; no proof")
        proof.append(f"{label}: $M = {sp.latex(g)}$, a rational function of TP, TN whose denominator "
                     f"${sp.latex(den)}$ is non-zero on the closed rectangle (checked on its corners, edges and "
                     f"interior), hence $C^1$; its partial derivatives are ${sp.latex(sp.simplify(sp.diff(g, TP_R)))}$ "
                     f"and ${sp.latex(sp.simplify(sp.diff(g, TN_R)))}$.")
    return _result(measure, "CON", HOLDS, proof)


# ------------------------------------------------------------------ all together

CHECKERS: tuple[tuple[str, Callable[[Measure], PropertyResult]], ...] = (
    ("MON", check_mon), ("CON", check_con), ("SDE", check_sde), ("WDE", check_wde),
    ("FIX", check_fix),
    *((f"CHA[{name}]", (lambda m, _n=name: check_cha(m, _n))) for name in RANDOM_MODELS),
    ("IMB", check_imb), ("SYM", check_sym),
)


def check_all(measure: Measure) -> tuple[PropertyResult, ...]:
    return tuple(check(measure) for _, check in CHECKERS)
