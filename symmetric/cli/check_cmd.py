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
the command: its options and their checks, the run, and the output (table, JSON, LaTeX).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import timelimit
from ..errors import InputError
from ..logic import Verdict
from ..properties import driver
from ..evidence import NO_READING
from ..evidence import PropertyResult
from ..render import check_report
from ..render import json as json_render
from ..render import files, matrix, outfolder, texbuild
from ..render import latex as latex_render
from ..render.sketch import sketch_files
from ..render import text as text_render
from ..userinput.usernames import check_name
from ..userinput import KINDS, Kind, build_measure, lookup, measures_from_toml, misfit_form, owners
from . import main, options

VERDICT_STYLE = {Verdict.HOLDS: "green", Verdict.FAILS: "red", Verdict.UNDETERMINED: "magenta"}


# ------------------------------------------------------------------ output

def _report(results: list[tuple[Kind, object, tuple[PropertyResult, ...]]]) -> list[dict]:
    return json_render.check_report([(kind.name, m, rs) for kind, m, rs in results])


def _table(results) -> Table:
    """--details: a row per verdict, the why in full (the column wraps; nothing is cut)."""
    from ..render import pretty   # the mathematics of a reason drawn in Unicode (loaded only here)
    table = Table(title="symmetric check", caption="* the headline reading (the one the paper's own verdicts imply); "
                  f"{matrix.NO_AXES}: the property has no reading to choose", show_lines=True)
    for col in ("measure", "property", "reading", "verdict"):
        table.add_column(col, no_wrap=col in ("property", "verdict"))
    table.add_column("why", ratio=1, overflow="fold")
    for _, m, rs in results:
        headlines = set()
        whys = text_render.short_reasons(rs, pretty.inline, cut=False)
        for r, why in zip(rs, whys):
            # the first result of a property is its headline reading (the driver's order)
            label = matrix.reading_label(r)
            reading = label if r.property in headlines else f"{label} *"
            headlines.add(r.property)
            # names such as CHA[bernoulli] must not be read as rich markup
            table.add_row(escape(m.name), escape(r.property), escape(reading),
                          f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]", escape(why))
    return table


_MATRIX_STYLE = {matrix.WORDS[v]: style for v, style in VERDICT_STYLE.items()}


def _print_matrix(out: Console, results) -> None:
    """The default summary: per kind, properties x measures, the headline verdict per cell and
    the other readings only where their verdict differs; then why each undetermined headline
    verdict is undetermined (in full)."""
    for kind, group in matrix.by_kind([(k.name, m.name, rs) for k, m, rs in results]):
        header, rows = matrix.matrix(group)
        table = Table(title=f"symmetric check ({kind})", caption=f"{matrix.counts(group)} (headline readings); "
                      "in parentheses: another reading whose verdict differs; "
                      f"{matrix.NO_AXES}: no reading axes (the property as defined)")
        for k, col in enumerate(header):
            table.add_column(escape(col), no_wrap=k == 0, overflow="fold")
        for row in rows:
            cells = []
            for text in row[2:]:
                first = text.split(" ", 1)[0]
                style = _MATRIX_STYLE.get(first)
                cells.append(f"[{style}]{escape(first)}[/]" + escape(text[len(first):]) if style else escape(text))
            table.add_row(escape(row[0]), escape(row[1]), *cells)
        out.print(table)
    from ..render import pretty
    for _, m, rs in results:
        whys = dict(zip(((r.property, r.reading) for r in rs), text_render.short_reasons(rs, pretty.inline, cut=False)))
        for r in rs:
            if r.verdict is Verdict.UNDETERMINED and (r.property, r.reading) in whys and r is by_first(rs, r.property):
                out.print(escape(f"{m.name} {r.property} undetermined: {whys[r.property, r.reading]}"), highlight=False)
    out.print("--details: every reading's verdict with its reason, and the counterexamples", highlight=False)


def by_first(results, prop):
    """The headline result of ``prop``: the driver decides it first."""
    return next(r for r in results if r.property == prop)


def _counterexample_line(r: PropertyResult) -> str:
    """A counterexample without contingency tables on one line, its names and values in Unicode."""
    from ..render import pretty
    return text_render.counterexample_line(r.counterexample, pretty.inline, pretty.name)


def _counterexample(measure_name: str, r: PropertyResult) -> tuple[Table, str]:
    """A counterexample with its cells named: one row per contingency table (and the measure's
    value there), then the other named values and the relation that fails."""
    from ..render import pretty
    header, rows, rest = text_render.counterexample_rows(r.counterexample, pretty.inline, pretty.name)
    reading = "" if r.reading in ("", NO_READING) else f" ({r.reading})"
    table = Table(title=escape(f"{measure_name} {r.property}{reading}: counterexample"), title_justify="left")
    for col in header:
        table.add_column(escape(col), justify="right" if col in ("TP", "FP", "FN", "TN") else "left")
    for row in rows:
        table.add_row(*map(escape, row))
    return table, rest


def _print_details(out: Console, results) -> None:
    """--details: the table of every verdict, then every counterexample with its cells named."""
    out.print(_table(results))
    for _, m, rs in results:
        for r in rs:
            if r.verdict is Verdict.FAILS and r.counterexample:
                if r.counterexample.tables:
                    table, rest = _counterexample(m.name, r)
                    out.print(table, highlight=False)
                    out.print(escape(rest), highlight=False)
                else:
                    out.print(escape(f"{m.name} {r.property} ({r.reading}): {_counterexample_line(r)}"),
                              highlight=False)


