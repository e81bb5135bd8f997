"""Issue 15 regressions: work before the time limit starts (parsing, the cancelled-denominator
check, max of many arguments) and unbounded expectations (memory, progress, --time-limit)."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
import sympy as sp

from cli_support import assert_user_error, invoke, run_check
from symmetric import timelimit
from symmetric.denominators import MAX_FACTOR_DEGREE, degree_bound, zero_factors
from symmetric.errors import InputError
from symmetric.expectation import expectation, progress, resources
from symmetric.measures.registry import get as get_measure
from symmetric.parse import count_symbols, parse_expression
from symmetric.space import FN, FP, TN, TP

COUNTS = count_symbols()


@pytest.mark.parametrize("text,fragment", [
    ("0*TP/((TP+FP+FN+TN)^64-1)", "this denominator vanishes where (FN + FP + TN + TP)**64 - 1 = 0"),
    ("0*TP/((TP+FP)^64-(FN+TN)^64)", "this denominator vanishes where"),
    ("1/(TP+FP)^64 - 1/(TP+FP)^64", "vanishes where FP + TP = 0"),
])
def test_cancelled_high_degree_denominators_are_refused_without_expanding(text, fragment):
    with pytest.raises(InputError) as info:
        parse_expression(text, COUNTS)
    assert fragment in str(info.value)


@pytest.mark.parametrize("text", ["TP/((TP+FP)^64-(FN+TN)^64)", "TP/(TP+FP)^40", "(TP+FN+FP+1)^64/(TP+1)"])
def test_high_degree_denominators_that_stay_are_accepted(text):
    assert parse_expression(text, COUNTS).has(TP)


def test_degree_bound_reads_the_tree():
    assert degree_bound((TP + FP) ** 64 - (FN + TN) ** 64) == 64
    assert degree_bound(TP * FP ** 2 + 3) == 3
    big = (TP + FP + FN + TN) ** (MAX_FACTOR_DEGREE + 1) - 1
    assert zero_factors(big) == {big}                    # kept whole: never expanded
    assert zero_factors((TP - FP) * (TP + FP - 2)) == {FP - TP, TP + FP - 2}   # small: factorised


def test_max_of_many_arguments_is_built_linearly_and_means_the_same():
    args = [TP / (FP + i) for i in range(1, 100)]
    built = parse_expression("max(" + ",".join(f"TP/(FP+{i})" for i in range(1, 100)) + ")", COUNTS)
    assert isinstance(built, sp.Max) and set(built.args) == set(args)
    point = {TP: 3, FP: 2}
    assert built.subs(point) == max(a.subs(point) for a in args) == sp.Rational(1)
    assert parse_expression("min(TP, TP)", COUNTS) == TP
    assert parse_expression("max(1,2,3,4,5,6,7,8,9,10,TP)", COUNTS) == sp.Max(10, TP)


def test_a_preparation_that_cannot_finish_is_refused_in_one_line():
    with pytest.raises(InputError, match="measure 'M': could not be read and prepared within the time limit of 0.2 s"):
        with timelimit.preparation(0.2, "measure 'M'"):
            while True:
                pass


def test_check_parses_under_the_time_limit(tmp_path, monkeypatch):
    import symmetric.userinput.measures as measures

    def endless(*args, **kwargs):
        while True:
            time.sleep(0.01)
    monkeypatch.setattr(measures, "parse_expression", endless)
    assert_user_error(run_check(["--counts", "TP/n", "--time-limit", "0.5"], tmp_path),
                      "measure 'M': could not be read and prepared within the time limit of 0.5 s")


# ---------------------------------------------------------------- expect

def _probabilities(tmp_path, n: int):
    f = tmp_path / "p.txt"
    f.write_text("\n".join(["0.3", "0.7"] * (n // 2)) + "\n")
    return f


@pytest.mark.parametrize("args,fragment", [
    (["--best"], "--best for n = 100000 (floating-point) would need about 149.0 GiB of memory"),
    (["--assign", "@ASSIGN"], "the expectation for n = 100000 (floating-point) would need about"),
])
def test_expect_refuses_what_does_not_fit_in_memory(tmp_path, args, fragment, monkeypatch):
    monkeypatch.setattr(resources, "memory_limit", lambda: 8 * 2 ** 30)
    p = _probabilities(tmp_path, 100_000)
    assign = tmp_path / "s.txt"
    assign.write_text("1\n0\n" * 50_000)
    args = [a.replace("@ASSIGN", f"@{assign}") for a in args]
    result = invoke("expect", "--measure", "F1", "--p", f"@{p}", *args)
    assert_user_error(result, fragment, "more than the 8.0 GiB available")


def test_memory_estimate_grows_with_the_exact_sizes():
    small = resources.needed_bytes([Fraction(1, 2)] * 100, None, exact=True)
    large = resources.needed_bytes([Fraction(1, 1000003)] * 100, None, exact=True)
    assert large > small
    with pytest.raises(InputError, match="would need about"):
        resources.check_memory([Fraction(1, 2)] * 100, None, exact=True, limit=1000)


def test_expect_time_limit_ends_in_one_line(tmp_path):
    p = _probabilities(tmp_path, 1000)
    result = invoke("expect", "--measure", "F1", "--p", f"@{p}", "--best", "--exact", "--time-limit", "1")
    assert_user_error(result, "did not finish within --time-limit 1 s")


@pytest.mark.parametrize("value", ["1e10", "-1", "nan", "x"])
def test_expect_time_limit_values(value):
    assert_user_error(invoke("expect", "--measure", "F1", "--p", "0.5", "--best", "--time-limit", value),
                      "--time-limit must be")


def test_progress_is_reported_with_an_estimate():
    seen = []
    with progress.reporting(lambda stage, share, left: seen.append((stage, share, left)),
                            quiet_seconds=0, every_seconds=0):
        result = expectation(get_measure("F1"), [Fraction(1, 3)] * 30, [1, 0] * 15, exact=True)
    assert result.mean == expectation(get_measure("F1"), [Fraction(1, 3)] * 30, [1, 0] * 15, exact=True).mean
    stages = {stage for stage, _, _ in seen}
    assert {"distributions of TP and FN", "expected value"} <= stages
    shares = [share for stage, share, _ in seen if stage == "expected value"]
    assert shares == sorted(shares) and shares[-1] == 1.0


def test_no_progress_is_printed_on_a_short_run():
    result = invoke("expect", "--measure", "F1", "--p", "0.4,0.4,0.2", "--assign", "1,1,0", "--exact")
    assert result.exit_code == 0 and "done" not in result.output


def test_streamed_exact_moments_match_the_enumeration():
    from symmetric.expectation import expectation_by_enumeration
    p, s = [Fraction(1, 3), Fraction(2, 5), Fraction(9, 10), Fraction(1, 7), Fraction(1, 2)], [1, 0, 1, 1, 0]
    for name in ("F1", "Accuracy"):
        measure = get_measure(name)
        by_dp = expectation(measure, p, s, exact=True)
        assert (by_dp.mean, by_dp.variance) == expectation_by_enumeration(measure, p, s, exact=True)
