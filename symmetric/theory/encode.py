"""Properties as constraints on the values of an unknown measure on the tables up to a bound.

Unknowns: M(t) (a real per table t with 1 <= |D| <= N, degenerate test sets included) and, in
the ``defined`` reading, D(t) (is M defined at t).  Higher is better (a lower-is-better measure
is the negation of one).  Each :class:`Instance` is one clause of one property on named tables.

Boundary: a transformation whose image leaves the bound (|T(t)| > N) gives no instance: fewer
constraints are weaker, so an "inconsistent" stays sound and "consistent" means "on the tables up
to N".  Per-test-set parts (FIX's range, CHA's expectation) need only the tables of one test set,
which are all inside the bound.  Existential parts (the best value, the constant expectation)
are fresh unknowns, never a choice among grid values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..errors import InvalidArgument
from ..properties.statements import (
    CELL_NAMES,
    Clause,
    ExpectationStatement,
    RelationalStatement,
    Transform,
    satisfied,
)
from ..properties.metric import configurations, pair_table
from ..properties.tables import tables
from .formula import And, Lit, Or, compare, implies, linear

Table = tuple[int, int, int, int]

# relation of M(T(t)) to M(t), higher is better
_OP = {"=": "=", ">": ">", ">=": ">=", "<": "<", "<=": "<=", "better": ">", "not-worse": ">=", "worse": "<",
       "not-better": "<="}
_MODELS = ("bernoulli", "uniform-size", "fixed-size")
DEFINEDNESS = ("strict", "defined")


@dataclass(frozen=True)
class Instance:
    """One constraint of one property: ``text`` says it in words, ``formula`` in the language."""

    prop: str
    text: str
    formula: object
    tables: tuple[Table, ...] = ()
    # an auxiliary unknown's definition (W(t) in an expectation), not a claim of the property:
    # "not Q" negates Q's claims and keeps its definitions
    definition: bool = False


def value(t: Table) -> str:
    return "M({},{},{},{})".format(*t)


def defined(t: Table) -> str:
    return "D({},{},{},{})".format(*t)


def show(t: Table) -> str:
    return "({},{},{},{})".format(*t)


def _guard(partial: bool, *ts: Table) -> tuple:
    return tuple(Lit(defined(t)) for t in dict.fromkeys(ts)) if partial else ()


def test_sets(n: int):
    for total in range(1, n + 1):
        for ap in range(total + 1):
            yield ap, total - ap


def classifiers(ap: int, an: int):
    for tp in range(ap + 1):
        for tn in range(an + 1):
            yield (tp, an - tn, ap - tp, tn)


# ------------------------------------------------------------------ relational statements

def relational(name: str, clauses, n: int, partial: bool) -> list[Instance]:
    out = []
    for clause in clauses:
        op = _OP[clause.relation]
        tr = clause.transform
        factors = range(2, n + 1) if tr.scaled else (None,)
        for t in tables(n, degenerate=True):
            need = tr.needs
            if need is not None and t[CELL_NAMES.index(need[0])] < need[1]:
                continue
            if not satisfied(clause.where, t):
                continue
            for k in factors:
                u = tr.on_table(t, k or 2)
                if sum(u) > n:              # outside the bound: omitted (weaker, sound)
                    continue
                if clause.chain and partial:
                    out += _chain_link(name, clause, t, u)
                    continue
                scale = "" if k is None else f", k = {k}"
                text = f"{name}: M({tr.text}) {clause.relation} M at t = {show(t)}, T(t) = {show(u)}{scale}"
                out.append(Instance(name, text, implies(_guard(partial, t, u), compare(value(u), op, value(t))),
                                    (t, u)))
    return out


def _chain_link(name: str, clause: Clause, t: Table, u: Table) -> list[Instance]:
    """A chain clause (constancy on a face: global MAXA, MINA) for a partial measure: every table
    of the face where M is defined scores one constant c_NAME_face.  Linking only neighbours that
    are both defined would be weaker (a gap where M is undefined could cut the chain), and a
    separation needs P's full strength."""
    c = f"c_{name}_face"
    return [Instance(name, f"{name}: M{show(x)} = {c} where defined ({clause.text})",
                     implies(_guard(True, x), compare(value(x), "=", c)), (x,)) for x in (t, u)]


def _clause(kind, cells, relation, *where) -> Clause:
    return Clause(Transform(kind, cells), relation, tuple(where))


_MON = (_clause("move", ("FN", "TP"), "better"), _clause("move", ("FP", "TN"), "better"))
_SYM = (_clause("swap", ("TP", "TN", "FP", "FN"), "="),)


# ------------------------------------------------------------------ definedness and ranges

