"""Every catalogue measure: its count form and its probability form are the same function."""

import pytest
import sympy as sp

from symmetric.checks.decide import is_identically_zero
from symmetric.measures import registry
from symmetric.space import JOINT_DOMAIN, n, to_joint
from symmetric.errors import UnknownNameError

BOTH_FORMS = [m.name for m in registry.all_measures("classification") if m.counts is not None and m.probs is not None]


@pytest.mark.parametrize("name", BOTH_FORMS)
def test_count_and_probability_forms_agree(name):
    m = registry.get(name)
    domain = JOINT_DOMAIN.with_intervals([p.interval() for p in m.params] + [(n, 0, sp.oo)])
    from symmetric.space import counts_to_joint
    difference = counts_to_joint(m.counts) - m.count_scale * to_joint(m.probs)
    assert is_identically_zero(difference, domain).value is True


def test_lam_algebraic_form_is_the_logit_definition():
    from symmetric.space import NG, NS, G, Pr, S
    logit = lambda v: sp.log(v / (1 - v))
    definition = sp.exp((logit(Pr(NS, G)) + logit(Pr(S, NG))) / 2)
    definition = definition / (1 + definition)
    difference = to_joint(definition - registry.get("Lam%").probs)
    assert is_identically_zero(difference, JOINT_DOMAIN).value is True


@pytest.mark.parametrize("typo,suggestion", [("Lamm", "Lam%"), ("kapa", "Kappa"), ("utilty", "Utility")])
def test_unknown_measure_suggests_close_matches(typo, suggestion):
    with pytest.raises(UnknownNameError) as info:
        registry.get(typo)
    assert suggestion in info.value.suggestions


# ------------------------------------------------------------------ the one catalogue of every kind

@pytest.mark.parametrize("name,kind,expected", [
    ("f1", "classification", "F1"), ("KAPPA", None, "Kappa"), ("kld", "quantification", "KLD"),
    ("nae", None, "NAE"), ("LEWISF", "expectation", "LewisF"), ("sec", ("classification", "expectation"), "SEC"),
    ("loss", None, "Loss"), ("Youden", ("classification", "expectation"), "Youden"),
])
def test_catalogue_finds_every_kind_case_insensitively(name, kind, expected):
    assert registry.get(name, kind).name == expected


@pytest.mark.parametrize("name,kind,noun,suggestion", [
    ("AE", "classification", "measure", None),              # a quantification measure is not a classification one
    ("LewisF", "classification", "measure", None),
    ("F1", "quantification", "quantification measure", None),
    ("KDL", "quantification", "quantification measure", "KLD"),
    ("Los", ("classification", "expectation"), "measure", "Loss"),
])
def test_catalogue_lookup_is_confined_to_the_kinds_asked_for(name, kind, noun, suggestion):
    with pytest.raises(UnknownNameError) as info:
        registry.get(name, kind)
    assert str(info.value).startswith(f"unknown {noun} {name!r}")
    if suggestion:
        assert suggestion in info.value.suggestions


def test_catalogue_names_are_unique_across_kinds():
    by_kind = [set(registry.names(kind)) for kind in registry.KINDS]
    assert set(registry.names()) == set().union(*by_kind)
    assert sum(map(len, by_kind)) == len(registry.names())


def test_old_lookups_are_calls_into_the_catalogue():
    from symmetric.expectation.measures import LOSS, lookup
    from symmetric.quantification import measures as qm
    from symmetric.quantification.check import catalogue_measure
    assert qm.get("kld") is registry.get("KLD", "quantification") is catalogue_measure("KLD")
    assert qm.names() == registry.names("quantification")
    assert lookup("loss") is LOSS and lookup("f1") is registry.get("F1")


def test_catalogue_loads_nothing_above_the_measures_layer():
    """Loading every kind imports only definition modules: no property, claim, rendering or CLI code."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = str(Path(__file__).resolve().parents[1])         # this checkout's symmetric, not an installed one
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    code = ("import sys; from symmetric.measures import registry; registry.names(); "
            "print(' '.join(m for m in sys.modules if m.startswith(('symmetric.properties', "
            "'symmetric.claims', 'symmetric.render', 'symmetric.cli', 'symmetric.expectation.exact'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, cwd=root)
    assert out.stdout.strip() == ""
