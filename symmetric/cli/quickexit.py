"""The console command's end: what Python does at exit, less tearing the interpreter down.

Freeing every module's objects one by one (sympy's caches, the checkers' memos, z3) took about
0.3 s after the work was done -- ~8% of `check --measure MCC` on two cores (measured: 0.35-0.43
s from the last line to the process's end, against 0.12-0.20 s ending by ``os._exit``), and as
much in every CLI process the tests start.  The operating system frees that memory at once.

So :func:`run` does what Python's own shutdown does that anyone can observe -- it runs the
``atexit`` handlers (temporary folders, ``weakref.finalize``, multiprocessing's clean-up) and
flushes standard output and error -- and then ends the process with ``os._exit``.  When anything
is still running (a thread besides the main one, a child process), it ends the ordinary way
instead, which waits for them: nothing is cut short.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable

# Python's exit status when flushing standard output fails at exit
FLUSH_FAILED = 120


def exit_code(code) -> int:
    """The process's status for ``SystemExit(code)``, as the interpreter computes it: None is 0,
    an int is itself, anything else is printed to standard error and is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _flush() -> bool:
    ok = True
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except (OSError, ValueError):
            ok = False
    return ok


def _quiet() -> bool:
    """Nothing left running that an ordinary exit would wait for."""
    return threading.active_count() == 1 and not multiprocessing.active_children()


def run(command: Callable[[], object]) -> None:
    """``command()`` (a click command in standalone mode: it ends by SystemExit), then the exit
    described in the module's docstring."""
    try:
        command()
        code = 0
    except SystemExit as stop:
        code = stop.code
    if not _quiet():
        sys.exit(code)              # the ordinary way: joins, finalizers, teardown
    status = exit_code(code)
    atexit._run_exitfuncs()         # noqa: SLF001 - the interpreter's own exit handlers, run as it would
    if not _flush() and status == 0:
        status = FLUSH_FAILED
    os._exit(status)
