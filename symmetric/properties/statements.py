"""Properties stated as data: "for every table t of a domain, M(T(t)) REL M(t)" (a relational
statement, possibly a conjunction of such clauses), or "E[M] under a random model REL c" (an
expectation statement).  The built-in literature properties (:mod:`.literature`) and the
user's own (``symmetric check --property FILE.toml``) are rows of these two shapes; the decider
(:mod:`.relational`) and the independent cross-check (:mod:`symmetric.crosscheck.relational`)
each read the same row and interpret it with code of their own.

Transformations (:data:`TRANSFORM_KINDS`), on a table (TP, FP, FN, TN):

* ``swap``     exchange cells pairwise (``FP <-> FN``; ``TP <-> TN, FP <-> FN``);
* ``move``     one unit from a cell to another (``FP -> TN``; needs the first cell >= 1);
* ``add``      one more unit in a cell (``TP + 1``; the test set grows);
* ``scale``    the named cells times an integer k >= 2 (all four: uniform scaling; TP, FN: the
               positive class; FP, TN: the negative class);
* ``perfect``  the perfect classifier of the same test set, (AP, 0, 0, AN);
* ``worst``    the classifier that gets every item wrong on the same test set, (0, AN, AP, 0).

Relations (:data:`RELATIONS`) compare M(T(t)) with M(t): ``=``, ``<``, ``>``, ``<=``, ``>=``, and
the orientation-aware ``better``, ``not-worse``, ``worse``, ``not-better`` (for a
lower-is-better measure "better" is "lower").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from ..errors import InvalidArgument, UnknownNameError
from ..domain import InternalSymbol
from ..space import CELLS

CELL_NAMES = tuple(c.name for c in CELLS)
_INDEX = {name: k for k, name in enumerate(CELL_NAMES)}

# name -> (sign the measure's difference must have, strict, uses orientation); sign 0: equal
RELATIONS = {
    "=": (0, True, False), ">": (1, True, False), ">=": (1, False, False), "<": (-1, True, False),
    "<=": (-1, False, False), "better": (1, True, True), "not-worse": (1, False, True),
    "worse": (-1, True, True), "not-better": (-1, False, True),
}

# kind -> (how many cells it names, what it does): the table of transformation kinds
TRANSFORM_KINDS = {
    "swap": ("pairs", "exchange cells pairwise"),
    "move": (2, "move one unit from the first cell to the second"),
    "add": (1, "add one unit to the cell"),
    "scale": ("some", "multiply the named cells by an integer k >= 2"),
    "perfect": (0, "the perfect classifier of the same test set (AP, 0, 0, AN)"),
    "worst": (0, "the classifier that gets every item wrong on the same test set (0, AN, AP, 0)"),
}
SCALE_FACTORS = (2, 3)              # the k the searches try (the proofs cover every real k > 1)
K_EXCESS = InternalSymbol("u_k", positive=True)
K = 1 + K_EXCESS                    # the scale factor in a proof: every real k > 1


# what a counterexample observed: the relation's failure, said positively ("M(T(t)) != M(t)",
# not "not M(T(t)) = M(t)"); both values are defined there, so "not <" is ">="
FAILED_RELATION = {"=": "M(T(t)) != M(t)", "<": "M(T(t)) >= M(t)", ">": "M(T(t)) <= M(t)",
                   "<=": "M(T(t)) > M(t)", ">=": "M(T(t)) < M(t)",
                   "better": "M(T(t)) not better than M(t)", "not-worse": "M(T(t)) worse than M(t)",
                   "worse": "M(T(t)) not worse than M(t)", "not-better": "M(T(t)) better than M(t)"}


def relation_named(name: str, **where) -> str:
    """A relation by name (close matches for an unknown one)."""
    if name not in RELATIONS:
        raise UnknownNameError("relation", str(name), list(RELATIONS), **where)
    return name


def cell_named(name: str, **where) -> str:
    """A cell by name, case-insensitively (close matches for an unknown one)."""
    for c in CELL_NAMES:
        if c.lower() == str(name).strip().lower():
            return c
    raise UnknownNameError("cell", str(name).strip(), list(CELL_NAMES), **where)


@dataclass(frozen=True)
class Transform:
    """One transformation of the table: its kind and the cells it names."""

    kind: str
    cells: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in TRANSFORM_KINDS:
            raise UnknownNameError("transformation kind", self.kind, list(TRANSFORM_KINDS))
        arity = TRANSFORM_KINDS[self.kind][0]
        for c in self.cells:
            cell_named(c)
        ok = {"pairs": len(self.cells) >= 2 and len(self.cells) % 2 == 0
              and len(set(self.cells)) == len(self.cells),
              "some": 1 <= len(self.cells) == len(set(self.cells))}.get(arity, len(self.cells) == arity)
        if not ok or (self.kind == "move" and self.cells[0] == self.cells[1]):
            raise InvalidArgument("cells", self.cells, f"do not fit a {self.kind} ({TRANSFORM_KINDS[self.kind][1]})")

    @property
    def text(self) -> str:
        """The transformation as written in a property file."""
        c = self.cells
        if self.kind == "swap":
            return ", ".join(f"{a} <-> {b}" for a, b in zip(c[::2], c[1::2]))
        if self.kind == "move":
            return f"{c[0]} -> {c[1]}"
        if self.kind == "add":
            return f"{c[0]} + 1"
        return "scale " + " ".join(c) if self.kind == "scale" else self.kind

    @property
    def needs(self) -> tuple[str, int] | None:
        """A cell that must hold at least one unit for the transformation to apply."""
        return (self.cells[0], 1) if self.kind == "move" else None

    @property
    def scaled(self) -> bool:
        return self.kind == "scale"

    def on_symbols(self, cells: dict, k=K) -> dict:
        """The transformed cells as expressions of ``cells`` (cell symbol -> expression)."""
        tp, fp, fn, tn = (cells[c] for c in CELLS)
        out = dict(cells)
        named = [CELLS[_INDEX[c]] for c in self.cells]
        if self.kind == "swap":
            for a, b in zip(named[::2], named[1::2]):
                out[a], out[b] = cells[b], cells[a]
        elif self.kind == "move":
            out[named[0]] = cells[named[0]] - 1
            out[named[1]] = cells[named[1]] + 1
        elif self.kind == "add":
            out[named[0]] = cells[named[0]] + 1
        elif self.kind == "scale":
            for c in named:
                out[c] = k * cells[c]
        elif self.kind == "perfect":
            out = dict(zip(CELLS, (tp + fn, sp.Integer(0), sp.Integer(0), tn + fp)))
        else:   # worst
            out = dict(zip(CELLS, (sp.Integer(0), fp + tn, fn + tp, sp.Integer(0))))
        return out

    def on_table(self, t: tuple[int, int, int, int], k: int = 2) -> tuple[int, int, int, int]:
        """The transformed integer table (the caller checks :attr:`needs`)."""
        out = self.on_symbols(dict(zip(CELLS, map(sp.Integer, t))), sp.Integer(k))
        return tuple(int(out[c]) for c in CELLS)


@dataclass(frozen=True)
class Clause:
    """M(T(t)) REL M(t) for every table t with |D| >= 1 that satisfies ``where`` (and the
    transformation's own need, e.g. FP >= 1 for FP -> TN).  ``only``: the choice of a reading
    axis in which the clause applies (None: every reading)."""

    transform: Transform
    relation: str
    where: tuple[sp.Basic, ...] = ()       # relations in the cells (conjunction)
    only: str | None = None
    # a chain of equalities (constancy): its proof may leave no zero pattern out (a gap could cut it)
    chain: bool = False
    # M(T(t)) stands for every t (the best table of t's test set): where M(t) is defined and M(T(t))
    # is not, the clause says nothing about t, so the defined reading cannot skip such a table
    needs_target: bool = False

    def __post_init__(self) -> None:
        relation_named(self.relation)
        flat = []
        for w in self.where:
            flat.extend(w.args if isinstance(w, sp.And) else (w,))
        object.__setattr__(self, "where", tuple(flat))
        for w in self.where:
            if not isinstance(w, sp.Basic) or not w.free_symbols <= set(CELLS):
                raise InvalidArgument("where", w, "must be a condition in TP, FP, FN, TN")

    @property
    def text(self) -> str:
        cond = " and ".join(condition_text(w) for w in self.where)
        return f"M({self.transform.text}) {self.relation} M" + (f" where {cond}" if cond else "")


@dataclass(frozen=True)
class RelationalStatement:
    """A conjunction of clauses (every clause must hold)."""

    clauses: tuple[Clause, ...]

    def clauses_in(self, choices: tuple[str, ...]) -> tuple[Clause, ...]:
        """The clauses that apply in a reading (given by its choice names)."""
        return tuple(c for c in self.clauses if c.only is None or c.only in choices)


@dataclass(frozen=True)
class ExpectationStatement:
    """E[M] REL value for every test set (and, for a per-size model, every output size), under
    a random model of CHA's ``model`` axis."""

    model: str
    relation: str
    value: sp.Rational

    def __post_init__(self) -> None:
        relation_named(self.relation)
        if self.relation in ("better", "not-worse", "worse", "not-better"):
            raise InvalidArgument("relation", self.relation, "compares an expectation with a number: use =, <, >, "
                                  "<=, >=")
        if not (isinstance(self.value, sp.Basic) and self.value.is_Rational):
            raise InvalidArgument("value", self.value, "must be an exact rational number")


_OPS = {sp.Eq: "=", sp.Ne: "!=", sp.Ge: ">=", sp.Gt: ">", sp.Le: "<=", sp.Lt: "<"}


def condition_text(w: sp.Basic) -> str:
    """A condition as plain text, as a property file writes it ("FP + FN >= 1", "TP = 0")."""
    op = _OPS.get(type(w))
    if op is None:
        return str(w)
    lhs = " + ".join(c.name for c in CELLS if c in w.lhs.free_symbols) if w.lhs.is_Add and all(
        a in CELLS for a in w.lhs.args) else str(w.lhs)
    return f"{lhs} {op} {w.rhs}"


def satisfied(where: tuple[sp.Basic, ...], t: tuple[int, ...]) -> bool:
    """Does the integer table satisfy every condition?"""
    at = None
    for w in where:
        linear = _integer_form(w)
        if linear is not None:
            test, coefficients, constant = linear
            if not test(sum(c * x for c, x in zip(coefficients, t)) + constant):
                return False
            continue
        at = at or dict(zip(CELLS, map(sp.Integer, t)))
        if not bool(w.xreplace(at)):
            return False
    return True


_TESTS = {sp.Eq: (lambda d: d == 0), sp.Ne: (lambda d: d != 0), sp.Ge: (lambda d: d >= 0),
          sp.Gt: (lambda d: d > 0), sp.Le: (lambda d: d <= 0), sp.Lt: (lambda d: d < 0)}


@lru_cache(maxsize=1024)
def _integer_form(w: sp.Basic):
    """(test of lhs - rhs, its integer coefficients of TP, FP, FN, TN, its integer constant) for a
    condition linear in the cells with integer coefficients ("FP + FN >= 1", "TP = 0"): the
    relational searches test thousands of tables, and sympy's substitution was most of their
    time (the same truth value in integers); None for any other condition (substituted)."""
    test = _TESTS.get(type(w))
    if test is None:
        return None
    d = sp.expand(w.lhs - w.rhs)
    if not d.free_symbols <= set(CELLS):
        return None
    try:
        poly = sp.Poly(d, *CELLS)
    except sp.PolynomialError:
        return None
    if poly.total_degree() > 1 or not all(c.is_Integer for c in poly.coeffs()):
        return None
    coefficients = tuple(int(poly.coeff_monomial(x)) for x in CELLS)
    return test, coefficients, int(poly.coeff_monomial(1))


def holds_sign(relation: str, sign: int, orientation: int) -> bool:
    """Does a certified sign of M(T(t)) - M(t) satisfy the relation?"""
    want, strict, oriented = RELATIONS[relation]
    s = sign * (orientation if oriented else 1)
    if want == 0:
        return s == 0
    return s * want > 0 if strict else s * want >= 0
