"""`symmetric verify`: preconditions as papers state them, and definedness on the claim's own
domain (issue 23).  One row per form; each true claim must be proved, each false one refuted with
a point that satisfies the assumptions; an assumption that empties the domain is refused with
its line and column."""

from __future__ import annotations

import json

import pytest
from cli_support import assert_user_error, invoke


def _claim(cid: str, assume: list[str], lhs: str, rel: str, rhs: str, extra: str = "") -> str:
    return (f'[[claim]]\nid = "{cid}"\nassume = {json.dumps(assume)}\n{extra}'
            f'  [[claim.step]]\n  lhs = "{lhs}"\n  rel = "{rel}"\n  rhs = "{rhs}"\n')


# (id, assume, lhs, rel, rhs, expected verdict)
ROWS = [
    ("sum-positive", ["TP + FN > 0"], "TP + FN", ">", "0", "proved"),
    ("non-strict", ["FP <= FN"], "TP/(TP+FP)", ">=", "TP/(TP+FN)", "proved"),
    ("non-strict-false", ["FP <= FN"], "TP/(TP+FP)", "<", "TP/(TP+FN)", "refuted"),
    ("named-measure", ["Precision > Recall"], "FN", ">", "FP", "proved"),
    ("conjunction-and", ["TP > FP and TN >= FN"], "TP + TN", ">", "FP + FN", "proved"),
    ("conjunction-comma", ["TP > FP, TN > FN"], "TP*TN", ">", "FP*FN", "proved"),
    ("equality", ["TP + FP = 2*FN"], "(TP + FP)/FN", "=", "2", "proved"),
    ("chained", ["0 < FP < TP"], "TP - FP", ">", "0", "proved"),
    ("rational", ["TP/(TP+FN) > 1/2"], "TP", ">", "FN", "proved"),
    ("integer-relaxed", ["TP >= 1"], "TP", ">=", "1", "proved"),
    ("cycle-kept", ["TP > FP", "FP + 1 > TP"], "FP + 1", ">", "FP", "proved"),
    ("reshape-still", ["TP > FP"], "TP - FP", ">", "0", "proved"),
]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = tmp_path_factory.mktemp("pre") / "pre.toml"
    path.write_text("\n".join(_claim(c, a, l, r, h) for c, a, l, r, h, _ in ROWS), encoding="utf-8")
    out = path.with_suffix(".json")
    r = invoke("verify", str(path), "--json", str(out))
    assert r.exit_code in (0, 1), r.output
    return {c["id"]: c for c in json.loads(out.read_text())["claims"]}


@pytest.mark.parametrize("cid, assume, lhs, rel, rhs, verdict", ROWS, ids=[r[0] for r in ROWS])
def test_precondition_form(report, cid, assume, lhs, rel, rhs, verdict):
    claim = report[cid]
    assert claim["verdict"] == verdict, claim
    if verdict == "refuted":            # the witness satisfies the assumption, exactly
        cx = claim["counterexample"]
        assert int(cx["FP"]["text"]) <= int(cx["FN"]["text"]), cx


def test_definedness_on_the_claims_domain(tmp_path):
    # TN/(2 sqrt(AP AN TP TN)): sympy cancels sqrt(TN), which cannot vanish where 0 < TN < AN
    path = tmp_path / "fixed.toml"
    path.write_text('[[claim]]\nid = "c"\ntest_set = "fixed"\n  [[claim.step]]\n'
                    '  lhs = "TN/(2*sqrt(AP*AN*TP*TN))"\n  rel = ">"\n  rhs = "0"\n', encoding="utf-8")
    r = invoke("verify", str(path))
    assert r.exit_code == 0, r.output


def test_cancelled_denominator_is_still_refused_where_it_can_vanish(tmp_path):
    # a value step may be taken at a point outside the positive cells: the parser stays strict
    path = tmp_path / "value.toml"
    path.write_text('[[claim]]\nid = "c"\n  [[claim.step]]\n  value = "TP/TP"\n  at = { TP = 1 }\n'
                    '  printed = "1"\n', encoding="utf-8")
    assert_user_error(invoke("verify", str(path)), "line 4, column 14", "sympy cancels")


@pytest.mark.parametrize("assume, fragments", [
    (["TP > FP", "FP > TP"], ["line 3, column 23", "'FP > TP' leaves the claim's domain empty"]),
    (["TP + FN < 0"], ["line 3, column 12", "leaves the claim's domain empty"]),
    (["FP <= FN", "FN < FP"], ["line 3, column 12", "'FP <= FN' leaves the claim's domain empty"]),
    (["TP FP"], ["line 3, column 12", "a relation"]),
    (["TP > y"], ["line 3, column 12", "unknown name 'y'"]),
])
def test_bad_or_empty_assumption_is_refused_with_its_place(tmp_path, assume, fragments):
    path = tmp_path / "bad.toml"
    path.write_text(_claim("c", assume, "TP", ">", "0"), encoding="utf-8")
    assert_user_error(invoke("verify", str(path)), *fragments)


@pytest.mark.parametrize("latex, fields, verdict", [
    ("TP \\\\geq 1", "", "proved"),                       # false only at TP = 1/2: cells are counts
    ("TP + FN \\\\geq 2", "", "proved"),
    ("TP \\\\geq FP + 1", 'assume = ["TP > FP"]\n', "proved"),
    ("AP \\\\geq 2", 'test_set = "fixed"\n', "proved"),   # 0 < TP < AP
    ("TP \\\\geq 2", "", "refuted"),                     # TP = 1 is a table
    ("\\\\frac{TP}{TN} \\\\geq 1", "", "refuted"),
])
def test_cells_are_whole_numbers(tmp_path, latex, fields, verdict):
    path = tmp_path / "int.toml"
    path.write_text(f'[[claim]]\nid = "c"\n{fields}  [[claim.step]]\n  latex = "{latex}"\n', encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    claim = json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]
    assert claim["verdict"] == verdict, claim


MONOTONE_MEASURE = '[[measure]]\nname = "GMR"\ncounts = "sqrt(TP/(TP+FN) * TN/(TN+FP))"\n'


@pytest.mark.parametrize("latex, verdict", [
    ("\\\\ln(TP) < \\\\ln(TP + 1)", "proved"),              # ln a < ln b from a < b
    ("\\\\exp(\\\\mathrm{GMR}) > 1", "proved"),            # exp x > 1 from x > 0
    ("\\\\ln(\\\\mathrm{TPR}) \\\\le 0", "proved"),          # ln x <= 0 from x <= 1
    ("\\\\sqrt{\\\\mathrm{TPR}} < \\\\sqrt{\\\\mathrm{TPR} + 1}", "proved"),
    ("\\\\sqrt{\\\\mathrm{GMR}} \\\\le 1", "proved"),      # a root of a product, as sympy splits it
    ("\\\\ln(TP + 1) < \\\\ln(TP)", "refuted"),
])
def test_monotone_transforms(tmp_path, latex, verdict):
    path = tmp_path / "mono.toml"
    path.write_text(MONOTONE_MEASURE + f'[[claim]]\nid = "c"\n  [[claim.step]]\n  latex = "{latex}"\n',
                    encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    claim = json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]
    assert claim["verdict"] == verdict, claim
