"""``symmetric check``: every property of the papers for a proposed (or catalogued) measure.

Two kinds of measure (``--kind``):

* ``classification`` (default): a measure of the contingency table, written in counts
  (``--counts``) or probabilities (``--probs``), optionally with parameters (``--param``);
  checked against Amigo et al.'s and Sebastiani's (ICTIR 2015) properties;
* ``quantification``: an error measure E(p, p^) = sum over the classes c of a per-class term
  t(p(c), p^(c), |C|), written in ``p``, ``q``, ``n`` (``--term``); checked against
  Sebastiani's axioms for quantification (IoI, NN, MAX, MON, IMP, REL, ABS, IND, B-*).

Measures come from the command line, from TOML files (several ``[[measure]]`` tables each,
format in :mod:`symmetric.userinput.toml_measures`), or from the catalogue (``--measure
NAME``).  Building them from text is :mod:`symmetric.userinput`'s job; this module holds only
the command: its options and their checks, which make a request
(:class:`~symmetric.userinput.check_request.CheckRequest`); the library runs it and
:mod:`symmetric.render` shows and writes the results.
"""

from __future__ import annotations

import sys
import textwrap

import click
from click.core import ParameterSource
from rich.console import Console

from .. import timelimit
from ..crosscheck import cached
from ..errors import InputError
from ..evidence import NO_READING, PropertyResult
from ..properties import driver
from ..render import check_outputs, check_terminal, files, outfolder
from ..store import results as result_cache
from ..userinput import KINDS, build_measure, check_request, lookup, measures_from_toml, misfit_form, owners
from ..userinput.check_request import CheckOutputs, CheckRequest, Listener
from ..userinput.usernames import check_name
from . import main, options

HELP_TEMPLATE = """Check every property of the papers for proposed or catalogued measures.

Two kinds of measure (--kind):

\b
{classification}  Example:
    symmetric check --counts "(TP + TN)/n" --name Accuracy

\b
{quantification}  Examples:
    symmetric check --kind quantification --term "abs(q - p)/n" --name MyAE
    symmetric check --kind quantification --measure KLD

TOML files hold several [[measure]] tables (name plus counts / probs / term,
or catalogue = NAME); a top-level or per-table kind = "quantification"
selects the kind.  Expressions use numbers, the allowed names, + - * / ^,
parentheses and sqrt, log, exp, min, max, abs, cases(cond1, v1, ...,
otherwise).  Each property is 'holds' (with a proof), 'fails' (with an exact
counterexample) or 'undetermined' (with the reason), in a named reading: the
headline reading (marked *, the one the paper's own verdicts imply), the
strict definedness reading beside it (an undefined score is a failure; not
with --headline-only), and any chosen with --reading AXIS=CHOICE (e.g.
test-sets=all, constant=per-test-set, model=fixed-size; see symmetric list
--properties).

\b
--property FILE.toml checks your own properties instead of the built-in
  ones (repeatable; classification measures).  Each [[property]] table has
  name, definition, source, optional where = "TP >= 1", and either
    transform = "FP <-> FN" and relation = "="  (M(T(t)) REL M(t) for every
    table t; or several [[property.clause]] tables, all of which must hold)
  or expectation = "fixed-size", relation = "=", value = "0" (E[M] under a
  random model of CHA's model axis).  Transformations: A <-> B (several,
  comma-separated), A -> B (move one unit), A + 1, scale A B ... or scale
  all (times k >= 2), perfect, worst.  Relations: = < > <= >= better
  not-worse worse not-better (better follows the measure's orientation).
  Example: symmetric check --property examples/properties.toml --measure MCC

\b
--time-limit bounds the check of each measure (default 60 s, 0 = none):
  each property (in each reading) gets what is left of it, keeping a floor
  for every one still to come (1/30 of the limit each, less when there are
  more than 15, so that the floors take at most half); one that runs out is 'undetermined' ("time
  limit of X s reached") and the others still run.  The quantification
  properties share their work and so share one limit.  The limit interrupts
  sympy and z3 (SIGALRM) in the main thread on POSIX; elsewhere (Windows,
  a worker thread) only the checkers' cooperative checks of the deadline and the z3 timeout
  honour it, so one long sympy call can overrun.
"""




