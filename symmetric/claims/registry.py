"""Where claims come from: the papers the application registers, and how a claim is run.

The library does not know which papers exist.  The application (the CLI, the tests) imports
its derivations and registers them::

    registry.register(derivations.PAPERS)

after which :func:`all_claims`, :func:`select`, :func:`prepare` and :func:`run` see their
claims in the registered order.  Registering the same papers again changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from ..errors import InputError, UnknownNameError
from .derivation import Derivation
from .model import Claim, ClaimResult, ClaimVerdict
from .paper import Paper


class Registry:
    """The registered papers, in registration order, with their claims."""

    def __init__(self, papers: Iterable[Paper] = ()) -> None:
        self.papers: list[Paper] = []
        self.register(papers)

    def register(self, papers: Iterable[Paper]) -> None:
        """Add ``papers`` (a paper already registered is skipped); claim ids stay unique."""
        added = [p for p in papers if p not in self.papers]
        ids = [c.id for p in self.papers + added for c in p.claims]
        duplicates = {i for i in ids if ids.count(i) > 1}
        if duplicates:
            raise RuntimeError(f"duplicate claim ids: {sorted(duplicates)}")
        self.papers.extend(added)

    def all_claims(self) -> tuple[Claim, ...]:
        return tuple(c for p in self.papers for c in p.claims)

    def claim_by_id(self, claim_id: str) -> Claim:
        for claim in self.all_claims():
            if claim.id == claim_id:
                return claim
        raise UnknownNameError("claim id", claim_id, [c.id for c in self.all_claims()])

    def select(self, prefixes: Iterable[str]) -> tuple[Claim, ...]:
        """Claims whose id starts with any prefix (all claims when there is none).

        A prefix that selects nothing is a user error (exit 2), with close matches."""
        prefixes = list(prefixes)
        claims = self.all_claims()
        if not prefixes:
            return claims
        chosen: list[Claim] = []
        for prefix in prefixes:
            hits = [c for c in claims if c.id.startswith(prefix)]
            if not hits:
                raise UnknownNameError("claim id or prefix", prefix,
                                       [c.id for c in claims] + sorted({c.paper for c in claims}))
            chosen.extend(h for h in hits if h not in chosen)
        return tuple(chosen)

    def prepare(self, claims: Iterable[Claim]) -> list[tuple[str, float]]:
        """Run the shared preparation (:attr:`Paper.prepare`) of every paper among ``claims``,
        so that per-claim timings measure each claim's own work.  Returns (paper, seconds)."""
        wanted = {c.paper for c in claims}
        timings = []
        for paper in self.papers:
            if paper.prepare is not None and paper.name in wanted:
                start = time.perf_counter()
                paper.prepare()
                timings.append((paper.name, time.perf_counter() - start))
        return timings

    def run(self, claims: Iterable[Claim]) -> Iterator[ClaimResult]:
        claims = list(claims)
        self.prepare(claims)
        for claim in claims:
            yield run_claim(claim)


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
        return ClaimResult(claim.id, claim.paper, claim.where, claim.statement, ClaimVerdict.UNDETERMINED,
                           tuple(derivation.steps), "The derivation failed with an internal error.",
                           reason=f"internal error: {type(exc).__name__}: {exc}",
                           seconds=time.perf_counter() - start, statement_latex=claim.statement_latex)
    return derivation.result(time.perf_counter() - start)


def is_internal_error(result: ClaimResult) -> bool:
    return isinstance(result.reason, str) and result.reason.startswith("internal error")


# The application's registry: the CLI and the tests register their papers here.
REGISTRY = Registry()
register = REGISTRY.register
all_claims = REGISTRY.all_claims
claim_by_id = REGISTRY.claim_by_id
select = REGISTRY.select
prepare = REGISTRY.prepare
run = REGISTRY.run
