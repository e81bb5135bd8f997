"""Benchmark: the literature properties (TSYM, SMON, MAXA, MINA, ITN, ISC, ICL, CB, DIST) in both
definedness readings, per catalogue measure, through the driver (decider plus cross-check).

Run: python benchmarks/bench_literature.py [runs].  Each run is a fresh interpreter (cold caches);
prints the median wall time per measure and the verdict counts of the last run.
"""

import statistics
import subprocess
import sys

MEASURES = ("Acc", "F1", "MCC", "Jaccard", "BalAcc", "Kappa", "DOR", "Lam%")
PROPERTIES = ("TSYM", "SMON", "MAXA", "MINA", "ITN", "ISC", "ICL", "CB", "DIST")
CODE = """
import collections, sys, time, symmetric
start = time.perf_counter()
rs = symmetric.check(sys.argv[1], list(sys.argv[2:]), time_limit=60, alternates=True)
print(time.perf_counter() - start, dict(collections.Counter(r.verdict.value for r in rs)))
"""


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for m in MEASURES:
        times, counts = [], ""
        for _ in range(runs):
            out = subprocess.run([sys.executable, "-c", CODE, m, *PROPERTIES], check=True, capture_output=True,
                                 text=True).stdout.split(" ", 1)
            times.append(float(out[0]))
            counts = out[1].strip()
        print(f"{m:10s} median {statistics.median(times):6.2f} s over {runs} runs  {counts}")


if __name__ == "__main__":
    main()
