"""The test suite's cost, per tier: wall time, CPU seconds (the tests' own and their child
processes', tests/cpu_durations.py) and the CPU per file.

    python benchmarks/bench_tests.py                 # fast tier, then the full suite, on 2 workers
    python benchmarks/bench_tests.py --tier fast --workers 2 --top 15
    python benchmarks/bench_tests.py --tier full --write-costs   # and refresh tests/measured_cpu.json
    python benchmarks/bench_tests.py --tier fast --write-slow    # and refresh tests/slow_by_cost.txt
    python benchmarks/bench_tests.py --tier full --write-costs tests/test_atlas.py   # one file's entries

On a machine others share, the wall time says more about their load than about the tests: the
CPU seconds do not, and CPU / workers is the wall time to expect on an idle machine of that many
cores (a lower bound: one long xdist group can keep a worker busy after the others finish).
The CPU of all the run's processes is also given: the tests' figure leaves out what no test is
charged with (each worker's start-up and collection of every test module, the scheduling), the
gap between the fast tier's 218 CPU-s in its tests and its 142 s wall on 2 workers.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIERS = {"fast": ["-m", "not slow"], "full": []}
COSTS = ROOT / "tests" / "measured_cpu.json"      # the schedule's cost table (tests/cost_order.py)
KEEP = 0.2      # CPU seconds: the cheaper tests are left out of the table (a test it does not name costs 0)


def _plain(nodeid: str) -> str:
    """The node id without xdist's "@group" suffix (its own rule: an "@" after the last "]")."""
    return nodeid.rsplit("@", 1)[0] if nodeid.rfind("@") > nodeid.rfind("]") else nodeid


def write_costs(out: str, files: list[str] | None = None) -> None:
    """The measured costs into the table: all of it, or, with ``files``, those files' entries only
    (the others keep theirs: a change measured file by file)."""
    per_test = out.split("CPU seconds per test", 1)[-1].split("CPU seconds per file", 1)[0]
    kept = json.loads(COSTS.read_text()) if files and COSTS.exists() else {}
    costs = {k: v for k, v in kept.items() if k.split("::")[0] not in files}
    for line in per_test.splitlines():
        found = re.match(r"\s*([\d.]+)\s+(tests/\S.*)$", line)
        if found and float(found.group(1)) >= KEEP:
            costs[_plain(found.group(2))] = round(float(found.group(1)), 1)
    COSTS.write_text(json.dumps(dict(sorted(costs.items())), indent=0) + "\n")
    print(f"{COSTS.relative_to(ROOT)}: {len(costs)} tests of {KEEP} CPU-s or more"
          + (f" ({', '.join(files)} measured again)" if files else ""))


SLOW_BY_COST = ROOT / "tests" / "slow_by_cost.txt"     # the fast tier's measured exclusions (tests/conftest.py)
# The fast tier's budget: a parametrized test keeps its cases there cheapest first while their sum
# stays within CASE_BUDGET CPU-s (its cheapest case always), and a test of its own costing
# SLOW_SINGLE_AT or more is slow.  A budget, not a per-case threshold (0.7 CPU-s until session 34):
# a test with 60 cases of 0.3 CPU-s each cost 18 CPU-s of the fast tier under the threshold, one
# more case of one behaviour each; the budget keeps 93% of the fast tier's tests and halves its
# CPU (simulated on a measured run: 312 -> 157 CPU-s, 3180 of 3414 tests kept).
CASE_BUDGET = 1.0
SLOW_SINGLE_AT = 1.0
# ... and any test or case of HEAVY_AT CPU-s or more, a test's cheapest case too (measured: 13 such
# cheapest cases were 42 of the fast tier's 184 CPU-s); the module keeps its cheapest test
HEAVY_AT = 2.0


def _function(nodeid: str) -> str:
    return nodeid.split("[", 1)[0]


MAX_ID = 200         # characters of a node id that every pytest version spells alike


def _over_budget(costs: dict[str, float]) -> set[str]:
    """The cases of each parametrized test beyond its budget, the costly tests of their own, and
    every test or case of HEAVY_AT CPU-s or more."""
    cases: dict[str, list] = {}
    for nodeid, cost in costs.items():
        cases.setdefault(_function(nodeid), []).append((cost, nodeid))
    slow = set()
    for found in cases.values():
        if "[" not in found[0][1]:
            slow.update(n for c, n in found if c >= SLOW_SINGLE_AT)
            continue
        spent = 0.0
        for rank, (cost, nodeid) in enumerate(sorted(found)):
            if cost < HEAVY_AT and (rank == 0 or spent + cost <= CASE_BUDGET):
                spent += cost
            else:
                slow.add(nodeid)
    return slow


