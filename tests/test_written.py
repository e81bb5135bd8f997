"""Issue 16: verdicts are decided on the formula the user wrote.

Each measured case of the issue (items 1, 2, 3 and 6) is here with the verdict it must get, or
an honest ``undetermined``; the checkers run on measures built from user text exactly as the
command line builds them.
"""

from __future__ import annotations

import pytest
import sympy as sp

from symmetric.checks.substitute import substitute
from symmetric.logic import Verdict
from symmetric.properties import driver
from symmetric.space import AN, AP, FN, FP, TN, TP
from symmetric.userinput.kinds import KINDS
from symmetric.userinput.measures import build_measure

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED


def classification(text: str, params=(), orientation="higher", key="counts"):
    return build_measure(KINDS["classification"], "M", {key: text}, params, orientation)


def verdicts(measure, names) -> dict:
    return {r.property: r for r in driver.check(measure, names, time_limit=120)}


# ---------------------------------------------------------------- substitution of undefined values

@pytest.mark.parametrize("expr, rule, expected", [
    (sp.Min(TP / AP, TN / AN), {TP: 0, FN: 0, TN: 1, FP: 1}, sp.nan),       # Min(nan, 1) raised
    (sp.Max(TP / AP, TN / AN), {TP: 1, FN: 0, TN: 0, FP: 0}, sp.nan),
    (sp.Min(TP / AP, TN / AN), {TP: 1, FN: 1, TN: 1, FP: 0}, sp.Rational(1, 2)),
    # a condition on an undefined ratio is undefined where it is reached ...
    (sp.Piecewise((1, TP / AP > sp.Rational(1, 2)), (0, True)), {TP: 0, FN: 0}, sp.nan),
    (sp.Piecewise((1, sp.log(TP) > 0), (0, True)), {TP: 0}, sp.nan),
    # ... and not where an earlier condition is true
    (sp.Piecewise((7, sp.Eq(AP, 0)), (1, TP / AP > sp.Rational(1, 2)), (0, True)), {TP: 0, FN: 0}, 7),
])
def test_substitute_propagates_undefinedness(expr, rule, expected):
    got = substitute(expr, rule)
    assert got == expected or (expected is sp.nan and got is sp.nan)


# ---------------------------------------------------------------- item 6: crashes as verdicts

@pytest.mark.parametrize("text", ["min(TP/AP, TN/AN)", "max(TP/AP, TN/AN)"])
def test_min_max_of_undefined_rates_get_verdicts_not_crashes(text):
    found = verdicts(classification(text), ("WDE", "FIX", "SDE"))
    for r in found.values():
        assert "internal error" not in r.reason, (r.property, r.reason)
    # undefined for every classifier when a class is empty, defined for all otherwise
    assert found["WDE"].verdict is HOLDS
    assert found["SDE"].verdict is FAILS


# ---------------------------------------------------------------- item 1: what was written

def value_at(measure, table):
    from symmetric.properties.tables import exact_value
    return exact_value(measure, table, {})


@pytest.mark.parametrize("text, undefined_at, defined_at, value", [
    # sympy rewrites each of these to accuracy; the written formula is undefined at TP = 0 ...
    ("log(TP) - log(TP) + (TP+TN)/n", (0, 1, 1, 1), (1, 1, 1, 1), sp.Rational(1, 2)),
    ("(exp(log(TP)) + TN)/n", (0, 1, 1, 1), (1, 1, 1, 1), sp.Rational(1, 2)),
    # ... or not real where TP < FP (the square root of a negative number)
    ("(sqrt(TP-FP)^2 + FP + TN)/n", (1, 2, 0, 1), (2, 1, 0, 1), sp.Rational(3, 4)),
    # LAM% written with logs: log 0 where FP = 0 or FN = 0, although sympy keeps only roots
    ("exp((log(FP/TN)+log(FN/TP))/2)/(1+exp((log(FP/TN)+log(FN/TP))/2))", (1, 0, 1, 1), (1, 1, 1, 1),
     sp.Rational(1, 2)),
    # 0*x and x - x drop x's domain too
    ("0*log(TP) + (TP+TN)/n", (0, 1, 1, 1), (1, 1, 1, 1), sp.Rational(1, 2)),
    ("sqrt(TP-FP) - sqrt(TP-FP) + (TP+TN)/n", (1, 2, 0, 1), (2, 1, 0, 1), sp.Rational(3, 4)),
    # a guard inside a cases() branch binds only where the branch is taken
    ("cases(FP > 0, log(TP) - log(TP), 1)", (0, 1, 1, 1), (0, 0, 1, 1), 1),
])
def test_written_definedness_survives_sympys_rewrites(text, undefined_at, defined_at, value):
    m = classification(text)
    assert value_at(m, undefined_at) is None
    assert value_at(m, defined_at) == value


