"""The one result type of every property checker (Amigo's, Sebastiani's, quantification).

A checker returns ``holds`` with a proof, ``fails`` with an exact counterexample (re-checked in
rational arithmetic before it is returned) or a proof of failure, or ``undetermined`` with the
reason.  The proof is mathematics, not text: a tuple of :class:`~symmetric.evidence.Sentence`
whose slots hold sympy objects and tables; :mod:`symmetric.render` typesets it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..evidence import Counterexample, Sentence, as_sentence
from ..logic import Verdict


@dataclass(frozen=True)
class PropertyResult:
    property: str                     # short name, e.g. "SM", "NIFQ", "MON", "CHA[uniform-size]"
    measure: str
    verdict: Verdict
    proof: tuple[Sentence, ...] = ()  # the argument, line by line
    counterexample: Counterexample | None = None   # re-checked exactly before it was built
    reason: Sentence | str = ""       # why undetermined (or a short summary)
    # structured findings other code relies on (e.g. ("threshold", (c, theta, direction)))
    data: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "proof", tuple(as_sentence(line) for line in self.proof))
        if self.counterexample is not None and not isinstance(self.counterexample, Counterexample):
            raise TypeError(f"counterexample must be a Counterexample, got {type(self.counterexample).__name__}")

    def datum(self, key: str):
        return dict(self.data).get(key)

