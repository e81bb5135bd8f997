"""The annotated copy of a checked paper (``symmetric verify PAPER.tex --latex DIR``): the
paper's own text (its ``\\input``s inlined, so the copy stands alone), a margin mark after every
display saying what became of each of its relations (checked, wrong with the point where it
fails or what it really is, undetermined, not read, a definition), and a summary table before
``\\end{document}``.  Everything written into the copy that is not the paper's is escaped text:
nothing of a mark is read as LaTeX commands."""

from __future__ import annotations

from collections import defaultdict

from . import text as text_render

_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "_": r"\_", "%": r"\%", "$": r"\$", "#": r"\#",
            "&": r"\&", "^": r"\^{}", "~": r"\~{}"}
WORDS = {"proved": "checked", "corrected": "wrong (corrected)", "refuted": "wrong", "undetermined": "undetermined"}


def escape(text: str) -> str:
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


def mark(item) -> str:
    """One item's mark, as plain words (escaped by the caller)."""
    if item.kind == "definition":
        return f"line {item.line}: definition of {item.name}"
    if item.kind == "not read":
        return f"line {item.line}: not read ({item.reason})"
    r = item.result
    words = f"line {item.line}: {WORDS[r.verdict.value]}"
    if r.counterexample is not None:
        cx = text_render.counterexample(r.counterexample)
        point = ", ".join(f"{k} = {v}" for k, v in cx.items() if k not in ("relation", "description"))
        words += f"; false at {point}"
    elif r.verdict.value == "corrected" and r.corrected_statement:
        words += f"; {text_render.prose(r.corrected_statement)}"
    elif r.verdict.value == "undetermined" and r.reason:
        words += f" ({text_render.prose(r.reason)})"
    return words


def annotated(paper: str, items) -> str:
    """``paper`` with a margin mark after each display and the summary table at its end."""
    marks = defaultdict(list)
    for item in items:
        marks[item.end_line or item.line].append(escape(mark(item)))
    out = []
    for k, line in enumerate(paper.split("\n"), 1):
        out.append(line)
        if marks.get(k):
            out.append(r"\marginpar{\scriptsize\raggedright " + r"\\ ".join(marks[k]) + "}%")
    body = "\n".join(out)
    at = body.rfind(r"\end{document}")
    summary = _summary(items)
    return body[:at] + summary + body[at:] if at >= 0 else body + "\n" + summary


def _summary(items) -> str:
    rows = []
    for item in items:
        verdict = (WORDS[item.result.verdict.value] if item.result is not None else
                   ("definition" if item.kind == "definition" else "not read"))
        rows.append(f"{item.line} & {escape(verdict)} \\\\")
    counts = defaultdict(int)
    for item in items:
        counts[item.result.verdict.value if item.result is not None else item.kind] += 1
    plural = {"definition": "definitions"}          # the verdicts' names stay as they are
    total = ", ".join(f"{n} {escape(plural.get(k, k) if n != 1 else k)}" for k, n in sorted(counts.items()))
    return ("\n\\clearpage\n\\section*{Checked by symmetric}\n" + total + "\n\n"
            "\\begin{tabular}{rl}\nline & verdict \\\\ \\hline\n" + "\n".join(rows) + "\n\\end{tabular}\n")
