"""The theory map as files: the implication matrix (rows P, columns Q) as CSV, LaTeX and a small
static HTML page, with the subset maps below it (:mod:`symmetric.theory.atlasmap`)."""

from __future__ import annotations

import csv
import html
import io

from .escape import tex_escape

MARK = {"implies": "=>", "separated": "-", "undetermined": "?"}
TEX_MARK = {"implies": r"$\Rightarrow$", "separated": r"--", "undetermined": "?"}


def _text(c) -> str:
    if c.verdict == "separated" and c.measure:
        return f"separated ({c.measure})"
    return c.verdict


def to_csv(m) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["P \\ Q", *m.names])
    for p in m.names:
        w.writerow([p, *("" if p == q else _text(m.cell(p, q)) for q in m.names)])
    w.writerow([])
    w.writerow(["p", "q", "verdict", "separating measure", "detail", "cpu seconds"])
    for c in m.cells:
        w.writerow([c.p, c.q, c.verdict, c.measure, c.detail, f"{c.seconds:.2f}"])
    return buf.getvalue()


def _subset_lines(m) -> list[str]:
    out = []
    for title, s in m.subsets:
        out.append((title, [", ".join(o.properties) for o in s.minimal_inconsistent],
                    [", ".join(x) for x in s.maximal_consistent], [", ".join(o.properties) for o in s.undetermined]))
    return out


def to_latex(m) -> str:
    read = ", ".join(f"{a}={c}" for a, c in m.readings)
    cols = "l" + "c" * len(m.names)
    lines = [r"\begin{table}[ht]\centering\scriptsize",
             rf"\caption{{Implications between properties ({tex_escape(read)}; tables with $|D| \le {m.bound}$): "
             r"$\Rightarrow$ the row implies the column up to the bound (re-checked cores), -- separated "
             r"(a witness re-evaluated exactly), ? undetermined.}",
             rf"\begin{{tabular}}{{{cols}}}",
             " & ".join([r"$P \backslash Q$"] + [rf"\rotatebox{{90}}{{{tex_escape(q)}}}" for q in m.names]) + r" \\ \hline"]
    for p in m.names:
        lines.append(" & ".join([tex_escape(p)] + ["" if p == q else TEX_MARK[m.cell(p, q).verdict]
                                                  for q in m.names]) + r" \\")
    lines += [r"\end{tabular}", r"\end{table}", ""]
    for title, minimal, maximal, unsure in _subset_lines(m):
        lines.append(rf"\paragraph{{{tex_escape(title)}}} Minimal inconsistent (each a re-checked impossibility): "
                     + ("; ".join(r"\{" + tex_escape(x) + r"\}" for x in minimal) or "none")
                     + ". Maximal consistent (up to the bound): "
                     + ("; ".join(r"\{" + tex_escape(x) + r"\}" for x in maximal) or "none") + "."
                     + (" Undetermined: " + "; ".join(r"\{" + tex_escape(x) + r"\}" for x in unsure) + "."
                        if unsure else ""))
        lines.append("")
    return "\n".join(lines)


def to_html(m) -> str:
    e = html.escape
    read = ", ".join(f"{a}={c}" for a, c in m.readings)
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8"><title>symmetric: theory map</title>',
           "<style>td,th{border:1px solid #ccc;padding:2px 5px;text-align:center;font:12px sans-serif}"
           "table{border-collapse:collapse}.implies{background:#cfc}.separated{background:#fee}"
           ".undetermined{background:#eee}</style></head><body>",
           f"<h1>Implications between properties</h1><p>{e(read)}; tables with |D| &le; {m.bound}. "
           "&rArr;: the row implies the column on the tables up to the bound (a re-checked core per instance); "
           "&ndash;: separated (a witness re-evaluated exactly; the name is a catalogue measure doing the same "
           "on the grid); ?: undetermined. Hover a cell for the detail.</p>",
           "<table><tr><th>P \\ Q</th>" + "".join(f"<th>{e(q)}</th>" for q in m.names) + "</tr>"]
    for p in m.names:
        cells = []
        for q in m.names:
            if p == q:
                cells.append("<td></td>")
                continue
            c = m.cell(p, q)
            label = {"implies": "&rArr;", "separated": "&ndash;", "undetermined": "?"}[c.verdict]
            if c.measure:
                label += f"<br><small>{e(c.measure)}</small>"
            cells.append(f'<td class="{c.verdict}" title="{e(c.detail)} ({c.seconds:.1f} s)">{label}</td>')
        out.append(f"<tr><th>{e(p)}</th>{''.join(cells)}</tr>")
    out.append("</table>")
    for title, minimal, maximal, unsure in _subset_lines(m):
        out.append(f"<h2>{e(title)}</h2><p>Minimal inconsistent (each a re-checked impossibility): "
                   + ("; ".join("{" + e(x) + "}" for x in minimal) or "none") + "</p>"
                   + "<p>Maximal consistent (up to the bound): " + ("; ".join("{" + e(x) + "}" for x in maximal)
                                                                    or "none") + "</p>"
                   + (f"<p>Undetermined: {'; '.join('{' + e(x) + '}' for x in unsure)}</p>" if unsure else ""))
    out.append("</body></html>\n")
    return "\n".join(out)
