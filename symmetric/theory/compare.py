"""``symmetric compare A B ...``: measures side by side.

* their verdicts on the classification properties in the headline readings: read from the atlas
  cache when it has the cell (an authenticated entry, its counterexample re-checked on use, see
  :mod:`symmetric.store.cells`), else decided by the one decision path
  (:func:`symmetric.properties.driver.decide`) and stored;
* the properties that separate them (one holds, the other fails; undetermined separates nothing);
* for every pair: a proof that one is a strictly increasing function of the other on every test
  set (:func:`.order.prove`), else the smallest pair of tables on one test set that they rank in
  opposite orders, in exact arithmetic (:func:`.order.opposite_pair`), else undetermined.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from itertools import combinations

from ..errors import InvalidArgument
from . import order

SEARCH_N = 10      # test sets with n = AP + AN <= SEARCH_N are searched for an opposite pair


@dataclass(frozen=True)
class Relation:
    a: str
    b: str
    verdict: str                  # "monotone" | "opposite" | "tie" | "undetermined"
    how: str
    function: str = ""
    pair: order.Pair | None = None

    def to_json(self) -> dict:
        out = {"a": self.a, "b": self.b, "verdict": self.verdict, "how": self.how}
        if self.function:
            out["function"] = self.function
        if self.pair is not None:
            p = self.pair
            out["pair"] = {"test_set": {"AP": p.ap, "AN": p.an},
                           "t": dict(zip(("TP", "FP", "FN", "TN"), p.t)),
                           "u": dict(zip(("TP", "FP", "FN", "TN"), p.u)),
                           self.a: [str(v) for v in p.a], self.b: [str(v) for v in p.b],
                           "meaning": "exact values at t and u, each measure oriented so that higher is better"}
        return out


@dataclass(frozen=True)
class Comparison:
    measures: tuple[str, ...]
    properties: tuple[tuple[str, str], ...]              # (property, headline reading)
    verdicts: tuple[tuple[str, ...], ...]                # per measure, per property
    sources: tuple[str, ...]                             # per measure: "cache 12, computed 7"
    relations: tuple[Relation, ...]
    parameters: tuple[tuple[str, str], ...] = ()

    def separating(self) -> list[tuple[str, dict]]:
        out = []
        for k, (prop, _) in enumerate(self.properties):
            row = {m: self.verdicts[j][k] for j, m in enumerate(self.measures)}
            if "holds" in row.values() and "fails" in row.values():
                out.append((prop, row))
        return out

    def to_json(self) -> dict:
        return {"measures": list(self.measures),
                "readings": {p: r for p, r in self.properties},
                "verdicts": {m: dict(zip((p for p, _ in self.properties), self.verdicts[j]))
                             for j, m in enumerate(self.measures)},
                "sources": dict(zip(self.measures, self.sources)),
                "separating": [{"property": p, "verdicts": row} for p, row in self.separating()],
                "order": [r.to_json() for r in self.relations],
                "order_meaning": "on every test set with AP, AN >= 1, over the tables where both are defined: "
                                 "monotone = B is a strictly increasing function of A (proved); opposite = two tables "
                                 "ranked in opposite orders (exact); tie = one ties two tables the other does not",
                "parameters": dict(self.parameters)}

    def lines(self) -> list[str]:
        names = [p for p, _ in self.properties]
        width = max(len(m) for m in self.measures)
        mark = {"holds": "+", "fails": "-", "undetermined": "?"}
        out = [" " * width + "  " + " ".join(f"{p:>5}" for p in names)]
        for j, m in enumerate(self.measures):
            out.append(f"{m:<{width}}  " + " ".join(f"{mark[v]:>5}" for v in self.verdicts[j]))
        out.append("(+ holds, - fails, ? undetermined; headline readings; " + "; ".join(
            f"{m}: {s}" for m, s in zip(self.measures, self.sources)) + ")")
        sep = self.separating()
        out.append("separating properties: " + (", ".join(
            f"{p} (" + ", ".join(f"{m} {v}" for m, v in row.items()) + ")" for p, row in sep) if sep else "none"))
        for r in self.relations:
            out.append(f"{r.a} vs {r.b}: {r.verdict}: {r.how}")
            if r.function:
                out.append(f"  {r.function} (read off by elimination)")
            if r.pair is not None:
                p = r.pair
                out.append(f"  test set AP = {p.ap}, AN = {p.an}: t = {p.t}, u = {p.u}; {r.a}: {p.a[0]} -> {p.a[1]}, "
                           f"{r.b}: {p.b[0]} -> {p.b[1]}")
        if self.parameters:
            out.append("parameters: " + ", ".join(f"{k} = {v}" for k, v in self.parameters))
        return out


def relation(a, b, search_n: int = SEARCH_N) -> Relation:
    proof = order.prove(a, b)
    if proof.holds is True:
        return Relation(a.name, b.name, "monotone", f"{b.name} is a strictly increasing function of {a.name} on every "
                        f"test set (proved: {proof.method})", proof.function)
    pair = order.opposite_pair(a, b, search_n)
    if pair is not None and pair.opposite:
        return Relation(a.name, b.name, "opposite", f"they rank two tables of one test set in opposite orders "
                        f"(exact; {proof.method})", pair=pair)
    if pair is not None:
        return Relation(a.name, b.name, "tie", "one ties two tables that the other ranks apart (exact), so neither "
                        f"is a strictly increasing function of the other; no opposite pair with n <= {search_n} "
                        f"({proof.method})", pair=pair)
    return Relation(a.name, b.name, "undetermined", f"{proof.method}; no disagreement on the test sets with "
                    f"n <= {search_n}")


def verdicts(measure, props, cache, time_limit) -> tuple[tuple[str, ...], str]:
    """The measure's verdict on each property (headline reading), from ``cache`` (the one result
    cache) or decided by the one decision path (and then kept in ``cache``)."""
    from ..properties.cached import cache_keys
    from ..properties.driver import decide
    from ..store import results
    out, hits = [], 0
    with results.using(cache) if cache is not None else contextlib.nullcontext():
        for p in props:
            [key] = cache_keys(measure, ((p, p.headline),))
            result = results.get(key, measure)
            if result is None:
                result = decide(measure, p, time_limit=time_limit)      # and kept in the cache
            else:
                hits += 1
            out.append(result.verdict.value)
    return tuple(out), f"{hits} from the atlas cache, {len(props) - hits} computed"


def compare(names, property_names=(), cache=None, time_limit=60, search_n: int = SEARCH_N) -> Comparison:
    from ..measures.registry import get
    from ..properties.catalogue import for_kind, named
    if len(names) < 2:
        raise InvalidArgument("measures", " ".join(names), "compare needs at least two measures")
    measures = [get(n, "classification") for n in names]
    if len({m.name for m in measures}) < len(measures):
        raise InvalidArgument("measures", " ".join(names), "name one measure twice")
    props = [named(n, "classification") for n in property_names] if property_names else list(for_kind("classification"))
    found = [verdicts(m, props, cache, time_limit) for m in measures]
    params = tuple((f"{m.name}.{k}", str(v)) for m in measures for k, v in order.parameters(m).items())
    return Comparison(tuple(m.name for m in measures), tuple((p.name, p.headline.name) for p in props),
                      tuple(v for v, _ in found), tuple(s for _, s in found),
                      tuple(relation(a, b, search_n) for a, b in combinations(measures, 2)), params)