@pytest.mark.parametrize("text", ["sqrt(TP/AP * TN/AN)", "log(TP + 1) + TN/n", "(TP/AP)^2", "TP^(1/3)/n"])
def test_no_guard_where_the_result_keeps_the_condition(text):
    # the obligation is still carried by the built expression, or holds everywhere
    assert not classification(text).count_form.has(sp.nan)


def test_a_lost_condition_that_is_no_sign_condition_is_refused():
    from symmetric.errors import InputError
    with pytest.raises(InputError, match="drops a condition"):
        classification("sqrt(log(TP + 1/2))^2 + TN/n")


@pytest.mark.parametrize("text", ["log(TP) - log(TP) + (TP+TN)/n", "(exp(log(TP)) + TN)/n",
                                  "(sqrt(TP-FP)^2 + FP + TN)/n"])
def test_accuracy_look_alikes_are_not_accuracy(text):
    # undefined where the written formula is (TP = 0 or TP < FP): wherever a reading counts an
    # undefined table (strict, SDE, WDE, SYM) nothing holds; MON "defined" compares only the
    # tables where it is defined, and there it is accuracy
    found = {(r.property, r.reading): r for r in driver.check(classification(text), ["MON", "SDE", "WDE", "CHA", "SYM"],
                                                              time_limit=120, alternates=True)}
    for (prop, reading), r in found.items():
        if "defined" not in reading.split(", "):
            assert r.verdict is not HOLDS, (prop, reading, r.reason)
    assert found[("SDE", "as defined")].verdict is FAILS and found[("MON", "strict")].verdict is FAILS


def test_lam_written_with_logs_has_no_sm_counterexample_at_log_zero():
    m = classification("exp((log(FP/TN)+log(FN/TP))/2)/(1+exp((log(FP/TN)+log(FN/TP))/2))",
                       orientation="lower")
    r = verdicts(m, ("SM",))["SM"]
    assert r.verdict is not FAILS, r.counterexample


def test_quantification_term_with_a_hidden_log_gets_no_holds():
    from symmetric.quantification import check as qcheck
    m = build_measure(KINDS["quantification"], "M", {"term": "abs(q-p) + 0*log(q-p)"})
    found = qcheck.run_all(m)
    for name in ("IoI", "NN", "B-MON"):
        assert found[name].verdict is not HOLDS, name


@pytest.mark.parametrize("condition, rule, expected", [
    (sp.And(sp.Eq(AP, 0), sp.log(TP) > 0), {TP: 0, FN: 1}, sp.false),   # decided by its first operand
    (sp.Or(sp.Ne(AP, 0), sp.log(TP) > 0), {TP: 0, FN: 1}, sp.true),
    (sp.And(sp.Ne(AP, 0), sp.log(TP) > 0), {TP: 0, FN: 1}, sp.nan),     # needs the undefined one
])
def test_connectives_decide_before_an_undefined_operand(condition, rule, expected):
    assert substitute(condition, rule) == expected or (expected is sp.nan and substitute(condition, rule) is sp.nan)


@pytest.mark.parametrize("name", ["F", "F(R,S)"])
def test_count_form_keeps_the_probability_forms_undefined_points(name):
    from symmetric.measures import registry
    m = registry.get(name, "classification")
    params = {str(p.symbol): p.default for p in m.params if p.default is not None}
    # AP = 0: P(S|G) is 0/0, although the cancelled count form gives 0
    assert m.evaluate(0, 5, 0, 11, **params) is sp.nan
    assert m.extended_count_form.xreplace({TP: 0, FP: 5, FN: 0, TN: 11, **{p.symbol: p.default for p in m.params}}) == 0
    assert m.evaluate(1, 1, 1, 1, **params) == m.extended_count_form.xreplace(
        {TP: 1, FP: 1, FN: 1, TN: 1, **{p.symbol: p.default for p in m.params}})


