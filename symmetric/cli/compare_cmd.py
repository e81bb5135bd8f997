"""``symmetric compare A B ...``: measures side by side (:mod:`symmetric.theory.compare`)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from . import main, options


@main.command("compare", short_help="Measures side by side: properties, and whether they rank alike.")
@click.argument("names", nargs=-1, required=True)
@click.option("--properties", "props", default="", metavar="P1,P2,...",
              help="The properties of the matrix (default: every classification property).")
@click.option("--time-limit", default="60", show_default=True, metavar="SECONDS",
              help="Per property and measure, for a verdict not in the atlas cache (0 = none).")
@click.option("--max-n", type=click.IntRange(2, 16), default=10, show_default=True,
              help="Test sets with AP + AN <= N are searched for two tables ranked in opposite orders.")
@click.option("--cache", "cache_dir", type=click.Path(file_okay=False), metavar="DIR",
              help="The result cache folder to read verdicts from (and store new ones in) "
                   "[default: the one check and the atlas use].")
@click.option("--no-cache", is_flag=True, help="Decide every verdict; read and write no cache.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the comparison as JSON here.")
def compare_cmd(names, props, time_limit, max_n, cache_dir, no_cache, json_out) -> None:
    """Measures side by side: their verdicts on the classification properties (headline
    readings, from the atlas cache when it has them), the properties that separate them, and,
    for each pair, either a proof that one is a strictly increasing function of the other on
    every test set (then they rank every pair of classifiers alike) or the smallest pair of
    tables on one test set that they rank in opposite orders (exact)."""
    from ..errors import InputError
    from ..render.files import check_writable, write_text
    from ..store.cells import Cache
    from ..theory.compare import compare
    if cache_dir is not None and no_cache:
        raise InputError("--cache and --no-cache contradict each other (give one of the two)")
    seconds = options.time_limit(time_limit)
    if json_out:
        check_writable(json_out)            # a bad output path is refused before the work
    cache = None
    if not no_cache:
        from ..crosscheck import cached
        from .atlas_cmd import default_cache
        cache = Cache(cache_dir or default_cache(), recheck=cached.recheck, keep=cached.keep,
                      on_reject=lambda message: click.echo(f"compare: {message}", err=True))
    wanted = tuple(p.strip() for p in props.split(",") if p.strip())
    start = time.monotonic()
    found = compare(names, wanted, cache, seconds, max_n)
    for line in found.lines():
        click.echo(line)
    click.echo(f"({time.monotonic() - start:.1f} s)")
    if json_out:
        write_text(Path(json_out), json.dumps(found.to_json(), indent=2) + "\n")
