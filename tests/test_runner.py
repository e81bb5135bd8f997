"""The one pool of local worker processes (symmetric/runner.py)."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from symmetric import runner
from symmetric.errors import InvalidArgument, InvalidArgumentType


def _pid(_):
    return os.getpid(), os.getpgrp()


def _sleep(_):
    time.sleep(60)


@pytest.mark.parametrize("bad, error", [(0, InvalidArgument), (-3, InvalidArgument), (True, InvalidArgumentType),
                                        ("2", InvalidArgumentType), (1.5, InvalidArgumentType)])
def test_a_bad_worker_count_is_refused(bad, error):
    with pytest.raises(error, match="workers"):
        runner.set_workers(bad)


def test_set_workers_is_what_workers_reads(monkeypatch):
    monkeypatch.setattr(runner, "_CHOSEN", {"workers": None})
    assert runner.workers() == runner.default_workers() == min(2, os.cpu_count() or 1)
    runner.set_workers(3)
    assert runner.workers() == 3
    runner.set_workers(None)
    assert runner.workers() == runner.default_workers()


def test_workers_run_in_other_processes_leading_their_own_groups():
    with runner.worker_pool(2, "fork", own_groups=True) as pool:
        found = set(pool.map(_pid, range(4)))
    assert all(pid != os.getpid() and group == pid for pid, group in found)


def test_leaving_by_an_exception_kills_the_busy_workers():
    started = []
    with pytest.raises(KeyboardInterrupt):
        with runner.worker_pool(2, "fork", own_groups=True) as pool:
            pool.submit(_sleep, 0)
            time.sleep(0.5)
            started = [p for p in multiprocessing.active_children()]
            raise KeyboardInterrupt
    assert started, "the pool started no worker"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(p.is_alive() for p in started):
        time.sleep(0.05)
    assert not any(p.is_alive() for p in started), "a worker outlived the pool"


def test_an_unknown_start_method_is_refused():
    with pytest.raises(InvalidArgument, match="start"):
        with runner.worker_pool(1, "spawn"):
            pass
