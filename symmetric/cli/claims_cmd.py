"""``symmetric prove``, ``symmetric list`` (claims, or ``--properties``) and ``symmetric show``."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import click
import sympy as sp
from rich.console import Console
from rich.table import Table

import derivations

from ..claims import cellcache, parallel, registry
from ..claims.model import ClaimResult, ClaimVerdict, PrintedLatex
from ..errors import UnknownNameError
from ..properties import catalogue
from ..render import files, outfolder, texbuild
from ..render import json as json_render
from ..render import latex as latex_render
from ..render import text as text_render
from ..render.texmath import derived_form
from . import main, options


def _register_papers() -> None:
    """Register the application's papers (the library knows them only through this)."""
    registry.register(derivations.PAPERS)


def _claim(claim_id: str):
    """The claim ``claim_id``, importing only its paper when the id names one (a claim id starts
    with its paper's name), so that `show` pays for one paper's module, not all of them."""
    paper = derivations.paper_of(claim_id)
    if paper is not None:
        return registry.Registry([paper]).claim_by_id(claim_id)
    _register_papers()      # no paper of that name: the close matches come from every claim
    return registry.claim_by_id(claim_id)


NO_CACHE_HELP = ("Compute every shared property cell afresh, reading and writing no cache (by default the "
                 "cells that several claims share are kept in $XDG_CACHE_HOME/symmetric/cells, keyed by the "
                 "source, the measure and the settings).")

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
        table.add_row(r.id, f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]",
                      str(r.wrong_steps), f"{r.seconds:.2f}")
    return table


@main.command("prove")
@click.argument("prefixes", nargs=-1)
@click.option("--json", "json_file", metavar="FILE", help="Write the JSON report to FILE ('-' for standard output).")
@click.option("--no-pdf", is_flag=True, help="Do not build latex_out/proofs.pdf even if pdflatex is on PATH.")
@click.option("--out", "outdir", default="latex_out", show_default=True, type=click.Path(file_okay=False),
              help="Directory for the LaTeX files.")
