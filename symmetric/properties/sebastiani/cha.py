"""CHA: E[M(random classifier)] is the same for every test set, per random model.

Expected values are exact rational sums over the outcomes of a random model
(:data:`RANDOM_MODELS`).  The search compares all small test sets; the proof pairs each
classifier h with its complement h' (every predicted label flipped), which both models give the
same probability: when M(h) + M(h') is a constant 2 gamma, E[M] = gamma on every test set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy as sp

from ...checks.cases import restrict, zero_patterns
from ...config import settings
from ...evidence import Counterexample, say
from ...measures.base import Measure
from ...space import CELLS, FN, FP, TN, TP
from ...evidence import PropertyResult
from ..tables import exact_value, fast_value, param_grid
from .cases import prove_on_cases, zero_test
from .common import (FAILS, HOLDS, UNDET, equals, at_params, compose, differ, param_domain, result, table, sizes_pieces,
                     up_to)
from .testsets import Table, test_sets

_M = sp.Function("M")
_H, _H_COMPLEMENT = sp.symbols("h h'")
_PAIR = _M(_H) + _M(_H_COMPLEMENT)          # M(h) + M(h'), in sentences
_EXPECTED = sp.Symbol("E[M]")


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


def _search(measure: Measure, rm: RandomModel, prop: str) -> PropertyResult | None:
    undefined_at = None
    for params in param_grid(measure):
        seen = None
        for ap, an in test_sets(settings().cha_search_n):
            e = _fast_expected(measure, rm, ap, an, params)
            if e is None:
                undefined_at = undefined_at or (params, ap, an)
                continue
            if seen is None:
                seen = (ap, an, e)
                continue
            if abs(e - seen[2]) > 1e-9:
                e1, e2 = expected_value(measure, rm, seen[0], seen[1], params), expected_value(measure, rm, ap, an, params)
                if e1 is not None and e2 is not None and differ(e1, e2):
                    return result(measure, prop, FAILS, (
                        compose(f"Random model: {rm.description}."),
                        compose(equals(_EXPECTED, e1), " on the test set ", *sizes_pieces(seen[0], seen[1]), " but ", e2,
                                " on ", *sizes_pieces(ap, an), *at_params(params),
                                " (exact sums over all outcomes)."),),
                        Counterexample("expected values differ",
                                       point={"test set 1": (seen[0], seen[1]), "test set 2": (ap, an),
                                              "model": rm.name, **params},
                                       values={"E 1": e1, "E 2": e2}))
    if undefined_at is None:
        return None
    params, ap, an = undefined_at
    t = next((t for p, t in rm.outcomes(ap, an) if exact_value(measure, t, params) is None), None)
    if t is None:
        return None
    return result(measure, prop, FAILS, (
        compose(f"Random model: {rm.description}."),
        compose("On the test set ", *sizes_pieces(ap, an), *at_params(params), " the outcome ", table(t),
                " has positive probability and the measure is undefined there, so E[M] does not exist (exact)."),),
        Counterexample("E[M] undefined", tables={"undefined at": t},
                       point={"test set": (ap, an), "model": rm.name, **params},
                       values={"M(undefined at)": None}))


def check_cha(measure: Measure, model: str = "bernoulli") -> PropertyResult:
    rm = RANDOM_MODELS[model]
    prop = f"CHA[{model}]"
    found = _search(measure, rm, prop)
    if found is not None:
        return found
    # proof: M(h) + M(complement of h) is a constant 2 gamma, and the model gives h and its
    # complement the same probability (true for both models) => E[M] = gamma on every test set.
    f = measure.count_form
    flipped = f.subs(dict(zip(CELLS, (FN, TN, TP, FP))), simultaneous=True)
    pair = f + flipped
    ref = exact_value(Measure("pair", "", counts=pair, params=measure.params), (1, 1, 1, 1),
                      param_grid(measure)[0])
    search_n = settings().cha_search_n
    proof = [compose(f"Random model: {rm.description}; it gives a classifier h and its complement h' "
                     "(every predicted label flipped: TP <-> FN, FP <-> TN) the same probability."),
             say("No two test sets with different expected values among {0} (exact).", up_to(search_n))]
    if ref is None or not measure.params and not ref.is_number:
        return result(measure, prop, UNDET, proof, reason="no counterexample; no proof")
    domain = param_domain(measure)
    ok, lines = prove_on_cases(lambda c: restrict(pair - ref, c), zero_patterns(CELLS), zero_test(domain),
                               (_PAIR, " is the constant"), defined=(pair, domain))
    if ok is not True:
        return result(measure, prop, UNDET, proof + lines,
                      reason=f"no counterexample for |D| <= {search_n}; the complement argument does not apply")
    proof += lines
    proof.append(say("So {0} = {1} for every classifier and, pairing each outcome with its complement, "
                     "{2} on every test set.", _PAIR, ref, equals(_EXPECTED, ref / 2)))
    return result(measure, prop, HOLDS, proof)
