"""Benchmark: every pairwise implication of the encoded properties (`symmetric implies P Q`),
against the 10 s per pair goal of issue 25.

Run: python benchmarks/bench_theory.py [max_n] [strict|defined]     (default 4 strict)
Prints one line per ordered pair (verdict, catalogue measure, wall and CPU seconds), then the
worst and total times and the verdict counts.  The catalogue's grid values are computed once
before the timing (they are cached per process, as in one `symmetric implies` run they are
computed once).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from symmetric.properties.catalogue import named
from symmetric.theory import decide
from symmetric.theory.encode import ENCODED, instances
from symmetric.theory.run import catalogue


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    definedness = sys.argv[2] if len(sys.argv) > 2 else "strict"
    reading = {"definedness": definedness, "test-sets": "all", "scope": "global", "model": "bernoulli"}
    cat = catalogue(n, definedness == "defined", False)
    inst = {name: instances(named(name, "classification"), reading, n) for name in ENCODED}
    worst, cworst, counts = 0.0, 0.0, Counter()
    start, cstart = time.perf_counter(), time.process_time()
    for p in ENCODED:
        for q in ENCODED:
            if p == q:
                continue
            t, c = time.perf_counter(), time.process_time()
            o = decide.implies((p, q), inst[p], inst[q], n, sorted(reading.items()), cat)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            worst, cworst = max(worst, dt), max(cworst, dc)
            counts[o.verdict] += 1
            print(f"{p:5} {q:5} {o.verdict:12} {o.measure or '-':12} {dt:6.2f} s wall {dc:6.2f} s cpu {o.reason}",
                  flush=True)
    print(f"worst {worst:.2f} s wall, {cworst:.2f} s cpu; total {time.perf_counter() - start:.1f} s wall, "
          f"{time.process_time() - cstart:.1f} s cpu; {dict(counts)}")


if __name__ == "__main__":
    main()
