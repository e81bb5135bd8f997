"""The two questions from names and AXIS=CHOICE texts (the command line and the claims-file steps
share this): properties resolved, readings checked, catalogue measures evaluated on the grid."""

from __future__ import annotations

from functools import lru_cache

from ..errors import InvalidArgument
from . import decide
from .encode import instances

DEFAULT_N = 4
# axes that apply to every property at once: a total or partial measure; all test sets, or only
# those with both classes present (AP >= 1 and AN >= 1)
_GLOBAL = {"definedness": ("strict", "defined"), "test-sets": ("all", "nondegenerate")}


def readings(props, given) -> dict:
    """AXIS=CHOICE texts checked against the axes of the named properties.  ``definedness`` is
    one choice for every property: ``strict`` (default: a total measure) or ``defined`` (a partial
    one; a property then says nothing where M is undefined, so many hold vacuously); so is
    ``test-sets`` (``all``, default, or ``nondegenerate``)."""
    axes = {a.name: a for p in props for a in p.axes}
    out = {"definedness": "strict", "test-sets": "all"}
    for p in props:
        for axis, choice in p.headline.choices:
            if axis not in _GLOBAL:
                out.setdefault(axis, choice)
    for item in given:
        axis, sep, choice = item.partition("=")
        if not sep:
            raise InvalidArgument("reading", item, "must be AXIS=CHOICE")
        axis, choice = axis.strip(), choice.strip()
        if axis in _GLOBAL:
            if choice not in _GLOBAL[axis]:
                raise InvalidArgument(f"reading {axis}", choice, f"must be {' or '.join(_GLOBAL[axis])}")
        elif axis not in axes:
            raise InvalidArgument("reading", item, "names an axis none of the properties has (axes: "
                                  f"{', '.join(sorted(set(axes) | set(_GLOBAL)))})")
        elif choice not in {c.name for c in axes[axis].choices}:
            raise InvalidArgument(f"reading {axis}", choice, "is not a choice of the axis (choices: "
                                  + ", ".join(c.name for c in axes[axis].choices) + ")")
        out[axis] = choice
    return out


def properties(names, files=()) -> list:
    """Catalogue properties by name, or the user's from TOML files (their names first)."""
    from ..properties.catalogue import named
    own = {}
    for f in files:
        from ..userinput.toml_properties import properties_from_toml
        for p in properties_from_toml(f):
            own[p.name.lower()] = p
    return [own.get(n.lower()) or named(n, "classification") for n in names]


@lru_cache(maxsize=4)
def catalogue(bound: int, partial: bool, nondegenerate: bool = False) -> tuple:
    """(name, exact values on the grid) of every catalogue measure that is a rational-valued
    function there (total in the strict reading)."""
    from ..measures.registry import all_measures
    out = []
    for m in all_measures("classification"):
        vals = decide.measure_values(m, bound, partial, nondegenerate)
        if vals is not None:
            out.append((m.name, vals))
    return tuple(out)


def catalogue_for(max_n: int, reading: dict) -> tuple:
    return catalogue(max_n, reading["definedness"] == "defined", reading["test-sets"] == "nondegenerate")


def quantification_name(name: str) -> str:
    """A quantification property's name as encoded (B-REL is REL on the binary codeframe)."""
    from .quant import ALIASES
    return ALIASES.get(name.upper(), name)


def quantification(names, given, max_n) -> tuple[list, list, list]:
    """(property names, instance groups, readings) of quantification properties on the grid
    k/max_n.  One reading: ``vertices=free`` (default: the values at the predictions 0 and 1 are
    any values) or ``vertices=limit`` (they are the limits of the interior values, as the
    checkers read a measure: the lemmas of :func:`.quant.vertex_limits` join as one more group)."""
    from ..properties.catalogue import named
    from . import quant
    vertices = "free"
    for item in given:
        axis, sep, choice = (x.strip() for x in item.partition("="))
        if axis != "vertices" or not sep:
            raise InvalidArgument("reading", item, "quantification properties have no readings here but "
                                  "vertices=free (default) or vertices=limit (binary codeframe, predictions on the "
                                  "grid k/N)")
        if choice not in ("free", "limit"):
            raise InvalidArgument("reading vertices", choice, "must be free or limit")
        vertices = choice
    if max_n < 5:
        raise InvalidArgument("--max-n", max_n, "must be at least 5 for quantification (the grid k/N needs two "
                              "prevalences below 1/2 for REL and ABS)")
    props = [named(quantification_name(n), "quantification") for n in names]
    groups = [quant.instances(p.name, max_n) for p in props]
    if vertices == "limit":
        groups.append(quant.vertex_limits({p.name for p in props}, max_n))
    reading = [("kind", "quantification"), ("grid", f"k/{max_n}")]
    return [p.name for p in props], groups, reading + ([("vertices", "limit")] if vertices == "limit" else [])


