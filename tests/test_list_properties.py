"""``symmetric list --properties``: every property of the catalogue, one tab-separated line each
(name, kind of measure, family, definition, source), selectable by name, kind or family."""

import pytest
from click.testing import CliRunner

from cli_support import assert_user_error
from symmetric.cli import main
from symmetric.properties.catalogue import properties


@pytest.fixture(scope="module")
def listed():
    result = CliRunner().invoke(main, ["list", "--properties"])
    assert result.exit_code == 0, result.output
    return [line.split("\t") for line in result.output.splitlines()]


def test_every_property_is_listed_in_catalogue_order(listed):
    assert [tuple(row) for row in listed] == [(p.name, p.kind, p.family, p.definition, p.source)
                                              for p in properties()]


@pytest.mark.parametrize("prop", properties(), ids=lambda p: f"{p.kind}-{p.name}")
def test_each_line_holds_all_five_fields(listed, prop):
    assert [prop.name, prop.kind, prop.family, prop.definition, prop.source] in listed


@pytest.mark.parametrize("prefixes,expected", [
    (["quantification"], [(p.name, p.kind) for p in properties() if p.kind == "quantification"]),
    (["amigo"], [("SM", "classification"), ("AW", "classification"), ("NIFQ", "classification"),
                 ("NIGQ", "classification")]),
    (["mon"], [("MON", "classification"), ("MON", "quantification")]),
    (["CHA", "SYM"], [("CHA[bernoulli]", "classification"), ("CHA[uniform-size]", "classification"),
                      ("SYM", "classification")]),
    (["SYM", "sebastiani"], [(p.name, p.kind) for p in properties() if p.family == "sebastiani"]),
])
def test_prefix_selects_by_name_kind_or_family(prefixes, expected):
    result = CliRunner().invoke(main, ["list", "--properties", *prefixes])
    assert result.exit_code == 0, result.output
    assert [tuple(line.split("\t")[:2]) for line in result.output.splitlines()] == expected


def test_unknown_prefix_is_exit_2_with_close_match():
    assert_user_error(CliRunner().invoke(main, ["list", "--properties", "sebastini"]), "sebastiani")


def test_without_the_flag_list_still_lists_claims():
    result = CliRunner().invoke(main, ["list", "amigo.notation"])
    assert result.exit_code == 0
    assert result.output.split("\t")[0] == "amigo.notation.contingency"


def test_help_mentions_the_flag():
    result = CliRunner().invoke(main, ["list", "--help"])
    assert result.exit_code == 0 and "--properties" in result.output
