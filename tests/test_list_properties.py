"""``symmetric list --properties``: every property of the catalogue, one tab-separated line each
(name, kind of measure, family, definition, source, readings with the headline marked), each
followed by one indented line per choice of its reading axes; selectable by name, kind or family."""

import pytest
from click.testing import CliRunner

from cli_support import assert_user_error
from symmetric.cli import main
from symmetric.cli.list_cmd import FORMULA_FAMILY
from symmetric.properties.catalogue import FORMULA_AXES, FORMULA_HEADLINE, properties


@pytest.fixture(scope="module")
def listed():
    result = CliRunner().invoke(main, ["list", "properties"])
    assert result.exit_code == 0, result.output
    return [line.split("\t") for line in result.output.splitlines()]


def _heads(lines):
    return [row for row in lines if not row[0].startswith(" ") and row[2] != FORMULA_FAMILY]


def test_the_formula_readings_follow_the_properties(listed):
    axes = [a for kind in ("classification", "quantification") for a in FORMULA_AXES[kind]]
    heads = [row for row in listed if not row[0].startswith(" ") and row[2] == FORMULA_FAMILY]
    assert [row[0] for row in heads] == [a.name for a in axes] and axes
    for axis, row in zip(axes, heads):
        assert f"{FORMULA_HEADLINE[axis.name]}*" in row[5]
        k = listed.index(row)
        assert [r[0].strip() for r in listed[k + 1:k + 1 + len(axis.choices)]] == [
            f"{axis.name}={c.name}" + (" (headline)" if c.name == FORMULA_HEADLINE[axis.name] else "")
            for c in axis.choices]


def test_every_property_is_listed_in_catalogue_order(listed):
    assert [tuple(row[:5]) for row in _heads(listed)] == [(p.name, p.kind, p.family, p.definition, p.source)
                                                          for p in properties()]


@pytest.mark.parametrize("prop", properties(), ids=lambda p: f"{p.kind}-{p.name}")
def test_each_line_holds_all_fields_and_its_readings(listed, prop):
    k = next(i for i, row in enumerate(listed) if row[:2] == [prop.name, prop.kind])
    assert listed[k][:5] == [prop.name, prop.kind, prop.family, prop.definition, prop.source]
    for axis in prop.axes:          # the headline choice is marked in the summary field
        assert f"{axis.name} = " in listed[k][5] and f"{prop.headline[axis.name]}*" in listed[k][5]
    below = [row for row in listed[k + 1:k + 1 + sum(len(a.choices) for a in prop.axes)]]
    assert [row[0].strip() for row in below] == [
        f"{a.name}={c.name}" + (" (headline)" if prop.headline[a.name] == c.name else "")
        for a in prop.axes for c in a.choices]
    assert all(len(row) == 3 and row[1] and row[2] for row in below)     # meaning and source


@pytest.mark.parametrize("prop,headline", [("MON", "defined"), ("CON", "defined-test-sets"),
                                           ("CHA", "defined, bernoulli"), ("NIFQ", "fixed, defined, nondegenerate"),
                                           ("SM", "defined, nondegenerate"), ("SDE", "as defined")])
def test_headline_readings(prop, headline):
    p = next(p for p in properties() if p.name == prop and p.kind == "classification")
    assert p.headline.name == headline and p.readings()[0] == p.headline


@pytest.mark.parametrize("prefixes,expected", [
    (["quantification"], [(p.name, p.kind) for p in properties() if p.kind == "quantification"]),
    (["amigo"], [("SM", "classification"), ("AW", "classification"), ("NIFQ", "classification"),
                 ("NIGQ", "classification")]),
    (["mon"], [("MON", "classification"), ("MON", "quantification")]),
    (["CHA", "SYM"], [("CHA", "classification"), ("SYM", "classification")]),
    (["SYM", "sebastiani"], [(p.name, p.kind) for p in properties() if p.family == "sebastiani"]),
])
def test_prefix_selects_by_name_kind_or_family(prefixes, expected):
    result = CliRunner().invoke(main, ["list", "properties", *prefixes])
    assert result.exit_code == 0, result.output
    heads = [line.split("\t") for line in result.output.splitlines() if not line.startswith(" ")]
    assert [tuple(row[:2]) for row in heads if row[2] != FORMULA_FAMILY] == expected


def test_unknown_prefix_is_exit_2_with_close_match():
    assert_user_error(CliRunner().invoke(main, ["list", "properties", "sebastini"]), "sebastiani")


def test_without_the_flag_list_still_lists_claims():
    result = CliRunner().invoke(main, ["list", "amigo.notation"])
    assert result.exit_code == 0
    assert result.output.split("\t")[0] == "amigo.notation.contingency"


def test_help_lists_the_subcommands():
    result = CliRunner().invoke(main, ["list", "--help"])
    assert result.exit_code == 0
    assert all(name in result.output for name in ("claims", "measures", "properties"))


@pytest.mark.parametrize("old, new", [(["--properties", "SM"], ["properties", "SM"]),
                                      (["--measures", "MCC"], ["measures", "MCC"]),
                                      (["--measures", "--zeros", "F1"], ["measures", "--zeros", "F1"]),
                                      (["amigo.notation"], ["claims", "amigo.notation"])])
def test_the_old_spellings_still_work_with_a_hint(old, new):
    before, after = CliRunner().invoke(main, ["list", *old]), CliRunner().invoke(main, ["list", *new])
    assert before.exit_code == after.exit_code == 0
    assert before.stdout == after.stdout and before.stdout
    flag = [a for a in old if a in ("--properties", "--measures")]
    assert (f"is now `symmetric list {new[0]}`" in before.stderr) == bool(flag)
