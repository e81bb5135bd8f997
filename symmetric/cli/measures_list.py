"""``symmetric list measures``: the measure catalogue, one tab-separated line per measure, and
with ``--zeros`` the value of each classification measure on the 15 zero patterns of the table.

A measure line holds: name, kind, orientation (``higher`` or ``lower`` is better), formula
(count form; for quantification the per-class term and the outer transformation), aliases
(comma-separated), zero convention (classification: ``rule: what it says``, then which
scikit-learn ``zero_division`` matches it, or how scikit-learn and PyCM differ), source.

A PREFIX selects the measures whose name or alias equals it (case-insensitive); when none does,
those whose name, alias or kind starts with it.  A PREFIX that selects nothing is a user error
with close matches.
"""

from __future__ import annotations

import click

from ..errors import UnknownNameError
from ..measures import registry
from ..measures.conventions import CONVENTIONS
from ..measures.paper_aliases import paper_aliases
from ..render import text as text_render

_ORIENTATION = {1: "higher", -1: "lower"}


def _entries() -> list[tuple[str, object]]:
    return [(kind, m) for kind in registry.KINDS for m in registry.all_measures(kind)]


def _aliases(kind: str, measure) -> tuple[str, ...]:
    """The catalogue's aliases, then the spellings papers print that ``verify`` reads (ACC, Prec, kappa)."""
    own = tuple(getattr(measure, "aliases", ()))
    return own + tuple(a for a in paper_aliases(kind, measure.name) if a not in own)


def _keys(kind: str, measure) -> tuple[str, ...]:
    return (measure.name, *_aliases(kind, measure))


def select(prefixes: tuple[str, ...]) -> list[tuple[str, object]]:
    """The catalogue entries (kind, measure) the prefixes choose, in catalogue order."""
    rows = _entries()
    if not prefixes:
        return rows
    chosen: list[tuple[str, object]] = []
    for prefix in prefixes:
        low = prefix.lower()
        hits = [r for r in rows if any(k.lower() == low for k in _keys(*r))]
        if not hits:
            hits = [r for r in rows if any(k.lower().startswith(low) for k in (*_keys(*r), r[0]))]
        if not hits:
            raise UnknownNameError("measure, alias or kind", prefix,
                                   sorted({k for r in rows for k in (*_keys(*r), r[0])}))
        chosen.extend(h for h in hits if h not in chosen)
    return [r for r in rows if r in chosen]


def _formula(kind: str, measure) -> str:
    if kind == "quantification":
        outer = text_render.plain(measure.outer)
        return f"term = {text_render.plain(measure.term)}" + ("" if outer == "R" else f"; E = {outer}")
    return text_render.plain(measure.count_form)


def _convention(kind: str, measure) -> str:
    conv = CONVENTIONS.get(measure.name) if kind == "classification" else None
    if conv is None:
        return ""
    parts = [f"{conv.rule}: {conv.says}" if conv.says else conv.rule]
    if conv.sklearn_differs:
        parts.append(f"scikit-learn {conv.sklearn} differs: {conv.sklearn_differs}")
    elif conv.sklearn:
        matches = {"nan": "zero_division=nan", "": ""}.get(conv.zero_division, f"zero_division={conv.zero_division}")
        if conv.zero_division.startswith("replace_undefined_by"):
            matches = conv.zero_division
        parts.append(f"scikit-learn {conv.sklearn}" + (f" with {matches}" if matches else ""))
    if conv.pycm_differs:
        parts.append(f"PyCM {conv.pycm} differs: {conv.pycm_differs}")
    return "; ".join(parts)


def line(kind: str, measure) -> str:
    orientation = _ORIENTATION.get(getattr(measure, "orientation", -1))   # quantification errors: lower
    return "\t".join((measure.name, kind, orientation, _formula(kind, measure),
                      ",".join(_aliases(kind, measure)), _convention(kind, measure),
                      getattr(measure, "source", "") or "Sebastiani (2015), quantification"))


def zero_lines(measure) -> list[str]:
    """One line per zero pattern: name, the zero cells, how the value arises, the value."""
    from ..measures.zeros import zero_pattern_values     # sympy limits: only when asked
    return ["\t".join((measure.name, pv.describe(), pv.how,
                       text_render.plain(pv.value) if pv.value is not None else "undefined"))
            for pv in zero_pattern_values(measure)]


def list_measures(prefixes: tuple[str, ...], zeros: bool) -> None:
    rows = select(prefixes)
    if not zeros:
        for kind, measure in rows:
            click.echo(line(kind, measure))
        return
    classification = [m for kind, m in rows if kind == "classification"]
    if not classification:
        raise UnknownNameError("classification measure (--zeros is about the contingency table)",
                               " ".join(prefixes), registry.names("classification"))
    for measure in classification:
        for text in zero_lines(measure):
            click.echo(text)
