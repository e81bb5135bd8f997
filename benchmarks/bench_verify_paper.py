"""Benchmark: `symmetric verify PAPER.tex` on a 60-line appendix, end to end (issue 23's timing).

Run: python benchmarks/bench_verify_paper.py [runs].  The paper is examples/appendix.tex (three
lemmas, 54 lines) with a fourth short lemma appended inside its document, so the file has at
least 60 lines and every kind of display the example has (definitions, chains, a continued
chain, a condition, a wrong link).  Each run is a fresh `python -m symmetric verify` process
(imports, macro expansion, reading, every check, JSON to a file; no LaTeX), so no cache survives
between runs.  Prints each run's wall and CPU time (the machine may be shared: CPU time is the
steadier figure) and their medians.  The target is under 10 s wall on 2 cores.
"""

import sys
import tempfile
from pathlib import Path

from bench_verify import time_verify       # the same fresh-process timing as the claims-file benchmark

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
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "appendix60.tex"
        path.write_text(paper(root), encoding="utf-8")
        time_verify(path, runs, f"{len(path.read_text(encoding='utf-8').splitlines())} lines")


if __name__ == "__main__":
    main()
