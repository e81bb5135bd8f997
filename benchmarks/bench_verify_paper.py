"""Benchmark: `symmetric verify PAPER.tex` on a 60-line appendix, end to end (issue 23's timing).

Run: python benchmarks/bench_verify_paper.py [runs].  The paper is examples/appendix.tex (three
lemmas, 54 lines) with a fourth short lemma appended inside its document, so the file has at
least 60 lines and every kind of display the example has (definitions, chains, a continued
chain, a condition, a wrong link).  Each run is a fresh `python -m symmetric verify` process
(imports, macro expansion, reading, every check, JSON to a file; no LaTeX), so no cache survives
between runs.  Prints each run's wall and CPU time (the machine may be shared: CPU time is the
steadier figure) and their medians.  The target is under 10 s wall on 2 cores.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXTRA = r"""
\begin{lemma}
Specificity and its complement add up to one.
\end{lemma}
\begin{proof}
\begin{align*}
\operatorname{TNR} &= \frac{\mathrm{TN}}{\mathrm{TN} + \mathrm{FP}} \\
  &= 1 - \frac{\mathrm{FP}}{\mathrm{TN} + \mathrm{FP}}
\end{align*}
\end{proof}
"""


def paper(root: Path) -> str:
    text = (root / "examples" / "appendix.tex").read_text(encoding="utf-8")
    head, end, tail = text.rpartition(r"\end{document}")
    if not end:
        sys.exit("examples/appendix.tex has no \\end{document}")
    return head + EXTRA + end + tail


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "appendix60.tex"
        path.write_text(paper(root), encoding="utf-8")
        lines = len(path.read_text(encoding="utf-8").splitlines())
        for _ in range(runs):
            before, start = os.times(), time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "symmetric", "verify", str(path), "--json",
                                   str(Path(tmp) / "r.json")], env=env, capture_output=True, text=True)
            walls.append(time.perf_counter() - start)
            after = os.times()
            cpus.append(after.children_user - before.children_user + after.children_system - before.children_system)
            if done.returncode not in (0, 1):
                sys.exit(f"verify failed:\n{done.stderr}")
        print(done.stdout.strip().splitlines()[-1])
    print(f"{lines} lines; wall (s):", ", ".join(f"{t:.2f}" for t in walls), "; CPU (s):",
          ", ".join(f"{t:.2f}" for t in cpus))
    print(f"median wall: {statistics.median(walls):.2f} s; median CPU: {statistics.median(cpus):.2f} s")


if __name__ == "__main__":
    main()
