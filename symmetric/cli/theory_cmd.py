"""``symmetric consistent`` and ``symmetric implies``: the theory of properties (which sets of
properties some measure can have, which property entails which), :mod:`symmetric.theory`."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from . import main


def _emit(outcome, json_out, seconds: float) -> None:
    from ..render.files import write_text
    from ..theory.report import lines
    for line in lines(outcome):
        click.echo(line)
    click.echo(f"({seconds:.1f} s)")
    if json_out:
        write_text(Path(json_out), json.dumps(outcome.to_json(), indent=2) + "\n")


_OPTIONS = (
    click.option("--reading", "readings", multiple=True, metavar="AXIS=CHOICE",
                 help="A reading, e.g. definedness=defined, scope=per-test-set, model=fixed-size (default: "
                      "definedness=strict, a total measure; other axes their headline)."),
    click.option("--max-n", type=click.IntRange(1, 8), default=None,
                 help="The bound: tables with 1 <= |D| <= N [default: 4]; quantification: the grid k/N [default: 6]."),
    click.option("--property", "files", multiple=True, type=click.Path(dir_okay=False),
                 help="A TOML file of user properties (format as for check --property)."),
    click.option("--kind", type=click.Choice(["classification", "quantification"]), default="classification",
                 show_default=True, help="Quantification: Sebastiani's EMQ properties (NN, IoI, MON, IMP, REL, ABS, "
                 "MAX; binary codeframe, --max-n is the grid's denominator, at least 5)."),
    click.option("--no-catalogue", is_flag=True, help="Do not look for a catalogue measure that does the same."),
    click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the verdict as JSON here."),
)


def _with_options(f):
    for opt in reversed(_OPTIONS):
        f = opt(f)
    return f


@main.command("consistent", short_help="Can one measure have all these properties? (z3, exact re-check)")
@click.argument("names", nargs=-1, required=True)
@_with_options
@click.option("--subsets", is_flag=True, help="Map every subset instead: the minimal inconsistent and the "
              "maximal consistent ones (at most 8 properties).")
@click.option("--schematic", is_flag=True, help="Try to extend a bounded verdict to every size: a separation or "
              "consistency by a catalogue measure whose properties check proves, or (SDE, WDE) an implication at "
              "symbolic tables.")
def consistent_cmd(names, readings, max_n, files, kind, no_catalogue, json_out, subsets, schematic) -> None:
    """Is there a measure with all these properties?  (z3 on the tables up to --max-n; an
    impossibility is a minimal core re-checked exactly.)"""
    from ..render.files import check_writable
    from ..theory import run
    start = time.monotonic()
    if json_out:
        check_writable(json_out)            # a bad output path is refused before the work
    if kind == "quantification" and (files or subsets or schematic):
        from ..errors import InputError
        raise InputError("--kind quantification takes neither --property nor --subsets nor --schematic")
    if subsets and schematic:
        from ..errors import InputError
        raise InputError("--subsets does not take --schematic")
    if subsets:
        found = run.subsets(names, readings, max_n or 4, files)
        for line in found.lines():
            click.echo(line)
        click.echo(f"({time.monotonic() - start:.1f} s)")
        if json_out:
            from ..render.files import write_text
            write_text(Path(json_out), json.dumps(found.to_json(), indent=2) + "\n")
        return
    max_n = max_n or (6 if kind == "quantification" else 4)
    outcome = run.consistent(names, readings, max_n, files, not no_catalogue, kind, schematic)
    _emit(outcome, json_out, time.monotonic() - start)


@main.command("implies", short_help="Does property P entail property Q for every measure?")
@click.argument("p")
@click.argument("q")
@_with_options
@click.option("--schematic", is_flag=True, help="Try to extend a bounded verdict to every size: a separation or "
              "consistency by a catalogue measure whose properties check proves, or (SDE, WDE) an implication at "
              "symbolic tables.")
def implies_cmd(p, q, readings, max_n, files, kind, no_catalogue, json_out, schematic) -> None:
    """Does property P entail property Q for every measure?  (implies on the tables up to --max-n,
    or separated by a witness.)  P or Q may be a conjunction P1+P2."""
    from ..render.files import check_writable
    from ..theory import run
    start = time.monotonic()
    if json_out:
        check_writable(json_out)            # a bad output path is refused before the work
    if kind == "quantification" and (files or schematic):
        from ..errors import InputError
        raise InputError("--kind quantification takes neither --property nor --schematic")
    max_n = max_n or (6 if kind == "quantification" else 4)
    outcome = run.implies(p, q, readings, max_n, files, not no_catalogue, kind, schematic)
    _emit(outcome, json_out, time.monotonic() - start)


@main.command("synthesize", short_help="Search a small grammar for a measure with all these properties.")
@click.argument("names", nargs=-1, required=True)
@click.option("--reading", "readings", multiple=True, metavar="AXIS=CHOICE",
              help="A reading, as for consistent (default: definedness=strict, a total measure).")
@click.option("--max-n", type=click.IntRange(1, 5), default=3, show_default=True,
              help="The grid every candidate must pass first: tables with 1 <= |D| <= N.")
@click.option("--max-coef", type=click.IntRange(1, 2), default=1, show_default=True,
              help="Coefficients: numerator in [-K, K], denominator in [0, K].")
@click.option("--limit", type=click.IntRange(1, 200000), default=5000, show_default=True,
              help="At most this many candidates, smallest first.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the answer as JSON here.")
def synthesize_cmd(names, readings, max_n, max_coef, limit, json_out) -> None:
    """A linear-fractional measure (a TP + b FP + c FN + d TN + e) / (f TP + ... + j) with small
    integer coefficients that has all these properties: candidates, smallest first, must pass the
    properties' instances on the tables up to --max-n, then the checkers prove every property (the
    answer carries their verdicts); or "none in this grammar" among the candidates tried."""
    from ..render.files import check_writable, write_text
    from ..theory.synthesize import synthesize
    start = time.monotonic()
    if json_out:
        check_writable(json_out)
    found = synthesize(names, readings, max_n, max_coef, limit)
    for line in found.lines():
        click.echo(line)
    click.echo(f"({time.monotonic() - start:.1f} s)")
    if json_out:
        write_text(Path(json_out), json.dumps(found.to_json(), indent=2) + "\n")
