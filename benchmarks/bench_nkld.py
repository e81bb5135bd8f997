"""Benchmark: exact NKLD (and KLD, NRAE) for 5 classes with denominators near 1000, through the
Python API (``symmetric.measure("NKLD").value(true, predicted, smoothing)``).

Run: PYTHONPATH=. python benchmarks/bench_nkld.py [pairs].  Each pair of distributions is new
(prevalences k/d with d drawn from 990..1010, so no memoised value is reused), the smoothing
constant is 1/(2 * 1000); prints the median, the maximum and the time to a float of the exact
value.  The goal is under 1 s per value.
Recorded on the 2-core machine (shared with other jobs):
  before (main at 9cee5f8): 24-286 s per NKLD value (the issue); here the second pair ran over
  100 s and was stopped;
  after (exp kept unevaluated, quantification/measures.py `_put`; 3 runs of 20 pairs, load 5 on
  the 2 cores): NKLD median 0.002-0.013 s, max 0.022 s; KLD median 0.002 s; NRAE median
  0.002-0.009 s.  To a float: under 0.001 s.
"""

import random
import statistics
import sys
import time

import sympy as sp

import symmetric
from symmetric.quantification.distributions import Distribution, epsilon_for

GOAL_SECONDS = 1.0


def distribution(rng: random.Random, classes: int) -> Distribution:
    size = rng.randint(990, 1010)
    cuts = sorted(rng.randint(0, size) for _ in range(classes - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, size])]
    return Distribution(tuple(sp.Rational(x, size) for x in parts))


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rng = random.Random(2026)
    eps = epsilon_for(1000)
    cases = [(distribution(rng, 5), distribution(rng, 5)) for _ in range(pairs)]
    for name in ("NKLD", "KLD", "NRAE"):
        measure = symmetric.measure(name)
        seconds, to_float = [], []
        for true, predicted in cases:
            start = time.perf_counter()
            value = measure.value(true, predicted, eps)
            seconds.append(time.perf_counter() - start)
            start = time.perf_counter()
            float(sp.N(value, 20))
            to_float.append(time.perf_counter() - start)
        median = statistics.median(seconds)
        print(f"{name}: {pairs} pairs, exact value median {median:.4f} s, max {max(seconds):.4f} s; "
              f"to a float median {statistics.median(to_float):.4f} s; "
              f"median / {GOAL_SECONDS:.0f} s goal = {median / GOAL_SECONDS:.4f}")


if __name__ == "__main__":
    main()
