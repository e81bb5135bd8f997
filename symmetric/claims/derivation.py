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

Text fields are plain text in which ``$...$`` marks LaTeX mathematics.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import sympy as sp

from ..checks.decide import is_identically_zero
from ..domain import EVERYWHERE, Domain
from ..errors import UnsoundResultError
from ..render.notation import to_latex
from .model import Claim, ClaimResult, Counterexample, Status, StepRecord, Verdict


def _latex(value) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    return to_latex(value)


def _readable(expr):
    """A derived expression as a reader would write it: factored when that is cheap."""
    expr = sp.sympify(expr)
    if isinstance(expr, sp.Expr) and not expr.is_number and sp.count_ops(expr) < 80 and not expr.has(sp.Piecewise):
        return sp.factor(expr)
    return expr


def _point_text(point: Mapping) -> str:
    return ", ".join(f"${to_latex(k) if not isinstance(k, str) else k} = {to_latex(v)}$"
                     for k, v in point.items())


class Derivation:
    """Mutable builder for one claim's derivation (not shared, not part of the core model)."""

    def __init__(self, claim: Claim) -> None:
        self.claim = claim
        self.steps: list[StepRecord] = []
        self.notes: list[str] = []
        self._conclusion: tuple[bool | None, str] | None = None
        self._corrected: str | None = None
        self._reason: str | None = None
        self._counterexample: Counterexample | None = None

    # -------------------------------------------------------------- recording steps

    def note(self, text: str) -> None:
        """A remark in the proof (a reconstruction used, a convention, a definition)."""
        self.notes.append(text)

    def own(self, label: str, derived, justification: str = "") -> Status:
        """A step of the toolkit's own derivation, not printed by the paper."""
        self.steps.append(StepRecord(label, Status.HOLDS, "", _latex(derived), justification))
        return Status.HOLDS

    def fact(self, label: str, holds: bool | None, *, printed="", derived="",
             justification: str = "") -> Status:
        """A step checked by the caller (``holds`` must come from an exact check)."""
        status = Status.of(holds)
        self.steps.append(StepRecord(label, status, _latex(printed), _latex(derived), justification))
        return status

    def equal(self, label: str, printed, derived, *, domain: Domain = EVERYWHERE,
              justification: str = "", printed_latex: str | None = None,
              derived_latex: str | None = None) -> Status:
        """Check that the printed expression equals the derived one on ``domain``."""
        decision = is_identically_zero(sp.sympify(printed) - sp.sympify(derived), domain)
        why = justification or "difference simplified on the domain"
        why = f"{why} ({decision.method})"
        if decision.value is False and decision.witness:
            why += "; they differ at " + _point_text(decision.witness)
        if decision.value is None and decision.detail:
            why += "; " + decision.detail
        status = Status.of(decision.value)
        self.steps.append(StepRecord(label, status, printed_latex or _latex(printed),
                                     derived_latex or _latex(_readable(derived)), why))
        return status

    def number(self, label: str, printed: str, derived, *, tolerance=None,
               justification: str = "", unverifiable_reason: str | None = None) -> Status:
        """Compare a printed decimal with an exact derived value.

        The printed number holds when the derived value rounds to it: |derived - printed| is at
        most half a unit in the printed last place (or ``tolerance`` when given), checked in
        exact rational arithmetic.
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
            justification = (justification + "; " if justification else "") + unverifiable_reason
        shown = exact if exact.is_Rational and len(str(exact)) < 40 else sp.N(exact, 10)
        self.steps.append(StepRecord(
            label, Status.of(holds), printed, _latex(shown),
            justification or f"exact value compared with the printed {decimals}-decimal figure"))
        return Status.of(holds)

    # -------------------------------------------------------------- counterexamples

    def counterexample(self, description: str, assignment: Mapping, check: sp.Basic) -> Counterexample:
        """Record a counterexample after re-checking ``check`` exactly at ``assignment``.

        ``check`` is a sympy relation that must evaluate to ``True`` once the numeric values
        of ``assignment`` are substituted (keys are symbols or symbol names; names are matched
        to the free symbols of ``check``).  Floats are refused.  Non-numeric values (a
        contingency table written as text, say) are recorded for the reader but not substituted.
        """
        exact, shown = {}, {}
        for key, value in assignment.items():
            if isinstance(value, float):
                raise UnsoundResultError(f"counterexample value {key}={value} is a float")
            name = key if isinstance(key, str) else key.name
            shown[name] = str(value)
            if isinstance(value, (int, Fraction)) or (isinstance(value, sp.Basic) and value.is_number):
                exact[name] = sp.Rational(value) if isinstance(value, (int, Fraction)) else value
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
        cx = Counterexample(description, tuple(shown.items()), str(check))
        self._counterexample = cx
        return cx

    def attach_counterexample(self, cx: Counterexample) -> None:
        """Attach a counterexample that a checker already re-checked exactly."""
        self._counterexample = cx

    # -------------------------------------------------------------- conclusion

    def conclude(self, holds: bool | None, text: str, *, corrected_statement: str | None = None,
                 reason: str | None = None) -> None:
        self._conclusion = (holds, text)
        self._corrected = corrected_statement
        self._reason = reason

    def result(self, seconds: float = 0.0) -> ClaimResult:
        claim = self.claim
        if self._conclusion is None:
            holds, text = None, "The derivation reached no conclusion."
            reason = "derivation did not conclude"
        else:
            holds, text = self._conclusion
            reason = self._reason
        wrong = [s.label for s in self.steps if s.status is Status.WRONG]
        undecided = [s.label for s in self.steps if s.status is Status.UNDECIDED]
        if holds is False:
            if self._counterexample is None:
                raise UnsoundResultError(f"{claim.id}: refuted without an exact counterexample")
            verdict = Verdict.REFUTED
        elif holds is None:
            verdict = Verdict.UNDETERMINED
            reason = reason or "the conclusion could not be decided"
        elif wrong or self._corrected:
            verdict = Verdict.CORRECTED
        elif undecided:
            verdict = Verdict.UNDETERMINED
            reason = reason or ("printed step(s) could not be decided: " + "; ".join(undecided))
        else:
            verdict = Verdict.PROVED
        return ClaimResult(
            id=claim.id, paper=claim.paper, where=claim.where, statement=claim.statement,
            verdict=verdict, steps=tuple(self.steps), conclusion=text,
            corrected_statement=self._corrected, counterexample=self._counterexample,
            reason=reason, notes=tuple(self.notes), seconds=seconds)