def consistent(names, given=(), max_n: int = DEFAULT_N, files=(), use_catalogue: bool = True,
               kind: str = "classification", schematic: bool = False) -> decide.Outcome:
    """``schematic``: a consistency with a catalogue measure is extended to every size when
    ``check`` proves the measure's properties (:mod:`.schematic`; classification only)."""
    if kind == "quantification":
        found, groups, reading = quantification(names, given, max_n)
        return decide.consistent(tuple(found), groups, max_n, reading, ())
    props = properties(names, files)
    reading = readings(props, given)
    groups = [instances(p, reading, max_n) for p in props]
    cat = catalogue_for(max_n, reading) if use_catalogue else ()
    o = decide.consistent(tuple(p.name for p in props), groups, max_n, sorted(reading.items()), cat)
    if schematic:
        from .schematic import grid_candidates, upgrade
        insts = [i for g in groups for i in g]
        o = upgrade(o, props, reading, grid_candidates(cat, lambda c: decide.first_measure(c, insts, (), max_n)))
    return o


def implies(p: str, q: str, given=(), max_n: int = DEFAULT_N, files=(), use_catalogue: bool = True,
            kind: str = "classification", schematic: bool = False) -> decide.Outcome:
    """``schematic``: as for :func:`consistent`, for a separation (P proved of the measure)."""
    if kind == "quantification":
        found, groups, reading = quantification((p, q), given, max_n)
        # a lemma's premises are properties: only those of P may be assumed (one needing Q's
        # would assume Q); P is one property, and every lemma needs two, so none joins today
        lemmas = quantification((p,), given, max_n)[1][1:] if len(groups) > 2 else []
        return decide.implies(tuple(found), groups[0] + [i for g in lemmas for i in g], groups[1], max_n, reading, ())
    # P1+P2: a conjunction (Sebastiani's CHA and IMB together against Amigo et al.'s NIFQ)
    left, right = properties(p.split("+"), files), properties(q.split("+"), files)
    reading = readings(left + right, given)
    cat = catalogue_for(max_n, reading) if use_catalogue else ()
    ip = [i for x in left for i in instances(x, reading, max_n)]
    iq = [i for x in right for i in instances(x, reading, max_n)]
    o = decide.implies(("+".join(x.name for x in left), "+".join(x.name for x in right)), ip, iq, max_n,
                       sorted(reading.items()), cat)
    if schematic and o.verdict == "implies":
        from .schema import prove
        proofs = [prove([x.name for x in left], y.name, reading) for y in right]
        if all(proofs):
            import dataclasses
            o = dataclasses.replace(o, schematic=True, proofs=tuple(line for pr in proofs for line in pr.lines()))
    elif schematic:
        from .schematic import grid_candidates, upgrade
        o = upgrade(o, left, reading, grid_candidates(cat, lambda c: decide.separating_measure(c, ip, iq, max_n)),
                    right)
    return o


def subsets(names, given=(), max_n: int = DEFAULT_N, files=()):
    """The minimal inconsistent and maximal consistent subsets of the named properties."""
    from .subsets import MAX_PROPERTIES, subset_map
    if len(names) > MAX_PROPERTIES:
        raise InvalidArgument("properties", len(names), f"are too many for --subsets (at most {MAX_PROPERTIES})")
    props = properties(names, files)
    reading = readings(props, given)
    return subset_map(tuple(p.name for p in props), [instances(p, reading, max_n) for p in props], max_n,
                      sorted(reading.items()))
