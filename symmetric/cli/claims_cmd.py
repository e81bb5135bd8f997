"""``symmetric prove``, ``symmetric list`` (claims, or ``--properties``) and ``symmetric show``."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import derivations

from ..claims import parallel, registry
from ..claims.model import ClaimResult, ClaimVerdict
from .. import runner
from ..crosscheck import cached
from ..store import results as result_cache
from ..render import claim_text, files, outfolder, texbuild
from ..render import json as json_render
from ..render import latex as latex_render
from . import main, options


def register_papers() -> None:
    """Register the application's papers (the library knows them only through this)."""
    registry.register(derivations.PAPERS)


def _claim(claim_id: str):
    """The claim ``claim_id``, importing only its paper when the id names one (a claim id starts
    with its paper's name), so that `show` pays for one paper's module, not all of them."""
    paper = derivations.paper_of(claim_id)
    if paper is not None:
        return registry.Registry([paper]).claim_by_id(claim_id)
    register_papers()      # no paper of that name: the close matches come from every claim
    return registry.claim_by_id(claim_id)


NO_CACHE_HELP = options.NO_CACHE_HELP

VERDICT_STYLE = {ClaimVerdict.PROVED: "green", ClaimVerdict.CORRECTED: "yellow",
                 ClaimVerdict.REFUTED: "red", ClaimVerdict.UNDETERMINED: "magenta"}


@dataclass(frozen=True)
class Proved:
    """What `prove` keeps of a claim's result, made in the process that derived it (a sympy
    expression does not survive a trip between processes unchanged: claims/parallel.py)."""

    id: str
    verdict: ClaimVerdict
    wrong_steps: int
    seconds: float
    report: dict            # the JSON report's entry
    tex: str                # the LaTeX fragment
    internal_error: bool


def proved(result: ClaimResult) -> Proved:
    return Proved(result.id, result.verdict, len(result.discrepancies), result.seconds,
                  json_render.claim_result(result), latex_render.render_claim(result),
                  registry.is_internal_error(result))


def _verdict_table(results: list[Proved]) -> Table:
    table = Table(title="symmetric prove")
    table.add_column("claim")
    table.add_column("verdict")
    table.add_column("wrong steps", justify="right")
    table.add_column("s", justify="right")
    for r in results:
        table.add_row(escape(r.id), f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]",
                      str(r.wrong_steps), f"{r.seconds:.2f}")
    return table


@main.command("prove")
@click.argument("prefixes", nargs=-1)
@click.option("--json", "json_file", metavar="FILE", help="Write the JSON report to FILE ('-' for standard output).")
@click.option("--no-pdf", is_flag=True, help="Do not build latex_out/proofs.pdf even if pdflatex is on PATH.")
@click.option("--out", "outdir", default="latex_out", show_default=True, type=click.Path(file_okay=False),
              help="Directory for the LaTeX files.")
@click.option("--workers", type=click.IntRange(min=1), default=runner.default_workers(), show_default=True,
              help="Worker processes that run the claims (and a paper's shared preparation) side by side "
                   "(1: all in this process). "
                   "The outputs are the same for any number.")
@click.option("--no-cache", is_flag=True, help=NO_CACHE_HELP)
@click.option("--force", is_flag=True, help=options.FORCE_HELP)
def prove(prefixes: tuple[str, ...], json_file: str | None, no_pdf: bool, outdir: str, workers: int,
          no_cache: bool = False, force: bool = False) -> None:
    """Run the claims whose id starts with any PREFIX (all claims when none is given).

    Prints a table of claim ids and verdicts (proved, corrected, refuted, undetermined),
    writes one LaTeX proof per claim into the output directory and, when a TeX engine is
    present, builds proofs.pdf.
    """
    register_papers()
    claims = registry.select(prefixes)
    runner.set_workers(workers)     # a paper's preparation (the Amigo table) runs its own pool of this size
    # every output is checked before the work, so that a bad path costs no time
    if json_file is not None and json_file != "-":
        files.check_writable(json_file)
    files.check_writable(outdir, directory=True)
    outfolder.accept(outdir, force=force)
    err = Console(stderr=True)
    # the table goes to stderr when the JSON report takes standard output
    out = err if json_file == "-" else Console()
    finished: dict[str, Proved] = {}
    say = lambda message: err.print(message, markup=False, highlight=False)      # noqa: E731
    with result_cache.using(cached.open_cache(None if no_cache else result_cache.default_folder(), say=say), say):
        for event in parallel.run(claims, proved, workers):
            if event.kind == parallel.PREPARED:
                err.print(f"prepared shared results for {event.name} ({event.value:.2f} s)", highlight=False)
                continue
            r = finished[event.name] = event.value
            err.print(f"[{len(finished)}/{len(claims)}] {r.id} ... [{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/] "
                      f"({r.seconds:.2f} s)", highlight=False)
    results = [finished[c.id] for c in claims]      # the claims' order, however they finished
    counts = {v: sum(r.verdict is v for r in results) for v in ClaimVerdict}
    out.print(", ".join(f"{n} {v.value}" for v, n in counts.items()), highlight=False)

    report = [r.report for r in results]
    if json_file == "-":
        click.echo(json.dumps(report, indent=2))
    elif json_file is not None:
        files.write_text(json_file, json.dumps(report, indent=2) + "\n")

    # only symmetric's files are added or replaced (render/outfolder.py); the main document
    # inputs every claim, so the files of claims this run did not select are kept, not stale
    document = latex_render.document_of_fragments({r.id: r.tex for r in results},
                                                   [c.id for c in registry.all_claims()])
    main_name = f"{latex_render.MAIN_NAME}.tex"
    written = texbuild.write_document(document, outdir, main_name, pdf=not no_pdf and bool(texbuild.tex_engine()),
                                      command="prove", force=force,
                                      keep={latex_render.claim_file_name(c.id) for c in registry.all_claims()})
    err.print(f"LaTeX written to {outdir}/ ({len(results)} claim files, {main_name})", highlight=False)
    if written.pdf_error is not None:
        err.print(f"PDF not built: {written.pdf_error}", markup=False, highlight=False)
        sys.exit(1)
    if written.pdf is not None:
        err.print(f"PDF built: {written.pdf}", highlight=False)
    broken = [r.id for r in results if r.internal_error]
    if broken:
        err.print(f"[red]internal errors in: {', '.join(broken)}[/]")
        sys.exit(1)


@main.command("show")
@click.argument("claim_id")
@click.option("--latex", "as_latex", is_flag=True,
              help="Print the mathematics as LaTeX source instead of drawing it in Unicode.")
@click.option("--no-cache", is_flag=True, help=NO_CACHE_HELP)
def show(claim_id: str, as_latex: bool = False, no_cache: bool = False) -> None:
    """Run one claim and print its derivation step by step.

    The mathematics is drawn in Unicode; --latex prints the LaTeX source that the proofs use.
    """
    claim = _claim(claim_id)
    announce = lambda message: click.echo(f"{message} ...", err=True)   # noqa: E731
    with result_cache.using(cached.open_cache(None if no_cache else result_cache.default_folder(), say=announce), announce):
        r = registry.run_claim(claim)
    for line in claim_text.lines(r, as_latex):
        click.echo(line)
