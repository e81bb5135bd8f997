"""Benchmark: `symmetric check --kind quantification` for one measure, fresh interpreter per run
(the property checkers cache their results in-process, so in-process repeats would measure the
cache).  Prints, per case, each run's wall time, the median and its ratio to the 3 s goal, and
the start-up cost of the command line alone (`symmetric check --help`) for comparison.

Run: PYTHONPATH=. python benchmarks/bench_check_quant.py [runs]

Medians (s, 5 runs, 2-core machine under other load; start-up 0.7-1.0 s), before -> after the
interval pre-check of exact re-checks and the counterexample-first B-IMP/B-REL/B-ABS order:
AE 1.18 -> 1.19, SE 0.99 -> 1.06, PD 1.38 -> 1.06, KLD-like 1.63 -> 1.07, RAE 1.30 -> 1.24,
NKLD 2.07 -> 1.24, reverse KLD 3.66 -> 1.27 (3 runs).
"""

import statistics
import subprocess
import sys
import tempfile
import time

GOAL_SECONDS = 3.0

CASES = {
    "user AE-like abs(q-p)/n": ["--term", "abs(q - p)/n", "--name", "MyAE"],
    "user SE-like (q-p)^2/n": ["--term", "(q - p)^2/n", "--name", "MySE"],
    "user PD-like (p-q)^2/(2q)": ["--term", "(p - q)^2/(2*q)", "--name", "MyPD"],
    "user KLD-like p*log(p/q)": ["--term", "p*log(p/q)", "--name", "MyKLD"],
    "user RAE-like abs(q-p)/(p n)": ["--term", "abs(q - p)/(p*n)", "--name", "MyRAE"],
    "catalogue NKLD": ["--measure", "NKLD"],
    "user reverse KLD q*log(q/p)": ["--term", "q*log(q/p)", "--name", "MyRKLD"],
}


def wall(args: list[str], outdir: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        startup = statistics.median(wall(["check", "--help"], tmp) for _ in range(runs))
        print(f"{'start-up (check --help)':30s} median {startup:5.2f} s")
        for label, args in CASES.items():
            full = ["check", "--kind", "quantification", *args, "--no-pdf", "--latex", tmp]
            times = [wall(full, tmp) for _ in range(runs)]
            median = statistics.median(times)
            flag = "  over" if median > GOAL_SECONDS else ""
            print(f"{label:30s} median {median:5.2f} s  ratio to {GOAL_SECONDS:.0f} s goal {median / GOAL_SECONDS:.2f}"
                  f"  (runs {', '.join(f'{t:.2f}' for t in times)}){flag}")


if __name__ == "__main__":
    main()
