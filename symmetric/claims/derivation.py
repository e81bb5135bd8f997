"""The recorder a claim's derivation writes into.

A derivation function receives a :class:`Derivation`, records the paper's printed steps
next to what symmetric derives for each (every check is done here, by machine), and ends
with :meth:`Derivation.conclude`.  :meth:`Derivation.result` turns the record into an
immutable :class:`~symmetric.claims.model.ClaimResult` with a verdict:

* conclusion False               -> ``refuted`` (an exactly re-checked counterexample is required)
* conclusion None                -> ``undetermined`` (with the reason)
* conclusion True, a step wrong or a corrected statement given -> ``corrected``
* conclusion True, a step undecided -> ``undetermined``
* conclusion True, every step holds -> ``proved``

The record holds mathematics (sympy objects); prose is plain text or a
:class:`~symmetric.evidence.Sentence`.  A ``str`` given as a printed or derived form is LaTeX
typed by the derivation's author and is kept as a :class:`~symmetric.claims.model.PrintedLatex`.
Nothing here produces LaTeX: :mod:`symmetric.render` does, at the edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import sympy as sp

from ..checks.decide import is_identically_zero
from ..domain import EVERYWHERE, Domain
from ..errors import UnsoundResultError
from ..evidence import Counterexample, Sentence
from ..logic import Verdict
from .readable import readable
from .model import Claim, ClaimResult, ClaimVerdict, PrintedLatex, Prose, StepRecord


def _form(value):
    """A printed or derived form as data: None when absent, a str as the author's LaTeX."""
    if value is None or (isinstance(value, str) and not value):
        return None
    if isinstance(value, Verdict):     # a property cell (a str enum: test before str)
        return value
    if isinstance(value, str):
        return PrintedLatex(value)
    if isinstance(value, Fraction):
        return sp.Rational(value.numerator, value.denominator)
    return value


def _point(point: Mapping) -> Sentence:
    """``they differ at x = 1, y = 2``: each coordinate a relation in a slot."""
    relations = [sp.Eq(sp.Symbol(k) if isinstance(k, str) else k, v, evaluate=False) for k, v in point.items()]
    return Sentence("; they differ at " + ", ".join(f"{{{i}}}" for i in range(len(relations))), relations)


def _then(first: Prose, *more: Prose) -> Prose:
    """Pieces of prose read one after another (a tuple, flattened)."""
    out: list = []
    for piece in (first, *more):
        if isinstance(piece, tuple):
            out.extend(piece)
        elif piece:
            out.append(piece)
    return tuple(out)


def _listing(heading: str, labels: list) -> Prose:
    """``heading a; b; c`` (a tuple of prose when a label is a sentence)."""
    if all(isinstance(label, str) for label in labels):
        return heading + " " + "; ".join(labels)
    pieces: list = [heading]
    for k, label in enumerate(labels):
        pieces.extend((";", label) if k else (label,))
    return tuple(pieces)


