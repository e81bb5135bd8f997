"""Medians of whole `symmetric check` processes (start-up, checking with certificates, the LaTeX
report; no PDF; the result cache off, so every run computes): MCC, F1, every measure of examples/measures.toml on its own, and a new
K-like measure.  Wall seconds and CPU seconds (user + system of the process and the workers it
forks and waits for) are both reported: on a shared machine the wall time measures the load as
much as the code, the CPU time less so.  Goals (issues 24 and 26): MCC under 4 s, every other
measure under 3 s (median wall, two cores).

    python benchmarks/bench_check.py [RUNS] [--only NAME] [--pyc]

``--pyc``: with Python's bytecode cache (in a temporary PYTHONPYCACHEPREFIX, warmed by a first,
untimed run), as an installed package has it; without it (PYTHONDONTWRITEBYTECODE=1, as on the
project's shared machine) every run compiles the toolkit's ~130 modules again (~0.5 s CPU).

Measured 2026-11-27 (session perf3), before = 74b6ad9, after = f86ce55, --workers 1 (one process,
so the CPU figures compare the code), 3 runs each alternating, medians, the machine at load 14-17
on 2 cores (other sessions' test runs): wall figures mean little, CPU ratios are the result.

    case                    before cpu   after cpu   ratio
    catalogue MCC              9.56 s      8.75 s    0.91
    catalogue F1               3.83 s      3.42 s    0.89
    example GeometricRecalls   4.26 s      3.60 s    0.85
    example WeightedUtility    8.82 s      6.39 s    0.72
    example K                  6.28 s      5.95 s    0.95
    example SquaredError       3.55 s      3.36 s    0.95
    new K-like measure         5.99 s      5.23 s    0.87

The default worker count now reads the processes runnable at the start (parallel_units): on an
idle 2-core machine a check uses both cores even right after another run (the 12.0 s MCC of the
morning's quiet-machine baseline ran on one, its load average 0.6 still counting the previous run);
two workers cost about 1.25 times the CPU of one (MCC at load 7: 11.1 s against 8.8 s) for up to
half the wall time on free cores.  Not measured here: the quiet-machine wall times (the goals are
wall medians on 2 free cores) and the atlas.

Measured 2026-11-27 (session check4), before = dc4a096, after = this branch: a kernel-checked
certificate proves a sign or an identity before z3 or simplify() is asked; the squaring
certificate's A1^2 X1 - A2^2 X2 by Poly arithmetic; the split multiplier's LP memoised; a
property's readings decided together on one worker; z3 loaded when first used.  3 runs each,
alternating, medians of CPU seconds (user + system, workers included), at load 5-7 on 2 cores
(other engineers' runs): the wall columns of those runs mean little.

    case                    --workers 1 (before -> after)   --workers 2 (before -> after)
    catalogue MCC              8.17 -> 6.18 s   0.76          9.11 -> 7.32 s   0.80
    catalogue F1               2.91 -> 2.75 s   0.95          3.71 -> 3.30 s   0.89
    example GeometricRecalls   3.09 -> 3.14 s   1.01          3.81 -> 3.65 s   0.96
    example WeightedUtility    4.85 -> 4.84 s   1.00          6.98 -> 5.59 s   0.80
    example K                  5.28 -> 4.90 s   0.93          6.17 -> 5.32 s   0.86
    example SquaredError       3.16 -> 3.08 s   0.97          3.46 -> 3.59 s   1.04
    new K-like measure         4.50 -> 4.65 s   1.03          6.46 -> 5.08 s   0.79

(--workers 1 was measured before the last two changes, the LP memo and the lazy z3 import.)

Measured 2026-11-27 16:41-16:46 UTC on main after the session-32 merges (check4, atlas4, tests4, the
five-look worker count), the machine otherwise idle (load 0.6-0.9), the default workers, bytecode
compiled (README's install), wall medians (CPU medians):

    case                    stop 31 (6 s runs)   3 runs            5 runs
    catalogue MCC              6.16 s          3.91 s (6.20)     4.15 s (6.52)
    catalogue F1               2.79 s          1.98 s (2.62)     2.13 s (2.90)
    example GeometricRecalls   2.74 s          2.36 s (3.02)     2.29 s (2.95)
    example WeightedUtility    4.43 s          3.21 s (4.75)     3.21 s (4.83)
    example K                  4.75 s          2.99 s (4.37)     2.98 s (4.34)
    example SquaredError       3.00 s          2.59 s (2.55)     2.90 s (2.86)   (one unit: quantification)
    new K-like measure         4.29 s          3.51 s (5.24)     3.43 s (5.07)
    median of the 7            4.29 s          2.99 s            2.98 s

farm-bench -n 5, `check --measure MCC --no-cache --no-pdf`: 4.12 s wall median (6.53 CPU-s).
Two workers give MCC about 1.27x over one (5.90 s) for 1.29x the CPU: the two cores slow each
other, so what is left of MCC's 4 s goal is symbolic work (SM alone: 1.9 s in one process).

Measured 2026-11-27 20:35-21:15 UTC (session 34, branch perf6), before = dd2d53d (main), after =
this branch: the machine shared throughout with another engineer's pytest -n 2 (load 1.4-4.4 on 2
cores, sympy's import 0.9-1.0 s against 0.6 s quiet), so check ran on ONE worker (the idle-core
rule) and the wall figures are the load's.  Changes: sympy's Factors(dict) built without
sympifying the dict (checks/sympyfactors.py: together/gcd_terms), a cross-check surd's enclosure
computed when read and its rational root by math.isqrt (crosscheck/numbers.py).

    MCC, one process (tests' one_process settings), 3 runs each alternating, user+sys CPU:
        before 8.09 / 9.08 / 9.36 s (median 9.08)    after 7.46 / 7.72 / 8.58 s (median 7.72): -15%
    MCC's SM+MON+NIFQ+FIX alone, the Factors wrapper off/on in the same code: 4.50 / 4.20 -> 4.14 / 4.01 CPU-s
    GwetAC1 SM+MON+CON, wrapper off/on: 16.1 / 14.9 / 17.3 -> 14.5 / 13.3 / 12.9 CPU-s (-15%)
    farm-bench -n 5 --vs (base) at load ~2-3: A/B cpu 1.06, wall 1.00 (medians 7.96 / 7.77 CPU-s,
        8.43 / 8.10 s wall): one worker each, the pair-to-pair spread (0.87-1.30) larger than the change.

Then at 21:23-21:27, the machine quiet (load 0.3-1.4), two workers, farm-bench -n 5 --vs main
(after the defaultdict case of the Factors wrapper, c4fec9e), two calls:
    wall median 6.31 s (main 6.00), A/B wall 1.08, cpu 9.50 / 9.17 CPU-s, A/B 1.06
    wall median 6.25 s (main 6.46), A/B wall 0.97, cpu 9.31 / 9.62 CPU-s, A/B 0.96
so on two workers the change is inside the run-to-run spread (about +-5%), though one process
gains ~10% (7.53 against 8.35 CPU-s, run alternately at the same time): with two workers MCC's
wall is its serial start-up plus its longest worker, and neither moved much.

Not reached: MCC under 4 s.  In one process MCC is ~1.2 s of imports before any work (sympy
~0.6-0.9 s, the toolkit's ~130 modules compiled again on every run under the machine's
PYTHONDONTWRITEBYTECODE=1: ~0.6 s), ~5 s of deciding (SM 2.1, MON 1.3, NIFQ 0.6, FIX 0.4) and
~0.5 s of rendering; the deciding is sympy's factor/together on the faces' improvements, the
squarings certificates (kernel-checked) and the independent cross-check's exact surd values
(review: 18% of the CPU before, 12% after).  Two workers bound the wall by ~half the deciding
plus the serial imports and render: ~1.2 + 2.5 + 0.5 s on free cores at best.  The .tex and
.json outputs of check --measure MCC, F1 and GwetAC1 are byte-identical to main's.
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "measures.toml"


def cases(folder: Path) -> dict[str, list[str]]:
    """label -> arguments; each example measure is written to a TOML file of its own in
    ``folder`` (the header of the examples file, then its [[measure]] table)."""
    out = {"catalogue MCC": ["--measure", "MCC"], "catalogue F1": ["--measure", "F1"]}
    header, *blocks = re.split(r"^\[\[measure\]\][ \t]*$", EXAMPLES.read_text(encoding="utf-8"), flags=re.M)
    for k, block in enumerate(blocks):
        (table,) = tomllib.loads("[[measure]]" + block)["measure"]
        path = folder / f"example{k}.toml"
        path.write_text(header + "[[measure]]" + block, encoding="utf-8")
        out[f"example {table.get('name') or table.get('catalogue')}"] = [str(path)]
    out["new K-like measure"] = ["--counts", "cases(AP=0, 2*TN/AN-1, AN=0, 2*TP/AP-1, TP/AP+TN/AN-1)",
                                 "--name", "MyK"]
    return out


def environment(pyc: str | None) -> dict[str, str]:
    """The processes' environment; ``pyc``: a bytecode cache folder (None: as inherited)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if pyc is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pyc
    return env


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall, cpu) seconds of one whole process."""
    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "symmetric", "check", *args, "--no-pdf", "--no-cache", "--latex", out],
                              cwd=ROOT, env=env or environment(None), capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"check {' '.join(args)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str]) -> None:
    runs = int(argv[0]) if argv and argv[0].isdigit() else 5
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    pyc = tempfile.mkdtemp(prefix="bench_check_pyc_") if "--pyc" in argv else None
    env = environment(pyc)
    bytecode = "bytecode cached" if pyc else ("no bytecode cache" if env.get("PYTHONDONTWRITEBYTECODE")
                                               else "bytecode as inherited")
    print(f"{'case':34s} {'wall median':>12s} {'cpu median':>11s}  (runs: {runs}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {bytecode})")
    folder = Path(tempfile.mkdtemp(prefix="bench_check_"))
    for label, args in cases(folder).items():
        if only and only.lower() not in label.lower():
            continue
        if pyc is not None and not any(Path(pyc).iterdir()):
            run(args, env)          # writes the bytecode (once); untimed
        walls, cpus = zip(*(run(args, env) for _ in range(runs)))
        print(f"{label:34s} {statistics.median(walls):10.2f} s {statistics.median(cpus):9.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
