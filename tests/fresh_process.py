"""`symmetric ARGS` in a process of its own, measured, without paying Python's start-up each time.

The hostile-corpus tests run each case in its own process so that its time, its peak memory
(``wait4``'s rusage of that one process), its exit status and its address-space limit are the
operating system's, not the test process's.  A fresh ``python -m symmetric`` spends 1.5-4 CPU
seconds starting Python and importing sympy and the claims before it reads its arguments;
for 34 cases that was most of the file's time.  Here one helper process (the "zygote") imports
those modules once, and each case is a ``fork`` of it that runs ``python -m symmetric``'s own code
(``runpy``, as ``-m`` does) with the case's arguments, its stdio on files, the address-space
limit set, and ends as that process would: ``sys.exit`` with the CLI's code, or a traceback and
exit 1.  The zygote waits for it with ``wait4`` and kills it at its deadline.  The peak resident
memory includes the imported modules' pages, as a fresh process's does; the time leaves out
the imports (the bound is on the case's own work).
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import cpu_durations

ROOT = Path(__file__).resolve().parents[1]

# what `python -m symmetric verify ...` imports before it reads the case's input (measured with
# -X importtime: sympy and the claims are 3-4 s of it on the loaded machine)
_PRELOAD = ("symmetric.cli", "symmetric.claims.model", "symmetric.verify")

_ZYGOTE = r"""
import importlib, json, os, resource, runpy, sys, time
for name in sys.argv[1].split(","):
    importlib.import_module(name)
own = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"ready": own.ru_utime + own.ru_stime}), flush=True)
while True:
    line = sys.stdin.readline()
    if not line:
        break
    case = json.loads(line)
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        # the case: stdio on its files, stdin empty, its own limit; then exactly `python -m symmetric`
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(case["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
        os.dup2(os.open(case["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
        sys.stdin = open(os.devnull)
        limit = case["address_limit"]
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        sys.argv = ["symmetric", *case["args"]]
        runpy.run_module("symmetric", run_name="__main__", alter_sys=True)
        sys.exit(0)                  # an exception above ends the child as it would end python -m
    deadline = start + case["kill_after"]
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
        time.sleep(0.02)
    print(json.dumps({"code": os.waitstatus_to_exitcode(status), "seconds": time.monotonic() - start,
                      "peak_kb": usage.ru_maxrss, "cpu": usage.ru_utime + usage.ru_stime}), flush=True)
"""


class Zygote:
    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", _ZYGOTE, ",".join(_PRELOAD)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, text=True)
        self.folder = tempfile.mkdtemp(prefix="symmetric-zygote-")
        ready = self.proc.stdout.readline()
        if not ready:
            raise RuntimeError(f"the zygote did not start (exit {self.proc.wait()})")
        cpu_durations.elsewhere(json.loads(ready)["ready"])     # its imports, charged to the first case

    def run(self, args: list[str], *, address_limit: int, kill_after: float) -> tuple[int, str, str, float, int]:
        """(exit status, stdout, stderr, seconds, peak KB) of ``symmetric ARGS`` in a forked process."""
        out, err = Path(self.folder, "stdout"), Path(self.folder, "stderr")
        case = {"args": args, "stdout": str(out), "stderr": str(err), "address_limit": address_limit,
                "kill_after": kill_after}
        self.proc.stdin.write(json.dumps(case) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the zygote ended (exit {self.proc.wait()})")
        found = json.loads(line)
        cpu_durations.elsewhere(found["cpu"])      # the fork is the zygote's child, not this process's
        return (found["code"], out.read_text(errors="replace"), err.read_text(errors="replace"),
                found["seconds"], found["peak_kb"])

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        for name in ("stdout", "stderr"):
            Path(self.folder, name).unlink(missing_ok=True)
        os.rmdir(self.folder)


_ONE: list[Zygote] = []


def zygote(env: dict[str, str]) -> Zygote:
    """The process's zygote (started on first use, closed at exit)."""
    if not _ONE or _ONE[0].proc.poll() is not None:
        _ONE[:] = [Zygote(env)]
        atexit.register(_ONE[0].close)
    return _ONE[0]
