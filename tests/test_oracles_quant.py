"""The quantification measures against QuaPy's ``quapy.error`` on random distributions (2 to 5
classes, prevalences k/d with d near the sample size, zeros included), exact values against
QuaPy's floats to 1e-9.

AE, NAE and SE are unsmoothed; RAE, KLD and NKLD are smoothed with eps = 1/(2 sample size) on
both sides, as QuaPy does.  NRAE differs by a documented convention (README, "Conventions at
zero"): both divide RAE by its value at the perverse estimator, but symmetric smooths the
perverse prediction like any other, while QuaPy uses the closed form |C| - 1 + (1 - min p)/min p,
i.e. the perverse prediction unsmoothed; the test checks QuaPy's value is ours rescaled by
exactly that ratio.  DR and PD have no QuaPy function.
"""

from __future__ import annotations

import math
import random

import pytest
from lazy_module import Lazy
import sympy as sp

from symmetric.quantification import measures as qm
from symmetric.quantification.distributions import Distribution, epsilon_for, perverse, smooth

qp_error = Lazy("quapy.error")
np = Lazy("numpy")

SAMPLE_SIZES = (10, 100, 1000)


def _distribution(rng: random.Random, classes: int, size: int) -> Distribution:
    cuts = sorted(rng.randint(0, size) for _ in range(classes - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, size])]
    return Distribution(tuple(sp.Rational(x, size) for x in parts))


def _cases():
    rng = random.Random(13)
    out = []
    for size in SAMPLE_SIZES:
        for classes in (2, 3, 5):
            for _ in range(8):
                out.append((size, _distribution(rng, classes, size), _distribution(rng, classes, size)))
    return out


CASES = _cases()
# QuaPy's function for each measure, by name (read when a test runs: quapy is imported lazily)
ORACLE = {"AE": "ae", "NAE": "nae", "SE": "se", "RAE": "rae", "KLD": "kld", "NKLD": "nkld"}


def _array(dist: Distribution):
    return np.array([float(v) for v in dist])


def _quapy(name, size, true, predicted) -> float:
    fn = getattr(qp_error, ORACLE[name])
    if qm.get(name).smoothed:
        return float(fn(_array(true), _array(predicted), eps=float(epsilon_for(size))))
    return float(fn(_array(true), _array(predicted)))


def _ours(name, size, true, predicted) -> float:
    return float(sp.N(qm.get(name).value(true, predicted, epsilon_for(size)), 30))


@pytest.mark.parametrize("name", sorted(ORACLE))
def test_against_quapy(name):
    for size, true, predicted in CASES:
        ours, theirs = _ours(name, size, true, predicted), _quapy(name, size, true, predicted)
        assert math.isclose(ours, theirs, rel_tol=1e-9, abs_tol=1e-12), (name, size, true, predicted, ours, theirs)


def test_nrae_differs_from_quapy_by_the_smoothing_of_the_perverse_estimator():
    nrae, rae = qm.get("NRAE"), qm.get("RAE")
    differ = 0
    for size, true, predicted in CASES:
        eps = epsilon_for(size)
        ours = nrae.value(true, predicted, eps)
        smoothed_true = smooth(true, eps)
        # R at the perverse prediction: smoothed (ours) and unsmoothed (QuaPy's closed form)
        m_ours = rae.raw(smoothed_true, smooth(perverse(true), eps))
        m_quapy = rae.raw(smoothed_true, tuple(perverse(true)))
        k, low = len(true), min(smoothed_true)
        assert sp.simplify(m_quapy - (k - 1 + (1 - low) / low) / k) == 0       # the closed form
        theirs = float(qp_error.nrae(_array(true), _array(predicted), eps=float(eps)))
        assert math.isclose(float(ours * m_ours / m_quapy), theirs, rel_tol=1e-9), (true, predicted)
        differ += not math.isclose(float(ours), theirs, rel_tol=1e-9)
    assert differ > len(CASES) // 2            # the convention matters: most values differ
