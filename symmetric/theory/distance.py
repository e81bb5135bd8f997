"""Gosgens et al.'s DIST on tables: d is a metric on the labelings of a set of items, where d =
1 - M for a higher-is-better measure and d = M for a lower-is-better one (as
:mod:`symmetric.properties.metric` reads it).  The encoding's M is higher-is-better (a
lower-is-better measure is its negation), so d = k - M with one fresh unknown k of the property,
k = 1 or k = 0 by the measure's orientation; every clause is then linear in M and k:

* d >= 0: M(t) <= k; d = 0 exactly at FP = FN = 0: M(t) = k there, M(t) < k elsewhere;
* symmetry (truth and prediction swapped): M(t) = M(FP <-> FN);
* the triangle inequality d(A,C) <= d(A,B) + d(B,C) for three labelings of n <= N items, each
  configuration (how many items carry each of the 8 label triples) once:
  M(A,B) + M(B,C) - M(A,C) <= k.

Every table of a configuration has n items, so all are inside the bound: each clause is one of
the property's own, and an inconsistency with them is one of DIST.
"""

from __future__ import annotations

from ..properties.metric import configurations, pair_table
from ..properties.tables import tables
from .encode import Instance, _guard, show, value
from .formula import Or, compare, implies, linear

K = "k_DIST"


def instances(n: int, partial: bool) -> list[Instance]:
    out = [Instance("DIST", f"DIST: {K} = 1 (higher is better, d = 1 - M) or {K} = 0 (lower is better, d = M)",
                    Or((linear({K: 1}, -1, "="), linear({K: 1}, 0, "="))))]
    for t in tables(n, degenerate=True):
        tp, fp, fn, tn = t
        if fp == fn == 0:
            out.append(Instance("DIST", f"DIST: d = 0 at the agreeing labelings {show(t)}: M{show(t)} = {K}",
                                implies(_guard(partial, t), compare(value(t), "=", K)), (t,)))
        else:
            out.append(Instance("DIST", f"DIST: d > 0 at the disagreeing labelings {show(t)}: M{show(t)} < {K}",
                                implies(_guard(partial, t), compare(value(t), "<", K)), (t,)))
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
            terms[K] = terms.get(K, 0) - 1
            out.append(Instance("DIST", f"DIST: triangle d(A,C) <= d(A,B) + d(B,C) with tables A-B {show(ab)}, "
                                f"B-C {show(bc)}, A-C {show(ac)}",
                                # M(A,B) + M(B,C) - M(A,C) - k <= 0, as its negation >= 0
                                implies(_guard(partial, ab, bc, ac), linear({v: -c for v, c in terms.items()}, 0, ">=")),
                                tuple(dict.fromkeys((ab, bc, ac)))))
    return out

