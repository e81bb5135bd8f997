"""Prevalences 0 and 1 for user measures.

The symbolic checks work on 0 < p, q < 1, but a class may be absent (prevalence 0) in a true
or predicted distribution.  p (1 - p) (q - p)^2 is positive off the diagonal inside the square
and yet is 0 for every prediction when the true distribution is (1, 0).  This module looks for
exact witnesses on the edges of the binary codeframe (p(c1) or p^(c1) in {0, 1}) where E is
defined, and states the scope of the proofs that remain.
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from ..checks.decide import exact_sign
from ..config import settings
from ..evidence import as_sentence
from ..logic import Verdict
from ..evidence import PropertyResult
from .distributions import Distribution
from .identity import sign_witness
from .measures import QuantMeasure

# the open square is named in words (as the domains' names are): "0 < p, q < 1"
SCOPE = as_sentence("Proved for prevalences 0 < p, q < 1; a class with prevalence 0 or 1 is covered only by "
                    "the exact search on the edges of the binary codeframe (no witness found there).")


def _edge_points():
    den = settings().quant_edge_grid
    grid = [sp.Rational(k, den) for k in range(0, den + 1)]
    for true_first in grid:
        for predicted_first in grid:
            if {true_first, predicted_first} & {0, 1}:
                yield true_first, predicted_first


def _value(measure: QuantMeasure, true_first, predicted_first):
    """E exactly, or None where it is not a finite real number (0 log 0, x/0)."""
    try:
        value = measure.value(Distribution.binary(true_first), Distribution.binary(predicted_first))
    except (ZeroDivisionError, ValueError):
        return None
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or value.is_extended_real is not True:
        return None
    return value


def edge_witnesses(measure: QuantMeasure) -> dict[str, PropertyResult]:
    """IoI / NN refutations found on the edges (exact signs only)."""
    found: dict[str, PropertyResult] = {}
    if measure.smoothed:      # smoothing maps every prevalence into the open interval
        return found
    for true_first, predicted_first in _edge_points():
        value = _value(measure, true_first, predicted_first)
        sign = exact_sign(value) if value is not None else None
        if sign is None:
            continue
        cx = sign_witness(true_first, predicted_first, value, sign)
        diagonal = true_first == predicted_first
        # IoI: E = 0 exactly at the perfect predictions (a negative E refutes NN, not IoI)
        if "IoI" not in found and (sign != 0 if diagonal else sign == 0):
            found["IoI"] = PropertyResult("IoI", measure.name, Verdict.FAILS, (), cx, (
                "E is not 0 at a perfect prediction" if diagonal else
                "E = 0 at a prediction different from the truth") + " (a class with prevalence 0 or 1)")
        if "NN" not in found and sign < 0:
            found["NN"] = PropertyResult("NN", measure.name, Verdict.FAILS, (), cx,
                                         "E < 0 (a class with prevalence 0 or 1)")
    return found


def with_endpoints(measure: QuantMeasure, results: dict[str, PropertyResult]) -> dict[str, PropertyResult]:
    """Results for a user measure with the edge witnesses applied and the scope stated on every
    proof.  A refutation already found stands (it is exact wherever it lies)."""
    edges = edge_witnesses(measure)
    out = {}
    for name, result in results.items():
        if name in edges and result.verdict is not Verdict.FAILS:
            out[name] = edges[name]
        elif result.verdict is Verdict.HOLDS:
            out[name] = replace(result, proof=result.proof + (SCOPE,))
        else:
            out[name] = result
    return out
