"""Symbolic expectations over independent Bernoulli judgments, with sympy.

``bernoulli_expectation(f, p)`` sums f(z) P(Z = z) over all z in {0,1}^n for *symbolic*
probabilities p (eq. (1) literally), so a printed closed form can be compared with the definition
as a polynomial identity for a symbolic small n; the general-n argument is the per-item one
(linearity of expectation, additivity of variance for independent terms), checked separately.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

import sympy as sp


def probabilities(n: int, name: str = "p") -> tuple[sp.Symbol, ...]:
    return sp.symbols(f"{name}1:{n + 1}", real=True)


def decisions(n: int, name: str = "s") -> tuple[sp.Symbol, ...]:
    return sp.symbols(f"{name}1:{n + 1}", real=True)


def weight(z: Sequence[int], p: Sequence[sp.Expr]) -> sp.Expr:
    """P(Z = z) = prod p_i^{z_i} (1 - p_i)^{1 - z_i}."""
    return sp.Mul(*[pi if zi else 1 - pi for zi, pi in zip(z, p)])


def bernoulli_expectation(f: Callable[[tuple[int, ...]], sp.Expr], p: Sequence[sp.Expr]) -> sp.Expr:
    """E[f(Z)] for independent Z_i ~ Bernoulli(p_i), by the 2^n definition."""
    return sp.Add(*[weight(z, p) * f(z) for z in product((0, 1), repeat=len(p))])


def bernoulli_variance(f: Callable[[tuple[int, ...]], sp.Expr], p: Sequence[sp.Expr]) -> sp.Expr:
    mean = bernoulli_expectation(f, p)
    return bernoulli_expectation(lambda z: f(z) ** 2, p) - mean ** 2


def single_item_moments(term: Callable[[int], sp.Expr], p: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    """(E, var) of term(Z) for one Z ~ Bernoulli(p) -- the step behind every general-n formula
    for a sum of independent per-item terms."""
    mean = (1 - p) * term(0) + p * term(1)
    return sp.expand(mean), sp.factor((1 - p) * term(0) ** 2 + p * term(1) ** 2 - mean ** 2)
