"""What the amigo derivations share: the paper's symbols, the measures (with the paper's smoothed
variants), the non-informative substitution and the table of every property the claims use
(computed once, before the claims: the paper's ``prepare``).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache

import sympy as sp

from symmetric.claims import Derivation
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.measures.base import Measure
from symmetric.properties import amigo as props
from symmetric.space import NONINFORMATIVE_DOMAIN, to_noninformative
from symmetric.measures.smoothing import laplace, noninformative_smoothing


PAPER = "amigo"
alpha = sp.Symbol("alpha", positive=True)
lam = sp.Symbol("lambda", positive=True)
NI = NONINFORMATIVE_DOMAIN


def _ni(expr):
    return to_noninformative(expr)


def _with_params(domain, measure: Measure):
    return domain.with_intervals([p.interval() for p in measure.params])


def logit(x):
    return sp.log(x / (1 - x))


def logit_inverse(y):
    return sp.exp(y) / (1 + sp.exp(y))


PROPERTY_MEASURES = ("Lam%_smN", "Odds_smN", "F_smN", "F_smL", "Phi", "Kappa", "Lam%_smL", "Odds_smL", "MI",
                     "Chi", "MAAc", "WAcc", "Utility", "Lam%", "Odds", "F", "F(R,S)", "Acc", "Reliability",
                     "SensitivityRS")   # every measure whose properties a claim uses, costliest first


def _properties_of(name: str):
    return name, props.check_all(measure(name))


@lru_cache(maxsize=None)
def property_table() -> dict:
    """Every Amigo property of every measure the claims use, computed once.

    The measures are independent, so they are checked in parallel worker processes (one per
    core); each result is a pure function of the measure, so this changes no verdict."""
    workers = int(os.environ.get("SYMMETRIC_WORKERS", min(2, os.cpu_count() or 1)))
    if workers <= 1:
        return dict(map(_properties_of, PROPERTY_MEASURES))
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return dict(pool.map(_properties_of, PROPERTY_MEASURES))


def prop(name: str, column: str):
    """The result of property ``column`` (SM, AW, NIFQ, NIGQ) for measure ``name``."""
    return dict((r.property, r) for r in property_table()[name])[column]


@lru_cache(maxsize=None)
def measure(name: str) -> Measure:
    """Catalogue measures and the paper's smoothed variants (suffix _smL / _smN)."""
    if name.endswith("_smL"):
        return laplace(registry.get(name[:-4]))
    if name.endswith("_smN"):
        return noninformative_smoothing(registry.get(name[:-4]))
    return registry.get(name)


def _threshold_of(result) -> sp.Expr | None:
    found = result.datum("threshold")
    return found[1] if found else None


def _fixed_value_claim(d: Derivation, m: Measure, value, label: str) -> bool:
    status = d.equal(f"{label} of every non-informative output", value, m.noninformative(),
                     domain=_with_params(NI, m), justification="non-informative score on $0<P(G),P(S)<1$")
    return status is Verdict.HOLDS


def _verdict_flag(result) -> bool | None:
    return Verdict(result.verdict).truth


# the rows of Table 3 / Fig. 5 (the properties together)
TABLE_ROWS = ("WAcc", "Utility", "Lam%", "Odds", "Lam%_smL", "Odds_smL", "Lam%_smN", "Odds_smN",
              "Phi", "MAAc", "Kappa", "Chi", "MI", "F", "F_smL", "F_smN", "F(R,S)")
