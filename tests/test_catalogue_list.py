"""``symmetric list measures``: the catalogue, one tab-separated line per measure (name, kind,
orientation, formula, aliases, zero convention, source), selectable by name, alias or kind; with
``--zeros`` the computed value of each classification measure on the 15 zero patterns."""

import pytest
from click.testing import CliRunner

from cli_support import assert_user_error
from symmetric.cli import main
from symmetric.measures import registry
from symmetric.measures.conventions import CONVENTIONS


def _run(*args):
    result = CliRunner().invoke(main, ["list", *args])
    assert result.exit_code == 0, result.output
    return [line.split("\t") for line in result.output.splitlines()]


@pytest.fixture(scope="module")
def listed():
    return _run("measures")


def test_every_measure_of_every_kind_is_listed_once_in_catalogue_order(listed):
    assert [(row[0], row[1]) for row in listed] == [(m.name, kind) for kind in registry.KINDS
                                                    for m in registry.all_measures(kind)]
    assert all(len(row) == 7 for row in listed)


def test_a_line_holds_orientation_formula_aliases_and_convention(listed):
    rows = {row[0]: row for row in listed}
    assert rows["Recall"][2:5] == ["higher", "TP/(FN + TP)", "TPR,Sensitivity,HitRate,TruePositiveRate,Rec"]
    assert rows["FPR"][2] == "lower" and rows["NKLD"][2] == "lower"
    assert rows["F1"][5].startswith(f"stipulated: {CONVENTIONS['F1'].says}; scikit-learn f1_score with zero_division=1.0")
    assert rows["MI"][5].startswith("limit: 0 log 0 = 0")
    assert rows["Precision"][5] == "undefined; scikit-learn precision_score with zero_division=nan"
    assert rows["MCC"][5] == "undefined; scikit-learn matthews_corrcoef differs: 0 where the coefficient is 0/0"
    assert rows["WAcc"][5] == "undefined"
    assert rows["KLD"][3] == "term = p*log(p/q)" and rows["NAE"][3].endswith("E = R/M")


@pytest.mark.parametrize("prefixes,expected", [
    (["Sensitivity"], ["Recall"]),                     # an alias, exactly: sensitivity is recall
    (["sens"], ["SensitivityRS", "Recall"]),          # a prefix of names and aliases
    (["F"], ["F"]),                                    # an exact name wins over the prefix
    (["quantification"], list(registry.names("quantification"))),
    (["MCC", "precision"], ["MCC", "Precision"]),     # catalogue order
    (["Prec", "kappa"], ["Kappa", "Precision"]),      # the spellings papers print (verify reads them)
])
def test_prefix_selects_by_name_alias_or_kind(prefixes, expected):
    assert [row[0] for row in _run("measures", *prefixes)] == expected


def test_unknown_name_is_exit_2_with_close_match():
    assert_user_error(CliRunner().invoke(main, ["list", "measures", "Presicion"]), "Presicion", "Precision")


@pytest.mark.parametrize("args,fragment", [(["--zeros"], "--zeros needs measures"),
                                           (["--measures", "--properties"], "give one")])
def test_options_that_make_no_sense_together_are_refused(args, fragment):
    assert_user_error(CliRunner().invoke(main, ["list", *args]), fragment)


def test_zeros_lists_the_fifteen_patterns_computed():
    rows = _run("measures", "--zeros", "F1", "Precision")
    assert len(rows) == 30
    f1 = {row[1]: row[2:] for row in rows if row[0] == "F1"}
    assert f1["TP = 0, FP = 0, FN = 0"] == ["stipulated", "1"]
    assert f1["TP = 0"] == ["formula", "0"]
    precision = {row[1]: row[2:] for row in rows if row[0] == "Precision"}
    assert precision["TP = 0, FP = 0"] == ["undefined", "undefined"]
    assert precision["FP = 0"] == ["formula", "1"]


def test_zeros_of_a_quantification_measure_is_a_user_error():
    assert_user_error(CliRunner().invoke(main, ["list", "measures", "--zeros", "KLD"]), "classification")
