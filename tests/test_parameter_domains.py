"""Issue 26, item 1: parameters declared on every shape of interval (bounded above only, below
only, both sides, negative bounds) are sampled at real points of their domain, and the property
searches of a measure with such a parameter run there (no witness at a = nan)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import sympy as sp
from cli_support import run_check
from hypothesis import given, settings
from hypothesis import strategies as st

from symmetric.measures.base import Param
from symmetric.parse.parameters import parse_parameter

DECLARATIONS = ["a<1", "a<-2", "a<0", "a>-3", "a>2", "-5<a<-1", "0<a<1", "a", "1/3<a<1/2", "a>-1/2"]


@pytest.mark.parametrize("text", DECLARATIONS)
def test_sample_values_of_a_declared_parameter_lie_inside_it(text):
    decl = parse_parameter(text)
    values = Param(sp.Symbol(decl.name, real=True), decl.low, decl.high).sample_values()
    assert len(values) == 3 and list(values) == sorted(values)
    for v in values:
        assert v.is_Rational and v.is_finite
        assert (decl.low < v) is sp.true and (v < decl.high) is sp.true


bounds = st.fractions(min_value=-1000, max_value=1000, max_denominator=50)


@settings(max_examples=200, deadline=None)
@given(low=st.one_of(st.none(), bounds), high=st.one_of(st.none(), bounds), width=bounds)
def test_every_interval_shape_is_sampled_at_finite_rationals_inside_it(low, high, width):
    if low is not None and high is not None and not low < high:
        high = low + abs(width) + Fraction(1, 7)
    lo = -sp.oo if low is None else sp.Rational(low.numerator, low.denominator)
    hi = sp.oo if high is None else sp.Rational(high.numerator, high.denominator)
    for v in Param(sp.Symbol("a", real=True), lo, hi).sample_values():
        assert v.is_Rational and v.is_finite and v.is_real
        assert (lo < v) is sp.true and (v < hi) is sp.true


@pytest.mark.parametrize("declaration", ["a<1", "a<-2", "a<0"])
def test_a_one_sided_parameter_does_not_break_the_searches(declaration, tmp_path):
    r = run_check(["--counts", "(TP+1)/(TP+FP+FN+2-a)", "--param", declaration, "--json", "-", "--headline-only"],
                  tmp_path)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout[r.stdout.index("["):])
    entries = report[0]["properties"]
    assert "nan" not in json.dumps(entries).lower()
    verdicts = {e["property"]: e["verdict"] for e in entries}
    # symmetric in FP and FN, free of TN: both hold for every a < 1
    assert verdicts["TSYM"] == "holds" and verdicts["ITN"] == "holds"
    # a parameter's value in a witness is a finite number of its domain
    bound = Fraction(declaration[2:])
    values = [e["counterexample"]["a"]["text"] for e in entries
              if isinstance(e["counterexample"], dict) and "a" in e["counterexample"]]
    numbers = [Fraction(v) for v in values if v != "any value in its domain"]
    assert numbers and all(v < bound for v in numbers), values


@pytest.mark.parametrize("value", [sp.nan, sp.zoo, sp.I, float("nan")])
def test_a_witness_at_a_point_of_no_domain_is_refused(value):
    from symmetric.errors import UnsoundResultError
    from symmetric.evidence import Counterexample
    with pytest.raises(UnsoundResultError):
        Counterexample("M(h) != M(h')", point={"a": value})
    assert Counterexample("M(h) != M(h')", point={"a": sp.Rational(-4)})["a"] == -4


def test_a_witness_outside_the_declared_domain_gives_no_verdict():
    from symmetric.evidence import Counterexample, PropertyResult
    from symmetric.logic import Verdict
    from symmetric.properties.driver import _in_domain
    from symmetric.userinput.kinds import KINDS
    from symmetric.userinput.measures import build_measure
    m = build_measure(KINDS["classification"], "M", {"counts": "a*TP/(TP+FP)"}, ["0<a<1"])
    for value, verdict in ((sp.Integer(2), Verdict.UNDETERMINED), (sp.Integer(0), Verdict.UNDETERMINED),
                           (sp.Rational(1, 2), Verdict.FAILS)):
        r = PropertyResult("SYM", "M", Verdict.FAILS, (), Counterexample("M(h) != M(h')", point={"a": value}))
        assert _in_domain(m, r).verdict is verdict
