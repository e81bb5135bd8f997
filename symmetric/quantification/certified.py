"""The certificates of the quantification proofs' sign and identity decisions
(:mod:`.domains`): asked of the same cached deciders again, so no second proof is computed.

A decision :func:`.domains.positive_on` (``zero_on``) made through
:func:`symmetric.checks.decide.is_positive_everywhere` (``is_identically_zero``) carries that
decision's certificate, already re-verified by the kernel; one made by the logarithm fallback
(sympy's sign rules after combining logarithms) has none and says so ("solver only").
"""

from __future__ import annotations

import sympy as sp

from ..certificate import Certificate, SolverOnly, all_of
from ..checks.decide import is_identically_zero, is_positive_everywhere
from .distributions import CODEFRAME_SIZES, n, p, q
from .domains import ABOVE, BELOW, GENERAL, positive_on, resolve


def certificate_of(expr, domain, relation: str) -> Certificate:
    """The certificate of ``expr`` > 0 (>= 0, = 0) on ``domain``, as the deciders proved it."""
    e = resolve(expr, domain)
    # asked as domains.py asks (lru_cache keys on how arguments are passed: no second proof)
    d = (is_identically_zero(e, domain) if relation == "=" else is_positive_everywhere(e, domain)
         if relation == ">" else is_positive_everywhere(e, domain, strict=False))
    if d.value is True and d.certificate is not None:
        return d.certificate
    return SolverOnly((), (), (), relation, solver="sympy's sign rules on logarithms")


def off_diagonal(expr) -> Certificate:
    """The certificate of :func:`.domains.positive_off_diagonal`'s True, by the route it took."""
    if positive_on(expr, ABOVE) and positive_on(expr, BELOW):
        return all_of([certificate_of(expr, ABOVE, ">"), certificate_of(expr, BELOW, ">")])
    slope = sp.diff(expr, q)
    return all_of([certificate_of(expr.subs(q, p), GENERAL, "="), certificate_of(slope, ABOVE, ">"),
                   certificate_of(-slope, BELOW, ">")])


def for_every_size(certify_one, term, sized: bool) -> Certificate:
    """As :func:`.identity._for_every_size` decided: for a positive n, or (``sized``) for each
    codeframe size."""
    if not sized:
        return certify_one(term)
    return all_of([certify_one(term.subs(n, size)) for size in CODEFRAME_SIZES])
