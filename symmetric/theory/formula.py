"""The constraint language of the theory: linear atoms over rational unknowns, Boolean literals,
conjunctions and disjunctions.  Small and closed, so that two independent readers (z3 in
:mod:`.solve`, exact Fourier-Motzkin in :mod:`.recheck`) can interpret the same objects, and a
witness can be re-evaluated in Fraction arithmetic (:func:`holds`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

OPS = (">", ">=", "=")


@dataclass(frozen=True)
class Atom:
    """sum(coeff * var) + const OP 0, OP in :data:`OPS`; ``terms`` sorted, no zero coefficient."""

    terms: tuple[tuple[str, Fraction], ...]
    const: Fraction
    op: str

    def __post_init__(self) -> None:
        if self.op not in OPS:
            raise ValueError(f"unknown relation {self.op!r}")

    @property
    def variables(self) -> set[str]:
        return {v for v, _ in self.terms}

    def text(self) -> str:
        left, right = [], []
        for v, c in self.terms:
            side = left if c > 0 else right
            side.append(v if abs(c) == 1 else f"{abs(c)}*{v}")
        if self.const > 0:
            left.append(str(self.const))
        elif self.const < 0:
            right.append(str(-self.const))
        return f"{' + '.join(left) or '0'} {self.op} {' + '.join(right) or '0'}"


@dataclass(frozen=True)
class Lit:
    """A Boolean unknown (``positive``) or its negation."""

    var: str
    positive: bool = True

    def text(self) -> str:
        return self.var if self.positive else f"not {self.var}"


@dataclass(frozen=True)
class And:
    items: tuple

    def text(self) -> str:
        return "(" + " and ".join(text(i) for i in self.items) + ")" if self.items else "true"


@dataclass(frozen=True)
class Or:
    items: tuple

    def text(self) -> str:
        return "(" + " or ".join(text(i) for i in self.items) + ")" if self.items else "false"


def text(f) -> str:
    return f.text()


def linear(coeffs, const=0, op: str = ">=") -> Atom:
    """The atom sum(c * v) + const OP 0, ``coeffs`` a dict or (v, c) pairs (repeated unknowns add
    up; zero coefficients dropped, so M(t) = M(t) is the true atom 0 = 0)."""
    terms = {}
    for v, c in (coeffs.items() if isinstance(coeffs, dict) else coeffs):
        terms[v] = terms.get(v, Fraction(0)) + Fraction(c)
    return Atom(tuple(sorted((v, c) for v, c in terms.items() if c != 0)), Fraction(const), op)


def compare(a: str, op: str, b: str) -> Atom:
    """a OP b for two unknowns (OP one of >, >=, =, <, <=)."""
    if op in ("<", "<="):
        a, b, op = b, a, op.replace("<", ">")
    return linear(((a, 1), (b, -1)), 0, op)     # pairs: a dict would lose a == b


def negate(f):
    """not f, in the language (a negated equality is a disjunction of two strict atoms)."""
    if isinstance(f, Atom):
        minus = Atom(tuple((v, -c) for v, c in f.terms), -f.const, ">")
        if f.op == ">":
            return Atom(minus.terms, minus.const, ">=")
        if f.op == ">=":
            return minus
        return Or((Atom(f.terms, f.const, ">"), minus))
    if isinstance(f, Lit):
        return Lit(f.var, not f.positive)
    if isinstance(f, And):
        return Or(tuple(negate(i) for i in f.items))
    return And(tuple(negate(i) for i in f.items))


def implies(guard: tuple, f):
    """(l1 and l2 ...) -> f, as a disjunction."""
    return Or(tuple(negate(g) for g in guard) + (f,)) if guard else f


def holds(f, values: dict) -> bool:
    """Does f hold at exact values (unknown -> Fraction or bool)?  Missing unknowns: KeyError."""
    if isinstance(f, Atom):
        s = sum((c * Fraction(values[v]) for v, c in f.terms), f.const)
        return s > 0 if f.op == ">" else s >= 0 if f.op == ">=" else s == 0
    if isinstance(f, Lit):
        return bool(values[f.var]) == f.positive
    if isinstance(f, And):
        return all(holds(i, values) for i in f.items)
    return any(holds(i, values) for i in f.items)


def variables(f) -> set[str]:
    if isinstance(f, Atom):
        return f.variables
    if isinstance(f, Lit):
        return {f.var}
    return set().union(*(variables(i) for i in f.items)) if f.items else set()


def rename(f, mapping: dict):
    """f with unknowns renamed (mapping: old -> new name)."""
    if isinstance(f, Atom):
        return linear([(mapping.get(v, v), c) for v, c in f.terms], f.const, f.op)
    if isinstance(f, Lit):
        return Lit(mapping.get(f.var, f.var), f.positive)
    return type(f)(tuple(rename(i, mapping) for i in f.items))


def is_table_unknown(name: str) -> bool:
    """M(t) and D(t) are the measure; every other unknown is a property's own (existential) one."""
    return name.startswith(("M(", "D("))
