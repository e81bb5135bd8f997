"""The compact terminal summary of ``symmetric check``: a properties x measures matrix, one cell
per (property, measure) with the headline verdict, and the other readings' verdicts beside it only
where they differ (a reader sees at once where the strict reading changes the answer).

Plain strings only (no rich): the command draws them, the tests read them.

A reading is shown as data, never confused with the prose: a property decided in a reading
(``defined``: a choice on its definedness axis) is labelled with that choice; a property that has
no reading axes at all is labelled :data:`NO_AXES` ("as defined" is the word for it in the
results, which read too much like the choice "defined").
"""

from __future__ import annotations

from ..evidence import NO_READING
from ..logic import Verdict

# what a property without reading axes shows in the reading column
NO_AXES = "—"
WORDS = {Verdict.HOLDS: "holds", Verdict.FAILS: "fails", Verdict.UNDETERMINED: "undetermined"}


def reading_label(result) -> str:
    """The reading of a result as shown to a reader: its choices, or :data:`NO_AXES`."""
    reading = getattr(result, "reading", "") or NO_READING
    if reading == NO_READING:
        return NO_AXES
    return reading


def _difference(headline, other) -> str:
    """How ``other``'s reading differs from the headline's: the choices that changed (``strict``),
    the whole reading when the results carry no reading data."""
    a, b = getattr(headline, "decided_in", None), getattr(other, "decided_in", None)
    if a is not None and b is not None:
        changed = [c for (axis, c) in b.choices if dict(a.choices).get(axis) != c]
        changed += [f"{axis}={c}" for axis, c in b.formula if dict(a.formula).get(axis) != c]
        if changed:
            return ", ".join(changed)
    return other.reading or NO_READING


def by_property(results) -> dict[str, list]:
    """One measure's results grouped by property, the headline (the driver's first) first."""
    out: dict[str, list] = {}
    for r in results:
        out.setdefault(r.property, []).append(r)
    return out


def cell(rows) -> str:
    """A matrix cell: the headline verdict, then each other reading whose verdict differs."""
    headline, others = rows[0], rows[1:]
    text = WORDS[headline.verdict]
    differing = [f"{_difference(headline, r)}: {WORDS[r.verdict]}" for r in others if r.verdict is not headline.verdict]
    return text + (f" ({'; '.join(differing)})" if differing else "")


def matrix(results) -> tuple[list[str], list[list[str]]]:
    """``results`` = [(measure name, property results)]: the header (property, headline reading,
    one column per measure) and a row per property, in the order the properties were decided.
    A measure whose headline reading of a property is not the one of the reading column has its
    reading in its cell (quantification and classification properties share no rows)."""
    order: list[str] = []
    grouped = []
    for _, rs in results:
        groups = by_property(rs)
        grouped.append(groups)
        order += [p for p in groups if p not in order]
    header = ["property", "headline reading", *(name for name, _ in results)]
    rows = []
    for prop in order:
        readings = [reading_label(g[prop][0]) for g in grouped if prop in g]
        shown = max(set(readings), key=readings.count)
        cells = []
        for g in grouped:
            if prop not in g:
                cells.append("")
                continue
            text = cell(g[prop])
            own = reading_label(g[prop][0])
            cells.append(text if own == shown else f"{text} [{own}]")
        rows.append([prop, shown, *cells])
    return header, rows


def by_kind(results) -> list[tuple[str, list]]:
    """``results`` = [(kind name, measure name, property results)] split by kind, in first-seen
    order: classification and quantification properties share names (MON) but not meaning."""
    kinds: dict[str, list] = {}
    for kind, name, rs in results:
        kinds.setdefault(kind, []).append((name, rs))
    return list(kinds.items())


def open_questions(results) -> list[tuple[str, str, str]]:
    """(measure, property, reading) of every headline verdict that is undetermined."""
    return [(name, prop, reading_label(rows[0])) for name, rs in results
            for prop, rows in by_property(rs).items() if rows[0].verdict is Verdict.UNDETERMINED]


def counts(results) -> str:
    """One line: the headline verdicts counted over every measure."""
    tally = {v: 0 for v in WORDS}
    for _, rs in results:
        for rows in by_property(rs).values():
            tally[rows[0].verdict] += 1
    return ", ".join(f"{tally[v]} {WORDS[v]}" for v in WORDS)
