"""``symmetric expect``: the exact expected value of a measure under probabilistic judgments."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import click

from .. import timelimit
from ..errors import InputError, TimeLimitReached
from ..expectation import progress, resources
from ..expectation import judgments
from ..expectation.exact import expectation
from ..expectation.floaterror import decimal_approximation, format_up
from ..expectation.measures import check_parameter, lookup
from ..expectation.rules import best_prp_assignment
from . import main, options


def _params(measure, beta: str | None, settings: tuple[str, ...]) -> dict[str, Fraction]:
    values: dict[str, Fraction] = {}
    sources: dict[str, str] = {}
    given = [(s, "--param") for s in settings] + ([(f"beta={beta}", "--beta")] if beta is not None else [])
    for setting, source in given:
        name, sep, text = setting.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InputError(f"--param expects NAME=VALUE, got {judgments.clip(setting)!r}")
        if name in values:        # silently letting the later one win would hide a typo
            raise InputError(f"parameter {name!r} is given twice ({sources[name]} and {source})")
        what = "beta" if source == "--beta" else f"value of parameter {name!r}"
        values[name] = judgments.parse_rational(text, what=what, source=source)
        sources[name] = source
    names = {p.symbol.name for p in measure.params}
    for name, value in values.items():
        if name not in names:
            raise InputError(f"measure {measure.name} has no parameter {name!r}"
                             + (f"; its parameters: {', '.join(sorted(names))}" if names else "; it has none"))
        check_parameter(measure, name, value, source=sources[name])
    return values


# like `check`'s 60 s per measure, a bound that a forgotten --exact on a long list cannot exceed
# unnoticed; long enough for the floating-point computation on ~10^4 judgments
DEFAULT_TIME_LIMIT = 300


@main.command("expect")
@click.option("--measure", "measure_name", required=True, help="Measure name (registry, or Loss, LewisF, SEC).")
@click.option("--p", "p_text", required=True, metavar="P1,P2,...|@FILE",
              help="Probabilities of relevance, comma-separated or @FILE with one per line.")
@click.option("--assign", "assign_text", metavar="S1,S2,...|@FILE", help="The system's 0/1 decisions.")
@click.option("--best", is_flag=True, help="Print the best PRP assignment (top k, k = 0..n) instead.")
@click.option("--beta", help="beta of F_beta (shorthand for --param beta=B).")
@click.option("--param", "settings", multiple=True, metavar="NAME=VALUE", help="Any measure parameter.")
@click.option("--exact", is_flag=True, help="Exact rational arithmetic (inputs read exactly as decimals).")
@click.option("--time-limit", "time_limit", default=str(DEFAULT_TIME_LIMIT), show_default=True, metavar="SECONDS",
              help="Stop with a one-line message (exit 2) after SECONDS (0 = no "
                   "limit): the exact computation on thousands of judgments can run for hours.")
def expect(measure_name, p_text, assign_text, best, beta, settings, exact, time_limit) -> None:
    """Expected value of a measure when the judgments are independent Bernoulli(p_i).

    Uses the Poisson-binomial dynamic programme (O(n^2) evaluations of the measure).  Without
    --exact the computation is in floating point and an a-priori error bound is printed.
    """
    seconds = options.time_limit(time_limit)
    if best == (assign_text is not None):
        raise InputError("give exactly one of --assign and --best")
    measure = lookup(measure_name)
    params = _params(measure, beta, settings)
    p = judgments.probabilities(judgments.parse_vector(p_text, what="probability", option="--p"))
    name = measure.name
    if best:
        resources.check_memory(p, None, exact=exact)
        with _bounded(seconds, len(p), exact):
            result = best_prp_assignment(measure, p, params=params, exact=exact)
        click.echo(f"best PRP assignment: {','.join(map(str, result.assignment))} "
                   f"(top {result.k} of {len(p)})")
        if result.undefined:
            click.echo(f"  (skipped top k for k = {_ranges(result.undefined)}: {measure.name} is undefined "
                       "on a table of positive probability there)")
        if result.rivals and exact:
            click.echo(f"  (top k for k = {_ranges(result.rivals)} attain the same value)")
        elif result.rivals:
            click.echo(f"  (top k for k = {_ranges(result.rivals)} are within the rounding error of it, so "
                       "floating point cannot tell which is best; --exact can)")
        value, bound = result.value, result.error_bound
    else:
        located = judgments.parse_vector(assign_text, what="decision", option="--assign")
        s = judgments.decisions(located)
        if len(s) != len(p):
            raise InputError(f"--assign has {len(s)} decisions but --p has {len(p)} probabilities")
        resources.check_memory(p, sum(s), exact=exact)
        with _bounded(seconds, len(p), exact):
            result = expectation(measure, p, s, params=params, exact=exact)
        value, bound = result.mean, result.error_bound
    _report(name, value, bound, exact, getattr(result, "bound_rigorous", True))


def _show_progress(stage: str, share: float, left: float | None) -> None:
    eta = "" if left is None else f", about {left:.0f} s left"
    click.echo(f"expect: {stage}: {share:.0%} done{eta}", err=True)


@contextlib.contextmanager
def _bounded(seconds: float | None, n: int, exact: bool):
    """The computation, with progress on stderr when it runs long, and within --time-limit."""
    limit = timelimit.HardLimit(seconds)
    try:
        with progress.reporting(_show_progress), limit:
            yield
    except TimeLimitReached:
        raise InputError(f"the expectation for n = {n} ({'exact' if exact else 'floating point'}) did not finish "
                         f"within --time-limit {seconds:g} s") from None
    finally:
        limit.close()


def _ranges(ks: tuple[int, ...]) -> str:
    """0,1,2,5 -> '0..2, 5' (a long list of skipped k stays readable)."""
    runs: list[list[int]] = []
    for k in ks:
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in runs)


def _report(name: str, value, bound, exact: bool, rigorous: bool) -> None:
    """The value, and on a separate, labelled line what it is: an exact rational (with a decimal
    approximation) or a float estimate with its error bound -- never a bare float that reads as
    exact, nor an estimate and a bound run together."""
    if exact:
        click.echo(f"E[{name}] = {value}")
        click.echo(f"  ~ {decimal_approximation(value)} (decimal approximation of the exact value)")
        return
    click.echo(f"E[{name}] ~ {value!r} (floating-point estimate)")
    if rigorous:
        click.echo(f"  |estimate - E[{name}]| <= {format_up(bound)} (a-priori rounding-error bound)")
    else:
        click.echo(f"  |estimate - E[{name}]| ~ {format_up(bound)} (rounding-error estimate, not a proved "
                   "bound: the measure subtracts); use --exact for a certain value")
