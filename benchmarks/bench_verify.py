"""Benchmark: `symmetric verify` on a 20-step claims file (every step kind), end to end.

Run: python benchmarks/bench_verify.py [runs].  Each run is a fresh `python -m symmetric verify`
process (imports, reading the file, every check, JSON to a file; no LaTeX), so no cache
survives between runs.  Prints each run's wall time and CPU time (the machine is shared: CPU
time is the steadier figure) and their medians.  The target is under 5 s for the file.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STEPS = [
    ('lhs = "MCC^2"', 'rel = "="', 'rhs = "Informedness*Markedness"'),
    ('lhs = "Acc"', 'rel = "="', 'rhs = "(TP + TN)/n"'),
    ('lhs = "BalAcc"', 'rel = "="', 'rhs = "(Informedness + 1)/2"'),
    ('lhs = "F1"', 'rel = "<="', 'rhs = "1"'),
    ('lhs = "2*TP/(2*TP+FP+FN)"', 'rel = "!="', 'rhs = "2*TN/(2*TN+FN+FP)"'),
    ('lhs = "(TP/(TP+FN) + TN/(TN+FP))/2"', 'rel = "="', 'rhs = "(P(S|G) + P(not S|not G))/2"'),
    ('latex = "\\\\frac{2\\\\,\\\\mathrm{TP}}{2 TP + FP + FN} = F_1"',),
    ('latex = "\\\\frac{\\\\partial F_1}{\\\\partial FP} = \\\\frac{-2 TP}{(2TP + FP + FN)^2}"',),
    ('latex = "P(S \\\\mid G) P(G) = P(S \\\\wedge G)"',),
    ('derivative = "F1"', 'wrt = "FN"', 'printed = "-2*TP/(2*TP+FP+FN)^2"'),
    ('derivative = "Acc"', 'wrt = "TP"', 'printed = "(FP+FN)/n^2"'),
    ('limit = "F1"', 'var = "FP"', 'to = "0"', 'direction = "+"', 'printed = "2*TP/(2*TP+FN)"'),
    ('limit = "Acc"', 'var = "TN"', 'to = "oo"', 'printed = "1"'),
    ('value = "F1"', 'at = { TP = 3, FP = 1, FN = 2, TN = 94 }', 'printed = "0.667"'),
    ('value = "MCC"', 'at = { TP = 3, FP = 1, FN = 2, TN = 94 }', 'printed = "0.656"'),
    ('property = "MON"', 'measure = "F1"', 'printed = "fails"'),
    ('property = "SYM"', 'measure = "Acc"', 'printed = "holds"'),
    ('noninformative = "F1"', 'printed = "2*P(G)*P(S)/(P(G)+P(S))"'),
    ('noninformative = "Kappa"', 'printed = "0"'),
    ('noninformative = "MAAc"', 'printed = "1/2"'),
]

HEAD = '''[paper]
title = "Benchmark: twenty steps"

[[measure]]
name = "Informedness"
counts = "TP/(TP+FN) + TN/(TN+FP) - 1"

[[measure]]
name = "Markedness"
counts = "TP/(TP+FP) + TN/(TN+FN) - 1"
'''


def claims_file() -> str:
    parts = [HEAD]
    for k, step in enumerate(STEPS):
        if k % 5 == 0:
            parts.append(f'\n[[claim]]\nid = "claim-{k // 5 + 1}"\nstatement = "five steps"\n')
        parts.append("\n  [[claim.step]]\n" + "".join(f"  {line}\n" for line in step))
    return "".join(parts)


def time_verify(path: Path, runs: int, what: str) -> None:
    """Run `symmetric verify PATH --json` ``runs`` times in fresh processes; print the last
    summary line, each run's wall and CPU time and their medians (``what``: the size said)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    walls, cpus = [], []
    for _ in range(runs):
        before, start = os.times(), time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "symmetric", "verify", str(path), "--json",
                               str(path.with_suffix(".json"))], env=env, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = os.times()
        cpus.append(after.children_user - before.children_user + after.children_system - before.children_system)
        if done.returncode not in (0, 1):
            sys.exit(f"verify failed:\n{done.stderr}")
    print(done.stdout.strip().splitlines()[-1])
    print(f"{what}; wall (s):", ", ".join(f"{t:.2f}" for t in walls), "; CPU (s):",
          ", ".join(f"{t:.2f}" for t in cpus))
    print(f"median wall: {statistics.median(walls):.2f} s; median CPU: {statistics.median(cpus):.2f} s")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "twenty.toml"
        path.write_text(claims_file(), encoding="utf-8")
        time_verify(path, runs, f"{len(STEPS)} steps")


if __name__ == "__main__":
    main()
