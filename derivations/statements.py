"""Pieces of LaTeX that several claim statements share (a claim's ``statement_latex`` is the
author's LaTeX; these build the parts that are data, so that a printed table is typed once)."""

from __future__ import annotations


def yes_no_matrix(columns, rows, halves: int = 1) -> str:
    """A printed matrix of yes/no cells as a small tabular: ``rows`` maps a row's LaTeX name
    to its cells (True/False or "Y"/"N"), in the order of ``columns``; ``halves`` > 1 sets the
    rows side by side in that many blocks (a long matrix kept inside the margins)."""
    mark = {True: "Y", False: "N", "Y": "Y", "N": "N"}
    lines = [f"{name} & " + " & ".join(mark[c] for c in cells) for name, cells in rows.items()]
    per_block = -(-len(lines) // halves)
    blocks = [lines[k * per_block:(k + 1) * per_block] for k in range(halves)]
    width = len(columns) + 1
    body = []
    for k in range(per_block):
        parts = [b[k] if k < len(b) else " & " * (width - 1) for b in blocks]
        body.append(" & ".join(parts) + r"\\")
    spec = "@{}" + "@{\\qquad}".join(["l" + "c" * len(columns)] * halves) + "@{}"
    head = " & ".join([" & " + " & ".join(columns)] * halves) + r"\\\hline "
    return (r"\par\smallskip\noindent{\small\upshape\begin{tabular}{" + spec + "}" + head
            + "".join(body) + r"\end{tabular}}\par\smallskip\noindent ")
