"""The atlas's HTML pages without a browser: mathematics as MathML (never a sympy string), each
property's definition, source and readings from the catalogue, the counterexample as a table
read from the typed evidence.  tests/test_atlas_browser.py loads the pages in chromium."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest
import sympy as sp

from symmetric import space
from symmetric.atlas.plan import Cell
from symmetric.evidence import (CaseStep, ContingencyTable, Counterexample, Expectation, PropertyResult, Score,
                                say)
from symmetric.logic import Verdict
from symmetric.properties import catalogue
from symmetric.render import atlas_html, mathml

TP, FP, FN, TN = space.TP, space.FP, space.FN, space.TN
MCC = (TP * TN - FP * FN) / sp.sqrt((TP + FP) * (TP + FN) * (TN + FP) * (TN + FN))
# what sympy's string printer writes and a reader of a page must never see
RAW_SYMPY = re.compile(r"sqrt\(|\*\*|\*")


class PageText(HTMLParser):
    """A page's text and attribute values, outside <script> and <style>; the MathML elements."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self._skip += tag in ("script", "style")
        self.text += [v for _, v in attrs if v]

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def parsed(page: str) -> PageText:
    parser = PageText()
    parser.feed(page)
    return parser


def raw_sympy(page: str) -> list[str]:
    """The pieces of a page's text that read as sympy's string printer's output."""
    return [t for t in parsed(page).text if RAW_SYMPY.search(t)]


@pytest.mark.parametrize("value, element", [
    (MCC, "msqrt"), (TP ** 2 / (FP + 1), "msup"), (sp.Rational(2, 3), "mfrac"), (sp.log(TP) * FN, "mi"),
    (sp.Lt(TP, FN), "mo"), (ContingencyTable(0, 1, 2, 3), "mn"), (None, "mtext"),
    (sp.Piecewise((1, sp.Eq(TP + FP + FN, 0)), (2 * TP / (2 * TP + FP + FN), True)), "mtable"),
])
def test_mathematics_is_mathml(value, element):
    out = mathml.mathml(value)
    assert out.startswith("<math") and f"<{element}" in out
    assert not raw_sympy(out)
    assert "<mo><</mo>" not in out       # a relation's < escaped (the HTML stays well-formed)


def test_a_sentence_escapes_its_prose_and_typesets_its_slots():
    line = say("<b>M</b> = {0} at {1}, & {2}", MCC, ContingencyTable(1, 2, 3, 4), sp.sqrt(2) / 2)
    out = mathml.sentence(line)
    assert "&lt;b&gt;M&lt;/b&gt;" in out and "&amp;" in out and out.count("<math") == 3
    assert not raw_sympy(out)
    # a plain-string reason (it may quote user input) is text, never mathematics
    assert mathml.user_text("x*y <b>") == "x*y &lt;b&gt;"


def _cell(prop: str, reading: str, verdict: Verdict, **fields) -> tuple[Cell, PropertyResult]:
    return Cell("classification", "MCC", prop, reading), PropertyResult(prop, "MCC", verdict, reading=reading, **fields)


FAILS_CX = Counterexample(
    relation=sp.Eq(sp.Symbol("M_h"), sp.Symbol("M_h2")),
    tables=(("h", (0, 2, 0, 0)), ("h'", (0, 1, 0, 1))),
    values=(Score("M(h)", (0, 2, 0, 0), sp.sqrt(2) / 7, table_name="h"),
            Score("M(h')", (0, 1, 0, 1), sp.Rational(3, 5), table_name="h'"),
            Expectation("E[M]", "bernoulli", 3, 4, sp.Rational(1, 9))),
    description=say("a description mentioning (9, 9, 9, 9) in prose"))
RESULTS = [
    _cell("SM", "defined, nondegenerate", Verdict.HOLDS, proof=(
        say("Proved for {0}.", MCC),
        *(CaseStep("{0}", (sp.Gt(TP * FN, 0),), case="FN -> TP", condition=(sp.Gt(TP, 0), sp.Eq(FP, c), sp.Gt(FN, 0),
                                                                             sp.Gt(TN, 0)),
                   result=say("improvement {0} > 0", TN * TP / sp.sqrt(TP + FN)), how="z3")
          for c in (0, 1)),
        CaseStep("{0}", (sp.Gt(TP, 0),), case="FN -> TP", condition=(sp.Gt(TP, 0), sp.Gt(FP, 1), sp.Gt(FN, 0),
                                                                      sp.Gt(TN, 0)),
                 result=say("improvement {0} > 0", TN ** 2), how="factors"))),
    _cell("MON", "defined", Verdict.FAILS, counterexample=FAILS_CX),
    _cell("CON", "defined-test-sets", Verdict.UNDETERMINED, reason=say("no bound found for {0}", FN ** 2 * TP)),
]


@pytest.fixture(scope="module")
def page() -> str:
    return atlas_html.pages(RESULTS)["measure-1-mcc.html"]


def test_measure_page_has_no_sympy_string_and_typesets_its_mathematics(page):
    assert raw_sympy(page) == []
    tags = parsed(page).tags
    assert tags.count("math") >= 8 and "msqrt" in tags


