"""The one way symmetric runs work on local worker processes.

Three places run work in parallel: the claims (:mod:`symmetric.claims.parallel`, a paper a
unit), the Amigo property table a paper's preparation computes (``derivations/amigo``), and the
atlas's cells (:mod:`symmetric.atlas.run`, under Dask's multiprocessing scheduler).  All three
take their pool from :func:`worker_pool`, which

* starts the workers by ``fork`` (they inherit what the caller prepared) or from a ``forkserver``
  that has imported ``preload`` once (a fork of a process with threads could inherit a held lock);
* optionally makes each worker lead a process group of its own, so that Ctrl-C at the terminal
  reaches the caller only and the caller can end a worker *and what it started*;
* on any exception in the ``with`` body (an error, Ctrl-C, SIGTERM turned into an exception)
  kills the workers at once instead of letting them finish work nobody waits for.  The workers
  are found with :func:`multiprocessing.active_children` (public API), never through the pool's
  private attributes.

How many workers: :func:`workers` (two on a machine with two cores or more; the checks are
CPU-bound), changed for this process and the processes it forks by :func:`set_workers` (the
``--workers`` option of ``prove``), not by an environment variable.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from .errors import InvalidArgument, InvalidArgumentType

_CHOSEN: dict[str, int | None] = {"workers": None}


def default_workers() -> int:
    """Two workers on a machine with two cores or more, else one (the checks are CPU-bound)."""
    return min(2, os.cpu_count() or 1)


def workers() -> int:
    """The number of worker processes to use: the one :func:`set_workers` chose, else the default."""
    return _CHOSEN["workers"] or default_workers()


def set_workers(count: int | None) -> None:
    """Use ``count`` worker processes from now on (None: the default); forked workers inherit it."""
    if count is not None:
        if isinstance(count, bool) or not isinstance(count, int):
            raise InvalidArgumentType("workers", count, "must be an int")
        if count < 1:
            raise InvalidArgument("workers", count, "must be >= 1")
    _CHOSEN["workers"] = count


def _lead_own_group() -> None:
    os.setpgrp()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _kill(process, whole_group: bool) -> None:
    try:
        if whole_group:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass


@contextlib.contextmanager
def worker_pool(count: int, start: str = "fork", preload: Iterable[str] = (),
                own_groups: bool = False) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``count`` worker processes started by ``start`` ("fork" or "forkserver", whose
    server imports the modules ``preload``), each leading its own process group when
    ``own_groups``.  Leaving the ``with`` by an exception kills the workers (with their groups)."""
    if start not in ("fork", "forkserver"):
        raise InvalidArgument("start", start, 'must be "fork" or "forkserver"')
    context = multiprocessing.get_context(start)
    if start == "forkserver" and preload:
        context.set_forkserver_preload(list(preload))
    before = {p.pid for p in multiprocessing.active_children()}
    pool = ProcessPoolExecutor(count, mp_context=context, initializer=_lead_own_group if own_groups else None)
    try:
        yield pool
    except BaseException:
        for process in multiprocessing.active_children():
            if process.pid not in before:
                _kill(process, own_groups)
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
