"""Benchmark: `symmetric prove --no-pdf` of every claim, wall and CPU seconds, median of runs,
for each number of worker processes asked for (issue 14: under 20 s wall on 2 cores).

Run: python benchmarks/bench_prove.py [runs] [workers ...]     (default: 3 runs, workers 1 and 2)

Each run is a fresh interpreter (caches start empty); CPU is user + system of the run and of
every process it waited for (resource.getrusage of the children).  The .tex outputs of the
runs are compared byte for byte: any difference between worker counts is reported.

Measured 2026-11-26 on the 2-core machine while two other sessions' processes each held a core
at 100% (load 3-3.5), so a second worker had no free core to use: whole-process medians,
runs paired A B A B (the ratios are the figures that survive the noise).
  main before this work (sequential), 3 runs:       wall 41.4 s, CPU 45.8 s
  this branch, --workers 2 (claims cut claim by claim, an earlier form), paired with main:
                                                    wall 52.4 s, CPU 48.9 s (A/B wall 1.23, CPU 1.08)
  this branch, one unit a paper, 2 runs paired:     --workers 1: wall 42.3 s, CPU 41.7 s
                                                    --workers 2: wall 46.6 s, CPU 45.6 s
                                                    (workers 2 / workers 1: wall 1.10, CPU 1.09)
  final branch, 2 runs paired (load 3.3):           --workers 2: wall 39.9 s, CPU 41.5 s
                                                    --workers 1: wall 38.6 s, CPU 38.4 s (A/B wall 1.04)
  per claim (--workers 1, same load): lewis95.f.prp 4.9 s (12.8 s in a run under like load
  before the memoised exact mean), lewis95.loss.expectation 3.5, quant.table1 3.4, amigo preparation 18.3 s.
The .tex outputs of every run (both worker counts, main's) were byte-identical (diff -r).
On an idle machine the two units that matter run side by side: the amigo unit (preparation
about 17.5 s CPU + 4.3 s of claims) against the other papers (about 17 s), so the expected
wall is about half the CPU plus start-up; that could not be measured here.
`symmetric show` under the same load (3 runs; table.properties 2): strict_monotonicity 5.1 s,
noninformative_smoothing 6.0 s, properties_exclusive 8.6 s, table.properties 17.7 s (median
wall); each is the Amigo cells it needs, in sympy's factor/together inside the deciders.
"""

import filecmp
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_SECONDS = 20.0


def one_run(out: Path, workers: int) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "prove", "--no-pdf", "--out", str(out),
                    "--workers", str(workers)], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def same_tree(a: Path, b: Path) -> bool:
    names = sorted(p.name for p in a.iterdir())
    if names != sorted(p.name for p in b.iterdir()):
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    return not mismatch and not errors


def main() -> None:
    args = [int(a) for a in sys.argv[1:]]
    runs = args[0] if args else 3
    worker_counts = args[1:] or [1, 2]
    with tempfile.TemporaryDirectory() as tmp:
        first_out = None
        for workers in worker_counts:
            figures = []
            for k in range(runs):
                out = Path(tmp) / f"w{workers}_{k}"
                figures.append(one_run(out, workers))
                if first_out is None:
                    first_out = out
                elif not same_tree(first_out, out):
                    print(f"  OUTPUTS DIFFER: {out.name} against {first_out.name}")
            walls, cpus = [w for w, _ in figures], [c for _, c in figures]
            wall = statistics.median(walls)
            print(f"workers {workers}: wall median {wall:.2f} s (min {min(walls):.2f}, max {max(walls):.2f}), "
                  f"CPU median {statistics.median(cpus):.2f} s; goal {GOAL_SECONDS:.0f} s: "
                  f"{'met' if wall <= GOAL_SECONDS else 'not met'}")


if __name__ == "__main__":
    main()
