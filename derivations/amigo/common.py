"""What the amigo derivations share: the paper's symbols, the measures (with the paper's smoothed
variants), the non-informative substitution and the table of every property the claims use
(each cell computed once, when a claim first asks for it or, for `prove`, all at once before the
claims: the paper's ``prepare``).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import sympy as sp

from symmetric.claims import Derivation
from symmetric import runner
from symmetric.config import configured, settings
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.measures.base import Measure
from symmetric.properties import amigo as props
from ..deciding import decided, decided_already, decided_elsewhere
from symmetric.store import results
from symmetric.space import NONINFORMATIVE_DOMAIN, to_noninformative
from symmetric.measures.smoothing import laplace, noninformative_smoothing


PAPER = "amigo"
alpha = sp.Symbol("alpha", positive=True)
lam = sp.Symbol("lambda", positive=True)
NI = NONINFORMATIVE_DOMAIN


def to_ni(expr):
    return to_noninformative(expr)


def with_params(domain, measure: Measure):
    return domain.with_intervals([p.interval() for p in measure.params])


def logit(x):
    return sp.log(x / (1 - x))


def logit_inverse(y):
    return sp.exp(y) / (1 + sp.exp(y))


PROPERTY_MEASURES = ("Lam%_smN", "Odds_smN", "F_smN", "F_smL", "Phi", "Kappa", "Lam%_smL", "Odds_smL", "MI",
                     "Chi", "MAAc", "WAcc", "Utility", "Lam%", "Odds", "F", "F(R,S)", "Acc", "Reliability",
                     "SensitivityRS")   # every measure whose properties a claim uses, costliest first
COLUMNS = props.COLUMNS

# a run that computes this many cells or more says so first (the whole table, 80 cells, is ~12 s
# of work on one core)
ANNOUNCE_FROM = 8


def _measure_cells(job: tuple) -> list:
    """The results of several cells of one measure, in one process: the checkers of a measure
    share memoised work (its non-informative score, say), which a split would repeat."""
    current, name, columns = job
    with configured(**dataclasses.asdict(current)):      # the caller's settings, in a worker too
        # the one decision path: reviewed by the cross-check, under the time limit, headline reading
        return [(name, column, decided(measure(name), column)) for column in columns]


def cells(pairs) -> list:
    """The results of the (measure name, property) ``pairs``, in order, each decided once (the
    one decision path's memo, and the result cache when the interface opened one: `show` of one
    claim reads the cells an earlier run computed).  A claim asks only for its own cells; the
    paper's ``prepare`` (`symmetric prove`) asks for the whole table at once.

    Cells not decided yet are, when several measures need them, decided in parallel worker
    processes (one per core, the cells of one measure together); each result is a pure function
    of the measure, the property and the settings, so this changes no verdict."""
    pairs = [tuple(p) for p in pairs]
    by_measure: dict = {}
    for name, column in dict.fromkeys(pairs):
        if decided_already(measure(name), column) is None:
            by_measure.setdefault(name, []).append(column)
    current = settings()
    jobs = [(current, name, tuple(columns)) for name, columns in by_measure.items()]
    workers = min(runner.workers(), len(jobs))
    missing = sum(len(columns) for _, _, columns in jobs)
    if missing >= ANNOUNCE_FROM:
        results.announce(f"computing {missing} cells of the {PAPER} property table on {max(workers, 1)} "
                         f"process{'es' if workers > 1 else ''} (kept in the cache for the next run)")
    if workers > 1:
        with runner.worker_pool(workers, "fork") as pool:
            for found in pool.map(_measure_cells, jobs):
                for name, column, result in found:
                    decided_elsewhere(result, measure(name), column)
    return [decided(measure(name), column) for name, column in pairs]


def row(name: str) -> tuple:
    """The four results of measure ``name`` (SM, AW, NIFQ, NIGQ)."""
    return tuple(cells((name, column) for column in COLUMNS))


def property_table() -> dict:
    """Every Amigo property of every measure the claims use (the paper's ``prepare``)."""
    results = iter(cells((name, column) for name in PROPERTY_MEASURES for column in COLUMNS))
    return {name: tuple(next(results) for _ in COLUMNS) for name in PROPERTY_MEASURES}


def prop(name: str, column: str):
    """The result of property ``column`` (SM, AW, NIFQ, NIGQ) for measure ``name``."""
    return cells([(name, column)])[0]


@lru_cache(maxsize=None)
def measure(name: str) -> Measure:
    """Catalogue measures and the paper's smoothed variants (suffix _smL / _smN)."""
    if name.endswith("_smL"):
        return laplace(registry.get(name[:-4]))
    if name.endswith("_smN"):
        return noninformative_smoothing(registry.get(name[:-4]))
    return registry.get(name)


def threshold_of(result) -> sp.Expr | None:
    found = result.datum("threshold")
    return found[1] if found else None


def fixed_value_claim(d: Derivation, m: Measure, value, label: str) -> bool:
    status = d.equal(f"{label} of every non-informative output", value, m.noninformative(),
                     domain=with_params(NI, m), justification="non-informative score on $0<P(G),P(S)<1$")
    return status is Verdict.HOLDS


def verdict_flag(result) -> bool | None:
    return Verdict(result.verdict).truth


# the rows of Table 3 / Fig. 5 (the properties together)
TABLE_ROWS = ("WAcc", "Utility", "Lam%", "Odds", "Lam%_smL", "Odds_smL", "Lam%_smN", "Odds_smN",
              "Phi", "MAAc", "Kappa", "Chi", "MI", "F", "F_smL", "F_smN", "F(R,S)")
