"""The property step of a claims file: a printed verdict (holds | fails) of a catalogue property
for a measure, decided by the one property driver in the reading the step names (its choices,
e.g. ``"strict"``, or ``AXIS=CHOICE`` pairs), the property's headline reading otherwise."""

from __future__ import annotations

from ..claims.derivation import Derivation
from ..errors import InputError
from ..logic import Verdict
from .context import ClaimContext
from .outcome import Outcome
from .source import Table


def check_property(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    from ..properties import catalogue, driver
    from ..timelimit import remaining
    name, printed = table.string("property"), table.string("printed")
    if printed not in ("holds", "fails"):
        raise table.error(f"printed must be \"holds\" or \"fails\", got {printed!r}", "printed")
    measure = ctx.names.measure(table.string("measure"), table, "measure")
    try:
        prop = catalogue.named(name, ctx.names.kind)
    except InputError as exc:
        raise InputError(exc.message, **table.where("property")) from None
    reading = reading_of(prop, table)
    left = remaining()                       # the claim's own limit, shared with the checker
    results = driver.check(measure, [prop], time_limit=None if left is None else max(left, 0.01),
                           readings=None if reading is None else dict(reading.choices))
    wanted = prop.headline if reading is None else reading
    claimed = Verdict(printed)
    # the headline reading of the measure's formula (zero-reciprocal=limit) comes first
    result = next((r for r in results if r.decided_in is not None and r.decided_in.name == wanted.name), None)
    if result is None:          # never another reading's verdict in its place
        why = (f"{name} was not decided in the reading {wanted.name}",)
        d.fact(label, None, printed=claimed, derived=Verdict.UNDETERMINED, justification=why)
        return Outcome(Verdict.UNDETERMINED, None, None)
    why = [f"{name} in the reading {result.reading}"] + list(result.proof) + ([result.reason] if result.reason else [])
    status = None if result.verdict is Verdict.UNDETERMINED else result.verdict is claimed
    d.fact(label, status, printed=claimed, derived=result.verdict, justification=tuple(why))
    return Outcome(Verdict.of(status), None, result.verdict if status is False else None)


def reading_of(prop, table: Table):
    """The reading a property step names: choices ("defined", "strict, all") or AXIS=CHOICE pairs,
    each settling one axis of the property; the rest stay as in its headline.  None: the headline."""
    text = table.string("reading", required=False)
    if text is None:
        return None
    chosen = {}
    for part in (t.strip() for t in text.split(",")):
        axis_name, _, choice = part.rpartition("=")
        try:
            axes = [prop.axis(axis_name.strip())] if axis_name else \
                [a for a in prop.axes if choice.lower() in (n.lower() for n in a.names)]
        except InputError as exc:
            raise InputError(exc.message, **table.where("reading")) from None
        if not axes:
            known = [f"{a.name}={c}" for a in prop.axes for c in a.names] or ["none: it has a single reading"]
            raise table.error(f"{prop.name} has no reading {part!r}; its readings: {', '.join(known)}", "reading")
        try:
            chosen[axes[0].name] = axes[0].choice(choice.strip()).name
        except InputError as exc:
            raise InputError(exc.message, **table.where("reading")) from None
    return prop.headline.with_choices(prop.axes, chosen)
