"""The committed atlas (latex_out/atlas, written by `symmetric atlas --no-pdf`): it covers every
cell of the catalogue, a handful of its cells recomputed now are what it says, every link of its
HTML pages reaches an existing file and anchor, and its table fits the page."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_atlas_html import RAW_SYMPY, PageText

from symmetric.atlas import plan, run
from symmetric.properties.protocol import FORMULA_SEPARATOR
from symmetric.render import texbuild
from symmetric.render.atlas import cell_json

ATLAS = Path(__file__).resolve().parent.parent / "latex_out" / "atlas"
REGENERATE = "stale: regenerate with `symmetric atlas --no-pdf` (see README)"
# (measure, property, reading): both kinds, a group member, headline and strict readings, each verdict
SAMPLE = (("F1", "MON", "defined"), ("MCC", "MON", "strict"), ("Acc", "SYM", "as defined"),
          ("K", "CHA", "defined, bernoulli"), ("KLD", "IoI", "as defined"), ("MCC", "IMB", "defined"))


def _cell_reading(verdict_reading: str) -> str:
    """A cell's reading of the property: the verdict's, without the formula's reading
    ("defined; zero-reciprocal=limit" is the cell "defined" of a measure whose readings differ)."""
    return verdict_reading.split(FORMULA_SEPARATOR)[0]


@pytest.fixture(scope="module")
def committed() -> list[dict]:
    return json.loads((ATLAS / "atlas.json").read_text(encoding="utf-8"))["cells"]


def test_covers_every_cell_of_the_catalogue(committed):
    expected = [(c.kind, c.measure, c.property, c.reading) for u in plan.units() for c in u.cells]
    assert [(c["kind"], c["measure"], c["property"], _cell_reading(c["reading"])) for c in committed] == expected, \
        REGENERATE


def test_sampled_cells_are_fresh(committed):
    by_cell = {(c["measure"], c["property"], _cell_reading(c["reading"])): c for c in committed}
    units = [u for name, prop, _ in SAMPLE for u in plan.units([name], [prop])]
    recomputed = {(c.measure, c.property, c.reading): cell_json(c, r) for c, r in run.compute(units).results}
    for key in SAMPLE:
        assert recomputed[key] == by_cell[key], f"{key}: {REGENERATE}"
    assert {by_cell[k]["verdict"] for k in SAMPLE} == {"holds", "fails", "undetermined"}


class _Page(PageText):
    """A page's text (test_atlas_html's reading) and, with it, its anchors and links."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        super().handle_starttag(tag, attrs)
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


@pytest.fixture(scope="module")
def pages() -> dict[str, _Page]:
    """Every committed page, parsed once for the tests below (16 MB of HTML: 8 CPU-s a reading)."""
    found = {}
    for path in ATLAS.glob("*.html"):
        found[path.name] = page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
    return found


def test_every_html_link_reaches_its_target(committed, pages):
    assert "index.html" in pages
    for name, page in pages.items():
        for href in page.hrefs:
            target = urlsplit(href)
            assert not target.scheme and not target.netloc, f"{name}: {href} leaves the folder"
            file = target.path or name
            assert file in pages, f"{name}: {href}: no file {file}"
            assert not target.fragment or target.fragment in pages[file].ids, f"{name}: {href}: no anchor"
    # every cell of the atlas is a link from the index to its measure's page (the legend's badges
    # are no links; a column's name links to the property's definition in the index itself)
    assert sum(href.startswith("measure-") and "#" in href for href in pages["index.html"].hrefs) == len(committed)


def test_pages_show_no_sympy_string(pages):
    """Mathematics is MathML: no sqrt(, ** or * of sympy's string printer in a page's text."""
    assert pages
    found = {name: [t for t in page.text if RAW_SYMPY.search(t)] for name, page in pages.items()}
    assert {name: pieces[:3] for name, pieces in found.items() if pieces} == {}, REGENERATE


@pytest.mark.slow
def test_table_fits_the_page(tmp_path):
    if texbuild.tex_engine() is None:
        pytest.skip("no pdflatex on PATH")
    log = texbuild.log_of_last_build(ATLAS / "atlas.tex")
    assert "Output written" in log
    assert texbuild.overfull_boxes(log, 5.0) == []


def test_no_stale_page_beside_the_atlas():
    """Every page in the committed atlas folder is one the last run wrote (its manifest): a page
    of an older numbering (measure-45-ae.html when AE became measure 71) is not left behind."""
    import json
    written = set(json.loads((ATLAS / ".symmetric-manifest.json").read_text(encoding="utf-8"))["files"])
    assert sorted(p.name for p in ATLAS.glob("*.html") if p.name not in written) == []
