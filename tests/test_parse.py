"""The whitelist expression parser: what it accepts, and every way it refuses input."""

from __future__ import annotations

import builtins

import pytest
import sympy as sp

from symmetric import space
from symmetric.errors import InputError, UnknownNameError
from symmetric.parse import count_symbols, parse_expression, parse_parameter, probability_symbols

TP, FP, FN, TN = space.CELLS
COUNTS = count_symbols()
PROBS = probability_symbols()
lam = sp.Symbol("lambda", positive=True)

GOOD = [
    ("2*TP/(2*TP+FP+FN)", COUNTS, 2 * TP / (2 * TP + FP + FN)),
    ("TP/AP + TN/AN - 1", COUNTS, TP / (TP + FN) + TN / (TN + FP) - 1),
    ("-TP^2", COUNTS, -TP**2),
    ("2**3**2", COUNTS, sp.Integer(512)),          # right-associative
    ("2^-1", COUNTS, sp.Rational(1, 2)),
    ("0.25*TP + 1e-2", COUNTS, TP / 4 + sp.Rational(1, 100)),
    ("sqrt(FN*FP)", COUNTS, sp.sqrt(FN * FP)),
    ("max(TP, FP, 1) - min(TN, 2) + abs(FN - TP)", COUNTS,
     sp.Max(TP, FP, 1) - sp.Min(TN, 2) + sp.Abs(FN - TP)),
    ("log(TP+1) + exp(FP) + log(8, 2)", COUNTS, sp.log(TP + 1) + sp.exp(FP) + 3),
    ("PP + PN - n", COUNTS, sp.Integer(0)),
    ("cases(AP = 0, 2*TN/AN - 1, AN == 0, 2*TP/AP - 1, TP/AP + TN/AN - 1)", COUNTS,
     sp.Piecewise((2 * TN / (TN + FP) - 1, sp.Eq(TP + FN, 0)),
                  (2 * TP / (TP + FN) - 1, sp.Eq(TN + FP, 0)),
                  (TP / (TP + FN) + TN / (TN + FP) - 1, True))),
    ("piecewise(TP > 0 and not FP != 0 or TN <= 1, 1, 0)", COUNTS,
     sp.Piecewise((1, sp.Or(sp.And(TP > 0, sp.Not(sp.Ne(FP, 0))), TN <= 1)), (0, True))),
    ("lambda*TP - FP", {**COUNTS, "lambda": lam}, lam * TP - FP),
    ("P(S|G) + P(not S|not G) - 1", PROBS,
     space.Pr(space.S, space.G) + space.Pr(space.NS, space.NG) - 1),
    ("P(G and S) / P(~G)", PROBS, space.Joint(space.S, space.G) / space.Pr(space.NG)),
    ("P(not not G|S)", PROBS, space.Pr(space.G, space.S)),
    ("1e-0064 + 2E+064", COUNTS, sp.Rational(1, 10**64) + 2 * sp.Integer(10)**64),  # leading zeros
    ("exp(64)^64", COUNTS, sp.exp(4096)),                   # exactly the exp() limit
    ("TP^TP^TP", COUNTS, TP**(TP**TP)),                      # symbolic towers stay unevaluated
]


@pytest.mark.parametrize("text,symbols,expected", GOOD)
def test_accepts(text, symbols, expected):
    assert sp.simplify(parse_expression(text, symbols) - expected) == 0


