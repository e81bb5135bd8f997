"""What one exhaustive check found: a certain violation (a witness), or none, and what it covered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import values as V


@dataclass(frozen=True)
class Witness:
    """A certain violation: named tables (or points), the exact values there, parameter values."""

    relation: str                                   # plain text: "M(h') <= M(h)", "M undefined"
    tables: tuple[tuple[str, tuple], ...] = ()      # (name, (TP, FP, FN, TN)) or (name, point)
    values: tuple[tuple[str, object], ...] = ()     # (name, Fraction | Interval | UNDEFINED)
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Finding:
    """The result of one predicate: ``witness`` is None when no certain violation was found.

    ``scope`` names what was enumerated (plain text, e.g. "all 1819 tables with 1 <= |D| <= 12");
    ``uncertain`` counts comparisons the exact arithmetic could not certify; ``complete`` is
    False when the enumeration tests a consequence of the property only (e.g. CON: definedness,
    not continuity), so finding nothing does not confirm the property on the bound."""

    witness: Witness | None
    scope: str
    checked: int = 0
    uncertain: int = 0
    complete: bool = True


Predicate = Callable[..., Finding]


class Tally:
    """Counts the checks of a predicate and keeps the first certain violation."""

    def __init__(self) -> None:
        self.checked = 0
        self.uncertain = 0
        self.witness: Witness | None = None

    def done(self) -> bool:
        return self.witness is not None

    def fail(self, witness: Witness) -> None:
        if self.witness is None:
            self.witness = witness

    def finding(self, scope: str, complete: bool = True) -> Finding:
        return Finding(self.witness, scope, self.checked, self.uncertain, complete)

    def differ(self, a, b) -> bool:
        """Do the values ``a`` and ``b`` certainly differ?  A comparison that cannot be
        certified is counted as uncertain, never read as a difference."""
        s = V.compare(a, b)
        if s is None:
            self.uncertain += 1
        return s not in (0, None)


def unsure(*xs) -> bool:
    return any(x is V.UNKNOWN for x in xs)


def defined(x) -> bool:
    return V.is_value(x)
