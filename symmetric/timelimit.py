"""Hard time limits for property checks (``symmetric check --time-limit``).

sympy simplification, series expansions and z3 can each run for minutes inside one call, so
a cooperative check (:func:`expired`), which a checker can read only between steps, cannot
bound a check.  :func:`hard_limit` arms ``ITIMER_REAL``; its SIGALRM handler
raises :class:`~symmetric.errors.TimeLimitReached` wherever Python code is running, and the
checker driver reports the property ``undetermined``.

Signals reach only the main thread, and ``setitimer`` exists only on POSIX.  Elsewhere (a check
run from a worker thread, Windows) the limit here is cooperative: the deadline is still published
(:func:`remaining`) and the checkers' loops (:func:`expired`) and the z3 timeout honour it, but one
long sympy call is not interrupted.  So :func:`symmetric.check` and the atlas's cluster tasks run
such a check in a child process killed at its deadline (:func:`symmetric.runner.run_child`).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
import weakref
import _weakrefset
from collections.abc import Iterator
from contextvars import ContextVar

from .errors import InputError, TimeLimitReached

# After the first alarm the timer keeps firing this often: library code (sympy) that catches a
# broad Exception around a heuristic must not eat the end of the time for good.
REFIRE_SECONDS = 0.1
FLOOR_FRACTION = 1 / 30     # every property gets at least this share of the total (fewer units)
# ... but the floors of all units together never take more than this share of the total: with
# 38 (property, reading) units, 1/30 each would leave the first unit only its floor
FLOORS_AT_MOST = 1 / 2

# a ContextVar, not a global: a cooperative limit in one thread must not bound another
_deadline: ContextVar[float | None] = ContextVar("symmetric_deadline", default=None)


def remaining() -> float | None:
    """Seconds left before the innermost active limit (None: no limit)."""
    deadline = _deadline.get()
    return None if deadline is None else deadline - time.monotonic()


def expired() -> bool:
    left = remaining()
    return left is not None and left <= 0


# z3's deterministic work counter ("rlimit count" in a solver's statistics) allowed per
# millisecond of a query's budget.  Measured on the deciders' queries (MCC, Phi, GMean, F1, K: 43
# queries, 3-19 million per CPU-second, median 15 million), so 20,000 a millisecond gives every
# query at least the work it could do in that many milliseconds of one quiet core.
Z3_RLIMIT_PER_MS = 20_000
# the wall-clock cap left beside the work budget, as a multiple of the budget: only a safety for
# a search that stops counting; on a loaded machine the work budget decides, not the clock
Z3_WALL_SAFETY = 10


def budget_z3(solver, default_ms: int) -> None:
    """Give one z3 query ``default_ms`` of budget as *work*, not wall time: the same verdict on a
    quiet machine and on one loaded 15 deep (a wall-clock budget of 1.5 s made MCC's SM proofs
    time out there, even with no --time-limit).  What is left of the --time-limit still cuts the
    query by the clock (z3 runs in C, where the SIGALRM is seen only when it returns)."""
    solver.set("rlimit", int(default_ms) * Z3_RLIMIT_PER_MS)
    solver.set("timeout", z3_timeout_ms(int(default_ms) * Z3_WALL_SAFETY))


def z3_timeout_ms(default_ms: int) -> int:
    """z3's timeout: ``default_ms``, cut to what is left of the limit (z3 runs in C, where a
    signal is only seen when it returns)."""
    left = remaining()
    return default_ms if left is None else max(1, min(default_ms, int(left * 1000)))


def hard_limits_available() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


class HardLimit:
    """A context manager running its body for at most ``seconds`` (None or 0: no limit), then
    raising TimeLimitReached in it.  On the way out the previous SIGALRM handler and ITIMER_REAL
    timer are restored; an outer timer is paused meanwhile and resumes with what it had left
    (firing at once if that has passed).

    The alarm is asynchronous, so it may land anywhere, including on the way out.  Hence
    :meth:`close` disarms first thing, is idempotent, and the handler never raises while
    :meth:`close` is the running frame; a caller that catches TimeLimitReached around the
    ``with`` should call :meth:`close` again in its ``finally`` (a no-op when already closed)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds or None
        self.hard = False
        self._token = None

    def __enter__(self) -> HardLimit:
        if self.seconds is None:
            return self
        self._token = _deadline.set(time.monotonic() + self.seconds)
        if hard_limits_available():
            self._started = time.monotonic()
            self._outer_timer = signal.setitimer(signal.ITIMER_REAL, 0)   # paused before our handler goes in
            self._armed = True
            self._outer_handler = signal.signal(signal.SIGALRM, self._alarm)
            self._outer_unraisable = sys.unraisablehook
            sys.unraisablehook = self._unraisable
            self.hard = True
            signal.setitimer(signal.ITIMER_REAL, self.seconds, REFIRE_SECONDS)
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _alarm(self, signum, frame) -> None:
        # inside a finalizer an exception cannot reach the check: Python prints it as
        # "Exception ignored in ..." (pytest's PytestUnraisableExceptionWarning) and the check runs
        # on; the timer fires again REFIRE_SECONDS later, outside the finalizer
        if self._armed and (frame is None or frame.f_code not in _CLEANUP_CODES) and not _in_finalizer(frame):
            raise TimeLimitReached(self.seconds)

    def _unraisable(self, unraisable) -> None:
        # the alarm landed where no exception can propagate and no frame says so (a generator's
        # ``finally`` run as the garbage collector closes it): Python would print "Exception
        # ignored in ..." (pytest: an error in the next test's setup, seen in a full run) and go
        # on.  The timer fires again REFIRE_SECONDS later, where it stops the body: this one is
        # dropped, any other unraisable exception goes to the hook that was there before.
        if isinstance(unraisable.exc_value, TimeLimitReached):
            return
        self._outer_unraisable(unraisable)

    def close(self) -> None:
        if self.hard:
            self._armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            if sys.unraisablehook == self._unraisable:
                sys.unraisablehook = self._outer_unraisable
            # None: the handler was not installed from Python; the default is the best we can do
            signal.signal(signal.SIGALRM, signal.SIG_DFL if self._outer_handler is None else self._outer_handler)
            delay, interval = self._outer_timer
            if delay > 0:
                left = delay - (time.monotonic() - self._started)
                signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), interval)
            self.hard = False
        if self._token is not None:
            _deadline.reset(self._token)
            self._token = None


