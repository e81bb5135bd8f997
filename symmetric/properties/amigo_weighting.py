"""Absolute Weighting (AW) in the readings it shares with NIGQ: ``definedness`` (``defined`` |
``strict``) and ``test-sets`` (``nondegenerate`` | ``all``).

The threshold argument of :func:`.amigo_noninformative.absolute_weighting` is made on the
interior 0 < P(G), P(S) < 1 and compares defined scores: it decides the headline reading
(defined, nondegenerate).  The other readings only add requirements, so

* a failure in the headline reading is a failure in every reading (its counterexample consists
  of defined outputs of a nondegenerate test set);
* ``strict``: a non-informative output without a score (found exactly among the small tables)
  is a failure; a headline proof stands only with a proof that every non-informative output in
  scope has a score (:func:`symmetric.checks.cases.definedness` on each family of outputs);
* ``all``: on a test set with one class empty every output is non-informative and the
  threshold on P(G) is read at P(G) = 0 or 1; no general argument is made there, so a headline
  proof gives no verdict (undetermined, saying so), never a ``holds``.
"""

from __future__ import annotations

import sympy as sp

from ..checks.cases import definedness as defined_on
from ..config import settings
from ..evidence import ContingencyTable, PropertyResult, say
from ..logic import Verdict
from ..measures.base import Measure
from ..domain import InternalSymbol
from ..space import CELLS
from . import amigo_readings as readings
from .amigo_noninformative import absolute_weighting as headline_weighting
from .tables import exact_value, noninformative_tables, param_grid

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED
_W, _X, _Y, _Z = (InternalSymbol(name, positive=True) for name in "wxyz")

# the non-informative outputs (TP TN = FP FN) of a test set, as families of cells: the interior
# ones (within all-positive cells), the empty and the full output; with one class empty, every output
NONDEGENERATE_FAMILIES = ((_W, _X, _Y, _Z), (0, 0, _Y, _Z), (_W, _X, 0, 0))
DEGENERATE_FAMILIES = ((0, _X, 0, _Z), (0, _X, 0, 0), (0, 0, 0, _Z), (_W, 0, _Y, 0), (_W, 0, 0, 0), (0, 0, _Y, 0))


def _undefined_output(measure: Measure, degenerate: bool):
    """(table, params) of a non-informative output without a score among the small tables, or None."""
    for params in param_grid(measure):
        for t in noninformative_tables(settings().noninformative_search_n, degenerate=degenerate):
            if exact_value(measure, t, params) is None:
                return t, params
    return None


def _every_output_defined(measure: Measure, degenerate: bool):
    """(True, why) when every non-informative output in scope provably has a score, else (None, why)."""
    domain = readings.parameter_domain(measure)
    families = NONDEGENERATE_FAMILIES + (DEGENERATE_FAMILIES if degenerate else ())
    for cells in families:
        ok, why = defined_on(measure.count_form, domain, dict(zip(CELLS, map(sp.sympify, cells))))
        if ok is not True:
            return None, f"the outputs {ContingencyTable(*cells)} are not shown to have a score ({why})"
    return True, "every non-informative output in scope has a score (every denominator non-zero, every root and " \
                 "log argument in range)"


def absolute_weighting(measure: Measure, definedness: str = "defined", test_sets: str = "nondegenerate") \
        -> PropertyResult:
    strict, degenerate = definedness == "strict", test_sets == "all"
    if strict:
        found = _undefined_output(measure, degenerate)
        if found is not None:
            t, params = found
            line, cx = readings.refutation(("undefined", params, t, None, None, None))
            return PropertyResult("AW", measure.name, FAILS, (line,), cx, "a non-informative output has no score")
    result = headline_weighting(measure)
    if result.verdict is not HOLDS or not (strict or degenerate):
        return result
    proof = list(result.proof)
    if strict:
        ok, why = _every_output_defined(measure, degenerate)
        proof.append(say(f"Strict reading: {why}."))
        if ok is not True:
            return PropertyResult("AW", measure.name, UNDET, tuple(proof), reason="the threshold holds where the "
                                  "measure is defined; not every non-informative output is shown to have a score")
    if degenerate:
        proof.append(say("Test sets with one class empty: every output is non-informative and the threshold is "
                         "read at P(G) = 0 or 1; no argument is made there."))
        return PropertyResult("AW", measure.name, UNDET, tuple(proof), reason="the threshold holds on test sets "
                              "with both classes; not decided on test sets with one class empty")
    return PropertyResult("AW", measure.name, HOLDS, tuple(proof), reason=result.reason, data=result.data)
