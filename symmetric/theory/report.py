"""Plain-text report of a theory verdict: the impossibility proof (the tables, the property
instances that relate them, the chain that closes on itself), or the witness."""

from __future__ import annotations

from .decide import Outcome, witness_lines
from .encode import show
from .formula import Atom, Lit, Or


def _relation(f) -> str:
    """The constraint without its definedness guards, as text."""
    if isinstance(f, Or):
        rest = [i for i in f.items if not (isinstance(i, Lit) and not i.positive)]
        if len(rest) == 1 and len(rest) < len(f.items):
            guards = [i.var for i in f.items if isinstance(i, Lit) and not i.positive]
            return f"{_relation(rest[0])}   (where {', '.join(guards)})"
    return f.text()


def _chain(core) -> list:
    """Order the instances so that each shares an unknown with the next (a cycle reads as one)."""
    left, out = list(core), []
    while left:
        nxt = left.pop(0) if not out else next(
            (i for i in left if _vars(i) & _vars(out[-1])), left[0])
        if nxt in left:
            left.remove(nxt)
        out.append(nxt)
    return out


def _vars(i) -> set:
    f = i.formula
    if isinstance(f, Atom):
        return f.variables
    if isinstance(f, Or):
        return set().union(*(a.variables for a in f.items if isinstance(a, Atom)))
    return set()


def lines(o: Outcome, max_cores: int = 3) -> list[str]:
    props = " ".join(o.properties)
    read = ", ".join(f"{a}={c}" for a, c in o.readings)
    quantification = dict(o.readings).get("kind") == "quantification"
    where = (f"binary codeframe, prevalences on the grid k/{o.bound}; lower is better" if quantification else
             f"tables with 1 <= |D| <= {o.bound}; higher is better")
    out = [f"{o.question} {props}  [{read}; {where}]", f"verdict: {o.verdict}"]
    if o.verdict == "inconsistent":
        core = o.cores[0]
        tables = sorted({t for i in core for t in i.tables}, key=lambda t: (sum(t), t))
        on = ("the tables " + ", ".join(show(t) for t in tables)) if tables else "the grid"
        out.append(f"No measure has all of {props}: {len(core)} property instances on {on} contradict each other:")
        for i in _chain(core):
            out.append(f"  {_relation(i.formula)}")
            out.append(f"      [{i.text}]")
        out.append(f"Re-checked exactly: {o.recheck}.")
        out.append("The instances are the properties' own at fixed points (tables, or prevalences and predictions): "
                   "the impossibility holds outright, not only up to the bound.")
    elif o.verdict == "implies" and o.schematic:
        out.append(f"{o.properties[0]} implies {o.properties[1]} on tables of every size (schematic: instances "
                   "at symbolic tables, re-checked exactly):")
        out += [f"  {line}" for line in o.proofs]
        out.append(f"On the tables up to {o.bound} as well: {o.recheck}.")
    elif o.verdict == "implies":
        out.append(f"{o.properties[0]} implies {o.properties[1]} on the tables up to {o.bound} "
                   "(bounded: a larger table is not covered).")
        out.append(f"Re-checked exactly: {o.recheck}.")
        for k, core in enumerate(o.cores[:max_cores]):
            out.append(f"  certificate {k + 1} of {len(o.cores)}:")
            for i in _chain(core):
                out.append(f"    {_relation(i.formula)}      [{i.text}]")
        if len(o.cores) > max_cores:
            out.append(f"  ... {len(o.cores) - max_cores} more distinct certificates (--json has them all)")
    elif o.verdict in ("consistent", "separated"):
        if o.verdict == "consistent":
            out.append(f"Some function of the table has all of {props} on the tables up to {o.bound} "
                       "(a finite witness, re-evaluated exactly; larger tables are not covered).")
        elif o.failed is not None:
            out.append(f"{o.properties[0]} does not imply {o.properties[1]}: a function of the table has "
                       f"{o.properties[0]} on the tables up to {o.bound} while this instance of "
                       f"{o.properties[1]} fails (re-evaluated exactly):")
            out.append(f"  {o.failed.text}:  {_relation(o.failed.formula)}")
        else:
            out.append(f"{o.properties[0]} does not imply {o.properties[1]}: a function of the table has "
                       f"{o.properties[0]} on the tables up to {o.bound}, and at its values these instances of "
                       f"{o.properties[1]} cannot all hold, whatever its own unknowns (primed) are:")
            for i in _chain(o.cores[0]):
                out.append(f"  {_relation(i.formula)}      [{i.text}]")
            out.append(f"  Re-checked exactly with the witness's values: {o.recheck}.")
        if o.schematic:
            out.append(f"Schematic (every size): the catalogue measure {o.measure} "
                       + ("has all of them" if o.verdict == "consistent" else
                          f"has {o.properties[0]} and fails {o.properties[1]} at its exact values on the grid")
                       + ", proved:")
            out += [f"  {line}" for line in o.proofs]
        elif o.measure:
            what = "passes the same instances" if o.verdict == "consistent" else "does the same"
            out.append(f"The catalogue measure {o.measure} {what} on the grid (a finite witness; run `symmetric "
                       f"check --measure {o.measure}` for proofs).")
            if o.schematic_note:
                out.append(f"  (not schematic: {o.schematic_note})")
        else:
            out.append("No catalogue measure with rational values on the grid does the same.")
        if quantification:
            out.append("Witness (the first values, M(q,p) = E at prediction q, true prevalence p):")
            out += [f"  {k} = {v}" for k, v in sorted(o.witness.items())[:12]]
        else:
            out.append("Witness on the tables with |D| <= 2:")
            out += witness_lines(o.witness)
    else:
        out.append(f"reason: {o.reason}")
    return out
