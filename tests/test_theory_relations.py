"""The relations the papers state between their own properties: the quantification encodings
(binary forms on the grid k/N), Amigo et al.'s NIFQ and NIGQ on the non-informative tables,
conjunctions in `implies`, the `kind` field of the claims-file steps, and the examples file."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from symmetric.cli import main
from symmetric.properties.catalogue import named
from symmetric.quantification.distributions import Distribution
from symmetric.quantification.measures import get as quant_measure
from symmetric.theory import decide, quant, run
from symmetric.theory.encode import instances, noninformative
from symmetric.theory.formula import holds
from symmetric.theory.recheck import unsatisfiable

EXAMPLE = Path(__file__).parent.parent / "examples" / "theory" / "relations.toml"
DEN = 6


def _grid_values(name: str, den: int = DEN) -> dict:
    """The measure's exact values on the grid, named as the encoding names its unknowns."""
    m = quant_measure(name)
    out = {}
    for kp in range(1, den):
        for kq in range(den + 1):
            p, q = Fraction(kp, den), Fraction(kq, den)
            v = m.value(Distribution((p, 1 - p)), Distribution((q, 1 - q)))
            out[quant.value(q, p)] = Fraction(int(v.p), int(v.q))
    for kp in range(1, den):       # MON's and MAX's worst value: the larger vertex value
        p = Fraction(kp, den)
        out[f"F({p})"] = max(out[quant.value(Fraction(0), p)], out[quant.value(Fraction(1), p)])
    return out


@pytest.mark.parametrize("measure, prop, ok", [
    # the paper's Table 1: AE has NN, IoI, MON, IMP, ABS and not REL; RAE has REL and not ABS
    ("AE", "NN", True), ("AE", "IoI", True), ("AE", "MON", True), ("AE", "IMP", True),
    ("AE", "ABS", True), ("AE", "REL", False),
    ("RAE", "REL", True), ("RAE", "ABS", False), ("RAE", "MON", True),
    ("SE", "ABS", True), ("SE", "MON", True),
])
def test_quantification_encodings_agree_with_the_papers_verdicts(measure, prop, ok):
    values = _grid_values(measure)
    assert all(holds(i.formula, values) for i in quant.instances(prop, DEN)) is ok


def test_max_encoding_holds_for_a_normalised_measure_and_not_for_ae():
    nae = {**_grid_values("NAE"), "c_MAX": Fraction(1)}
    assert all(holds(i.formula, nae) for i in quant.instances("MAX", DEN))
    ae = _grid_values("AE")
    # AE's worst value depends on p: no single c_MAX is attained for every p
    for c in {v for k, v in ae.items() if k.startswith("F(")}:
        assert not all(holds(i.formula, {**ae, "c_MAX": c}) for i in quant.instances("MAX", DEN))


def test_rel_and_abs_are_mutually_exclusive_with_a_two_instance_core():
    o = run.consistent(("REL", "ABS"), kind="quantification", max_n=DEN)
    assert o.verdict == "inconsistent"
    core = o.cores[0]
    assert sorted(i.prop for i in core) == ["ABS", "REL"]
    assert unsatisfiable([i.formula for i in core])[0] is True
    # the same two predictions: REL says >, ABS says =
    assert core[0].formula.terms == core[1].formula.terms


@pytest.mark.parametrize("names", [("MAX", "ABS"), ("MAX", "REL"), ("IoI", "NN", "MON", "IMP", "MAX", "ABS"),
                                   ("IoI", "NN", "MON", "IMP", "MAX", "REL")])
def test_max_with_rel_or_abs_is_consistent_on_the_grid(names):
    o = run.consistent(names, kind="quantification", max_n=DEN)
    assert o.verdict == "consistent"
    groups = run.quantification(names, (), DEN)[1]
    assert all(holds(i.formula, o.witness) for g in groups for i in g)


def test_binary_names_are_the_encoded_properties():
    assert run.quantification(("B-REL", "b-abs"), (), DEN)[0] == ["REL", "ABS"]


def test_noninformative_tables_are_independent_of_the_gold_standard():
    assert noninformative(1, 1) == [(0, 0, 1, 1), (1, 1, 0, 0)]
    assert noninformative(2, 2) == [(0, 0, 2, 2), (1, 1, 1, 1), (2, 2, 0, 0)]
    assert noninformative(1, 2) == [(0, 0, 1, 2), (1, 2, 0, 0)]


