"""The longest work first: xdist hands out work units in collection order, so a costly test
collected last starts last and keeps one worker busy after the other has finished (the tail that
made the full suite's wall time exceed its CPU / 2).  tests/conftest.py orders the items by the
measured cost of their work unit, longest first (longest-processing-time scheduling), from
tests/measured_cpu.json: CPU seconds per test, as ``benchmarks/bench_tests.py --write-costs``
measured them (process + waited-for children, tests/cpu_durations.py) in a full-suite run: a test
it does not name took less than the table's floor.  With no table, a test marked slow counts as
:data:`UNMEASURED_SLOW` and the others as nothing.

The unit ordered is an xdist group (all its tests run on one worker: its cost is theirs summed)
or, for the tests in no group, their file: a file's tests stay together and in their order, so a
module fixture is not set up again for every other file's test run in between.  A test missing
from the table costs nothing, and a unit of no measured cost keeps its collection place after the
measured ones; the order is a schedule, never a selection, so a stale table costs wall time,
not coverage.  The sort is stable and depends only on the collected node ids, so every worker
computes the same order (xdist requires identical collections).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

TABLE = Path(__file__).with_name("measured_cpu.json")


def load(path: Path = TABLE) -> dict[str, float]:
    try:
        return {k: float(v) for k, v in json.loads(path.read_text()).items()}
    except (OSError, ValueError, AttributeError):      # no table (a fresh checkout): collection order
        return {}


def _group(item) -> str | None:
    marker = item.get_closest_marker("xdist_group")
    if marker is None:
        return None
    return marker.args[0] if marker.args else marker.kwargs.get("name")


# with no table, a test marked slow: SLOW_TESTS holds tests of about 10 CPU-s or more
UNMEASURED_SLOW = 10.0


def longest_first(items: list, costs: dict[str, float]) -> list:
    """The items, each group's or file's tests together, the costliest first (stable otherwise)."""
    if costs:
        cost = [costs.get(item.nodeid, 0.0) for item in items]
    else:
        cost = [UNMEASURED_SLOW if item.get_closest_marker("slow") else 0.0 for item in items]
    units = [_group(item) or item.nodeid.split("::")[0] for item in items]
    total: dict[str, float] = defaultdict(float)
    first: dict[str, int] = {}
    for i, unit in enumerate(units):
        total[unit] += cost[i]
        first.setdefault(unit, i)
    order = sorted(range(len(items)), key=lambda i: (-total[units[i]], first[units[i]], i))
    return [items[i] for i in order]
