"""The independent checker (symmetric/kernel/): it stands alone, accepts the certificates the
deciders make, rejects tampered ones, and its polynomial arithmetic agrees with sympy."""

from __future__ import annotations

import ast
import copy
from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp
from hypothesis import given, settings, strategies as st

from symmetric import kernel
from symmetric.certificate import Identity, PositiveCoefficients, SignByFactors, SolverOnly, Squarings, from_data
from symmetric.checks import decide
from symmetric.checks.decide import is_identically_zero, is_positive_everywhere
from symmetric.domain import Domain
from symmetric.kernel import poly as P

KERNEL = Path(__file__).resolve().parent.parent / "symmetric" / "kernel"
STDLIB = {"__future__", "fractions", "itertools", "math"}

x, y, z = sp.symbols("x y z", positive=True)
b = sp.Symbol("b", positive=True)
SHIFTED = Domain("b > 1", ()).with_intervals([(b, 1, sp.oo)])


def test_kernel_imports_only_the_standard_library():
    """Nothing from symmetric (nor sympy, z3): a bug there cannot make the kernel accept."""
    imported = set()
    for path in KERNEL.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                imported.add(node.module.split(".")[0])
    assert imported <= STDLIB, imported - STDLIB


def test_kernel_is_small():
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in KERNEL.glob("*.py"))
    assert lines <= 300, lines


# (expression, domain, strict, certificate kind the deciders give)
PROVED = [
    (x * y / (x + y), None, True, SignByFactors),
    ((x - y) ** 2 / (x + y), None, False, SignByFactors),
    ((x ** 2 + 1) / (x + 1), None, True, SignByFactors),
    ((x ** 2 - x + 1) * (x + 1) / y, None, True, PositiveCoefficients),   # x^3 + 1 over y
    (b - 1 + x, SHIFTED, True, SignByFactors),
    (sp.Rational(3, 2), None, True, SignByFactors),
    (x ** 2 - x + 1, None, True, SolverOnly),          # z3 alone: no kind applies
    (sp.sqrt(x) + 1, None, True, Squarings),             # every term positive
    (sp.sqrt(x + 1) * sp.sqrt(y + 1) - sp.sqrt(x) * sp.sqrt(y), None, True, Squarings),   # one squaring
    # MCC's improvement on a face: the squaring (x+1)(y+1) - xy = x + y + 1
    ((-sp.sqrt(x) * sp.sqrt(y) + sp.sqrt(x + 1) * sp.sqrt(y + 1)) / (sp.sqrt(x + 1) * sp.sqrt(y + 1)), None, True,
     Squarings),
    (sp.sqrt(x + 1) + sp.sqrt(y + 1) - sp.sqrt(x) - sp.sqrt(y), None, True, SolverOnly),   # two squarings needed
]


@pytest.mark.parametrize("expr,domain,strict,kind", PROVED)
def test_deciders_attach_a_certificate_the_kernel_accepts(expr, domain, strict, kind):
    d = is_positive_everywhere(expr, domain or decide.EVERYWHERE, strict=strict)
    assert d.value is True
    assert type(d.certificate) is kind
    if d.certificate.checkable:
        assert kernel.check(d.certificate.data()) is None
    assert from_data(d.certificate.data()) == d.certificate      # the cache's round trip


def test_identity_certificate():
    d = is_identically_zero(x / (x + y) + y / (x + y) - 1)
    assert d.value is True and isinstance(d.certificate, Identity)
    assert kernel.check(d.certificate.data()) is None


def _positive_coefficients():
    # N = y + x - 1 with x = 1 + (positive): every coefficient positive after the shift
    return PositiveCoefficients(("x", "y"), (((1, 0), Fraction(1)), ((0, 1), Fraction(1)), ((0, 0), Fraction(-1))),
                                (((0, 0), Fraction(2)),), ">", shift=(("x", Fraction(1)),)).data()


def _factors():
    d = is_positive_everywhere(x * y / (x + y))
    return d.certificate.data()


def _identity():
    return is_identically_zero(x / (x + y) + y / (x + y) - 1).certificate.data()


def _squaring():
    d = is_positive_everywhere(sp.sqrt(x + 1) * sp.sqrt(y + 1) - sp.sqrt(x) * sp.sqrt(y))
    assert d.certificate.squared        # x + y + 1
    return d.certificate.data()


