"""The atlas's files made on worker processes: the measure pages (MathML of every proof and
counterexample) and atlas.json's cells are most of the rendering, one measure independent of
another, so on ``workers`` processes they take a fraction of the wall time.

atlas.csv's rows too (a measure's rows need only its cells), and atlas.json's cells as text
(the indented JSON encoder runs in Python).

The workers are forked after the cells are known (:func:`symmetric.runner.worker_pool`): each
inherits the results in memory and sends back only text and JSON data.  A result is never
pickled to a worker: a pickled sympy object is rebuilt *evaluated* (see
:func:`symmetric.atlas.run.decide_batch`), so a page could read otherwise.  The files are those
of :func:`.atlas_html.document`, byte for byte (tests/test_atlas_speed.py).
"""

from __future__ import annotations

from .. import runner
from . import atlas_html
from .atlas import Results, cell_json, cell_text, csv_rows

# (page jobs, targets, cells by measure) of the document in progress: set before the pool
# forks, read by the workers by index
_WORK: list = []


def _page(index: int) -> str:
    jobs, targets, _ = _WORK
    _, kind, name, cells = jobs[index]
    return atlas_html.measure_page(kind, name, cells, targets)


def _cells(index: int) -> tuple[list[str], list[list[str]]]:
    """A measure's atlas.json cells (their texts) and atlas.csv rows."""
    cells = _WORK[2][index]
    return [cell_text(cell_json(cell, r)) for cell, r in cells], csv_rows(cells)


def document(results: Results, theory: dict[str, str] | None = None, workers: int = 1) -> dict[str, str]:
    """:func:`.atlas_html.document`, its measure pages and JSON cells on ``workers`` processes."""
    targets, jobs = atlas_html.page_jobs(results)
    if workers <= 1 or len(jobs) <= 1:
        return atlas_html.document(results, theory)
    _WORK[:] = [jobs, targets, [cells for _, _, _, cells in jobs]]
    try:
        with runner.worker_pool(min(workers, len(jobs)), "fork") as pool:
            # the largest pages first (a page's cost grows with its proofs): the last to start
            # is a short one
            order = sorted(range(len(jobs)), key=lambda k: -len(jobs[k][3]))
            pages = {k: pool.submit(_page, k) for k in order}
            cells = {k: pool.submit(_cells, k) for k in order}
            rendered = {jobs[k][0]: pages[k].result() for k in range(len(jobs))}
            made = {(jobs[k][1], jobs[k][2]): cells[k].result() for k in range(len(jobs))}
            # back in the results' order (a measure's cells are its page's, in that order)
            texts = {key: iter(made[key][0]) for key in made}
            rows = {key: iter(made[key][1]) for key in made}
            data = [next(texts[cell.kind, cell.measure]) for cell, _ in results]
            lines = [next(rows[cell.kind, cell.measure]) for cell, _ in results]
    finally:
        _WORK.clear()
    return atlas_html.document(results, theory, rendered, data, lines)
