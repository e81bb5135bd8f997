"""``symmetric expect``: the exact expected value of a measure under probabilistic judgments."""

from __future__ import annotations

from fractions import Fraction

import click

from ..errors import InputError
from ..expectation import judgments
from ..expectation.exact import expectation
from ..expectation.floaterror import format_up
from ..expectation.measures import lookup
from ..expectation.rules import best_prp_assignment
from . import main


def _params(measure, beta: str | None, settings: tuple[str, ...]) -> dict[str, Fraction]:
    values: dict[str, Fraction] = {}
    for setting in settings:
        name, sep, text = setting.partition("=")
        if not sep or not name.strip():
            raise InputError(f"--param expects NAME=VALUE, got {setting!r}")
        values[name.strip()] = judgments.parse_rational(text, what=f"value of parameter {name.strip()!r}",
                                                        source="--param")
    if beta is not None:
        values["beta"] = judgments.parse_rational(beta, what="beta", source="--beta")
        if values["beta"] < 0:
            raise InputError("beta must be >= 0", source="--beta")
    names = {p.symbol.name for p in measure.params}
    for name in values:
        if name not in names:
            raise InputError(f"measure {measure.name} has no parameter {name!r}"
                             + (f"; its parameters: {', '.join(sorted(names))}" if names else "; it has none"))
    return values


def _show(value, exact: bool) -> str:
    return str(value) if exact else repr(value)


@main.command("expect")
@click.option("--measure", "measure_name", required=True, help="Measure name (registry, or Loss, LewisF, SEC).")
@click.option("--p", "p_text", required=True, metavar="P1,P2,...|@FILE",
              help="Probabilities of relevance, comma-separated or @FILE with one per line.")
@click.option("--assign", "assign_text", metavar="S1,S2,...|@FILE", help="The system's 0/1 decisions.")
@click.option("--best", is_flag=True, help="Print the best PRP assignment (top k, k = 0..n) instead.")
@click.option("--beta", help="beta of F_beta (shorthand for --param beta=B).")
@click.option("--param", "settings", multiple=True, metavar="NAME=VALUE", help="Any measure parameter.")
@click.option("--exact", is_flag=True, help="Exact rational arithmetic (inputs read exactly as decimals).")
def expect(measure_name, p_text, assign_text, best, beta, settings, exact) -> None:
    """Expected value of a measure when the judgments are independent Bernoulli(p_i).

    Uses the Poisson-binomial dynamic programme (O(n^2) evaluations of the measure).  Without
    --exact the computation is in floating point and an a-priori error bound is printed.
    """
    if best == (assign_text is not None):
        raise InputError("give exactly one of --assign and --best")
    measure = lookup(measure_name)
    params = _params(measure, beta, settings)
    p = judgments.probabilities(judgments.parse_vector(p_text, what="probability", option="--p"))
    name = measure.name
    if best:
        result = best_prp_assignment(measure, p, params=params, exact=exact)
        click.echo(f"best PRP assignment: {','.join(map(str, result.assignment))} "
                   f"(top {result.k} of {len(p)})")
        value, bound = result.value, result.error_bound
    else:
        located = judgments.parse_vector(assign_text, what="decision", option="--assign")
        s = judgments.decisions(located)
        if len(s) != len(p):
            raise InputError(f"--assign has {len(s)} decisions but --p has {len(p)} probabilities")
        result = expectation(measure, p, s, params=params, exact=exact)
        value, bound = result.mean, result.error_bound
    click.echo(f"E[{name}] = {_show(value, exact)}")
    if exact:
        click.echo(f"  ~ {float(value):.12g}")
    else:
        kind = "bound" if getattr(result, "bound_rigorous", True) else "estimate"
        click.echo(f"  floating point; rounding error {kind}: {format_up(bound)}")
