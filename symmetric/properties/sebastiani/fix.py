"""FIX: the range [min, max] over the classifiers for which M is defined is the same for every
test set.

A test set on which M is defined for no classifier has no range and is left out (its
undefinedness is what SDE and WDE judge).  The search compares the ranges of all small test
sets (floats select, exact values decide); the proof shows that on every kind of test set where
M is defined the perfect and pervert classifiers score constants b and w and w <= M <= b on
every zero pattern where M is defined.
"""

from __future__ import annotations

import sympy as sp

from ...checks.cases import definedness as _defined, is_undefined_constant, restrict
from ...checks.decide import exact_sign, is_identically_zero
from ...evidence import say
from ...measures.base import Measure
from ...space import CELLS
from ...evidence import PropertyResult
from ..tables import fast_value, param_grid
from .cases import positive_test, prove_on_cases
from .common import (FAILS, HOLDS, UNDET, at_params, compose, counterexample, differ, exact, kind_pieces,
                     param_domain, result, search_n, table, sizes_pieces, up_to)
from .definedness import fails_where_undefined, kinds_by_definedness
from .testsets import AN_S, AP_S, classifiers, perfect, pervert, score_on_kind, test_sets


def _ranges(measure: Measure, params: dict, max_n: int):
    for ap, an in test_sets(max_n):
        values = [(fast_value(measure, t, params), t) for t in classifiers(ap, an)]
        values = [(v, t) for v, t in values if v is not None]
        if values:
            lo, hi = min(values), max(values)
            yield (ap, an), lo, hi


def exact_range(measure: Measure, ap: int, an: int, params: dict):
    """(min, max) as (value, table), or None when some comparison cannot be certified exactly
    (a wrong minimum would make a false "the ranges differ")."""
    values = [(v, t) for t in classifiers(ap, an) if (v := exact(measure, t, params)) is not None]
    lo = values[0]
    hi = values[0]
    for v, t in values[1:]:
        to_lo, to_hi = exact_sign(v - lo[0]), exact_sign(v - hi[0])
        if to_lo is None or to_hi is None:
            return None
        if to_lo == -1:
            lo = (v, t)
        if to_hi == 1:
            hi = (v, t)
    return lo, hi


def _range_pieces(word: str, ts, lo, hi) -> tuple:
    return (f"{word} ", *sizes_pieces(*ts), ": range [", lo[0], ", ", hi[0], "] (min at ", table(lo[1]),
            ", max at ", table(hi[1]), ")")


def _search(measure: Measure) -> PropertyResult | None:
    for params in param_grid(measure):
        seen = None
        for ts, lo, hi in _ranges(measure, params, search_n()):
            if seen is None:
                seen = (ts, lo, hi)
                continue
            if abs(lo[0] - seen[1][0]) > 1e-9 or abs(hi[0] - seen[2][0]) > 1e-9:
                first, second = exact_range(measure, *seen[0], params), exact_range(measure, *ts, params)
                if first is None or second is None:
                    continue
                (lo1, hi1), (lo2, hi2) = first, second
                if differ(lo1[0], lo2[0]) or differ(hi1[0], hi2[0]):
                    line = compose(*_range_pieces("Test set", seen[0], lo1, hi1), "; ",
                                   *_range_pieces("test set", ts, lo2, hi2),
                                   *at_params(params), "; exact.")
                    return result(measure, "FIX", FAILS, (line,), counterexample(
                        "the ranges differ", params,
                        {"min 1": lo1[1], "max 1": hi1[1], "min 2": lo2[1], "max 2": hi2[1]},
                        {"min 1": lo1[0], "max 1": hi1[0], "min 2": lo2[0], "max 2": hi2[0]}))
    return None


def _kinds_joined(kinds, joint: str) -> tuple:
    out: tuple = ()
    for i, kind in enumerate(kinds):
        out += ((joint,) if i else ()) + kind_pieces(kind)
    return out


