"""SDE and WDE: where the measure is defined.

* SDE  M is defined for every test set and every classifier.
* WDE  for every test set, M is defined for all classifiers or for none.  Proved per kind of
       test set (AP > 0 and AN > 0; AP = 0; AN = 0): M defined on every zero pattern of the
       cells the kind allows, or undefined on every one (:data:`.testsets.TEST_SET_KINDS`).

The pattern statuses per kind (:func:`kinds_by_definedness`) are shared with FIX, which leaves
out the test sets where the measure is defined for no classifier.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from ... import timelimit
from ...checks.cases import is_undefined_constant, restrict, zero_patterns
from ...checks.definedcert import certified_definedness
from ...domain import Domain
from ...evidence import CaseStep, Sentence, say
from ...measures.base import Measure
from ...space import CELLS
from ...evidence import PropertyResult
from ..edges import edge_tables
from ..tables import fast_value, param_grid
from .cases import prove_on_cases
from .common import (D_SIZE, FAILS, HOLDS, UNDET, at_params, compose, counterexample, exact, kind_pieces,
                     param_domain, result, search_n, table, sizes_pieces, up_to)
from .testsets import AN_S, AP_S, TEST_SET_KINDS, KindOfTestSet, classifiers, pattern_table, test_sets


def first_undefined(measure: Measure, max_n: int):
    """(params, table) of the first table of a test set with |D| <= max_n, or on an edge of a
    branch (:mod:`..edges`), where the measure is undefined (re-checked exactly), or None."""
    for params in param_grid(measure):
        for ap, an in test_sets(max_n):
            for t in classifiers(ap, an):
                if fast_value(measure, t, params) is None and exact(measure, t, params) is None:
                    return params, t
    for params in param_grid(measure):
        for t in edge_tables(measure, params):
            if exact(measure, t, params) is None:
                return params, t
    return None


def fails_where_undefined(measure: Measure, prop: str,
                          explain: Callable[[tuple, dict], Sentence]) -> PropertyResult | None:
    """``prop`` fails, with the table as counterexample, when the measure is undefined at some
    table of a small test set (found and re-checked exactly); None when no such table exists."""
    found = first_undefined(measure, search_n())
    if not found:
        return None
    params, t = found
    return result(measure, prop, FAILS, (explain(t, params),),
                  counterexample("M undefined", params, {"h": t}, {"h": None}))


def _prove_defined(measure: Measure) -> tuple[bool | None, list[Sentence]]:
    domain = param_domain(measure)
    # the test gets the case itself: definedness is read off the unrestricted tree (a zero
    # cell must not hide a denominator it multiplies)
    return prove_on_cases(lambda c: c, zero_patterns(CELLS),
                          lambda c: certified_definedness(measure.count_form, domain, c.substitution), ("defined",))


# ------------------------------------------------------------------ statuses per kind of test set

# the method of a pattern where the measure is undefined on every table: visible 0/0 or x/0,
# confirmed by exact evaluation (no sign to certify; counted as an exclusion, as a move's
# "undefined there" is)
UNDEFINED_HOW = "0/0 or x/0, re-checked exactly"


def _pattern_status(measure: Measure, case, domain: Domain) -> tuple[str | None, Sentence, object]:
    """('defined' | 'undefined' | None, why, certificate) for the measure on every table of a
    zero pattern.

    'undefined' needs 0/0 or x/0 visible in the restricted form with no piecewise condition
    left, confirmed by exact evaluation at a concrete table of the pattern (every parameter
    sample); 'defined' needs :func:`definedness`'s proof, whose obligations' certificates come
    with it; anything else is None."""
    e = restrict(measure.count_form, case)
    if is_undefined_constant(e):
        t = pattern_table(case)
        if not e.has(sp.Piecewise) and all(exact(measure, t, p) is None for p in param_grid(measure)):
            return "undefined", compose("0/0 or x/0, re-checked exactly at ", table(t)), None
        return None, compose("0/0 or x/0 appears but is not confirmed on the whole pattern"), None
    ok, why, cert = certified_definedness(measure.count_form, domain, case.substitution)
    return ("defined" if ok is True else None), compose(why), cert


@dataclass(frozen=True)
class KindDefinedness:
    """How the measure's definedness falls on the zero patterns of one kind of test set."""

    kind: KindOfTestSet
    patterns: tuple          # (case, status, why) per zero pattern the kind allows
    timed_out: bool = False
    # the certificate of each pattern's status, in the order of ``patterns`` (None: none)
    certificates: tuple = ()

    @property
    def status(self) -> str | None:
        """'defined' | 'undefined' (on every pattern) | 'mixed' | None (some pattern undecided)."""
        found = {s for _, s, _ in self.patterns}
        if self.timed_out or None in found:
            return None
        return found.pop() if len(found) == 1 else "mixed"

    def lines(self) -> list[Sentence]:
        """One case step per zero pattern: its face, its status and why, and for a defined one
        the certificate of its obligations (a case table then shows one Δ per row)."""
        out = []
        certificates = self.certificates or (None,) * len(self.patterns)
        for (case, status, why), cert in zip(self.patterns, certificates):
            said = compose(case.describe(), f": {status or 'undecided'} (", *_pieces(why), ").")
            out.append(CaseStep(said.template, said.args, condition=case.face(), result=compose(status or "undecided"),
                                how=UNDEFINED_HOW if status == "undefined" else _prose(why),
                                certificate=cert if status == "defined" else None))
        return out