def test_proof_by_cases_is_a_table(page):
    table = re.search(r'<table class="cases">.*?</table>', page, re.S).group(0)
    assert "Fn -&gt; TP:" in table or "FN -&gt; TP:" in table
    assert table.count("<tr>") >= 3 and "factors" in table and "z3" in table


def _counterexample_rows(page: str) -> list[list[str]]:
    table = re.search(r'<table class="cx">(.*?)</table>', page, re.S).group(1)
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]
    return [[unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)] for row in rows]


def test_counterexample_table_is_read_from_the_typed_evidence(page):
    rows = _counterexample_rows(page)
    # a row per table: its name, the four cells, and the Score whose table_name is that table
    assert [r[:5] for r in rows] == [["h", "0", "2", "0", "0"], ["h'", "0", "1", "0", "1"]]
    assert "msqrt" in re.search(r"<th>h</th>.*?</tr>", page, re.S).group(0)     # sqrt(2)/7 typeset
    assert "mfrac" in re.search(r"<th>h&#x27;</th>.*?</tr>", page, re.S).group(0)    # 3/5
    values = re.search(r'<table class="values">.*?</table>', page, re.S).group(0)
    assert "model bernoulli, AP = 3, AN = 4" in values and "M(h)" not in values
    # prose is prose: the numbers in the description make no row
    assert len(rows) == 2 and "(9, 9, 9, 9) in prose" in page


def test_reading_and_reason_are_on_the_page(page):
    assert "Reading: definedness = defined-test-sets" in page
    assert "Why: no bound found for <math" in page


@pytest.mark.parametrize("prop", [p for p in catalogue.for_kind("classification")], ids=lambda p: p.name)
def test_each_property_s_definition_source_and_readings(prop):
    results = [(Cell("classification", "Acc", prop.name, prop.headline.name),
                PropertyResult(prop.name, "Acc", Verdict.HOLDS, reading=prop.headline.name))]
    section = atlas_html.properties_section(results)
    entry = re.search(rf'<dt id="property-classification-{atlas_html.slug(prop.name)}">.*?</dd>', section, re.S)
    text = " ".join(parsed(entry.group(0)).text)
    assert prop.source in text
    assert re.sub(r"\$[^$]*\$", "", prop.definition)[:20] in text
    for axis in prop.axes:
        assert axis.meaning in text
        for choice in axis.choices:
            assert choice.name in text and choice.source in text
    headline = dict(prop.headline.choices)
    assert text.count("(headline)") == len(headline)


def test_index_columns_link_to_definitions_and_carry_the_filter_data():
    pages = atlas_html.pages(RESULTS)
    index = pages["index.html"]
    assert raw_sympy(index) == []
    for cell, r in RESULTS:
        assert f'href="#property-classification-{atlas_html.slug(cell.property)}"' in index
        key = f"{cell.property}--{cell.reading}"
        assert f'<td data-col="{key}" data-verdict="{r.verdict.value}">' in index
        assert f'<input type="checkbox" name="need" value="{key}">' in index
    assert '<tr data-measure="MCC"><td class="name"><a href="measure-1-mcc.html">MCC</a>' in index
    assert '<div data-kind="classification" data-measure="MCC"><math' in index    # the side-by-side formula
    assert "<script>" in index and "src=" not in index         # inline, no external script


def test_the_mathml_cache_keeps_equal_values_of_other_types_apart():
    """1 == True == 1.0 in Python: the cache of printed objects must not answer one for another."""
    shown = [mathml.mathml(v) for v in (1, True, sp.Float(1.0), sp.Integer(1))]
    assert shown[0] != shown[1] and shown[2] != shown[3] and "1.0" in shown[2]


@pytest.mark.parametrize("title, shown", [
    ("G-mean sqrt(recall specificity)", "G-mean \u221a(recall specificity)"),
    ("Adjusted F-score sqrt(F2 * F0.5 of the negative class)", "Adjusted F-score \u221a(F2 \u00b7 F0.5 of the negative class)"),
    ("a**2", "a^2"), ("Matthews correlation coefficient", "Matthews correlation coefficient"),
])
def test_a_title_s_ascii_operators_are_shown_as_signs(title, shown):
    assert atlas_html.title_text(title) == shown and not RAW_SYMPY.search(shown)


def test_values_without_a_place_need_no_where_column():
    cx = Counterexample(relation="max' != max''", point=(("p1", sp.Rational(1, 100)),), values=(("max'", sp.Rational(99, 100)),))
    html = atlas_html.counterexample_html(cx)
    assert "<th>where</th>" not in html and html.count("<tr>") == 3 and 'class="cx"' not in html
    assert "<th>where</th>" in atlas_html.counterexample_html(FAILS_CX)        # the Expectation says where


@pytest.mark.parametrize("value, names", [(TP * TN - FP * FN, ["TP", "TN", "FP", "FN"]), (space.g, ["P"])])
def test_an_upright_name_is_one_element(value, names):
    assert re.findall(r"<mi>([A-Za-z]+)</mi>", mathml.mathml(value)) == names