# ---------------------------------------------------------------- item 2: piecewise measures

def test_undefined_throughout_only_outside_untaken_branches():
    from symmetric.checks.cases import definedness, is_undefined_constant
    from symmetric.domain import EVERYWHERE
    x = sp.Symbol("x", positive=True)
    assert is_undefined_constant(sp.zoo * x + 1)
    assert is_undefined_constant(sp.Piecewise((sp.zoo, x > 9), (sp.nan, True)))
    # x/0 in one branch binds only where that branch is taken
    assert not is_undefined_constant(sp.Piecewise((sp.zoo, x > 9), (x, True)))
    # so a zero pattern where only a branch not always taken is x/0 is not 'undefined on the whole case'
    m = classification("cases(FP > 9, 1/TP, FN)")
    ok, _ = definedness(m.count_form, EVERYWHERE, {TP: 0, FP: sp.Symbol("fp", positive=True),
                                                    FN: sp.Symbol("fn", positive=True), TN: sp.Symbol("tn", positive=True)})
    assert ok is not False


@pytest.mark.parametrize("text, params, prop, table_pair", [
    # each branch has zero derivative in P(S), but (0,0,1,1) scores 1 and (1,1,0,0) scores 0
    ("cases(PP > PN, TP/AP + TN/AN - 1, TP/AP + TN/AN)", (), "NIFQ", None),
    # a narrow band of output sizes that the table grid (|T| <= 16) steps over
    ("cases(PP/n > 1/2 and PP/n < 51/100, TP/n, PP/n)", (), "NIGQ", None),
    ("cases(PP/n > 1/2 and PP/n < 51/100, -1, PP/n)", (), "NIGQ", None),
])
def test_jumps_between_branches_are_found(text, params, prop, table_pair):
    from symmetric.properties.tables import exact_value
    m = classification(text, params)
    r = verdicts(m, (prop,))[prop]
    assert r.verdict is FAILS, r.reason
    cx = r.counterexample
    small, large = (tuple(t) for _, t in cx.tables[:2])
    # both outputs non-informative on the same test set, values re-evaluated here
    for t in (small, large):
        assert t[0] * t[3] == t[1] * t[2]
    assert sum(small) == sum(large) and small[0] + small[2] == large[0] + large[2]
    v1, v2 = exact_value(m, small, {}), exact_value(m, large, {})
    assert v1 is not None and v2 is not None
    assert (v1 != v2) if prop == "NIFQ" else (v2 <= v1)


def test_absolute_weighting_is_not_proved_across_a_jump():
    m = classification("cases(PP > PN, lambda*TP - FP, lambda*TP - FP - 1000*n)", ("lambda>0",))
    assert verdicts(m, ("AW",))["AW"].verdict is not HOLDS


# ---------------------------------------------------------------- item 3: IND

def _quant(text):
    return build_measure(KINDS["quantification"], "M", {"term": text})


def test_ind_accounts_for_the_number_of_classes_under_projection():
    from symmetric.quantification import check as qcheck
    from symmetric.quantification.distributions import Distribution
    m = _quant("(q-p)^2/p + n*abs(q-p)")
    r = qcheck.run_all(m)["IND"]
    assert r.verdict is FAILS, r.reason
    point = dict(r.counterexample.point)
    true, one, two = point["p"], point["p'"], point["p''"]
    size = len(point["projected p"])
    # the premise: both predictions equal the truth outside C_n
    assert one[size:] == two[size:] == true[size:]
    before = sp.sign(m.value(Distribution.of(true), Distribution.of(one)) - m.value(Distribution.of(true), Distribution.of(two)))
    proj = [tuple(point[k]) for k in ("projected p", "projected p'", "projected p''")]
    after = sp.sign(m.value(Distribution.of(proj[0]), Distribution.of(proj[1]))
                    - m.value(Distribution.of(proj[0]), Distribution.of(proj[2])))
    assert before != after


