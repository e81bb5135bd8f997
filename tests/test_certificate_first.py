"""A kernel-checked certificate proves a sign or an identity without z3 or simplify() (they stay
the fallback), and the memoised linear problem of a squaring split gives the same multiplier in
any variables."""

from __future__ import annotations

import pytest
import sympy as sp

from symmetric.certificate import SolverOnly
from symmetric.checks import certify, decide, lpcert, vanishing

x, y, z = sp.symbols("x y z", positive=True)


@pytest.fixture(autouse=True)
def fresh_memos():
    decide.is_positive_everywhere.cache_clear()
    decide.is_identically_zero.cache_clear()
    yield
    decide.is_positive_everywhere.cache_clear()
    decide.is_identically_zero.cache_clear()


@pytest.fixture
def z3_calls(monkeypatch):
    calls = []
    real = decide._z3_find_nonpositive

    def counted(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)
    monkeypatch.setattr(decide, "_z3_find_nonpositive", counted)
    return calls


@pytest.mark.parametrize("expr,kind", [
    # factored, (x + y)(x^2 - xy + y^2)/x: no sign rule settles the middle factor; expanded, every
    # coefficient is positive
    ((x ** 3 + y ** 3) / x, "positive coefficients"),
    ((x ** 3 + y ** 3) / (x * y + 1), "positive coefficients"),
    # one squaring: 1/sqrt(x) > 1/sqrt(x + 1)
    (1 / sp.sqrt(x) - 1 / sp.sqrt(x + 1), "squarings"),
])
def test_a_certified_sign_needs_no_z3(expr, kind, z3_calls):
    d = decide.is_positive_everywhere(expr)
    assert d.value is True
    assert d.certificate.checkable and certify.rejected(d.certificate) is None
    assert d.method == f"{d.certificate.kind} certificate, re-verified by the independent checker"
    assert kind is None or d.certificate.kind == kind
    assert z3_calls == []


def test_without_a_certificate_z3_still_decides(z3_calls):
    d = decide.is_positive_everywhere(x ** 2 - x + 1)     # positive, but no checkable kind applies
    assert d.value is True
    assert isinstance(d.certificate, SolverOnly)
    assert d.method.startswith("z3: negation unsatisfiable")
    assert z3_calls


def test_a_certificate_the_kernel_rejects_falls_back_to_z3(monkeypatch, z3_calls):
    monkeypatch.setattr(certify, "rejected", lambda cert, domain=None: "tampered" if cert.checkable else None)
    d = decide.is_positive_everywhere((x ** 3 + y ** 3) / (x + 2))
    # z3 was asked, and the rejected certificate still makes the answer undecided (as before)
    assert z3_calls
    assert d.value is None and "rejected" in d.detail


def test_a_false_sign_is_never_certified(z3_calls):
    d = decide.is_positive_everywhere((x - y) / (x + y))
    assert d.value is False and d.witness is not None


def test_a_vanishing_factor_proves_the_identity_without_simplify(monkeypatch):
    def no_simplify(*args, **kwargs):
        raise AssertionError("simplify() called")
    monkeypatch.setattr(decide.sp, "simplify", no_simplify)
    # MCC's NIFQ asks this one: the second polynomial factor is 0 once expanded
    g, s = sp.symbols("g s", positive=True)
    zero = sp.sqrt(g) * (g * s + g * (1 - s) - g + 1) * (g * s - g - s - (1 - g) * (1 - s) + 1) / (2 * sp.sqrt(s))
    d = decide.is_identically_zero(zero)
    assert d.value is True and d.certificate.kind == "vanishing"
    assert d.method == "vanishing certificate, re-verified by the independent checker"


def test_a_nonzero_expression_with_roots_is_not_called_zero():
    d = decide.is_identically_zero(sp.sqrt(x) * (x - y) / sp.sqrt(y + 1))
    assert d.value is False


def test_the_linear_problem_is_solved_once_in_any_variables():
    lpcert._solved.cache_clear()
    # value = x^2 - x y + y^2 + x y... : a problem the greedy cancellation does not need; any will do
    value = sp.Poly(x ** 3 + 2 * x ** 2 * y - x * y + y ** 3 + y, x, y)
    b = sp.Poly(x ** 2 - x + y, x, y)
    first = lpcert.multiplier(value, b)
    renamed = lpcert.multiplier(sp.Poly(value.as_expr().subs({x: z, y: x}, simultaneous=True), z, x),
                                sp.Poly(b.as_expr().subs({x: z, y: x}, simultaneous=True), z, x))
    info = lpcert._solved.cache_info()
    assert info.misses == 1 and info.hits == 1
    assert (first is None and renamed is None) or \
        sp.expand(renamed - first.subs({x: z, y: x}, simultaneous=True)) == 0
    if first is not None:       # what the memo returns is a real multiplier: value - M b >= 0
        rest = sp.Poly(value.as_expr() - first * b.as_expr(), x, y)
        assert all(c >= 0 for c in rest.coeffs())


@pytest.mark.parametrize("constant", [sp.sqrt(2), sp.pi])
def test_an_irrational_coefficient_is_no_vanishing_certificate_and_no_crash(constant):
    # (c y + x) log(x(x+1)/(x^2+x)) is 0: the vanishing kind does not apply to an irrational c (the
    # kernel is rational), so simplification proves it -- it used to raise certify's NoCertificate
    x, y = sp.symbols("x y", positive=True)
    e = (constant * y + x) * sp.log((x ** 2 + x) / (x * (x + 1)))
    assert vanishing.certificate(e, [x, y]) is None
    found = decide.is_identically_zero(e)
    assert found.value is True and "simplification" in found.method
