"""The immutable description of an evaluation measure.

A measure is defined once: in *count form* (TP, FP, FN, TN and parameters; piecewise
definitions and values stipulated at 0/0 allowed via ``sympy.Piecewise``) and/or in
*probability form* (the unevaluated atoms of :mod:`symmetric.space`).  Whichever form is
not given is derived: ``counts`` from ``probs`` by Table 1 (``space.to_counts``), ``probs``
from ``counts`` by TP = |T| P(S and G), ... (``space.counts_to_joint``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import sympy as sp

from .. import space


@dataclass(frozen=True)
class Param:
    """A measure parameter with its open domain (low, high) and a default for tables."""

    symbol: sp.Symbol
    low: object = 0
    high: object = sp.oo
    default: object = None
    description: str = ""

    def interval(self) -> tuple[sp.Symbol, object, object]:
        return (self.symbol, self.low, self.high)

    def sample_values(self) -> tuple[sp.Rational, ...]:
        """A few exact values inside the domain (used for exhaustive searches and tables)."""
        low, high = sp.sympify(self.low), sp.sympify(self.high)
        if high is sp.oo:
            base = low if low.is_finite else 0
            return tuple(base + sp.Rational(k) for k in (sp.Rational(1, 4), 1, 4))
        width = high - low
        return tuple(low + width * f for f in (sp.Rational(1, 10), sp.Rational(1, 2), sp.Rational(9, 10)))


@dataclass(frozen=True)
class Measure:
    """An evaluation measure.  ``orientation`` is +1 when higher is better, -1 when lower is."""

    name: str
    title: str
    counts: sp.Expr | None = None
    probs: sp.Expr | None = None
    params: tuple[Param, ...] = ()
    orientation: int = 1
    source: str = ""
    aliases: tuple[str, ...] = ()
    notes: str = ""
    count_scale: sp.Expr = sp.Integer(1)   # counts == count_scale * to_counts(probs)
    latex_name: str = ""
    # An order-equivalent form: the measure is a strictly increasing function of ``rank_probs``
    # (stated in ``notes``).  Comparisons (strict monotonicity) may use it where it is defined,
    # because it is rational where the measure itself involves roots or logarithms.
    rank_probs: sp.Expr | None = None
    rank_counts: sp.Expr | None = None
    extra: tuple[tuple[str, object], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.counts is None and self.probs is None:
            raise ValueError(f"measure {self.name!r} needs a count form or a probability form")

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def count_form(self) -> sp.Expr:
        """The measure in TP, FP, FN, TN (+ parameters)."""
        if self.counts is not None:
            return self.counts
        return sp.cancel(space.to_counts(self.probs)) * self.count_scale

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def prob_form(self) -> sp.Expr:
        """The measure in the atoms of the probability space (may contain |T| = n)."""
        if self.probs is not None:
            return self.probs
        return space.counts_to_joint(self.counts)

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def joint_form(self) -> sp.Expr:
        """The measure in g, s, j (and n when the count form is not scale-free)."""
        return space.to_joint(self.prob_form)

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def order_form(self) -> sp.Expr | None:
        """Count form of the order-equivalent expression, when the measure has one."""
        if self.rank_counts is not None:
            return self.rank_counts
        if self.rank_probs is not None:
            return sp.cancel(space.to_counts(self.rank_probs))
        return None

    @property
    def param_symbols(self) -> tuple[sp.Symbol, ...]:
        return tuple(p.symbol for p in self.params)

    def noninformative(self) -> sp.Expr:
        """The measure of a non-informative output, in g = P(G), s = P(S) (and n if present)."""
        return space.to_noninformative(self.prob_form)

    def evaluate(self, tp, fp, fn, tn, **params) -> sp.Expr:
        """Exact value at a contingency table (sympy number; ``nan``/``zoo`` when undefined)."""
        values = {space.TP: sp.Integer(tp), space.FP: sp.Integer(fp),
                  space.FN: sp.Integer(fn), space.TN: sp.Integer(tn)}
        for p in self.params:
            if p.symbol.name in params:
                values[p.symbol] = sp.sympify(params[p.symbol.name])
        return self.count_form.subs(values)

    def display_name(self) -> str:
        return self.latex_name or self.name
