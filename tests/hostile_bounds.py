"""Every case of the hostile corpus is bounded in time and memory (issue 27 item 6).

A corpus file imports :func:`case_bounds` (an autouse fixture) and each of its cases then runs
between two measurements: wall time, and the peak resident memory of this process during the
case.  On Linux the peak is reset before each case (writing 5 to ``/proc/self/clear_refs``
resets ``VmHWM``), so the figure is the case's own peak; elsewhere it is the process's peak so far
(``ru_maxrss``), never smaller than the case's, so the bound stays an upper bound.  A case run in
a child process asserts its child's memory itself (``os.wait4``, see :func:`run_measured`).

The bounds are backstops far above what a refused input needs (a refusal costs about a second
and the interpreter's own 300-500 MB) and far below what the issue measured for unbounded
inputs (3.6 GB, 2.6 GB, 1.9 GB; hangs of minutes).  With ``SYMMETRIC_HOSTILE_LOG=FILE`` each case
appends ``{"case", "seconds", "mib"}`` as a JSON line: ``benchmarks/bench_hostile.py --corpus``
reads it back and prints the worst time and memory seen.
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

MEMORY_MIB = 1536           # peak resident memory of the process during one case
SECONDS = 120               # wall time of one case (a slow-marked case: SLOW_SECONDS)
SLOW_SECONDS = 600
_CLEAR = "/proc/self/clear_refs"
_STATUS = "/proc/self/status"


def _reset_peak() -> bool:
    try:
        with open(_CLEAR, "w") as handle:
            handle.write("5")
        return True
    except OSError:
        return False


def peak_mib() -> int:
    """The peak resident memory of this process since the last reset (MiB)."""
    try:
        with open(_STATUS) as handle:
            found = re.search(r"VmHWM:\s+(\d+) kB", handle.read())
        if found:
            return int(found.group(1)) // 1024
    except OSError:
        pass
    scale = 1 if sys.platform == "darwin" else 1024       # bytes on macOS, kB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale // (1 << 20)


def record(case: str, seconds: float, mib: int) -> None:
    log = os.environ.get("SYMMETRIC_HOSTILE_LOG")
    if log:
        with open(log, "a") as handle:
            handle.write(json.dumps({"case": case, "seconds": round(seconds, 3), "mib": mib}) + "\n")


@pytest.fixture(autouse=True)
def case_bounds(request):
    """Bound the wall time and peak memory of the case (see the module's note)."""
    _reset_peak()
    start = time.monotonic()
    yield
    seconds, mib = time.monotonic() - start, peak_mib()
    record(request.node.nodeid, seconds, mib)
    limit = SLOW_SECONDS if request.node.get_closest_marker("slow") else SECONDS
    assert mib <= MEMORY_MIB, f"{request.node.nodeid}: peak memory {mib} MiB over {MEMORY_MIB} MiB"
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
    record(" ".join(map(str, args[1:5])), seconds, mib)
    return done, seconds, mib
