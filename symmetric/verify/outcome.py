"""What a checked step tells its claim's conclusion."""

from __future__ import annotations

from dataclasses import dataclass

from ..logic import Verdict


@dataclass(frozen=True)
class Outcome:
    """What a step found, for the claim's conclusion."""

    status: Verdict
    refutation: tuple | None = None        # (negated relation, exact point, description)
    correction: object = None              # the derived form (a wrong printed result)
