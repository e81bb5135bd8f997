"""Progress of a long expectation, for whoever wants to show it.

The dynamic programmes of :mod:`.exact` and :mod:`.rules` call :func:`tick` (done, total) as they
go; nothing happens unless a caller installed a reporter with :func:`reporting` (the command
line does, writing to standard error).  A reporter is told only after ``quiet_seconds`` and at
most every ``every_seconds``, so a short run prints nothing.  The share done and an estimate of
the time left are computed here; how to show them is the caller's business.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

Reporter = Callable[[str, float, float | None], None]     # (stage, share done 0..1, seconds left)


@dataclass
class _State:
    report: Reporter
    quiet_seconds: float
    every_seconds: float
    stage: str = "computing"
    start: float = field(default_factory=time.monotonic)
    last: float = 0.0


_state: ContextVar[_State | None] = ContextVar("symmetric_expect_progress", default=None)


@contextlib.contextmanager
def reporting(report: Reporter, *, quiet_seconds: float = 2.0, every_seconds: float = 2.0) -> Iterator[None]:
    token = _state.set(_State(report, quiet_seconds, every_seconds))
    try:
        yield
    finally:
        _state.reset(token)


@contextlib.contextmanager
def stage(name: str) -> Iterator[None]:
    """Label the ticks inside (e.g. "top-k assignments"); the clock for the estimate restarts."""
    state = _state.get()
    if state is None:
        yield
        return
    previous, state.stage, state.start = state.stage, name, time.monotonic()
    try:
        yield
    finally:
        state.stage = previous


def tick(done: int, total: int) -> None:
    state = _state.get()
    if state is None or total <= 0:
        return
    now = time.monotonic()
    elapsed = now - state.start
    if elapsed < state.quiet_seconds or now - state.last < state.every_seconds:
        return
    state.last = now
    share = min(done / total, 1.0)
    # the work per step grows with the step in these programmes; a linear estimate is a floor
    left = elapsed * (1 - share) / share if share > 0 else None
    state.report(state.stage, share, left)
