"""Unit tests beside modules that only end-to-end tests reached (issue 22 item 6): the one-sided
limits (transforms/limits), the quantification memo (quantification/memo), the papers' printing
order (render/order), the definedness obligations (parse/obligations) and the LaTeX reader
(verify/texparse).  Each case asserts a computed value, table-driven."""

from __future__ import annotations

import pytest
import sympy as sp

from symmetric import space
from symmetric.errors import InputError
from symmetric.logic import Verdict
from symmetric.parse import obligations
from symmetric.parse.obligations import WrittenCondition, keep_written_domain, power_obligation, present
from symmetric.quantification import memo
from symmetric.quantification.measures import QuantMeasure, p, q
from symmetric.render import order
from symmetric.transforms import limits
from symmetric.verify import texparse

TP, FP, FN, TN = space.TP, space.FP, space.FN, space.TN
x = sp.Symbol("x", real=True)


# ------------------------------------------------------------------ transforms/limits
LIMIT_CASES = [
    # expr, point, direction, limit
    (TP + 1, {TP: 2}, {TP: 1}, 3),                                     # finite: direct substitution
    (TP / (TP + FP), {TP: 0, FP: 0}, {TP: 1, FP: 1}, sp.Rational(1, 2)),  # 0/0 along the diagonal
    (TP / (TP + FP), {TP: 0, FP: 0}, {TP: 1, FP: 3}, sp.Rational(1, 4)),  # ... depends on the direction
    (TP / (TP + FP), {TP: 0, FP: 0}, {TP: 1}, 1),                      # FP stays 0
    (1 / TP, {TP: 0}, {TP: 1}, sp.oo),                                 # diverges
    (sp.log(TP), {TP: 0}, {TP: 1}, -sp.oo),
    (TP * sp.log(TP), {TP: 0}, {TP: 1}, 0),                            # 0 * -oo: sympy's limit
    (sp.Piecewise((1, TP > 0), (0, True)), {TP: 0}, {TP: 1}, 1),      # eps > 0 resolves the branch
    (sp.Piecewise((5, TP > 0), (0, True)) + FP, {TP: 0, FP: 1}, {TP: 1}, 6),
]


@pytest.mark.parametrize("expr, point, direction, expected", LIMIT_CASES)
def test_directional_limit(expr, point, direction, expected):
    assert limits.directional_limit(expr, point, direction) == expected


def test_a_limit_sympy_cannot_bound_to_one_value_is_none_never_a_number():
    # sin(1/TP) oscillates at TP = 0: sympy answers AccumBounds, which is not a limit
    assert limits.directional_limit(sp.sin(1 / TP), {TP: 0}, {TP: 1}) is None


def test_an_unresolved_condition_is_none():
    # FP > 1 is not decided by eps > 0 on the path (FP is not moved): no single expression
    expr = sp.Piecewise((TP, FP > 1), (0, True))
    assert limits.directional_limit(expr, {TP: 0}, {TP: 1}) is None


@pytest.mark.parametrize("value, infinite", [(sp.oo, True), (-sp.oo, True), (sp.zoo, True),
                                             (sp.Integer(0), False), (None, False), (sp.oo + x, True)])
def test_is_infinite(value, infinite):
    assert limits.is_infinite(value) is infinite


def test_on_path_substitutes_point_plus_eps_direction():
    assert limits.on_path(TP + 2 * FP, {TP: 1, FP: 0}, {FP: 1}) == 1 + 2 * limits.EPS


# ------------------------------------------------------------------ quantification/memo
def test_per_measure_computes_once_for_the_same_mathematics_and_relabels():
    calls = []

    def checker(measure, extra):
        calls.append((measure.name, extra))
        return memo.result("P", measure, Verdict.HOLDS)

    cached = memo.per_measure(checker)
    a = QuantMeasure("A", "first", sp.Abs(p - q))
    b = QuantMeasure("B", "second, same mathematics", sp.Abs(p - q))
    c = QuantMeasure("C", "other mathematics", (p - q) ** 2)
    assert cached(a, 1).measure == "A"
    assert cached(b, 1).measure == "B"             # the same computation, under B's name
    assert calls == [("", 1)]                      # the checker saw the anonymous copy, once
    assert cached(c, 1).measure == "C"
    assert cached(a, 2).measure == "A"             # another argument: computed again
    assert calls == [("", 1), ("", 1), ("", 2)]


