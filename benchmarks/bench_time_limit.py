"""Benchmark: `symmetric check --time-limit`.

Run: python benchmarks/bench_time_limit.py [runs].  Fresh interpreter per run (wall time includes
start-up, about 1 s).  Reports (1) a measure several checkers need minutes for, with
--time-limit 20: it should end near 20 s, with the interrupted properties undetermined;
(2) catalogue F1 and K with the default limit against no limit (--time-limit 0): the limit must
not slow normal measures nor change their report.
"""

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEAVY = "(TP+FN+FP+1)^64"


def one_run(args: list[str], workdir: Path) -> tuple[float, list]:
    report = workdir / "report.json"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", "check", *args, "--no-pdf", "--latex", str(workdir / "tex"),
                    "--json", str(report)], check=True, capture_output=True)
    return time.perf_counter() - start, json.loads(report.read_text())[0]["properties"]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        seconds, props = one_run(["--counts", HEAVY, "--time-limit", "20"], work)
        stopped = [p["property"] for p in props if p["reason"] and "time limit of" in p["reason"]["text"]]
        print(f"{HEAVY} --time-limit 20: {seconds:.2f} s; stopped by the limit: {', '.join(stopped) or 'none'}")
        for measure in ("F1", "K"):
            times = {"60": [], "0": []}
            reports = {}
            for _ in range(runs):
                for limit in times:        # interleaved, so machine load hits both alike
                    t, reports[limit] = one_run(["--measure", measure, "--time-limit", limit], work)
                    times[limit].append(t)
            same = "same report" if reports["60"] == reports["0"] else "REPORTS DIFFER"
            print(f"{measure}: median {statistics.median(times['60']):.2f} s with the default 60 s limit, "
                  f"{statistics.median(times['0']):.2f} s without; {same}")


if __name__ == "__main__":
    main()