def _kind_help(kind: str, what: str, tail: str) -> str:
    """A kind's paragraph of the help, its properties read from the catalogue (by their authors)."""
    from ..properties import catalogue
    groups = [f"{who}'s {', '.join(names)}" for who, names in catalogue.by_authors(kind)]
    listed = ", ".join(groups[:-1]) + f" and {groups[-1]}" if len(groups) > 1 else groups[0]
    return textwrap.fill(f"{what}; checked against {listed}{tail}.", width=76, subsequent_indent="  ",
                         break_on_hyphens=False) + "\n"


HELP = HELP_TEMPLATE.format(
    classification=_kind_help("classification", "classification (default): a measure of the contingency table, in "
                              "counts (--counts: TP FP FN TN, AP AN PP PN n) or probabilities (--probs: P(S|G), "
                              "P(not G|S), P(G), P(S and G), ...), with optional --param and --lower-is-better",
                              " (or your own: --property)"),
    quantification=_kind_help("quantification", "quantification: an error measure E = sum over the classes c of a "
                              "per-class term t(p, q, n) given with --term, where p is the true prevalence of c, q "
                              "its predicted prevalence and n the number of classes |C| (lower is better; no "
                              "parameters)", ""))

_time_limit = options.time_limit


def _readings(texts: tuple[str, ...], kind: str) -> dict[str, tuple[str, ...]]:
    """--reading AXIS=CHOICE options, checked against every property's axes (of any kind: a TOML
    file may mix kinds) before any work: one line naming the option and the bad value."""
    from ..properties import catalogue
    from ..properties.driver import check_readings, parse_readings
    for text in texts:
        if "=" not in text or not text.partition("=")[0].strip() or not text.partition("=")[2].strip():
            raise InputError(f"--reading {text!r}: expected AXIS=CHOICE, e.g. --reading definedness=strict")
    wanted = parse_readings(texts)
    check_readings(catalogue.properties(), wanted, source="--reading")
    return wanted


def _readings_apply(wanted: dict, kinds: set[str]) -> None:
    """A --reading whose axis no property of the measures checked has would be silently ignored."""
    from ..properties import catalogue
    axes = {a.name for kind in kinds for p in catalogue.for_kind(kind) for a in p.axes} | \
        {a.name for kind in kinds for a in catalogue.FORMULA_AXES[kind]}
    for axis, choices in wanted.items():
        if axis not in axes:
            raise InputError(f"--reading {axis}={','.join(choices)}: no property of the "
                             f"{' or '.join(sorted(kinds))} measures checked has the reading axis {axis!r}"
                             + (f" (axes: {', '.join(sorted(axes))})" if axes else " (they have no reading axes)"))


def _formula_reading_applies(wanted: dict, measures: list) -> None:
    """--reading zero-reciprocal=... would change nothing when no measure checked reads differently
    in the two readings (it has no probability form dividing by 0 inside a reciprocal)."""
    if "zero-reciprocal" in wanted and not any(getattr(m, "reads_zero_reciprocal", False) for m in measures):
        raise InputError(f"--reading zero-reciprocal={','.join(wanted['zero-reciprocal'])}: no measure checked reads "
                         "differently in it (none is a probability form with a division by 0 inside a reciprocal "
                         "or a product P(X|Y)P(Y)), so it would have no effect")


def _user_properties(files_, measures) -> list | None:
    """The properties of the --property files (None: the built-in ones); they are about the
    contingency table, so every measure checked must be a classification measure."""
    if not files_:
        return None
    others = [m.name for k, m in measures if k.name != "classification"]
    if others:
        raise InputError(f"--property: the properties of a property file are about the contingency table; "
                         f"{', '.join(others)} is not a classification measure")
    from ..userinput.toml_properties import properties_from_toml
    chosen, seen = [], {}
    for f in files_:
        for p in properties_from_toml(f):
            if p.name.lower() in seen:
                raise InputError(f"--property {f}: property {p.name!r} is also defined in {seen[p.name.lower()]}")
            seen[p.name.lower()] = f
            chosen.append(p)
    return chosen