# (text, symbols, message fragment, column); every refusal names source, line and column
BAD = [
    ("TP +", COUNTS, "unexpected end of input", 5),
    ("(TP", COUNTS, "expected ')'", 4),
    ("TP TN", COUNTS, "after a complete expression", 4),
    ("Tp + 1", COUNTS, "unknown name 'Tp'; did you mean 'TP'", 1),
    ("TP + foo(FP)", COUNTS, "unknown function 'foo'", 6),
    ("__import__('os').system('true')", COUNTS, "strings are not allowed", 12),
    ("TP.__class__", COUNTS, "attribute access", 3),
    ("eval(TP)", COUNTS, "unknown function 'eval'", 1),
    ("TP(1)", COUNTS, "not a function", 1),
    ("sqrt", COUNTS, "must be called", 1),
    ("9**9**9**9", COUNTS, "exponent too large", 5),
    ("(9**64)**64", COUNTS, "power too large", 8),
    ("((TP+1)^64)^64", COUNTS, "combined exponent too large", 12),
    ("TP^(1/1000)", COUNTS, "exponent denominator too large", 3),
    ("1e999999999", COUNTS, "exponent too large", 1),
    ("1" * 50, COUNTS, "longer than 40 digits", 1),
    ("(" * 45 + "TP" + ")" * 45, COUNTS, "nested too deeply", 41),
    ("+".join(["TP"] * 700), COUNTS, "expression too large", None),
    ("x" * 5000, COUNTS, "longer than 4000 characters", 1),
    ("exp(10^9)", COUNTS, "exp() argument too large", 1),
    ("1/0", COUNTS, "division by zero", 2),
    ("TP/(FP-FP)", COUNTS, "division by zero", 3),
    ("0^-1", COUNTS, "division by zero", 2),
    ("log(0)", COUNTS, "log(0) is undefined", 1),
    ("TP < 1", COUNTS, "is a condition, not a number", 1),
    ("(TP > 1) + 1", COUNTS, "condition cannot be used as a number", 10),
    ("TP and FP", COUNTS, "needs conditions", 4),
    ("cases(TP, 1, 0)", COUNTS, "argument 1 must be a condition", 1),
    ("cases(TP > 0, 1)", COUNTS, "odd number of arguments", 1),
    ("min(TP)", COUNTS, "at least 2 arguments", 1),
    ("TP @ FP", COUNTS, "unexpected character '@'", 4),
    ("TP; FP", COUNTS, "unexpected character ';'", 3),
    ("lambda x: x", COUNTS, "unexpected character ':'", 9),
    ("lambda + x", COUNTS, "unknown name 'lambda'", 1),
    ("", COUNTS, "empty expression", 1),
    ("P(S|G)", COUNTS, "unknown function 'P'", 1),
    ("P(S|X)", PROBS, "unknown probability 'P(S|X)'", 1),
    ("P(S|)", PROBS, "expected an event", 5),
    ("P(G|G)", PROBS, "unknown probability", 1),
    # constants that are not finite real numbers are refused where they are built, even when
    # an enclosing 0*... or abs(...) would make them vanish
    ("sqrt(-1)", COUNTS, "not a real number", 1),
    ("log(-1)", COUNTS, "not a real number", 1),
    ("TP + 0*sqrt(-4)", COUNTS, "not a real number", 8),
    ("abs(log(-2))", COUNTS, "not a real number", 5),
    ("(-8)^(1/3)", COUNTS, "not a real number", 5),
    ("(-1)**0.5 * 0", COUNTS, "not a real number", 5),
    ("exp(log(-1))", COUNTS, "not a real number", 5),
    ("max(sqrt(-1), 1)", COUNTS, "not a real number", 5),
    ("cases(sqrt(-1) > 0, 1, 2)", COUNTS, "not a real number", 7),
    ("cases(TP > 0, 1/TP, log(-3))", COUNTS, "not a real number", 21),
    ("sqrt(-TP)", COUNTS, "not a real number", 1),
    ("log(2, 1)", COUNTS, "undefined here", 1),
    ("log(TP, 1)", COUNTS, "undefined here", 1),
    ("log(0, 2)", COUNTS, "log(0) is undefined", 1),
    ("2 - 1/(3 - 3)", COUNTS, "division by zero", 6),
    ("zoo", COUNTS, "unknown name 'zoo'", 1),
    ("nan", COUNTS, "unknown name 'nan'", 1),
    ("oo", COUNTS, "unknown name 'oo'", 1),
    # number literals and towers: limits checked on the text or before evaluating
    ("1e-0065", COUNTS, "exponent too large", 1),
    ("TP + 1e" + "0" * 50 + "65", COUNTS, "exponent too large", 6),
    ("0." + "0" * 39 + "1", COUNTS, "longer than 40 digits", 1),
    ("\u0663 + 1", COUNTS, "unexpected character", 1),               # ARABIC-INDIC DIGIT THREE
    ("TP * \uff11\uff12", COUNTS, "unexpected character", 6),        # FULLWIDTH 1 2
    ("2^64^64", COUNTS, "exponent too large", 2),
    ("2^(2^(2^(2^(2^2))))", COUNTS, "exponent too large", 5),
    ("(exp(64)^64)^64", COUNTS, "combined exponent too large", 13),
    ("exp(exp(exp(8)))", COUNTS, "exp() argument too large", 1),
    ("@" * 5000, COUNTS, "longer than 4000 characters", 1),
    ("I", COUNTS, "unknown name 'I'", 1),
]


