"""User-defined properties (``symmetric check --property FILE.toml``): a user property equal to a
built-in one gets the same verdicts; the example file runs; bad files end with exit 2 and a
message naming the file, the line, the table and the key (close matches for unknown names)."""

from __future__ import annotations

import json

import pytest

import symmetric
from cli_support import assert_user_error, run_check
from symmetric.userinput.toml_properties import properties_from_toml

EXAMPLE = "examples/properties.toml"


@pytest.mark.parametrize("measure", ["Acc", "Precision", "MCC", "F1"])
def test_a_user_property_equal_to_a_built_in_gets_its_verdicts(measure):
    fnfp = next(p for p in properties_from_toml(EXAMPLE) if p.name == "FNFP")
    mine = symmetric.check(measure, [fnfp], alternates=True)
    theirs = symmetric.check(measure, ["TSYM"], alternates=True)
    assert [(r.reading, r.verdict) for r in mine] == [(r.reading, r.verdict) for r in theirs]
    assert all(r.proof[0].template.startswith("Cross-check") for r in mine)


def test_the_example_file_runs_through_the_command_line(tmp_path):
    out = tmp_path / "r.json"
    result = run_check(["--property", EXAMPLE, "--measure", "MCC", "--headline-only", "--json", str(out)], tmp_path)
    assert result.exit_code == 0, result.output
    [report] = json.loads(out.read_text())
    verdicts = {e["property"]: e["verdict"] for e in report["properties"]}
    assert verdicts == {"FNFP": "holds", "HITS": "holds", "GROW": "fails", "ZEROBASE": "holds"}


def test_the_api_loads_property_files():
    mine = symmetric.load_properties(EXAMPLE)
    assert [p.name for p in mine] == ["FNFP", "HITS", "GROW", "ZEROBASE"]
    assert symmetric.check("F1", mine[:1])[0].verdict is symmetric.Verdict.HOLDS


def test_the_expectation_form_compares_with_the_constant():
    zero = next(p for p in properties_from_toml(EXAMPLE) if p.name == "ZEROBASE")
    assert symmetric.check("MCC", [zero])[0].verdict is symmetric.Verdict.HOLDS     # E[MCC | k] = 0
    r = symmetric.check("Acc", [zero])[0]
    assert r.verdict is symmetric.Verdict.FAILS and r.counterexample["E[M]"] != 0


BASE = 'name = "P"\ndefinition = "d"\nsource = "s"\n'
BAD = [
    (BASE + 'transform = "FP <-> FX"\nrelation = "="\n', ["unknown cell 'FX'", "FN", "line 5"]),
    (BASE + 'transform = "squash TP"\nrelation = "="\n', ["unknown transformation 'squash'", "scale", "line 5"]),
    (BASE + 'transform = "TP + 1"\nrelation = "bettr"\n', ["unknown relation 'bettr'", "better", "line 6"]),
    (BASE + 'transform = "TP + 2"\nrelation = "="\n', ["only one unit can be added", "key 'transform'"]),
    (BASE + 'transform = "TP -> TP"\nrelation = "="\n', ["from a cell to itself"]),
    (BASE + 'where = "TP + 1"\ntransform = "TP + 1"\nrelation = "="\n', ["is not a condition", "key 'where'"]),
    (BASE + 'transform = "TP + 1"\n', ["missing key 'relation'", "[[property]] #1 (P)"]),
    ('name = "P"\nsource = "s"\ntransform = "TP + 1"\nrelation = "="\n', ["missing key 'definition'"]),
    (BASE + 'transform = "TP + 1"\nrelation = "="\nexpectation = "fixed-size"\n', ["give exactly one of"]),
    (BASE + 'expectation = "fixed-sized"\nrelation = "="\nvalue = "0"\n', ["unknown random model", "fixed-size"]),
    (BASE + 'expectation = "bernoulli"\nrelation = "better"\nvalue = "0"\n', ["compared with a number"]),
    (BASE + 'expectation = "bernoulli"\nrelation = "="\nvalue = "x"\n', ["not an exact rational", "key 'value'"]),
    (BASE + 'transform = "TP + 1"\nrelation = "="\ncolour = "red"\n', ["[[property]] #1, key 'colour': unknown key 'colour'"]),
    (BASE.replace('"P"', '"MON"') + 'transform = "TP + 1"\nrelation = "="\n', ["'MON' is a built-in property"]),
    (BASE + 'transform = "TP + 1"\nrelation = "="\n[[property]]\n' + BASE + 'transform = "TN + 1"\nrelation = "="\n',
     ["duplicate property name", "[[property]] #2"]),
    (BASE + '[[property.clause]]\ntransform = "TP + 1"\n', ["[[property.clause]] #1", "missing key 'relation'"]),
    ('[[measure]]\nname = "x"\n', ["unknown top-level key(s) ['measure']"]),
    (BASE + 'transform = "TP <-> "\nrelation = "="\n', ["unknown cell ''"]),
]


