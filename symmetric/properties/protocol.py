"""The property protocol: what every property of every family (Amigo et al., Sebastiani's
axioms, Sebastiani's quantification properties) states about itself and how it is decided.

A :class:`Property` names itself, its kind of measure, its family and source, and its one-line
definition, and has a ``decide(measure) -> PropertyResult``.  Properties whose checks share
their work (the quantification properties, whose multiclass verdicts are lifted from the binary
ones) are decided together by a :class:`PropertyGroup`: the driver
(:mod:`symmetric.properties.driver`) runs a group once, under one share of the time limit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..evidence import PropertyResult


@dataclass(frozen=True)
class Property:
    """One property: its identity, definition and source, and how it is decided."""

    name: str                      # as printed in verdict tables: "MON", "CHA[bernoulli]", "B-REL"
    kind: str                      # the kind of measure it is about: "classification" | "quantification"
    family: str                    # "amigo" | "sebastiani" | "quantification"
    definition: str                # one line, plain text
    source: str                    # paper and section
    decide: Callable[[object], PropertyResult] | None = None   # None: decided by its group
    group: str | None = None       # the PropertyGroup that decides it with others


@dataclass(frozen=True)
class PropertyGroup:
    """Properties decided together because their checks share work."""

    name: str
    members: tuple[str, ...]
    decide: Callable[[object], Mapping[str, PropertyResult]]
