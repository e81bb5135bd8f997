"""symmetric atlas --theory: the theory map's files beside the atlas (every link resolves, the
index links the page, the LaTeX document inputs the section), matrix cells that equal known
relations, a separating measure whose two verdicts the atlas has, the CSV's subset rows, and
the quantification paper's question (its cores re-checked, and failing the re-check when
tampered with; the limit reading's lemmas true of the catalogue EMQs that have their premises)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from symmetric.atlas import plan, run
from symmetric.cli import main
from symmetric.render import atlas_html, atlas_theory
from symmetric.theory import quant
from symmetric.theory.atlasmap import compute
from symmetric.theory.formula import holds
from symmetric.theory.question import answer
from symmetric.theory.recheck import unsatisfiable

NAMES = ("SMON", "MON", "SDE", "WDE")


@pytest.fixture(scope="module")
def theory_map():
    return compute(NAMES, (), 3, workers=1)


@pytest.fixture(scope="module")
def matrix_only():
    """The matrix alone (no subset maps, no atlas): the fast tier's."""
    return compute(NAMES, (), 3, workers=1, subsets=False)


@pytest.fixture(scope="module")
def reply():
    return answer()


@pytest.fixture(scope="module")
def folder(tmp_path_factory, theory_map, reply):
    """A small atlas (Acc and Chi on MON and SMON, AE, RAE and NAE on the quantification
    properties) with the theory files, written as the atlas writes them."""
    units = plan.units(("Acc", "Chi", "AE", "RAE", "NAE"), ("MON", "SMON", "NN", "IoI", "B-MON", "B-IMP", "B-REL",
                                                             "B-ABS", "MAX"))
    results = run.compute(units, time_limit=60).results
    out = tmp_path_factory.mktemp("atlas")
    for name, text in atlas_html.document(results, atlas_theory.files(theory_map, results, reply)).items():
        (out / name).write_text(text, encoding="utf-8")
    return out, results


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def _pages(out):
    pages = {}
    for p in out.glob("*.html"):
        parser = _Links()
        parser.feed(p.read_text(encoding="utf-8"))
        pages[p.name] = parser
    return pages


def test_the_page_alone_links_every_cell_to_its_section(matrix_only):
    files = atlas_theory.files(matrix_only)
    page = _Links()
    page.feed(files["theory.html"])
    cells = [h for h in page.hrefs if h.startswith("#c-")]
    assert len(cells) == len(NAMES) * (len(NAMES) - 1) and all(h[1:] in page.ids for h in cells)
    assert "index.html" in page.hrefs and "*" not in files["theory.html"].split("</style>", 1)[1]
    rows = list(csv.reader(io.StringIO(files["theory.csv"])))
    assert rows[1] == ["SMON", "", "implies", "implies", "implies"] and rows[2][1].startswith("separated")
    assert r"$\Rightarrow$" in files["theory.tex"] and r"\documentclass" not in files["theory.tex"]


@pytest.mark.slow       # a small atlas, the subset maps and the quantification question: about 40 s
def test_the_pages_exist_and_every_link_resolves(folder):
    out, _ = folder
    assert {"theory.html", "theory.tex", "theory.csv", "theory.json"} <= {p.name for p in out.iterdir()}
    pages = _pages(out)
    assert "theory.html" in pages["index.html"].hrefs
    for name, page in pages.items():
        for href in page.hrefs:
            target = urlsplit(href)
            assert not target.scheme and not target.netloc, f"{name}: {href}"
            file = target.path or name
            assert file in pages, f"{name}: {href}: no file {file}"
            assert not target.fragment or target.fragment in pages[file].ids, f"{name}: {href}: no anchor"
    # every cell of the matrix links to its section
    theory = pages["theory.html"]
    assert sum(h.startswith("#c-") for h in theory.hrefs) == len(NAMES) * (len(NAMES) - 1)
    assert r"\input{theory}" in (out / "atlas.tex").read_text(encoding="utf-8")


@pytest.mark.slow
def test_without_theory_the_atlas_is_as_before(folder):
    _, results = folder
    files = atlas_html.document(results)
    assert "theory.html" not in files and "theory.html" not in files["index.html"]
    assert r"\input{theory}" not in files["atlas.tex"]


