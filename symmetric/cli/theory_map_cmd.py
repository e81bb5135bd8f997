"""``symmetric theory-map``: the implication matrix of the encoded properties and the subset
maps of Gosgens et al.'s and Sebastiani's quantification properties, as CSV, LaTeX, HTML, JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from . import main
from .options import FORCE_HELP


@main.command("theory-map", short_help="The implication matrix of the properties, and their inconsistent sets.")
@click.argument("names", nargs=-1)
@click.option("--out", "out_dir", default="latex_out/theory-map", show_default=True, type=click.Path(file_okay=False),
              help="Folder for theory-map.csv, .tex, .json and index.html.")
@click.option("--reading", "readings", multiple=True, metavar="AXIS=CHOICE",
              help="One reading for every cell (default: definedness=strict, other axes their headline).")
@click.option("--max-n", type=click.IntRange(1, 8), default=4, show_default=True, help="Tables with 1 <= |D| <= N.")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1, show_default=True,
              help="Worker processes, one row of the matrix each (1: in this process).")
@click.option("--no-subsets", is_flag=True, help="Only the matrix (not the subset maps).")
@click.option("--force", is_flag=True, help=FORCE_HELP)
def theory_map_cmd(names, out_dir, readings, max_n, workers, no_subsets, force) -> None:
    """Every ordered pair of the encoded classification properties (or of NAMES): implies,
    separated (with a catalogue measure that does the same, when one does) or undetermined; and
    the minimal inconsistent and maximal consistent sets of Gosgens et al.'s binary properties and
    of Sebastiani's quantification properties."""
    from ..render import outfolder, theory_map
    from ..render.files import check_writable
    from ..theory.atlasmap import compute
    check_writable(out_dir, directory=True)
    outfolder.accept(out_dir, force=force)      # before the work: a folder not symmetric's is refused
    found = compute(names, readings, max_n, workers, not no_subsets)
    out = Path(out_dir)
    with outfolder.open_folder(out, "theory-map", force=force) as folder:     # the one output-folder writer
        folder.write({"theory-map.csv": theory_map.to_csv(found), "theory-map.tex": theory_map.to_latex(found),
                      "index.html": theory_map.to_html(found),
                      "theory-map.json": json.dumps(found.to_json(), indent=2) + "\n"})
    counts = ", ".join(f"{v} {k}" for k, v in sorted(found.counts().items()))
    worst = max(found.cells, key=lambda c: c.seconds, default=None)
    click.echo(f"theory-map: {len(found.cells)} pairs ({counts}) in {found.seconds:.1f} s with {workers} workers"
               + (f"; slowest {worst.p} => {worst.q} {worst.seconds:.1f} s CPU" if worst else ""))
    for title, s in found.subsets:
        click.echo(f"{title}: minimal inconsistent " + ("; ".join("{" + ", ".join(o.properties) + "}"
                                                                 for o in s.minimal_inconsistent) or "none")
                   + "; maximal consistent " + ("; ".join("{" + ", ".join(x) + "}" for x in s.maximal_consistent)
                                                or "none"))
    click.echo(f"written to {out}: theory-map.csv, theory-map.tex, theory-map.json, index.html")
