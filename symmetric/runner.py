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

Two places run one piece of work in a child process killed at its deadline, because the
SIGALRM time limit only works in a main thread: :func:`symmetric.check` called from a worker
thread (:mod:`symmetric.properties.isolated`) and the atlas's cells on a Dask cluster, whose tasks
run in worker threads (:func:`symmetric.atlas.run.decide_isolated`).  Both use :func:`run_child`:
the child says :func:`child_ready` once it has imported sympy and z3, and the deadline runs from
then (a start-up on a loaded machine is not taken from the work's time, and the work's bound is
no longer padded by a fixed start-up allowance).

How many workers: :func:`workers` (two on a machine with two cores or more; the checks are
CPU-bound), changed for this process and the processes it forks by :func:`set_workers` (the
``--workers`` option of ``prove``), not by an environment variable.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

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


READY = b"symmetric: child ready\n"
START_SECONDS = 30.0        # a child's allowance for importing sympy, z3 and the checkers


@dataclass(frozen=True)
class ChildRun:
    """What a child process of :func:`run_child` gave back: its standard output (without the
    ready line) and error, its exit status, and why it was stopped ("" if it was not)."""

    out: bytes
    err: bytes
    returncode: int
    stopped: str = ""


def child_ready() -> None:
    """Said by a child of :func:`run_child` once its imports are done: its deadline starts now."""
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()


def _feed(pipe, data: bytes) -> None:
    with contextlib.suppress(OSError):      # a child that died early: its exit says why
        pipe.write(data)
    with contextlib.suppress(OSError):
        pipe.close()


def run_child(module: str, data: bytes, seconds: float | None,
              start_seconds: float | None = None) -> ChildRun:
    """``python -m module`` with ``data`` on its standard input, killed ``seconds`` after it said
    :func:`child_ready`, or ``start_seconds`` (default
    :data:`START_SECONDS`) after it started if it never says so.  ``seconds`` None: no bound at
    all.  An exception here kills the child too.  The child stays in the caller's process group
    (Ctrl-C at the terminal, or a signal to the group, reaches it as it reaches the caller); it
    starts nothing of its own (z3 runs in-process), so killing it alone leaves nothing behind."""
    start_seconds = START_SECONDS if start_seconds is None else start_seconds
    child = subprocess.Popen([sys.executable, "-m", module], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    threading.Thread(target=_feed, args=(child.stdin, data), daemon=True).start()
    buffers = {child.stdout.fileno(): bytearray(), child.stderr.fileno(): bytearray()}
    out, err = buffers[child.stdout.fileno()], buffers[child.stderr.fileno()]
    started = time.monotonic()
    deadline = None if seconds is None else started + start_seconds
    ready, stopped = False, ""
    selector = selectors.DefaultSelector()
    for fd in buffers:
        selector.register(fd, selectors.EVENT_READ)
    try:
        while selector.get_map():
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            for key, _ in selector.select(left):
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    selector.unregister(key.fd)
                    continue
                buffers[key.fd] += chunk
                if not ready and READY in out:
                    ready = True
                    deadline = None if seconds is None else time.monotonic() + seconds
        try:        # both pipes closed: the child is exiting (or closed them and works on)
            child.wait(None if deadline is None else max(deadline - time.monotonic(), 0))
        except subprocess.TimeoutExpired:
            stopped = (f"its process was stopped after {time.monotonic() - started:.3g} s "
                       + (f"({seconds:g} s after it started working)" if ready
                          else f"(it had not started within {start_seconds:g} s)"))
    except BaseException:
        _kill(child, whole_group=False)
        raise
    finally:
        selector.close()
        if stopped:
            _kill(child, whole_group=False)
        child.wait()
        child.stdout.close()
        child.stderr.close()
    return ChildRun(bytes(out).replace(READY, b"", 1), bytes(err), child.returncode, stopped)
