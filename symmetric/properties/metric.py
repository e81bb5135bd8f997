"""DIST: the measure turned into a dissimilarity, d = 1 - M (d = M for a lower-is-better
measure), is a metric on the labelings of a set of items (Gosgens et al. 2021, 'distance').

Two labelings A (the truth) and B (the prediction) of n items give the table (TP, FP, FN, TN);
d(A, B) is d at that table.  A metric needs d >= 0, d = 0 exactly when A = B (FP = FN = 0),
symmetry d(A, B) = d(B, A) (FP <-> FN) and the triangle inequality d(A, C) <= d(A, B) + d(B, C).
Three labelings are described, up to a permutation of the items, by how many items carry each of
the 8 label triples; every such configuration with n <= :data:`MAX_ITEMS` is searched (floats
select candidates, each is re-checked exactly).  There is no general symbolic proof here: a
certain violation is ``fails`` with its labelings' tables, otherwise ``undetermined`` naming the
search.  Never ``holds`` on enumeration alone.
"""

from __future__ import annotations

import itertools

import sympy as sp

from ..checks.decide import exact_sign
from ..evidence import PropertyResult
from ..measures.base import Measure
from .sebastiani.common import FAILS, UNDET, at_params, compose, counterexample, exact, result, table
from .tables import fast_value, param_grid, tables

MAX_ITEMS = 8
_TYPES = tuple(itertools.product((1, 0), repeat=3))       # the labels (A, B, C) of one item


def configurations(n: int):
    """Every way of putting n items into the 8 label types (counts per type)."""
    for cut in itertools.combinations(range(n + 7), 7):
        bounds = (-1, *cut, n + 7)
        yield tuple(bounds[k + 1] - bounds[k] - 1 for k in range(8))


def pair_table(counts, x: int, y: int) -> tuple[int, int, int, int]:
    """The table of labeling ``x`` (truth) against ``y`` (prediction), 0, 1, 2 for A, B, C."""
    cells = [0, 0, 0, 0]
    for (labels, c) in zip(_TYPES, counts):
        a, b = labels[x], labels[y]
        cells[(0 if b else 2) if a else (1 if b else 3)] += c
    return tuple(cells)


def _d(measure, value):
    return value if measure.orientation < 0 else 1 - value


def _fail(measure, name, params, named: dict, values: dict, why: str) -> PropertyResult:
    parts = []
    for k, t in named.items():
        parts += [f"{', ' if parts else ''}{k} = ", table(t)]
    return result(measure, name, FAILS, (compose(*parts, *at_params(params), f": {why} (exact)."),),
                  counterexample(why, params, named, values))


def _pairs(measure: Measure, name: str, params, strict: bool) -> PropertyResult | None:
    """d >= 0, d = 0 exactly at FP = FN = 0, and symmetry, on every table with |D| <= MAX_ITEMS."""
    for t in tables(MAX_ITEMS, degenerate=True):
        v = exact(measure, t, params)
        if v is None:
            if strict:
                return _fail(measure, name, params, {"(A,B)": t}, {"(A,B)": None}, "d undefined")
            continue
        d = _d(measure, v)
        sign = exact_sign(d)
        equal = t[1] == 0 and t[2] == 0
        if sign is not None and (sign < 0 or (sign == 0) != equal):
            why = "d(A, B) < 0" if sign < 0 else ("d(A, A) != 0" if equal else "d(A, B) = 0 with A != B")
            return _fail(measure, name, params, {"(A,B)": t}, {"(A,B)": v}, why)
        u = (t[0], t[2], t[1], t[3])
        w = exact(measure, u, params)
        if (w is None) != (v is None) and strict or w is not None and exact_sign(w - v) in (1, -1):
            return _fail(measure, name, params, {"(A,B)": t, "(B,A)": u}, {"(A,B)": v, "(B,A)": w},
                         "d(A, B) != d(B, A)")
    return None


def _triangles(measure: Measure, name: str, params, strict: bool) -> PropertyResult | None:
    for n in range(1, MAX_ITEMS + 1):
        for counts in configurations(n):
            ts = [pair_table(counts, x, y) for x, y in ((0, 1), (1, 2), (0, 2))]
            fast = [fast_value(measure, t, params) for t in ts]
            if None not in fast:
                ab, bc, ac = (_d(measure, v) for v in fast)
                if ac <= ab + bc - 1e-9:
                    continue
            values = [exact(measure, t, params) for t in ts]
            names = ("(A,B)", "(B,C)", "(A,C)")
            if None in values:
                if strict:
                    return _fail(measure, name, params, dict(zip(names, ts)), dict(zip(names, values)),
                                 "d undefined")
                continue
            ab, bc, ac = (_d(measure, v) for v in values)
            if exact_sign(sp.nsimplify(ab + bc - ac) if (ab + bc - ac).is_Float else ab + bc - ac) == -1:
                return _fail(measure, name, params, dict(zip(names, ts)), dict(zip(names, values)),
                             "d(A, C) > d(A, B) + d(B, C)")
    return None


def check_distance(measure: Measure, definedness: str = "defined") -> PropertyResult:
    strict = definedness == "strict"
    name = "DIST"
    for params in param_grid(measure):
        found = _pairs(measure, name, params, strict) or _triangles(measure, name, params, strict)
        if found is not None:
            return found
    return result(measure, name, UNDET, (), reason=f"no violation of the metric axioms among all labelings of at "
                  f"most {MAX_ITEMS} items (every triple, up to a permutation of the items); no general proof "
                  "(distance is only ever refuted here)")
