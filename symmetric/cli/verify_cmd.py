"""``symmetric verify FILE``: check the claims of a claims file (a paper the user is writing).

The file format is documented in the README ("Verify your own paper") and in
:mod:`symmetric.verify`.  Output is that of ``prove``: the verdict table, the JSON report
(``--json``), the LaTeX proofs (``--latex DIR``: one ``\\input``-able file per claim, the main
document and the macros, written as a unit) and the PDF when a TeX engine is present.
Exit status: 0 when every claim is proved, 1 otherwise, 2 for a bad file or option.
"""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..claims.model import ClaimResult, ClaimVerdict
from ..errors import InputError
from ..render import files, outfolder, texbuild
from ..render import json as json_render
from ..render import latex as latex_render
from . import main, options, printable
from .verify_paper import VERDICT_STYLE, show_steps, verify_paper


def _verdict_table(results: list[ClaimResult], title: str) -> Table:
    table = Table(title=title)
    for column, justify in (("claim", "left"), ("verdict", "left"), ("wrong steps", "right"), ("s", "right")):
        table.add_column(column, justify=justify)
    for r in results:
        table.add_row(escape(r.id), f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]", str(len(r.discrepancies)),
                      f"{r.seconds:.2f}")
    return table


def _time_limit(text: str) -> float | None:
    """--time-limit: seconds >= 0 (0 = none); read here, not by click, to be an InputError."""
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"--time-limit must be a number of seconds, got {text!r}") from None
    if not (0 <= value < 1e7):
        raise InputError(f"--time-limit must be a number of seconds >= 0 and below 1e7 (0 = no limit), got {text!r}")
    return value or None


def _reading_progress(asked: bool):
    """Where reading progress goes: standard error, when asked or when it is a terminal."""
    from ..verify.bounded import stderr_line
    return stderr_line if asked or sys.stderr.isatty() else None


@main.command("verify")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "json_file", metavar="FILE", help="Write the JSON report to FILE ('-' for standard output).")
@click.option("--latex", "outdir", metavar="DIR", type=click.Path(file_okay=False),
              help="Write the LaTeX proofs to DIR (one file per claim, to \\input in a paper).")
@click.option("--no-pdf", is_flag=True, help="Do not build DIR/proofs.pdf even if pdflatex is on PATH.")
@click.option("--defs", "defs", metavar="DEFS.toml", type=click.Path(dir_okay=False),
              help="With a .tex FILE: the paper's own notation ([[measure]]) and standing assume/params/test_set.")
@click.option("--show", "show", metavar="ID",
              help="Print every step of claim ID: printed, derived, status, check (a .tex paper: ID is a line number).")
@click.option("--time-limit", "time_limit", default="60", show_default=True, metavar="SECONDS",
              help="At most this many seconds per claim (0 = no limit).")
@click.option("--force", is_flag=True, help=options.FORCE_HELP)
@click.option("--progress", is_flag=True,
              help="Say how far reading a long file is (on standard error; the default when it is a terminal).")
def verify(file: str, json_file: str | None, outdir: str | None, no_pdf: bool, defs: str | None,
           show: str | None, time_limit: str, force: bool = False, progress: bool = False) -> None:
    """Check the claims of FILE (TOML: [paper], [[measure]], [[claim]] with [[claim.step]]), or
    every displayed relation of FILE.tex (with --defs for the paper's own notation).

    Prints the verdict of each claim (proved, corrected, refuted, undetermined); exits 0 when
    every claim is proved, 1 otherwise, 2 when the file is malformed (with its line and column).
    """
    from .. import verify as verifier  # sympy loads only when the command runs
    seconds = _time_limit(time_limit)
    if file.endswith(".tex"):
        verify_paper(file, defs, json_file, seconds, outdir, no_pdf, force=force, show=show)
        return
    if defs is not None:
        raise InputError("--defs is for a .tex paper (a claims file declares its own measures and assume)")
    # --no-pdf alone asks for what already happens (no PDF without --latex): accepted, not refused
    if json_file is not None and json_file != "-":
        files.check_writable(json_file, inputs=(file,))
    if outdir is not None:
        files.check_writable(outdir, directory=True, inputs=(file,))
        outfolder.accept(outdir, force=force)
    # reading (each claim validated before the first runs) is bounded like a check
    claims_file, prepared = verifier.prepare(file, seconds, _reading_progress(progress))
    ids = [item.claim.id for item in prepared]
    if show is not None and show not in ids:
        raise InputError(f"--show: no claim {show!r} in {file} (claims: {', '.join(ids)})")
    err = Console(stderr=True)
    out = err if json_file == "-" else Console()
    results = []
    for k, item in enumerate(prepared, 1):
        err.print(f"[{k}/{len(prepared)}] {item.claim.id} ...", end=" ", highlight=False)
        result = verifier.run(item, seconds)
        results.append(result)
        err.print(f"[{VERDICT_STYLE[result.verdict]}]{result.verdict.value}[/] ({result.seconds:.2f} s)",
                  highlight=False)
    out.print(_verdict_table(results, f"symmetric verify {printable(file)}"))
    for r in results:
        if r.id == show:
            show_steps(out, r)
    counts = {v: sum(r.verdict is v for r in results) for v in ClaimVerdict}
    out.print(", ".join(f"{n} {v.value}" for v, n in counts.items()), highlight=False)
    report = {"file": file, "title": claims_file.title, "claims": [json_render.verify_claim(r) for r in results]}
    if json_file == "-":
        click.echo(json.dumps(report, indent=2))
    elif json_file is not None:
        files.write_text(json_file, json.dumps(report, indent=2) + "\n")
    if outdir is not None:
        document = latex_render.document_files(results, [r.id for r in results], title=claims_file.title)
        main_name = f"{latex_render.MAIN_NAME}.tex"
        written = texbuild.write_document(document, outdir, main_name, command="verify", force=force,
                                          pdf=not no_pdf and bool(texbuild.tex_engine()))
        err.print(f"LaTeX written to {outdir}/ ({len(results)} claim files, {main_name})", highlight=False)
        if written.pdf_error is not None:
            err.print(f"PDF not built: {written.pdf_error}", markup=False, highlight=False)
            sys.exit(1)
        if written.pdf is not None:
            err.print(f"PDF built: {written.pdf}", highlight=False)
    sys.exit(0 if all(r.verdict is ClaimVerdict.PROVED for r in results) else 1)