class Derivation:
    """Mutable builder for one claim's derivation (not shared, not part of the core model)."""

    def __init__(self, claim: Claim) -> None:
        self.claim = claim
        self.steps: list[StepRecord] = []
        self.notes: list[Prose] = []
        self.source_notes: list[Prose] = []
        self._conclusion: tuple[bool | None, Prose] | None = None
        self._corrected: Prose | None = None
        self._reason: Prose | None = None
        self._counterexample: Counterexample | None = None

    # -------------------------------------------------------------- recording steps

    def note(self, text: Prose) -> None:
        """A remark in the proof (a reconstruction used, a convention, a definition)."""
        self.notes.append(text)

    def source_note(self, text: Prose) -> None:
        """A remark about the source text, not about the mathematics (how the extraction or
        the scan garbled it, which reconstruction was used): shown apart from the proof."""
        self.source_notes.append(text)

    def own(self, label: str, derived, justification: Prose = "") -> Verdict:
        """A step of the toolkit's own derivation, not printed by the paper."""
        self.steps.append(StepRecord(label, Verdict.HOLDS, None, _form(derived), justification))
        return Verdict.HOLDS

    def fact(self, label: str, holds: bool | None, *, printed=None, derived=None,
             justification: Prose = "") -> Verdict:
        """A step checked by the caller (``holds`` must come from an exact check)."""
        status = Verdict.of(holds)
        self.steps.append(StepRecord(label, status, _form(printed), _form(derived), justification))
        return status

    def equal(self, label: str, printed, derived, *, domain: Domain = EVERYWHERE,
              justification: Prose = "", show_printed=None, show_derived=None) -> Verdict:
        """Check that the printed expression equals the derived one on ``domain``.

        ``show_printed`` / ``show_derived`` are the forms to display when they differ from
        the compared expressions (the printed form before a substitution, say)."""
        decision = is_identically_zero(sp.sympify(printed) - sp.sympify(derived), domain)
        why = _then(justification or "difference simplified on the domain", f"({decision.method})")
        if decision.value is False and decision.witness:
            why = _then(why, _point(decision.witness))
        if decision.value is None and decision.detail:
            why = _then(why, "; " + decision.detail)
        status = Verdict.of(decision.value)
        shown_printed = printed if show_printed is None else show_printed
        shown_derived = readable(derived, domain) if show_derived is None else show_derived
        self.steps.append(StepRecord(label, status, _form(shown_printed), _form(shown_derived), why))
        return status

    def number(self, label: str, printed: str, derived, *, tolerance=None,
               justification: Prose = "", unverifiable_reason: str | None = None) -> Verdict:
        """Compare a printed decimal with an exact derived value.

        The printed number holds when the derived value rounds to it: |derived - printed| is at
        most half a unit in the printed last place (or ``tolerance`` when given), checked in
        exact rational arithmetic.  The printed figure is kept as printed (trailing zeros too).
        """
        printed_value = sp.Rational(printed)
        decimals = len(printed.split(".")[1]) if "." in printed else 0
        tol = sp.Rational(tolerance) if tolerance is not None else sp.Rational(1, 2 * 10 ** decimals)
        exact = sp.nsimplify(derived) if isinstance(derived, float) else sp.sympify(derived)
        gap = sp.Abs(exact - printed_value) - tol
        holds = bool(gap <= 0) if gap.is_number and gap.is_comparable else None
        if holds is False and unverifiable_reason:
            # the derived value rests on a reconstruction that may itself differ from the
            # paper's lost definition: a mismatch proves neither side wrong
            holds = None
            justification = _then(justification, "; " + unverifiable_reason) if justification \
                else unverifiable_reason
        shown = exact if exact.is_Rational and len(str(exact)) < 40 else sp.N(exact, 10)
        self.steps.append(StepRecord(
            label, Verdict.of(holds), PrintedLatex(printed), shown,
            justification or f"exact value compared with the printed {decimals}-decimal figure"))
        return Verdict.of(holds)

    # -------------------------------------------------------------- counterexamples

    def counterexample(self, description: Prose, assignment: Mapping, check: sp.Basic) -> Counterexample:
        """Record a counterexample after re-checking ``check`` exactly at ``assignment``.

        ``check`` is a sympy relation that must evaluate to ``True`` once the numeric values
        of ``assignment`` are substituted (keys are symbols or symbol names; names are matched
        to the free symbols of ``check``).  Floats are refused.  Non-numeric values (a
        contingency table, say) are recorded for the reader but not substituted.
        """
        exact, point = {}, {}
        for key, value in assignment.items():
            if isinstance(value, float):
                raise UnsoundResultError(f"counterexample value {key}={value} is a float")
            name = key if isinstance(key, str) else key.name
            point[name] = value
            if isinstance(value, (int, Fraction)) or (isinstance(value, sp.Basic) and value.is_number):
                exact[name] = sp.Rational(value) if isinstance(value, (int, Fraction)) else value
                point[name] = exact[name]
            elif isinstance(value, str):
                try:
                    exact[name] = sp.Rational(value)
                except (TypeError, ValueError):
                    pass
        by_name = {sym.name: sym for sym in getattr(check, "free_symbols", ())}
        verified = check.subs({by_name[k]: v for k, v in exact.items() if k in by_name}) \
            if isinstance(check, sp.Basic) else check
        if verified is not sp.true and verified is not True:
            raise UnsoundResultError(f"counterexample for {self.claim.id} failed its exact re-check: "
                                     f"{check} at {exact} gives {verified}")
        cx = Counterexample(relation=check, point=point, description=description)
        self._counterexample = cx
        return cx

    # -------------------------------------------------------------- conclusion

    def conclude(self, holds: bool | None, text: Prose, *, corrected_statement: Prose | None = None,
                 reason: Prose | None = None) -> None:
        self._conclusion = (holds, text)
        self._corrected = corrected_statement
        self._reason = reason

    def labels(self, status: Verdict) -> list:
        """The labels of the steps recorded so far with ``status``."""
        return [s.label for s in self.steps if s.status is status]

    def result(self, seconds: float = 0.0) -> ClaimResult:
        claim = self.claim
        if self._conclusion is None:
            holds, text = None, "The derivation reached no conclusion."
            reason = "derivation did not conclude"
        else:
            holds, text = self._conclusion
            reason = self._reason
        wrong = self.labels(Verdict.FAILS)
        undecided = self.labels(Verdict.UNDETERMINED)
        if holds is False:
            if self._counterexample is None:
                raise UnsoundResultError(f"{claim.id}: refuted without an exact counterexample")
            verdict = ClaimVerdict.REFUTED
        elif holds is None:
            verdict = ClaimVerdict.UNDETERMINED
            reason = reason or "the conclusion could not be decided"
        elif wrong or self._corrected:
            verdict = ClaimVerdict.CORRECTED
        elif undecided:
            verdict = ClaimVerdict.UNDETERMINED
            reason = reason or _listing("printed step(s) could not be decided:", undecided)
        else:
            verdict = ClaimVerdict.PROVED
        return ClaimResult(
            id=claim.id, paper=claim.paper, where=claim.where, statement=claim.statement,
            verdict=verdict, steps=tuple(self.steps), conclusion=text,
            corrected_statement=self._corrected, counterexample=self._counterexample,
            reason=reason, notes=tuple(self.notes), seconds=seconds,
            source_notes=tuple(self.source_notes),
            statement_latex=claim.statement_latex)
