"""The quantification paper's closing question: is there an evaluation measure for quantification
with all of Sebastiani's properties (REL and ABS exclude each other, so one of them)?  Decided on
the binary codeframe, grid k/den, in two readings of the vertex predictions q = 0 and q = 1:

* ``free``: a vertex value is any value (the grid encoding of :mod:`.quant` as it is);
* ``limit``: a vertex value is the limit of the interior ones, the reading in which the
  catalogue's checkers decide a measure (and in which every catalogue EMQ is continuous); its
  consequences enter as the lemmas of :func:`.quant.vertex_limits`.

Each reading gets the minimal inconsistent sets (re-checked cores: impossibilities on every
grid, not only this one) and the maximal consistent ones (on the grid).  A closed-form measure
for a consistent set is looked up among the catalogue's EMQs by the caller, from the checkers'
proved verdicts (the atlas's cells), never from the grid.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from . import quant
from .subsets import SubsetMap, subset_map

NAMES = ("NN", "IoI", "MON", "IMP", "REL", "ABS", "MAX")
# the catalogue's (checked) names of the binary forms encoded here
CHECKED = {"MON": "B-MON", "IMP": "B-IMP", "REL": "B-REL", "ABS": "B-ABS"}
READINGS = {"free": "a vertex value (prediction q = 0 or 1) is any value",
            "limit": "a vertex value is the limit of the interior values (the checkers' reading)"}


@dataclass(frozen=True)
class Answer:
    den: int
    maps: tuple[tuple[str, SubsetMap], ...]      # (reading, its subset map)
    seconds: float

    def reading(self, name: str) -> SubsetMap:
        return dict(self.maps)[name]

    def verdict(self) -> str:
        """The answer in the checkers' reading: is a set with every property but one of REL, ABS
        consistent there?"""
        limit = self.reading("limit")
        wanted = (set(NAMES) - {"ABS"}, set(NAMES) - {"REL"})
        if all(any(set(o.properties) <= s for o in limit.minimal_inconsistent) for s in wanted):
            return "impossible"
        return "undetermined" if limit.undetermined else "consistent on the grid"

    def to_json(self) -> dict:
        return {"question": "is there an EMQ with NN, IoI, MON, IMP, MAX and one of REL, ABS (binary forms)?",
                "grid": f"k/{self.den}", "verdict": self.verdict(), "seconds": round(self.seconds, 1),
                "readings": {name: {"meaning": READINGS[name], **m.to_json()} for name, m in self.maps}}


def answer(den: int = quant.DEFAULT_DEN) -> Answer:
    start = time.perf_counter()
    groups = [quant.instances(n, den) for n in NAMES]
    readings = [("kind", "quantification"), ("grid", f"k/{den}")]
    maps = (("free", subset_map(NAMES, groups, den, readings + [("vertices", "free")])),
            ("limit", subset_map(NAMES, groups, den, readings + [("vertices", "limit")],
                                 extra=lambda chosen: quant.vertex_limits(chosen, den))))
    return Answer(den, maps, time.perf_counter() - start)