@pytest.mark.parametrize("text,symbols,fragment,column", BAD)
def test_refuses_with_position(text, symbols, fragment, column):
    with pytest.raises(InputError) as info:
        parse_expression(text, symbols, source="m.toml", line=7, column=12)
    err = info.value
    assert fragment in err.message
    assert err.source == "m.toml" and err.line == 7
    if column is not None:
        assert err.column == 12 + column - 1
    assert str(err).startswith("m.toml, line 7, column ")


@pytest.mark.parametrize("exception", [ValueError, TypeError, ZeroDivisionError, OverflowError,
                                       MemoryError, RecursionError])
def test_a_sympy_exception_becomes_a_positioned_error(exception, monkeypatch):
    """Whatever sympy raises while building a node is the user's input error at that node."""
    def broken(*args):
        raise exception("sympy gave up")
    monkeypatch.setattr(sp, "Abs", broken)
    with pytest.raises(InputError) as info:
        parse_expression("TP + abs(FP)", COUNTS, source="m.toml", line=2, column=5)
    assert (info.value.line, info.value.column) == (2, 10)   # "abs" is the 6th character
    assert "cannot evaluate this expression" in info.value.message


def test_error_on_a_later_line_counts_lines_within_the_text():
    with pytest.raises(InputError) as info:
        parse_expression("TP +\n  FP +\n   @", COUNTS, source="f.toml", line=3, column=10)
    assert (info.value.line, info.value.column) == (5, 4)


def test_unknown_name_offers_close_matches():
    with pytest.raises(UnknownNameError) as info:
        parse_expression("tn/AN", COUNTS)
    assert "TN" in info.value.suggestions


def test_nothing_is_executed(monkeypatch):
    """The parser never reaches eval/exec/sympify on the raw text."""
    calls = []

    def spy(name):
        def fail(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} called")
        return fail
    monkeypatch.setattr(builtins, "eval", spy("eval"))
    monkeypatch.setattr(builtins, "exec", spy("exec"))
    monkeypatch.setattr(sp, "sympify", spy("sympify"))
    monkeypatch.setattr(sp, "parse_expr", spy("parse_expr"), raising=False)
    for text in ("__import__('os').system('echo pwned')", "TP.__class__.__bases__", "2*TP/(2*TP+FP+FN)"):
        try:
            parse_expression(text, COUNTS)
        except InputError:
            pass
    assert calls == []


PARAMS = [
    ("lambda>0", ("lambda", 0, sp.oo)),
    ("0<a<1", ("a", 0, 1)),
    ("1>a>0", ("a", 0, 1)),
    ("beta", ("beta", 0, sp.oo)),
    ("c<2", ("c", -sp.oo, 2)),
    ("1/2 < w < 3/4", ("w", sp.Rational(1, 2), sp.Rational(3, 4))),
]


@pytest.mark.parametrize("text,expected", PARAMS)
def test_parameter_declarations(text, expected):
    p = parse_parameter(text)
    assert (p.name, p.low, p.high) == expected


