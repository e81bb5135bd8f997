"""What the readings cost: cold wall time of `symmetric check` (a fresh process per run) for
catalogue and new measures, headline readings only (--headline-only) against the default (the
strict definedness reading beside each headline).  Prints the median and the worst case of each
mode and the median ratio.  Usage: python benchmarks/bench_readings.py [MEASURES...]"""

import statistics
import subprocess
import sys
import tempfile
import time

MEASURES = (["--measure", "Acc"], ["--measure", "F1"], ["--measure", "MCC"], ["--measure", "Youden"],
            ["--measure", "Kappa"], ["--measure", "Lam%"], ["--measure", "WAcc"],
            ["--counts", "TP/PP", "--name", "Precision"], ["--counts", "cases(PP = 0, 0, TP/PP)", "--name", "P0"])


def one(args, extra, tmp) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "check", *args, *extra, "--no-pdf", "--latex", tmp],
                   check=True, capture_output=True)
    return time.perf_counter() - start


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for args in MEASURES:
            headline, default = one(args, ["--headline-only"], tmp), one(args, [], tmp)
            rows.append((headline, default))
            print(f"{' '.join(args):45s} headline-only {headline:5.2f} s  default {default:5.2f} s")
    for k, label in enumerate(("headline-only", "default (+ strict)")):
        values = [r[k] for r in rows]
        print(f"{label:20s} median {statistics.median(values):.2f} s  max {max(values):.2f} s")
    print(f"median ratio default/headline-only {statistics.median(d / h for h, d in rows):.2f}")
