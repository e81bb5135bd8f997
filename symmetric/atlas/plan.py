"""What the atlas computes: catalogue measures x properties x readings, as cells and units.

A :class:`Cell` is one verdict: (kind, measure, property, reading).  A :class:`Unit` is one
decision of the checker driver: a property alone in one reading (one cell), or the chosen members
of a property group for one measure (the quantification properties are decided together: one
unit, one time limit, one cell per member).  The catalogue is read generically (every measure of
:mod:`symmetric.measures.registry`, every property of :mod:`symmetric.properties.catalogue`, every
reading a property declares), so measures, properties and readings added there appear here
without edits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InputError, UnknownNameError
from ..measures import registry
from ..properties import catalogue
from ..properties.protocol import Property, Reading

KINDS = ("classification", "quantification")
READINGS = ("default", "all")     # headline + default alternates, or every reading of every property


@dataclass(frozen=True, order=True)
class Cell:
    kind: str
    measure: str
    property: str
    reading: str


@dataclass(frozen=True)
class Unit:
    """One decision: ``pairs`` = ((property name, reading name), ...) of one measure."""

    kind: str
    measure: str
    pairs: tuple[tuple[str, str], ...]

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(Cell(self.kind, self.measure, p, r) for p, r in self.pairs)


def readings(p: Property, which: str) -> tuple[Reading, ...]:
    """The readings of ``p`` in the atlas: its headline and default alternates, or all of them."""
    return p.readings() if which == "all" else p.default_readings()


def property_pairs(kind: str, prop: str, reading: str) -> tuple[Property, Reading]:
    """The property and reading objects a cell names (the reading by its printed name)."""
    p = catalogue.named(prop, kind)
    for r in p.readings():
        if r.name == reading:
            return p, r
    raise UnknownNameError(f"reading of {p.name}", reading, [r.name for r in p.readings()])


def _chosen(names: Sequence[str], known: dict[str, list[str]], noun: str) -> dict[str, list[str]]:
    """{kind: [names]} of the names asked for (all when none); an unknown name gets close matches
    among every kind's names."""
    if not names:
        return known
    out: dict[str, list[str]] = {kind: [] for kind in known}
    everything = [n for ns in known.values() for n in ns]
    for name in names:
        hits = [(kind, n) for kind, ns in known.items() for n in ns if n.lower() == name.lower()]
        if not hits:
            raise UnknownNameError(noun, name, everything, source=f"--{noun.split()[-1]}")
        for kind, n in hits:
            if n not in out[kind]:
                out[kind].append(n)
    return out


def _measure_names(names: Sequence[str]) -> dict[str, list[str]]:
    known = {kind: list(registry.names(kind)) for kind in KINDS}
    if not names:
        return known
    out: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for name in names:
        try:
            m = registry.get(name, KINDS)       # aliases too
        except UnknownNameError:
            raise UnknownNameError("measure", name, registry.names(KINDS), source="--measure") from None
        kind = next(k for k in KINDS if m.name in known[k])
        if m.name not in out[kind]:
            out[kind].append(m.name)
    return out


def _refuse_unused(by_kind: dict[str, list[str]], props: dict[str, list[str]]) -> None:
    for kind in KINDS:
        if by_kind[kind] and not props[kind]:
            raise InputError(f"--measure {', '.join(by_kind[kind])}: no chosen property is of the {kind} kind, "
                             "so nothing would be computed for it (add one, or drop the measure)")
        unused = [n for n in props[kind] if not any(n in props[k] and by_kind[k] for k in KINDS)]
        if unused:
            raise InputError(f"--property {', '.join(unused)}: no chosen measure is of the {kind} kind, "
                             "so nothing would be computed for it (add one, or drop the property)")


def units(measures: Iterable[str] = (), properties: Iterable[str] = (), which: str = "default") -> tuple[Unit, ...]:
    """Every unit of the atlas, in table order (measures in catalogue order, properties in
    catalogue order, headline reading first), restricted to the named measures and properties."""
    if which not in READINGS:
        raise UnknownNameError("readings selection", which, READINGS, source="--readings")
    by_kind = _measure_names(tuple(measures))
    props = _chosen(tuple(properties), {k: [p.name for p in catalogue.for_kind(k)] for k in KINDS}, "property")
    if not any(by_kind[k] and props[k] for k in KINDS):
        raise InputError("the chosen measures and properties have no kind in common: nothing to compute "
                         f"(measures: {by_kind}, properties: {props})")
    if measures and properties:     # a named measure or property that applies to no cell would be ignored
        _refuse_unused(by_kind, props)
    out = []
    for kind in KINDS:
        chosen = [catalogue.named(n, kind) for n in props[kind]]
        for measure in by_kind[kind]:
            members: dict[str, list[tuple[str, str]]] = {}      # group -> its chosen (property, reading)
            order: list[Unit | str] = []                        # a unit, or a group at its first member
            for p in chosen:
                if p.group is None:
                    order += [Unit(kind, measure, ((p.name, r.name),)) for r in readings(p, which)]
                    continue
                if p.group not in members:
                    members[p.group] = []
                    order.append(p.group)
                members[p.group].append((p.name, p.headline.name))
            out += [Unit(kind, measure, tuple(members[u])) if isinstance(u, str) else u for u in order]
    return tuple(out)
