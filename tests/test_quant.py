"""Quantification: measures, property checkers, and the quant claims (computed, not hard-coded)."""

import pytest
import session_cache
import sympy as sp

from symmetric.checks.decide import exact_sign
from symmetric.claims import ClaimVerdict as Verdict
from symmetric.logic import Verdict as StepVerdict
from symmetric.claims.registry import run_claim, select
from symmetric.errors import InputError, UnknownNameError
from symmetric.quantification import measures as qm
from symmetric.quantification.check import build_measure, run_all
from symmetric.quantification.distributions import Distribution, epsilon_for, perverse, q, p, n
from symmetric.logic import Verdict as PV
from symmetric.quantification.properties import check_all, check_bmon, check_bimp

EPS = epsilon_for(10 ** 6)


@pytest.mark.parametrize("name,true,pred,expected", [
    ("AE", ["1/5", "4/5"], ["1/4", "3/4"], sp.Rational(1, 20)),
    ("NAE", ["1/5", "4/5"], ["1/4", "3/4"], sp.Rational(1, 16)),
    ("SE", ["1/5", "4/5"], ["7/10", "3/10"], sp.Rational(1, 4)),
])
def test_unsmoothed_values(name, true, pred, expected):
    assert qm.get(name).value(Distribution.of(true), Distribution.of(pred)) == expected


def test_kld_smoothed_reproduces_printed_b1_cell():
    v = qm.get("KLD").value(Distribution.of(["0.01", "0.99"]), Distribution.of([1, 0]), EPS)
    assert abs(float(v) - 14.3076) < 5e-5


@pytest.mark.parametrize("bad", [[sp.Rational(1, 2), sp.Rational(1, 3)], [-1, 2], [1]])
def test_bad_distributions_are_input_errors(bad):
    with pytest.raises(InputError):
        Distribution.of(bad)


def test_perverse_estimator_on_smallest_class():
    assert perverse(Distribution.of(["1/2", "1/5", "3/10"])).prevalences == (0, 1, 0)


def test_unknown_measure_has_suggestions():
    with pytest.raises(UnknownNameError) as info:
        qm.get("KDL")
    assert "KLD" in info.value.suggestions


@pytest.mark.parametrize("name,holds", [("AE", True), ("DR", False), ("KLD", False), ("PD", False), ("RAE", True)])
def test_bimp(name, holds):
    r = check_bimp(qm.get(name))
    assert r.verdict is (PV.HOLDS if holds else PV.FAILS)
    if not holds:  # the counterexample really violates B-IMP
        m, cx = qm.get(name), r.counterexample
        pv, av = sp.Rational(cx["p(c1)"]), sp.Rational(cx["a"])
        assert exact_sign(m.binary(pv, pv + av) - m.binary(pv, pv - av)) not in (0, None)


def test_user_measure_all_properties():
    results = run_all(build_measure(sp.Abs(q - p) / n, "myAE"))
    assert results["B-MON"].verdict is PV.HOLDS and results["ABS"].verdict is PV.HOLDS
    assert results["REL"].verdict is PV.FAILS


def test_user_measure_that_fails_monotonicity():
    # rewards large overestimates: not monotone
    r = check_bmon(build_measure(sp.sin(4 * (q - p)) ** 2, "wiggly"))
    assert r.verdict is PV.FAILS


def test_user_measure_unknown_symbol():
    with pytest.raises(InputError):
        build_measure(sp.Symbol("z") * q)


@pytest.mark.parametrize("claim_id,verdict", [
    ("quant.appendix_a.ae", Verdict.PROVED), ("quant.appendix_c.kld_bmon", Verdict.PROVED),
    ("quant.appendix_c.pd_bmon", Verdict.PROVED), ("quant.binary_coincidences", Verdict.PROVED),
    ("quant.rel_abs_exclusive", Verdict.REFUTED), ("quant.appendix_b.imp", Verdict.UNDETERMINED),
    ("quant.appendix_b.max", Verdict.CORRECTED),
])
def test_claim_verdicts(claim_id, verdict):
    (claim,) = [c for c in select([claim_id]) if c.id == claim_id]
    with session_cache.shared():        # a verdict another test already decided is read, not decided again
        assert run_claim(claim).verdict is verdict


def test_unreproducible_pd_cells_are_undecided_not_wrong():
    # PD's definition was lost: a mismatch with its reconstruction blames neither side
    (claim,) = select(["quant.appendix_b.imp"])
    result = run_claim(claim)
    pd_steps = [s for s in result.steps if s.label.endswith(": PD")]
    assert pd_steps and all(s.status is StepVerdict.UNDETERMINED for s in pd_steps)
    assert not result.discrepancies and "PD" in (result.reason or "")


def test_table1_disagreements():
    (claim,) = select(["quant.table1"])
    with session_cache.shared():        # test_latex.py renders this claim too
        wrong = {s.label for s in run_claim(claim).discrepancies}
    assert wrong == {"DR / REL", "NKLD / MAX"}


def test_cached_results_carry_each_measures_own_name():
    # checkers are cached on a measure's mathematics: the same term under another name must
    # give the same verdicts, labelled with its own name
    mine = run_all(build_measure(sp.Abs(q - p) / n, "myAE"))
    catalogue = check_all(qm.get("AE"))
    assert {r.measure for r in mine.values()} == {"myAE"}
    assert {r.measure for r in catalogue.values()} == {"AE"}
    assert {k: r.verdict for k, r in mine.items()} == {k: r.verdict for k, r in catalogue.items()}


@pytest.mark.parametrize("name", ["AE", "SE"])
def test_smoothing_constant_is_irrelevant_to_unsmoothed_measures(name):
    m = qm.get(name)
    assert check_all(m, EPS) == check_all(m, None)


# The checkers' results are mathematics: Sentences without LaTeX, typed counterexamples.
@pytest.mark.parametrize("name", qm.names())
def test_results_are_sentences_and_counterexamples(name):
    from symmetric.evidence import Counterexample, Sentence
    for result in check_all(qm.get(name)).values():
        assert all(isinstance(line, Sentence) for line in result.proof)
        assert not any("$" in line.template or "\\" in line.template for line in result.proof)
        assert result.counterexample is None or isinstance(result.counterexample, Counterexample)
        if result.verdict is PV.FAILS and result.counterexample is not None:
            cx = result.counterexample
            assert cx.point and cx.values and all(isinstance(v, sp.Basic) for _, v in cx.point + cx.values)


# The search grids are settings; a checker's cache is keyed on them.
@pytest.mark.parametrize("coarse", [7, 10])
def test_search_grid_is_a_setting(coarse):
    from symmetric.config import configured
    with configured(quant_coarse_grid=coarse):
        cx = check_bimp(qm.get("DR")).counterexample
    assert all((sp.Rational(cx[k]) * coarse).is_integer for k in ("p(c1)", "a"))
