"""Every-size (schematic) upgrades of the bounded verdicts of :mod:`.decide`.

A separation or a consistency found on the tables up to N names a catalogue measure X doing the
same on the grid.  Two facts then make it hold for every size:

* the failure of Q at X is already unbounded: it is an instance of Q (a constraint Q puts on one
  or a few fixed tables) that fails at X's exact values, or, for a Q with unknowns of its own, a
  re-checked core of Q's instances that no value of them satisfies; Q's instances up to N are
  some of Q's instances at every larger bound;
* X has P on every table: ``check`` proves it (a symbolic proof), in the reading that matches the
  encoding's -- the same definedness choice, and a checker whose domain covers the encoding's
  (below).

Only then is the verdict marked schematic; anything short of it (a property ``check`` cannot
prove, a reading without a matching one, a parametric measure, a measure whose formula reads
differently in the formula readings) leaves the bounded verdict as it was, with the reason.

Which checkers cover the encoding's domain (every table with |D| >= 1, degenerate test sets
included, or those with AP, AN >= 1 for ``test-sets=nondegenerate``):

* Sebastiani's axioms: the checkers quantify over every test set with AP + AN >= 1, AP = 0 and
  AN = 0 included (:mod:`symmetric.properties.sebastiani.testsets`), with the ``definedness``
  axis named as the encoding's; SDE and WDE have no axis (their encoding exists in the
  ``defined`` reading only);
* Amigo et al.'s SM, NIFQ, NIGQ: ``definedness`` and ``test-sets`` axes named as the encoding's
  (NIFQ and NIGQ quantify over probabilities; the non-informative tables are points of them);
* relational statements (Gosgens et al.'s rows): the encoding takes its clauses from the very
  statement the checker proves (:mod:`symmetric.properties.relational`, every table).

In the ``strict`` reading a measure is a total function of the table: SDE must be proved too
(the grid up to N shows totality only there).
"""

from __future__ import annotations

import dataclasses

from ..logic import Verdict

SEBASTIANI = ("MON", "FIX", "CHA", "IMB", "SYM", "SDE", "WDE")
AMIGO = ("SM", "NIFQ", "NIGQ")


def _covered(prop) -> str | None:
    """Why ``check``'s verdict of prop covers the encoding's instances, or None."""
    from ..properties.statements import RelationalStatement
    if prop.name in SEBASTIANI:
        return "Sebastiani's checker: every test set with AP + AN >= 1"
    if prop.name in AMIGO:
        return "Amigo et al.'s checker, in the same test-sets reading"
    if isinstance(getattr(prop, "statement", None), RelationalStatement):
        return "the relational checker proves the statement the encoding instantiates, on every table"
    return None


def check_reading(prop, reading: dict) -> tuple[dict | None, str]:
    """The {axis: choice} to ask ``check`` for, so that its "holds" covers the encoding of prop
    in ``reading`` (the theory's readings), or (None, why not)."""
    why = _covered(prop)
    if why is None:
        return None, f"no checker of {prop.name} is known to cover its table encoding"
    axes = {a.name for a in prop.axes}
    wanted = {a: reading[a] for a in axes if a in reading}
    # an axis the property lacks: its checker covers every choice of it (the list above)
    return wanted, why


def prove_measure(measure_name: str, props, reading: dict, time_limit: float | None = 30) -> tuple[bool, list[str]]:
    """(True, one line per proof) when ``check`` proves that the catalogue measure has every
    property of ``props`` (Property objects) in readings covering their encodings in ``reading``;
    (False, the reason) otherwise.  Nothing is assumed from the grid."""
    from ..measures.registry import get
    from ..properties import driver
    from ..properties.catalogue import named
    measure = get(measure_name)
    if measure.params:
        return False, [f"{measure_name} has parameters (the grid used one setting)"]
    wanted = list(props)
    if reading.get("definedness", "strict") == "strict" and "SDE" not in {p.name for p in wanted}:
        wanted.append(named("SDE", "classification"))      # a total function, on every table
    lines = []
    for prop in wanted:
        # SDE as the totality of a strict reading: asked in its own (only) reading
        choices, why = check_reading(prop, {**reading, "definedness": "defined"} if prop.name == "SDE"
                                     else reading)
        if choices is None:
            return False, [why]
        result = driver.decide(measure, prop, choices or None, time_limit=time_limit)
        decided = result.decided_in
        if decided is not None and decided.formula:
            return False, [f"{measure_name} reads differently in the formula readings ({decided.label})"]
        if decided is not None and any(dict(decided.choices).get(a) != c for a, c in choices.items()):
            return False, [f"check decided {prop.name} in {decided.name}, not the reading asked"]
        if result.verdict != Verdict.HOLDS:
            return False, [f"check does not prove {prop.name} of {measure_name} "
                           f"({result.verdict.value} in {result.reading or 'its reading'})"]
        lines.append(f"{prop.name} holds for {measure_name} ({result.reading or 'as defined'}): proved by check; "
                     f"{why}")
    return True, lines


def _contradicted(name: str, failing, reading: dict, time_limit) -> str:
    """A note when ``check`` proves every property of ``failing`` of the measure (the grid says
    one of them fails at its exact values: one of the two is wrong), else ""."""
    if not failing:
        return ""
    from ..properties import driver
    from ..measures.registry import get
    for prop in failing:
        choices, _ = check_reading(prop, reading)
        if choices is None or driver.decide(get(name), prop, choices or None,
                                            time_limit=time_limit).verdict != Verdict.HOLDS:
            return ""
    return (f"check proves {'+'.join(p.name for p in failing)} of {name}, which fails on the grid: "
            "refused, to be investigated")


def grid_candidates(catalogue, finder, limit: int = 3):
    """The catalogue measures that do it on the grid, in the catalogue's order (``finder``:
    the first in a catalogue, or None -- :func:`.decide.first_measure` or
    :func:`.separate.catalogue_separation`), at most ``limit``."""
    rest = list(catalogue)
    for _ in range(limit):
        name = finder(rest)
        if name is None:
            return
        yield name
        rest = rest[[n for n, _ in rest].index(name) + 1:]


def upgrade(outcome, props, reading: dict, candidates, failing=(), time_limit: float | None = 30):
    """The outcome made schematic by the first of ``candidates`` (catalogue measures that do it
    on the grid, the outcome's own first) whose properties ``props`` check proves (see the
    module's docstring); else unchanged but for the reason (``schematic_note``).  ``failing``:
    Q's properties, which the measure fails on the grid; a candidate that check proves has all
    of them contradicts the exact failure and is refused (defence in depth, never expected)."""
    if outcome.verdict not in ("separated", "consistent") or not outcome.measure:
        return outcome
    notes = []
    for name in candidates:
        ok, lines = prove_measure(name, props, reading, time_limit)
        if ok and outcome.verdict == "separated":
            clash = _contradicted(name, failing, reading, time_limit)
            if clash:
                notes.append(clash)
                continue
        if ok:
            return dataclasses.replace(outcome, measure=name, schematic=True, proofs=tuple(lines))
        notes.append(lines[0])
    return dataclasses.replace(outcome, schematic_note="; ".join(notes) or "no catalogue measure to prove")
