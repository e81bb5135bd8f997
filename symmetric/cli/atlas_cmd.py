"""``symmetric atlas``: every catalogue measure against every property, on Dask, cached per
cell; the computation is :mod:`symmetric.atlas`, the outputs :mod:`symmetric.render.atlas`."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..atlas import plan, run
from ..atlas.scheduler import check as check_scheduler
from ..crosscheck import cached
from ..store import results
from ..store.cells import Cache
from ..errors import InputError
from ..render import atlas as atlas_render
from ..render import atlas_parallel
from ..render import files, outfolder, texbuild
from . import main, options


def default_cache() -> Path:
    """The one result cache's folder (``$XDG_CACHE_HOME/symmetric/cells``), shared with
    ``check``, ``show`` and ``prove``."""
    return results.default_folder()


HELP = """Compute the atlas: every catalogue measure against every property.

Classification measures against Amigo et al.'s and Sebastiani's properties
and those of Gosgens et al. (2021) and Sokolova & Lapalme (2009) (symmetric
list properties), quantification measures against Sebastiani's quantification properties,
each property in its headline reading (the one its paper's own verdicts
imply) and its default alternates (the strict definedness reading), or with
--readings all in every reading it has.  Every cell is 'holds' (with a
proof), 'fails' (with an exact counterexample) or 'undetermined' (with the
reason).

