"""The theory steps of a claims file: a printed relation between properties.

* ``consistent = ["P1", "P2", ...]``, ``printed = "consistent" | "inconsistent"``;
* ``implies = ["P", "Q"]``, ``printed = "implies" | "separated"``;

each with an optional ``reading`` ("scope=per-test-set, definedness=defined"), ``max_n`` and ``kind``
("classification", default, or "quantification": Sebastiani's EMQ properties on the grid k/max_n).
Only an unbounded verdict settles a step: an impossibility (a re-checked core on fixed tables,
valid at every bound) confirms "inconsistent" and refutes "consistent"; a schematic separation or
consistency (a catalogue measure whose properties ``check`` proves, :mod:`..theory.schematic`)
settles "separated" / "consistent" either way.  A finite witness or an
implication on the tables up to N agrees or disagrees with the printed verdict only up to N:
the step is undetermined and says what was found.
"""

from __future__ import annotations

from ..claims.derivation import Derivation
from ..errors import InputError
from ..logic import Verdict
from .context import ClaimContext
from .outcome import Outcome
from .source import Table

PRINTED = {"consistent": ("consistent", "inconsistent"), "implies": ("implies", "separated")}


def parse(table: Table, key: str):
    """(names, printed, readings, max_n, kind), every field checked with its place."""
    names = table.strings(key)
    if (key == "implies" and len(names) != 2) or not names:
        raise table.error(f"{key} must list {'two properties, P and Q' if key == 'implies' else 'properties'}", key)
    printed = table.string("printed")
    if printed not in PRINTED[key]:
        raise table.error(f"printed must be {' or '.join(map(repr, PRINTED[key]))}, got {printed!r}", "printed")
    text = table.string("reading", required=False)
    given = tuple(t.strip() for t in text.split(",") if t.strip()) if text else ()
    kind = table.string("kind", required=False) or "classification"
    if kind not in ("classification", "quantification"):
        raise table.error(f"kind must be 'classification' or 'quantification', got {kind!r}", "kind")
    max_n = table.data.get("max_n", 4 if kind == "classification" else 6)
    low = 1 if kind == "classification" else 5
    if not isinstance(max_n, int) or isinstance(max_n, bool) or not low <= max_n <= 8:
        raise table.error(f"max_n must be a whole number from {low} to 8, got {max_n!r}", "max_n")
    from ..theory import run
    if kind == "quantification":
        try:
            run.quantification(names, given, 5)         # encoded names, no readings
        except InputError as exc:
            raise InputError(exc.message, **table.where(key if text is None else "reading")) from None
        return names, printed, given, max_n, kind
    try:
        props = run.properties([part for n in names for part in n.split("+")])      # P1+P2: a conjunction
        run.readings(props, given)
        from ..theory.encode import instances
        for p in props:
            instances(p, {"definedness": "strict"}, 1)      # an encoded property (else the user's error)
    except InputError as exc:
        raise InputError(exc.message, **table.where(key if text is None or "reading" not in exc.message
                                                    else "reading")) from None
    return names, printed, given, max_n, kind


def _check(table: Table, d: Derivation, label, key: str) -> Outcome:
    from ..theory import run
    from ..theory.report import lines
    names, printed, given, max_n, kind = parse(table, key)
    o = run.consistent(names, given, max_n, kind=kind, schematic=True) if key == "consistent" else \
        run.implies(*names, given, max_n, kind=kind, schematic=True)
    if o.verdict == "inconsistent":
        status = printed == "inconsistent"
    elif o.schematic:
        # every size: check proves the measure's properties, the failure is the property's own
        # instance (theory/schematic.py), or the implication is a schema's
        status = printed == o.verdict
    else:
        status = None       # bounded (a finite witness, or an implication up to N): never a proof either way
    why = lines(o)
    if status is None and o.verdict != "undetermined":
        why.append(f"This settles the printed '{printed}' only on the tables up to {max_n}, so the step is "
                   "undetermined.")
    d.fact(label, status, printed=rf"\text{{{printed}}}", derived=rf"\text{{{o.verdict}}}",
           justification=tuple(why))
    # a wrong printed verdict is corrected by the re-checked one (as a property step's is)
    return Outcome(Verdict.of(status), None, o.verdict if status is False else None)


def check_consistent(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    return _check(table, d, label, "consistent")


def check_implies(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    return _check(table, d, label, "implies")
