"""Benchmark: `symmetric prove amigo --no-pdf` (all 20 amigo claims), median of several runs; or,
with ``show``, the median wall time of `symmetric show ID` of single Amigo claims.

Run: python benchmarks/bench_amigo.py [runs]         (prove, against the 10 s goal)
     python benchmarks/bench_amigo.py show [runs] [ID ...]   (show, against the 2 s goal; by
                                                      default the claims that were slowest)
Each run is a fresh interpreter.  The prove mode prints each run's wall time, the median, its
ratio to the 10 s goal, and the slowest claims of the last run (from the JSON report) against the
2 s per-claim goal (prove runs with --no-cache: it times the computation).  A single claim
computes only the cells of the property table it uses (derivations/amigo/common.py), and `show`
keeps them in the one result cache (symmetric/store/results.py), so `show` is timed twice
per run: cold (an empty cache folder: the cells are computed) and warm (the same folder again:
the cells are read), the second being what a user who has run the claim before waits.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_SECONDS, CLAIM_GOAL_SECONDS = 10.0, 2.0
# the claims that prepared the whole property table before it was computed cell by cell
SLOW_SHOW = ("amigo.appendix.f_growing_quality", "amigo.appendix.utility_absolute_weighting",
             "amigo.appendix.wacc_absolute_weighting", "amigo.body.strict_monotonicity",
             "amigo.body.noninformative_smoothing", "amigo.body.properties_exclusive", "amigo.table.properties",
             # and the claims with the most work of their own (no shared cells)
             "amigo.appendix.frs_noninformative_bound", "amigo.appendix.lam_fixed_quality",
             "amigo.body.mi_fixed_quality")


def one_run(workdir: Path) -> tuple[float, list]:
    report = workdir / "report.json"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "prove", "amigo", "--no-pdf", "--no-cache",
                    "--out", str(workdir / "tex"), "--json", str(report)], check=True, capture_output=True)
    return time.perf_counter() - start, json.loads(report.read_text())


def one_show(claim_id: str, cache: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "show", claim_id], check=True, capture_output=True,
                   env={**os.environ, "XDG_CACHE_HOME": cache})
    return time.perf_counter() - start


def bench_show(runs: int, ids: list[str]) -> None:
    for claim_id in ids or SLOW_SHOW:
        cold, warm = [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as cache:
                cold.append(one_show(claim_id, cache))
                warm.append(one_show(claim_id, cache))
        for label, times in (("cold", cold), ("warm", warm)):
            median = statistics.median(times)
            flag = "  over" if median > CLAIM_GOAL_SECONDS else ""
            print(f"  show {claim_id} ({label}): median {median:.2f} s "
                  f"(min {min(times):.2f}, max {max(times):.2f}){flag}")


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["show"]:
        runs = int(args[1]) if len(args) > 1 else 3
        return bench_show(runs, args[2:])
    runs = int(args[0]) if args else 3
    with tempfile.TemporaryDirectory() as tmp:
        results = [one_run(Path(tmp)) for _ in range(runs)]
    times = [t for t, _ in results]
    median = statistics.median(times)
    print("runs (s):", ", ".join(f"{t:.2f}" for t in times))
    print(f"median: {median:.2f} s; ratio to the {GOAL_SECONDS:.0f} s goal: {median / GOAL_SECONDS:.2f}")
    slow = sorted(results[-1][1], key=lambda r: -r["seconds"])[:5]
    for r in slow:
        flag = "  over" if r["seconds"] > CLAIM_GOAL_SECONDS else ""
        print(f"  {r['seconds']:6.2f} s  {r['id']}{flag}")


if __name__ == "__main__":
    main()