\b
Writes into --out (replaced as a unit): atlas.csv, atlas.json (one entry per
cell: measure, property, reading, verdict, proof, counterexample, reason),
atlas.tex (+ atlas.pdf when pdflatex is installed), and HTML pages needing
no network: index.html (every cell links to its proof or counterexample;
a filter for the measures satisfying chosen properties, two measures side
by side, the properties' definitions and readings) and a page per measure,
all mathematics as MathML.  With --theory also the theory map (symmetric
theory-map's computation, rows in --workers processes): theory.html (linked
from the index: the implication matrix of the encoded properties, each cell
a re-checked core or a separating measure linked to its two atlas cells; the
minimal inconsistent and maximal consistent sets of Gosgens et al.'s and of
Sebastiani's quantification properties; the quantification paper's question
answered with its cores), theory.tex (input by atlas.tex), theory.csv and
theory.json.

\b
Runs on Dask: by default on this machine (--workers processes; 1 runs in
this process); --scheduler ADDRESS uses a Dask cluster (tasks run in worker
threads there, so each task runs its cells in a child process, where the
time limit is enforced as here, and the child is killed if it overruns).
--time-limit bounds each cell (the quantification properties of a measure
are decided together and share one limit); a cell that runs out is
'undetermined'.  Results are cached per cell in the result cache that
check, show and prove share (keyed by the measure's definition, the
property, the reading, the search settings, the version and a hash of the
source code; an undetermined cell also by its time limit): a re-run
computes only the cells that are missing or changed.

\b
Examples:
  symmetric atlas --no-pdf
  symmetric atlas --measure F1 --measure KLD --property MON --out /tmp/atlas
  symmetric atlas --readings all --workers 2
"""


def _refuse_pointless(workers_given: bool, scheduler: str | None, cache_dir: str | None, no_cache: bool) -> None:
    """Combinations in which an option would have no effect are refused (exit 2), never ignored."""
    if workers_given and scheduler:
        raise InputError("--workers applies to the local scheduler only; with --scheduler the cluster's "
                         "workers run the tasks (give one of the two)")
    if cache_dir is not None and no_cache:
        raise InputError("--cache and --no-cache contradict each other (give one of the two)")


def _theory_files(results, bound: int, workers: int, err) -> dict[str, str]:
    """The theory map (:func:`symmetric.theory.atlasmap.compute`, rows in worker processes) and
    the quantification paper's question, as the atlas's theory files."""
    from ..render import atlas_theory
    from ..theory.atlasmap import compute
    from ..theory.question import answer
    found = compute((), (), bound, workers)
    reply = answer()
    worst = max(found.cells, key=lambda c: c.seconds, default=None)
    counts = ", ".join(f"{v} {k}" for k, v in sorted(found.counts().items()))
    err.print(f"atlas: theory map: {len(found.cells)} pairs ({counts}) and {len(found.subsets)} subset maps in "
              f"{found.seconds:.1f} s with {workers} workers"
              + (f"; slowest {worst.p} => {worst.q} {worst.seconds:.1f} s CPU" if worst else "")
              + f"; the quantification question in {reply.seconds:.1f} s", markup=False, highlight=False,
              soft_wrap=True)
    return atlas_theory.files(found, results, reply)


@main.command("atlas", help=HELP)
@click.option("--out", "out_dir", default="latex_out/atlas", show_default=True, type=click.Path(file_okay=False),
              help="Folder for atlas.csv, atlas.json, atlas.tex, atlas.pdf and the HTML pages.")
@click.option("--workers", type=click.IntRange(1, 256), default=os.cpu_count() or 1, show_default=True,
              help="Local worker processes (1: in this process).")
@click.option("--scheduler", metavar="ADDRESS", help="A Dask distributed scheduler, e.g. tcp://10.0.0.5:8786.")
@click.option("--time-limit", "time_limit", default="60", show_default=True, metavar="SECONDS",
              help="Time for each cell (0 = no limit); a cell that runs out is undetermined.")
@click.option("--measure", "measures", multiple=True, metavar="NAME",
              help="Only this catalogue measure (repeatable; any kind).")
@click.option("--property", "properties", multiple=True, metavar="NAME",
              help="Only this property (repeatable; for every kind that has it).")
@click.option("--readings", type=click.Choice(plan.READINGS), default="default", show_default=True,
              help="default: each property's headline and default alternate readings; all: every reading.")
@click.option("--cache", "cache_dir", type=click.Path(file_okay=False), metavar="DIR",
              help=f"Per-cell cache folder [default: {default_cache()}].")
@click.option("--no-cache", is_flag=True, help="Compute every cell; read and write no cache.")
@click.option("--no-pdf", is_flag=True, help="Do not run pdflatex.")
@click.option("--theory", is_flag=True,
              help="Add the theory map: theory.html (linked from the index), theory.tex (in the PDF), theory.csv, "
                   "theory.json.")
@click.option("--theory-max-n", type=click.IntRange(1, 8), default=None, metavar="N",
              help="The theory map's bound: tables with 1 <= |D| <= N [default: 4; only with --theory].")
@click.option("--force", is_flag=True, help=options.FORCE_HELP)
def atlas(out_dir, workers, scheduler, time_limit, measures, properties, readings, cache_dir, no_cache, no_pdf,
          theory=False, theory_max_n=None, force=False):
    source = click.get_current_context().get_parameter_source("workers")
    _refuse_pointless(source is not ParameterSource.DEFAULT, scheduler, cache_dir, no_cache)
    if theory_max_n is not None and not theory:
        raise InputError("--theory-max-n applies to the theory map only (give --theory too)")
    if scheduler is not None:       # before the work: no distributed, empty, malformed, unreachable or not Dask
        run.cluster_module()
        check_scheduler(scheduler)
    seconds = options.time_limit(time_limit)
    units = plan.units(measures, properties, readings)
    files.check_writable(out_dir, directory=True)
    outfolder.accept(out_dir, force=force)      # before the work: a folder not symmetric's is refused
    err = Console(stderr=True)
    cache = Cache(None if no_cache else (cache_dir or default_cache()), recheck=cached.recheck, keep=cached.keep,
                  on_reject=lambda message: err.print(f"atlas: {message}", markup=False, highlight=False,
                                                      soft_wrap=True))
    total = sum(len(u.cells) for u in units)
    start = time.perf_counter()
    columns = (TextColumn("atlas"), BarColumn(), MofNCompleteColumn(), TextColumn("cells"), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("cells", total=total)
        result = run.compute(units, time_limit=seconds, workers=workers, scheduler=scheduler, cache=cache,
                             progress=lambda settled: bar.advance(task, settled))
    took = time.perf_counter() - start
    extra = _theory_files(result.results, theory_max_n or 4, workers, err) if theory else None
    pdf = not no_pdf and texbuild.tex_engine() is not None
    # the pages on the local workers too (with --scheduler, in this process)
    document = atlas_parallel.document(result.results, extra, workers if scheduler is None else 1)
    written = texbuild.write_document(document, out_dir, atlas_render.MAIN, pdf=pdf, command="atlas", force=force)
    tally = "; ".join(f"{scope}: " + ", ".join(f"{k} {v}" for v, k in c.items())
                      for scope, c in atlas_render.counts(result.results).items())
    err.print(f"atlas: {total} cells in {took:.1f} s ({result.computed} computed, {result.cached} from the cache"
              + (f", {result.not_stored} not storable" if result.not_stored else "") + f"). {tally}",
              markup=False, highlight=False, soft_wrap=True)
    err.print(f"written to {written.folder}: atlas.csv, atlas.json, atlas.tex, index.html"
              + (", theory.html, theory.tex, theory.csv, theory.json" if theory else "")
              + (", atlas.pdf" if written.pdf else ""), markup=False, highlight=False, soft_wrap=True)
    if written.pdf_error is not None:
        err.print(f"PDF not built: {written.pdf_error}", markup=False, highlight=False, soft_wrap=True)
        sys.exit(1)
