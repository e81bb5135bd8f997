"""``symmetric synthesize P1 P2 ...``: a measure with all the properties, searched in a stated
grammar and proved by the checker driver.

Grammar: linear-fractional measures (a TP + b FP + c FN + d TN + e) / (f TP + g FP + h FN + i TN + j)
with integer numerator coefficients in [-K, K] and denominator coefficients in [0, K] (so the
denominator's sign is known on tables), enumerated by total size |a| + ... + |j|.

Each candidate is first filtered on the grid (its exact values on the tables up to N must satisfy
every instance of the properties, :mod:`.encode`, z3 only for the properties' own unknowns), then
decided by :func:`symmetric.properties.driver.decide` in the same reading (the grid is the
guidance: a candidate reaches the checkers only when no small table refutes it; a checker's
refutation grows the grid to its counterexample's tables, up to |D| = 5, so that the later candidates
it also refutes stop at the filter).  The answer is a measure whose every property is ``holds`` (a proof), or
"none in this grammar" among the candidates tried (a bounded search, not an impossibility).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

import sympy as sp

from ..space import CELLS

TP, FP, FN, TN = CELLS
MAX_GRID = 5        # the grid a counterexample can grow the filter to (instances grow fast beyond)


@dataclass(frozen=True)
class Synthesis:
    properties: tuple[str, ...]
    found: str | None                     # the formula, or None
    tried: int                            # candidates enumerated
    filtered: int                         # rejected on the grid (or on a stored counterexample table)
    refuted: tuple[tuple[str, str], ...]  # (candidate, property) refuted by the driver
    proofs: tuple[tuple[str, str], ...] = field(default_factory=tuple)   # (property, verdict) of the one found
    bound: int = 3
    max_coef: int = 1

    def to_json(self) -> dict:
        return {"properties": list(self.properties), "verdict": "found" if self.found else "none",
                "measure": self.found, "verdicts": dict(self.proofs),
                "grammar": f"linear-fractional, numerator coefficients in [-{self.max_coef}, {self.max_coef}], "
                           f"denominator coefficients in [0, {self.max_coef}]",
                "tried": self.tried, "filtered_on_the_grid": self.filtered,
                "refuted_by_the_driver": [{"candidate": c, "property": p} for c, p in self.refuted],
                "bound": {"max_n": self.bound}}

    def lines(self) -> list[str]:
        out = [f"synthesize {' '.join(self.properties)}  [linear-fractional, coefficients up to {self.max_coef}; "
               f"grid: tables with |D| <= {self.bound}]"]
        if self.found:
            out.append(f"found: M = {self.found}")
            out += [f"  {p}: {v}" for p, v in self.proofs]
        else:
            out.append(f"none in this grammar among the {self.tried} candidates tried")
        out.append(f"({self.tried} candidates, {self.filtered} rejected on the grid, {len(self.refuted)} refuted by "
                   "the checkers)")
        return out


def candidates(k: int):
    """(numerator, denominator) coefficient tuples, smallest total size first."""
    nums = [c for c in itertools.product(range(-k, k + 1), repeat=5) if any(c)]
    dens = [c for c in itertools.product(range(0, k + 1), repeat=5) if any(c)]
    pairs = sorted(itertools.product(nums, dens), key=lambda nd: (sum(map(abs, nd[0])) + sum(nd[1]), nd))
    return pairs


def expression(num, den) -> sp.Expr:
    cells = (TP, FP, FN, TN, sp.Integer(1))
    return sp.Add(*(c * x for c, x in zip(num, cells))) / sp.Add(*(c * x for c, x in zip(den, cells)))


def _value(coeffs, t) -> Fraction | None:
    num, den = coeffs
    d = sum(c * x for c, x in zip(den, (*t, 1)))
    if d == 0:
        return None
    return Fraction(sum(c * x for c, x in zip(num, (*t, 1))), d)


def _grid(coeffs, tables, partial: bool) -> dict | None:
    from .encode import defined, value
    out = {}
    for t in tables:
        v = _value(coeffs, t)
        if v is None:
            if not partial:
                return None
            out[defined(t)] = False
            continue
        out[value(t)] = v
        if partial:
            out[defined(t)] = True
    return out


def synthesize(names, given=(), bound: int = 3, max_coef: int = 1, limit: int = 5000, time_limit=30) -> Synthesis:
    from ..measures.base import Measure
    from ..properties.driver import decide
    from ..properties.tables import tables as all_tables
    from .decide import first_measure
    from .encode import instances
    from .run import properties, readings
    props = properties(names)
    reading = readings(props, given)
    partial = reading["definedness"] == "defined"
    insts = [i for p in props for i in instances(p, reading, bound)]
    grid = list(all_tables(bound, degenerate=reading["test-sets"] == "all"))
    tried = filtered = 0
    refuted = []
    for num, den in candidates(max_coef):
        if tried >= limit:
            break
        tried += 1
        vals = _grid((num, den), grid, partial)
        if vals is None or first_measure([("candidate", vals)], insts, (), bound) is None:
            filtered += 1
            continue
        expr = expression(num, den)
        m = Measure(name="Synth", title="synthesized", counts=expr)
        verdicts = []
        for p in props:
            r = decide(m, p, _reading_of(p, reading), time_limit=time_limit)
            verdicts.append((p.name, r.verdict.value))
            if r.verdict.value != "holds":
                refuted.append((str(expr), p.name))
                # the counterexample guides: the grid grows to its tables (at most MAX_GRID), so the
                # later candidates it also refutes stop at the filter
                size = max((sum(t) for _, t in (r.counterexample.tables if r.counterexample else ())), default=0)
                if bound < size <= MAX_GRID:
                    bound = size
                    insts = [i for q in props for i in instances(q, reading, bound)]
                    grid = list(all_tables(bound, degenerate=reading["test-sets"] == "all"))
                break
        else:
            return Synthesis(tuple(p.name for p in props), str(expr), tried, filtered, tuple(refuted),
                             tuple(verdicts), bound, max_coef)
    return Synthesis(tuple(p.name for p in props), None, tried, filtered, tuple(refuted), (), bound, max_coef)


def _reading_of(p, reading: dict):
    """The property's reading with the theory's choices on its axes (definedness included)."""
    choices = dict(p.headline.choices)
    for axis in choices:
        if axis in reading:
            choices[axis] = reading[axis]
    for r in p.readings():
        if dict(r.choices) == choices:
            return r
    return p.headline