def sde(n: int, partial: bool) -> list[Instance]:
    if not partial:
        return []                    # a total measure is defined everywhere
    return [Instance("SDE", f"SDE: M is defined at {show(t)}", Lit(defined(t)), (t,)) for t in tables(n, degenerate=True)]


def wde(n: int, partial: bool) -> list[Instance]:
    if not partial:
        return []
    out = []
    for ap, an in test_sets(n):
        ts = tuple(classifiers(ap, an))
        out.append(Instance("WDE", f"WDE: on the test set AP = {ap}, AN = {an}, M is defined everywhere or nowhere",
                            Or((And(tuple(Lit(defined(t)) for t in ts)),
                                And(tuple(Lit(defined(t), False) for t in ts)))), ts))
    return out


def imb(n: int, partial: bool) -> list[Instance]:
    out = []
    for ap, an in test_sets(n):
        if ap and an:
            for label, t in (("acceptor", (ap, an, 0, 0)), ("rejector", (0, 0, ap, an))):
                out.append(Instance("IMB", f"IMB: the trivial {label} {show(t)} scores the constant c_{label}",
                                    implies(_guard(partial, t), compare(value(t), "=", f"c_IMB_{label}")), (t,)))
    return out


def fix(n: int, partial: bool) -> list[Instance]:
    """One best value b and one worst value w for every test set: every defined score lies in
    [w, b] and each is attained on every test set where M is defined somewhere."""
    out = []
    for ap, an in test_sets(n):
        ts = tuple(classifiers(ap, an))
        for t in ts:
            out.append(Instance("FIX", f"FIX: c_FIX_worst <= M{show(t)} <= c_FIX_best",
                                implies(_guard(partial, t), And((compare(value(t), "<=", "c_FIX_best"),
                                                                  compare(value(t), ">=", "c_FIX_worst")))), (t,)))
        for end in ("best", "worst"):
            reach = Or(tuple(And(_guard(partial, t) + (compare(value(t), "=", f"c_FIX_{end}"),)) for t in ts))
            nowhere = (And(tuple(Lit(defined(t), False) for t in ts)),) if partial else ()
            out.append(Instance("FIX", f"FIX: the {end} value c_FIX_{end} is attained on the test set AP = {ap}, "
                                f"AN = {an}", Or(nowhere + (reach,)), ts))
    return out


def noninformative(ap: int, an: int) -> list[Table]:
    """The outputs of the test set that are independent of the gold standard (TP TN = FP FN: the
    empty and the full output included), by output size (each size has at most one)."""
    return sorted((t for t in classifiers(ap, an) if t[0] * t[3] == t[1] * t[2]), key=lambda t: t[0] + t[1])


def nifq(n: int, partial: bool, per_test_set: bool) -> list[Instance]:
    """Amigo et al.'s NIFQ on tables: every non-informative output scores one constant (reading
    ``constant=fixed``: the same on every test set; ``per-test-set``: one per test set)."""
    out = []
    for ap, an in test_sets(n):
        c = f"c_NIFQ_{ap}_{an}" if per_test_set else "c_NIFQ"
        for t in noninformative(ap, an):
            out.append(Instance("NIFQ", f"NIFQ: the non-informative output {show(t)} scores {c}",
                                implies(_guard(partial, t), compare(value(t), "=", c)), (t,)))
    return out


def nigq(n: int, partial: bool) -> list[Instance]:
    """Amigo et al.'s NIGQ on tables: on each test set a larger non-informative output scores
    strictly higher (every pair, not only neighbours: where M is undefined a gap must not cut the
    chain, and a separation needs the property's full strength)."""
    out = []
    for ap, an in test_sets(n):
        ts = noninformative(ap, an)
        for i, small in enumerate(ts):
            for big in ts[i + 1:]:
                out.append(Instance("NIGQ", f"NIGQ: the larger non-informative output {show(big)} beats {show(small)}",
                                    implies(_guard(partial, small, big), compare(value(big), ">", value(small))),
                                    (small, big)))
    return out


# ------------------------------------------------------------------ distance (a metric on labelings)

DIST_K = "k_DIST"