def test_relabel_goes_through_tuples_and_dicts():
    m = QuantMeasure("A", "", sp.Abs(p - q))
    r = memo.result("P", m, Verdict.FAILS)
    assert memo.relabel((r, {"k": r}), "Z")[1]["k"].measure == "Z"
    assert memo.relabel(r, "Z").verdict is Verdict.FAILS


# ------------------------------------------------------------------ render/order
@pytest.mark.parametrize("expr, expected", [
    (FN + TP + 2, [TP, FN, 2]),
    (TN + FP + FN + TP, [TP, FP, FN, TN]),
    (TP * TN + TP, [TP * TN, TP]),                 # the higher degree first
    (1 - TP, [1, -TP]),                            # led by a positive term
    (FN - TP, [FN, -TP]),                          # a positive term with a symbol leads
])
def test_ordered_terms_are_in_the_papers_order(expr, expected):
    # the printers order a renamed copy (renamed_for_order) and print the original names
    renamed, back = order.renamed_for_order(expr)
    assert [t.xreplace(back) for t in order.ordered_terms(renamed)] == expected


def test_ordered_factors_put_a_parameter_before_the_paper_s_symbols():
    lam = sp.Symbol("lambda", positive=True)
    assert order.ordered_factors(FN * TP * lam) == [lam, TP, FN]


def test_renamed_for_order_maps_back_to_the_original_symbols():
    renamed, back = order.renamed_for_order(TP + FN)
    assert renamed.xreplace(back) == TP + FN
    assert sorted(s.name for s in renamed.free_symbols) == ["100TP", "102FN"]
    assert order.renamed_for_order(3) == (3, {})


# ------------------------------------------------------------------ parse/obligations
@pytest.mark.parametrize("exponent, kind", [
    (sp.Integer(2), None), (sp.Integer(-1), None), (sp.Rational(1, 2), "nonnegative"),
    (sp.Rational(-1, 2), "positive"), (x, "positive"),
])
def test_power_obligation(exponent, kind):
    assert power_obligation(TP, exponent) == kind


def test_present_finds_logs_and_roots_but_not_under_a_reciprocal():
    found = present(sp.log(TP) + sp.sqrt(FP) + 1 / sp.log(FN + 1))
    assert {(w.kind, w.subject) for w in found} == {("positive", TP), ("nonnegative", FP)}


def test_present_records_the_branch_a_node_sits_in():
    (found,) = present(sp.Piecewise((sp.log(TP), FP > 0), (0, True)))
    assert found.context == (FP > 0,)


def _refuse(ob, result):
    return InputError(f"refused {ob.subject}")


def test_a_lost_log_becomes_a_guard():
    # log(TP) - log(TP) was written; sympy built 0; the formula is undefined at TP = 0
    kept = keep_written_domain(sp.Integer(0), [WrittenCondition("positive", TP, (), "log")], _refuse)
    assert kept == sp.Piecewise((0, TP > 0), (sp.nan, True))


def test_a_carried_obligation_or_one_that_always_holds_adds_no_guard():
    assert keep_written_domain(sp.log(TP), [WrittenCondition("positive", TP)], _refuse) == sp.log(TP)
    assert keep_written_domain(sp.Integer(1), [WrittenCondition("positive", TP + 1)], _refuse) == 1


def test_a_rational_subject_is_a_polynomial_sign_condition():
    kept = keep_written_domain(sp.Integer(0), [WrittenCondition("nonnegative", (TP - FP) / (FN - TN))], _refuse)
    guard = kept.args[0][1]
    assert not guard.has(sp.Pow)                   # no division: decidable where FN = TN too
    for point, holds in [((2, 1, 3, 1), True), ((1, 2, 3, 1), False), ((1, 2, 1, 3), True), ((1, 1, 2, 2), True)]:
        assert bool(guard.subs(dict(zip((TP, FP, FN, TN), point)))) is holds, point