def write_slow_by_cost(out: str) -> None:
    """From a fast-tier run's per-test CPU (:func:`_over_budget`), with every module keeping its
    cheapest test that ran in the fast tier."""
    per_test = out.split("CPU seconds per test", 1)[-1].split("CPU seconds per file", 1)[0]
    costs = {}
    for line in per_test.splitlines():
        found = re.match(r"\s*([\d.]+)\s+(tests/\S.*)$", line)
        if found:
            costs[_plain(found.group(2))] = float(found.group(1))
    # a parametrized case whose id is long is never listed: pytest 9.2 shortens long ids (9.0 does
    # not), and a name one version does not collect fails the run on the other (the CI's venv)
    slow = {n for n in _over_budget(costs) if len(n) <= MAX_ID}
    modules: dict[str, list] = {}
    for nodeid, cost in costs.items():
        modules.setdefault(nodeid.split("::")[0], []).append((cost, nodeid))
    kept = {min(found)[1] for found in modules.values() if all(n in slow for _, n in found)}
    slow = [n for n in slow if n not in kept]
    lines = SLOW_BY_COST.read_text().splitlines() if SLOW_BY_COST.exists() else []
    header = [ln for ln in lines if ln.startswith("#")]
    # the tests listed before ran in no fast tier since: they keep their entry and measured cost
    listed = {ln.split(None, 1)[1]: ln for ln in lines if ln.strip() and not ln.startswith("#")}
    entries = {**{n: ln for n, ln in listed.items() if n not in costs}, **{n: f"{costs[n]:6.2f}  {n}" for n in slow}}
    SLOW_BY_COST.write_text("\n".join([*header, *(entries[n] for n in sorted(entries))]) + "\n")
    print(f"{SLOW_BY_COST.relative_to(ROOT)}: {len(entries)} tests (cases beyond a test's {CASE_BUDGET} CPU-s, "
          f"a test of its own of {SLOW_SINGLE_AT} CPU-s or more, any of {HEAVY_AT})")


def run(tier: str, workers: int, top: int, costs: bool = False, slow_by_cost: bool = False,
        files: list[str] | None = None) -> None:
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(workers), "--dist", "loadgroup",
            *(files or ()),
            f"--cpu-durations={0 if costs or slow_by_cost else top}", *TIERS[tier]]
    start, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    # every process of the run (the controller, the workers, their children): the tests' CPU plus
    # what no test is charged with -- start-up, collection in each worker, the scheduling
    whole = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out = done.stdout
    total = re.search(r"CPU seconds per test .*total ([\d.]+)", out)
    cpu = float(total.group(1)) if total else float("nan")
    summary = out.strip().splitlines()[-1] if out.strip() else done.stderr[-500:]
    print(f"{tier}: {summary}")
    for line in out.splitlines():           # pytest's short summary: what failed, by name
        if line.startswith(("FAILED ", "ERROR ")):
            print(f"    {line[:300]}")
    print(f"{tier}: wall {wall:.0f} s on {workers} workers, CPU {cpu:.0f} s in the tests, CPU/{workers} {cpu / workers:.0f} s; "
          f"CPU {whole:.0f} s in all the run's processes (start-up and collection included)")
    per_file = [ln for ln in out.split("CPU seconds per file", 1)[-1].split("Wall seconds per test", 1)[0].splitlines()
                if re.match(r"\s*[\d.]+\s+tests/", ln)]
    idle = re.search(r"Wall seconds per test not spent on the CPU, total ([\d.]+)", out)
    if idle:
        print(f"{tier}: {float(idle.group(1)):.0f} s of the tests' wall time not on the CPU (sleeping, waiting)")
    for line in per_file[:top]:
        print(f"    {line.strip()}")
    if costs:
        write_costs(out, files)
    if slow_by_cost:
        write_slow_by_cost(out)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", choices=[*TIERS, "both"], default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("files", nargs="*", help="only these test files (tests/x.py); with --write-costs, "
                        "only their entries of the table are replaced")
    parser.add_argument("--write-costs", action="store_true",
                        help=f"write every test's CPU seconds (>= {KEEP}) to {COSTS.name}, the schedule's table")
    parser.add_argument("--write-slow", action="store_true",
                        help=f"with --tier fast: list in {SLOW_BY_COST.name} the cases beyond each test's {CASE_BUDGET} CPU-s budget"
                             " (added to it: the listed tests did not run)")
    options = parser.parse_args()
    if options.files and options.write_slow:
        parser.error("--write-slow reads a whole fast tier (every module keeps a fast test): give no files")
    for tier in TIERS if options.tier == "both" else [options.tier]:
        run(tier, options.workers, options.top, options.write_costs, options.write_slow and tier == "fast",
            options.files)