@pytest.mark.parametrize("text", ["abs(q-p)/n", "(q-p)^2", "p*log(p/q)"])
def test_ind_still_holds_for_homogeneous_terms_and_states_its_premise(text):
    from symmetric.quantification import check as qcheck
    r = qcheck.run_all(_quant(text))["IND"]
    assert r.verdict is HOLDS, r.reason
    assert "Premise" in r.proof[0].template


@pytest.mark.parametrize("text, prop", [
    # the branch behind FP > 9 is never reached by tables with |D| <= 8: SDE, WDE and SYM were
    # undetermined; the tables on the edge FP = 9 / 10 decide them
    ("cases(FP > 9, 1/TP + 1/TN, FN + FP)", "SDE"),
    ("cases(FP > 9, 1/TP + 1/TN, FN + FP)", "WDE"),
    ("cases(FP > 9, 1/TP + 1/TN, FN + FP)", "SYM"),
    ("cases(TP > 7, 1/FP - TN, (TP+TN)/n)", "SM"),
])
def test_searches_visit_the_edges_of_the_branches(text, prop):
    from symmetric.properties.tables import exact_value
    m = classification(text)
    r = verdicts(m, (prop,))[prop]
    assert r.verdict is FAILS, r.reason
    # every table of the counterexample re-evaluated here agrees with the values it reports
    for (name, t), (_, v) in zip(r.counterexample.tables, r.counterexample.values):
        assert exact_value(m, tuple(t), {}) == (None if v is None else v)


def test_edge_tables_straddle_each_edge():
    from symmetric.properties.edges import edge_tables
    found = edge_tables(classification("cases(FP > 9, 1/TP, FN)"))
    assert {9, 10} <= {t[1] for t in found}
    assert edge_tables(classification("(TP + TN)/n")) == ()


@pytest.mark.parametrize("text, undefined_at, defined_at, value", [
    ("log(P(S|G)) - log(P(S|G)) + P(S)", (0, 1, 1, 1), (1, 1, 1, 1), sp.Rational(1, 2)),
    ("0*log(P(G|S)) + P(S|G)", (0, 1, 1, 1), (1, 1, 1, 1), sp.Rational(1, 2)),
])
def test_probability_forms_keep_the_written_domain_too(text, undefined_at, defined_at, value):
    m = classification(text, key="probs")
    assert value_at(m, undefined_at) is None
    assert value_at(m, defined_at) == value


def test_a_branch_condition_free_of_the_output_size_is_no_jump():
    # TP > FP on non-informative outputs is n s (2g - 1) > 0: the branch is fixed by the test set
    from symmetric.checks.piecewise import jumps_in
    from symmetric.properties.amigo_noninformative import _analysis_form
    from symmetric.space import s
    m = classification("cases(TP > FP, 1, 0)")
    assert not jumps_in(_analysis_form(m)[0], s)
    # decided, not left undetermined as a jump: the empty output (non-informative) scores 0 where
    # every other non-informative output of a test set with P(G) > 1/2 scores 1
    assert verdicts(m, ("NIFQ",))["NIFQ"].verdict is FAILS
    assert jumps_in(_analysis_form(classification("cases(PP > PN, 1, 0)"))[0], s)


@pytest.mark.parametrize("text, undefined_at, defined_at", [
    # sympy's arithmetic absorbs x/0 inside a reciprocal: 1/(1/TP + 1) is 1/zoo = 0 at TP = 0
    ("TN/n + 1/(1/TP + 1)", (0, 1, 1, 1), (1, 1, 1, 1)),
    ("TN/n + 1/log(TP)", (0, 1, 1, 1), (2, 1, 1, 1)),
])
def test_undefined_values_inside_a_reciprocal_stay_undefined(text, undefined_at, defined_at):
    m = classification(text)
    assert value_at(m, undefined_at) is None
    assert value_at(m, defined_at) is not None


def test_a_symbolic_power_whose_condition_is_lost_is_refused():
    # TP^FP is real at TP = 0 for FP > 0: "TP > 0" would be too strong a guard
    from symmetric.errors import InputError
    with pytest.raises(InputError, match="drops a condition"):
        classification("TP^FP*0 + TN/n")
    assert not classification("(TP+1)^FP*0 + TN/n").count_form.has(sp.nan)


