"""An independent exact cross-check of every verdict, before the user sees it.

A second evaluator, sharing no code with the symbolic checkers: the formula as the user wrote
it (:mod:`.written`, its own parser and exact rational / certified-interval arithmetic with
its own rules for undefinedness, :mod:`.values`) is evaluated on every contingency table with
|D| <= 12 (:mod:`.classification`) or on a rational grid of prevalences including 0 and 1
(:mod:`.quantification`); :func:`review` confirms every ``holds`` by enumeration and
re-evaluates every counterexample, turning a contradiction into ``undetermined``.
"""

from __future__ import annotations

from .hook import enumerate_reading, readings, review, review_one
from .written import Written, attach, written_of

__all__ = ["Written", "attach", "enumerate_reading", "readings", "review", "review_one", "written_of"]
