"""Benchmark: the slowest hostile inputs of issues 15 and 27, each in a fresh interpreter.

Run: python benchmarks/bench_hostile.py [runs].  For each case prints the median wall time, the
peak memory (max RSS of the child and of what it waited for, from ``os.wait4``) and the exit
status; the worst of each is the figure the issues' closing notes ask for.  Every case must end
in exit 2 (a one-line refusal), 0, or 1 (``verify``: a claim refuted).

Run: python benchmarks/bench_hostile.py --corpus [pytest options].  Runs the whole hostile
corpus (the test files in CORPUS) with ``SYMMETRIC_HOSTILE_LOG`` set, so that the corpus's
autouse bound (tests/hostile_bounds.py) records each case's wall time and peak memory, and
prints the worst of each, per file and overall.
"""

import json
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
    # issue 27
    ("verify 2^{10^{10}} = 1, --time-limit 5", ["verify", "@tower.toml", "--time-limit", "5"]),
    ("verify a 600 KB sum", ["verify", "@sum600.toml", "--time-limit", "5"]),
    ("verify a 15 MB statement", ["verify", "@statement15m.toml"]),
    ("verify 20 000 claims", ["verify", "@claims20k.toml"]),
    ("verify (TP+FP)^{100000} = TP, JSON", ["verify", "@huge.toml", "--json", "-"]),
    ("check --property value = 1e1000000000", ["check", "--no-pdf", "--measure", "MCC", "--time-limit", "10",
                                               "--property", "@value.toml"]),
    ("atlas, its cache entry a FIFO", ["atlas", "--measure", "F1", "--property", "SYM", "--no-pdf", "--workers", "1",
                                       "--out", "@atlas", "--cache", "@cache"]),
    ("API (TP+FN+FP+1)**64, time_limit=10, worker thread", ["@api"]),
]

THREAD = """
import threading, symmetric
from symmetric import space
heavy = symmetric.Measure("Heavy", "probe", counts=(space.TP + space.FN + space.FP + 1) ** 64)
worker = threading.Thread(target=lambda: symmetric.check(heavy, time_limit=10))
worker.start()
worker.join()
"""
CLAIMS = '[paper]\ntitle = "t"\n[[claim]]\nid = "one"\nstatement = "{st}"\n  [[claim.step]]\n  latex = "{lx}"\n'
CORPUS = ["tests/test_hostile_corpus.py", "tests/test_hostile_corpus_papers.py",
          "tests/test_hostile_corpus_surfaces.py", "tests/test_hostile_corpus_more.py", "tests/test_output_folders.py",
          "tests/test_cache_trust.py", "tests/test_cache_recheck.py", "tests/test_cache_kernel.py",
          "tests/test_verify_reading.py", "tests/test_runner_child.py"]


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
    (tmp / "tower.toml").write_text(CLAIMS.format(st="x", lx="2^{10^{10}} = 1"))
    (tmp / "sum600.toml").write_text(CLAIMS.format(st="x", lx="TP = " + "+".join(["TP"] * 200_000)))
    (tmp / "statement15m.toml").write_text(CLAIMS.format(st="y" * 15_000_000, lx="TP = TP"))
    (tmp / "huge.toml").write_text(CLAIMS.format(st="x", lx="(TP+FP)^{100000} = TP"))
    (tmp / "claims20k.toml").write_text('[paper]\ntitle = "t"\n' + "".join(
        f'[[claim]]\nid = "c{k}"\nstatement = "x"\n  [[claim.step]]\n  latex = "TP = TP"\n' for k in range(20_000)))
    (tmp / "value.toml").write_text('[[property]]\nname = "Z"\ndefinition = "d"\nexpectation = "fixed-size"\n'
                                    'relation = "="\nvalue = "1e1000000000"\n')
    (tmp / "api.py").write_text(THREAD)


def _command(tmp: Path, args: list[str]) -> list[str]:
    if args == ["@api"]:
        return [sys.executable, str(tmp / "api.py")]
    args = [str(tmp / a[1:]) if a.startswith("@") and not a.startswith("@@") else
            "@" + str(tmp / a[2:]) if a.startswith("@@") else a for a in args]
    extra = ["--latex", str(tmp / "out")] if args[0] == "check" else []
    return [sys.executable, "-m", "symmetric", *args, *extra]


def one_run(tmp: Path, args: list[str]) -> tuple[float, int, int]:
    if "atlas" in args:         # the cell's entry (written by a first run, with its key) made a FIFO
        cache = tmp / "cache"
        if not list(cache.glob("*.json")):
            subprocess.run(_command(tmp, args), cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for entry in cache.glob("*.json"):
            entry.unlink()
            os.mkfifo(entry)
    start = time.perf_counter()
    proc = subprocess.Popen(_command(tmp, args), cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)      # reaped here, not by Popen
    return time.perf_counter() - start, usage.ru_maxrss // 1024, proc.returncode


def corpus(options: list[str]) -> None:
    """The whole corpus under pytest, each case's time and memory logged, the worst printed."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "cases.jsonl"
        env = dict(os.environ, SYMMETRIC_HOSTILE_LOG=str(log), PYTHONPATH=str(root))
        start = time.perf_counter()
        status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *options, *CORPUS],
                                 cwd=root, env=env)
        took = time.perf_counter() - start
        rows = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    report(rows, f"in {took:.0f} s (pytest exit {status})")


def report(rows: list[dict], how: str = "") -> None:
    if not rows:
        print("no case was measured")
        return
    by_file: dict[str, list[dict]] = {}
    for row in rows:
        by_file.setdefault(row["case"].split("::")[0], []).append(row)
    def growth(row: dict) -> int:
        return row.get("growth", row["mib"])
    for name, cases in sorted(by_file.items()):
        t, m, g = (max(cases, key=key) for key in (lambda r: r["seconds"], lambda r: r["mib"], growth))
        print(f"{len(cases):4d} cases  worst {t['seconds']:6.1f} s  peak {m['mib']:5d} MiB  "
              f"growth {growth(g):5d} MiB  {name[:100]}")
    t, m, g = (max(rows, key=key) for key in (lambda r: r["seconds"], lambda r: r["mib"], growth))
    print(f"{len(rows)} cases {how}; worst time {t['seconds']:.1f} s ({t['case'][:100]}); worst peak memory "
          f"{m['mib']} MiB ({m['case'][:100]}); worst growth {growth(g)} MiB ({g['case'][:100]})")


def main() -> None:
    if sys.argv[1:2] == ["--corpus"]:
        corpus(sys.argv[2:])
        return
    if sys.argv[1:2] == ["--log"]:          # a log an earlier corpus run kept
        report([json.loads(line) for line in Path(sys.argv[2]).read_text().splitlines()])
        return
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
            print(f"{t:7.2f} s {m:6d} MiB  exit {codes}  {name}", flush=True)
            worst_t, worst_m = max(worst_t, (t, name)), max(worst_m, (m, name))
    print(f"worst time: {worst_t[0]:.2f} s ({worst_t[1]}); worst memory: {worst_m[0]} MiB ({worst_m[1]})")


if __name__ == "__main__":
    main()
