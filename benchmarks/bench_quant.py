"""Benchmark: `symmetric prove quant` (all quant claims, fresh caches), median of several runs.

Run: PYTHONPATH=. python benchmarks/bench_quant.py [runs].  Each run is a fresh interpreter
(the property and evaluation caches start empty).  Prints, per run, the wall-clock time and
the CPU time of the child process (user + system: the machine is shared, so wall-clock time
also measures the other load), then the medians and their ratio to the 10 s goal.
Recorded on the 2-core machine: before the quantspeed changes (main at 4fcb439, 3 runs) wall
median 27.1 s, CPU median 25.5 s; after (5 runs) wall median 5.6 s, CPU median 5.7 s.
"""

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

GOAL_SECONDS = 10.0


def one_run(out_dir: str) -> tuple[float, float]:
    """(wall-clock seconds, child CPU seconds) of one `prove quant --no-pdf`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "prove", "quant", "--no-pdf", "--out", out_dir],
                   check=True, capture_output=True, env={**os.environ})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory(prefix="bench_quant_") as out_dir:
        results = [one_run(out_dir) for _ in range(runs)]
    walls, cpus = [w for w, _ in results], [c for _, c in results]
    print("wall (s):", ", ".join(f"{t:.2f}" for t in walls))
    print("cpu  (s):", ", ".join(f"{t:.2f}" for t in cpus))
    for label, values in (("wall", walls), ("cpu", cpus)):
        median = statistics.median(values)
        print(f"median {label}: {median:.2f} s; ratio to the {GOAL_SECONDS:.0f} s goal: {median / GOAL_SECONDS:.2f}")


if __name__ == "__main__":
    main()
