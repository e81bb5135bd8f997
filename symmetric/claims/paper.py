"""Claims written beside their derivations, and papers made of them.

A derivation function carries its claim::

    @claim("amigo.appendix.utility_absolute_weighting",
           where="Appendix, proof 'Utility satisfies ...'", statement="U(S_ni) = ...")
    def utility_aw(d: Derivation) -> None: ...

so that the id, the place in the paper and the statement are read next to the steps that check
them.  The paper is the id's first component.  A paper module (or package) lists its claims
with :func:`claims_in` (definition order, module by module, as the modules are given) and
exposes a :class:`Paper`; the application registers papers with the claim registry
(:mod:`symmetric.claims.registry`) -- the library never imports ``derivations`` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from .model import Claim

_ATTRIBUTE = "__claim__"


def claim(claim_id: str, *, where: str, statement: str, statement_latex: str = "") -> Callable:
    """Mark a derivation function as the derivation of claim ``claim_id``.  ``statement`` is
    plain text; ``statement_latex`` (optional) the same statement typeset as LaTeX, used by the
    LaTeX output when the statement has formulas."""
    paper, dot, rest = claim_id.partition(".")
    if not paper or not dot or not rest:
        raise ValueError(f"claim id {claim_id!r} must be 'paper.name'")

    def mark(derive: Callable) -> Callable:
        setattr(derive, _ATTRIBUTE, Claim(claim_id, paper, where, statement, derive, statement_latex))
        return derive

    return mark


def claim_of(function) -> Claim | None:
    """The claim a function was marked with (None for a helper)."""
    return getattr(function, _ATTRIBUTE, None)


def claims_in(*modules: ModuleType) -> tuple[Claim, ...]:
    """The claims of ``modules``, module by module in the order given, each module's in the
    order its functions are defined (functions imported from elsewhere are not counted)."""
    found: list[Claim] = []
    for module in modules:
        for value in vars(module).values():
            marked = claim_of(value)
            if marked is not None and getattr(value, "__module__", None) == module.__name__:
                found.append(marked)
    return tuple(found)


@dataclass(frozen=True)
class Paper:
    """One paper's claims, in the order they are listed, and its shared preparation.

    ``prepare`` (optional) computes once what several claims use (a property table, say),
    so that per-claim timings measure each claim's own work."""

    name: str
    claims: tuple[Claim, ...]
    prepare: Callable[[], object] | None = None

    def __post_init__(self) -> None:
        strangers = [c.id for c in self.claims if c.paper != self.name]
        if strangers:
            raise ValueError(f"paper {self.name!r} lists claims of another paper: {strangers}")