def _prose(sentence: Sentence) -> str:
    """A sentence's prose alone (a method is plain text: "every denominator non-zero, ...")."""
    return "".join(part for part in sentence.parts() if isinstance(part, str))


def _pieces(sentence: Sentence) -> tuple:
    """A sentence's prose and slots in reading order (to put it inside another sentence)."""
    return tuple(part if isinstance(part, str) else part.value for part in sentence.parts())


def kinds_by_definedness(measure: Measure) -> tuple[KindDefinedness, ...]:
    """The status of every zero pattern, per kind of test set; a kind whose patterns were not
    all reached before the time limit expired (cooperative limits only) is undecided."""
    domain = param_domain(measure)
    out = []
    for kind in TEST_SET_KINDS:
        patterns, certificates = [], []
        for case in zero_patterns(CELLS):
            if not kind.allows(case):
                continue
            if timelimit.expired():
                out.append(KindDefinedness(kind, tuple(patterns), timed_out=True))
                break
            status, why, cert = _pattern_status(measure, case, domain)
            patterns.append((case, status, why))
            certificates.append(cert)
        else:
            out.append(KindDefinedness(kind, tuple(patterns), certificates=tuple(certificates)))
    return tuple(out)


def _defined_but_undefined(params: dict, ap, an, defined, value, undefined) -> tuple:
    """WDE's (proof line, counterexample): on one test set, a classifier where M is defined and
    one where it is not."""
    return (compose("On the test set ", *sizes_pieces(ap, an), *at_params(params), " the measure is defined at ",
                    table(defined), " (value ", value, ") but undefined at ", table(undefined),
                    " (both re-checked exactly)."),
            counterexample("defined for one classifier, not the other", params,
                           {"defined": defined, "undefined": undefined}, {"defined": value, "undefined": None}))


def mixed_kind_counterexample(measure: Measure, kd: KindDefinedness) -> PropertyResult | None:
    """WDE fails: a proved-defined and a proved-undefined pattern of one kind, realised on the
    same test set (AP, AN in {0, 2}) and both re-evaluated exactly."""
    defined = next(c for c, s, _ in kd.patterns if s == "defined")
    undefined = next(c for c, s, _ in kd.patterns if s == "undefined")
    a, b = pattern_table(defined), pattern_table(undefined)
    for params in param_grid(measure):
        va, vb = exact(measure, a, params), exact(measure, b, params)
        if va is not None and vb is None:
            line, cx = _defined_but_undefined(params, a[0] + a[2], a[1] + a[3], a, va, b)
            return result(measure, "WDE", FAILS, (line,), cx)
    return None


