"""The one three-valued logic of symmetric (as ``sympy/core/logic.py``).

A truth value is ``True``, ``False`` or ``None`` (not known).  ``None`` is never read as
``False``: ``fuzzy_and`` is ``False`` only when some operand is certainly ``False``, and so on.
:class:`Verdict` is how a three-valued answer about a property is *named* to a reader
(holds / fails / undetermined); code reasons with the values, not with the names.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

Truth = bool | None


def fuzzy_not(value: Truth) -> Truth:
    return None if value is None else not value


def fuzzy_and(values: Iterable[Truth]) -> Truth:
    """True if every value is True, False if any is False, else None (lazy on False)."""
    result: Truth = True
    for value in values:
        if value is False:
            return False
        if value is None:
            result = None
    return result


def fuzzy_or(values: Iterable[Truth]) -> Truth:
    """True if any value is True, False if every value is False, else None (lazy on True)."""
    result: Truth = False
    for value in values:
        if value is True:
            return True
        if value is None:
            result = None
    return result


class Verdict(str, Enum):
    """A property's verdict: the three truth values under the names a reader sees."""

    HOLDS = "holds"
    FAILS = "fails"
    UNDETERMINED = "undetermined"

    @classmethod
    def of(cls, value: Truth) -> "Verdict":
        if value is True:
            return cls.HOLDS
        if value is False:
            return cls.FAILS
        return cls.UNDETERMINED

    @property
    def truth(self) -> Truth:
        return {Verdict.HOLDS: True, Verdict.FAILS: False}.get(self)
