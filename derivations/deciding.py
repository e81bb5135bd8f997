"""How the papers' claims decide a property: through the one decision path
(:func:`symmetric.properties.driver.decide`: the catalogue's headline reading unless another is
named, the independent cross-check, memoised), under a time limit of their own.

The limit is wall-clock time, and a claim's verdict must not depend on how busy the machine is
(prove on 2 busy cores took a cell past the checkers' 60 s default that takes ~10 s on a quiet
one): each decision gets ``CLAIM_TIME_LIMIT`` seconds, a bound on a runaway checker rather than
a budget."""

from __future__ import annotations

from symmetric.properties.driver import decide, known, remember

CLAIM_TIME_LIMIT = 600.0


def decided(measure, prop: str, reading=None, **options):
    """``prop`` of ``measure`` in ``reading`` (default: its headline), reviewed and memoised."""
    return decide(measure, prop, reading, time_limit=CLAIM_TIME_LIMIT, **options)


def decided_already(measure, prop: str, reading=None, **options):
    """What :func:`decided` would return without deciding anything (this process's memo or the
    result cache), or None."""
    return known(measure, prop, reading, time_limit=CLAIM_TIME_LIMIT, **options)


def decided_elsewhere(result, measure, prop: str, reading=None, **options) -> None:
    """Keep ``result``, which :func:`decided` returned in a worker process, as this process's."""
    remember(result, measure, prop, reading, time_limit=CLAIM_TIME_LIMIT, **options)
