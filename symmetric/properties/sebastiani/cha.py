"""CHA: E[M(random classifier)] is the same for every test set, per random model.

Expected values are exact rational sums over the outcomes of a random model
(:data:`RANDOM_MODELS`; ``fixed-size`` gives one distribution per output size k, whose
expectations must all agree).  The search compares all small test sets; the proof pairs each
classifier h with its complement h' (every predicted label flipped), which the bernoulli and
uniform-size models give the same probability: when M(h) + M(h') is a constant 2 gamma,
E[M] = gamma on every test set.  ``fixed-size`` has no proof (the complement changes the
output size): it fails with a counterexample or is undetermined.

Readings (axis ``definedness``):

* ``defined`` (headline): the expectation is over the outcomes where M is defined, E[M | M
  defined]; a test set where M is defined for no outcome is left out (SDE and WDE judge it).
  The complement argument then needs M(h) and M(h') defined together.
* ``strict``: an outcome of positive probability where M is undefined makes E[M] not exist,
  and CHA fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy as sp

from ...checks.cases import restrict, zero_patterns
from ...config import settings
from ...errors import InvalidArgument
from ...evidence import Counterexample, Expectation, PropertyResult, Score, say
from ...measures.base import Measure
from ...domain import InternalSymbol
from ...space import CELLS, FN, FP, TN, TP
from ..edges import edge_tables
from ..tables import exact_value, fast_value, param_grid
from .cases import prove_on_cases, undefined_on_case, zero_test
from .cha_sizes import prove_per_size
from .common import (
    FAILS,
    HOLDS,
    UNDET,
    at_params,
    compose,
    differ,
    equals,
    param_domain,
    result,
    sizes_pieces,
    table,
    up_to,
)
from .testsets import Table, test_sets

_M = sp.Function("M")
_H, _H_COMPLEMENT = InternalSymbol("h"), InternalSymbol("h'")
_PAIR = _M(_H) + _M(_H_COMPLEMENT)          # M(h) + M(h'), in sentences
_EXPECTED = sp.Symbol("E[M]")
_K = InternalSymbol("k")


@dataclass(frozen=True)
class RandomModel:
    """A random classifier: the probability of each (TP, FP) outcome on a test set (AP, AN)."""

    name: str
    description: str
    probability: Callable[[int, int, int, int], sp.Rational]   # (tp, fp, ap, an) -> P

    per_size: bool = False          # one distribution per output size k (fixed-size)

    def outcomes(self, ap: int, an: int, k: int | None = None) -> Iterator[tuple[sp.Rational, Table]]:
        for tp in range(ap + 1):
            for fp in range(an + 1):
                if k is not None and tp + fp != k:
                    continue
                p = self.probability(tp, fp, ap, an)
                if p != 0:
                    yield p, (tp, fp, ap - tp, an - fp)

    def sizes(self, ap: int, an: int) -> tuple:
        """The output sizes with a distribution of their own (None: one distribution)."""
        return tuple(range(ap + an + 1)) if self.per_size else (None,)


def _bernoulli(tp, fp, ap, an):
    return sp.binomial(ap, tp) * sp.binomial(an, fp) / sp.Integer(2) ** (ap + an)


def _uniform_size(tp, fp, ap, an):
    n = ap + an
    return sp.binomial(ap, tp) * sp.binomial(an, fp) / ((n + 1) * sp.binomial(n, tp + fp))


def _fixed_size(tp, fp, ap, an):
    return sp.binomial(ap, tp) * sp.binomial(an, fp) / sp.binomial(ap + an, tp + fp)


RANDOM_MODELS = {
    "bernoulli": RandomModel("bernoulli", "each item labelled positive independently with probability 1/2",
                             _bernoulli),
    "uniform-size": RandomModel("uniform-size", "the number k of predicted positives uniform on 0..|D|, "
                                "then a uniformly random set of k items labelled positive", _uniform_size),
    "fixed-size": RandomModel("fixed-size", "for each output size k separately, a uniformly random set of k "
                              "items labelled positive", _fixed_size, per_size=True),
}


def expected_value(measure: Measure, model: RandomModel, ap: int, an: int, params: dict | None = None,
                   k: int | None = None, strict: bool = True):
    """E[M(random classifier)] on the test set (AP, AN) (output size k for fixed-size), exactly.
    strict: None if M is undefined at an outcome of positive probability (then the expectation
    does not exist); otherwise E[M | M defined], None when M is defined at no outcome."""
    if model.per_size and k is None:
        raise InvalidArgument("k", k, f"the {model.name} model has one distribution per output size k: give k")
    total, mass = sp.Integer(0), sp.Integer(0)
    for p, t in model.outcomes(ap, an, k):
        v = exact_value(measure, t, params or {})
        if v is None:
            if strict:
                return None
            continue
        total += p * v
        mass += p
    if mass == 0:
        return None
    total = total / mass
    return sp.nsimplify(total) if total.is_Float else sp.radsimp(total)


def _fast_expected(measure, model, ap, an, params, k=None, strict=True):
    total, mass = 0.0, 0.0
    for p, t in model.outcomes(ap, an, k):
        v = fast_value(measure, t, params)
        if v is None:
            if strict:
                return None
            continue
        total += float(p) * v
        mass += float(p)
    return total / mass if mass else None


def _where(ap, an, k) -> tuple:
    return (*sizes_pieces(ap, an), *(() if k is None else (", output size ", equals(_K, k))))


_EDGE_SETS, _EDGE_MAX_N = 24, 120


def _edge_test_sets(measure: Measure, rm: RandomModel, params: dict, searched: int) -> list:
    """The test sets of the tables on and around the measure's branch edges that the search does
    not reach (cases(n > 50, ...) changes branch beyond it), a few and not too large: each is
    summed over all its outcomes."""
    found = dict.fromkeys((t[0] + t[2], t[1] + t[3]) for t in edge_tables(measure, params))
    sets = [(ap, an) for ap, an in found if searched < ap + an <= _EDGE_MAX_N][:_EDGE_SETS]
    out = [(ap, an, k) for ap, an in sets for k in rm.sizes(ap, an)]
    return sorted(out, key=lambda c: c[0] == 0 or c[1] == 0 or c[2] in (0, c[0] + c[1]))


def _search(measure: Measure, rm: RandomModel, prop: str, strict: bool) -> PropertyResult | None:
    undefined_at = None
    for params in param_grid(measure):
        seen = None
        # the test sets with both classes (and an output size other than none or all) first: a
        # witness a reader finds convincing, when there is one; the others after, in the same order
        order = [(ap, an, k) for ap, an in test_sets(settings().cha_search_n) for k in rm.sizes(ap, an)]
        order.sort(key=lambda c: c[0] == 0 or c[1] == 0 or c[2] in (0, c[0] + c[1]))
        order += _edge_test_sets(measure, rm, params, settings().cha_search_n)
        for ap, an, k in order:
            e = _fast_expected(measure, rm, ap, an, params, k, strict)
            if e is None:
                if strict:
                    undefined_at = undefined_at or (params, ap, an, k)
                continue
            if seen is None:
                seen = (ap, an, k, e)
                continue
            if abs(e - seen[3]) > 1e-9:
                e1 = expected_value(measure, rm, seen[0], seen[1], params, seen[2], strict)
                e2 = expected_value(measure, rm, ap, an, params, k, strict)
                if e1 is not None and e2 is not None and differ(e1, e2):
                    given = "" if strict else ", over the outcomes where M is defined"
                    return result(measure, prop, FAILS, (
                        compose(f"Random model: {rm.description}{given}."),
                        compose(equals(_EXPECTED, e1), " on the test set ", *_where(*seen[:3]), " but ", e2,
                                " on ", *_where(ap, an, k), *at_params(params),
                                " (exact sums over all outcomes)."),),
                        Counterexample("expected values differ",
                                       point={_test_set(1, seen[2]): seen[:2] if seen[2] is None else seen[:3],
                                              _test_set(2, k): (ap, an) if k is None else (ap, an, k),
                                              "model": rm.name, **params},
                                       values=(Expectation("E[M] on test set 1", rm.name, seen[0], seen[1], e1,
                                                           seen[2], params),
                                               Expectation("E[M] on test set 2", rm.name, ap, an, e2, k, params))))
    if undefined_at is None:
        return None
    params, ap, an, k = undefined_at
    t = next((t for p, t in rm.outcomes(ap, an, k) if exact_value(measure, t, params) is None), None)
    if t is None:
        return None
    return result(measure, prop, FAILS, (
        compose(f"Random model: {rm.description}."),
        compose("On the test set ", *_where(ap, an, k), *at_params(params), " the outcome ", table(t),
                " has positive probability and the measure is undefined there, so E[M] does not exist "
                "(strict reading; exact)."),),
        Counterexample("E[M] undefined", tables={"undefined at": t},
                       point={"test set (AP, AN)": (ap, an), "model": rm.name, **params},
                       values=(Score("M(undefined at)", t, None, params, "undefined at"),)))


def _test_set(number: int, k) -> str:
    """A counterexample's label of a test set, naming its coordinates (k: the output size)."""
    return f"test set {number} (AP, AN{'' if k is None else ', k'})"


