"""Benchmark: the slowest hostile inputs of issue 15, each in a fresh interpreter.

Run: python benchmarks/bench_hostile.py [runs].  For each case prints the median wall time, the
peak memory (max RSS of the child) and the exit status; the worst of each is the figure the
issue's closing note asks for.  Every case must end in exit 2 (a one-line refusal) or 0.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MAX99 = "max(" + ",".join(f"TP/(FP+{i})" for i in range(1, 100)) + ")"
CASES = [
    ("cancelled (TP+FP+FN+TN)^64-1", ["check", "--no-pdf", "--time-limit", "10", "--counts",
                                      "0*TP/((TP+FP+FN+TN)^64-1)"]),
    ("cancelled (TP+FP)^64-(FN+TN)^64", ["check", "--no-pdf", "--time-limit", "10", "--counts",
                                         "0*TP/((TP+FP)^64-(FN+TN)^64)"]),
    ("max of 99 arguments, check", ["check", "--no-pdf", "--time-limit", "10", "--counts", MAX99]),
    ("TOML 100k nested arrays", ["check", "--no-pdf", "@deep.toml"]),
    ("TOML 5000 tables, the last one wrong", ["check", "--no-pdf", "@many.toml"]),
    ("TOML /dev/zero", ["check", "--no-pdf", "/dev/zero"]),
    ("TOML FIFO", ["check", "--no-pdf", "@fifo"]),
    ("expect n=100000 --best", ["expect", "--measure", "F1", "--p", "@@p100000.txt", "--best"]),
    ("expect n=1000 --best --exact, --time-limit 10", ["expect", "--measure", "F1", "--p", "@@p1000.txt", "--best",
                                                      "--exact", "--time-limit", "10"]),
    ("expect n=10000 --assign (float)", ["expect", "--measure", "F1", "--p", "@@p10000.txt", "--assign",
                                         "@@s10000.txt"]),
    ("injected names, PDF", ["check", "--time-limit", "2", "@names.toml"]),
]


def _files(tmp: Path) -> None:
    (tmp / "deep.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    os.mkfifo(tmp / "fifo")
    (tmp / "many.toml").write_text("".join(f"[[measure]]\nname = 'm{i}'\ncounts = 'TP/n'\n" for i in range(5000))
                                   + "[[measure]]\nname = 'x'\ncounts = 'TP +'\n")
    for n in (1000, 10000, 100000):
        (tmp / f"p{n}.txt").write_text("\n".join(["0.3", "0.71"] * (n // 2)) + "\n")
        (tmp / f"s{n}.txt").write_text("1\n0\n" * (n // 2))
    names = [r"A$\input{/etc/hostname}$", r"$\def\x{\x}\x$", r"$\immediate\openout9=pwned.tex$"]
    (tmp / "names.toml").write_text("".join(f"[[measure]]\nname = '''{n}'''\ncounts = 'TP/n'\n" for n in names))


def one_run(tmp: Path, args: list[str]) -> tuple[float, int, int]:
    args = [str(tmp / a[1:]) if a.startswith("@") and not a.startswith("@@") else
            "@" + str(tmp / a[2:]) if a.startswith("@@") else a for a in args]
    extra = ["--latex", str(tmp / "out")] if args[0] == "check" else []
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "symmetric", *args, *extra], cwd=tmp,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss // 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    worst_t, worst_m = (0.0, ""), (0, "")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        _files(tmp)
        for name, args in CASES:
            results = [one_run(tmp, args) for _ in range(runs)]
            t = statistics.median(r[0] for r in results)
            m = max(r[1] for r in results)
            codes = sorted({r[2] for r in results})
            print(f"{t:7.2f} s {m:6d} MiB  exit {codes}  {name}")
            worst_t, worst_m = max(worst_t, (t, name)), max(worst_m, (m, name))
    print(f"worst time: {worst_t[0]:.2f} s ({worst_t[1]}); worst memory: {worst_m[0]} MiB ({worst_m[1]})")


if __name__ == "__main__":
    main()
