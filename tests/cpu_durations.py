"""``pytest --cpu-durations=N``: the N tests that took the most CPU, and the CPU per test file.

pytest's ``--durations`` reports wall time, which on a shared 2-core machine says more about the
other engineers' load than about the test.  This counts the processor time of the test process
(``time.process_time``) plus that of the child processes it waited for during the test (a CLI
subprocess, a fork pool: ``RUSAGE_CHILDREN``; a fork of a helper process reports its own with
:func:`elsewhere`), for setup, call and teardown together.  Under
xdist each worker measures its own tests and sends the figures with the reports.
"""

from __future__ import annotations

import resource
import time
from collections import defaultdict

import pytest

KEY = "cpu_seconds"


def pytest_addoption(parser):
    parser.addoption("--cpu-durations", type=int, default=None, metavar="N",
                     help="show the N tests that took the most CPU (0: all), and CPU per file")


_ELSEWHERE = [0.0]


def elsewhere(seconds: float) -> None:
    """Count CPU seconds a test spent in a process that is not its own child (a fork of a helper
    process, tests/fresh_process.py): RUSAGE_CHILDREN cannot see it."""
    _ELSEWHERE[0] += seconds


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime + _ELSEWHERE[0]


def _measured(item):
    start = _cpu()
    yield
    item.user_properties.append((KEY, _cpu() - start))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    yield from _measured(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield from _measured(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    yield from _measured(item)


class _Totals:
    def __init__(self) -> None:
        self.by_test: dict[str, float] = defaultdict(float)
        self.wall: dict[str, float] = defaultdict(float)
        self.seen: dict[str, int] = defaultdict(int)

    def add(self, report) -> None:
        # the properties accumulate over the phases: each report carries those recorded so far
        values = [v for k, v in report.user_properties if k == KEY]
        new = values[self.seen[report.nodeid]:]
        self.seen[report.nodeid] = len(values)
        self.by_test[report.nodeid] += sum(new)
        self.wall[report.nodeid] += report.duration


_CONFIG: list = []


def pytest_configure(config):
    _CONFIG[:] = [config]
    if config.getoption("cpu_durations") is not None:
        config._cpu_totals = _Totals()


def pytest_runtest_logreport(report):
    if _CONFIG and getattr(_CONFIG[0], "_cpu_totals", None) is not None:
        _CONFIG[0]._cpu_totals.add(report)


def pytest_terminal_summary(terminalreporter, config):
    totals = getattr(config, "_cpu_totals", None)
    if totals is None:
        return
    n = config.getoption("cpu_durations")
    ranked = sorted(totals.by_test.items(), key=lambda kv: -kv[1])
    write = terminalreporter.write_line
    terminalreporter.section(f"CPU seconds per test (process + waited-for children), total {sum(totals.by_test.values()):.1f}")
    for nodeid, seconds in ranked[:n or None]:
        write(f"{seconds:8.2f}  {nodeid}")
    by_file: dict[str, float] = defaultdict(float)
    for nodeid, seconds in ranked:
        by_file[nodeid.split("::")[0]] += seconds
    terminalreporter.section("CPU seconds per file")
    for path, seconds in sorted(by_file.items(), key=lambda kv: -kv[1]):
        write(f"{seconds:8.2f}  {path}")
    # a test that sleeps, or waits for a time limit or a process it does not wait for, holds an xdist
    # worker without using its core: wall time the CPU figures above do not show (on a loaded
    # machine this also counts the time spent waiting for a core)
    idle = {k: totals.wall[k] - totals.by_test[k] for k in totals.wall}
    terminalreporter.section(f"Wall seconds per test not spent on the CPU, total {sum(idle.values()):.1f}")
    for nodeid, seconds in sorted(idle.items(), key=lambda kv: -kv[1])[:min(n or 15, 15)]:
        write(f"{seconds:8.2f}  {nodeid}")