@pytest.mark.parametrize("body,fragments", BAD, ids=range(len(BAD)))
def test_bad_property_files_are_user_errors(tmp_path, body, fragments):
    f = tmp_path / "p.toml"
    f.write_text(body if body.startswith("[[") else "[[property]]\n" + body)
    result = run_check(["--property", str(f), "--measure", "Acc"], tmp_path)
    assert_user_error(result, str(f), *fragments)


def test_property_files_are_for_classification_measures(tmp_path):
    result = run_check(["--property", EXAMPLE, "--kind", "quantification", "--measure", "AE"], tmp_path)
    assert_user_error(result, "--property", "AE is not a classification measure")


def test_a_reading_no_property_of_the_file_has_is_refused(tmp_path):
    result = run_check(["--property", EXAMPLE, "--measure", "Acc", "--reading", "scope=global"], tmp_path)
    assert_user_error(result, "--reading", "unknown reading axis (of the --property properties) 'scope'")


def _one(tmp_path, body: str):
    f = tmp_path / "p.toml"
    f.write_text("[[property]]\n" + BASE + body)
    return symmetric.load_properties(f)[0]


# (measure, property body, verdict in the defined reading, a fragment of the reason or proof)
STATEMENTS = [
    # orientation: for an error measure "better" is lower
    ("ErrorRate", 'transform = "perfect"\nrelation = "better"\nwhere = "FP + FN >= 1"\n', "holds", "Clause"),
    ("ErrorRate", 'transform = "perfect"\nrelation = ">"\nwhere = "FP + FN >= 1"\n', "fails", "Clause"),
    # a condition the proof reads (a shifted cell) and one it does not (a disjunction)
    ("Acc", 'transform = "FP -> TN"\nrelation = "better"\nwhere = "FP >= 2"\n', "holds", "FP written FP + 2"),
    ("Acc", 'transform = "FP <-> FN"\nrelation = "="\nwhere = "TP >= 1 or FP >= 1"\n', "undetermined",
     "not of a form the proof reads"),
    # a scaling proved for every k > 1, and one refuted at k = 2
    ("Recall", 'transform = "scale FP TN"\nrelation = "="\n', "holds", "Clause"),
    ("Precision", 'transform = "scale FP TN"\nrelation = "="\n', "fails", "k"),
    ("MCC", 'expectation = "bernoulli"\nrelation = ">="\nvalue = "-1/2"\n', "holds", "CHA holds"),
]


@pytest.mark.parametrize("measure,body,verdict,fragment", STATEMENTS, ids=range(len(STATEMENTS)))
def test_statements_are_decided_in_their_terms(tmp_path, measure, body, verdict, fragment):
    r = symmetric.check(measure, [_one(tmp_path, body)])[0]
    assert r.verdict.value == verdict, (r.reason, r.proof[:4])
    text = str(r.reason) + " ".join(s.template for s in r.proof) + " ".join(str(a) for s in r.proof for a in s.args)
    assert fragment in text
    assert verdict == "undetermined" or r.proof[0].template.startswith("Cross-check")


def test_every_relation_says_how_a_counterexample_breaks_it():
    from symmetric.properties.statements import FAILED_RELATION, RELATIONS
    assert set(FAILED_RELATION) == set(RELATIONS)
    # the failure is said positively, never as "not ..."
    assert not [text for text in FAILED_RELATION.values() if text.startswith("not")]
