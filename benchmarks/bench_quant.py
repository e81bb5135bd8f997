"""Benchmark: `symmetric prove quant` (all quant claims, fresh caches), median of several runs.

Run: PYTHONPATH=. python benchmarks/bench_quant.py [runs].  Prints each run, the median and its
ratio to the 10 s goal.  Each run is a fresh interpreter so the property caches start empty.
"""

import statistics
import subprocess
import sys
import time

GOAL_SECONDS = 10.0


def one_run() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "prove", "quant", "--no-pdf", "--out", "/tmp/bench_quant_out"],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    times = [one_run() for _ in range(runs)]
    median = statistics.median(times)
    print("runs (s):", ", ".join(f"{t:.2f}" for t in times))
    print(f"median: {median:.2f} s; ratio to the {GOAL_SECONDS:.0f} s goal: {median / GOAL_SECONDS:.2f}")


if __name__ == "__main__":
    main()
