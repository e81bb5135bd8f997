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
from ..logic import Verdict
from . import hook
from .written import written_of


def recheck(measure, result: PropertyResult) -> str | None:
    """Why ``result`` (read from a cache) is wrong for ``measure``, or None when it re-checks."""
    if getattr(result, "measure", None) not in (None, getattr(measure, "name", None)):
        return f"it is a result of {result.measure}, not of {measure.name}"
    if result.verdict is not Verdict.FAILS or result.counterexample is None:
        return None
    kind = hook._kind(measure)
    formula = hook._formula(measure, written_of(measure), kind)
    if formula is None:
        return None
    _, defaults = hook._predicates(kind)
    strict = hook._strict(hook.reading_of(result, defaults))
    if kind == "classification":
        mismatch = hook._recheck(formula, result.counterexample, strict)
    elif written_of(measure) is not None:      # a catalogue term may be smoothed: not re-evaluated
        mismatch = hook._recheck_binary(formula, result.counterexample, strict)
    else:
        mismatch = None
    if mismatch is None:
        return None
    return "its counterexample does not hold on " + formula.source + ": " + hook._describe(mismatch)
