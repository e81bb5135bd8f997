"""The tuning constants of symmetric, in one frozen object.

Every bound of a search, sample count and solver timeout lives here, so that a run is
described by one value (as latexify_py's ``Config``) and a caller can change it for one block::

    from symmetric.config import configured
    with configured(sebastiani_search_n=6):
        ...

The current settings are held in a ContextVar: a change made in one thread or context does not
leak into another.  None of these bounds is a time limit of its own: time is bounded only by
the one mechanism of :mod:`symmetric.timelimit`, set from the API's or the CLI's
``time_limit``.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from .errors import InvalidArgument, InvalidArgumentType


@dataclass(frozen=True)
class Settings:
    """Bounds of the exhaustive searches and of the deciders.  Larger bounds find more
    counterexamples and cost more time; none of them turns evidence into proof."""

    # deciders (symmetric.checks.decide)
    z3_timeout_ms: int = 1500            # per z3 query, as work (timelimit.budget_z3), cut by what is left of the time limit
    sample_points: int = 40              # exact sample points tried for witnesses
    early_points: int = 3                # tried before an expensive simplification
    # Amigo et al.'s properties: all tables with |T| <= amigo_search_n; non-informative ones
    amigo_search_n: int = 7
    noninformative_search_n: int = 16
    # Sebastiani's axioms: all test sets with |D| <= sebastiani_search_n; expectations; limits
    sebastiani_search_n: int = 8
    cha_search_n: int = 6
    con_search_n: int = 3
    # quantification (Sebastiani's EMQ axioms): exact searches on the binary codeframe walk the
    # grid k/quant_coarse_grid, then k/quant_fine_grid (only when the coarse one found nothing);
    # the quant_candidates most violating candidates of a grid (float prefilter) are re-checked
    # exactly; prevalences 0 and 1 are searched on the grid k/quant_edge_grid
    quant_coarse_grid: int = 10
    quant_fine_grid: int = 20
    quant_candidates: int = 40
    quant_edge_grid: int = 10
    # time limit of one measure's check when none is given (seconds; None: no limit)
    default_time_limit: float | None = 60.0

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "default_time_limit":
                if value is not None and (not isinstance(value, (int, float)) or isinstance(value, bool)):
                    raise InvalidArgumentType(f.name, value, "must be a number of seconds or None")
                if value is not None and not value >= 0:
                    raise InvalidArgument(f.name, value, "must be >= 0")
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidArgumentType(f.name, value, "must be an int")
            if value < 1:
                raise InvalidArgument(f.name, value, "must be >= 1")

    def merge(self, **changes) -> "Settings":
        """A copy with ``changes`` applied; an unknown name is an InvalidArgument."""
        names = {f.name for f in dataclasses.fields(self)}
        for name in changes:
            if name not in names:
                raise InvalidArgument(name, changes[name], f"not a setting (settings: {', '.join(sorted(names))})")
        return dataclasses.replace(self, **changes)


_current: ContextVar[Settings] = ContextVar("symmetric_settings", default=Settings())


def settings() -> Settings:
    """The settings in force."""
    return _current.get()


@contextlib.contextmanager
def configured(**changes) -> Iterator[Settings]:
    """Run a block with some settings changed (restored on the way out)."""
    token = _current.set(settings().merge(**changes))
    try:
        yield _current.get()
    finally:
        _current.reset(token)
