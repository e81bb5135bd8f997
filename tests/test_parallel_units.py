"""A measure's units decided on forked workers (the check command on two cores or more): the same
results, in the same order, as in one process; results that do not survive pickling are decided
by the caller instead."""

from __future__ import annotations

import pickle

import pytest
import sympy as sp

from symmetric.measures.registry import get
from symmetric.properties import driver, parallel_units
from symmetric.store import sympickle

X = sp.Symbol("X", positive=True)


@pytest.mark.parametrize("built", [
    sp.Eq(X, 0, evaluate=False),                 # pickle's default rebuilds it as false
    sp.Gt(X, 0, evaluate=False),                 # ... and this as true
    sp.Add(X, X, evaluate=False),                # ... and this as 2*X
    sp.Mul(sp.Integer(2), sp.Rational(1, 2), X, evaluate=False),
    sp.Pow(X, 1, evaluate=False),
    sp.Max(0, X, evaluate=False),
])
def test_sympy_objects_come_back_as_built(built):
    back = pickle.loads(sympickle.dumps(built))
    assert back == built and type(back) is type(built)
    assert sp.srepr(back) == sp.srepr(built)


def test_the_default_pickle_would_evaluate():
    # the reason for the pickler: without it a sentence's "X = 0" reads "false"
    assert pickle.loads(pickle.dumps(sp.Eq(X, 0, evaluate=False))) is sp.false


def _tenfold(value, unit, seconds):
    return [value * 10, unit, seconds]


def _unpicklable_at_two(value, unit, seconds):
    return [value, (lambda: None) if value == 2 else unit]


def test_results_in_order_with_the_shares_handed_out():
    shares = iter([5.0, 4.0, 3.0, 2.0])
    got = [results for results, _ in parallel_units.in_order(
        [(1, "a"), (2, "b"), (3, "c"), (4, "d")], _tenfold, lambda: next(shares), 2)]
    assert got == [[10, "a", 5.0], [20, "b", 4.0], [30, "c", 3.0], [40, "d", 2.0]]


def test_a_result_that_does_not_pickle_is_decided_by_the_caller():
    got = [results for results, _ in parallel_units.in_order(
        [(1, "a"), (2, "b"), (3, "c")], _unpicklable_at_two, lambda: None, 2)]
    assert [r[0] for r in got] == [1, 2, 3]
    assert got[0][1] == "a" and got[2][1] == "c" and callable(got[1][1])


@pytest.mark.parametrize("name,properties", [
    ("F1", ["SYM", "TSYM", "FIX", "CB", "CHA"]),
    ("MCC", ["FIX", "MAXA", "ISC", "ICL"]),
])
def test_two_workers_decide_what_one_process_decides(name, properties):
    measure = get(name)
    one = driver.check(measure, properties, time_limit=60, alternates=True, workers=1)
    two = driver.check(measure, properties, time_limit=60, alternates=True, workers=2)
    assert [(r.property, r.reading, r.verdict) for r in two] == [(r.property, r.reading, r.verdict) for r in one]
    assert two == one
    # the sentences read the same (a relation rebuilt by pickle would read "false")
    assert [[str(s) for s in r.proof] for r in two] == [[str(s) for s in r.proof] for r in one]


def test_check_reports_the_same_for_any_number_of_workers(tmp_path):
    from cli_support import invoke
    outputs = []
    for workers in ("1", "2"):
        folder = tmp_path / f"w{workers}"
        folder.mkdir()
        result = invoke("check", "--counts", "(TP + TN)/n", "--name", "Acc", "--no-pdf", "--latex", str(folder / "tex"),
                        "--json", str(folder / "r.json"), "--workers", workers)
        assert result.exit_code == 0, result.output
        outputs.append(((folder / "r.json").read_text(), (folder / "tex" / "check-acc.tex").read_text()))
    assert outputs[0] == outputs[1]


def test_workers_must_be_at_least_one(tmp_path):
    from cli_support import assert_user_error, run_check
    assert_user_error(run_check(["--counts", "TP/n", "--workers", "0"], tmp_path), "--workers")


@pytest.mark.parametrize("cores,load,expected", [
    (2, 0.0, 2), (2, 0.4, 2), (2, 0.6, 1), (2, 1.2, 1), (2, 9.0, 1), (1, 0.0, 1), (4, 1.0, 2), (4, 3.0, 1),
])
def test_the_default_uses_idle_cores_only(monkeypatch, cores, load, expected):
    from symmetric import runner
    monkeypatch.setattr(parallel_units.os, "cpu_count", lambda: cores)
    monkeypatch.setattr(parallel_units.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(parallel_units, "_runnable_others", lambda: None)     # no /proc/loadavg
    monkeypatch.setattr(runner, "workers", lambda: min(2, cores))
    assert parallel_units.idle_workers() == expected


def test_without_a_load_average_the_default_is_the_runners(monkeypatch):
    from symmetric import runner

    def missing():
        raise OSError("no load average")
    monkeypatch.setattr(parallel_units.os, "getloadavg", missing)
    monkeypatch.setattr(parallel_units, "_runnable_others", lambda: None)
    monkeypatch.setattr(runner, "workers", lambda: 2)
    monkeypatch.setattr(parallel_units.os, "cpu_count", lambda: 2)
    assert parallel_units.idle_workers() == 2
