"""Where claims come from: one module per paper in the top-level ``derivations`` package.

Each module exposes ``CLAIMS: tuple[Claim, ...]``.  Adding a paper = adding its module name to
:data:`PAPER_MODULES`.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..errors import InputError, UnknownNameError
from .derivation import Derivation
from .model import Claim, ClaimResult, Verdict

PAPER_MODULES = (
    "derivations.amigo",
    "derivations.sebastiani15",
    "derivations.lewis95",
    "derivations.quant",
)


@lru_cache(maxsize=1)
def all_claims() -> tuple[Claim, ...]:
    claims: list[Claim] = []
    for name in PAPER_MODULES:
        claims.extend(importlib.import_module(name).CLAIMS)
    ids = [c.id for c in claims]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise RuntimeError(f"duplicate claim ids: {sorted(duplicates)}")
    return tuple(claims)


def claim_by_id(claim_id: str) -> Claim:
    for claim in all_claims():
        if claim.id == claim_id:
            return claim
    raise UnknownNameError("claim id", claim_id, [c.id for c in all_claims()])


def select(prefixes: Iterable[str]) -> tuple[Claim, ...]:
    """Claims whose id starts with any prefix (all claims when there is none).

    A prefix that selects nothing is a user error (exit 2), with close matches."""
    prefixes = list(prefixes)
    claims = all_claims()
    if not prefixes:
        return claims
    chosen = []
    for prefix in prefixes:
        hits = [c for c in claims if c.id.startswith(prefix)]
        if not hits:
            raise UnknownNameError("claim id or prefix", prefix,
                                   [c.id for c in claims] + sorted({c.paper for c in claims}))
        chosen.extend(h for h in hits if h not in chosen)
    return tuple(chosen)


def prepare(claims: Iterable[Claim]) -> list[tuple[str, float]]:
    """Run the shared preparation of every paper among ``claims`` (a module-level
    ``PREPARE()`` that computes what several claims use, e.g. a property table), so that
    per-claim timings measure each claim's own work.  Returns (paper, seconds) pairs."""
    timings = []
    for name in PAPER_MODULES:
        module = importlib.import_module(name)
        papers = {c.paper for c in module.CLAIMS}
        if hasattr(module, "PREPARE") and any(c.paper in papers for c in claims):
            start = time.perf_counter()
            module.PREPARE()
            timings.append((", ".join(sorted(papers)), time.perf_counter() - start))
    return timings


def run_claim(claim: Claim) -> ClaimResult:
    """Run one derivation.  An unexpected exception is a defect of symmetric: it is reported
    as ``undetermined`` with the error named (so one broken derivation cannot hide the
    others), and callers treat such results as failures (see ``is_internal_error``)."""
    start = time.perf_counter()
    derivation = Derivation(claim)
    try:
        claim.derive(derivation)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - reported, never silently read as a verdict
        from .model import ClaimResult as _CR
        return _CR(claim.id, claim.paper, claim.where, claim.statement, Verdict.UNDETERMINED,
                   tuple(derivation.steps), "The derivation failed with an internal error.",
                   reason=f"internal error: {type(exc).__name__}: {exc}",
                   seconds=time.perf_counter() - start)
    return derivation.result(time.perf_counter() - start)


def is_internal_error(result: ClaimResult) -> bool:
    return bool(result.reason and result.reason.startswith("internal error"))


def run(claims: Iterable[Claim]) -> Iterator[ClaimResult]:
    claims = list(claims)
    prepare(claims)
    for claim in claims:
        yield run_claim(claim)
