"""Tables on and around the edges of a measure's branches, for the exhaustive searches.

The searches enumerate every table up to a small size.  A ``cases(...)`` condition such as
``FP > 9`` (or a narrow band ``PP/n > 1/2 and PP/n < 51/100``) changes branch only beyond that
size, so the branch behind it would never be evaluated and a property could be "proved"
without its counterexample ever being looked at.  :func:`edge_tables` adds, for every branch
condition that is polynomial in the cells, the tables just below, on and just above its edge:
starting from every small table (cells 0, 1, 2), each cell in turn is moved to where the
condition's polynomial changes sign (solved exactly when it is linear in that cell).  These
are candidates only: every table found is evaluated exactly by the search that uses it.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy as sp

from ..measures.base import Measure
from ..space import CELLS

Table = tuple[int, int, int, int]

_BASE_VALUES = (0, 1, 2)
_MAX_CELL = 10**4          # a table bigger than this is left to the proofs
_MAX_TABLES = 600


def _relations(expr: sp.Basic) -> list:
    found = []
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Piecewise):
            for _, condition in node.args:
                found += [r for r in sp.preorder_traversal(sp.sympify(condition))
                          if isinstance(r, sp.core.relational.Relational)]
    return list(dict.fromkeys(found))


def _edge_polynomials(expr: sp.Basic) -> list[sp.Expr]:
    """The numerators of lhs - rhs of every branch relation, when they are polynomials in the cells."""
    out = []
    for rel in _relations(expr):
        try:
            num = sp.numer(sp.together(rel.lhs - rel.rhs))
        except (sp.PolynomialError, ValueError, TypeError):
            continue
        if num.free_symbols and num.free_symbols <= set(CELLS) and num.is_polynomial(*CELLS):
            out.append(sp.expand(num))
    return list(dict.fromkeys(out))


def _crossings(poly: sp.Expr, cell: sp.Symbol, base: dict) -> list[int]:
    """Integer values of ``cell`` around the root of ``poly`` (the other cells as in ``base``),
    when it is linear in ``cell``."""
    e = sp.expand(poly.xreplace({c: v for c, v in base.items() if c is not cell}))
    if not e.has(cell):
        return []
    try:
        coeffs = sp.Poly(e, cell).all_coeffs()
    except sp.PolynomialError:
        return []
    if len(coeffs) != 2 or not all(c.is_Rational for c in coeffs):
        return []
    root = -coeffs[1] / coeffs[0]
    low = int(sp.floor(root))
    return [v for v in range(low - 1, low + 3) if 0 <= v <= _MAX_CELL]


@lru_cache(maxsize=256)
def _edge_tables(expr: sp.Basic) -> tuple[Table, ...]:
    polys = _edge_polynomials(expr)
    if not polys:
        return ()
    found: dict[Table, None] = {}
    for values in itertools.product(_BASE_VALUES, repeat=4):
        base = dict(zip(CELLS, values))
        for poly in polys:
            for k, cell in enumerate(CELLS):
                for v in _crossings(poly, cell, base):
                    t = values[:k] + (v,) + values[k + 1:]
                    if sum(t) > 0:
                        found.setdefault(t, None)
                        if len(found) >= _MAX_TABLES:
                            return tuple(found)
    return tuple(found)


def edge_tables(measure: Measure, params: dict | None = None) -> tuple[Table, ...]:
    """Tables on and around every branch edge of the measure (parameters fixed to ``params``)."""
    form = measure.count_form
    if params:
        form = form.xreplace({sp.Symbol(str(k)) if isinstance(k, str) else k: v for k, v in params.items()})
    if not form.has(sp.Piecewise):
        return ()
    return _edge_tables(form)
