"""QuaPy's error functions that are not catalogue measures, and why (README, "The measure
catalogue"): a catalogue quantification measure is E = outer(sum over the classes of
t(p(c), p^(c), |C|)), a function of the two distributions only, the same whichever order the
classes are listed in.

* MD/NMD (match distance) sums |cumulative true - cumulative predicted prevalence| over the
  classes in their order: ordinal, so it changes when the classes are reordered; on two classes
  it is exactly AE (which is in the catalogue);
* SRE needs a third distribution (the training prevalences);
* bias_binary is a signed difference (negative for an underestimate): not an error measure.
"""

from __future__ import annotations

import itertools
import math

from lazy_module import Lazy
import sympy as sp

from symmetric.quantification import measures as qm
from symmetric.quantification.distributions import Distribution

qp_error = Lazy("quapy.error")
np = Lazy("numpy")

GRID = [sp.Rational(k, 10) for k in range(11)]


def _a(values):
    return np.array([float(v) for v in values])


def test_match_distance_on_two_classes_is_ae():
    ae = qm.get("AE")
    for p1, q1 in itertools.product(GRID, GRID):
        true, predicted = Distribution.binary(p1), Distribution.binary(q1)
        ours = float(ae.value(true, predicted))
        for fn in (qp_error.md, qp_error.nmd):
            assert math.isclose(float(fn(_a(true), _a(predicted))), ours, abs_tol=1e-12), (p1, q1, fn)


def test_match_distance_depends_on_the_order_of_the_classes_every_catalogue_measure_does_not():
    true = Distribution.of((sp.Rational(1, 2), sp.Rational(3, 10), sp.Rational(1, 5)))
    predicted = Distribution.of((sp.Rational(1, 5), sp.Rational(3, 10), sp.Rational(1, 2)))
    order = (0, 2, 1)
    swapped_true = Distribution.of(tuple(true.prevalences[i] for i in order))
    swapped_predicted = Distribution.of(tuple(predicted.prevalences[i] for i in order))
    md = [float(qp_error.md(_a(t), _a(p))) for t, p in ((true, predicted), (swapped_true, swapped_predicted))]
    assert not math.isclose(md[0], md[1])                       # 0.6 against 0.3
    eps = sp.Rational(1, 20)
    for m in qm.CATALOGUE:
        assert sp.simplify(m.value(true, predicted, eps) - m.value(swapped_true, swapped_predicted, eps)) == 0, m.name


def test_binary_bias_is_signed():
    half = _a((sp.Rational(1, 2), sp.Rational(1, 2)))
    under = qp_error.bias_binary(_a((sp.Rational(3, 10), sp.Rational(7, 10))), half)
    over = qp_error.bias_binary(_a((sp.Rational(7, 10), sp.Rational(3, 10))), half)
    assert math.isclose(under, -0.2) and math.isclose(over, 0.2)
