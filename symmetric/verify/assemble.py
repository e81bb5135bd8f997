"""A claims file becomes claims: each [[claim]] a :class:`~symmetric.claims.model.Claim` whose
derivation checks its steps in order and concludes by the rules of ``prove``
(:meth:`~symmetric.claims.derivation.Derivation.result`).

The conclusion is the step marked ``conclusion = true`` (several: all of them), else the last
step.  A conclusion that is a printed relation (``rel`` or ``latex``) and is false at an exact
point re-checked on the user's formula (a contingency table of positive integer counts for a
count claim) makes the claim ``refuted``; a wrong printed result (a derivative, limit, value,
property verdict or non-informative score) makes it ``corrected``, with the derived form as the
correction; a conclusion that could not be decided makes it ``undetermined``.
"""

from __future__ import annotations

import time
from pathlib import Path
from dataclasses import dataclass

from ..claims.derivation import Derivation
from ..claims.model import Claim, ClaimResult, ClaimVerdict
from ..errors import InputError, TimeLimitReached
from ..evidence import say
from ..logic import Verdict
from ..timelimit import HardLimit
from .bounded import Progress, reading
from .context import ClaimContext
from .names import read_names
from .source import ClaimsFile, Table, read_claims_file
from .outcome import Outcome
from .steps import step_kind, validate

CLAIM_KEYS = ("id", "where", "statement", "assume", "params", "test_set", "step")


@dataclass(frozen=True)
class PreparedClaim:
    claim: Claim
    context: ClaimContext
    steps: tuple[Table, ...]


def _label(k: int, table: Table, kind) -> str:
    if "label" in table.data:
        return f"Step {k}: " + table.string("label")
    return f"Step {k} ({kind.description})"


def _derive(prepared_steps, context: ClaimContext):
    def derive(d: Derivation) -> None:
        outcomes: list[tuple[Table, Outcome, str]] = []
        for k, table in enumerate(prepared_steps, 1):
            kind = step_kind(table)
            label = _label(k, table, kind)
            outcomes.append((table, kind.check(context, table, d, label), label))
        marked = [item for item in outcomes if item[0].data.get("conclusion") is True]
        conclusion = marked or outcomes[-1:]
        conclude(d, conclusion, outcomes)
    return derive


def _corrections(outcomes) -> tuple:
    """One sentence per wrong printed result: the step and what it really is."""
    out = []
    for table, outcome, label in outcomes:
        if outcome.status is Verdict.FAILS and outcome.correction is not None:
            text = label if isinstance(label, str) else "a step"
            out.append(say(text.replace("{", "{{").replace("}", "}}") + ": {0}.", outcome.correction))
    return tuple(out)


def conclude(d: Derivation, conclusion, outcomes) -> None:
    """Conclude ``d`` from its concluding steps' outcomes (refuted, corrected, undetermined or holds)."""
    statuses = [o.status for _, o, _ in conclusion]
    refuting = next((o for _, o, _ in conclusion if o.status is Verdict.FAILS and o.refutation), None)
    if refuting is not None:
        relation, point, description = refuting.refutation
        d.counterexample(description, point, relation)
        d.conclude(False, "The conclusion is false: an exact counterexample is given.")
        return
    wrong = [o for _, o, _ in conclusion if o.status is Verdict.FAILS]
    corrections = _corrections(outcomes) or None
    if wrong and all(o.correction is not None for o in wrong):
        d.conclude(True, "The conclusion holds once corrected: the printed result differs from the derived one.",
                   corrected_statement=corrections)
        return
    if wrong:
        d.conclude(None, "The conclusion is false as printed, but no exact counterexample was found.",
                   reason="the concluding relation fails on the domain, but no point (a table of positive "
                          "integer counts for a count claim) was re-checked exactly")
        return
    if any(s is Verdict.UNDETERMINED for s in statuses):
        d.conclude(None, "The conclusion could not be decided.",
                   reason="the concluding step could not be decided (see its check)")
        return
    d.conclude(True, "Every concluding step holds on the claim's domain.", corrected_statement=corrections)


def prepare(path, time_limit: float | None = None, progress=None) -> tuple[ClaimsFile, list[PreparedClaim]]:
    """Read the file and every claim's fields; every mistake of the file is an InputError with
    its place, raised here, before any claim runs.  The file's tables and measures, then each
    claim, are read within ``time_limit`` seconds each (:mod:`.bounded`); ``progress(message)``
    hears how far reading a long file is."""
    claims_file, names = reading(time_limit, str(path), lambda: _read_file(path))
    paper = claims_file.paper.string("name", required=False) if claims_file.paper else None
    out = []
    meter = Progress(len(claims_file.claims), progress)
    for k, (table, steps) in enumerate(claims_file.claims, 1):
        out.append(reading(time_limit, f"claim {k}",
                           lambda: _prepare_claim(table, steps, names, paper, claims_file), table.where()))
        meter.step(k)
    return claims_file, out


def _read_file(path):
    claims_file = read_claims_file(path)
    return claims_file, read_names(claims_file)


def _prepare_claim(table: Table, steps, names, paper, claims_file: ClaimsFile) -> PreparedClaim:
    for key in table.data:
        if key not in CLAIM_KEYS:
            raise table.error(f"unknown field {key!r} in [[claim]] (allowed: {', '.join(CLAIM_KEYS)})", key)
    if not steps:
        raise table.error("a claim needs at least one [[claim.step]]")
    context = ClaimContext.of(names, table)
    context.reading([])                      # an assumption the domain cannot take: refused now
    for step in steps:
        validate(context, step)
    claim = Claim(table.string("id"), paper or Path(claims_file.source).stem, table.string("where", required=False) or "",
                  table.string("statement", required=False) or "", _derive(steps, context))
    return PreparedClaim(claim, context, steps)


def run(prepared: PreparedClaim, time_limit: float | None = None) -> ClaimResult:
    """Check one claim within ``time_limit`` seconds.  A file mistake found while reading its
    expressions propagates (InputError); any other error is reported as undetermined."""
    claim = prepared.claim
    start = time.perf_counter()
    d = Derivation(claim)
    limit = HardLimit(time_limit)
    try:
        with limit:
            claim.derive(d)
    except TimeLimitReached as exc:
        d.conclude(None, "The claim was not finished within the time limit.", reason=str(exc))
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - a defect of symmetric, reported, never a verdict
        return ClaimResult(claim.id, claim.paper, claim.where, claim.statement, ClaimVerdict.UNDETERMINED,
                           tuple(d.steps), "The check failed with an internal error.",
                           reason=f"internal error: {type(exc).__name__}: {exc}",
                           seconds=time.perf_counter() - start)
    finally:
        limit.close()
    return d.result(time.perf_counter() - start)