def test_cells_equal_known_relations(matrix_only):
    m = matrix_only
    assert m.cell("SMON", "MON").verdict == "implies"
    assert m.cell("SMON", "MON").certificates >= 1 and m.cell("SMON", "MON").certificate
    assert m.cell("MON", "SMON").verdict == "separated"
    # over total measures SDE and WDE say nothing: SDE => WDE holds vacuously, and is said so
    assert m.cell("SDE", "WDE").verdict == "implies" and "no constraint" in m.cell("SDE", "WDE").detail
    partial = compute(("SDE", "WDE"), ("definedness=defined",), 3, workers=1, subsets=False)
    assert partial.cell("SDE", "WDE").verdict == "implies" and partial.cell("SDE", "WDE").certificates >= 1
    assert partial.cell("WDE", "SDE").verdict == "separated"


@pytest.mark.slow
def test_a_separated_cell_names_a_measure_whose_two_verdicts_the_atlas_has(folder, theory_map):
    out, results = folder
    c = theory_map.cell("MON", "SMON")
    cells = atlas_theory.atlas_cells(results, dict(theory_map.readings))
    (p_target, p_verdict), (q_target, q_verdict) = cells[c.measure, "MON"], cells[c.measure, "SMON"]
    assert (p_verdict.value, q_verdict.value) == ("holds", "fails")
    assert atlas_theory.separation_status(c, cells) == "proved"
    page = (out / "theory.html").read_text(encoding="utf-8")
    section = page.split(f'id="{atlas_theory.cell_id("MON", "SMON")}"', 1)[1].split("</section>", 1)[0]
    assert f'href="{p_target}"' in section and f'href="{q_target}"' in section and "a proved separation" in section
    # the cell's witness makes the failed instance false, exactly
    assert c.witness and c.certificate


@pytest.mark.slow
def test_csv_has_the_matrix_and_the_sets(folder, theory_map):
    out, _ = folder
    text = (out / "theory.csv").read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["P \\ Q", *NAMES]
    assert rows[1][2] == "implies"                       # SMON => MON
    sets = {(r[0], r[1], r[2], r[3]) for r in rows if len(r) == 5 and r[2].startswith(("minimal", "maximal"))}
    assert ("Gosgens et al. (test sets with both classes)", "", "minimal inconsistent", "SMON MAXA") in sets
    assert ("Sebastiani, quantification: the paper's question", "vertices=limit", "minimal inconsistent",
            "MON IMP REL MAX") in sets
    data = json.loads((out / "theory.json").read_text(encoding="utf-8"))
    assert data["quantification_question"]["verdict"] == "impossible"
    proved = {tuple(x["properties"]): x["proved_for"] for x in data["quantification_question"]["closed_forms"]}
    assert proved[("NN", "IoI", "MON", "IMP", "ABS")] == ["AE"]
    assert proved[("NN", "IoI", "MON", "IMP", "REL")] == ["RAE"]
    assert proved[("NN", "IoI", "MON", "IMP", "MAX")] == ["NAE"]


@pytest.mark.slow       # 127 subsets in each of two readings: about 20 s
def test_the_quantification_question(reply):
    free, limit = reply.reading("free"), reply.reading("limit")
    assert [set(o.properties) for o in free.minimal_inconsistent] == [{"REL", "ABS"}]
    assert {frozenset(o.properties) for o in limit.minimal_inconsistent} == {
        frozenset({"REL", "ABS"}), frozenset({"MON", "IMP", "REL", "MAX"}), frozenset({"MON", "IMP", "ABS", "MAX"})}
    assert reply.verdict() == "impossible" and not limit.undetermined
    for o in limit.minimal_inconsistent:
        core = o.cores[0]
        assert unsatisfiable([i.formula for i in core])[0] is True
        # tampered: without any one instance the rest is satisfiable (the core is minimal), so a
        # core that lost its lemma is no certificate
        for k in range(len(core)):
            assert unsatisfiable([i.formula for j, i in enumerate(core) if j != k])[0] is not True


def _binary(term):
    """E(q, p) on the binary codeframe for a per-class term t(p, q)."""
    return lambda q, p: term(p, q) + term(1 - p, 1 - q)


