"""The default number of check workers reads the processes runnable now as well as the one-minute
load average: a load average that still counts a process which has ended does not keep the
second core idle, and a machine busy now (in every look) is not read as idle."""

from __future__ import annotations

import pytest

from symmetric import runner
from symmetric.properties import parallel_units


def _loadavg(tmp_path, *running):
    """A /proc/loadavg stand-in whose successive reads show ``running`` runnable processes."""
    path = tmp_path / "loadavg"
    reads = iter(running)
    real_open = open

    def fake_open(name, *args, **kwargs):
        if name == str(path):
            path.write_text(f"0.50 0.40 0.30 {next(reads)}/200 4242\n")
        return real_open(name, *args, **kwargs)
    return str(path), fake_open


@pytest.mark.parametrize("load,running,expected", [
    (1.2, (1, 1, 1, 1, 1), 2),      # the average remembers a finished process; only this one runs now
    (0.6, (1, 1, 1, 1, 1), 2),
    (1.2, (2, 2, 2, 2, 2), 1),      # one other process runs now, in every look: a busy core
    (1.2, (1, 3, 1, 2, 1), 2),      # a short-lived one in some looks (a shell, a run's last moments)
    (1.2, (2, 3, 2, 2, 3), 1),      # one busy throughout, others passing: one core busy
    (0.0, (4, 4, 4, 4, 4), 2),      # a burst now on a machine idle for a minute: the average decides
    (9.0, (6, 6, 6, 6, 6), 1),
])
def test_the_default_reads_the_runnable_processes_now(monkeypatch, tmp_path, load, running, expected):
    path, fake_open = _loadavg(tmp_path, *running)
    monkeypatch.setattr(parallel_units, "_LOADAVG", path)
    monkeypatch.setattr(parallel_units, "open", fake_open, raising=False)
    monkeypatch.setattr(parallel_units.time, "sleep", lambda seconds: None)
    monkeypatch.setattr(parallel_units.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(parallel_units.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(runner, "workers", lambda: 2)
    assert parallel_units.idle_workers() == expected


def test_the_count_of_others_excludes_the_reader(monkeypatch, tmp_path):
    path, fake_open = _loadavg(tmp_path, 3, 4, 3, 5, 3)
    monkeypatch.setattr(parallel_units, "_LOADAVG", path)
    monkeypatch.setattr(parallel_units, "open", fake_open, raising=False)
    monkeypatch.setattr(parallel_units.time, "sleep", lambda seconds: None)
    assert parallel_units._runnable_others() == 2      # the fewest of the five looks, less the reader


def test_without_the_file_the_load_average_decides(monkeypatch, tmp_path):
    monkeypatch.setattr(parallel_units, "_LOADAVG", str(tmp_path / "missing"))
    assert parallel_units._runnable_others() is None
    monkeypatch.setattr(parallel_units.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(parallel_units.os, "getloadavg", lambda: (1.2, 1.2, 1.2))
    monkeypatch.setattr(runner, "workers", lambda: 2)
    assert parallel_units.idle_workers() == 1
