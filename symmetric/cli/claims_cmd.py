"""``symmetric prove``, ``symmetric list`` (claims, or ``--properties``) and ``symmetric show``."""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.table import Table

import derivations

from ..claims import registry
from ..claims.model import ClaimResult, ClaimVerdict
from ..errors import UnknownNameError
from ..properties import catalogue
from ..render import files, texbuild
from ..render import json as json_render
from ..render import latex as latex_render
from ..render import text as text_render
from . import main

# the application's papers: the library knows them only through this registration
registry.register(derivations.PAPERS)

VERDICT_STYLE = {ClaimVerdict.PROVED: "green", ClaimVerdict.CORRECTED: "yellow",
                 ClaimVerdict.REFUTED: "red", ClaimVerdict.UNDETERMINED: "magenta"}


def _verdict_table(results: list[ClaimResult]) -> Table:
    table = Table(title="symmetric prove")
    table.add_column("claim")
    table.add_column("verdict")
    table.add_column("wrong steps", justify="right")
    table.add_column("s", justify="right")
    for r in results:
        table.add_row(r.id, f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]",
                      str(len(r.discrepancies)), f"{r.seconds:.2f}")
    return table


@main.command("prove")
@click.argument("prefixes", nargs=-1)
@click.option("--json", "json_file", metavar="FILE", help="Write the JSON report to FILE ('-' for standard output).")
@click.option("--no-pdf", is_flag=True, help="Do not build latex_out/proofs.pdf even if pdflatex is on PATH.")
@click.option("--out", "outdir", default="latex_out", show_default=True, type=click.Path(file_okay=False),
              help="Directory for the LaTeX files.")
def prove(prefixes: tuple[str, ...], json_file: str | None, no_pdf: bool, outdir: str) -> None:
    """Run the claims whose id starts with any PREFIX (all claims when none is given).

    Prints a table of claim ids and verdicts (proved, corrected, refuted, undetermined),
    writes one LaTeX proof per claim into the output directory and, when a TeX engine is
    present, builds proofs.pdf.
    """
    claims = registry.select(prefixes)
    # every output is checked before the work, so that a bad path costs no time
    if json_file is not None and json_file != "-":
        files.check_writable(json_file)
    files.check_writable(outdir, directory=True, replaced=True)
    err = Console(stderr=True)
    # the table goes to stderr when the JSON report takes standard output
    out = err if json_file == "-" else Console()
    results: list[ClaimResult] = []
    for paper, seconds in registry.prepare(claims):
        err.print(f"prepared shared results for {paper} ({seconds:.2f} s)", highlight=False)
    for k, claim in enumerate(claims, 1):
        err.print(f"[{k}/{len(claims)}] {claim.id} ...", end=" ", highlight=False)
        result = registry.run_claim(claim)
        results.append(result)
        err.print(f"[{VERDICT_STYLE[result.verdict]}]{result.verdict.value}[/] ({result.seconds:.2f} s)",
                  highlight=False)
    out.print(_verdict_table(results))
    counts = {v: sum(r.verdict is v for r in results) for v in ClaimVerdict}
    out.print(", ".join(f"{n} {v.value}" for v, n in counts.items()), highlight=False)

    report = [json_render.claim_result(r) for r in results]
    if json_file == "-":
        click.echo(json.dumps(report, indent=2))
    elif json_file is not None:
        files.write_text(json_file, json.dumps(report, indent=2) + "\n")

    # the output folder, PDF included, is replaced as a unit: an interrupted run leaves it all
    # old, and concurrent runs replace it one after the other (render/texbuild.write_document)
    document = latex_render.document_files(results, [c.id for c in registry.all_claims()])
    main_name = f"{latex_render.MAIN_NAME}.tex"
    written = texbuild.write_document(document, outdir, main_name, pdf=not no_pdf and bool(texbuild.tex_engine()))
    err.print(f"LaTeX written to {outdir}/ ({len(results)} claim files, {main_name})", highlight=False)
    if written.pdf_error is not None:
        err.print(f"PDF not built: {written.pdf_error}", markup=False, highlight=False)
        sys.exit(1)
    if written.pdf is not None:
        err.print(f"PDF built: {written.pdf}", highlight=False)
    broken = [r.id for r in results if registry.is_internal_error(r)]
    if broken:
        err.print(f"[red]internal errors in: {', '.join(broken)}[/]")
        sys.exit(1)


@main.command("list")
@click.argument("prefixes", nargs=-1)
@click.option("--properties", is_flag=True,
              help="List the properties `check` decides instead of claims.")
def list_claims(prefixes: tuple[str, ...], properties: bool = False) -> None:
    """List claims (ids starting with any PREFIX, or all) or, with --properties, properties.

    With --properties, print one tab-separated line per property that `check` decides: name,
    kind of measure, family, definition and source; a PREFIX then selects by name, kind or
    family.
    """
    if properties:
        return _list_properties(prefixes)
    for claim in registry.select(prefixes):
        click.echo(f"{claim.id}\t{claim.where}")


@main.command("show")
@click.argument("claim_id")
def show(claim_id: str) -> None:
    """Run one claim and print its derivation step by step."""
    claim = registry.claim_by_id(claim_id)
    r = registry.run_claim(claim)
    click.echo(f"{r.id}  ({r.paper}, {r.where})")
    click.echo(f"statement: {r.statement}\n")
    for note in r.notes:
        click.echo(f"note: {text_render.prose(note)}")
    for k, s in enumerate(r.steps, 1):
        click.echo(f"{k}. [{text_render.step_status(s.status)}] {s.label}")
        if s.printed is not None:
            click.echo(f"     printed: {text_render.form(s.printed)}")
        if s.derived is not None:
            click.echo(f"     derived: {text_render.form(s.derived)}")
        if s.justification:
            click.echo(f"     check:   {text_render.prose(s.justification)}")
    click.echo(f"\nconclusion: {text_render.prose(r.conclusion)}")
    if r.corrected_statement:
        click.echo(f"corrected statement: {text_render.prose(r.corrected_statement)}")
    if r.counterexample:
        click.echo(f"counterexample: {text_render.counterexample_line(r.counterexample)}")
    if r.reason:
        click.echo(f"why: {text_render.prose(r.reason)}")
    click.echo(f"verdict: {r.verdict.value}")


# ------------------------------------------------------------------ list --properties

def _list_properties(prefixes: tuple[str, ...]) -> None:
    """One tab-separated line per property of the catalogue: name, kind of measure, family,
    definition, source.  A PREFIX selects the properties whose name, kind or family starts
    with it (case-insensitive); one that selects nothing is a user error with close matches."""
    rows = catalogue.properties()
    if prefixes:
        chosen = []
        for prefix in prefixes:
            hits = [p for p in rows
                    if any(field.lower().startswith(prefix.lower()) for field in (p.name, p.kind, p.family))]
            if not hits:
                raise UnknownNameError("property, kind or family", prefix,
                                       sorted({f for p in rows for f in (p.name, p.kind, p.family)}))
            chosen.extend(h for h in hits if h not in chosen)
        rows = tuple(p for p in rows if p in chosen)       # catalogue order
    for p in rows:
        click.echo(f"{p.name}\t{p.kind}\t{p.family}\t{p.definition}\t{p.source}")
