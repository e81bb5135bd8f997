"""The decider of expectation statements (:mod:`.statements`): E[M] under a random model of CHA's
``model`` axis, on every test set (and every output size, for ``fixed-size``), REL a constant.

1. Search: the exact expectation (:func:`.sebastiani.cha.expected_value`) on every test set with
   |D| <= ``cha_search_n``, compared exactly with the constant.
2. Proof: only through CHA.  When CHA holds in the same model and definedness reading, E[M] is
   one constant on every test set (and size); that constant is the exact expectation on the
   first small test set where it exists, and is compared with the constant exactly.  Without
   CHA (or for a measure with parameters, whose constant may depend on them) there is no proof:
   ``undetermined`` naming what was searched.
"""

from __future__ import annotations

import sympy as sp

from ..checks.decide import exact_sign
from ..config import settings
from ..evidence import Counterexample, Expectation, PropertyResult, say
from ..logic import Verdict
from ..measures.base import Measure
from .sebastiani.cha import RANDOM_MODELS, check_cha, expected_value
from .sebastiani.common import FAILS, HOLDS, UNDET, compose, result, up_to
from .sebastiani.testsets import test_sets
from .statements import ExpectationStatement, holds_sign
from .tables import param_grid

_E = sp.Symbol("E[M]")


def _expectations(measure: Measure, statement: ExpectationStatement, strict: bool, params: dict):
    """(test set, size, exact E[M] or None) on every small test set and size."""
    model = RANDOM_MODELS[statement.model]
    for ap, an in test_sets(settings().cha_search_n):
        for k in model.sizes(ap, an):
            yield (ap, an), k, expected_value(measure, model, ap, an, params, k, strict)


def decide_expectation(statement: ExpectationStatement, name: str, measure: Measure,
                       definedness: str = "defined") -> PropertyResult:
    strict = definedness == "strict"
    model = RANDOM_MODELS[statement.model]
    head = compose(f"Random model: {model.description}; the statement: E[M] {statement.relation} ",
                   statement.value, " on every test set" + (" and output size k" if model.per_size else "") + ".")
    for params in param_grid(measure):
        for sizes, k, e in _expectations(measure, statement, strict, params):
            where = {"test set (AP, AN)" if k is None else "test set (AP, AN, k)": sizes if k is None else (*sizes, k),
                     "model": model.name,
                     **{str(p): v for p, v in params.items()}}
            if e is None:
                if strict:
                    return result(measure, name, FAILS, (head, compose(
                        "On the test set AP, AN = ", sizes, "" if k is None else f", k = {k}",
                        ": an outcome of positive probability is undefined, so E[M] does not exist (strict reading; "
                        "exact)."),), Counterexample("E[M] undefined", point=where,
                                                          values=(Expectation("E[M]", model.name, *sizes, None, k, params),)))
                continue
            sign = exact_sign(e - statement.value)
            if sign is not None and not holds_sign(statement.relation, sign, 1):
                return result(measure, name, FAILS, (head, compose(
                    "On the test set AP, AN = ", sizes, "" if k is None else f", output size k = {k}", ": ",
                    sp.Eq(_E, e, evaluate=False), f", so E[M] {statement.relation} ", statement.value,
                    " fails (exact sum over all outcomes)."),),
                    Counterexample(f"not E[M] {statement.relation} {statement.value}", point=where,
                                   values=(Expectation("E[M]", model.name, *sizes, e, k, params),)))
    searched = say("No counterexample among the test sets with {0} (exact).", up_to(settings().cha_search_n))
    undetermined = f"no counterexample for |D| <= {settings().cha_search_n}; "
    if measure.params:
        return result(measure, name, UNDET, (head, searched), reason=undetermined + "the measure has parameters: "
                      "the expectation's constant is known only at sampled values")
    cha = check_cha(measure, model=statement.model, definedness=definedness)
    if cha.verdict is not Verdict.HOLDS:
        return result(measure, name, UNDET, (head, searched), reason=undetermined + "no proof that E[M] is one "
                      f"constant (CHA, {statement.model} model, is {cha.verdict.value})")
    gamma = next((e for _, _, e in _expectations(measure, statement, strict, {}) if e is not None), None)
    sign = None if gamma is None else exact_sign(gamma - statement.value)
    if sign is None or not holds_sign(statement.relation, sign, 1):
        return result(measure, name, UNDET, (head, searched), reason=undetermined + "the constant expectation "
                      "could not be compared with the value")
    return result(measure, name, HOLDS, (head, searched, say("CHA holds in this model (its proof):"), *cha.proof,
                                        compose("So E[M] = ", gamma, " on every test set, and ", gamma,
                                                f" {statement.relation} ", statement.value, " (exact).")))
