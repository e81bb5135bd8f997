"""Does a cached counterexample break its property? (issue 27: a cached verdict is a claim.)

Re-evaluating a counterexample's values (:func:`.hook.counterexample_mismatch`) shows they are
the measure's values at its tables; it does not show that those values violate the property: an
entry edited (or written by a bug) to hold two *equal*, correctly computed scores under "the
scores differ" re-checks value by value.  Each failed relation the checkers write over two
scored tables is listed here with the comparison that makes it a violation, in terms of
``d = score(second) - score(first)`` and the measure's orientation ``o`` (+1 higher is better).

Only a comparison that is decided (sympy's sign is known) can reject; an unknown sign, an
undefined score or a relation not listed here leaves the entry as the value re-check left it.
Rejecting costs only a recomputation, accepting wrongly would cost a wrong verdict.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from ..evidence import PropertyResult, Score

# relation -> (first table, second table, whether d and o make a violation, what it claims)
BREAKS: dict[str, tuple[str, str, Callable[[int, int], bool], str]] = {
    "M(h) != M(swapped h)": ("h", "swapped", lambda d, o: d != 0, "the two scores differ"),
    "the scores differ": ("first output", "second output", lambda d, o: d != 0, "the two scores differ"),
    "the larger output scores worse": ("smaller output", "larger output", lambda d, o: o * d < 0,
                                       "the larger output scores worse"),
    "the larger output does not score better": ("smaller output", "larger output", lambda d, o: o * d <= 0,
                                                "the larger output does not score better"),
    "a larger non-informative output does not score better": (
        "smaller output", "larger output", lambda d, o: o * d <= 0, "the larger output does not score better"),
    "score(after) <= score(before)": ("before", "after", lambda d, o: d <= 0, "score(after) <= score(before)"),
    "score(after) >= score(before)": ("before", "after", lambda d, o: d >= 0, "score(after) >= score(before)"),
}


def _sign(value) -> int | None:
    """The exact sign of a sympy number, None when sympy cannot tell."""
    value = sp.sympify(value)
    if value.is_zero:
        return 0
    if value.is_positive:
        return 1
    if value.is_negative:
        return -1
    return None


def does_not_break(measure, result: PropertyResult) -> str | None:
    """Why the counterexample of a ``fails`` result does not violate its property (None: it
    does, or that cannot be decided here)."""
    cx = result.counterexample
    if cx is None or str(cx.relation) not in BREAKS:
        return None
    first, second, violates, claim = BREAKS[str(cx.relation)]
    scores = {v.table_name: v for v in cx.typed(Score)}
    if first not in scores or second not in scores or None in (scores[first].value, scores[second].value):
        return None
    try:
        sign = _sign(sp.sympify(scores[second].value) - sp.sympify(scores[first].value))
    except (TypeError, ValueError, sp.SympifyError):
        return None
    if sign is None or violates(sign, getattr(measure, "orientation", 1)):
        return None
    return (f"its counterexample does not break {result.property}: it claims {claim}, but "
            f"M({first}) = {scores[first].value} and M({second}) = {scores[second].value}")