def distance(n: int, partial: bool) -> list[Instance]:
    """Gosgens et al.'s DIST: d is a metric on the labelings of a set of items, d = 1 - M for a
    higher-is-better measure, d = M for a lower-is-better one (as :mod:`..properties.metric`
    reads it).  M here is higher-is-better (a lower-is-better measure is its negation), so
    d = k - M with one fresh unknown k, 1 or 0 by the orientation; every clause is linear:

    * d >= 0 and d = 0 exactly at FP = FN = 0: M(t) = k there, M(t) < k elsewhere;
    * symmetry (truth and prediction swapped): M(t) = M(FP <-> FN);
    * the triangle inequality for three labelings of n <= N items, each configuration (how many
      items carry each of the 8 label triples) once: M(A,B) + M(B,C) - M(A,C) <= k.

    Every table of a configuration has n items, inside the bound: each clause is the property's."""
    out = [Instance("DIST", f"DIST: {DIST_K} = 1 (higher is better, d = 1 - M) or {DIST_K} = 0 (lower is better, "
                    "d = M)",
                    Or((linear({DIST_K: 1}, -1, "="), linear({DIST_K: 1}, 0, "="))))]
    for t in tables(n, degenerate=True):
        tp, fp, fn, tn = t
        if fp == fn == 0:
            out.append(Instance("DIST", f"DIST: d = 0 at the agreeing labelings {show(t)}: M{show(t)} = {DIST_K}",
                                implies(_guard(partial, t), compare(value(t), "=", DIST_K)), (t,)))
        else:
            out.append(Instance("DIST", f"DIST: d > 0 at the disagreeing labelings {show(t)}: M{show(t)} < {DIST_K}",
                                implies(_guard(partial, t), compare(value(t), "<", DIST_K)), (t,)))
        if fp < fn:
            u = (tp, fn, fp, tn)
            out.append(Instance("DIST", f"DIST: d symmetric, M{show(t)} = M{show(u)}",
                                implies(_guard(partial, t, u), compare(value(t), "=", value(u))), (t, u)))
    seen = set()
    for size in range(1, n + 1):
        for counts in configurations(size):
            ab, bc, ac = pair_table(counts, 0, 1), pair_table(counts, 1, 2), pair_table(counts, 0, 2)
            key = (ab, bc, ac)
            if key in seen:
                continue
            seen.add(key)
            terms: dict = {}
            for tab, c in ((ab, 1), (bc, 1), (ac, -1)):
                terms[value(tab)] = terms.get(value(tab), 0) + c
            terms[DIST_K] = terms.get(DIST_K, 0) - 1
            out.append(Instance("DIST", f"DIST: triangle d(A,C) <= d(A,B) + d(B,C) with tables A-B {show(ab)}, "
                                f"B-C {show(bc)}, A-C {show(ac)}",
                                # M(A,B) + M(B,C) - M(A,C) - k <= 0, as its negation >= 0
                                implies(_guard(partial, ab, bc, ac), linear({v: -c for v, c in terms.items()}, 0, ">=")),
                                tuple(dict.fromkeys((ab, bc, ac)))))
    return out


# ------------------------------------------------------------------ expectations

def probability(model: str, tp: int, fp: int, ap: int, an: int) -> Fraction:
    n = ap + an
    if model == "bernoulli":
        return Fraction(comb(ap, tp) * comb(an, fp), 2 ** n)
    if model == "uniform-size":
        return Fraction(comb(ap, tp) * comb(an, fp), (n + 1) * comb(n, tp + fp))
    return Fraction(comb(ap, tp) * comb(an, fp), comb(n, tp + fp))


def expectation(name: str, model: str, op: str, target, n: int, partial: bool) -> list[Instance]:
    """E[M] OP target on every test set (every output size k for ``fixed-size``); ``target`` a
    Fraction or the name of a fresh unknown.  Defined reading: E[M | M defined] OP target, i.e.
    sum over defined outcomes of p (M - target) OP 0 (the probability mass is positive), with
    W(t) = M(t) - target where M is defined and 0 elsewhere; a test set (size) where M is defined
    at no outcome is left out."""
    out, tag = [], f"{name}_{model}"
    shift = {target: -1} if isinstance(target, str) else {}
    const = 0 if isinstance(target, str) else -Fraction(target)
    for ap, an in test_sets(n):
        sizes = range(ap + an + 1) if model == "fixed-size" else (None,)
        for k in sizes:
            outcomes = [(probability(model, tp, fp, ap, an), (tp, fp, ap - tp, an - fp))
                        for tp in range(ap + 1) for fp in range(an + 1) if k is None or tp + fp == k]
            where = f"AP = {ap}, AN = {an}" + ("" if k is None else f", output size {k}")
            if not partial:
                coeffs = {}
                for p, t in outcomes:
                    coeffs[value(t)] = coeffs.get(value(t), 0) + p
                atom = _relate(linear({**coeffs, **shift}, const, ">="), op)
                out.append(Instance(name, f"{name}: E[M] {op} {target} on the test set {where} ({model} model)",
                                    atom, tuple(t for _, t in outcomes)))
                continue
            w = {f"W_{tag}{show(t)}": p for p, t in outcomes}
            atom = _relate(linear(w, 0, ">="), op)
            nowhere = And(tuple(Lit(defined(t), False) for _, t in outcomes))
            out.append(Instance(name, f"{name}: E[M | M defined] {op} {target} on the test set {where} ({model} "
                                "model)", Or((nowhere, atom)), tuple(t for _, t in outcomes)))
    if partial:
        for t in tables(n, degenerate=True):
            w = f"W_{tag}{show(t)}"
            out.append(Instance(name, f"{name}: {w} = M{show(t)} - {target} where M is defined, 0 elsewhere",
                                And((Or((Lit(defined(t), False), linear({w: 1, value(t): -1, **{k: -v for k, v in
                                                                                                 shift.items()}},
                                                                         -const, "="))),
                                     Or((Lit(defined(t)), linear({w: 1}, 0, "="))))), (t,), definition=True))
    return out


