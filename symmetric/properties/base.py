"""The common result type of every property checker (Amigo's, Sebastiani's, quantification).

A checker returns ``holds`` with a proof, ``fails`` with an exact counterexample (re-checked
in rational arithmetic before it is returned) or a proof of failure, or ``undetermined``
with the reason.  Proof lines are plain text with ``$...$`` mathematics.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class PropertyVerdict(str, Enum):
    HOLDS = "holds"
    FAILS = "fails"
    UNDETERMINED = "undetermined"


@dataclass(frozen=True)
class PropertyResult:
    property: str                     # short name, e.g. "SM", "NIFQ", "MON", "CHA[uniform-size]"
    measure: str
    verdict: PropertyVerdict
    proof: tuple[str, ...] = ()       # the argument, line by line
    counterexample: dict | None = None  # exact values (as strings) of a re-checked counterexample
    reason: str = ""                  # why undetermined (or a short summary)
    # structured findings other code relies on (e.g. ("threshold", (c, theta, direction)));
    # kept out of the JSON report, which carries the proof text instead
    data: tuple = ()

    def datum(self, key: str):
        return dict(self.data).get(key)

    def as_json(self) -> dict:
        return {"property": self.property, "verdict": self.verdict.value,
                "proof": list(self.proof), "counterexample": self.counterexample,
                "reason": self.reason}