# (declaration, message fragment, column of the offending piece)
BAD_PARAMS = [
    ("TP>0", "already used", 1),
    ("sqrt>0", "already used", 1),
    ("0 < and < 1", "already used", 5),
    ("a<=1", "strict", 2),
    ("0 < a = 1", "strict", 7),
    ("1<a<0", "empty parameter interval", 1),
    ("a>b", "bound must be a number; 'b' is not allowed", 3),
    ("a > TP", "bound must be a number; 'TP' is not allowed", 5),
    ("0<a<1<2", "cannot read", 6),
    ("a > 0 < 1", "cannot read", 7),
    ("9a>0", "cannot read", 1),
    ("a b", "invalid parameter name 'a b'", 1),
    ("a>>0", "nothing before '>'", 3),
    ("a>", "nothing after '>'", 3),
    ("  <1", "nothing before '<'", 3),
    ("", "empty declaration", 1),
    ("a > @", "unexpected character '@'", 5),
    ("0 < a < sqrt(-1)", "not a real number", 9),
    ("a > 1e999", "exponent too large", 5),
    ("a > (1", "expected ')'", 7),
    ("1.5 < 2a", "cannot read", 1),
    (3, "must be text", 1),
]


@pytest.mark.parametrize("text,fragment,column", BAD_PARAMS)
def test_bad_parameter_declarations(text, fragment, column):
    with pytest.raises(InputError) as info:
        parse_parameter(text, reserved=tuple(COUNTS), source="m.toml", line=4, column=10)
    err = info.value
    assert fragment in err.message
    assert (err.source, err.line, err.column) == ("m.toml", 4, 10 + column - 1)


def test_parameter_declaration_remembers_where_its_name_is():
    assert parse_parameter("  0 < alpha < 1", column=5).column == 5 + 6


# sympy cancels some denominators as it builds (TP/TP is 1): the point where the written
# measure is undefined would silently disappear.  (text, symbols, column of the "/" or "^")
from symmetric.quantification.check import SYMBOLS as QUANT  # noqa: E402

CANCELLED = [
    ("TP/TP", COUNTS, 3, "TP = 0"),
    ("0*FP/(TP-10)", COUNTS, 5, "TP - 10 = 0"),
    ("1/(TP-10) - 1/(TP-10)", COUNTS, 2, "TP - 10 = 0"),
    ("(TP+FN)/AP", COUNTS, 8, "FN + TP = 0"),
    ("TP/AP*AP/n", COUNTS, 3, "FN + TP = 0"),
    ("AP^-1*AP", COUNTS, 3, "FN + TP = 0"),
    ("cases(TP > 0, TP*FP/FP, 1)", COUNTS, 20, "FP = 0"),
    ("P(S|G)/P(S|G)", PROBS, 7, "P(S|G) = 0"),
    ("(q-p)/(q-p)*n", QUANT, 6, "p - q = 0"),
]


@pytest.mark.parametrize("text,symbols,column,zero", CANCELLED)
def test_cancelled_denominator_is_refused(text, symbols, column, zero):
    with pytest.raises(InputError) as info:
        parse_expression(text, symbols, source="m.toml", line=3, column=1)
    err = info.value
    assert (err.line, err.column) == (3, column)
    assert f"vanishes where {zero}" in err.message and "cases(" in err.message


KEPT = [
    "2*TP/(2*TP+FP+FN)",
    "(TP*TN - FP*FN)/sqrt(AP*AN*PP*PN)",
    "cases(AP = 0, 0, TP/AP)",
    "(TP+1)/(TP+1)",                         # never zero for counts
    "lambda/lambda*TP",                      # a positive parameter
    "TP/AP^2*AP",                            # AP stays a denominator
    "(TP-FN)/(TP^2-FN^2)",                   # a factor of a kept denominator
    "(TP/AP)/(TN/AN)",                       # AN = 0 forces TN = 0: still undefined there
    "2/(1/(TP/PP) + 1/(TP/AP))",             # likewise PP = 0 forces TP = 0
    "(TP/AP)^-1",                            # AP/TP: AP = 0 forces TP = 0
    "log(TP/AP + 1) + sqrt(TN/AN)",
]


@pytest.mark.parametrize("text", KEPT)
def test_kept_denominators_are_accepted(text):
    parse_expression(text, {**COUNTS, "lambda": lam})
