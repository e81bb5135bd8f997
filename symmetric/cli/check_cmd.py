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
import math
import sys
import time
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import timelimit
from ..errors import InputError
from ..logic import Verdict
from ..properties import driver
from ..evidence import PropertyResult
from ..render import formulas
from ..render import json as json_render
from ..render import files, texbuild
from ..render import latex as latex_render
from ..render import text as text_render
from ..userinput.usernames import check_name
from ..userinput import KINDS, Kind, build_measure, lookup, measures_from_toml, misfit_form, owners
from . import main, options

VERDICT_STYLE = {Verdict.HOLDS: "green", Verdict.FAILS: "red", Verdict.UNDETERMINED: "magenta"}


# ------------------------------------------------------------------ output

def _report(results: list[tuple[Kind, object, tuple[PropertyResult, ...]]]) -> list[dict]:
    return json_render.check_report([(kind.name, m, rs) for kind, m, rs in results])


def _table(results) -> Table:
    table = Table(title="symmetric check")
    for col in ("measure", "property", "verdict", "why"):
        table.add_column(col)
    for _, m, rs in results:
        for r in rs:
            why = text_render.reason(r.reason) or (text_render.sentence(r.proof[-1]) if r.proof else "")
            # names such as CHA[bernoulli] must not be read as rich markup
            table.add_row(escape(m.name), escape(r.property), f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]",
                          escape(why if len(why) < 120 else why[:117] + "..."))
    return table


def render_latex(results) -> str:
    """The check report as a standalone LaTeX document (template render/templates/check.tex.j2)."""
    return latex_render.render_template("check.tex.j2", results=results, formula=formulas.formula)


HELP = """Check every property of the papers for proposed or catalogued measures.

Two kinds of measure (--kind):

\b
classification (default): a measure of the contingency table, in counts
  (--counts: TP FP FN TN, AP AN PP PN n) or probabilities (--probs: P(S|G),
  P(not G|S), P(G), P(S and G), ...), with optional --param and
  --lower-is-better; checked against Amigo et al.'s SM, AW, NIFQ, NIGQ and
  Sebastiani's MON, CON, SDE, WDE, FIX, CHA, IMB, SYM.  Example:
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
counterexample) or 'undetermined' (with the reason).

\b
--time-limit bounds the check of each measure (default 60 s, 0 = none):
  each property gets what is left of it, keeping at least 1/30 of it for
  every property still to come; one that runs out is 'undetermined' ("time
  limit of X s reached") and the others still run.  The quantification
  properties share their work and so share one limit.  The limit interrupts
  sympy and z3 (SIGALRM) in the main thread on POSIX; elsewhere (Windows,
  a worker thread) only the checkers' cooperative checks of the deadline and the z3 timeout
  honour it, so one long sympy call can overrun.
"""


_time_limit = options.time_limit


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
              type=click.Path(file_okay=False), help="Directory for check.tex (and check.pdf).")
@click.option("--no-pdf", is_flag=True, help="Do not run pdflatex.")
@click.option("--time-limit", "time_limit", default="60", show_default=True, metavar="SECONDS",
              help="Time for checking each measure, shared among its properties (0 = no limit).")
def check(toml_files, kind, counts, probs, term, name, params, lower_is_better, catalogue, json_file, latex_dir, no_pdf,
          time_limit):
    time_limit = _time_limit(time_limit)
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
    # every output is checked before the work, so that a bad path costs no checking (or parsing) time
    if json_file is not None and json_file != "-":
        files.check_writable(json_file, inputs=tuple(toml_files))
    files.check_writable(latex_dir, directory=True)
    measures: list[tuple[Kind, object]] = [(spec, lookup(spec, n)) for n in catalogue]
    if any(text is not None for text in texts.values()):
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
    err = Console(stderr=True)
    out = err if json_file == "-" else Console()
    results = []
    def progress(result: PropertyResult, seconds: float | None) -> None:
        took = "" if seconds is None else f" ({seconds:.2f} s)"
        err.print(f"  {result.property}: {result.verdict.value}{took}", markup=False, highlight=False)

    for k, m in measures:
        err.print(f"checking {m.name} ({k.name}) ...", markup=False, highlight=False)
        start = time.perf_counter()
        results.append((k, m, driver.check(m, time_limit=time_limit, progress=progress)))
        err.print(f"{m.name}: {len(results[-1][2])} properties in {time.perf_counter() - start:.2f} s",
                  markup=False, highlight=False)
    out.print(_table(results))
    for _, m, rs in results:
        for r in rs:
            if r.verdict is Verdict.FAILS and r.counterexample:
                out.print(escape(f"{m.name} {r.property}: {text_render.counterexample_line(r.counterexample)}"),
                          highlight=False)
    report = _report(results)
    if json_file == "-":
        click.echo(json.dumps(report, indent=2, default=str))
    elif json_file is not None:
        files.write_text(json_file, json.dumps(report, indent=2, default=str) + "\n")
    outdir = Path(latex_dir)
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise files.OutputError(f"{outdir}: could not be created ({exc.strerror})") from None
    tex = files.write_text(outdir / "check.tex", render_latex(results))
    err.print(f"LaTeX written to {tex}", highlight=False)
    if not no_pdf and texbuild.tex_engine():
        try:
            err.print(f"PDF built: {texbuild.build_pdf(tex)}", highlight=False)
        except texbuild.TexBuildError as exc:
            err.print(f"PDF not built: {exc}", markup=False, highlight=False)
            sys.exit(1)
