"""A measure's units (properties, or groups of them) decided on worker processes, results in
order: the ``check`` command's wall time on a machine with two cores or more.

Each unit is independent (every checker is a pure function of the measure and the reading; the
shared memos only save work), so a worker decides exactly what the single process would, and
the caller sees the results in the units' own order.  The workers are forked from the caller
(:func:`symmetric.runner.worker_pool`) after it has set :data:`_WORK`, so nothing but an index
and a time share crosses to a worker, and only the results come back (pickled).  The time
limit stays the caller's: each unit's share is taken from the measure's
:class:`~symmetric.timelimit.Budget` when the unit is handed out, as the sequential loop takes
it when the unit starts, so every unit still ends by the measure's limit.
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, wait


from .. import runner
from ..store.sympickle import dumps as _dumps

# (measure variant, unit) pairs of the check in progress and the function deciding one; set
# before the pool forks, read by the workers (a unit holds closures, which do not pickle)
_WORK: list = []
_DECIDE: list = []


def idle_workers() -> int:
    """The default number of workers: :func:`symmetric.runner.workers`, less the cores other
    processes keep busy.  A forked worker pays only on an idle core: it repeats work the single
    process shares between properties (F1 on a machine loaded about 9 on 2 cores: wall 1.12
    times, CPU 1.11 times that of one process).

    Busy cores: the one-minute load average, unless the processes runnable right now say fewer
    (:func:`_runnable_others`).  The average trails by a minute: a check run just after another
    process (the previous run of a benchmark, a test) saw a load about 1 on an idle machine and
    ran on one core of two (MCC on a quiet 2-core machine: load 0.6, one worker)."""
    cores = os.cpu_count() or 1
    try:
        busy = os.getloadavg()[0]
    except OSError:          # no load average (Windows): assume the cores are free
        busy = 0.0
    now = _runnable_others()
    if now is not None:
        busy = min(busy, now)
    return max(1, min(runner.workers(), int(cores - busy + 0.5)))


_LOADAVG = "/proc/loadavg"


def _runnable_others(samples: int = 5, pause: float = 0.01) -> int | None:
    """The processes runnable besides this one in every one of a few looks at the kernel's count
    (the fourth field of /proc/loadavg, "running/total", counts the reader itself); None where
    there is no such file.  The fewest of five looks 10 ms apart: a process that keeps a core
    busy is runnable in each (waiting for a core counts as runnable), while a short-lived one
    (a shell, the last moments of a previous run's workers) is not -- the largest of three looks
    read those as a busy core, and a check on a quiet 2-core machine ran on one worker in about
    one run of three (bench_check: SquaredError 4.35 s wall = its CPU time)."""
    fewest = None
    for k in range(samples):
        try:
            with open(_LOADAVG, encoding="ascii") as f:
                running = int(f.read().split()[3].split("/")[0])
        except (OSError, ValueError, IndexError):
            return None
        fewest = running - 1 if fewest is None else min(fewest, running - 1)
        if k + 1 < samples:
            time.sleep(pause)
    return fewest


def _run_one(index: int, seconds: float | None):
    """(pickled results, seconds), or (None, seconds) when the results do not survive pickling
    unchanged (compared structurally here): the caller then decides the unit itself."""
    variant, one = _WORK[index]
    start = time.perf_counter()
    results = _DECIDE[0](variant, one, seconds)
    took = time.perf_counter() - start
    try:
        data = _dumps(results)
        same = pickle.loads(data) == results
    except Exception:           # noqa: BLE001 - any object that does not pickle: decided by the caller
        same = False
    return (data if same else None), took


# the least a unit of a bundle gets when the bundle's earlier units used its whole share (0 would
# mean "no limit" to the time limit: this makes it "time limit reached" at once instead)
_LEAST = 0.01


def _run_bundle(indices: Sequence[int], seconds: float | None) -> list:
    """:func:`_run_one` of each of ``indices`` in turn, together within ``seconds`` (None: no
    limit): each unit gets what the earlier ones left of it."""
    end = None if seconds is None else time.monotonic() + seconds
    return [_run_one(k, seconds if j == 0 or end is None else max(end - time.monotonic(), _LEAST))
            for j, k in enumerate(indices)]


def _property_of(item):
    """(variant, property name) of a driver's unit (measure variant, (pairs, decide)); None for
    anything else (it is bundled with nothing)."""
    try:
        variant, (pairs, _) = item
        return id(variant), pairs[0][0].name
    except (TypeError, ValueError, AttributeError, IndexError, KeyError):
        return None


def bundles(work: Sequence) -> list[list[int]]:
    """Indices of ``work`` in runs of consecutive units of one property (its headline and strict
    readings): a worker decides them one after the other, so the strict reading reuses what the
    headline one computed (the checkers' memos), as in one process; decided on two workers, a
    property's readings each paid for that work (MCC and a K-like measure: two workers cost
    about 1.25 times the CPU of one)."""
    out: list[list[int]] = []
    for k, item in enumerate(work):
        key = _property_of(item)
        if out and key is not None and _property_of(work[out[-1][-1]]) == key:
            out[-1].append(k)
        else:
            out.append([k])
    return out


def in_order(work: Sequence, decide: Callable, share: Callable[..., float | None],
             workers: int) -> Iterator[tuple[list, float]]:
    """(results, seconds) of each of ``work`` = [(measure, unit)], in order, decided by
    ``decide(measure, unit, seconds)`` on ``workers`` processes, the units of one property
    together (:func:`bundles`); ``share(count)`` is the time of the next ``count`` units (called
    as each bundle is handed out; ``share()`` for a bundle of one)."""
    _WORK[:] = list(work)
    _DECIDE[:] = [decide]
    groups = bundles(work)
    try:
        with runner.worker_pool(min(workers, len(groups))) as pool:
            pending, done, seconds_of, handed, emitted = {}, {}, {}, 0, 0
            while emitted < len(work):
                while handed < len(groups) and len(pending) < workers:
                    group = groups[handed]
                    seconds = share() if len(group) == 1 else share(len(group))
                    for k in group:
                        seconds_of[k] = seconds
                    pending[pool.submit(_run_bundle, group, seconds)] = group
                    handed += 1
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    group = pending.pop(future)
                    for index, (data, took) in zip(group, future.result()):
                        if data is None:
                            variant, one = work[index]
                            start = time.perf_counter()
                            done[index] = decide(variant, one, seconds_of[index]), \
                                time.perf_counter() - start
                        else:
                            done[index] = pickle.loads(data), took
                while emitted in done:
                    yield done.pop(emitted)
                    emitted += 1
    finally:
        _WORK.clear()
        _DECIDE.clear()
