"""sympy's ``Factors(dict)`` without converting the dict to compare it with 1.

``together``, ``gcd_terms`` and ``factor_terms`` build a :class:`sympy.core.exprtools.Factors`
from a dict of {base: exponent} for every term they touch.  Its first test (sympy 1.14,
``factors in (None, S.One)``) makes ``S.One.__eq__`` sympify the whole dict into a sympy
``Dict`` -- every key and exponent converted and hashed -- only to find it is not a number: the
answer for a dict is always False.  That conversion was 17-22% of the CPU of the atlas's GwetAC1
cells and ~8% of ``check --measure MCC`` (profiles: ``Dict.__new__`` and ``Integer.__eq__``
under ``Factors.__init__``).

The dict (or defaultdict) is handed to the original constructor as a subclass that strict sympify
refuses at once (``__sympy__ = False``: ``_sympify`` raises, ``S.One.__eq__`` returns
NotImplemented, and ``==`` falls back to identity: False, the same answer); the constructor's next
step copies it (``dict.copy`` gives a plain dict; the defaultdict subclass's copy a plain
defaultdict with the same factory), so the Factors built is the one sympy builds.  Only for the
sympy releases whose constructor reads as described (1.14); any other release is left as it is.
"""

from __future__ import annotations

from collections import defaultdict

import sympy
from sympy.core import exprtools

_CHECKED_RELEASES = ("1.14.",)


class _Refused(dict):
    """A dict that strict sympify refuses instead of converting (compared with a sympy number:
    unequal, as the converted Dict is)."""

    __sympy__ = False


class _RefusedDefault(defaultdict):
    """The same for a defaultdict (``Term`` builds its numerator and denominator as
    defaultdict(int)); its copy is the plain defaultdict the constructor copies the original to."""

    __sympy__ = False

    def copy(self):
        return defaultdict(self.default_factory, self)


def _refused(factors):
    kind = type(factors)
    if kind is dict:
        return _Refused(factors)
    if kind is defaultdict:
        return _RefusedDefault(factors.default_factory, factors)
    return factors


def install() -> bool:
    """Wrap ``Factors.__init__`` (once); False when this sympy release is not one checked."""
    current = exprtools.Factors.__init__
    if getattr(current, "_symmetric_refuses_dicts", False):
        return True
    if not sympy.__version__.startswith(_CHECKED_RELEASES):
        return False

    def __init__(self, factors=None):
        current(self, _refused(factors))
    __init__._symmetric_refuses_dicts = True
    __init__.__wrapped__ = current          # the original (the tests compare the two)
    __init__.__doc__ = current.__doc__
    exprtools.Factors.__init__ = __init__
    return True


install()