def check_cha(measure: Measure, model: str = "bernoulli", definedness: str = "defined") -> PropertyResult:
    rm = RANDOM_MODELS[model]
    prop = "CHA"
    strict = definedness == "strict"
    found = _search(measure, rm, prop, strict)
    if found is not None:
        return found
    search_n = settings().cha_search_n
    searched = say("No two test sets (and output sizes) with different expected values among {0} (exact).",
                   up_to(search_n))
    # first method: per output size (every model here draws a size, then a uniform set of it)
    ok, lines = prove_per_size(measure, strict)
    if ok is True:
        return result(measure, prop, HOLDS, (compose(f"Random model: {rm.description}."), searched, *lines))
    if rm.per_size:
        return result(measure, prop, UNDET, (compose(f"Random model: {rm.description}."), searched, *lines),
                      reason=f"no counterexample for |D| <= {search_n}; no proof per output size")
    # proof: M(h) + M(complement of h) is a constant 2 gamma, and the model gives h and its
    # complement the same probability (true for both models) => E[M] = gamma on every test set.
    f = measure.count_form
    flipped = f.subs(dict(zip(CELLS, (FN, TN, TP, FP))), simultaneous=True)
    pair = f + flipped
    ref = exact_value(Measure("pair", "", counts=pair, params=measure.params), (1, 1, 1, 1),
                      param_grid(measure)[0])
    proof = [compose(f"Random model: {rm.description}; it gives a classifier h and its complement h' "
                     "(every predicted label flipped: TP <-> FN, FP <-> TN) the same probability."),
             say("No two test sets with different expected values among {0} (exact).", up_to(search_n))]
    if ref is None or not measure.params and not ref.is_number:
        return result(measure, prop, UNDET, proof, reason="no counterexample; no proof")
    domain = param_domain(measure)
    cases = list(zero_patterns(CELLS))
    # defined reading: E[M | M defined].  A pattern where M(h) and M(h') are both undefined on every
    # table takes no part; one where only M(h) is undefined leaves h' unpaired, which is harmless
    # when M(h') is the mean gamma itself.  Every other pattern needs M(h) + M(h') = 2 gamma.
    undefined = [(False, False) if strict else (undefined_on_case(measure, f, c), undefined_on_case(measure, flipped, c))
                 for c in cases]
    both = [c for c, u in zip(cases, undefined) if u == (True, True)]
    single = [(c, u) for c, u in zip(cases, undefined) if u in ((True, False), (False, True))]
    paired = [c for c, u in zip(cases, undefined) if u == (False, False)]
    if len(both) == len(cases):
        return result(measure, prop, UNDET, proof, reason="the measure is defined for no classifier: no "
                      "expectation to compare (SDE and WDE judge it)")
    ok, lines = prove_on_cases(lambda c: restrict(pair - ref, c), paired,
                               zero_test(domain), (_PAIR, " is the constant"), defined=(pair, domain))
    for c, u in single if ok is True else ():
        other = flipped if u[0] else f
        more_ok, more = prove_on_cases(lambda c: restrict(other - ref / 2, c), [c], zero_test(domain),
                                       ("M(h) undefined, M(h') is the mean" if u[0]
                                        else "M(h') undefined, M(h) is the mean",), defined=(other, domain))
        ok = more_ok
        lines += more
        if ok is not True:
            break
    if ok is True and both:
        lines.append(compose("Left out (defined reading): the zero patterns " + "; ".join(c.describe() for c in both)
                             + ", where M(h) and M(h') are both undefined on every table (re-checked exactly)."))
    if ok is not True:
        return result(measure, prop, UNDET, proof + lines,
                      reason=f"no counterexample for |D| <= {search_n}; the complement argument does not apply")
    proof += lines
    proof.append(say("So {0} = {1} for every classifier and, pairing each outcome with its complement, "
                     "{2} on every test set.", _PAIR, ref, equals(_EXPECTED, ref / 2)))
    return result(measure, prop, HOLDS, proof)
