"""What ``symmetric check`` asks of the library, as data, and the call that answers it.

The command line turns its options into a :class:`CheckRequest` (checking every option on the
way: its messages name the options), :func:`run` decides it through the one checker driver, and
the renderers (:mod:`symmetric.render.check_terminal`, :mod:`symmetric.render.check_outputs`)
show and write what it returns.  Nothing here prints or writes a file.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..config import Settings, configured, settings
from ..evidence import PropertyResult
from ..properties import driver, parallel_units
from .kinds import Kind


@dataclass(frozen=True)
class CheckOutputs:
    """Where the results go besides the terminal: a JSON report (None: none; "-": standard
    output), the LaTeX folder and whether to build its PDF, the terminal form."""

    json_file: str | None = None
    latex_dir: str = "latex_out/check"
    pdf: bool = True
    details: bool = False           # a row per verdict instead of the matrix
    sketch: bool = False            # also a paste-ready proof sketch per measure (render/sketch.py)
    force: bool = False             # write into a folder that is not symmetric's


@dataclass(frozen=True)
class CheckRequest:
    """Measures (each with its kind), the properties (None: the catalogue's for each kind), the
    readings asked for besides the headline ({axis: choices}, checked), the time limit per
    measure, whether the default alternates are decided too, the search settings and the
    outputs."""

    measures: tuple[tuple[Kind, object], ...]
    properties: tuple | None = None
    readings: tuple[tuple[str, tuple[str, ...]], ...] = ()
    time_limit: float | None = 60.0
    alternates: bool = True
    workers: int | None = None          # None: parallel_units.idle_workers() when the run starts
    settings: Settings = field(default_factory=settings)
    outputs: CheckOutputs = CheckOutputs()

    def readings_for(self, kind: str) -> dict[str, tuple[str, ...]]:
        """The readings that apply to some property of ``kind`` (the others are for the other kind)."""
        from ..properties import catalogue
        axes = {a.name for p in catalogue.for_kind(kind) for a in p.axes} | \
            {a.name for a in catalogue.FORMULA_AXES[kind]}
        return {a: c for a, c in self.readings if a in axes}


Checked = tuple[Kind, object, tuple[PropertyResult, ...]]


@dataclass(frozen=True)
class Listener:
    """What the interface hears while a request runs (each optional): a measure about to be
    checked, each verdict as it is decided (with its seconds; None when decided in a group), and
    a measure done (with its seconds)."""

    starting: Callable[[Kind, object], None] = lambda kind, measure: None
    decided: Callable[[PropertyResult, float | None], None] | None = None
    done: Callable[[Checked, float], None] = lambda checked, seconds: None


def run(request: CheckRequest, listener: Listener = Listener()) -> list[Checked]:
    """Every measure of ``request`` checked, in order, under its settings."""
    out: list[Checked] = []
    with configured(**dataclasses.asdict(request.settings)):
        for kind, measure in request.measures:
            listener.starting(kind, measure)
            start = time.perf_counter()
            found = driver.check(measure, request.properties, time_limit=request.time_limit,
                                 progress=listener.decided, readings=request.readings_for(kind.name),
                                 alternates=request.alternates,
                                 workers=request.workers or parallel_units.idle_workers())
            out.append((kind, measure, found))
            listener.done(out[-1], time.perf_counter() - start)
    return out
