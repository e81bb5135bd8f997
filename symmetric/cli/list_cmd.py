"""``symmetric list``: what the program knows, one subcommand a list.

* ``list claims [PREFIX...]``: the papers' claims (id, where in the paper);
* ``list measures [PREFIX...] [--zeros]``: the measure catalogue;
* ``list properties [PREFIX...]``: the properties ``check`` decides, with their readings.

The older spellings (``list PREFIX``, ``list --measures``, ``list --properties``) keep working:
they are read as the subcommand they meant, with a one-line hint on standard error.
"""

from __future__ import annotations

import click

from ..claims import registry
from ..errors import UnknownNameError
from ..properties import catalogue
from . import main
from .claims_cmd import register_papers

# the old flag -> the subcommand it now is
LEGACY_FLAGS = {"--measures": "measures", "--properties": "properties"}


class ListGroup(click.Group):
    """``list``'s subcommands; arguments that name none are read in the old spelling."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] in self.commands or any(a in ("-h", "--help") for a in args[:1]):
            return super().parse_args(ctx, args)
        flags = [a for a in args if a in LEGACY_FLAGS]
        if len(set(flags)) > 1:
            raise click.UsageError("--properties and --measures list different things; give one")
        if flags:
            name = LEGACY_FLAGS[flags[0]]
            rest = [a for a in args if a not in LEGACY_FLAGS]
            click.echo(f"symmetric: hint: `list {flags[0]}` is now `symmetric list {name}`", err=True)
        else:
            if "--zeros" in args:
                raise click.UsageError("--zeros needs measures: symmetric list measures --zeros")
            name, rest = "claims", list(args)
        return super().parse_args(ctx, [name, *rest])


@main.group("list", cls=ListGroup, invoke_without_command=False)
def list_group() -> None:
    """List claims, measures or properties (subcommands below).

    `symmetric list` alone lists the claims; `symmetric list PREFIX` the claims whose id starts
    with PREFIX.
    """


@list_group.command("claims")
@click.argument("prefixes", nargs=-1)
def list_claims(prefixes: tuple[str, ...]) -> None:
    """The papers' claims whose id starts with any PREFIX (all when none): id and place."""
    register_papers()
    for claim in registry.select(prefixes):
        click.echo(f"{claim.id}\t{claim.where}")


@list_group.command("measures")
@click.argument("prefixes", nargs=-1)
@click.option("--zeros", is_flag=True, help="Each classification measure's value on the 15 zero patterns.")
def list_measures(prefixes: tuple[str, ...], zeros: bool = False) -> None:
    """The measure catalogue: name, kind, orientation, formula, aliases, zero convention, source.

    A PREFIX selects the measure with that name or alias, else those whose name, alias or kind
    starts with it.
    """
    from .measures_list import list_measures as write
    write(prefixes, zeros)


@list_group.command("properties")
@click.argument("prefixes", nargs=-1)
def list_properties(prefixes: tuple[str, ...]) -> None:
    """The properties `check` decides: one tab-separated line each (name, kind of measure, family,
    definition, source, readings), then one indented line per reading choice.  A PREFIX selects
    by name, kind or family."""
    _list_properties(prefixes)


def _readings_field(p) -> str:
    """The property's readings in one field: each axis with its choices, the headline's marked *."""
    if not p.axes:
        return "readings: none (no implicit convention)"
    return "readings: " + "; ".join(
        f"{a.name} = " + " | ".join(c.name + ("*" if p.headline[a.name] == c.name else "") for c in a.choices)
        for a in p.axes)


def _list_properties(prefixes: tuple[str, ...]) -> None:
    """One tab-separated line per property of the catalogue: name, kind of measure, family,
    definition, source, readings (headline marked *); below it one indented line per choice of
    each axis (AXIS=CHOICE, what it means, its source).  A PREFIX selects the properties whose name, kind or family starts
    with it (case-insensitive); one that selects nothing is a user error with close matches."""
    rows = catalogue.properties()
    if prefixes:
        chosen = []
        for prefix in prefixes:
            hits = [p for p in rows
                    if any(field.lower().startswith(prefix.lower()) for field in (p.name, p.kind, p.family))]
            if not hits:
                raise UnknownNameError("property, kind or family", prefix,
                                       sorted({f for p in rows for f in (p.name, p.kind, p.family)}))
            chosen.extend(h for h in hits if h not in chosen)
        rows = tuple(p for p in rows if p in chosen)       # catalogue order
    for p in rows:
        click.echo(f"{p.name}\t{p.kind}\t{p.family}\t{p.definition}\t{p.source}\t{_readings_field(p)}")
        _choice_lines(p.axes, p.headline.get)
    # the readings of a measure's formula, which apply to every property of its kind
    for kind in dict.fromkeys(p.kind for p in rows):
        for a in catalogue.FORMULA_AXES[kind]:
            headline = catalogue.FORMULA_HEADLINE[a.name]
            click.echo(f"{a.name}\t{kind}\t{FORMULA_FAMILY}\t{a.meaning}\tevery {kind} property, where the "
                       f"measure's two readings differ (the verdict names it)\treadings: {a.name} = "
                       + " | ".join(c.name + ("*" if c.name == headline else "") for c in a.choices))
            _choice_lines((a,), lambda axis: headline)


FORMULA_FAMILY = "formula reading"


def _choice_lines(axes, headline) -> None:
    """One indented line per choice of each axis: AXIS=CHOICE, what it means, its source."""
    for a in axes:
        for c in a.choices:
            mark = " (headline)" if headline(a.name) == c.name else ""
            click.echo(f"  {a.name}={c.name}{mark}\t{c.meaning}\t{c.source}")
