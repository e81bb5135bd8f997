"""Every catalogue measure: its count form and its probability form are the same function."""

import pytest
import sympy as sp

from symmetric.checks.decide import is_identically_zero
from symmetric.measures import registry
from symmetric.space import JOINT_DOMAIN, n, to_joint
from symmetric.errors import UnknownNameError

BOTH_FORMS = [m.name for m in registry.all_measures() if m.counts is not None and m.probs is not None]


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
