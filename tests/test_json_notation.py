"""One notation in the JSON outputs: every sentence is plain text, every piece of mathematics a
typed slot (symmetric/render/json.py, README "The JSON notation").  The JSON of a few claims
(``prove --json``), of ``check --json`` (a classification and a quantification measure), of
``verify --json`` and of the atlas is walked: a sentence's prose and every other plain string
holds no LaTeX (``$``, ``\\mathrm``, ``\\frac``) and no formula in sympy's notation (``**``,
``sqrt(``, ``2*P``); the mathematics is in ``{"text", "latex"}`` slots, rendered at the edge."""

from __future__ import annotations

import json
import re
import textwrap

import pytest
from cli_support import invoke, run_check

from symmetric.atlas.plan import Cell
from symmetric.render import atlas as atlas_render
from symmetric.render import json as json_render

# LaTeX (a $, a control word) or a formula in sympy's string notation (a power, a root, a product)
MIXED = re.compile(r"\$|\\[A-Za-z]+|\*\*|sqrt\(|\w\*\w")
# fields that are not sentences: the paper's own LaTeX source line (verify PAPER), the formula
# as the user typed it, a certificate (data for the independent checker symmetric.kernel)
NOT_PROSE = {"latex", "written", "certificate"}


def is_slot(value) -> bool:
    return isinstance(value, dict) and set(value) == {"text", "latex"}


def is_sentence(value) -> bool:
    return isinstance(value, dict) and set(value) == {"text", "math"}


def mixed_notation(data, path="") -> list[str]:
    """Every plain-text field of ``data`` that holds LaTeX or a sympy formula (path: text)."""
    if is_slot(data):
        assert data["latex"] and (data["text"] is None or isinstance(data["text"], str)), (path, data)
        return []
    if is_sentence(data):
        found = [f"{path}: {data['text']}"] if MIXED.search(data["text"]) else []
        assert data["text"].format(*range(len(data["math"]))) is not None      # slots {0}.. match "math"
        return found + [hit for k, m in enumerate(data["math"]) if not is_slot(m) for hit in [f"{path}.math[{k}]"]]
    if isinstance(data, dict):
        return [hit for k, v in data.items() if k not in NOT_PROSE for hit in mixed_notation(v, f"{path}.{k}")]
    if isinstance(data, list):
        return [hit for k, v in enumerate(data) for hit in mixed_notation(v, f"{path}[{k}]")]
    if isinstance(data, str) and MIXED.search(data):
        return [f"{path}: {data}"]
    return []


def slots(data) -> list[dict]:
    if is_slot(data):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in slots(v)]
    if isinstance(data, list):
        return [s for v in data for s in slots(v)]
    return []


@pytest.fixture(scope="module")
def claims_json(all_results):
    # every claim, from the session's one run of them (conftest.py): among them a label with an
    # author's $...$ (WAcc$(S_{ni})$), printed LaTeX beside derived sympy forms, counterexamples
    # described in the author's words
    return [json_render.claim_result(r) for r in all_results.values()]


