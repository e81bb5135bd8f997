"""Re-checking a cached verdict on use (issue 27: a cached verdict is a claim, not a fact).

* ``fails`` with a counterexample: the counterexample is re-evaluated exactly on the measure's
  written formula by the independent evaluator (as :func:`.hook.review_one` does for a fresh
  result), and its values must break the property (:mod:`.breaks`: two equal scores under "the
  scores differ" do not).
* ``fails`` without one: only Amigo et al.'s AW "no parameter" (594 of the 612 such atlas cells
  seen: the whole argument is that the measure has no parameter) is re-checked, exactly, on the
  measure.  The others (AW "growing quality for every parameter": a sign proved for *every*
  parameter value, which no finite witness can show) are never kept (:func:`keep`) and, if read,
  rejected: they are recomputed on use.
* ``holds``: every checkable certificate in the proof (:class:`~symmetric.evidence.CaseStep`)
  is re-verified by the independent kernel (:mod:`symmetric.kernel`, milliseconds); a proof whose
  every case carries a checkable certificate needs nothing more.  A proof with a case without
  one (solver only, none recorded, or no case at all) has its cross-check, the exhaustive
  enumeration of small tables, run again.

What the kernel does not establish: that a certificate's Δ is the quantity this measure's
property needs (binding it would mean re-deriving Δ, the decider's work).  The cache rejects a
result of another measure or property (:meth:`symmetric.store.cells.Cache.get`); beyond that the
binding rests on the entry's authentication (only this code, under this user's key, wrote it): a
certified proof relabelled as another property's is outside what a re-check on use can see.  Any mismatch rejects the entry, which is then recomputed and the rejection
said.  Undetermined results are never cached by the claims, and an atlas cell that is
undetermined claims nothing.
"""

from __future__ import annotations

from .. import kernel
from ..errors import InputError
from ..evidence import CaseStep, PropertyResult
from ..logic import Verdict
from ..store.cells import Cache
from .breaks import does_not_break
from .hook import counterexample_mismatch, review_one

# (property, reason) of a fails whose whole argument is that the measure has no parameter
NO_PARAMETER = ("AW", "no parameter")


def recheck(measure, result: PropertyResult) -> str | None:
    """Why ``result`` (read from a cache) is wrong for ``measure``, or None when it re-checks."""
    if getattr(result, "measure", None) not in (None, getattr(measure, "name", None)):
        return f"it is a result of {result.measure}, not of {measure.name}"
    if result.verdict is Verdict.HOLDS:
        return certificates_rejected(result) or (None if fully_certified(result)
                                                 else _cross_check_again(measure, result))
    if result.verdict is Verdict.FAILS and result.counterexample is None:
        return _argument_again(measure, result)
    return counterexample_mismatch(measure, result) or does_not_break(measure, result)


def keep(measure, result: PropertyResult) -> bool:
    """Whether a cache may keep ``result``: only what :func:`recheck` can re-check on use
    without recomputing it (a fails without a counterexample or a re-checkable argument is
    recomputed every time instead)."""
    return not (result.verdict is Verdict.FAILS and result.counterexample is None
                and (result.property, str(result.reason)) != NO_PARAMETER)


def _cases(result: PropertyResult) -> list[CaseStep]:
    return [line for line in result.proof if isinstance(line, CaseStep)]


def certificates_rejected(result: PropertyResult) -> str | None:
    """Why the kernel rejects a certificate of the proof (None: every checkable one accepted)."""
    for k, step in enumerate(_cases(result), start=1):
        cert = step.certificate
        if cert is not None and cert.checkable:
            why = kernel.check(cert.data())
            if why is not None:
                return f"the kernel rejects the certificate of case {step.case or k}: {why}"
    return None


def fully_certified(result: PropertyResult) -> bool:
    """Every case of the proof carries a certificate the kernel can check (and there is a case)."""
    cases = _cases(result)
    return bool(cases) and all(s.certificate is not None and s.certificate.checkable for s in cases)


def _argument_again(measure, result: PropertyResult) -> str | None:
    if (result.property, str(result.reason)) == NO_PARAMETER:
        params = tuple(getattr(measure, "params", ()) or ())
        if not params:
            return None
        return f"it says {measure.name} has no parameter, but it has {', '.join(str(p.symbol) for p in params)}"
    return "a fails without a counterexample is not re-checkable from the cache"


def _cross_check_again(measure, result: PropertyResult) -> str | None:
    """A cached ``holds`` without a certificate for every case has its cross-check run again:
    the exhaustive enumeration of small tables must still find no violation."""
    reviewed = review_one(measure, result)
    if reviewed.verdict is Verdict.HOLDS:
        return None
    return "its cross-check, run again, finds a violation: " + (reviewed.reason or "see the cross-check")


def open_cache(folder, name: str = "cell cache", say=None):
    """The result cache in ``folder`` (None: none), its entries re-checked on use by
    :func:`recheck`, every rejection said to ``say``.  A folder that cannot be used costs speed,
    never the run: it is said, and the run works without a cache."""
    try:
        return Cache(folder, name=name, recheck=recheck, on_reject=say, keep=keep)
    except InputError as exc:
        if say is not None:
            say(f"{exc}: working without it (every shared cell is computed, nothing is kept)")
        return Cache(None)
