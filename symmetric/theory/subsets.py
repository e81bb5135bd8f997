"""Minimal inconsistent and maximal consistent subsets of a set of properties (the map an
impossibility theorem draws): every subset is decided in order of size, a superset of a known
impossibility is inconsistent without a new solve (a core of a part is a core of the whole)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .decide import Outcome, consistent
from .encode import show

MAX_PROPERTIES = 8


@dataclass(frozen=True)
class SubsetMap:
    names: tuple[str, ...]
    bound: int
    minimal_inconsistent: tuple[Outcome, ...]       # each with its re-checked core
    maximal_consistent: tuple[tuple[str, ...], ...]  # on the tables up to the bound
    undetermined: tuple[Outcome, ...]

    def to_json(self) -> dict:
        return {"properties": list(self.names), "bound": {"max_n": self.bound},
                "minimal_inconsistent": [o.to_json() for o in self.minimal_inconsistent],
                "maximal_consistent": [list(s) for s in self.maximal_consistent],
                "maximal_consistent_meaning": f"consistent on the tables up to {self.bound}; no larger subset is",
                "undetermined": [o.to_json() for o in self.undetermined]}

    def lines(self) -> list[str]:
        out = [f"subsets of {' '.join(self.names)} (tables with 1 <= |D| <= {self.bound})",
               "minimal inconsistent (each a re-checked impossibility on all tables):"]
        for o in self.minimal_inconsistent:
            core = o.cores[0]
            tables = sorted({t for i in core for t in i.tables})
            out.append(f"  {{{', '.join(o.properties)}}}: {len(core)} instances on "
                       + (", ".join(show(t) for t in tables) if tables else "the grid"))
        out.append(f"maximal consistent (on the tables up to {self.bound}):")
        out += [f"  {{{', '.join(s)}}}" for s in self.maximal_consistent]
        for o in self.undetermined:
            out.append(f"  undetermined: {{{', '.join(o.properties)}}}: {o.reason}")
        return out


def subset_map(names: tuple[str, ...], groups: list, bound: int, readings, extra=None) -> SubsetMap:
    """``extra(names of a subset)``: instances that hold for a measure with all of them (lemmas
    of a reading, e.g. :func:`.quant.vertex_limits`), added to that subset's."""
    inconsistent, consistent_sets, undetermined, minimal, unsure = [], [], [], [], []
    unsure_sets = []
    k = len(names)
    for size in range(1, k + 1):
        for idx in combinations(range(k), size):
            chosen = set(idx)
            if any(s <= chosen for s in inconsistent):
                continue
            chosen_names = tuple(names[i] for i in idx)
            more = [extra(set(chosen_names))] if extra is not None else []
            o = consistent(chosen_names, [groups[i] for i in idx] + more, bound, readings)
            if o.verdict == "inconsistent":
                inconsistent.append(chosen)
                # every proper subset came before (smaller): minimal unless one of them was undetermined
                (unsure if any(u < chosen for u in unsure_sets) else minimal).append(o)
            elif o.verdict == "consistent":
                consistent_sets.append(chosen)
            else:
                undetermined.append(o)
                unsure_sets.append(chosen)
    # a minimal set is truly minimal only if none of its proper subsets was undetermined
    maximal = [s for s in consistent_sets if not any(s < t for t in consistent_sets)]
    return SubsetMap(tuple(names), bound, tuple(minimal),
                     tuple(tuple(names[i] for i in sorted(s)) for s in maximal), tuple(undetermined) + tuple(unsure))