def _tamper(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


TAMPERED = [
    ("a coefficient of N", _positive_coefficients, ("numerator", 2, 1), "-2"),
    ("the shift", _positive_coefficients, ("shift",), []),
    ("a shift of an unknown variable", _positive_coefficients, ("shift",), [["w", "1"]]),
    ("the sign", _positive_coefficients, ("sign",), -1),
    ("the denominator's sign", _positive_coefficients, ("denominator", 0, 1), "-2"),
    ("the relation", _identity, ("relation",), ">"),
    ("a factor", _factors, ("numerator_factors", 0, "poly", 0, 1), "2"),
    ("a factor's reason", _factors, ("denominator_factors", 0, "reason"), "square"),
    ("a factor's power", _factors, ("numerator_factors", 0, "power"), 2),
    ("a constant's sign", _factors, ("numerator_constant",), "-1"),
    ("the numerator", _factors, ("numerator", 0, 1), "3"),
    ("an identity's term", _identity, ("terms", 0, 0, 0, 1), "-2"),
    ("an identity's numerator", _identity, ("numerator",), [[[0, 0], "1"]]),
    ("an exponent", _factors, ("numerator", 0, 0), [1, -1]),
    ("the kind", _factors, ("kind",), "solver only"),
    ("a malformed coefficient", _factors, ("numerator", 0, 1), "one"),
    ("the squared polynomial", _squaring, ("squared", 0, 1), "2"),
    ("a radicand", _squaring, ("terms", 0, 1, 0, 0, 1), "-1"),
    ("the squaring's order", _squaring, ("terms",), None),
]


@pytest.mark.parametrize("what,make,path,value", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_tampered_certificate_is_rejected(what, make, path, value):
    genuine = make()
    assert kernel.check(genuine) is None
    if value is None:               # swap the two terms: the squaring no longer starts from A_1 > 0
        value = list(reversed(genuine[path[-1]]))
    assert kernel.check(_tamper(genuine, path, value)) is not None


def test_a_shift_larger_than_the_domain_is_rejected():
    """The kernel reads a shift as the domain (b = 1 + y): a larger one would prove positivity on
    less than the domain, so the decider compares it with its own domain first."""
    import dataclasses
    from symmetric.checks import certify
    genuine = is_positive_everywhere(b - 1 + x, SHIFTED).certificate
    assert certify.rejected(genuine, SHIFTED) is None
    larger = dataclasses.replace(genuine, shift=(("b", Fraction(2)),))
    assert kernel.check(larger.data()) is None            # the algebra alone is fine on b > 2 ...
    assert "not the domain's" in certify.rejected(larger, SHIFTED)      # ... the domain is b > 1


def test_a_rejected_certificate_leaves_the_question_undecided(monkeypatch):
    """decide.py's one path to True: a certificate the kernel rejects gives undecided, with the reason."""
    from symmetric.checks import certify
    monkeypatch.setattr(certify.kernel, "check", lambda data: "tampered")
    is_positive_everywhere.cache_clear()
    try:
        d = is_positive_everywhere(x * y / (x + y) + 7)
        assert d.value is None and "rejected" in d.detail and "tampered" in d.detail
    finally:
        is_positive_everywhere.cache_clear()


# ------------------------------------------------------------------ the arithmetic against sympy

VARS = sp.symbols("a b c")
terms = st.lists(st.tuples(st.tuples(*[st.integers(0, 3)] * 3),
                           st.fractions(min_value=-5, max_value=5, max_denominator=6)), max_size=5)


def _kernel_poly(ts):
    return kernel.poly_from_data([[list(e), str(c)] for e, c in ts], 3)


def _sympy_poly(ts):
    return sp.Poly(sum((sp.Rational(c.numerator, c.denominator) * sp.prod([v ** k for v, k in zip(VARS, e)])
                        for e, c in ts), sp.Integer(0)), *VARS)


def _same(kp, sp_poly):
    expected = {m: Fraction(int(c.p), int(c.q)) for m, c in sp_poly.terms() if c != 0}
    assert kp == expected


@settings(max_examples=60, deadline=None)
@given(terms, terms)
def test_kernel_arithmetic_agrees_with_sympy(p, q):
    kp, kq = _kernel_poly(p), _kernel_poly(q)
    sp_p, sp_q = _sympy_poly(p), _sympy_poly(q)
    _same(P.add(kp, kq), sp_p + sp_q)
    _same(P.mul(kp, kq), sp_p * sp_q)
    _same(P.power(kp, 2, 3), sp_p ** 2)


@settings(max_examples=40, deadline=None)
@given(terms, st.lists(st.fractions(min_value=-3, max_value=3, max_denominator=4), min_size=3, max_size=3))
def test_kernel_shift_agrees_with_sympy(p, offsets):
    shifted = sp.Poly(_sympy_poly(p).as_expr().subs(
        {v: sp.Rational(o.numerator, o.denominator) + v for v, o in zip(VARS, offsets)}, simultaneous=True), *VARS)
    _same(P.shift(_kernel_poly(p), offsets), shifted)