_CLEANUP_CODES = frozenset({HardLimit.close.__code__, HardLimit.__exit__.__code__})
# the callbacks the weakref module runs when an object dies (finalize, WeakValueDictionary, WeakSet)
_FINALIZER_FILES = (weakref.__file__, _weakrefset.__file__)
_FINALIZER_NAMES = frozenset({"__call__", "_exitfunc", "remove", "_remove"})


def _in_finalizer(frame) -> bool:
    """Whether ``frame`` runs inside a ``__del__`` method or a weakref finalizer (gc may run them
    anywhere, e.g. sympy's caches)."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or (code.co_filename in _FINALIZER_FILES and code.co_name in _FINALIZER_NAMES):
            return True
        frame = frame.f_back
    return False


def hard_limit(seconds: float | None) -> HardLimit:
    return HardLimit(seconds)


@contextlib.contextmanager
def preparation(seconds: float | None, what: str) -> Iterator[None]:
    """Run a step before the checks (parsing a measure, building it, reading a file) under the
    same time limit: a step that cannot finish is the input's fault, refused as one line
    (an :class:`InputError` naming ``what``) rather than a hang before the limit starts."""
    limit = HardLimit(seconds)
    try:
        with limit:
            yield
    except TimeLimitReached:
        raise InputError(f"{what}: could not be read and prepared within the time limit of {seconds:g} s "
                         "(simplify it, or give a larger --time-limit)") from None
    finally:
        limit.close()


class Budget:
    """The time for checking one measure, shared out among its properties as they run: each gets
    what is left minus a floor (``FLOOR_FRACTION`` of the total) kept for every property still to
    come, and never less than that floor.  A slow property can so use the time fast ones left,
    yet cannot starve the rest.  The floor is ``FLOOR_FRACTION`` of the total, smaller when there
    are many units (all floors together at most ``FLOORS_AT_MOST`` of it), so the first unit
    always gets at least half the time and the whole stays within the total.  ``total`` 0 or
    None: no limit."""

    def __init__(self, total: float | None, properties: int) -> None:
        self.total = total or None
        self.left = properties
        self.fraction = min(FLOOR_FRACTION, FLOORS_AT_MOST / max(properties, 1))
        self.start = time.monotonic()

    def share(self, count: int = 1) -> float | None:
        """Seconds for the next ``count`` properties (run as one unit)."""
        if self.total is None:
            return None
        floor = self.total * self.fraction
        self.left = max(self.left - count, 0)
        remaining_total = self.total - (time.monotonic() - self.start)
        return max(floor * count, remaining_total - self.left * floor)
