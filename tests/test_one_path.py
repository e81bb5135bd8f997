"""One decision path: every property verdict a paper's claim rests on comes from
``driver.decide`` (reviewed by the independent cross-check, under the time limit, memoised).

* Statically, no derivation names a checker (its entry points or the driver's internals).
* Dynamically (slow), every claim that uses property verdicts is run with the checkers' module
  entry points guarded (a call from outside the driver fails the test) and every result the
  driver hands out recorded: each holds / fails among them was reviewed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from symmetric.claims import registry
from symmetric.logic import Verdict

DERIVATIONS = Path(__file__).resolve().parent.parent / "derivations"

# what decides a property outside the one path: the checkers' entry points and the driver's parts
CHECKER_NAMES = {
    "check_one", "check_all", "run_all", "strict_monotonicity", "absolute_weighting", "fixed_quality",
    "growing_quality", "check_mon", "check_con", "check_sde", "check_wde", "check_fix", "check_cha", "check_imb",
    "check_sym", "decide_unit", "decide_expectation", "review", "review_one",
}


def _names(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id, node.lineno
        elif isinstance(node, ast.Attribute):
            yield node.attr, node.lineno
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                yield alias.name, node.lineno


@pytest.mark.parametrize("path", sorted(DERIVATIONS.rglob("*.py")), ids=lambda p: str(p.relative_to(DERIVATIONS)))
def test_no_derivation_calls_a_checker(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = [(name, line) for name, line in _names(tree) if name in CHECKER_NAMES]
    assert not named, f"{path.name}: decide through symmetric.properties.driver.decide, not {named}"


def test_the_derivations_use_the_one_path():
    assert "from symmetric.properties.driver import decide" in (DERIVATIONS / "deciding.py").read_text()
    used = [p for p in DERIVATIONS.rglob("*.py") if "from ..deciding import decided" in p.read_text()]
    assert {p.parent.name for p in used} >= {"amigo", "quant", "sebastiani15"}


PAPERS = ("amigo", "quant", "sebastiani15")       # the papers whose claims rest on property verdicts


@pytest.mark.slow
def test_every_property_verdict_a_claim_rests_on_was_reviewed(watched_claims_run):
    # every claim was run with the checkers' entry points guarded and the driver's results
    # recorded (tests/claims_run.py; the run is shared with the other all-claims tests)
    results, handed_out, outside = (watched_claims_run.results, watched_claims_run.handed_out,
                                    watched_claims_run.outside)
    assert {r.paper for r in results.values()} >= set(PAPERS)
    assert not [r.id for r in results.values() if registry.is_internal_error(r)]
    assert not outside, f"checkers called outside the driver: {sorted(set(outside))}"
    verdicts = [r for r in handed_out if r.verdict is not Verdict.UNDETERMINED]
    assert len(verdicts) > 200                                # amigo's table, Table 1, the axioms
    assert all(r.reviewed for r in verdicts), [(r.measure, r.property) for r in verdicts if not r.reviewed][:5]
    assert {r.property for r in verdicts} >= {"SM", "NIFQ", "CHA", "MON", "IND", "B-REL"}


def test_checker_defaults_are_the_catalogue_headline():
    """The headline reading is stated in the catalogue; the one path (decide) passes it to the
    checkers explicitly.  Checkers still carry defaults for direct callers: they may not drift."""
    import inspect
    from symmetric.properties import catalogue
    for p in catalogue.for_kind("classification"):
        if p.family not in ("amigo", "sebastiani"):
            continue
        defaults = {name: param.default for name, param in inspect.signature(p.decide).parameters.items()
                    if param.default is not inspect.Parameter.empty}
        assert defaults == p.headline.as_kwargs(), (p.name, defaults, p.headline.as_kwargs())
