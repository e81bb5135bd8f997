"""The property protocol: what every property of every family (Amigo et al., Sebastiani's
axioms, Sebastiani's quantification properties) states about itself and how it is decided.

A :class:`Property` names itself, its kind of measure, its family and source, its one-line
definition and its *readings*, and has a ``decide(measure, reading) -> PropertyResult``.
Properties whose checks share their work (the quantification properties, whose multiclass
verdicts are lifted from the binary ones) are decided together by a :class:`PropertyGroup`: the
driver (:mod:`symmetric.properties.driver`) runs a group once, under one share of the time limit.

Readings.  A paper's definition leaves conventions implicit: is a table where the measure is
undefined a failure or left to SDE/WDE?  Are test sets with one class empty included?  An
:class:`Axis` is one such convention with its named :class:`Choice` s, each naming the source
that implies it; a :class:`Reading` fixes one choice per axis of a property.  The *headline*
reading is the one the paper's own verdicts imply; every verdict names the reading it was
decided in (``PropertyResult.reading``, a plain string such as ``"defined, nondegenerate"``:
choice names are unique across axes, so the string is unambiguous).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import InvalidArgument, UnknownNameError
from ..evidence import PropertyResult, Reading



# a verdict's reading label names the property's choices, then, where the measure's formula
# reads differently in the readings of catalogue.FORMULA_AXES, that one: "defined; zero-reciprocal=limit"
# (Reading.label); code reads the Reading object itself (PropertyResult.decided_in)
FORMULA_SEPARATOR = "; "


def property_reading(name: str) -> str:
    """The property's part of a printed reading label (for text a user wrote; results carry
    the :class:`Reading` in ``decided_in``)."""
    return name.split(FORMULA_SEPARATOR)[0]


@dataclass(frozen=True)
class Choice:
    """One way of settling an axis: its name, what it means, and the source that implies it."""

    name: str                      # plain, unique across axes: "defined", "strict", "bernoulli", ...
    meaning: str                   # one line, plain text
    source: str = ""               # where it comes from (paper and section, or "symmetric's own")


@dataclass(frozen=True)
class Axis:
    """One implicit convention of a definition and its named choices."""

    name: str                      # "definedness", "test-sets", "constant", "model"
    meaning: str
    choices: tuple[Choice, ...]

    def choice(self, name: str) -> Choice:
        """The choice ``name`` (case-insensitive); unknown names get close matches."""
        for c in self.choices:
            if c.name.lower() == str(name).lower():
                return c
        raise UnknownNameError(f"choice of reading axis {self.name!r}", str(name), [c.name for c in self.choices])

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.choices)


@dataclass(frozen=True)
class Property:
    """One property: its identity, definition, source and readings, and how it is decided."""

    name: str                      # as printed in verdict tables: "MON", "CHA", "B-REL"
    kind: str                      # the kind of measure it is about: "classification" | "quantification"
    family: str                    # "amigo" | "sebastiani" | "quantification"
    definition: str                # one line, plain text
    source: str                    # paper and section
    decide: Callable[..., PropertyResult] | None = None   # (measure, **reading kwargs); None: by its group
    group: str | None = None       # the PropertyGroup that decides it with others
    axes: tuple[Axis, ...] = ()    # its implicit conventions
    headline: Reading = Reading()  # the reading the paper's own verdicts imply
    # choices decided by default besides the headline, each a variation of it on one axis (the
    # strict definedness reading: where a paper's reading and the literal one differ, show both)
    also: tuple[tuple[str, str], ...] = ()
    # the data row of a property stated as data (properties.statements: relational or expectation),
    # which the independent cross-check reads to build its own predicate; None for the others
    statement: object = None

    def __post_init__(self) -> None:
        if tuple(a for a, _ in self.headline.choices) != tuple(a.name for a in self.axes):
            raise InvalidArgument("headline", self.headline, f"must choose once per axis of {self.name}, in order")
        for axis, choice in (*self.headline.choices, *self.also):
            self.axis(axis).choice(choice)

    def axis(self, name: str) -> Axis:
        for a in self.axes:
            if a.name == name:
                return a
        raise UnknownNameError(f"reading axis of {self.name}", name, [a.name for a in self.axes])

    def default_readings(self) -> tuple[Reading, ...]:
        """The readings decided when none is asked for: the headline, then each of ``also``."""
        out = [self.headline]
        for axis, choice in self.also:
            r = self.headline.with_choices(self.axes, {axis: choice})
            if r not in out:
                out.append(r)
        return tuple(out)

    def readings(self) -> tuple[Reading, ...]:
        """Every reading: the product of the axes' choices, headline first."""
        out = [()]
        for a in self.axes:
            out = [r + ((a.name, c.name),) for r in out for c in a.choices]
        rest = [Reading(r) for r in out if Reading(r) != self.headline]
        return (self.headline, *rest)


@dataclass(frozen=True)
class PropertyGroup:
    """Properties decided together because their checks share work."""

    name: str
    members: tuple[str, ...]
    decide: Callable[[object], Mapping[str, PropertyResult]]
