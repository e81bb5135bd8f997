"""Option values shared by several commands, read here (not by click) so that a bad value is an
InputError: one line naming the option, exit status 2."""

from __future__ import annotations

import math

from ..errors import InputError


def time_limit(text: str) -> float | None:
    """--time-limit: seconds >= 0 (0 = none), below 1e7 (a larger timer overflows)."""
    try:
        seconds = float(text)
    except ValueError:
        raise InputError(f"--time-limit must be a number of seconds, got {text!r}") from None
    if not math.isfinite(seconds) or seconds < 0 or seconds >= 1e7:
        raise InputError(f"--time-limit must be a number of seconds >= 0 and below 1e7 (0 = no limit), got {text!r}")
    return seconds or None


FORCE_HELP = ("Write into an output folder that is not empty and was not written by symmetric "
              "(only symmetric's files are added or replaced; nothing else in it is changed).")

NO_CACHE_HELP = ("Decide every property verdict afresh, reading and writing no cache (by default verdicts are "
                 "kept in $XDG_CACHE_HOME/symmetric/cells, one cache for check, show, prove and the atlas, keyed "
                 "by the source, the measure, the property, its reading and the settings).")
