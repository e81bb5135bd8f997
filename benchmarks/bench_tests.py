"""The test suite's cost, per tier: wall time, CPU seconds (the tests' own and their child
processes', tests/cpu_durations.py) and the CPU per file.

    python benchmarks/bench_tests.py                 # fast tier, then the full suite, on 2 workers
    python benchmarks/bench_tests.py --tier fast --workers 2 --top 15

On a machine others share, the wall time says more about their load than about the tests: the
CPU seconds do not, and CPU / workers is the wall time to expect on an idle machine of that many
cores (a lower bound: one long xdist group can keep a worker busy after the others finish).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIERS = {"fast": ["-m", "not slow"], "full": []}


def run(tier: str, workers: int, top: int) -> None:
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(workers), "--dist", "loadgroup",
            f"--cpu-durations={top}", *TIERS[tier]]
    start = time.monotonic()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - start
    out = done.stdout
    total = re.search(r"CPU seconds per test .*total ([\d.]+)", out)
    cpu = float(total.group(1)) if total else float("nan")
    summary = out.strip().splitlines()[-1] if out.strip() else done.stderr[-500:]
    print(f"{tier}: {summary}")
    print(f"{tier}: wall {wall:.0f} s on {workers} workers, CPU {cpu:.0f} s, CPU/{workers} {cpu / workers:.0f} s")
    files = [ln for ln in out.split("CPU seconds per file", 1)[-1].splitlines() if re.match(r"\s*[\d.]+\s+tests/", ln)]
    for line in files[:top]:
        print(f"    {line.strip()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", choices=[*TIERS, "both"], default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--top", type=int, default=15)
    options = parser.parse_args()
    for tier in TIERS if options.tier == "both" else [options.tier]:
        run(tier, options.workers, options.top)