# ------------------------------------------------------------------ SDE / WDE

def check_sde(measure: Measure) -> PropertyResult:
    undefined = fails_where_undefined(measure, "SDE", lambda t, params: compose(
        "The measure is undefined at ", table(t), *at_params(params), " (re-checked exactly: 0/0 or x/0)."))
    if undefined:
        return undefined
    ok, lines = _prove_defined(measure)
    if ok:
        return result(measure, "SDE", HOLDS, [say("Defined on every zero pattern of the table:")] + lines)
    return result(measure, "SDE", UNDET, lines, reason=f"defined for every table with |D| <= {search_n()}; no proof")


def _search_wde(measure: Measure) -> PropertyResult | None:
    for params in param_grid(measure):
        for ap, an in test_sets(search_n()):
            defined, undefined = None, None
            for t in classifiers(ap, an):
                if fast_value(measure, t, params) is None:
                    if exact(measure, t, params) is None:
                        undefined = undefined or t
                elif defined is None:
                    defined = t
                if defined and undefined:
                    v = exact(measure, defined, params)
                    if v is not None:
                        line, cx = _defined_but_undefined(params, ap, an, defined, v, undefined)
                        return result(measure, "WDE", FAILS, (line,), cx)
                    defined = None
    return _edge_wde(measure)


_EDGE_TEST_SETS = 20          # undefined edge tables whose whole test set is searched
_EDGE_CLASSIFIERS = 2000      # the largest test set (classifiers) searched that way


def _edge_wde(measure: Measure) -> PropertyResult | None:
    """A defined classifier on the test set of a table, on a branch edge, where M is undefined."""
    for params in param_grid(measure):
        tried = 0
        for t in edge_tables(measure, params):
            ap, an = t[0] + t[2], t[1] + t[3]
            if (ap + 1) * (an + 1) > _EDGE_CLASSIFIERS or exact(measure, t, params) is not None:
                continue
            tried += 1
            for u in classifiers(ap, an):
                v = exact(measure, u, params)
                if v is not None:
                    line, cx = _defined_but_undefined(params, ap, an, u, v, t)
                    return result(measure, "WDE", FAILS, (line,), cx)
            if tried >= _EDGE_TEST_SETS:
                break
    return None


def check_wde(measure: Measure) -> PropertyResult:
    found = _search_wde(measure)
    if found is not None:
        return found
    # proof: on each kind of test set, M is defined on every zero pattern the kind allows, or
    # undefined on every one (then it is defined for all classifiers of such a test set or for none)
    proof = [say("No test set with {0} has both a defined and an undefined classifier.", up_to(search_n()))]
    for kd in kinds_by_definedness(measure):
        label, status = kd.kind.label, kd.status
        if status is None:
            return result(measure, "WDE", UNDET, proof + kd.lines(),
                          reason=f"no mixed test set with |D| <= {search_n()}; definedness not decided for {label}")
        if status == "mixed":
            return mixed_kind_counterexample(measure, kd) or result(
                measure, "WDE", UNDET, proof + kd.lines(),
                reason=f"defined on some zero patterns of {label} and undefined on others, but no "
                       f"counterexample re-checked exactly")
        proof.append(compose("Test sets with ", *kind_pieces(kd.kind), f": {status} for every classifier (every "
                             "zero pattern of the cells such a test set allows):"))
        proof += kd.lines()
    return result(measure, "WDE", HOLDS, proof + [compose(
        "Every test set has ", sp.Gt(AP_S, 0, evaluate=False), ", ", sp.Gt(AN_S, 0, evaluate=False), " or ",
        sp.Eq(AP_S, 0, evaluate=False), " or ", sp.Eq(AN_S, 0, evaluate=False), " (not both: ", sp.Ge(D_SIZE, 1),
        "), so on every test set M is defined for all classifiers or for none.")])
