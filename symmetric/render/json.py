"""The JSON report: property results and claim results as plain data (text via
:mod:`symmetric.render.text`)."""

from __future__ import annotations

from ..properties.base import PropertyResult
from . import text


def property_result(result: PropertyResult) -> dict:
    return {"property": result.property, "verdict": result.verdict.value,
            "proof": [text.sentence(line) for line in result.proof],
            "counterexample": text.counterexample(result.counterexample) if result.counterexample else None,
            "reason": text.reason(result.reason)}


def claim_result(result) -> dict:
    """One claim's verdict, discrepancies and counterexample (``symmetric prove --json``)."""
    cx = result.counterexample
    return {
        "id": result.id,
        "paper": result.paper,
        "statement": result.statement,
        "verdict": result.verdict.value,
        "discrepancies": [{"step": s.label, "printed": s.printed, "derived": s.derived}
                          for s in result.discrepancies],
        "counterexample": None if cx is None else {
            "description": text.prose(cx.description), "values": dict(cx.assignment), "check": cx.check},
        "seconds": round(result.seconds, 3),
        "conclusion": result.conclusion,
        "corrected_statement": result.corrected_statement,
        "reason": result.reason,
    }


def check_report(results) -> list[dict]:
    """``symmetric check``'s report: one entry per measure (kind, measure, results)."""
    return [{"measure": m.name, "kind": kind, "properties": [property_result(r) for r in rs]}
            for kind, m, rs in results]
