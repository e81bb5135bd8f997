"""Results of the quantification checkers, memoised on a measure's mathematics.

A checker's result depends on the mathematics of a measure (term, outer transform, whether it
is smoothed) and on the search bounds in force (:mod:`symmetric.config`), never on its name:
KLD and NKLD's raw sum, or AE in Table 1 and in Appendix A, are the same computation.
Checkers are therefore cached on an anonymous copy of the measure (measures are frozen, sympy
expressions immutable) together with the settings, and the results relabelled.

Why this cache stays beside the driver's one memo (``properties.driver._DECIDED``, which
``decide`` and ``check`` share): that memo holds *reviewed verdicts* keyed on the named measure,
the property, the reading, the settings and the time limit, at the level the driver sees.  This
one holds the *checkers' own work* below it, keyed on the mathematics alone, which the driver
never sees: ``_check_all`` decides E = f(R) on R, an unnamed measure no caller asks for
(NAE, RAE, NKLD share the work of their R), ``check_bmon`` is a step of both the group's
verdicts and ``_check_max``, and AE in Table 1 and in Appendix A are one computation under two
names.  Dropping it would repeat that work; keying the driver's memo on anonymous mathematics
would hand one measure's verdict, reviewed on its written formula, to another whose written
formula differs.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache, wraps

from ..config import settings
from ..evidence import Counterexample, Sentence
from ..logic import Verdict
from ..evidence import PropertyResult
from .measures import QuantMeasure


def result(prop: str, measure: QuantMeasure, verdict: Verdict, proof=(),
           counterexample: Counterexample | None = None, reason: Sentence | str = "") -> PropertyResult:
    """A checker's result for ``measure`` (under its own name)."""
    return PropertyResult(prop, measure.name, verdict, tuple(proof), counterexample, reason)


def anonymous(measure: QuantMeasure) -> QuantMeasure:
    """The measure's mathematics without its name and notes (the cache key)."""
    return QuantMeasure("", "", measure.term, measure.outer, measure.smoothed)


def relabel(results, name: str):
    """A result, or a tuple / dict of them, under the measure name ``name``."""
    if isinstance(results, PropertyResult):
        return replace(results, measure=name)
    if isinstance(results, dict):
        return {k: relabel(v, name) for k, v in results.items()}
    return tuple(relabel(r, name) for r in results)


def per_measure(checker):
    """Cache ``checker(measure, *args)`` on the measure's mathematics and the settings in force;
    relabel the results."""
    @lru_cache(maxsize=256)
    def cached(measure, config, *args):
        return checker(measure, *args)

    @wraps(checker)
    def run(measure: QuantMeasure, *args):
        return relabel(cached(anonymous(measure), settings(), *args), measure.name)
    return run
