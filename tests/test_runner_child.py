"""Issue 27 item 4: work in a child process killed at its deadline (symmetric.runner.run_child),
the one mechanism behind ``symmetric.check(..., time_limit=...)`` from a worker thread and the
atlas's cells on a cluster.  The deadline runs from the child's "ready" (its imports done), the
child is killed (SIGKILL: a child ignoring SIGTERM too) and reaped, and a child's own output comes
back whole."""

from __future__ import annotations

import os
import sys
import threading
import time

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory

from symmetric import runner

CHILDREN = {
    # says ready after a slow start (the start is not taken from its time), then works forever
    "slow_start_then_forever": "import time, sys\ntime.sleep(1.0)\n{ready}\nwhile True: time.sleep(0.05)\n",
    "never_ready": "import time\nwhile True: time.sleep(0.05)\n",
    # echoes its standard input back, 3 MB, more than a pipe holds
    "echo": "import sys\n{ready}\ndata = sys.stdin.buffer.read()\nsys.stdout.buffer.write(data * 3)\n"
            "sys.stderr.write('done')\n",
    # works forever, ignoring SIGTERM
    "stubborn": "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n{ready}\n"
                  "while True: time.sleep(0.05)\n",
    "fails": "import sys\n{ready}\nsys.stderr.write('boom')\nsys.exit(3)\n",
}
READY = "sys.stdout.buffer.write(b'symmetric: child ready\\n'); sys.stdout.flush()"


@pytest.fixture
def children(tmp_path, monkeypatch):
    for name, body in CHILDREN.items():
        (tmp_path / f"{name}.py").write_text("import sys\n" + body.format(ready=READY))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return tmp_path


def test_the_deadline_runs_from_ready(children):
    start = time.monotonic()
    run = runner.run_child("slow_start_then_forever", b"", 1.5, start_seconds=20)
    took = time.monotonic() - start
    assert run.stopped and "1.5 s after it started working" in run.stopped, run
    assert 1.0 + 1.5 <= took < 1.0 + 1.5 + 10, took          # its slow start was not taken from its time


def test_a_child_that_never_starts_is_stopped_at_the_start_bound(children):
    start = time.monotonic()
    run = runner.run_child("never_ready", b"", 60, start_seconds=1.0)
    assert "had not started within 1 s" in run.stopped and time.monotonic() - start < 10, run


def test_input_and_output_larger_than_a_pipe_come_back_whole(children):
    data = bytes(range(256)) * 4096                 # 1 MiB
    run = runner.run_child("echo", data, 30)
    assert run.returncode == 0 and not run.stopped and run.out == data * 3 and run.err == b"done"


def test_without_a_bound_the_child_runs_to_its_end(children):
    run = runner.run_child("fails", b"", None)
    assert (run.returncode, run.stopped, run.err) == (3, "", b"boom")


def test_the_child_is_killed_and_reaped(children):
    run = runner.run_child("stubborn", b"", 0.5, start_seconds=30)
    assert run.stopped and run.returncode < 0          # ended by a signal, and waited for


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_check_in_a_worker_thread_is_stopped_soon_after_its_limit():
    """(TP+FN+FP+1)**64 from a worker thread with time_limit=3: the child's own limit ends it at
    about 3 s after its start-up, the kill at 3 + 5 s at the latest (was 240 s and running)."""
    import symmetric
    from symmetric import space
    heavy = symmetric.Measure("Heavy", "probe", counts=(space.TP + space.FN + space.FP + 1) ** 64)
    out = {}

    def body():
        start = time.monotonic()
        out["results"] = symmetric.check(heavy, ["SM", "SYM"], time_limit=3)
        out["seconds"] = time.monotonic() - start
    worker = threading.Thread(target=body)
    worker.start()
    worker.join(60)
    assert not worker.is_alive()
    verdicts = {r.property: r.verdict.value for r in out["results"]}
    assert verdicts["SYM"] == "fails" and set(verdicts) == {"SM", "SYM"}, verdicts
    assert out["seconds"] < runner.START_SECONDS + 3 + 5, out["seconds"]