def _relate(atom, op: str):
    """The atom's linear form (read as L >= 0) related to 0 by op."""
    if op in ("<", "<="):
        atom = linear({v: -c for v, c in atom.terms}, -atom.const, ">=")
        op = op.replace("<", ">")
    return type(atom)(atom.terms, atom.const, op)


# ------------------------------------------------------------------ a property in a reading

ENCODED = ("TSYM", "SMON", "MAXA", "MINA", "ITN", "ISC", "ICL", "CB", "MON", "SDE", "WDE", "SYM", "IMB", "FIX",
           "CHA", "NIFQ", "NIGQ", "SM", "DIST")
# properties that finitely many constraints on a table function cannot state, and why (said to
# the user as "not encodable", never approximated: an approximation would give wrong verdicts)
NOT_ENCODABLE = {
    "CON": "continuity and bounded derivatives concern the measure between the tables (on the real rectangle of "
           "a test set); on the tables themselves any values extend to such a function, so a table encoding would "
           "make 'P implies CON' true of every P",
    "AW": "its threshold is on the measure's parameter (a family of measures), not on the values of one function "
          "of the table",
}


def instances(prop, reading: dict, n: int) -> list[Instance]:
    """The constraints of a catalogue or user property (``prop``: a Property) in ``reading``;
    ``test-sets=nondegenerate`` keeps the instances whose tables all have AP >= 1 and AN >= 1
    (every instance lists all the tables it involves; an expectation's are one test set's)."""
    found = list({i.text: i for i in _instances(prop, reading, n)}.values())     # one instance once
    if reading.get("test-sets", "all") == "nondegenerate":
        found = [i for i in found if all(t[0] + t[2] >= 1 and t[1] + t[3] >= 1 for t in i.tables)]
    return found


def _instances(prop, reading: dict, n: int) -> list[Instance]:
    partial = reading.get("definedness", "strict") == "defined"
    statement = getattr(prop, "statement", None)
    if isinstance(statement, RelationalStatement):
        choices = tuple(reading.get(a.name, dict(prop.headline.choices).get(a.name)) for a in prop.axes)
        return relational(prop.name, statement.clauses_in(choices), n, partial)
    if isinstance(statement, ExpectationStatement):
        return expectation(prop.name, statement.model, _OP[statement.relation], Fraction(statement.value.p,
                                                                                         statement.value.q),
                           n, partial)
    name = prop.name
    if name in NOT_ENCODABLE:
        raise InvalidArgument("property", name, "is not encodable: " + NOT_ENCODABLE[name])
    if name in ("MON", "SM"):
        # Amigo et al.'s SM is Sebastiani's MON on tables (a relevant item moved into the output,
        # FN -> TP, or an irrelevant one out of it, FP -> TN, strictly improves the score); its
        # test-sets reading is the global axis
        return relational(name, _MON, n, partial)
    if name == "SYM":
        return relational(name, _SYM, n, partial)
    if name == "CB":
        return expectation(name, "fixed-size", "=", "c_CB", n, partial)
    if name == "CHA":
        model = reading.get("model", "bernoulli")
        return expectation(name, model, "=", f"c_CHA_{model}", n, partial)
    if name == "NIFQ":
        return nifq(n, partial, reading.get("constant", "fixed") == "per-test-set")
    if name == "NIGQ":
        return nigq(n, partial)
    if name == "DIST":
        return distance(n, partial)
    table = {"SDE": sde, "WDE": wde, "IMB": imb, "FIX": fix}
    if name in table:
        return table[name](n, partial)
    raise InvalidArgument("property", name, "has no table encoding for consistent/implies (encoded: "
                          + ", ".join(ENCODED) + ", and user properties)")