def test_a_conditional_times_its_marginal_is_the_joint_probability():
    # Kappa's observed agreement P(S|G)P(G) + P(not S|not G)P(not G) is P(S and G) + P(not S
    # and not G) by the product rule: defined where |G| = 0, unlike F's P(S|G) alone
    from symmetric.measures import registry
    kappa = registry.get("Kappa", "classification")
    assert kappa.evaluate(0, 2, 0, 1) == kappa.extended_count_form.xreplace({TP: 0, FP: 2, FN: 0, TN: 1})
    assert kappa.evaluate(0, 2, 0, 1) is not sp.nan


def test_con_of_a_min_is_a_verdict_not_a_recursion_error():
    # sympy's limit of the Heaviside in d/dTP min(...) recursed without end (main: internal error)
    r = verdicts(classification("min(AN, sqrt(PN))"), ("CON",))["CON"]
    assert "internal error" not in r.reason and "time limit" not in r.reason, r.reason


@pytest.mark.parametrize("text, prop", [
    # piecewise_fold put zoo into a Min (main: "The argument 'zoo' is not comparable")
    ("min(sqrt(FN), cases((TP + FN) > (1 - PP), (AN / AP), (FP / PN)))", "IMB"),
    # a witness point where the derivative is not real (main: "defined only for Real Values")
    ("min(sqrt(log(PN)), cases(1 > exp(-n/n), (FN * TP), log(FP)))", "NIFQ"),
    # cancel / factor of a Max of a Piecewise recursed without end (main: RecursionError)
    ("max(((n + FP) + TP), cases((TN + TP) > (FN + PN), cases(n > AN, FP, n), abs(1 - 2)))", "NIFQ"),
    ("max(((n + FP) + TP), cases((TN + TP) > (FN + PN), cases(n > AN, FP, n), abs(1 - 2)))", "NIGQ"),
])
def test_fuzzed_measures_get_verdicts_not_internal_errors(text, prop):
    r = verdicts(classification(text), (prop,))[prop]
    assert "internal error" not in r.reason, r.reason


def test_imb_searches_the_rejector_even_when_the_acceptor_is_unproved():
    r = verdicts(classification("min(sqrt(FN), cases((TP + FN) > (1 - PP), (AN / AP), (FP / PN)))"), ("IMB",))["IMB"]
    assert r.verdict is FAILS


@pytest.mark.parametrize("text, verdict", [
    ("max(q - p, 0)", HOLDS), ("max(p - q, 0)", HOLDS),     # 0 on one side: any factor scales it
    ("abs(q - p)/(n - 1)", HOLDS),                          # a factor k (n - 1)/(m - 1) > 0 for n, m >= 2
    ("exp(abs(q - p)) - 1", FAILS), ("log(1 + abs(q - p))", FAILS),     # found on the grid k/20
    ("cases(q = p, 0, abs(q - p) + 1/10)", FAILS),
])
def test_ind_decides_one_sided_scaled_and_inhomogeneous_terms(text, verdict):
    m = build_measure(KINDS["quantification"], "M", {"term": text}, (), "lower")
    r = verdicts(m, ("IND",))["IND"]
    assert r.verdict is verdict, r.reason
    assert not str(r.reason).startswith("cross-check contradiction")


@pytest.mark.parametrize("text, props", [
    ("q*log(q/p)", ("IoI", "NN", "B-MON")), ("p*log(2*p/(p + q)) + q*log(2*q/(p + q))", ("IoI", "NN", "B-MON")),
    ("abs(log(q/p))", ("IoI", "NN")),     # |log(X)| resolved by the sign of X - 1 on each side
])
def test_the_sign_of_one_logarithm_is_read_from_its_argument(text, props):
    # after combining, the B-MON slope is log(X): positive exactly where X > 1 (X - 1 factored)
    m = build_measure(KINDS["quantification"], "M", {"term": text}, (), "lower")
    found = verdicts(m, props)
    assert all(r.verdict is HOLDS for r in found.values()), {k: r.reason for k, r in found.items()}
