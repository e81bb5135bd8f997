"""Every case of the hostile corpus is bounded in time and memory (issue 27 item 6).

A corpus file imports :func:`case_bounds` (an autouse fixture) and each of its cases then runs
between two measurements: wall time, and the memory this process took during the case: its peak
resident memory minus what it held when the case began.  On Linux the peak is reset before each
case (writing 5 to ``/proc/self/clear_refs`` resets ``VmHWM`` to the current size), so the growth
is the case's own, whatever earlier tests left in the process (sympy's caches, in a worker of
the full suite); elsewhere the peak is the process's so far (``ru_maxrss``) and the growth only
what the case added above it (a weaker bound there).  A case run in a child process bounds its
child's memory itself (``os.wait4``, see :func:`run_measured`).

The bounds are backstops far above what a refused input needs (about a second and a few MB over
the interpreter's 150-300 MB) and far below what the issue measured for unbounded inputs (3.6 GB,
2.6 GB, 1.9 GB; hangs of minutes), with room for a loaded machine (the full suite on 2 cores).
With ``SYMMETRIC_HOSTILE_LOG=FILE`` each case appends ``{"case", "seconds", "mib", "growth"}`` as a
JSON line: ``benchmarks/bench_hostile.py --corpus`` reads it back and prints the worst seen.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time

import pytest

GROWTH_MIB = 1024           # memory one case may add to the process at its peak
CHILD_MIB = 1536            # peak resident memory of a case's own process (run_measured)
SECONDS = 300               # wall time of one case (a slow-marked case: SLOW_SECONDS)
SLOW_SECONDS = 900
_CLEAR = "/proc/self/clear_refs"
_STATUS = "/proc/self/status"


def _reset_peak() -> bool:
    try:
        with open(_CLEAR, "w") as handle:
            handle.write("5")
        return True
    except OSError:
        return False


def _status(field: str) -> int | None:
    try:
        with open(_STATUS) as handle:
            found = re.search(field + r":\s+(\d+) kB", handle.read())
        return int(found.group(1)) // 1024 if found else None
    except OSError:
        return None


def peak_mib() -> int:
    """The peak resident memory of this process since the last reset (MiB)."""
    peak = _status("VmHWM")
    if peak is not None:
        return peak
    scale = 1 if sys.platform == "darwin" else 1024       # bytes on macOS, kB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale // (1 << 20)


def record(case: str, seconds: float, mib: int, growth: int | None = None) -> None:
    log = os.environ.get("SYMMETRIC_HOSTILE_LOG")
    if log:
        with open(log, "a") as handle:
            handle.write(json.dumps({"case": case, "seconds": round(seconds, 3), "mib": mib,
                                     "growth": mib if growth is None else growth}) + "\n")


@pytest.fixture(autouse=True)
def case_bounds(request):
    """Bound the wall time and the memory growth of the case (see the module's note)."""
    base = peak_mib() if not _reset_peak() else (_status("VmRSS") or peak_mib())
    start = time.monotonic()
    yield
    seconds, mib = time.monotonic() - start, peak_mib()
    growth = max(mib - base, 0)
    record(request.node.nodeid, seconds, mib, growth)
    limit = SLOW_SECONDS if request.node.get_closest_marker("slow") else SECONDS
    assert growth <= GROWTH_MIB, f"{request.node.nodeid}: took {growth} MiB more memory (at most {GROWTH_MIB})"
    assert seconds <= limit, f"{request.node.nodeid}: {seconds:.1f} s over {limit} s"


def run_measured(args: list[str], timeout: float = SECONDS, **kwargs) -> tuple[subprocess.CompletedProcess, float, int]:
    """``args`` in a child process, killed after ``timeout`` s: (the completed process, its wall
    seconds, its own peak resident memory in MiB, from ``os.wait4``)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=out, stderr=err, **kwargs)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)     # reaped here, not by Popen
        seconds, mib = time.monotonic() - start, usage.ru_maxrss // 1024
        out.seek(0)
        err.seek(0)
        done = subprocess.CompletedProcess(args, proc.returncode, out.read(), err.read())
    record("a child process: " + " ".join(map(str, args[1:4]))[:80], seconds, mib)
    return done, seconds, mib
