"""Implications for every size, by instantiation at symbolic tables (definedness properties).

"P implies Q" on the tables up to N is bounded (:mod:`.decide`).  For a property stated table by
table, the argument can be made once for all sizes: "not Q" says that some tables t, u, ... (of
any size) stand in a given relation and M misbehaves there; P, stated for every table, holds in
particular at t, u, ...; if those instances of P and the failure of Q cannot hold together, no
measure of any size has P without Q.  The tables stay symbolic: the unknowns are ``D(t)``,
``D(u)``, and the exact re-check (:mod:`.recheck`) decides the finitely many instances with
every unknown free -- more freedom than any concrete tables give (t = u would only add
constraints), so infeasibility here is infeasibility at every instance.

The schemas are the ``defined`` reading of Sebastiani's SDE and WDE (in the ``strict`` reading a
measure is total and they have no instances):

* SDE: M is defined at every table (|D| >= 1): ``D(x)`` for every table x;
* WDE: on every test set M is defined for every classifier or for none: the tables of one test
  set are all defined or all undefined.  Its negation: two classifiers t, u of one test set with
  M defined at exactly one of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .formula import And, Lit, Or
from .recheck import unsatisfiable


@dataclass(frozen=True)
class Negation:
    """"Q fails", as symbolic tables with what is known of them, and the failure on them."""

    tables: tuple[str, ...]        # symbolic table names: "t", "u"
    same_test_set: bool            # all of them classifiers of one test set
    text: str
    formula: object                # over D(t), D(u), ...


def _d(x: str) -> str:
    return f"D({x})"


def negation(name: str) -> Negation | None:
    if name == "SDE":
        return Negation(("t",), False, "M is undefined at some table t", Lit(_d("t"), False))
    if name == "WDE":
        return Negation(("t", "u"), True, "M is defined at exactly one of two classifiers t, u of one test set",
                        Or((And((Lit(_d("t")), Lit(_d("u"), False))), And((Lit(_d("t"), False), Lit(_d("u")))))))
    return None


def instances(name: str, neg: Negation) -> list[tuple[str, object]] | None:
    """P's instances at the symbolic tables of ``neg`` (each valid because of what neg says of
    them), as (text, formula); None when P has no schema."""
    if name == "SDE":
        return [(f"SDE at {x}: M is defined at the table {x}", Lit(_d(x))) for x in neg.tables]
    if name == "WDE":
        if not neg.same_test_set or len(neg.tables) < 2:
            return []
        ds = tuple(Lit(_d(x)) for x in neg.tables)
        return [(f"WDE on the test set of {', '.join(neg.tables)}: defined at all of them or at none",
                 Or((And(ds), And(tuple(Lit(d.var, False) for d in ds)))))]
    return None


@dataclass(frozen=True)
class SchemaProof:
    p: tuple[str, ...]
    q: str
    negation: Negation
    instances: tuple[tuple[str, object], ...]
    recheck: str

    def lines(self) -> list[str]:
        out = [f"Suppose {self.q} fails: {self.negation.text} (any size)."]
        out += [f"  {text}:  {f.text()}" for text, f in self.instances]
        out.append(f"  not {self.q} there:  {self.negation.formula.text()}")
        unknowns = ", ".join(f"D({x})" for x in self.negation.tables)
        verb = "imply" if len(self.p) > 1 else "implies"
        out.append(f"These cannot hold together ({self.recheck}), whatever {unknowns} are: "
                   f"{' and '.join(self.p)} {verb} {self.q} on tables of every size.")
        return out


def prove(p_names, q_name: str, reading: dict) -> SchemaProof | None:
    """A proof that the conjunction of ``p_names`` implies ``q_name`` for every size, re-checked
    exactly, or None (no schema, or the instances do not refute not-Q)."""
    if reading.get("definedness") != "defined":
        return None
    neg = negation(q_name)
    if neg is None:
        return None
    found = []
    for name in p_names:
        got = instances(name, neg)
        if got is None:
            return None
        found += got
    if not found:
        return None
    ok, how = unsatisfiable([f for _, f in found] + [neg.formula])
    if ok is not True:
        return None
    return SchemaProof(tuple(p_names), q_name, neg, tuple(found), how)
