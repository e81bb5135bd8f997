"""The atlas's pages in a real headless browser (Debian's chromium, over the DevTools pipe:
tests/chromium_cdp.py): a small atlas (three measures, three fast properties) is computed and
written, then every page loads with no console error, every link reaches a file and an anchor,
the filter shows exactly the measures the atlas's own data says satisfy the ticked properties,
the side-by-side view shades exactly the columns where the two measures differ, and a
screenshot of the full index is kept (its path is printed)."""

from __future__ import annotations

import itertools
import json
import os
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from chromium_cdp import Chromium, executable
from test_atlas_html import raw_sympy

from symmetric.atlas import plan, run
from symmetric.render import atlas_html
from symmetric.render.atlas import is_headline

pytestmark = pytest.mark.slow       # the browser's start and the cells: about 10 s

MEASURES, PROPERTIES = ("F1", "MCC", "Acc"), ("SDE", "WDE", "IMB")     # holds, fails and undetermined cells


@pytest.fixture(scope="module")
def browser():
    exe = executable()
    if exe is None:
        pytest.skip("chromium is not installed (Debian: apt-get install chromium; .ci/run installs it): "
                    "the atlas's pages are not tested in a browser")
    with Chromium(exe) as b:
        yield b


@pytest.fixture(scope="module")
def atlas(tmp_path_factory):
    """The small atlas's folder and its cells as atlas.json writes them (the filter's truth)."""
    results = run.compute(plan.units(MEASURES, PROPERTIES), time_limit=60).results
    folder = tmp_path_factory.mktemp("atlas")
    for name, text in atlas_html.document(results).items():
        (folder / name).write_text(text, encoding="utf-8")
    cells = json.loads((folder / "atlas.json").read_text(encoding="utf-8"))["cells"]
    assert {c["verdict"] for c in cells} == {"holds", "fails", "undetermined"}
    assert sum(is_headline(cell) for cell, _ in results) < len(results)      # an alternate reading too
    return folder, cells, results


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(v for k, v in attrs if k == "id" and v)


def _ids(path: Path) -> set[str]:
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.ids


def test_every_page_loads_without_error_and_every_link_resolves(browser, atlas):
    folder, _, _ = atlas
    pages = sorted(folder.glob("*.html"))
    assert len(pages) == 1 + len(MEASURES)
    checked = 0
    for page in pages:
        assert raw_sympy(page.read_text(encoding="utf-8")) == [], page.name
        browser.events.clear()
        browser.open(page)
        assert browser.evaluate("document.readyState") == "complete"
        links = browser.evaluate("Array.from(document.querySelectorAll('a[href]'), a => a.getAttribute('href'))")
        for href in links:
            target = urlsplit(href)
            assert not target.scheme and not target.netloc, f"{page.name}: {href} leaves the folder"
            file = folder / unquote(target.path) if target.path else page
            assert file.is_file(), f"{page.name}: {href}: no file"
            assert not target.fragment or unquote(target.fragment) in _ids(file), f"{page.name}: {href}: no anchor"
            checked += 1
        # MathML typeset by the browser: a fraction has a height, a formula is laid out
        assert browser.evaluate("document.querySelectorAll('math').length") > 0
        assert browser.evaluate("Math.max(...Array.from(document.querySelectorAll('math'), "
                                "m => m.getBoundingClientRect().width))") > 20
        assert browser.errors() == [], page.name
    assert checked > 3 * len(MEASURES)


def _shown(browser) -> list[str]:
    return browser.evaluate("Array.from(document.querySelectorAll('#matrix-classification tbody tr'))"
                            ".filter(r => !r.hidden && r.offsetParent !== null).map(r => r.dataset.measure)")


def _tick(browser, keys) -> None:
    browser.evaluate("document.querySelector('#filter-classification').reset()")
    browser.evaluate("new Promise(r => setTimeout(r, 10))")
    for key in keys:        # a real click: the form's change event runs the filter
        browser.evaluate(f"document.querySelector('#filter-classification input[value={json.dumps(key)}]').click()")


def test_filter_shows_the_measures_that_satisfy_every_ticked_property(browser, atlas):
    folder, cells, _ = atlas
    browser.events.clear()
    browser.open(folder / "index.html")
    key = lambda c: f"{c['property']}--{c['reading'].split('; ')[0]}"
    columns = list(dict.fromkeys(key(c) for c in cells))
    assert _shown(browser) == list(MEASURES)            # nothing ticked: every measure
    chosen = [combo for n in (1, 2, 3) for combo in itertools.combinations(columns, n)]
    outcomes = set()
    for combo in chosen:
        _tick(browser, combo)
        expected = [m for m in MEASURES
                    if all(any(c["measure"] == m and key(c) == k and c["verdict"] == "holds" for c in cells)
                           for k in combo)]
        assert _shown(browser) == expected, combo
        count = browser.evaluate("document.querySelector('#filter-classification output').textContent")
        assert count == f"{len(expected)} of {len(MEASURES)} measures shown"
        outcomes.add(len(expected))
    assert len(outcomes) >= 2           # the property sets tried tell the measures apart
    assert browser.errors() == []


def test_side_by_side_shades_the_columns_where_two_measures_differ(browser, atlas):
    folder, cells, _ = atlas
    browser.events.clear()
    browser.open(folder / "index.html")
    key = lambda c: f"{c['property']}--{c['reading'].split('; ')[0]}"
    verdict = {(c["measure"], key(c)): c["verdict"] for c in cells}
    columns = list(dict.fromkeys(key(c) for c in cells))
    for first, second in itertools.permutations(MEASURES, 2):
        browser.evaluate(f"""(() => {{
            const s = document.querySelectorAll('#compare-classification select');
            s[0].value = {json.dumps(first)}; s[0].dispatchEvent(new Event('change'));
            s[1].value = {json.dumps(second)}; s[1].dispatchEvent(new Event('change'));
        }})()""")
        rows = browser.evaluate("Array.from(document.querySelectorAll('#compare-classification tbody tr'), "
                                "r => [r.className, r.querySelectorAll('math').length, "
                                "Array.from(r.querySelectorAll('a.v'), a => a.className.split(' ')[1])])")
        assert rows[0][1] == 2              # the two formulas, typeset
        body = rows[1:]
        assert len(body) == len(columns)
        for column, (shaded, _, shown) in zip(columns, body):
            assert shown == [verdict[first, column], verdict[second, column]]
            assert (shaded == "differs") == (verdict[first, column] != verdict[second, column])
    assert browser.errors() == []


def artefacts() -> Path:
    """Where a test keeps what a person looks at afterwards: $SYMMETRIC_TEST_ARTEFACTS, else a
    folder in the system's temporary folder (not pytest's, which keeps only its last 3 runs)."""
    folder = Path(os.environ.get("SYMMETRIC_TEST_ARTEFACTS") or Path(tempfile.gettempdir()) / "symmetric-test-artefacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_screenshot_of_the_index_is_kept(browser, atlas):
    folder, _, _ = atlas
    browser.open(folder / "index.html")
    _tick(browser, [])
    shot = browser.screenshot(artefacts() / "atlas-index.png")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    height = int.from_bytes(data[20:24], "big")
    assert height > 900                 # the full page, beyond the window
    print(f"\natlas screenshot: {shot}")
