"""``symmetric verify PAPER.tex``: the terminal table and the JSON report of a paper's displays
(:mod:`symmetric.verify.paper`).  Exit status: 0 when every relation is proved and every display
read, 1 otherwise, 2 for a bad file or option."""

from __future__ import annotations

import json
import sys

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..claims.model import ClaimVerdict
from ..errors import InputError
from ..render import files, outfolder, texbuild
from ..render import json as json_render
from ..render import text as text_render
from . import printable

# the colours of `prove`'s table (verify_cmd uses them too)
VERDICT_STYLE = {ClaimVerdict.PROVED: "green", ClaimVerdict.CORRECTED: "yellow",
                 ClaimVerdict.REFUTED: "red", ClaimVerdict.UNDETERMINED: "magenta"}


def _step_table(result) -> Table:
    """``--show``: every step of one claim (one relation of a paper), its printed and derived
    forms, status and check."""
    table = Table(title=f"{result.id}: {result.verdict.value}", show_lines=True)
    for column in ("step", "printed", "derived", "status", "check"):
        table.add_column(column, overflow="fold")
    for row in text_render.claim_step_rows(result):
        table.add_row(*map(escape, row))       # the paper's text and reasons are no rich markup
    return table


def show_steps(out: Console, result) -> None:
    """The step table of ``result``, then its counterexample and notes."""
    out.print(_step_table(result))
    if result.counterexample is not None:
        out.print("counterexample: " + json.dumps(text_render.counterexample(result.counterexample)),
                  highlight=False, markup=False)
    for note in result.notes:
        out.print("note: " + text_render.prose(note), highlight=False, markup=False)


def _shown_line(show: str | None) -> int | None:
    """``--show`` for a paper: a line number (``12`` or ``line-12``, the id in the JSON)."""
    if show is None:
        return None
    text = show.removeprefix("line-")
    if not text.isdigit() or not 0 < int(text) < 10 ** 9:
        raise InputError(f"--show: with a .tex paper give the line of a relation (such as 12), got {show!r}")
    return int(text)


def _items_at(shown: int | None, items, relations, file: str) -> list:
    """What ``--show LINE`` prints (nothing without it); a line with nothing is the user's mistake."""
    if shown is None:
        return []
    here = [i for i in items if i.line == shown]
    if not here:
        lines = ", ".join(str(i.line) for i in relations[:20]) + (", ..." if len(relations) > 20 else "")
        raise InputError(f"--show: nothing checked at line {shown} of {printable(file)} "
                         f"(relations at lines: {lines or 'none'})")
    return here


def _annotate(file: str, items, outdir: str, no_pdf: bool, err: Console, force: bool) -> bool:
    """The annotated copy (and its PDF when a TeX engine is there), written by the rules of
    output folders (render/outfolder.py: the user's other files are left as they were);
    False if the PDF failed."""
    from pathlib import Path

    from ..render.annotated import annotated
    from ..verify.texsource import source
    name = f"{Path(file).stem}-checked.tex"
    written = texbuild.write_document({name: annotated(source(file), items)}, outdir, name,
                                      pdf=not no_pdf and texbuild.tex_engine() is not None,
                                      command="verify-paper", force=force)
    err.print(f"annotated copy written to {written.folder / name}", highlight=False, markup=False)
    if written.pdf_error is not None:
        err.print(f"PDF not built: {written.pdf_error}", markup=False, highlight=False)
        return False
    if written.pdf is not None:
        err.print(f"PDF built: {written.pdf}", highlight=False, markup=False)
    return True


def verify_paper(file: str, defs: str | None, json_file: str | None, seconds: float | None,
                 outdir: str | None = None, no_pdf: bool = False, force: bool = False, show: str | None = None) -> None:
    from ..verify.paper import check_paper      # sympy loads only when the command runs
    shown = _shown_line(show)       # a bad value is refused before the work
    if json_file is not None and json_file != "-":
        files.check_writable(json_file, inputs=(file,))
    if outdir is not None:
        files.check_writable(outdir, directory=True, inputs=(file,))
        outfolder.accept(outdir, force=force)      # refused before the work, not after it
    err = Console(stderr=True)
    out = err if json_file == "-" else Console()
    items = check_paper(file, defs, seconds,
                        progress=lambda i: err.print(f"line {i.line}: {i.result.verdict.value}", highlight=False))
    relations = [i for i in items if i.result is not None]
    here = _items_at(shown, items, relations, file)
    table = Table(title=f"symmetric verify {printable(file)}")
    for column in ("line", "relation", "verdict"):
        table.add_column(column, overflow="fold")
    for item in items:
        if item.result is not None:
            verdict = item.result.verdict
            table.add_row(str(item.line), escape(item.latex), f"[{VERDICT_STYLE[verdict]}]{verdict.value}[/]")
        elif item.kind == "definition":
            table.add_row(str(item.line), escape(item.latex), f"definition of {escape(item.name)}")
        else:       # the paper's text and the reason ("[a, b]") are shown as they are, never as markup
            table.add_row(str(item.line), escape(item.latex[:80]), f"[magenta]not read[/]: {escape(item.reason)}")
    out.print(table)
    for item in here:
        if item.result is not None:
            show_steps(out, item.result)
        else:
            out.print(f"line {item.line}: {item.kind}" + (f": {item.reason}" if item.reason else ""),
                      highlight=False, markup=False)
    counts = {v: sum(i.result.verdict is v for i in relations) for v in ClaimVerdict}
    unread = sum(i.kind == "not read" for i in items)
    out.print(", ".join(f"{n} {v.value}" for v, n in counts.items()) + f", {unread} not read", highlight=False)
    report = {"file": file, "relations": [json_render.paper_item(i) for i in items if i.kind == "relation"],
              "definitions": [json_render.paper_item(i) for i in items if i.kind == "definition"],
              "not_read": [json_render.paper_item(i) for i in items if i.kind == "not read"]}
    if json_file == "-":
        print(json.dumps(report, indent=2))
    elif json_file is not None:
        files.write_text(json_file, json.dumps(report, indent=2) + "\n")
    if outdir is not None and not _annotate(file, items, outdir, no_pdf, err, force):
        sys.exit(1)
    ok = not unread and all(i.result.verdict is ClaimVerdict.PROVED for i in relations)
    sys.exit(0 if ok else 1)
