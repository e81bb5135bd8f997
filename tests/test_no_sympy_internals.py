"""No sympy internals anywhere a person reads (issue 24, item 6): complex infinity (zoo,
\\tilde{\\infty}), nan, the checkers' lowercase cell symbols (tp, fn), the probability space's
internal letters (g, s), raw sympy syntax (**, sqrt( in LaTeX and HTML).  Representative outputs
are produced for real (the checkers run) and scanned."""

from __future__ import annotations

import json
import re

import pytest
import sympy as sp

import symmetric
from cli_support import invoke
from symmetric.checks.cases import POSITIVE
from symmetric.render import check_report, jupyter, latex, notation, pretty, text
from symmetric.render import json as json_render
from symmetric.space import CELLS

ANYWHERE = [(re.compile(r"\bzoo\b"), "zoo"), (re.compile(r"\bnan\b", re.I), "nan"),
            (re.compile(r"\\tilde\{\\infty\}"), r"\tilde{\infty}"), (re.compile(r"\b(?:tp|fp|fn|tn)\b"), "tp/fp/fn/tn"),
            (re.compile(r"ComplexInfinity|Piecewise\(|Symbol\("), "a sympy class name")]
TYPESET = [(re.compile(r"\*\*"), "**"), (re.compile(r"(?<!\\)\bsqrt\("), "sqrt("),
           (re.compile(r"\\textless\{\}=|\\textgreater\{\}=|\\textbar\{\}"), "ASCII relation as text")]
# the internal probability letters as words of a formula (g + s, (1 - g)): never shown bare
LETTERS = re.compile(r"(?<![\w\\{(|])[gs](?=\s*[-+*/)^]|\s*$)")


def _scan(name: str, output: str, *, typeset: bool) -> list[str]:
    found = [f"{name}: {what}" for pattern, what in ANYWHERE + (TYPESET if typeset else []) if pattern.search(output)]
    return found


@pytest.fixture(scope="module")
def results():
    """Measures whose outputs met sympy internals before: GeometricRecalls' CON (dM/dTN = zoo), MI
    (0 log 0), Utility's AW threshold (c > 1 - g), a typed square root, a smoothed log-odds."""
    from symmetric.userinput import KINDS, build_measure
    typed = [build_measure(KINDS["classification"], name, {"counts": counts, "probs": None, "term": None}, (),
                           "higher")
             for name, counts in (("GMean", "sqrt(TP/(TP+FN) * TN/(TN+FP))"),
                                  ("LogOdds", "log((TP+0.5)*(TN+0.5)/((FP+0.5)*(FN+0.5)))"))]
    geometric = build_measure(KINDS["classification"], "GeometricRecalls",
                              {"counts": None, "probs": "sqrt(P(S|G) * P(not S|not G))", "term": None}, (), "higher")
    runs = [(geometric, ["CON", "AW", "NIFQ"]), (symmetric.measure("MI"), ["AW", "NIFQ", "NIGQ"]),
            (symmetric.measure("Utility"), ["AW", "NIFQ"]), (typed[0], ["SM", "NIFQ"]), (typed[1], ["AW", "NIFQ"])]
    return [(m, symmetric.check(m, props, time_limit=60, alternates=True)) for m, props in runs]


def test_printers_never_show_internals():
    tp, fn = POSITIVE[CELLS[0]], POSITIVE[CELLS[2]]
    for value in (sp.zoo, sp.nan, 2 * tp / (fn + 2 * tp), sp.Piecewise((tp, tp > 1), (sp.nan, True))):
        for printed, typeset in ((text.plain(value), False), (pretty.inline(value), False),
                                 (pretty.to_unicode(value), False), (notation.to_latex(value), True)):
            assert not _scan(str(value), printed, typeset=typeset), printed
    assert text.plain(sp.zoo) == pretty.inline(sp.zoo) == "unbounded"
    assert text.plain(sp.nan) == "undefined" and notation.to_latex(sp.nan) == r"\text{undefined}"


def test_check_outputs_in_every_format(results):
    problems = []
    for m, rs in results:
        terminal = "\n".join(text.short_reasons(rs, pretty.inline, cut=False)
                             + [line for r in rs for line in text.prose_lines(r.proof, pretty.inline)])
        problems += _scan(f"{m.name} terminal", terminal, typeset=False)
        document = json.dumps([json_render.property_result(r) for r in rs])
        problems += _scan(f"{m.name} JSON", document, typeset=False)
        problems += [f"{m.name} JSON: internal letter" for r in rs if LETTERS.search(text.reason(r.reason))]
        tex = check_report.measure_report("classification", m, rs) + "".join(latex.property_result(r) for r in rs)
        problems += _scan(f"{m.name} LaTeX", tex, typeset=True)
        page = rs._repr_html_() + "".join(jupyter.property_result_html(r) for r in rs)
        problems += _scan(f"{m.name} HTML", page, typeset=True)
    assert not problems, problems


def test_list_zeros_names_the_cells():
    result = invoke("list", "--measures", "--zeros", "F1")
    assert result.exit_code == 0, result.output
    assert "2*TP/(FN + 2*TP)" in result.output
    assert not _scan("list --zeros", result.output, typeset=False), result.output
    listing = invoke("list", "--measures", "F")
    assert not _scan("list --measures", listing.output, typeset=False), listing.output


@pytest.mark.parametrize("claim", ["sebastiani15.f1.con", "amigo.notation.noninformative"])
def test_show_of_a_claim(claim):
    result = invoke("show", claim)
    assert result.exit_code == 0, result.output
    assert not _scan(f"show {claim}", result.output, typeset=False), result.output
