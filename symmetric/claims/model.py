"""Immutable records of claims and of what their derivations found."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .derivation import Derivation


class Verdict(str, Enum):
    PROVED = "proved"            # conclusion and every printed step hold
    CORRECTED = "corrected"      # conclusion or a printed step wrong as printed; fix shown
    REFUTED = "refuted"          # conclusion false; exact counterexample given
    UNDETERMINED = "undetermined"  # the toolkit could not decide; reason given


class Status(str, Enum):
    HOLDS = "holds"
    WRONG = "wrong"
    UNDECIDED = "undecided"

    @classmethod
    def of(cls, value: bool | None) -> "Status":
        if value is True:
            return cls.HOLDS
        if value is False:
            return cls.WRONG
        return cls.UNDECIDED


@dataclass(frozen=True)
class StepRecord:
    """One step of a derivation.

    ``printed`` is what the paper prints (LaTeX), ``derived`` what symmetric derives (LaTeX;
    empty when the step is the toolkit's own).  ``justification`` says how it was checked.
    Steps with ``printed`` empty are the toolkit's own reasoning and are not discrepancies.
    """

    label: str
    status: Status
    printed: str = ""
    derived: str = ""
    justification: str = ""


@dataclass(frozen=True)
class Counterexample:
    """A concrete point (exact values) at which a statement fails, re-checked exactly."""

    description: str
    assignment: tuple[tuple[str, str], ...]
    check: str                       # the exact relation that was re-checked, as text


@dataclass(frozen=True)
class ClaimResult:
    id: str
    paper: str
    where: str
    statement: str
    verdict: Verdict
    steps: tuple[StepRecord, ...]
    conclusion: str
    corrected_statement: str | None = None
    counterexample: Counterexample | None = None
    reason: str | None = None
    notes: tuple[str, ...] = ()
    seconds: float = 0.0

    @property
    def discrepancies(self) -> tuple[StepRecord, ...]:
        return tuple(s for s in self.steps if s.status is Status.WRONG)


@dataclass(frozen=True)
class Claim:
    """A claim of a paper: its id (as in claims.toml), where it is printed, and its derivation.

    ``derive`` receives a fresh :class:`~symmetric.claims.derivation.Derivation`, records the
    paper's printed steps with what the toolkit derives for each, and concludes.
    """

    id: str
    paper: str
    where: str
    statement: str
    derive: Callable[["Derivation"], None] = field(repr=False, compare=False)