@main.command("check", help=HELP)
@click.argument("toml_files", metavar="[FILES]...", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--kind", type=click.Choice(sorted(KINDS)), default="classification", show_default=True,
              help="Kind of measure for --counts/--probs/--term, --measure and TOML tables without a kind.")
@click.option("--counts", "counts", metavar="EXPR", help="classification: a measure in TP, FP, FN, TN (and AP AN PP PN n).")
@click.option("--probs", "probs", metavar="EXPR", help="classification: a measure in P(S|G), P(not G|S), P(G), P(S and G), ...")
@click.option("--term", "term", metavar="EXPR",
              help="quantification: the per-class term in p (true prevalence), q (predicted), n (|C|).")
@click.option("--name", default="M", show_default=True, help="Name of the --counts/--probs/--term measure.")
@click.option("--param", "params", multiple=True, metavar="DECL",
              help="classification: a parameter, e.g. 'lambda>0' or '0<a<1'.")
@click.option("--lower-is-better", is_flag=True,
              help="classification: the --counts/--probs measure is an error (lower is better).")
@click.option("--measure", "catalogue", multiple=True, metavar="NAME", help="A catalogue measure (repeatable).")
@click.option("--json", "json_file", metavar="FILE", help="Write the JSON report to FILE ('-' = stdout).")
@click.option("--latex", "latex_dir", default="latex_out/check", show_default=True,
              type=click.Path(file_okay=False),
              help="Directory for the LaTeX report: check-<measure>.tex per measure (to \\input), "
                   "check.tex (summary matrix, inputs them) and check.pdf.")
@click.option("--no-pdf", is_flag=True, help="Do not run pdflatex.")
@click.option("--time-limit", "time_limit", default="60", show_default=True, metavar="SECONDS",
              help="Time for checking each measure, shared among its properties (0 = no limit).")
@click.option("--reading", "readings", multiple=True, metavar="AXIS=CHOICE",
              help="Also decide the properties with this axis in that reading, besides the headline "
                   "(repeatable; CHOICE may be comma-separated), e.g. test-sets=all, model=uniform-size. "
                   "symmetric list properties shows every axis and choice.")
@click.option("--property", "property_files", multiple=True, metavar="FILE.toml", type=click.Path(dir_okay=False),
              help="Check the properties defined in this TOML file (repeatable) instead of the built-in ones "
                   "(classification measures only; format below and in examples/properties.toml).")
@click.option("--headline-only", is_flag=True,
              help="Decide only the headline readings (and any --reading), not the strict definedness "
                   "reading shown beside them by default.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes that decide a measure's properties side by side (1: all in this "
                   "process; default: 2 on 2+ cores, less the cores the load average shows busy). "
                   "The verdicts and reports are the same for any number.")
@click.option("--sketch", is_flag=True,
              help="Also write per measure a paste-ready proof sketch of each property (sketch-<measure>.tex in the "
                   "--latex folder; \\input it after symmetric-macros.tex).")
@click.option("--details", is_flag=True,
              help="Print a row per verdict with its reason in full, and every counterexample, instead of the "
                   "compact properties x measures matrix.")
