"""``symmetric consistent`` and ``symmetric implies``: the theory of properties (which sets of
properties some measure can have, which property entails which), :mod:`symmetric.theory`."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from ..errors import InputError, InvalidArgument
from . import main

_DEFAULT_N = 4


def _readings(props, given: tuple[str, ...]) -> dict:
    """AXIS=CHOICE options checked against the axes of the named properties (definedness: strict
    or defined for every property; default strict, a total measure)."""
    axes = {a.name: a for p in props for a in p.axes}
    out = {"definedness": "strict"}
    for p in props:
        for axis, choice in p.headline.choices:
            if axis != "definedness":
                out.setdefault(axis, choice)
    for item in given:
        axis, sep, choice = item.partition("=")
        if not sep:
            raise InvalidArgument("--reading", item, "must be AXIS=CHOICE")
        axis, choice = axis.strip(), choice.strip()
        if axis == "definedness":
            if choice not in ("strict", "defined"):
                raise InvalidArgument("--reading definedness", choice, "must be strict or defined")
        elif axis not in axes:
            raise InvalidArgument("--reading", item, f"names an axis none of the properties has (axes: "
                                  f"{', '.join(sorted(set(axes) | {'definedness'}))})")
        elif choice not in {c.name for c in axes[axis].choices}:
            raise InvalidArgument(f"--reading {axis}", choice, "is not a choice of the axis (choices: "
                                  + ", ".join(c.name for c in axes[axis].choices) + ")")
        out[axis] = choice
    return out


def _properties(names, files) -> list:
    from ..properties.catalogue import named
    own = {}
    for f in files:
        from ..api import load_properties
        for p in load_properties(f):
            own[p.name.lower()] = p
    return [own.get(n.lower()) or named(n, "classification") for n in names]


def _catalogue(bound: int, partial: bool):
    from ..measures.registry import all_measures
    from ..theory.decide import measure_values
    out = []
    for m in all_measures("classification"):
        vals = measure_values(m, bound, partial)
        if vals is not None:
            out.append((m.name, vals))
    return out


def _emit(outcome, json_out, seconds: float) -> None:
    from ..theory.report import lines
    for line in lines(outcome):
        click.echo(line)
    click.echo(f"({seconds:.1f} s)")
    if json_out:
        Path(json_out).write_text(json.dumps(outcome.to_json(), indent=2) + "\n", encoding="utf-8")


_options = [
    click.option("--reading", "readings", multiple=True, metavar="AXIS=CHOICE",
                 help="A reading, e.g. definedness=defined, scope=per-test-set, model=fixed-size (default: "
                      "definedness=strict, a total measure; other axes their headline)."),
    click.option("--max-n", type=click.IntRange(1, 8), default=_DEFAULT_N, show_default=True,
                 help="The bound: tables with 1 <= |D| <= N."),
    click.option("--property", "files", multiple=True, type=click.Path(dir_okay=False),
                 help="A TOML file of user properties (format as for check --property)."),
    click.option("--no-catalogue", is_flag=True, help="Do not look for a catalogue measure that does the same."),
    click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the verdict as JSON here."),
]


def _with_options(f):
    for opt in reversed(_options):
        f = opt(f)
    return f


@main.command("consistent")
@click.argument("names", nargs=-1, required=True)
@_with_options
def consistent_cmd(names, readings, max_n, files, no_catalogue, json_out) -> None:
    """Is there a measure with all these properties?  (z3 on the tables up to --max-n; an
    impossibility is a minimal core re-checked exactly.)"""
    from ..theory import decide
    from ..theory.encode import instances
    start = time.monotonic()
    props = _properties(names, files)
    reading = _readings(props, readings)
    groups = [instances(p, reading, max_n) for p in props]
    cat = () if no_catalogue else _catalogue(max_n, reading["definedness"] == "defined")
    outcome = decide.consistent(tuple(p.name for p in props), groups, max_n, sorted(reading.items()), cat)
    _emit(outcome, json_out, time.monotonic() - start)


@main.command("implies")
@click.argument("p")
@click.argument("q")
@_with_options
def implies_cmd(p, q, readings, max_n, files, no_catalogue, json_out) -> None:
    """Does property P entail property Q for every measure?  (implies on the tables up to --max-n,
    or separated by a witness.)"""
    from ..theory import decide
    from ..theory.encode import instances
    start = time.monotonic()
    props = _properties((p, q), files)
    reading = _readings(props, readings)
    cat = () if no_catalogue else _catalogue(max_n, reading["definedness"] == "defined")
    outcome = decide.implies((props[0].name, props[1].name), instances(props[0], reading, max_n),
                             instances(props[1], reading, max_n), max_n, sorted(reading.items()), cat)
    _emit(outcome, json_out, time.monotonic() - start)
