"""Median wall time of a full `symmetric check` report for one new measure (in-process, cold
caches per run are not reset: the first run is reported separately)."""

import statistics
import time

from click.testing import CliRunner

from symmetric.cli import main

CASES = {
    "new K-like measure": ["--counts", "cases(AP=0, 2*TN/AN-1, AN=0, 2*TP/AP-1, TP/AP+TN/AN-1)", "--name", "MyK"],
    "catalogue F1": ["--measure", "F1"],
    "catalogue MCC": ["--measure", "MCC"],
}

if __name__ == "__main__":
    runner = CliRunner()
    for label, args in CASES.items():
        times = []
        for _ in range(5):
            start = time.perf_counter()
            result = runner.invoke(main, ["check", *args, "--no-pdf", "--latex", "/tmp/bench_check"])
            times.append(time.perf_counter() - start)
            assert result.exit_code == 0, result.output
        print(f"{label:22s} first {times[0]:.2f} s  median {statistics.median(times):.2f} s  (goal 3 s)")
