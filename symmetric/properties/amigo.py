"""Amigo et al.'s axiom and properties, as checkers usable on any measure.

* SM   Strict Monotonicity (:mod:`.amigo_monotonicity`): moving an item into its correct class
       strictly improves the score.
* AW   Absolute Weighting, NIFQ Non-Informativeness Fixed Quality, NIGQ Non-Informativeness
       Growing Quality (:mod:`.amigo_noninformative`): how the score of non-informative outputs
       changes with output size.

Proofs are symbolic (checks/decide.py: sympy sign rules, polynomial identities, z3 unsat);
counterexamples are concrete integer contingency tables, re-checked exactly.  This module is
the family's entry point: the table of checkers and :func:`check_all`, and the names the
derivations use.
"""

from __future__ import annotations

from functools import lru_cache

from ..config import Settings, settings
from ..errors import UnknownNameError
from ..measures.base import Measure
from .amigo_monotonicity import strict_monotonicity
from .amigo_noninformative import fixed_quality, growing_quality, noninformative_score, size_derivative
from .amigo_weighting import absolute_weighting
from ..evidence import PropertyResult
from .tables import param_grid

__all__ = ["CHECKERS", "COLUMNS", "absolute_weighting", "check_all", "check_one", "fixed_quality", "growing_quality",
           "noninformative_score", "param_grid", "size_derivative", "strict_monotonicity"]

# each checker takes the measure and its reading's choices as keyword arguments (catalogue axes;
# the defaults are the headline reading)
CHECKERS = (("SM", strict_monotonicity), ("AW", absolute_weighting),
            ("NIFQ", fixed_quality), ("NIGQ", growing_quality))
COLUMNS = tuple(name for name, _ in CHECKERS)
_CHECKER = dict(CHECKERS)


def check_all(measure: Measure) -> tuple[PropertyResult, ...]:
    """Every Amigo property of ``measure`` (memoised per measure and settings: claims share
    measures, and a result found under other search bounds is not reused)."""
    return _check_all(measure, settings())


def check_one(measure: Measure, name: str) -> PropertyResult:
    """Property ``name`` (SM, AW, NIFQ or NIGQ) of ``measure`` alone, memoised as
    :func:`check_all` (which is made of these): a caller that needs one cell pays for one."""
    if name not in _CHECKER:
        raise UnknownNameError("Amigo property", name, COLUMNS)
    return _check_one(measure, name, settings())


def _check_all(measure: Measure, current: Settings) -> tuple[PropertyResult, ...]:
    return tuple(_check_one(measure, name, current) for name in COLUMNS)


@lru_cache(maxsize=1024)
def _check_one(measure: Measure, name: str, current: Settings) -> PropertyResult:
    return _CHECKER[name](measure)
