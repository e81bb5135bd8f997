"""The constraint language as LaTeX (the atlas's theory page typesets it as MathML, its LaTeX
section as is): an unknown's name ``M(2,0,0,1)``, ``c_FIX_best``, ``W_CHA_bernoulli(0,0,1,1)``
becomes M(2,0,0,1), c with subscript FIX,best, W with subscript CHA,bernoulli; an atom keeps the
side its coefficients' signs put each term on, as :meth:`.formula.Atom.text` does."""

from __future__ import annotations

import re
from fractions import Fraction

from .formula import And, Atom, Lit

_NAME = re.compile(r"^([A-Za-z])(?:_([A-Za-z0-9_]+))?(\(.*\))?('*)$")
_SAFE = re.compile(r"^[A-Za-z0-9_(),/' -]+$")
OPS = {">": ">", ">=": r"\ge", "=": "="}


def name(v: str) -> str:
    """An unknown's name in LaTeX (only letters, digits, ``_(),/'`` and spaces are ever passed
    through: a name is built by the encoders, never typed by a user, but a page must not trust it)."""
    if not _SAFE.match(v):
        return r"\mathrm{?}"
    m = _NAME.match(v)
    if m is None:
        return r"\mathrm{" + v.replace("_", r"\_") + "}"
    letter, sub, args, primes = m.groups()
    out = letter + ("_{\\mathrm{" + sub.replace("_", ",") + "}}" if sub else "")
    return out + (args or "") + primes


def _coefficient(c: Fraction) -> str:
    c = abs(c)
    if c == 1:
        return ""
    return str(c.numerator) if c.denominator == 1 else rf"\frac{{{c.numerator}}}{{{c.denominator}}}"


def _number(c: Fraction) -> str:
    return str(c.numerator) if c.denominator == 1 else rf"\frac{{{c.numerator}}}{{{c.denominator}}}"


def atom(a: Atom) -> str:
    left, right = [], []
    for v, c in a.terms:
        (left if c > 0 else right).append(_coefficient(c) + name(v))
    if a.const > 0:
        left.append(_number(a.const))
    elif a.const < 0:
        right.append(_number(-a.const))
    return f"{' + '.join(left) or '0'} {OPS[a.op]} {' + '.join(right) or '0'}"


def latex(f) -> str:
    """A formula (atom, literal, conjunction, disjunction) in LaTeX."""
    if isinstance(f, Atom):
        return atom(f)
    if isinstance(f, Lit):
        return name(f.var) if f.positive else r"\neg " + name(f.var)
    joiner, empty = (r" \wedge ", r"\top") if isinstance(f, And) else (r" \vee ", r"\bot")
    if not f.items:
        return empty
    return r"\left(" + joiner.join(latex(i) for i in f.items) + r"\right)"