@pytest.mark.parametrize("ob", [WrittenCondition("positive", sp.exp(TP) - 2),             # not rational
                                WrittenCondition("positive", TP - FP, exact=False)])      # only sufficient
def test_an_obligation_that_cannot_be_kept_soundly_is_refused(ob):
    with pytest.raises(InputError, match="refused"):
        keep_written_domain(sp.Integer(0), [ob], _refuse)


def test_a_guard_binds_only_in_its_branch():
    kept = keep_written_domain(sp.Integer(0), [WrittenCondition("positive", TP, (FP > 0,))], _refuse)
    assert kept == sp.Piecewise((0, sp.Or(sp.Not(FP > 0), TP > 0)), (sp.nan, True))


def test_describe():
    assert obligations.describe(WrittenCondition("nonnegative", TP, (), "sqrt")) == \
        "the argument TP of sqrt must be non-negative"


# ------------------------------------------------------------------ verify/texparse
NAMES = {"TP": TP, "FP": FP, "FN": FN, "TN": TN, "F1": sp.Symbol("measure:F1"),
         "lambda": sp.Symbol("lambda", positive=True)}


@pytest.mark.parametrize("latex, expected", [
    (r"\frac{TP}{TP+FP}", TP / (TP + FP)),
    (r"\frac{2\cdot TP}{2 TP + FP + FN}.", 2 * TP / (2 * TP + FP + FN)),   # trailing punctuation
    (r"\lambda \cdot TP + 0.5", sp.Symbol("lambda", positive=True) * TP + sp.Rational(1, 2)),  # exact
    (r"P(S \mid G)", space.Pr(space.S, space.G)),
    (r"\Pr(\neg \mathcal{S} \mid \mathcal{G})", space.Pr(space.NS, space.G)),
    (r"P(S, G)", space.Joint(space.S, space.G)),
])
def test_read_expression(latex, expected):
    assert texparse.read_expression(latex, NAMES) == expected


@pytest.mark.parametrize("latex", [r"F_1 = \frac{2TP}{2TP+FP+FN}", r"F_{1} = \frac{2TP}{2TP+FP+FN}"])
def test_a_subscripted_spelling_is_the_same_name(latex):
    lhs, rel, rhs = texparse.parse_latex_relation(latex, NAMES)
    assert (lhs, rel, rhs) == (NAMES["F1"], "=", 2 * TP / (2 * TP + FP + FN))


def test_a_chain_is_its_links_and_a_condition_is_kept_apart():
    reading = texparse.read_latex(r"TP \leq TP + FP = AP \quad \text{if } FN > 0",
                                  {**NAMES, "AP": TP + FP})
    assert [(k.lhs, k.rel, k.rhs) for k in reading.links] == [(TP, "<=", TP + FP), (TP + FP, "=", TP + FP)]
    assert [(k.lhs, k.rel, k.rhs) for k in reading.conditions] == [(FN, ">", 0)]


@pytest.mark.parametrize("latex, message, column", [
    (r"TP = XY", "unknown symbol 'XY'", 6),
    (r"TP @ FP", "unexpected character '@'", 4),
    (r"TP + FP", "must be a relation", 1),
])
def test_latex_errors_name_the_column(latex, message, column):
    with pytest.raises(InputError, match=message) as caught:
        texparse.read_latex(latex, NAMES)
    if column is not None:
        assert caught.value.column == column


def test_oversized_latex_is_refused_before_reading():
    with pytest.raises(InputError, match="at most"):
        texparse.read_expression("T" * (texparse.MAX_LATEX_CHARS + 1), NAMES)


def test_parse_latex_relation_refuses_a_chain():
    with pytest.raises(InputError, match="expected one relation"):
        texparse.parse_latex_relation(r"TP \leq TP + FP \leq TP + FP + FN", NAMES)
