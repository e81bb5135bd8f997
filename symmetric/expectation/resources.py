"""What an expectation would need in memory, asked before it is computed.

``expect --best`` at n = 100000 in floating point keeps the Poisson-binomial distribution of
the top k and of the rest for every k (n^2 floats, 80 GB) and evaluates the measure on a
(k+1) x (n-k+1) grid; in exact arithmetic every one of those numbers is a rational whose
denominator multiplies the denominators of all the p_i.  :func:`check_memory` estimates the
peak from n, k and the bit sizes of the p_i and refuses, with the estimate, what would not fit
(half the physical memory, or three quarters of an address-space limit set with ``ulimit -v``),
instead of failing hours in with a MemoryError or a numpy traceback.  The estimates are upper
estimates of the dominant terms, not measurements.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction

from ..errors import InputError

FLOAT_BYTES = 8
GRID_COPIES = 4             # the grid, its squared deviations, |grid|, numpy temporaries
FRACTION_OVERHEAD = 120     # a Fraction and its two ints, beyond the digits


def memory_limit() -> int:
    """Bytes an expectation may use: half the physical memory, within any ``ulimit -v``."""
    try:
        limit = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2
    except (AttributeError, ValueError, OSError):
        limit = 4 * 2 ** 30
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            limit = min(limit, soft * 3 // 4)
    except (ImportError, ValueError, OSError):
        pass
    return limit


def _bits(p: Sequence) -> int:
    """Bits of the product of the p_i's denominators (and of 1 - p_i's): the size of the
    exact weights."""
    return sum(Fraction(x).denominator.bit_length() for x in p)


def needed_bytes(p: Sequence, k: int | None, *, exact: bool) -> int:
    """The estimated peak: ``k`` decisions assigned, or None for --best (every k)."""
    n = len(p)
    if exact:
        per_number = FRACTION_OVERHEAD + _bits(p) // 4        # numerator and denominator
        numbers = (n + 1) * (n + 2) if k is None else 2 * (n + 2)
        return numbers * per_number
    half = n // 2 if k is None else k
    grid = (half + 1) * (n - half + 1) * FLOAT_BYTES * GRID_COPIES
    stored = (n + 1) * (n + 2) * FLOAT_BYTES if k is None else 2 * (n + 2) * FLOAT_BYTES
    return grid + stored


def _size(nbytes: float) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
        if nbytes < 1024 or unit == "TiB":
            return f"{nbytes:.0f} {unit}" if unit == "bytes" else f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return ""


def check_memory(p: Sequence, k: int | None, *, exact: bool, limit: int | None = None) -> None:
    """Refuse (InputError, with the estimate) a computation that would not fit in memory."""
    limit = memory_limit() if limit is None else limit
    need = needed_bytes(p, k, exact=exact)
    if need > limit:
        what = "--best" if k is None else "the expectation"
        mode = "exact" if exact else "floating-point"
        raise InputError(f"{what} for n = {len(p)} ({mode}) would need about {_size(need)} of memory, more than "
                         f"the {_size(limit)} available to it; use fewer items"
                         + (" or --assign with a given assignment" if k is None else ""))
