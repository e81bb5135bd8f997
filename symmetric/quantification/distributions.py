"""Distributions over a codeframe C: true and predicted prevalences, smoothing, perverse estimator.

Concrete distributions are tuples of exact rationals (for tables and counterexamples).  Symbolic
work uses the per-class symbols ``p`` (true prevalence of a class), ``q`` (its predicted
prevalence), ``n`` (the cardinality |C|) and ``eps`` (the smoothing constant).  In the binary
codeframe C = {c1, c2} a distribution is fixed by the prevalence of c1: (p, 1 - p).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sympy as sp

from ..errors import InputError

# per-class symbols used by every measure term (and by user expressions)
p = sp.Symbol("p", positive=True)        # true prevalence of one class
q = sp.Symbol("q", positive=True)        # predicted prevalence of the same class
n = sp.Symbol("n", positive=True)        # |C|, the number of classes
eps = sp.Symbol("epsilon", positive=True)  # additive smoothing constant

# the codeframe sizes a per-class proof must cover when the term involves n: a sign decision for a
# positive symbol n says nothing about abs(q - p)/(n - 1), so |C| = 2 and |C| = 2 + nu, nu > 0
NU = sp.Symbol("nu", positive=True)
CODEFRAME_SIZES = (sp.Integer(2), 2 + NU)


def _exact(value) -> sp.Rational:
    if isinstance(value, float):
        # decimals as printed ("0.01"), never binary floating point
        return sp.Rational(repr(value))
    return sp.Rational(value)


@dataclass(frozen=True)
class Distribution:
    """A distribution over a codeframe: one exact prevalence per class, nonnegative, summing to 1."""

    prevalences: tuple[sp.Rational, ...]

    def __post_init__(self) -> None:
        values = tuple(_exact(v) for v in self.prevalences)
        object.__setattr__(self, "prevalences", values)
        if len(values) < 2:
            raise InputError("a codeframe has at least two classes")
        if any(v < 0 for v in values):
            raise InputError(f"prevalences must be nonnegative: {values}")
        if sum(values) != 1:
            raise InputError(f"prevalences must sum to 1, not {sum(values)}: {values}")

    @classmethod
    def of(cls, values: Iterable) -> "Distribution":
        return cls(tuple(values))

    @classmethod
    def binary(cls, first) -> "Distribution":
        first = _exact(first)
        return cls((first, 1 - first))

    def __len__(self) -> int:
        return len(self.prevalences)

    def __iter__(self):
        return iter(self.prevalences)

    def text(self) -> str:
        return "(" + ", ".join(str(v) for v in self.prevalences) + ")"

    def decimal(self, places: int = 2) -> str:
        return "(" + ", ".join(f"{float(v):.{places}f}" for v in self.prevalences) + ")"


def epsilon_for(sample_size) -> sp.Rational:
    """The smoothing constant the paper uses: eps = 1 / (2 |sigma|)."""
    size = sp.Integer(sample_size)
    if size <= 0:
        raise InputError(f"the sample size must be positive, not {sample_size}")
    return sp.Rational(1, 2 * size)


def smooth_value(value, smoothing, classes):
    """Additive smoothing of one prevalence: (eps + p) / (eps |C| + 1) (eq. 6, reconstructed)."""
    return (smoothing + value) / (smoothing * classes + 1)


def smooth(dist: Distribution, smoothing) -> tuple:
    """Every prevalence smoothed (exact when ``smoothing`` is exact)."""
    k = len(dist)
    return tuple(smooth_value(v, smoothing, k) for v in dist)


def perverse(dist: Distribution) -> Distribution:
    """The perverse estimator: all mass on (the first) class of smallest true prevalence."""
    values = dist.prevalences
    smallest = values.index(min(values))
    return Distribution(tuple(sp.Integer(1 if k == smallest else 0) for k in range(len(values))))