@click.option("--no-cache", is_flag=True, help=options.NO_CACHE_HELP)
@click.option("--force", is_flag=True, help=options.FORCE_HELP)
def check(toml_files, kind, counts, probs, term, name, params, lower_is_better, catalogue, json_file, latex_dir, no_pdf,
          time_limit, readings, property_files, headline_only, details=False, sketch=False, no_cache=False, force=False,
          workers=None):
    time_limit = _time_limit(time_limit)
    wanted = _readings(readings, kind)
    spec = KINDS[kind]
    texts = {"counts": counts, "probs": probs, "term": term}
    for key, text in texts.items():
        if text is not None and spec.form(key) is None:
            raise InputError(misfit_form(spec, key, f"--{key}") + f" (or give --kind {owners(key)[0].name})")
    if params and not spec.parameters:
        raise InputError(f"--param does not apply to {spec.name} measures (a {spec.name} measure has no parameters)")
    if lower_is_better and not spec.orientation:
        raise InputError(f"--lower-is-better does not apply to {spec.name} measures "
                         "(they are error measures: lower is always better)")
    given_text = any(text is not None for text in texts.values())
    if not given_text:
        # options that only describe a --counts/--probs/--term measure would be silently ignored
        named = click.get_current_context().get_parameter_source("name") is not ParameterSource.DEFAULT
        for option, used in (("--name", named), ("--lower-is-better", lower_is_better)):
            if used:
                raise InputError(f"{option} applies only to a measure given with {spec.forms_text()}; "
                                 "a catalogue (--measure) or TOML measure has its own name and orientation")
    # every output is checked before the work, so that a bad path costs no checking (or parsing) time
    if json_file is not None and json_file != "-":
        files.check_writable(json_file, inputs=tuple(toml_files))
    files.check_writable(latex_dir, directory=True)
    outfolder.accept(latex_dir, force=force)
    measures = [(spec, lookup(spec, n)) for n in catalogue]
    if given_text:
        check_name(name)
        # parsing and building run under the time limit too: nothing may hang before it starts
        with timelimit.preparation(time_limit, f"measure {name!r}"):
            measures.append((spec, build_measure(spec, name, texts, params, "lower" if lower_is_better else "higher")))
    elif params:
        raise InputError("--param needs " + spec.forms_text())
    for f in toml_files:
        with timelimit.preparation(time_limit, str(f)):
            measures.extend(measures_from_toml(f, spec))
    if not measures:
        raise InputError(f"nothing to check: give {spec.forms_text()}, --measure or a TOML file")
    chosen = _user_properties(property_files, measures)
    if chosen is not None:      # a --reading no property of the files has would be silently ignored
        driver.check_readings(chosen, wanted, " (of the --property properties)", source="--reading")
    _readings_apply(wanted, {k.name for k, _ in measures})
    _formula_reading_applies(wanted, [m for _, m in measures])
    request = CheckRequest(tuple(measures), None if chosen is None else tuple(chosen), tuple(wanted.items()),
                           time_limit, alternates=not headline_only, workers=workers,
                           outputs=CheckOutputs(json_file, latex_dir, pdf=not no_pdf, details=details, sketch=sketch,
                                                       force=force))
    err = Console(stderr=True)
    say = lambda message: err.print(message, markup=False, highlight=False)      # noqa: E731

    def decided(result: PropertyResult, seconds: float | None) -> None:
        took = "" if seconds is None else f" ({seconds:.2f} s)"
        reading = "" if result.reading == NO_READING else f" ({result.reading})"
        say(f"  {result.property}{reading}: {result.verdict.value}{took}")

    listener = Listener(starting=lambda k, m: say(f"checking {m.name} ({k.name}) ..."), decided=decided,
                        done=lambda checked, seconds: say(f"{checked[1].name}: {len(checked[2])} verdicts in "
                                                          f"{seconds:.2f} s"))
    with result_cache.using(cached.open_cache(None if no_cache else result_cache.default_folder(), say=say)):
        results = check_request.run(request, listener)
    _render(request.outputs, results, err, say)


def _render(outputs: CheckOutputs, results, err: Console, say) -> None:
    """The terminal summary (or --details), then the files; exit status 1 when the PDF asked for
    could not be built."""
    (check_terminal.print_details if outputs.details else check_terminal.print_matrix)(
        err if outputs.json_file == "-" else Console(), results)
    built = check_outputs.write(results, outputs, say, click.echo)
    if built.pdf is not None:
        err.print(f"PDF built: {built.pdf}", highlight=False)
    if built.pdf_error is not None:
        say(f"PDF not built: {built.pdf_error}")
        sys.exit(1)
