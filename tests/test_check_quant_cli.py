"""`symmetric check --kind quantification`: catalogue and user measures, TOML, JSON, LaTeX, and
every kind of bad input exits 2 with a message (and a position where there is one)."""

import json

import pytest
import sympy as sp
from cli_support import assert_user_error, invoke
from cli_support import run_check as run
from symmetric.quantification.check import build_measure, catalogue_measure, run_all
from symmetric.quantification.distributions import n, p, q
from symmetric.quantification.properties import PROPERTY_ORDER


def report_of(result) -> list[dict]:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout[result.stdout.index("["):])


def verdicts(entry: dict) -> dict[str, str]:
    return {prop["property"]: prop["verdict"] for prop in entry["properties"]}


def library_verdicts(measure) -> dict[str, str]:
    return {name: r.verdict.value for name, r in run_all(measure).items()}


@pytest.mark.parametrize("name", ["AE", "se", "NAE"])
def test_catalogue_measure_matches_run_all(name, tmp_path):
    report = report_of(run(["--kind", "quantification", "--measure", name, "--json", "-"], tmp_path))
    measure = catalogue_measure(name)
    assert [(e["measure"], e["kind"]) for e in report] == [(measure.name, "quantification")]
    assert [prop["property"] for prop in report[0]["properties"]] == list(PROPERTY_ORDER)
    assert verdicts(report[0]) == library_verdicts(measure)


def test_user_measure_from_command_line(tmp_path):
    report = report_of(run(["--kind", "quantification", "--term", "(q - p)^2/n", "--name", "MySE",
                            "--json", "-"], tmp_path))
    assert report[0]["measure"] == "MySE"
    got = verdicts(report[0])
    assert got == library_verdicts(build_measure((q - p) ** 2 / n, "MySE"))
    assert got["IoI"] == "holds" and got["B-IMP"] == "holds"     # a squared difference is symmetric
    tex = (tmp_path / "tex" / "check-myse.tex").read_text()
    assert r"\symcheckheading{MySE (quantification)}" in tex and r"\sum_{c \in C}" in tex


def test_toml_file_level_kind_two_measures(tmp_path):
    f = tmp_path / "q.toml"
    f.write_text('kind = "quantification"\n\n[[measure]]\nname = "MyAE"\nterm = "abs(q - p)/n"\n\n'
                 '[[measure]]\ncatalogue = "SE"\n')
    report = report_of(run([str(f), "--json", "-"], tmp_path))
    assert [(e["measure"], e["kind"]) for e in report] == [("MyAE", "quantification"), ("SE", "quantification")]
    assert verdicts(report[0]) == library_verdicts(build_measure(sp.Abs(q - p) / n, "MyAE"))
    assert verdicts(report[1]) == library_verdicts(catalogue_measure("SE"))


def test_toml_per_table_kind_mixes_kinds(tmp_path):
    f = tmp_path / "mixed.toml"
    f.write_text('[[measure]]\nname = "Acc"\ncounts = "(TP + TN)/n"\n\n'
                 '[[measure]]\nkind = "quantification"\nname = "MySE"\nterm = "(q - p)^2/n"\n')
    report = report_of(run([str(f), "--json", "-"], tmp_path))
    assert [(e["measure"], e["kind"]) for e in report] == [("Acc", "classification"), ("MySE", "quantification")]
    assert "MON" in verdicts(report[0]) and "SM" in verdicts(report[0])
    assert set(verdicts(report[1])) == set(PROPERTY_ORDER)


def test_json_shape(tmp_path):
    out = tmp_path / "r.json"
    r = run(["--kind", "quantification", "--measure", "AE", "--term", "abs(q - p)/(p*n)", "--name", "MyRAE",
             "--json", str(out)], tmp_path)
    assert r.exit_code == 0, r.output
    report = json.loads(out.read_text())
    assert [e["measure"] for e in report] == ["AE", "MyRAE"]
    assert report[1]["written"] == "abs(q - p)/(p*n)"
    for entry in report:
        # a typed measure also carries its formula as written (a quantification term has no count form)
        assert set(entry) == {"measure", "kind", "properties"} | ({"written"} if entry["measure"] == "MyRAE" else set())
        for prop in entry["properties"]:
            # certificates: one object per proved case (empty when nothing was proved by cases)
            assert set(prop) == {"property", "reading", "verdict", "proof", "counterexample", "reason", "certificates"}
            assert prop["reading"] == "as defined"      # the quantification properties have no reading axes
            assert prop["verdict"] in {"holds", "fails", "undetermined"}
            assert isinstance(prop["proof"], list)
            if prop["verdict"] == "fails":      # a refutation carries a counterexample or a proof
                assert prop["counterexample"] or prop["proof"]
            if prop["verdict"] == "holds":
                assert prop["proof"]