@pytest.fixture(scope="module")
def check_json(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("check")
    out = []
    for args in (["--counts", "sqrt(TP*TN)/n", "--name", "G"],
                 ["--kind", "quantification", "--term", "(q - p)^2/p", "--name", "Q"]):
        r = run_check([*args, "--json", str(tmp / "o.json")], tmp)
        assert r.exit_code == 0, r.output
        out += json.loads((tmp / "o.json").read_text())
    return out


VERIFY = '''
[[claim]]
id = "acc-above-f1"
statement = "Accuracy is at least F1"
  [[claim.step]]
  lhs = "Acc"
  rel = ">="
  rhs = "F1"

[[claim]]
id = "derivative-wrong"
statement = "a wrong derivative"
  [[claim.step]]
  derivative = "TP/(TP+FP)"
  wrt = "TP"
  printed = "1/(TP+FP)"
'''


@pytest.fixture(scope="module")
def verify_json(tmp_path_factory):
    path = tmp_path_factory.mktemp("verify") / "c.toml"
    path.write_text(textwrap.dedent(VERIFY), encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-", "--no-pdf")
    assert r.exit_code == 1 and "{" in r.stdout, r.output          # a claim refuted: exit 1
    return json.loads(r.stdout[r.stdout.index("{"):])


def test_claims_json_is_in_one_notation(claims_json):
    assert not mixed_notation(claims_json)
    wacc = claims_json[[c["id"] for c in claims_json].index("amigo.appendix.wacc_absolute_weighting")]
    step = wacc["discrepancies"][0]["step"]         # "WAcc$(S_{ni})$, ...": the author's math is a slot
    assert step["text"].startswith("WAcc{0}") and step["math"][0] == {"text": None, "latex": "(S_{ni})"}
    assert all(is_slot(d["printed"]) and is_slot(d["derived"]) for d in wacc["discrepancies"])


def test_check_json_is_in_one_notation(check_json):
    assert not mixed_notation(check_json)
    # the mathematics moved into slots (not dropped): powers and roots are there, typed
    texts = [s["text"] or "" for s in slots(check_json)]
    assert any("sqrt(" in t for t in texts) and any("**" in t for t in texts)
    assert is_slot(check_json[0]["formula"])


def test_verify_json_is_in_one_notation(verify_json):
    assert not mixed_notation(verify_json)
    claims = {c["id"]: c for c in verify_json["claims"]}
    assert claims["derivative-wrong"]["discrepancies"][0]["derived"]["text"] == "FP/(FP + TP)**2"
    cx = claims["acc-above-f1"]["counterexample"]
    assert all(is_slot(cx[k]) for k in ("TP", "FP", "FN", "TN"))


def test_atlas_json_is_in_one_notation(check_json):
    # the atlas writes each cell as check --json writes a result (render/atlas.py's cell_json)
    from symmetric import api
    results = [(Cell("quantification", "AE", r.property, r.reading), r)
               for r in api.check(api.measure("AE"), time_limit=60)]
    data = json.loads(atlas_render.atlas_json(results))
    assert len(data["cells"]) == len(results)
    assert not mixed_notation(data)


@pytest.mark.parametrize("data, hits", [
    ({"proof": ["Non-informative score: 2*P(G)*P(S)."]}, 1),             # a formula in a plain string
    ({"proof": [{"text": "score {0}.", "math": [{"text": "2*P(G)", "latex": "2 P(G)"}]}]}, 0),
    ({"step": {"text": "WAcc$(S_{{ni}})$", "math": []}}, 1),                 # LaTeX in a sentence's prose
    ({"reason": {"text": "see \\mathrm{{TP}}", "math": []}}, 1),
    ({"value": {"text": "sqrt(2)/2", "latex": "\\frac{\\sqrt{2}}{2}"}}, 0),  # a slot is typed mathematics
    ({"written": "TP**2", "latex": "\\frac{a}{b}"}, 0),                     # fields that are not prose
    ({"proof": [{"text": "x {0}", "math": ["2*P(G)"]}]}, 1),                # a slot must be typed
])
def test_the_walker_sees_mixed_notation(data, hits):
    assert len(mixed_notation(data)) == hits


@pytest.mark.parametrize("value, text", [
    ({"text": "M = {0} at {1}, {{braces}}", "math": [{"text": "sqrt(2)/2", "latex": "x"}, {"text": None, "latex": "t"}]},
     "M = sqrt(2)/2 at t, {braces}"),
    ({"text": "1/2", "latex": "\\frac{1}{2}"}, "1/2"),
    (None, ""),
])
def test_read_renders_a_sentence_at_the_edge(value, text):
    assert json_render.read(value) == text


def test_verify_paper_json_is_in_one_notation():
    from pathlib import Path
    paper = Path(__file__).resolve().parent.parent / "examples" / "appendix.tex"
    r = invoke("verify", str(paper), "--json", "-", "--no-pdf")
    report = json.loads(r.stdout[r.stdout.index("{"):])
    assert report["relations"] and not mixed_notation(report)
    wrong = [x for x in report["relations"] if x["verdict"] == "refuted"]
    assert wrong and is_slot(wrong[0]["counterexample"]["relation"])
