"""The terminal output of ``symmetric check``: the compact properties x measures matrix (the
default), or with ``--details`` a row per verdict with its reason in full and every
counterexample with its cells named.  ``results`` is [(kind, measure, (PropertyResult, ...))] as
:func:`symmetric.userinput.check_request.run` returns it; the mathematics of a reason is drawn in
Unicode (:mod:`.pretty`, loaded only here)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..evidence import NO_READING, PropertyResult
from ..logic import Verdict
from . import matrix
from . import text as text_render

VERDICT_STYLE = {Verdict.HOLDS: "green", Verdict.FAILS: "red", Verdict.UNDETERMINED: "magenta"}


def _table(results) -> Table:
    """--details: a row per verdict, the why in full (the column wraps; nothing is cut)."""
    from . import pretty   # the mathematics of a reason drawn in Unicode (loaded only here)
    table = Table(title="symmetric check", caption="* the headline reading (the one the paper's own verdicts imply); "
                  f"{matrix.NO_AXES}: the property has no reading to choose", show_lines=True)
    for col in ("measure", "property", "reading", "verdict"):
        table.add_column(col, no_wrap=col in ("property", "verdict"))
    table.add_column("why", ratio=1, overflow="fold")
    for _, m, rs in results:
        headlines = set()
        whys = text_render.short_reasons(rs, pretty.inline, cut=False)
        for r, why in zip(rs, whys):
            # the first result of a property is its headline reading (the driver's order)
            label = matrix.reading_label(r)
            reading = label if r.property in headlines else f"{label} *"
            headlines.add(r.property)
            # names such as CHA[bernoulli] must not be read as rich markup
            table.add_row(escape(m.name), escape(r.property), escape(reading),
                          f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]", escape(why))
    return table


_MATRIX_STYLE = {matrix.WORDS[v]: style for v, style in VERDICT_STYLE.items()}


def print_matrix(out: Console, results) -> None:
    """The default summary: per kind, properties x measures, the headline verdict per cell and
    the other readings only where their verdict differs; then why each undetermined headline
    verdict is undetermined (in full)."""
    for kind, group in matrix.by_kind([(k.name, m.name, rs) for k, m, rs in results]):
        header, rows = matrix.matrix(group)
        table = Table(title=f"symmetric check ({kind})", caption=f"{matrix.counts(group)} (headline readings); "
                      "in parentheses: another reading whose verdict differs; "
                      f"{matrix.NO_AXES}: no reading axes (the property as defined)")
        for k, col in enumerate(header):
            table.add_column(escape(col), no_wrap=k == 0, overflow="fold")
        for row in rows:
            cells = []
            for text in row[2:]:
                first = text.split(" ", 1)[0]
                style = _MATRIX_STYLE.get(first)
                cells.append(f"[{style}]{escape(first)}[/]" + escape(text[len(first):]) if style else escape(text))
            table.add_row(escape(row[0]), escape(row[1]), *cells)
        out.print(table)
    from . import pretty
    for _, m, rs in results:
        whys = dict(zip(((r.property, r.reading) for r in rs), text_render.short_reasons(rs, pretty.inline, cut=False)))
        for r in rs:
            if r.verdict is Verdict.UNDETERMINED and (r.property, r.reading) in whys and r is by_first(rs, r.property):
                out.print(escape(f"{m.name} {r.property} undetermined: {whys[r.property, r.reading]}"), highlight=False)
    out.print("--details: every reading's verdict with its reason, and the counterexamples", highlight=False)


def by_first(results, prop):
    """The headline result of ``prop``: the driver decides it first."""
    return next(r for r in results if r.property == prop)


def _counterexample_line(r: PropertyResult) -> str:
    """A counterexample without contingency tables on one line, its names and values in Unicode."""
    from . import pretty
    return text_render.counterexample_line(r.counterexample, pretty.inline, pretty.name)


def _counterexample(measure_name: str, r: PropertyResult) -> tuple[Table, str]:
    """A counterexample with its cells named: one row per contingency table (and the measure's
    value there), then the other named values and the relation that fails."""
    from . import pretty
    header, rows, rest = text_render.counterexample_rows(r.counterexample, pretty.inline, pretty.name)
    reading = "" if r.reading in ("", NO_READING) else f" ({r.reading})"
    table = Table(title=escape(f"{measure_name} {r.property}{reading}: counterexample"), title_justify="left")
    for col in header:
        table.add_column(escape(col), justify="right" if col in ("TP", "FP", "FN", "TN") else "left")
    for row in rows:
        table.add_row(*map(escape, row))
    return table, rest


def print_details(out: Console, results) -> None:
    """--details: the table of every verdict, then every counterexample with its cells named."""
    out.print(_table(results))
    for _, m, rs in results:
        for r in rs:
            if r.verdict is Verdict.FAILS and r.counterexample:
                if r.counterexample.tables:
                    table, rest = _counterexample(m.name, r)
                    out.print(table, highlight=False)
                    out.print(escape(rest), highlight=False)
                else:
                    out.print(escape(f"{m.name} {r.property} ({r.reading}): {_counterexample_line(r)}"),
                              highlight=False)
