"""symmetric compare: the order relation of two measures on a test set (a proof that one is a
strictly increasing function of the other, or an exact pair of tables ranked in opposite orders),
the property matrix (from the atlas cache when it has the cells) and the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import sympy as sp
from click.testing import CliRunner

from symmetric.cli import main
from symmetric.measures.base import Measure
from symmetric.measures.registry import get
from symmetric.space import CELLS
from symmetric.theory import order
from symmetric.theory.compare import compare, relation

TP, FP, FN, TN = CELLS


def _by_hand(name: str, t) -> Fraction:
    """Independent exact values (higher is better) for the measures the tests name."""
    tp, fp, fn, tn = (Fraction(x) for x in t)
    return {"F1": lambda: 2 * tp / (2 * tp + fp + fn), "Jaccard": lambda: tp / (tp + fp + fn),
            "Acc": lambda: (tp + tn) / (tp + fp + fn + tn), "BalAcc": lambda: (tp / (tp + fn) + tn / (tn + fp)) / 2,
            "Precision": lambda: tp / (tp + fp), "Recall": lambda: tp / (tp + fn),
            "ErrorRate": lambda: -(fp + fn) / (tp + fp + fn + tn)}[name]()


@pytest.mark.parametrize("a, b, verdict", [
    ("F1", "Jaccard", "monotone"),          # J = F1 / (2 - F1)
    ("Jaccard", "F1", "monotone"),
    ("Acc", "ErrorRate", "monotone"),       # lower-is-better ErrorRate, oriented
    ("Youden", "BalAcc", "monotone"),       # BalAcc = (Youden + 1) / 2
    ("Acc", "BalAcc", "opposite"),
    ("Precision", "Recall", "opposite"),
    ("F1", "Kappa", "opposite"),
    ("MCC", "F1", "opposite"),              # MCC's square roots: no proof attempted, the pair decides
])
def test_order_relations(a, b, verdict):
    assert relation(get(a), get(b), 8).verdict == verdict


def test_f1_and_jaccard_relation_is_the_known_function_and_agrees_exactly():
    r = relation(get("F1"), get("Jaccard"))
    assert r.verdict == "monotone"
    f1 = sp.Symbol("F1")
    assert sp.simplify(sp.sympify(r.function.split("=")[1], locals={"F1": f1}) - f1 / (2 - f1)) == 0
    # the proved statement, re-checked on every pair of tables of the small test sets
    for ap, an in [(1, 1), (1, 3), (2, 2), (3, 1), (2, 4)]:
        ts = [t for t in order.classifiers(ap, an)]
        for t in ts:
            for u in ts:
                d1, d2 = _by_hand("F1", u) - _by_hand("F1", t), _by_hand("Jaccard", u) - _by_hand("Jaccard", t)
                assert (d1 > 0) == (d2 > 0) and (d1 == 0) == (d2 == 0)


@pytest.mark.parametrize("a, b", [("Acc", "BalAcc"), ("Precision", "Recall"), ("F1", "Acc")])
def test_an_opposite_pair_is_exact_and_on_the_smallest_test_set(a, b):
    pair = order.opposite_pair(get(a), get(b), 8)
    assert pair.opposite
    assert sum(pair.t) == sum(pair.u) == pair.ap + pair.an
    assert pair.t[0] + pair.t[2] == pair.u[0] + pair.u[2] == pair.ap
    va = (_by_hand(a, pair.t), _by_hand(a, pair.u))
    vb = (_by_hand(b, pair.t), _by_hand(b, pair.u))
    assert (va, vb) == (pair.a, pair.b)
    assert (va[1] - va[0]) * (vb[1] - vb[0]) < 0
    # no smaller test set has an opposite pair
    smaller = order.opposite_pair(get(a), get(b), pair.ap + pair.an - 1)
    assert smaller is None or not smaller.opposite


def test_accuracy_and_balanced_accuracy_pair():
    pair = order.opposite_pair(get("Acc"), get("BalAcc"))
    assert (pair.ap, pair.an) == (1, 3)
    assert pair.a == (Fraction(1, 2), Fraction(1, 4)) and pair.b == (Fraction(1, 3), Fraction(1, 2))


def test_a_tie_that_the_other_breaks_is_no_increasing_function():
    # Recall plus a tiny specificity term: it never reverses Recall's order, but breaks its ties
    m = Measure("RecallPlus", "recall plus", counts=TP / (TP + FN) + TN / (1000 * (TN + FP)))
    r = relation(get("Recall"), m, 6)
    assert r.verdict == "tie"
    assert r.pair.a[0] == r.pair.a[1] and r.pair.b[0] != r.pair.b[1]
    assert order.prove(get("Recall"), m).holds is None


@pytest.mark.parametrize("a, b", [("F1", "Jaccard"), ("Acc", "ErrorRate"), ("Youden", "BalAcc"), ("K", "Youden"),
                                  ("Acc", "BennettS")])
def test_a_proof_is_never_contradicted_by_the_exact_search(a, b):
    assert order.prove(get(a), get(b)).holds is True
    assert order.opposite_pair(get(a), get(b), 7) is None


def test_no_proof_for_a_non_rational_or_unresolvable_formula():
    assert order.prove(get("MCC"), get("F1")).holds is None
    assert "not a rational function" in order.prove(get("MCC"), get("F1")).method


def test_property_matrix_and_separating_properties():
    c = compare(("F1", "Jaccard"), ("SDE", "WDE", "NIGQ"), None, 60)
    assert c.verdicts == (("holds", "holds", "holds"), ("fails", "fails", "holds"))
    assert [p for p, _ in c.separating()] == ["SDE", "WDE"]
    assert c.relations[0].verdict == "monotone"


def test_verdicts_come_from_the_cache_the_second_time(tmp_path, monkeypatch):
    from symmetric.crosscheck import cached
    from symmetric.store.cells import Cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cache = Cache(tmp_path / "cells", recheck=cached.recheck)
    first = compare(("Acc", "BalAcc"), ("SDE", "IMB"), cache, 60)
    second = compare(("Acc", "BalAcc"), ("SDE", "IMB"), cache, 60)
    assert first.sources == ("0 from the atlas cache, 2 computed",) * 2
    assert second.sources == ("2 from the atlas cache, 0 computed",) * 2
    assert first.verdicts == second.verdicts


def test_cli_json(tmp_path):
    out = tmp_path / "c.json"
    r = CliRunner().invoke(main, ["compare", "Acc", "BalAcc", "--properties", "IMB,SYM", "--no-cache",
                                  "--json", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["verdicts"] == {"Acc": {"IMB": "fails", "SYM": "holds"}, "BalAcc": {"IMB": "holds", "SYM": "holds"}}
    assert data["separating"][0]["property"] == "IMB"
    rel = data["order"][0]
    assert rel["verdict"] == "opposite"
    assert rel["pair"]["test_set"] == {"AP": 1, "AN": 3}
    assert rel["pair"]["Acc"] == ["1/2", "1/4"]


@pytest.mark.parametrize("args, says", [
    (["compare", "F1"], "at least two measures"),
    (["compare", "F1", "Nope"], "unknown measure"),
    (["compare", "F1", "F1"], "one measure twice"),
    (["compare", "F1", "Acc", "--properties", "XX"], "unknown classification property"),
    (["compare", "F1", "Acc", "--time-limit", "x"], "--time-limit"),
    (["compare", "F1", "Acc", "--cache", "/tmp/x", "--no-cache"], "contradict"),
])
def test_cli_mistakes_exit_2_with_one_line(args, says):
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2
    assert says in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("a, b, shown", [
    ("MCC", "Phi", "Phi = MCC"),                 # one formula with square roots: no rational proof needed
    ("DOR", "Odds", "Odds = DOR"),
    ("Acc", "ErrorRate", "-ErrorRate = Acc - 1"),
])
def test_one_function_up_to_a_constant_is_monotone(a, b, shown):
    p = order.prove(get(a), get(b))
    assert p.holds is True and p.function == shown
    assert order.opposite_pair(get(a), get(b), 6) is None
