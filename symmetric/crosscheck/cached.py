"""Re-checking a cached verdict on use (issue 27: a cached verdict is a claim, not a fact).

A ``fails`` entry's counterexample is re-evaluated exactly on the measure's written formula by
the independent evaluator (as :func:`.hook.review_one` does for a fresh result); a value that
the formula contradicts rejects the entry, which is then recomputed.  A ``holds`` entry has no
certificate to re-verify yet; it rests on the cache's authentication
(:mod:`symmetric.store.cells`).  Undetermined results are never cached by the claims, and an
atlas cell that is undetermined claims nothing.
"""

from __future__ import annotations

from ..evidence import PropertyResult
from .hook import counterexample_mismatch


def recheck(measure, result: PropertyResult) -> str | None:
    """Why ``result`` (read from a cache) is wrong for ``measure``, or None when it re-checks."""
    if getattr(result, "measure", None) not in (None, getattr(measure, "name", None)):
        return f"it is a result of {result.measure}, not of {measure.name}"
    return counterexample_mismatch(measure, result)