def test_help_explains_both_kinds():
    r = invoke("check", "--help")
    assert r.exit_code == 0
    for fragment in ("classification (default)", "quantification:", "--kind quantification --term",
                     "--counts \"(TP + TN)/n\"", "kind = \"quantification\""):
        assert fragment in r.output


BAD_CLI = [
    (["--kind", "quantification", "--term", "abs(q - p"], "<command line>, line 1, column 10"),
    (["--kind", "quantification", "--term", "(q -* p)^2"], "<command line>, line 1, column 5"),
    (["--kind", "quantification", "--term", "abs(qq - p)/n"], "unknown name 'qq'; did you mean 'q'"),
    (["--kind", "quantification", "--term", "abs(q - p)/TP"], "column 12: 'TP' is for classification measures"),
    (["--kind", "quantification", "--term", "P(S|G) - q"], "P(...) probabilities are for classification"),
    (["--kind", "quantification", "--term", "__import__('os').system('touch /tmp/pwned_q')"],
     "strings are not allowed"),
    (["--kind", "quantification", "--term", "q.real"], "attribute access"),
    (["--kind", "quantification", "--term", "q^9**9**9"], "exponent too large"),
    (["--kind", "quantification", "--term", "2*p"], "does not depend on the prediction q"),
    (["--kind", "quantification", "--measure", "AEE"], "did you mean 'AE'"),
    (["--kind", "quantification", "--measure", "F1"], "'F1' is a classification measure"),
    (["--measure", "KLD"], "'KLD' is a quantification measure (use --kind quantification"),
    (["--term", "abs(q - p)"], "--term is for quantification measures, not classification"),
    (["--kind", "quantification", "--counts", "TP/AP"], "--counts is for classification measures"),
    (["--kind", "quantification", "--term", "q", "--param", "a>0"], "--param does not apply"),
    (["--kind", "quantification", "--term", "q", "--lower-is-better"], "--lower-is-better does not apply"),
    (["--counts", "p/q"], "'p' is for quantification measures"),
    (["--kind", "quantification"], "nothing to check: give --term"),
]


@pytest.mark.parametrize("args,fragment", BAD_CLI)
def test_bad_command_line(args, fragment, tmp_path):
    assert_user_error(run(args, tmp_path), fragment)


BAD_TOML = [
    ('kind = "quantification"\n[[measure]]\nname = "A"\nterm = "abs(q -* p)"\n', "line 4, column 16: unexpected '*'"),
    ('[[measure]]\nkind = "quantification"\nname = "A"\nterm = "TP + q"\n', "line 4, column 9: 'TP' is for"),
    ('kind = "quantification"\n[[measure]]\nname = "A"\ncounts = "TP"\n',
     "line 4: field 'counts' is for classification measures, not quantification"),
    ('kind = "quantification"\n[[measure]]\nname = "A"\nterm = "q"\nparams = ["a>0"]\n', "unknown field(s) ['params']"),
    ('kind = "quantification"\n[[measure]]\nname = "A"\n', "give a per-class term (term)"),
    ('kind = "quantificaton"\n[[measure]]\ncatalogue = "AE"\n', "line 1: unknown kind 'quantificaton'; did you mean"),
    ('[[measure]]\nkind = "quantification"\ncatalogue = "NKL"\n', "line 1: unknown quantification measure 'NKL'"),
    ('kind = "quantification"\n[[measure]]\nname = "A"\nterm = 3\n', "field 'term' must be a string"),
]


@pytest.mark.parametrize("text,fragment", BAD_TOML)
def test_bad_toml(text, fragment, tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    assert_user_error(run([str(f)], tmp_path), str(f), fragment)