@pytest.mark.parametrize("measure, prop, ok", [
    ("BalAcc", "NIFQ", True), ("Acc", "NIFQ", False), ("F1", "NIGQ", True), ("Acc", "NIGQ", False),
    ("BalAcc", "NIGQ", False),
])
def test_nifq_and_nigq_encodings_agree_with_the_atlas(measure, prop, ok):
    from symmetric.measures.registry import get
    reading = {"definedness": "strict", "test-sets": "nondegenerate", "constant": "fixed"}
    values = decide.measure_values(get(measure), 4, False, True)
    found = instances(named(prop, "classification"), reading, 4)
    consts = {v for k, v in values.items()} if prop == "NIFQ" else {None}
    assert any(all(holds(i.formula, {**values, "c_NIFQ": c}) for i in found) for c in consts) is ok


def test_nifq_and_nigq_are_exclusive_on_the_two_trivial_outputs():
    o = run.consistent(("NIFQ", "NIGQ"), ("test-sets=nondegenerate",))
    assert o.verdict == "inconsistent"
    assert {t for i in o.cores[0] for t in i.tables} == {(0, 0, 1, 1), (1, 1, 0, 0)}


def test_a_conjunction_in_implies():
    o = run.implies("CHA+IMB", "NIFQ", ("test-sets=nondegenerate",))
    assert o.properties == ("CHA+IMB", "NIFQ")
    assert o.verdict == "separated"
    assert o.failed is not None and o.failed.prop == "NIFQ"
    assert run.implies("NIFQ", "IMB", ("test-sets=nondegenerate",)).verdict == "implies"


def test_the_relations_example_verifies_with_honest_verdicts(tmp_path):
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["verify", str(EXAMPLE), "--json", str(out)])
    verdicts = {c["id"]: c["verdict"] for c in json.loads(out.read_text())["claims"]}
    # impossibilities are unbounded (re-checked cores on fixed points); SDE => WDE is schematic
    # (symbolic tables) and WDE =/=> SDE a catalogue measure whose WDE check proves; the rest bounded
    assert verdicts == {"relations.gosgens.impossibility": "proved", "relations.gosgens.smon_maxa": "undetermined",
                        "relations.gosgens.smon_cb": "proved", "relations.sebastiani15.sde_wde": "proved",
                        "relations.amigo.sebastiani_axioms": "undetermined", "relations.amigo.exclusive": "proved",
                        "relations.quant.rel_abs": "proved", "relations.quant.max": "undetermined",
                        "relations.quant.max_limit": "proved"}, r.output


def test_cli_quantification_json(tmp_path):
    out = tmp_path / "q.json"
    r = CliRunner().invoke(main, ["consistent", "--kind", "quantification", "REL", "ABS", "--json", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["verdict"] == "inconsistent" and data["readings"] == {"kind": "quantification", "grid": "k/6"}
    assert "lower is better" in r.output


@pytest.mark.parametrize("args, says", [
    (["consistent", "--kind", "quantification", "REL", "IND"], "no encoding"),
    (["consistent", "--kind", "quantification", "REL", "--max-n", "4"], "at least 5"),
    (["consistent", "--kind", "quantification", "REL", "--reading", "definedness=strict"], "no readings"),
    (["consistent", "--kind", "quantification", "REL", "ABS", "--subsets"], "--subsets"),
    (["implies", "CHA+NOPE", "NIFQ"], "NOPE"),
])
def test_cli_mistakes_exit_2(args, says):
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert says in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("step, says", [
    ('consistent = ["REL", "ABS"]\n  printed = "inconsistent"\n  kind = "regression"', "kind"),
    ('consistent = ["REL", "ABS"]\n  printed = "inconsistent"\n  kind = "quantification"\n  reading = "x=y"',
     "reading"),
    ('consistent = ["REL", "ABS"]\n  printed = "inconsistent"\n  kind = "quantification"\n  max_n = 2', "max_n"),
    ('consistent = ["REL", "IND"]\n  printed = "inconsistent"\n  kind = "quantification"', "IND"),
])
def test_bad_quantification_steps_exit_2_with_their_place(tmp_path, step, says):
    f = tmp_path / "c.toml"
    f.write_text('[paper]\ntitle = "t"\nname = "t"\n[[claim]]\nid = "t.c"\nwhere = "w"\nstatement = "s"\n'
                 f'  [[claim.step]]\n  label = "l"\n  {step}\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["verify", str(f)])
    assert r.exit_code == 2, r.output
    assert says in r.output and "c.toml" in r.output and "Traceback" not in r.output
