"""Property checkers for quantification error measures (Sebastiani, Section 3): all of them.

Every checker returns a :class:`~symmetric.evidence.PropertyResult`: ``holds`` with a
symbolic proof (sign decisions of :mod:`symmetric.checks.decide` on explicit domains, exact
identities), ``fails`` with an exact :class:`~symmetric.evidence.Counterexample` (concrete
rational prevalences, the violated relation re-checked exactly; logarithms certified with
``exact_sign``), or ``undetermined`` with the reason.  Numeric search is only used to *find*
candidate counterexamples, never as proof.

The checkers live in one module per job: :mod:`.domains` (the domains and the sign decisions
on them), :mod:`.search` (the certified grid searches), :mod:`.identity` (IoI, NN),
:mod:`.maximum` (MAX, the perverse estimator), :mod:`.independence` (IND), :mod:`.binary`
(B-MON, B-IMP, B-REL, B-ABS).  This module runs them all and lifts the binary forms.

Reconstructed statements (the paper's formulas were lost from the text):

* binary codeframe C = {c1, c2}; p = p(c1) true, q = p^(c1) predicted; E(q, p) the measure;
* B-MON: p <= q'' < q' or q' < q'' <= p  implies  E(q', p) > E(q'', p);
* B-IMP: E(p + a, p) = E(p - a, p) whenever both predictions lie in (0, 1);
* B-REL: 0 < p' < p'' <= 1/2 (c1 the less prevalent class in both), a > 0, the same sign s:
  E(p' + s a, p') > E(p'' + s a, p'');  B-ABS: the same premises give equality;
* MON, IMP, REL, ABS follow from IND and their binary forms (Section 3.2), and fail as soon as
  the binary form fails (a binary codeframe is a codeframe); without IND, MON, IMP and ABS are
  decided on the per-class term for every codeframe (:mod:`.multiclass`, which states them);
* IoI, NN, IND and MAX are stated for every codeframe.

Smoothing: the smoothing map x -> (eps + x)/(eps |C| + 1) is strictly increasing and affine, so
it preserves order, sides and equal offsets; the binary checks are therefore made on the
unsmoothed formula over the open square 0 < p, q < 1, which contains the smoothed image.
MAX is the exception: without smoothing KLD and PD are unbounded, so maxima are computed with
the smoothing constant.
"""

from __future__ import annotations

from dataclasses import replace

from ..certificate import all_of
from ..evidence import CaseStep, as_sentence, proved_step
from ..logic import Verdict
from ..evidence import PropertyResult
from .binary import check_bimp, check_bmon, check_brel_babs
from .domains import ABOVE, BELOW, GENERAL, IMPARTIAL, OVER, UNDER, a, outer_increasing, resolve
from .identity import check_ioi_nn
from .independence import check_ind
from .maximum import binary_maximum, check_max, convex_in_prediction, perverse_is_worst, vertex_gain
from .measures import R, QuantMeasure
from .memo import per_measure, result
from . import multiclass

# the names callers import from here (the checkers, the domains and the maximum's helpers live in
# their own modules)
__all__ = ["PROPERTY_ORDER", "check_all", "check_ioi_nn", "check_max", "check_ind", "check_bmon", "check_bimp",
           "check_brel_babs", "ABOVE", "BELOW", "GENERAL", "IMPARTIAL", "OVER", "UNDER", "a", "resolve",
           "binary_maximum", "convex_in_prediction", "perverse_is_worst", "vertex_gain", "PropertyResult"]

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED

PROPERTY_ORDER = ("IoI", "NN", "MAX", "MON", "IMP", "REL", "ABS", "IND",
                  "B-MON", "B-IMP", "B-REL", "B-ABS")


def _lift(name: str, binary: PropertyResult, ind: PropertyResult, measure: QuantMeasure) -> PropertyResult:
    """MON, IMP, REL, ABS from their binary forms: a binary failure is a failure (a binary
    codeframe is a codeframe); a binary proof is a proof only together with IND (Section 3.2)."""
    if binary.verdict is FAILS:
        return result(name, measure, FAILS, binary.proof, binary.counterexample,
                      f"{binary.property} fails, and a binary codeframe is a codeframe")
    if binary.verdict is HOLDS and ind.verdict is HOLDS:
        line = as_sentence(f"IND holds and {binary.property} holds; by Section 3.2 {name} is equivalent to "
                           f"{binary.property} under IND.")
        # the lift rests on IND's proof too: its certificates travel with this line
        ind_certificates = [s.certificate for s in ind.proof if isinstance(s, CaseStep)]
        if ind_certificates and all(c is not None for c in ind_certificates):
            line = proved_step(line, all_of(ind_certificates), case="IND", how="IND's proof")
        return result(name, measure, HOLDS, (line,) + binary.proof)
    # without IND the lift says nothing: the per-class term may still settle the statement on
    # every codeframe (symmetric/quantification/multiclass.py)
    direct = multiclass.decide(measure, name)
    if direct is not None:
        return direct
    return result(name, measure, UNDET, reason=f"{binary.property}: {binary.verdict.value}; IND: {ind.verdict.value}; "
                  "no per-class argument for every codeframe")


def _binary_from_multiclass(bmon: PropertyResult, measure: QuantMeasure) -> PropertyResult:
    """B-MON is MON on the binary codeframe: a per-class proof of MON for every codeframe (|C| = 2
    among them) proves it where the derivative of the binary sum was not decided."""
    direct = multiclass.decide(measure, "MON")
    if direct is None:
        return bmon
    return result("B-MON", measure, HOLDS, (as_sentence(
        "B-MON is MON on the binary codeframe (|C| = 2, c2 the other class), proved for every codeframe:"),)
        + direct.proof)


def check_all(measure: QuantMeasure, smoothing=None) -> dict[str, PropertyResult]:
    """Every property of Table 1 and the binary ones, keyed by short name (cached on the
    measure's mathematics: measures are immutable, and the smoothing constant only matters to
    smoothed measures)."""
    return _check_all(measure, smoothing if measure.smoothed else None)


@per_measure
def _check_all(measure: QuantMeasure, smoothing) -> dict[str, PropertyResult]:
    if not measure.uses_maximum and measure.outer != R and outer_increasing(measure):
        # E = f(R) with f strictly increasing, f(0) = 0, f free of p: every property but MAX
        # is decided on R alone (orders, equalities and zeros are preserved by f)
        base = check_all(replace(measure, outer=R), smoothing)
        lifted = {k: replace(v, measure=measure.name, proof=(as_sentence(
            f"E is a strictly increasing function of R with value 0 at 0, not depending on the "
            f"distributions: {k} for E is {k} for R."),) + v.proof) for k, v in base.items() if k != "MAX"}
        lifted["MAX"] = check_max(measure, smoothing)
        return {k: lifted[k] for k in PROPERTY_ORDER}
    ioi, nn = check_ioi_nn(measure)
    ind = check_ind(measure)
    bmon, bimp = check_bmon(measure), check_bimp(measure)
    if bmon.verdict is UNDET:
        bmon = _binary_from_multiclass(bmon, measure)
    brel, babs = check_brel_babs(measure)
    results = {"IoI": ioi, "NN": nn, "MAX": check_max(measure, smoothing),
               "MON": _lift("MON", bmon, ind, measure), "IMP": _lift("IMP", bimp, ind, measure),
               "REL": _lift("REL", brel, ind, measure), "ABS": _lift("ABS", babs, ind, measure),
               "IND": ind, "B-MON": bmon, "B-IMP": bimp, "B-REL": brel, "B-ABS": babs}
    return {k: results[k] for k in PROPERTY_ORDER}
