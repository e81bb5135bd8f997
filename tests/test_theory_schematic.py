"""Every-size verdicts of the theory: the implication at symbolic tables (theory/schema.py) and
the separations / consistencies by a catalogue measure whose properties check proves
(theory/schematic.py).  Tampered certificates fail the exact re-check; a measure check does not
prove, a parametric one, or one check contradicts, leaves the verdict bounded."""

from __future__ import annotations

import dataclasses

import pytest

from symmetric.evidence import PropertyResult, Reading
from symmetric.logic import Verdict
from symmetric.properties.catalogue import named
from symmetric.theory import run, schema, schematic
from symmetric.theory.formula import And, Lit, Or
from symmetric.theory.recheck import unsatisfiable

DEFINED = {"definedness": "defined", "test-sets": "all"}


# ------------------------------------------------------------------ implication at symbolic tables

@pytest.mark.parametrize("p, q, proved", [
    (["SDE"], "WDE", True),       # Sebastiani 2015: SDE implies WDE
    (["WDE"], "SDE", False),      # the converse fails (MAAc below)
    (["WDE"], "WDE", True),       # WDE on the two tables of its own negation's test set
    (["SDE", "WDE"], "SDE", True),
])
def test_schema_proofs(p, q, proved):
    assert (schema.prove(p, q, DEFINED) is not None) == proved


def test_the_schema_proof_is_three_formulas_on_two_symbolic_tables():
    got = schema.prove(["SDE"], "WDE", DEFINED)
    assert [f for _, f in got.instances] == [Lit("D(t)"), Lit("D(u)")]
    assert got.negation.tables == ("t", "u") and got.negation.same_test_set
    assert unsatisfiable([f for _, f in got.instances] + [got.negation.formula])[0] is True
    assert any("every size" in line for line in got.lines())


def test_a_tampered_schema_core_fails_the_recheck():
    got = schema.prove(["SDE"], "WDE", DEFINED)
    # drop SDE at u: D(t) and "exactly one of t, u defined" are satisfiable (D(u) false)
    assert unsatisfiable([got.instances[0][1], got.negation.formula])[0] is False
    # SDE at t and u against a negation that also allows "both defined" (a wrong negation of WDE)
    loose = Or((got.negation.formula, And((Lit("D(t)"), Lit("D(u)")))))
    assert unsatisfiable([f for _, f in got.instances] + [loose])[0] is False


@pytest.mark.parametrize("reading", [{"definedness": "strict"}, {}])
def test_no_schema_in_the_strict_reading(reading):
    assert schema.prove(["SDE"], "WDE", reading) is None


def test_no_schema_for_other_properties():
    assert schema.prove(["MON"], "WDE", DEFINED) is None
    assert schema.prove(["SDE"], "MON", DEFINED) is None


def test_implies_reports_the_schematic_proof():
    o = run.implies("SDE", "WDE", ("definedness=defined",), schematic=True)
    assert o.verdict == "implies" and o.schematic
    assert o.to_json()["schematic"]["proof"][0].startswith("Suppose WDE fails")
    assert run.implies("SDE", "WDE", ("definedness=defined",)).schematic is False     # opt-in


# ------------------------------------------------------------------ separation by a proved measure

def test_wde_does_not_imply_sde_for_every_size():
    o = run.implies("WDE", "SDE", ("definedness=defined",), schematic=True)
    assert (o.verdict, o.measure, o.schematic) == ("separated", "MAAc", True)
    assert o.proofs and "WDE holds for MAAc" in o.proofs[0]
    assert o.to_json()["schematic"]["measure"] == "MAAc"


def _fake_decide(verdict, formula=()):
    def decide(measure, prop, reading=None, **kw):
        return PropertyResult(prop.name, measure.name, verdict, reading="defined",
                              decided_in=Reading((("definedness", "defined"),), formula))
    return decide


@pytest.mark.parametrize("verdict, formula, ok", [
    (Verdict.HOLDS, (), True),
    (Verdict.FAILS, (), False),
    (Verdict.UNDETERMINED, (), False),                                  # unknown is never a proof
    (Verdict.HOLDS, (("zero-reciprocal", "limit"),), False),            # the grid read the formula one way
])
def test_only_a_proof_in_a_matching_reading_makes_it_schematic(monkeypatch, verdict, formula, ok):
    from symmetric.properties import driver
    monkeypatch.setattr(driver, "decide", _fake_decide(verdict, formula))
    got, lines = schematic.prove_measure("MAAc", [named("MON", "classification")], DEFINED)
    assert got is ok, lines


def test_a_reading_check_did_not_decide_is_refused(monkeypatch):
    from symmetric.properties import driver

    def decide(measure, prop, reading=None, **kw):
        return PropertyResult(prop.name, measure.name, Verdict.HOLDS, reading="strict",
                              decided_in=Reading((("definedness", "strict"),)))
    monkeypatch.setattr(driver, "decide", decide)
    got, lines = schematic.prove_measure("MAAc", [named("MON", "classification")], DEFINED)
    assert got is False and "not the reading asked" in lines[0]


def test_the_strict_reading_needs_sde_too(monkeypatch):
    from symmetric.properties import driver
    asked = []

    def decide(measure, prop, reading=None, **kw):
        asked.append(prop.name)
        return PropertyResult(prop.name, measure.name, Verdict.HOLDS, reading="strict",
                              decided_in=Reading((("definedness", "strict"),)) if prop.axes else Reading())
    monkeypatch.setattr(driver, "decide", decide)
    got, _ = schematic.prove_measure("Acc", [named("MON", "classification")], {"definedness": "strict"})
    assert got is True and asked == ["MON", "SDE"]


def test_a_parametric_measure_is_not_upgraded():
    got, lines = schematic.prove_measure("Utility4", [named("SMON", "classification")], {"definedness": "strict"})
    assert got is False and "parameters" in lines[0]


def test_a_property_without_a_known_covering_checker_is_not_upgraded():
    got, lines = schematic.prove_measure("Acc", [named("CB", "classification")], {"definedness": "strict"})
    assert got is False and "cover" in lines[0]


def test_check_contradicting_the_grid_refuses_the_upgrade(monkeypatch):
    from symmetric.properties import driver
    monkeypatch.setattr(driver, "decide", _fake_decide(Verdict.HOLDS))      # "proves" Q too
    o = run.implies("MON", "SDE", ("definedness=defined",))
    up = schematic.upgrade(o, [named("MON", "classification")], DEFINED, iter([o.measure]),
                           [named("SDE", "classification")])
    assert up.schematic is False and "refused" in up.schematic_note


def test_a_bounded_verdict_stays_bounded_without_a_proved_measure(monkeypatch):
    from symmetric.properties import driver
    monkeypatch.setattr(driver, "decide", _fake_decide(Verdict.UNDETERMINED))
    o = run.implies("WDE", "SDE", ("definedness=defined",), schematic=True)
    assert o.verdict == "separated" and not o.schematic and o.schematic_note
    assert "schematic" not in o.to_json() and o.to_json()["schematic_note"]


def test_an_implication_or_inconsistency_is_never_upgraded_by_a_measure():
    o = run.consistent(("NIFQ", "NIGQ"), ("test-sets=nondegenerate",), schematic=True)
    assert o.verdict == "inconsistent" and not o.schematic
    o2 = schematic.upgrade(dataclasses.replace(o, measure="Acc"), [], {}, iter(["Acc"]))
    assert o2 is not None and not o2.schematic