HELP = """Check every property of the papers for proposed or catalogued measures.

Two kinds of measure (--kind):

\b
classification (default): a measure of the contingency table, in counts
  (--counts: TP FP FN TN, AP AN PP PN n) or probabilities (--probs: P(S|G),
  P(not G|S), P(G), P(S and G), ...), with optional --param and
  --lower-is-better; checked against Amigo et al.'s SM, AW, NIFQ, NIGQ,
  Sebastiani's MON, CON, SDE, WDE, FIX, CHA, IMB, SYM, Gosgens et al.'s
  TSYM, SMON, MAXA, MINA, CB, DIST and Sokolova and Lapalme's ITN, ISC, ICL (or
  your own: --property).  Example:
    symmetric check --counts "(TP + TN)/n" --name Accuracy

\b
quantification: an error measure E = sum over the classes c of a per-class
  term t(p, q, n) given with --term, where p is the true prevalence of c,
  q its predicted prevalence and n the number of classes |C| (lower is
  better; no parameters); checked against Sebastiani's IoI, NN, MAX, MON,
  IMP, REL, ABS, IND and the binary B-MON, B-IMP, B-REL, B-ABS.  Examples:
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


def _for_kind(wanted: dict, kind: str) -> dict:
    """The options that apply to some property of ``kind`` (the others are for the other kind)."""
    from ..properties import catalogue
    axes = {a.name for p in catalogue.for_kind(kind) for a in p.axes} | {a.name for a in catalogue.FORMULA_AXES[kind]}
    return {a: c for a, c in wanted.items() if a in axes}


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
@click.option("--details", is_flag=True,
              help="Print a row per verdict with its reason in full, and every counterexample, instead of the "
                   "compact properties x measures matrix.")
@click.option("--sketch", is_flag=True,
              help="Also write per measure a paste-ready proof sketch of each property (sketch-<measure>.tex in the "
                   "--latex folder; \\input it after symmetric-macros.tex).")
@click.option("--force", is_flag=True, help=options.FORCE_HELP)
def check(toml_files, kind, counts, probs, term, name, params, lower_is_better, catalogue, json_file, latex_dir, no_pdf,
          time_limit, readings, property_files, headline_only, details=False, sketch=False, force=False):
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
    measures: list[tuple[Kind, object]] = [(spec, lookup(spec, n)) for n in catalogue]
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
    err = Console(stderr=True)
    out = err if json_file == "-" else Console()
    results = []
    def progress(result: PropertyResult, seconds: float | None) -> None:
        took = "" if seconds is None else f" ({seconds:.2f} s)"
        reading = "" if result.reading == NO_READING else f" ({result.reading})"
        err.print(f"  {result.property}{reading}: {result.verdict.value}{took}", markup=False, highlight=False)

    for k, m in measures:
        err.print(f"checking {m.name} ({k.name}) ...", markup=False, highlight=False)
        start = time.perf_counter()
        results.append((k, m, driver.check(m, chosen, time_limit=time_limit, progress=progress,
                                           readings=_for_kind(wanted, k.name), alternates=not headline_only)))
        err.print(f"{m.name}: {len(results[-1][2])} verdicts in {time.perf_counter() - start:.2f} s",
                  markup=False, highlight=False)
    if details:
        _print_details(out, results)
    else:
        _print_matrix(out, results)
    report = _report(results)
    if json_file == "-":
        click.echo(json.dumps(report, indent=2, default=str))
    elif json_file is not None:
        files.write_text(json_file, json.dumps(report, indent=2, default=str) + "\n")
    outdir = Path(latex_dir)
    written = check_report.report_files([(k.name, m, rs) for k, m, rs in results], outdir)
    written[latex_render.MACROS] = (latex_render.TEMPLATES / latex_render.MACROS).read_text(encoding="utf-8")
    sketches = sketch_files([(k.name, m, rs) for k, m, rs in results],
                            [n for n in written if n.startswith("check-")]) if sketch else {}
    written.update(sketches)
    # earlier measures' reports stay (a paper may \\input each); only a stale check.pdf goes
    kept = {p.name for g in ("check-*.tex", "sketch-*.tex") for p in outdir.glob(g)} if outdir.is_dir() else set()
    built = texbuild.write_document(written, outdir, check_report.MAIN, command="check", force=force,
                                    pdf=not no_pdf and bool(texbuild.tex_engine()), keep=kept)
    for (_, m, _), name in zip(results, [n for n in written if n.startswith("check-")]):
        err.print(f"LaTeX report of {m.name}: {outdir / name}", markup=False, highlight=False)
    for name in sketches:
        err.print(f"Proof sketches: {outdir / name}", markup=False, highlight=False)
    tex = outdir / check_report.MAIN
    err.print(f"LaTeX written to {tex} (summary; \\inputs each measure's report)", markup=False, highlight=False)
    if built.pdf is not None:
        err.print(f"PDF built: {built.pdf}", highlight=False)
    if built.pdf_error is not None:
        err.print(f"PDF not built: {built.pdf_error}", markup=False, highlight=False)
        sys.exit(1)
