"""sympy's Factors built from a dict through symmetric.checks.sympyfactors (the dict not converted
to compare it with 1) is the Factors sympy builds; together() and gcd_terms() give the same
expressions with the wrapper as without it."""

from __future__ import annotations

from collections import defaultdict

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st
from sympy.core import exprtools

from symmetric.checks import sympyfactors

x, y, z = sp.symbols("x y z", positive=True)
bases = st.sampled_from([x, y, z, x + y, sp.sqrt(x + z), sp.Integer(2), sp.Integer(-1), sp.Integer(1),
                         sp.Integer(3), sp.I, sp.log(y)])
exponents = st.sampled_from([sp.Integer(1), sp.Integer(-1), sp.Integer(2), sp.Rational(1, 2), sp.Integer(0), x])
dicts = st.dictionaries(bases, exponents, max_size=5)
leaves = st.sampled_from([x, y, z, sp.Integer(2), sp.Rational(1, 3), sp.sqrt(x + y)])
expressions = st.recursive(leaves, lambda inner: st.one_of(
    st.tuples(inner, inner).map(lambda p: p[0] + p[1]),
    st.tuples(inner, inner).map(lambda p: p[0] * p[1]),
    st.tuples(inner, inner).map(lambda p: p[0] / p[1]),
    st.tuples(inner, inner).map(lambda p: p[0] - p[1])), max_leaves=8)


def _original():
    return exprtools.Factors.__init__.__wrapped__


def test_installed_for_this_sympy():
    assert sympyfactors.install() is True
    assert exprtools.Factors.__init__._symmetric_refuses_dicts


def _built_by(init, d, kind):
    f = exprtools.Factors.__new__(exprtools.Factors)
    argument = dict(d) if kind is dict else defaultdict(int, d)
    try:
        init(f, argument)
    except Exception as error:          # noqa: BLE001 - the same error either way
        return type(error)
    return f.factors, type(f.factors), getattr(f.factors, "default_factory", None)


@settings(max_examples=150, deadline=None)
@given(d=dicts, kind=st.sampled_from([dict, defaultdict]))
def test_factors_from_a_dict_are_sympys(d, kind):
    assert _built_by(exprtools.Factors.__init__, d, kind) == _built_by(_original(), d, kind)


@pytest.mark.parametrize("value", [None, sp.S.One, sp.S.Zero, 0, 5, sp.Rational(-3, 4), x, 2 * x ** 3 / y,
                                   exprtools.Factors({x: 2})])
def test_other_arguments_untouched(value):
    patched, plain = exprtools.Factors(value), exprtools.Factors.__new__(exprtools.Factors)
    _original()(plain, value)
    assert patched.factors == plain.factors


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(e=expressions)
def test_together_and_gcd_terms_unchanged(e):
    with_wrapper = (sp.together(e), exprtools.gcd_terms(e), exprtools.factor_terms(e))
    wrapper = exprtools.Factors.__init__
    exprtools.Factors.__init__ = wrapper.__wrapped__
    try:
        sp.core.cache.clear_cache()
        without = (sp.together(e), exprtools.gcd_terms(e), exprtools.factor_terms(e))
    finally:
        exprtools.Factors.__init__ = wrapper
        sp.core.cache.clear_cache()
    assert with_wrapper == without
    assert [sp.srepr(a) for a in with_wrapper] == [sp.srepr(b) for b in without]
