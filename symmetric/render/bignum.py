"""Exact numbers too long to print (issue 27): ``(TP+FP)^{100000}`` at a table is an exact
integer of 100 000 digits; Python refuses to turn one of more than 4300 digits into a string
(and would take quadratic time to), so every renderer names such a number by its size."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import sympy as sp


BIG_DIGITS = 1000      # an exact number longer than this is named by its size, not printed


def _digits(n: int) -> int:
    return int(abs(n).bit_length() * 0.30103) + 1      # about; str() of a huge int is slow or refused


def tame(value):
    """``value`` with every integer (or numerator, denominator) of more than BIG_DIGITS digits
    replaced by a name saying its size: (TP+FP)^100000 at a table is exact but unprintable."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > BIG_DIGITS * 3.33:
        return sp.Symbol(f"<an integer of about {_digits(value)} digits>")
    if isinstance(value, Fraction) and max(abs(value.numerator), value.denominator).bit_length() > BIG_DIGITS * 3.33:
        return sp.Symbol(f"<a fraction of about {_digits(value.numerator)}/{_digits(value.denominator)} digits>")
    if isinstance(value, sp.Basic):
        try:
            small = not _has_big(value)
        except TypeError:           # an unhashable object: judged below as before
            small = False
        if small:
            return value
        big = {a: tame(int(a.p) if a.q == 1 else Fraction(int(a.p), int(a.q))) for a in value.atoms(sp.Rational)
               if max(abs(int(a.p)), int(a.q)).bit_length() > BIG_DIGITS * 3.33}
        return value.xreplace(big) if big else value
    return value


@lru_cache(maxsize=8192)      # the pages and the JSON cells print the same values again and again
def _has_big(value: sp.Basic) -> bool:
    """Does ``value`` hold a rational too long to print?  (Only a False skips the work above.)"""
    return any(max(abs(int(a.p)), int(a.q)).bit_length() > BIG_DIGITS * 3.33 for a in value.atoms(sp.Rational))