def check_fix(measure: Measure, definedness: str = "defined") -> PropertyResult:
    """Readings (axis ``definedness``): ``defined`` (headline) ranges over the classifiers where M
    is defined, as below; ``strict`` first fails at any table where M is undefined."""
    if definedness == "strict":
        undefined = fails_where_undefined(measure, "FIX", lambda t, params: compose(
            "The measure is undefined at ", table(t), *at_params(params), ", so that classifier has no score "
            "within the range (strict reading; re-checked exactly)."))
        if undefined:
            return undefined
    found = _search(measure)
    if found is not None:
        return found
    # proof.  A test set on which M is defined for no classifier has no range and is left out,
    # as in the search above (that undefinedness is what SDE and WDE judge).  On every other kind
    # of test set the perfect and pervert classifiers must be defined with constant scores b and
    # w, and w <= M <= b on every zero pattern where M is defined; then each such test set's
    # range is [w, b] (or [b, w] when lower is better), attained by those two classifiers.
    f = measure.count_form
    domain = param_domain(measure)
    proof = [say("No two test sets with different ranges among {0} (the range of a test set is over the "
                 "classifiers for which M is defined).", up_to(search_n()))]
    live = []
    for kd in kinds_by_definedness(measure):
        if kd.status is None:
            return result(measure, "FIX", UNDET, proof + kd.lines(),
                          reason=f"no counterexample found; definedness not decided for {kd.kind.label}")
        if kd.status == "undefined":
            proof.append(compose("Test sets with ", *kind_pieces(kd.kind), ": M is undefined for every "
                                 "classifier, so they have no range and are left out:"))
            proof += kd.lines()
        else:
            live.append(kd)
    if not live:
        return result(measure, "FIX", UNDET, proof, reason="the measure is defined on no test set")
    constants = []
    for label, of in (("perfect", perfect), ("pervert", pervert)):
        values = [(kd.kind, score_on_kind(f, of, kd.kind)) for kd in live]
        ref = sp.simplify(values[0][1].xreplace({AP_S: sp.Integer(1), AN_S: sp.Integer(1)}))
        for kd in live:
            ok, why = _defined(f, domain, dict(zip(CELLS, map(sp.sympify, of(*kd.kind.sizes())))))
            if ok is not True:
                return result(measure, "FIX", UNDET, proof + [compose(
                    f"the {label} classifier is not shown defined on every test set with ", *kind_pieces(kd.kind),
                    " (", why, ")")], reason="no counterexample found; no proof")
        for kind, e in values:
            d = (is_identically_zero(e - ref, domain)
                 if not is_undefined_constant(e) and not e.has(sp.Piecewise) and not is_undefined_constant(ref)
                 else None)
            if d is None or d.value is not True:
                return result(measure, "FIX", UNDET, proof + [compose(
                    f"the {label} classifier's score ", e, " is not shown defined and constant (",
                    *kind_pieces(kind), ")")], reason="no counterexample found; no proof")
        proof.append(compose(f"The {label} classifier scores ", ref, " on every test set with ",
                             *_kinds_joined([k for k, _ in values], " and on every one with "), "."))
        constants.append(ref)
    hi, lo = (constants[0], constants[1]) if measure.orientation > 0 else (constants[1], constants[0])
    defined_cases = [case for kd in live for case, status, _ in kd.patterns if status == "defined"]
    for expr, text in ((lambda e: e - lo, "above the lower bound"), (lambda e: hi - e, "below the upper bound")):
        ok, lines = prove_on_cases(lambda c: expr(restrict(f, c)), defined_cases,
                                   positive_test(domain, strict=False), (text,))
        if ok is not True:
            return result(measure, "FIX", UNDET, proof + lines, reason="no counterexample found; bounds not proved")
        proof += lines
    skipped = [case for kd in live for case, status, _ in kd.patterns if status == "undefined"]
    if skipped:
        proof.append(compose("The zero patterns " + "; ".join(c.describe() for c in skipped) + " give no value "
                             "(the measure is undefined there, re-checked exactly) and take no part in the range."))
    proof.append(compose("So the range is [", lo, ", ", hi, "] on every test set with ",
                         *_kinds_joined([kd.kind for kd in live], " or "),
                         ", attained by the pervert and perfect classifiers."))
    return result(measure, "FIX", HOLDS, proof)
