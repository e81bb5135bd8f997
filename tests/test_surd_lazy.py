"""A cross-check surd's enclosure is computed when first read (symmetric.crosscheck.numbers.Surd):
the same end points the eager construction gave, for a surd and for its negation; equality,
hashing and pickling by the exact number; and the rational square root found exactly for
every size (the float estimate it replaces missed perfect squares past 2**106)."""

from __future__ import annotations

import pickle
from fractions import Fraction as F

from hypothesis import given, settings, strategies as st

from symmetric.crosscheck import numbers as N
from symmetric.crosscheck import values as V

coeffs = st.fractions(min_value=-50, max_value=50, max_denominator=40).filter(lambda c: c != 0)
radicands = st.fractions(min_value=F(1, 50), max_value=10 ** 6, max_denominator=60)


def _eager(c: F, r: F) -> tuple[F, F]:
    """The end points as surd() computed them before (at construction)."""
    low, high = N.isqrt_bounds(r)
    lo, hi = (c * low, c * high) if c > 0 else (c * high, c * low)
    return N.down(lo), N.up(hi)


@settings(max_examples=200, deadline=None)
@given(c=coeffs, r=radicands)
def test_lazy_enclosure_is_the_eager_one(c, r):
    x = N.surd(c, r)
    if isinstance(x, F):
        assert x * x == c * c * r and (x > 0) == (c > 0)
        return
    assert (x.lo, x.hi) == _eager(c, r)
    minus = V.neg(N.surd(c, r))               # the enclosure not read before negating
    assert (minus.coeff, minus.radicand) == (-c, r)
    assert (minus.lo, minus.hi) == (-x.hi, -x.lo) == _eager(-c, r)


@settings(max_examples=100, deadline=None)
@given(c=coeffs, r=radicands, read=st.booleans())
def test_equality_hash_and_pickle(c, r, read):
    x = N.surd(c, r)
    if read and not isinstance(x, F):
        x.lo                                    # noqa: B018 - the enclosure computed before pickling
    y = pickle.loads(pickle.dumps(x))
    assert y == x and hash(y) == hash(x) and N.surd(c, r) == x
    if not isinstance(x, F):
        assert (y.lo, y.hi) == (x.lo, x.hi) and repr(y) == repr(x)
        assert x != N.surd(c, r * 4) or r * 4 == r


@settings(max_examples=100, deadline=None)
@given(p=st.integers(1, 10 ** 40), q=st.integers(1, 10 ** 40))
def test_square_roots_found_exactly_at_any_size(p, q):
    assert N.exact_root(F(p * p, q * q), 2) == F(p, q)
    assert N.exact_root(F(p * p * 2, q * q), 2) is None
