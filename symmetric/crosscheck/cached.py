"""Re-checking a cached verdict on use (issue 27: a cached verdict is a claim, not a fact).

A ``fails`` entry's counterexample is re-evaluated exactly on the measure's written formula by
the independent evaluator (as :func:`.hook.review_one` does for a fresh result), and its values
must break the property (:mod:`.breaks`: two equal scores under "the scores differ" do not); a
``holds`` entry has no certificate to re-verify yet, so its cross-check (the exhaustive
enumeration of small tables) is run again.  Either mismatch rejects the entry, which is then
recomputed and the rejection said.  Undetermined results are never cached by the claims, and an
atlas cell that is undetermined claims nothing.
"""

from __future__ import annotations

from ..errors import InputError
from ..evidence import PropertyResult
from ..logic import Verdict
from ..store.cells import Cache
from .breaks import does_not_break
from .hook import counterexample_mismatch, review_one


def recheck(measure, result: PropertyResult) -> str | None:
    """Why ``result`` (read from a cache) is wrong for ``measure``, or None when it re-checks."""
    if getattr(result, "measure", None) not in (None, getattr(measure, "name", None)):
        return f"it is a result of {result.measure}, not of {measure.name}"
    if result.verdict is Verdict.HOLDS:
        return _cross_check_again(measure, result)
    return counterexample_mismatch(measure, result) or does_not_break(measure, result)


def _cross_check_again(measure, result: PropertyResult) -> str | None:
    """A cached ``holds`` has its cross-check run again (there is no certificate to re-verify
    yet): the exhaustive enumeration of small tables must still find no violation."""
    reviewed = review_one(measure, result)
    if reviewed.verdict is Verdict.HOLDS:
        return None
    return "its cross-check, run again, finds a violation: " + (reviewed.reason or "see the cross-check")


def open_cache(folder, name: str = "cell cache", say=None):
    """The result cache in ``folder`` (None: none), its entries re-checked on use by
    :func:`recheck`, every rejection said to ``say``.  A folder that cannot be used costs speed,
    never the run: it is said, and the run works without a cache."""
    try:
        return Cache(folder, name=name, recheck=recheck, on_reject=say)
    except InputError as exc:
        if say is not None:
            say(f"{exc}: working without it (every shared cell is computed, nothing is kept)")
        return Cache(None)
