"""Reading a file under the time limit (issue 27: the limit covers reading and validation too).

``verify --time-limit`` bounds each claim's check; reading and validating a claim (its
expressions parsed, its assumptions decided by z3) is bounded the same way, claim by claim, so a
file whose preparation is slow ends in a one-line error instead of running on: each claim's (or,
in a ``.tex`` paper, each display's) reading gets the claim's time limit.  A display that runs
out of time or nests too deeply for the reader is "not read" with its reason; in a claims file
the claim is refused (exit 2) before any claim runs.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from ..errors import InputError, TimeLimitReached
from ..parse import prescan
from ..timelimit import HardLimit

T = TypeVar("T")
_DIGITS = re.compile(r"\d+")

# a display of a paper: the bounds of a latex step, except that one display (an align of several
# rows) may be as long as the LaTeX reader reads (texparse.MAX_LATEX_CHARS)
DISPLAY_LIMITS = prescan.FileLimits(max_formula=20_000, max_terms=4000)


def reading(seconds: float | None, what: str, read: Callable[[], T], place: dict | None = None) -> T:
    """``read()`` within ``seconds`` (None: no limit); running out of time or recursion becomes
    an InputError saying what was being read (``place``: its source/line/column).

    A function, not a generator context manager: the alarm may fire again while an exception
    travels out, and only ``HardLimit``'s own ``__exit__`` (which disarms first) is safe from it;
    contextlib's frames around a generator are not (a TimeLimitReached escaped there)."""
    limit = HardLimit(seconds)
    try:
        with limit:
            return read()
    except TimeLimitReached:
        raise InputError(f"{what}: reading and validating it took more than {seconds:g} s "
                         "(the --time-limit); simplify it or raise the limit", **(place or {})) from None
    except RecursionError:
        raise InputError(f"{what}: nested too deeply to read", **(place or {})) from None
    finally:
        limit.close()


def check_display(text: str, source: str) -> None:
    """A display's text bounded before it is read (a tower such as 2^{10^{10}} would be
    computed by sympy, for minutes and gigabytes, while the display is read)."""
    longest = max((len(run) for run in _DIGITS.findall(text)), default=0)
    if longest > DISPLAY_LIMITS.max_digits:    # sympy's Integer of a 5000-digit text is a TypeError
        raise InputError(f"the display: a number of {longest} digits (at most {DISPLAY_LIMITS.max_digits})",
                         source=source)
    prescan.check_string(text, "the display", source, formula=True, limits=DISPLAY_LIMITS)


def read_display(text: str, source: str, read: Callable[[], T]) -> T:
    """``read()`` of a display, once its text is within the bounds."""
    check_display(text, source)
    return read()


class Progress:
    """Reading progress on long files: one line on standard error at most every
    ``every`` seconds (``say`` is None: silent)."""

    def __init__(self, total: int, say: Callable[[str], None] | None, every: float = 1.0) -> None:
        self.total, self.say, self.every = total, say, every
        self.start = self.last = time.monotonic()

    def step(self, k: int) -> None:
        now = time.monotonic()
        if self.say is not None and now - self.last >= self.every:
            self.last = now
            self.say(f"read {k}/{self.total} claims ({now - self.start:.0f} s)")


def stderr_line(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
