"""The LaTeX report of ``symmetric check``: one ``\\input``-able file per measure, named from
the measure, and a small document ``check.tex`` that shows the summary matrix (measures x
properties) and inputs them.

A measure's file holds its formula, a table of its properties (verdict and a short reading) and
then, per property, the argument (cases as a table), the labelled counterexample or the reason.
A file already in the folder that was written for another measure (or by someone else) is
never replaced: the new report takes the next free name (``check-f1-2.tex``), and the caller is
told which name each measure got.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ..evidence import NO_READING
from ..logic import Verdict
from . import formulas
from .escape import tex_user_text
from .latex import counterexample_table, render_template, result_text, tex_escape, tex_text
from .text import short_reasons

MAIN = "check.tex"
_HEADER = "% symmetric check report for the measure: "
MARKS = {Verdict.HOLDS: r"$\checkmark$", Verdict.FAILS: r"$\times$", Verdict.UNDETERMINED: "?"}
READINGS = ((MARKS[Verdict.HOLDS], "holds (proved)"), (MARKS[Verdict.FAILS], "fails (exact counterexample)"),
            (MARKS[Verdict.UNDETERMINED], "undetermined (reason given)"))


def slug(name: str) -> str:
    """A file-name stem from a measure's name: letters, digits and dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "measure"


def _owner(path: Path) -> str | None:
    """The measure a report file was written for (None: not a report of ours)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            first = handle.readline().rstrip("\n")
    except OSError:
        return None
    return first[len(_HEADER):] if first.startswith(_HEADER) else None


def file_names(names: Iterable[str], folder: Path) -> list[str]:
    """A file name per measure (in order): ``check-<slug>.tex``, unless that name is taken in
    this run or by a file in ``folder`` that is not this measure's earlier report."""
    taken: set[str] = set()
    out = []
    for name in names:
        stem, k = f"check-{slug(name)}", 1
        while True:
            candidate = f"{stem}.tex" if k == 1 else f"{stem}-{k}.tex"
            existing = folder / candidate
            if candidate not in taken and (not existing.exists() or _owner(existing) == name):
                break
            k += 1
        taken.add(candidate)
        out.append(candidate)
    return out


def measure_report(kind: str, measure, results) -> str:
    # the reading in full: the column wraps (a reason cut with "..." may lose what matters); the
    # sentences the results share are found once, not once a row
    rows = [(_row_name(r), MARKS[r.verdict], tex_escape(why))
            for r, why in zip(results, short_reasons(results, cut=False))]
    return render_template(
        "check_measure.tex.j2", header=_HEADER + measure.name, kind=kind, m=measure, rows=rows,
        results=results, formula=formulas.formula(kind, measure), text=tex_text, escape=tex_escape,
        column=lambda r: column(r, results),
        heading=heading, user=tex_user_text, result_text=result_text,
        counterexample=counterexample_table, marks=MARKS)


def column(result, results) -> str:
    """A property's column: its name, and its reading too when the measure has results of
    that property in several readings (so that no verdict hides another)."""
    reading = getattr(result, "reading", "")
    twice = sum(r.property == result.property for r in results) > 1
    return f"{result.property}[{reading}]" if twice and reading else result.property


def _row_name(result) -> str:
    """A row of a measure's table: the property, its reading below it in small type."""
    reading = getattr(result, "reading", "")
    name = tex_escape(result.property)
    return name if reading in ("", NO_READING) else name + r"\newline{\scriptsize " + tex_escape(reading) + "}"


def heading(result) -> str:
    """A property's proof heading: its name and, always, the reading its verdict is in."""
    reading = getattr(result, "reading", "")
    return result.property if reading in ("", NO_READING) else f"{result.property} (reading: {reading})"


def summary(results) -> list[tuple[list[str], list[tuple[str, list[str]]]]]:
    """The summary matrices: per kind of measure, the properties (columns, each in its headline
    reading: the first result of a property, the paper's own) and a row of marks per measure;
    the other readings are in each measure's report."""
    matrices: dict[str, tuple[list[str], list]] = {}
    for kind, m, rs in results:
        columns, rows = matrices.setdefault(kind, ([], []))
        marks: dict[str, str] = {}
        for r in rs:
            if r.property not in marks:
                marks[r.property] = MARKS[r.verdict]
                if r.property not in columns:
                    columns.append(r.property)
        rows.append((m.name, marks))
    return [([tex_escape(c) for c in columns], [(tex_user_text(name), [marks.get(c, "") for c in columns])
                                                for name, marks in rows])
            for columns, rows in matrices.values()]


def report_files(results, folder: Path) -> dict[str, str]:
    """Every file of the report (file name -> text) for ``results`` = [(kind name, measure,
    property results)], named so that no other measure's report in ``folder`` is replaced."""
    names = file_names([m.name for _, m, _ in results], Path(folder))
    files = {name: measure_report(kind, m, rs) for name, (kind, m, rs) in zip(names, results)}
    files[MAIN] = render_template("check.tex.j2", matrices=summary(results), readings=READINGS,
                                  inputs=[name[:-len(".tex")] for name in names])
    return files
