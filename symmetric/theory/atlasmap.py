"""The map of the theory: every ordered pair of encoded classification properties decided by
:func:`.decide.implies` (one reading for all, the bound N), and the minimal inconsistent /
maximal consistent subsets of Gosgens et al.'s binary properties and of Sebastiani's
quantification properties (:mod:`.subsets`).  Rows run in worker processes (one row: P against
every Q, the instances built once per row); every cell is timed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

GOSGENS = ("TSYM", "SMON", "MAXA", "MINA", "CB", "DIST")
QUANT = ("NN", "IoI", "MON", "IMP", "REL", "ABS", "MAX")


@dataclass(frozen=True)
class Cell:
    p: str
    q: str
    verdict: str            # implies | separated | undetermined
    measure: str            # a catalogue measure that separates (a finite witness on the grid), or ""
    detail: str             # the failed instance, the certificate's size, or the reason
    seconds: float
    # implies: the first re-checked core; separated: the failed instance, or (Q with unknowns of
    # its own) the core of Q that fails at the witness; each (instance in words, constraint in LaTeX)
    certificate: tuple[tuple[str, str], ...] = ()
    certificates: int = 0   # implies: the number of distinct cores (one per instance of Q, shared)
    witness: tuple[tuple[str, str], ...] = ()   # separated: (unknown in LaTeX, exact value) the failure names

    def to_json(self) -> dict:
        return {"p": self.p, "q": self.q, "verdict": self.verdict, "measure": self.measure or None,
                "detail": self.detail, "seconds": round(self.seconds, 2),
                # the constraint as a math slot (README, "The JSON notation"): kept in LaTeX only
                "certificate": [{"instance": t, "constraint": {"text": None, "latex": c}} for t, c in self.certificate],
                "certificates": self.certificates, "witness": dict(self.witness)}


@dataclass(frozen=True)
class TheoryMap:
    names: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    bound: int
    cells: tuple[Cell, ...]
    subsets: tuple = ()       # (title, SubsetMap)
    seconds: float = 0.0

    def cell(self, p: str, q: str) -> Cell | None:
        return next((c for c in self.cells if c.p == p and c.q == q), None)

    def counts(self) -> dict:
        out: dict = {}
        for c in self.cells:
            out[c.verdict] = out.get(c.verdict, 0) + 1
        return out

    def to_json(self) -> dict:
        return {"properties": list(self.names), "readings": dict(self.readings),
                "bound": {"max_n": self.bound, "meaning": "tables with 1 <= TP+FP+FN+TN <= max_n"},
                "meaning": "implies: a re-checked core of P and not-q for every instance q of Q up to the bound "
                           "(bounded); separated: a witness with P where an instance of Q fails, re-evaluated "
                           "exactly (measure: a catalogue measure that does the same on the grid)",
                "counts": self.counts(), "seconds": round(self.seconds, 1),
                "worst_cell_seconds": round(max((c.seconds for c in self.cells), default=0.0), 2),
                "cells": [c.to_json() for c in self.cells],
                "subsets": [{"title": t, **m.to_json()} for t, m in self.subsets]}


def _detail(o) -> str:
    if o.verdict == "implies":
        return f"{len(o.cores)} certificates" if o.cores else o.recheck
    if o.verdict == "separated":
        return o.failed.text if o.failed is not None else f"Q fails for every value of its own unknowns ({o.recheck})"
    return o.reason


def _evidence(o) -> tuple[tuple, int, tuple]:
    """(certificate lines, number of cores, witness values) of an outcome, for the pages."""
    from .formula import variables
    from .texform import latex, name
    if o.verdict == "implies":
        core = o.cores[0] if o.cores else ()
        return tuple((i.text, latex(i.formula)) for i in core), len(o.cores), ()
    if o.verdict != "separated":
        return (), 0, ()
    shown = (o.failed,) if o.failed is not None else (o.cores[0] if o.cores else ())
    lines = tuple((i.text, latex(i.formula)) for i in shown)
    named = sorted(set().union(*(variables(i.formula) for i in shown)) if shown else set())
    values = tuple((name(v), str(o.witness[v])) for v in named if v in o.witness)
    return lines, 0, values


def row(p: str, names: tuple[str, ...], given: tuple[str, ...], bound: int) -> list[Cell]:
    """P against every other Q (run in a worker process)."""
    from ..properties.catalogue import named
    from . import decide
    from .encode import instances
    from .run import catalogue_for, readings
    props = {n: named(n, "classification") for n in names}
    reading = readings(list(props.values()), given)
    cat = catalogue_for(bound, reading)
    mine = instances(props[p], reading, bound)
    out = []
    for q in names:
        if q == p:
            continue
        start = time.process_time()
        o = decide.implies((p, q), mine, instances(props[q], reading, bound), bound, sorted(reading.items()), cat)
        out.append(Cell(p, q, o.verdict, o.measure or "", _detail(o), time.process_time() - start, *_evidence(o)))
    return out


def _rows(names, given, bound, workers: int) -> list[Cell]:
    if workers <= 1:
        return [c for p in names for c in row(p, names, given, bound)]
    from .. import runner
    # as the atlas: from a forkserver (no lock inherited from a thread), killed if stopped
    with runner.worker_pool(workers, "forkserver", preload=[__name__]) as pool:
        futures = [pool.submit(row, p, names, given, bound) for p in names]
        return [c for f in futures for c in f.result()]


def compute(names=(), given=(), bound: int = 4, workers: int = 1, subsets: bool = True) -> TheoryMap:
    from .encode import ENCODED
    from .run import quantification, readings, properties
    from .subsets import subset_map
    names = tuple(names) or ENCODED
    props = properties(names)
    names = tuple(p.name for p in props)
    reading = readings(props, given)         # checked before the work
    start = time.perf_counter()
    cells = _rows(names, tuple(given), bound, workers)
    maps = []
    if subsets:
        gos = properties(GOSGENS)
        for title, extra in (("Gosgens et al. (all test sets)", ()),
                             ("Gosgens et al. (test sets with both classes)", ("test-sets=nondegenerate",))):
            r = readings(gos, tuple(given) + extra)
            from .encode import instances
            maps.append((title, subset_map(GOSGENS, [instances(p, r, bound) for p in gos], bound, sorted(r.items()))))
        qnames, groups, qread = quantification(QUANT, (), 6)
        maps.append(("Sebastiani, quantification (binary, grid k/6)", subset_map(tuple(qnames), groups, 6, qread)))
    return TheoryMap(names, tuple(sorted(reading.items())), bound, tuple(cells), tuple(maps),
                     time.perf_counter() - start)
