"""The independent checker: re-verifies a certificate (:mod:`symmetric.certificate`) by its own
polynomial arithmetic over the rationals.

It is deliberately small and separate (de Bruijn's criterion): the standard library only
(fractions, itertools, math), nothing imported from symmetric, so a bug in sympy, z3 or the
deciders cannot make it accept a false certificate.  It reads the certificate's plain data
(:meth:`symmetric.certificate.Certificate.data`) and answers None (accepted) or the reason it
rejects it.
"""

from .check import check, poly_from_data

__all__ = ["check", "poly_from_data"]
