"""Benchmark: `symmetric prove amigo --no-pdf` (all 20 amigo claims), median of several runs.

Run: python benchmarks/bench_amigo.py [runs].  Each run is a fresh interpreter (caches start
empty).  Prints each run's wall time, the median, its ratio to the 10 s goal, and the slowest
claims of the last run (from the JSON report) against the 2 s per-claim goal.
"""

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_SECONDS, CLAIM_GOAL_SECONDS = 10.0, 2.0


def one_run(workdir: Path) -> tuple[float, list]:
    report = workdir / "report.json"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "prove", "amigo", "--no-pdf", "--out", str(workdir / "tex"),
                    "--json", str(report)], check=True, capture_output=True)
    return time.perf_counter() - start, json.loads(report.read_text())


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
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