@pytest.mark.parametrize("measure, premises", [
    (_binary(lambda p, q: abs(q - p) / 2), {"MON", "IMP", "ABS"}),                   # AE
    (_binary(lambda p, q: abs(q - p) / (2 * p)), {"MON", "IMP", "REL"}),             # RAE
])
def test_the_limit_lemmas_hold_for_continuous_measures_with_their_premises(measure, premises):
    den = 6
    grid = [Fraction(k, den) for k in range(den + 1)]
    values = {quant.value(q, p): measure(q, p) for p in grid[1:-1] for q in grid}
    lemmas = quant.vertex_limits(premises, den)
    assert lemmas and all(holds(i.formula, values) for i in lemmas)
    assert quant.vertex_limits({"REL", "IMP"}, den) == []          # no lemma without MON


def test_theory_max_n_without_theory_is_refused(tmp_path):
    r = CliRunner().invoke(main, ["atlas", "--theory-max-n", "2", "--out", str(tmp_path / "a")])
    assert r.exit_code == 2 and "--theory" in r.output and "Traceback" not in r.output


def test_the_vertex_reading_on_the_command_line(tmp_path):
    out = tmp_path / "q.json"
    r = CliRunner().invoke(main, ["consistent", "--kind", "quantification", "MON", "IMP", "ABS", "MAX",
                                  "--reading", "vertices=limit", "--json", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["verdict"] == "inconsistent" and data["readings"]["vertices"] == "limit"
    used = {i["property"] for core in data["certificate"]["cores"] for i in core}
    assert {"MON+ABS", "MON+IMP"} <= used              # the lemmas the core rests on are shown
    r = CliRunner().invoke(main, ["consistent", "--kind", "quantification", "MON", "IMP", "ABS", "MAX"])
    assert r.exit_code == 0 and "verdict: consistent" in r.output           # vertex values free: on the grid
    r = CliRunner().invoke(main, ["consistent", "--kind", "quantification", "MON", "--reading", "vertices=often"])
    assert r.exit_code == 2 and "vertices" in r.output and "Traceback" not in r.output


def test_sm_is_encoded_as_amigo_states_it():
    """SM on tables: FN -> TP and FP -> TN strictly improve the score, as MON; so the two imply
    each other (both ways a re-checked core per instance), and Acc separates SM from SMON."""
    m = compute(("SM", "MON", "SMON"), ("test-sets=nondegenerate",), 3, workers=1, subsets=False)
    assert m.cell("SM", "MON").verdict == "implies" and m.cell("MON", "SM").verdict == "implies"
    assert m.cell("SM", "SMON").verdict == "separated" and m.cell("SM", "SMON").measure == "Acc"


def _dist_values(n: int, higher_is_better: bool) -> dict:
    """Normalised Hamming distance as a measure: accuracy (higher is better, k = 1) or the error
    rate (lower is better: the encoding's M is its negation, k = 0)."""
    from symmetric.properties.tables import tables
    from symmetric.theory.encode import value
    out = {}
    for t in tables(n, degenerate=True):
        err = Fraction(t[1] + t[2], sum(t))
        out[value(t)] = 1 - err if higher_is_better else -err
    return out


@pytest.mark.parametrize("higher", [True, False])
def test_dist_holds_for_the_hamming_distance_in_either_orientation(higher):
    from symmetric.theory.encode import DIST_K as K
    from symmetric.theory.encode import distance
    values = {**_dist_values(3, higher), K: Fraction(1 if higher else 0)}
    found = distance(3, False)
    assert len(found) > 50 and all(holds(i.formula, values) for i in found)
    # the other orientation's constant fails somewhere (d = 0 at agreement pins k)
    assert not all(holds(i.formula, {**values, K: Fraction(0 if higher else 1)}) for i in found)


def test_dist_with_smon_is_impossible_and_dist_implies_maxa():
    from symmetric.theory import run
    o = run.consistent(("DIST", "SMON"), max_n=4)
    assert o.verdict == "inconsistent" and unsatisfiable([i.formula for i in o.cores[0]])[0] is True
    assert {i.prop for i in o.cores[0]} == {"DIST", "SMON"}
    assert run.implies("DIST", "MAXA", max_n=3).verdict == "implies"
    assert run.implies("DIST", "TSYM", max_n=3).verdict == "implies"
