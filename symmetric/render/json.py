"""The JSON report: property results and claim results as plain data (text via
:mod:`symmetric.render.text`)."""

from __future__ import annotations

from ..claims.model import ClaimResult
from ..evidence import CaseStep, PropertyResult
from . import text


def property_result(result: PropertyResult) -> dict:
    return {"property": result.property, "reading": result.reading, "verdict": result.verdict.value,
            "proof": [text.sentence(line) for line in result.proof],
            "counterexample": text.counterexample(result.counterexample) if result.counterexample else None,
            "reason": text.reason(result.reason),
            # a certificate object per proved case (kind, N, D, factors, ...: symmetric.certificate),
            # as the independent checker symmetric.kernel reads it
            "certificates": [{"case": step.case, "condition": text.say_condition(step.condition),
                              "certificate": step.certificate.data()}
                             for step in result.proof if isinstance(step, CaseStep) and step.certificate is not None]}


def claim_result(result: ClaimResult) -> dict:
    """One claim's verdict, discrepancies and counterexample (``symmetric prove --json``)."""
    cx = result.counterexample
    return {
        "id": result.id,
        "paper": result.paper,
        "statement": result.statement,
        "verdict": result.verdict.value,
        "discrepancies": [{"step": s.label, "printed": text.form(s.printed), "derived": text.form(s.derived)}
                          for s in result.discrepancies],
        "counterexample": text.counterexample(cx) if cx else None,
        "seconds": round(result.seconds, 3),
        "conclusion": text.prose(result.conclusion),
        "corrected_statement": text.prose(result.corrected_statement) or None,
        "reason": text.prose(result.reason) or None,
    }


def claim_steps(result: ClaimResult) -> list[dict]:
    """Every step of a claim as checked (``symmetric verify --json``): the printed form, the
    derived form, how it was checked and its status (holds, wrong, undecided)."""
    return [{"step": text.prose(s.label), "printed": text.form(s.printed), "derived": text.form(s.derived),
             "check": text.prose(s.justification), "verdict": text.step_status(s.status)} for s in result.steps]


def check_report(results) -> list[dict]:
    """``symmetric check``'s report: one entry per measure (kind, measure, results)."""
    return [{"measure": m.name, "kind": kind, **_formula(m), "properties": [property_result(r) for r in rs]}
            for kind, m, rs in results]


def _formula(measure) -> dict:
    """The formula as the user typed it (when typed) and the count form the checkers read, in
    the terminal's notation (a quantification measure has no count form)."""
    from ..crosscheck.written import written_of
    written = written_of(measure)
    out = {"written": written.text} if written is not None else {}
    count_form = getattr(measure, "count_form", None)
    if count_form is not None:
        out["formula"] = text.plain(count_form)
    return out
