"""Predicates built from a property stated as data (a relational or an expectation statement of
:mod:`symmetric.properties.statements`), evaluated independently of the decider.

The statement is read as data only (its transformation's kind and cell names, its relation's
name, its conditions, its model and constant): the transformations are applied to integer
tables here, by this module's own code, the conditions are evaluated by the cross-check's own
compiler (:func:`.sympyform.compile_sympy`), the measure by the written formula in exact rationals
(:mod:`.values`).  Every table with 1 <= |D| <= 12 is enumerated; a scaling compares t with
k t for k in 2, 3 where k t is one of those tables too (the values at the tables of the bound
are shared with the other predicates; scaled tables beyond it would cost an evaluation each).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from . import values as V
from .classification import expectations, pair_sign
from .formula import CELL_NAMES, MAX_N, SCOPE_TABLES, Formula, tables
from .outcome import Finding, Tally, Witness
from .sympyform import compile_sympy

_CELLS = {name: (lambda env, k=name: env[k]) for name in CELL_NAMES}
_SIGN = {"=": (0, True), ">": (1, True), ">=": (1, False), "<": (-1, True), "<=": (-1, False)}
_ORIENTED = {"better": ">", "not-worse": ">=", "worse": "<", "not-better": "<="}
_FACTORS = (2, 3)


def _apply(kind: str, cells: tuple[str, ...], t: tuple, k: int):
    """The transformed table, or None where the transformation does not apply."""
    d = dict(zip(CELL_NAMES, t))
    if kind == "swap":
        for a, b in zip(cells[::2], cells[1::2]):
            d[a], d[b] = t[CELL_NAMES.index(b)], t[CELL_NAMES.index(a)]
    elif kind == "move":
        if d[cells[0]] < 1:
            return None
        d[cells[0]] -= 1
        d[cells[1]] += 1
    elif kind == "add":
        d[cells[0]] += 1
    elif kind == "scale":
        for c in cells:
            d[c] *= k
    elif kind == "perfect":
        d = {"TP": d["TP"] + d["FN"], "FP": 0, "FN": 0, "TN": d["TN"] + d["FP"]}
    elif kind == "worst":
        d = {"TP": 0, "FP": d["FP"] + d["TN"], "FN": d["FN"] + d["TP"], "TN": 0}
    else:
        raise KeyError(kind)
    return tuple(d[c] for c in CELL_NAMES)


def _satisfies(conditions, t) -> bool | None:
    env = dict(zip(CELL_NAMES, map(Fraction, t)))
    values = [c(env) for c in conditions]
    return None if any(v not in (True, False) for v in values) else all(values)


@lru_cache(maxsize=256)
def _tested(where: tuple) -> tuple:
    """(t, whether t satisfies the conditions ``where``: True, False or None) for every table with
    1 <= |D| <= MAX_N, in the enumeration's order.  The conditions are in the cells only, so the
    answer is one per clause, shared by every measure and reading (the atlas asked it again for
    each of its ~80 measures)."""
    conditions = [compile_sympy(w, _CELLS) for w in where]
    return tuple((t, _satisfies(conditions, t)) for t in tables(MAX_N, 1))


def _holds(relation: str, s: int, orientation: int) -> bool:
    if relation in _ORIENTED:
        relation, s = _ORIENTED[relation], s * orientation
    want, strict = _SIGN[relation]
    return s == 0 if want == 0 else (s * want > 0 if strict else s * want >= 0)


def _clauses(statement, reading: str):
    choices = set(reading.split(", "))
    return [c for c in statement.clauses if c.only is None or c.only in choices]


def relational(statement, strict: bool, reading: str):
    scaled = any(c.transform.kind == "scale" for c in statement.clauses)
    scope = SCOPE_TABLES + (" (for a scaling, the pairs t, k t with k = 2, 3 both among them)" if scaled else "")

    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for clause in _clauses(statement, reading):
            kind, cells = clause.transform.kind, clause.transform.cells
            tested = _tested(clause.where)
            for params in f.settings:
                for t, ok in tested:
                    if kind == "scale" and 2 * sum(t) > MAX_N:
                        continue
                    if ok is None:
                        tally.uncertain += 1
                    if not ok:
                        continue
                    for k in (_FACTORS if kind == "scale" else (2,)):
                        u = _apply(kind, cells, t, k)
                        if u is None or kind == "scale" and sum(u) > MAX_N:
                            continue
                        s = pair_sign(f, (("t", t), ("T(t)", u)), params, tally, strict)
                        if tally.done():
                            return tally.finding(scope)
                        if s is not None and not _holds(clause.relation, s, o):
                            a, b = f.value(t, params), f.value(u, params)
                            tally.fail(Witness(f"not M(T(t)) {clause.relation} M(t) for {clause.transform.text}",
                                               (("t", t), ("T(t)", u)), (("t", a), ("T(t)", b)), params))
                            return tally.finding(scope)
        return tally.finding(scope)
    return predicate


def expected(statement, strict: bool):
    target = Fraction(int(statement.value.p), int(statement.value.q))

    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for params in f.settings:
            for (ap, an), label, e in expectations(f, statement.model, params, strict, tally):
                s = V.compare(e, target)
                if s is None:
                    tally.uncertain += 1
                elif not _holds(statement.relation, s, 1):
                    tally.fail(Witness(f"not E[M] {statement.relation} {target} ({label})",
                                       (("test set", (ap, an)),), (("E", e),), params))
                    return tally.finding(_scope(statement.model))
            if tally.done():            # an undefined expectation (strict)
                break
        return tally.finding(_scope(statement.model))
    return predicate


def _scope(model: str) -> str:
    return f"the exact expectations ({model}) on all test sets with |D| <= {MAX_N}"


def predicate_for(statement, reading: str):
    """The predicate of a statement in a reading (its choice names joined, e.g. "strict, global")."""
    strict = "strict" in reading.split(", ")
    if hasattr(statement, "clauses"):
        return relational(statement, strict, reading)
    return expected(statement, strict)
