"""What the lewis95 derivations share: the size of the symbolic test sets, the loss matrix's m,
the 0.975 normal quantile, exact reading of printed decimals and threshold intervals as sets.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from symmetric.expectation.measures import l11, l12, l21, l22


PAPER = "lewis95"
N_SYMBOLIC = 3                      # size of the symbolic test sets
m_loss = l11 - l12 - l21 + l22      # the paper's m
Z95 = sp.sqrt(2) * sp.erfinv(sp.Rational(19, 20))   # the 0.975 quantile of N(0, 1)


def Q(text: str) -> Fraction:
    """A printed decimal read exactly."""
    return Fraction(text)


def threshold_set(intervals) -> sp.Set:
    """Threshold intervals [lo, hi) (or [lo, 1] when hi is None) as one sympy set, unmerged."""
    if not intervals:
        return sp.S.EmptySet
    pieces = [sp.Interval.Ropen(sp.Rational(lo), sp.Rational(hi)) if hi is not None
              else sp.Interval(sp.Rational(lo), 1) for lo, hi in intervals]
    return pieces[0] if len(pieces) == 1 else sp.Union(*pieces, evaluate=False)