@click.option("--workers", type=click.IntRange(min=1), default=parallel.default_workers(), show_default=True,
              help="Worker processes that run the claims side by side (1: all in this process). "
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
    _register_papers()
    claims = registry.select(prefixes)
    # every output is checked before the work, so that a bad path costs no time
    if json_file is not None and json_file != "-":
        files.check_writable(json_file)
    files.check_writable(outdir, directory=True)
    outfolder.accept(outdir, force=force)
    err = Console(stderr=True)
    # the table goes to stderr when the JSON report takes standard output
    out = err if json_file == "-" else Console()
    finished: dict[str, Proved] = {}
    with cellcache.cached_in(None if no_cache else cellcache.default_folder(),
                             lambda message: err.print(message, markup=False, highlight=False)):
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


@main.command("list")
@click.argument("prefixes", nargs=-1)
@click.option("--properties", is_flag=True,
              help="List the properties `check` decides instead of claims.")
@click.option("--measures", is_flag=True,
              help="List the measure catalogue (name, kind, orientation, formula, aliases, zero "
                   "convention, source) instead of claims.")
@click.option("--zeros", is_flag=True,
              help="With --measures: each classification measure's value on the 15 zero patterns.")
def list_claims(prefixes: tuple[str, ...], properties: bool = False, measures: bool = False,
                zeros: bool = False) -> None:
    """List claims (ids starting with any PREFIX, or all) or, with --properties, properties.

    With --properties, print one tab-separated line per property that `check` decides: name,
    kind of measure, family, definition and source; a PREFIX then selects by name, kind or
    family.  With --measures, one line per catalogue measure; a PREFIX selects the measure
    with that name or alias, else those whose name, alias or kind starts with it.
    """
    if properties and measures:
        raise click.UsageError("--properties and --measures list different things; give one")
    if zeros and not measures:
        raise click.UsageError("--zeros needs --measures")
    if measures:
        from .measures_list import list_measures
        return list_measures(prefixes, zeros)
    if properties:
        return _list_properties(prefixes)
    _register_papers()
    for claim in registry.select(prefixes):
        click.echo(f"{claim.id}\t{claim.where}")


@main.command("show")
@click.argument("claim_id")
@click.option("--latex", "as_latex", is_flag=True,
              help="Print the mathematics as LaTeX source instead of drawing it in Unicode.")
@click.option("--no-cache", is_flag=True, help=NO_CACHE_HELP)
def show(claim_id: str, as_latex: bool = False, no_cache: bool = False) -> None:
    """Run one claim and print its derivation step by step.

    The mathematics is drawn in Unicode; --latex prints the LaTeX source that the proofs use.
    """
    from ..render import pretty   # sympy's pretty printer: loaded only for show

    claim = _claim(claim_id)
    announce = lambda message: click.echo(f"{message} ...", err=True)   # noqa: E731
    with cellcache.cached_in(None if no_cache else cellcache.default_folder(), announce):
        r = registry.run_claim(claim)
    # the terminal draws mathematics in Unicode: sympy objects through the pretty printer, an
    # author's $...$ LaTeX in a sentence (a check, a note) through its text rules
    prose = latex_render.tex_text if as_latex else \
        (lambda value: pretty.author_text(text_render.prose(value, pretty.inline)))

    def form(value, printed: bool) -> str:
        if as_latex:
            return latex_render.tex_math(value, printed=printed)
        if isinstance(value, sp.Basic):
            # a derived form as the LaTeX shows it (its shortest exact equivalent when long)
            return pretty.to_unicode(value if printed else derived_form(value), complements=not printed)
        if isinstance(value, PrintedLatex):
            return pretty.latex_form(value.latex, value.args, complements=not printed)
        return text_render.form(value)

    def block(label: str, value) -> None:
        lines = form(value, label == "printed:").splitlines() or [""]
        if len(lines) == 1:
            click.echo(f"     {label} {lines[0]}")
            return
        click.echo(f"     {label}")
        for line in lines:
            click.echo(f"         {line}")

    click.echo(f"{r.id}  ({r.paper}, {r.where})")
    statement = (r.statement_latex or latex_render.tex_text(r.statement)) if as_latex else \
        (pretty.statement_text(r.statement_latex) or r.statement)
    click.echo(f"statement: {statement}\n")
    for note in r.source_notes:
        click.echo(f"about the source: {prose(note)}")
    for note in r.notes:
        click.echo(f"note: {prose(note)}")
    for k, s in enumerate(r.steps, 1):
        label = latex_render.tex_text(s.label) if as_latex else prose(s.label)
        click.echo(f"{k}. [{text_render.step_status(s.status)}] {label}")
        if s.printed is not None:
            block("printed:", s.printed)
        if s.derived is not None:
            block("derived:", s.derived)
        if s.justification:
            # a proof by cases is a table, a line per row, under the rest of the check
            lines = [latex_render.tex_text(s.justification)] if as_latex else \
                [pretty.author_text(line) for line in text_render.prose_lines(s.justification, pretty.inline)]
            click.echo(f"     check:   {lines[0]}")
            for line in lines[1:]:
                click.echo(f"              {line}")
    click.echo(f"\nconclusion: {prose(r.conclusion)}")
    if r.corrected_statement:
        click.echo(f"corrected statement: {prose(r.corrected_statement)}")
    if r.counterexample:
        if as_latex:
            click.echo(f"counterexample: {latex_render.counterexample_table(r.counterexample)}")
        else:
            line = text_render.counterexample_line(r.counterexample, pretty.inline, pretty.name)
            click.echo(f"counterexample: {pretty.author_text(line)}")
    if r.reason:
        click.echo(f"why: {prose(r.reason)}")
    click.echo(f"verdict: {r.verdict.value}")


# ------------------------------------------------------------------ list --properties

def _readings_field(p) -> str:
    """The property's readings in one field: each axis with its choices, the headline's marked *."""
    if not p.axes:
        return "readings: none (no implicit convention)"
    return "readings: " + "; ".join(
        f"{a.name} = " + " | ".join(c.name + ("*" if p.headline[a.name] == c.name else "") for c in a.choices)
        for a in p.axes)


def _list_properties(prefixes: tuple[str, ...]) -> None:
    """One tab-separated line per property of the catalogue: name, kind of measure, family,
    definition, source, readings (headline marked *); below it one indented line per choice of
    each axis (AXIS=CHOICE, what it means, its source).  A PREFIX selects the properties whose name, kind or family starts
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
        click.echo(f"{p.name}\t{p.kind}\t{p.family}\t{p.definition}\t{p.source}\t{_readings_field(p)}")
        _choice_lines(p.axes, p.headline.get)
    # the readings of a measure's formula, which apply to every property of its kind
    for kind in dict.fromkeys(p.kind for p in rows):
        for a in catalogue.FORMULA_AXES[kind]:
            headline = catalogue.FORMULA_HEADLINE[a.name]
            click.echo(f"{a.name}\t{kind}\t{FORMULA_FAMILY}\t{a.meaning}\tevery {kind} property, where the "
                       f"measure's two readings differ (the verdict names it)\treadings: {a.name} = "
                       + " | ".join(c.name + ("*" if c.name == headline else "") for c in a.choices))
            _choice_lines((a,), lambda axis: headline)


FORMULA_FAMILY = "formula reading"


def _choice_lines(axes, headline) -> None:
    """One indented line per choice of each axis: AXIS=CHOICE, what it means, its source."""
    for a in axes:
        for c in a.choices:
            mark = " (headline)" if headline(a.name) == c.name else ""
            click.echo(f"  {a.name}={c.name}{mark}\t{c.meaning}\t{c.source}")
