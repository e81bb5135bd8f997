"""Immutable records of claims and of what their derivations found.

A result holds mathematics, not text for one output: a step's ``printed`` and ``derived``
sides are sympy objects (or a :class:`PrintedLatex` literal typed by a derivation's author),
a step's status is the one three-valued :class:`~symmetric.logic.Verdict`, a counterexample is
the one :class:`~symmetric.evidence.Counterexample`.  :mod:`symmetric.render` turns them into
LaTeX, JSON or terminal text at the edge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Union

from ..evidence import Counterexample, Sentence, html_repr, latex_repr
from ..logic import Verdict

# Prose of a result: plain text, a sentence with mathematical slots, or several read in a row.
Prose = Union[str, Sentence, tuple]


class ClaimVerdict(str, Enum):
    """What became of a claim as a whole (a step's status is a :class:`Verdict`)."""

    PROVED = "proved"            # conclusion and every printed step hold
    CORRECTED = "corrected"      # conclusion or a printed step wrong as printed; fix shown
    REFUTED = "refuted"          # conclusion false; exact counterexample given
    UNDETERMINED = "undetermined"  # the toolkit could not decide; reason given


@dataclass(frozen=True)
class PrintedLatex:
    """A formula written in LaTeX by a derivation's author (the paper's printed form, or a
    displayed summary of the author's own argument), kept as data for the LaTeX renderer.

    ``latex`` is shown as it is when there are no ``args``; with ``args`` it is a template whose
    ``{0}``, ``{1}``, ... slots hold mathematical objects computed by the toolkit (rendered
    through the notation table), and literal braces are written ``{{`` and ``}}``.  The toolkit
    never produces LaTeX itself: it puts its results in the slots."""

    latex: str
    args: tuple = ()

    def __init__(self, latex: str, *args) -> None:
        object.__setattr__(self, "latex", latex)
        object.__setattr__(self, "args", tuple(args))


@dataclass(frozen=True)
class StepRecord:
    """One step of a derivation.

    ``printed`` is what the paper prints, ``derived`` what symmetric derives (sympy objects,
    :class:`PrintedLatex`, a :class:`Verdict` for a property cell, or None when absent).
    ``justification`` says how it was checked.  Steps without ``printed`` are the toolkit's own
    reasoning and are not discrepancies."""

    label: "str | Sentence"
    status: Verdict
    printed: object = None
    derived: object = None
    justification: Prose = ""


@dataclass(frozen=True)
class ClaimResult:
    id: str
    paper: str
    where: str
    statement: str
    verdict: ClaimVerdict
    steps: tuple[StepRecord, ...]
    conclusion: Prose
    corrected_statement: Prose | None = None
    counterexample: Counterexample | None = None
    reason: Prose | None = None
    notes: tuple[Prose, ...] = ()
    seconds: float = 0.0
    statement_latex: str = ""     # the statement as the author typeset it ("" : none given)
    source_notes: tuple[Prose, ...] = ()   # about the source text (extraction, scan), not the proof

    @property
    def discrepancies(self) -> tuple[StepRecord, ...]:
        return tuple(s for s in self.steps if s.status is Verdict.FAILS)

    def _repr_latex_(self) -> str | None:
        return latex_repr(self)

    def _repr_html_(self) -> str | None:
        return html_repr(self)


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
    derive: Callable[..., None] = field(repr=False, compare=False)   # (Derivation) -> None
    # The statement as mathematics, typeset by the derivation's author (LaTeX, text mode, for
    # the paper-grade output); ``statement`` stays the plain-text form (terminal, JSON).
    statement_latex: str = ""
