"""``symmetric check``: every property of both papers for a proposed (or catalogued) measure.

Measures come from the command line (``--counts`` / ``--probs`` with ``--name`` and
``--param``), from TOML files (several ``[[measure]]`` tables each), or from the catalogue
(``--measure NAME``).  User text is parsed by :mod:`symmetric.parse` (never evaluated).

What differs between kinds of measure (allowed symbols, how a measure is built, which
checkers run) lives in one frozen :class:`Kind` per entry of :data:`KINDS`; adding a kind is
adding a row.

TOML format::

    [[measure]]
    name = "MyK"                       # required
    counts = "TP/AP + TN/AN - 1"       # or probs = "P(S|G) + P(not S|not G) - 1"
    params = ["lambda>0"]              # optional declarations (open intervals)
    orientation = "higher"             # optional: "higher" (default) or "lower" is better

    [[measure]]
    catalogue = "F1"                   # a catalogue measure by name
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import click
import sympy as sp
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..errors import InputError
from ..measures import registry
from ..measures.base import Measure, Param
from ..parse import count_symbols, parse_expression, parse_parameter, probability_symbols
from ..properties.base import PropertyResult, PropertyVerdict
from ..render import latex as latex_render
from . import main

VERDICT_STYLE = {PropertyVerdict.HOLDS: "green", PropertyVerdict.FAILS: "red",
                 PropertyVerdict.UNDETERMINED: "magenta"}


# ------------------------------------------------------------------ kinds

def _classification_checkers(measure: Measure) -> tuple[PropertyResult, ...]:
    from ..properties import sebastiani
    try:
        from ..properties import amigo
        amigo_checks = [(name, fn) for name, fn in amigo.CHECKERS]
    except ImportError:                     # the lead's module not merged yet
        amigo_checks = []
    return tuple(_run(measure, name, fn) for name, fn in (*amigo_checks, *sebastiani.CHECKERS))


def _run(measure: Measure, name: str, check: Callable[[Measure], PropertyResult]) -> PropertyResult:
    """A checker that crashes is reported as undetermined, naming the error (one broken checker
    must not hide the others); it is a defect of symmetric, so the error is shown."""
    try:
        return check(measure)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001
        return PropertyResult(name, measure.name, PropertyVerdict.UNDETERMINED,
                              reason=f"internal error: {type(exc).__name__}: {exc}")


def _build_classification(name: str, counts, probs, params: tuple[Param, ...], orientation: int) -> Measure:
    return Measure(name, name, counts=counts, probs=probs, params=params, orientation=orientation,
                   source="user input")


@dataclass(frozen=True)
class Kind:
    """Everything ``check`` needs to know about one kind of measure."""

    name: str
    description: str
    count_names: Callable[[], Mapping[str, sp.Expr]]        # names allowed in --counts
    prob_names: Callable[[], Mapping[str, sp.Expr]]         # names allowed in --probs
    build: Callable[..., Measure]                          # (name, counts, probs, params, orientation)
    checkers: Callable[[Measure], tuple[PropertyResult, ...]]


KINDS: dict[str, Kind] = {
    "classification": Kind("classification",
                           "binary classification / filtering: Amigo's SM, AW, NIFQ, NIGQ and "
                           "Sebastiani's MON, CON, SDE, WDE, FIX, CHA, IMB, SYM",
                           count_symbols, probability_symbols, _build_classification, _classification_checkers),
}


# ------------------------------------------------------------------ building measures from text

def _params(declarations, kind: Kind, source: str, line: int = 1) -> tuple[tuple[Param, ...], dict]:
    params, names = [], {}
    reserved = tuple(kind.count_names()) + ("P",)
    for text in declarations:
        if not isinstance(text, str):
            raise InputError(f"a parameter declaration must be a string, got {text!r}", source=source, line=line)
        decl = parse_parameter(text, reserved=reserved, source=source, line=line)
        if decl.name in names:
            raise InputError(f"parameter {decl.name!r} declared twice", source=source, line=line)
        symbol = sp.Symbol(decl.name, real=True)
        if decl.low == 0 and decl.high is sp.oo:
            symbol = sp.Symbol(decl.name, positive=True)
        names[decl.name] = symbol
        params.append(Param(symbol, decl.low, decl.high))
    return tuple(params), names


def _orientation(value, source, line) -> int:
    table = {"higher": 1, "lower": -1, 1: 1, -1: -1}
    if value not in table:
        raise InputError(f"orientation must be \"higher\" or \"lower\", got {value!r}", source=source, line=line)
    return table[value]


def build_measure(kind: Kind, name: str, counts: str | None, probs: str | None, declarations,
                  orientation="higher", *, source="<command line>", positions: Mapping[str, tuple[int, int]] = {},
                  line: int = 1) -> Measure:
    if (counts is None) == (probs is None):
        raise InputError("give exactly one of a count form (counts) and a probability form (probs)",
                         source=source, line=line)
    params, names = _params(declarations, kind, source, line)
    orient = _orientation(orientation, source, line)
    if counts is not None:
        ln, col = positions.get("counts", (line, 1))
        expr = parse_expression(counts, {**kind.count_names(), **names}, source=source, line=ln, column=col)
        return kind.build(name, expr, None, params, orient)
    ln, col = positions.get("probs", (line, 1))
    expr = parse_expression(probs, {**kind.prob_names(), **names}, source=source, line=ln, column=col)
    return kind.build(name, None, expr, params, orient)


# ------------------------------------------------------------------ TOML

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def _measure_blocks(text: str) -> list[int]:
    """1-based line numbers of each [[measure]] header (to point errors into the file)."""
    return [k for k, ln in enumerate(text.splitlines(), 1) if re.match(r"\s*\[\[\s*measure\s*\]\]", ln)]


def _key_position(text: str, start_line: int, key: str) -> tuple[int, int]:
    """(line, column) of the first character inside the quoted value of ``key`` after start_line."""
    lines = text.splitlines()
    for k in range(start_line, len(lines) + 1):
        if k > start_line and re.match(r"\s*\[", lines[k - 1]):
            break
        m = re.match(rf"\s*{re.escape(key)}\s*=\s*(\"\"\"|'''|\"|')", lines[k - 1])
        if m:
            return k, m.end() + 1
    return start_line, 1


def measures_from_toml(path: str, kind: Kind) -> list[Measure]:
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=source) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POSITION.search(str(exc))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        message = _TOML_POSITION.sub("", str(exc)).strip()
        if line is None and "end of document" in str(exc):
            line = text.count("\n") + 1
        raise InputError(f"invalid TOML: {message}", source=source, line=line, column=column) from None
    unknown = set(data) - {"measure"}
    if unknown:
        raise InputError(f"unknown top-level key(s) {sorted(unknown)}; measures go in [[measure]] tables",
                         source=source, line=1)
    entries = data.get("measure")
    if not isinstance(entries, list) or not entries:
        raise InputError("no [[measure]] table found", source=source, line=1)
    headers = _measure_blocks(text)
    out = []
    for k, entry in enumerate(entries):
        line = headers[k] if k < len(headers) else 1
        allowed = {"name", "counts", "probs", "params", "orientation", "catalogue"}
        extra = set(entry) - allowed
        if extra:
            raise InputError(f"unknown field(s) {sorted(extra)} in [[measure]] (allowed: {sorted(allowed)})",
                             source=source, line=line)
        if "catalogue" in entry:
            if not isinstance(entry["catalogue"], str):
                raise InputError("catalogue must be a measure name", source=source, line=line)
            try:
                out.append(registry.get(entry["catalogue"]))
            except InputError as exc:
                raise InputError(exc.message, source=source, line=line) from None
            continue
        if "name" not in entry:
            raise InputError("missing field 'name' in [[measure]]", source=source, line=line)
        for key in ("name", "counts", "probs"):
            if key in entry and not isinstance(entry[key], str):
                raise InputError(f"field {key!r} must be a string", source=source,
                                 line=_key_position(text, line, key)[0])
        params = entry.get("params", [])
        if not isinstance(params, list):
            raise InputError("field 'params' must be a list of strings such as \"lambda>0\"", source=source,
                             line=_key_position(text, line, "params")[0])
        positions = {key: _key_position(text, line, key) for key in ("counts", "probs")}
        out.append(build_measure(kind, entry["name"], entry.get("counts"), entry.get("probs"), params,
                                 entry.get("orientation", "higher"), source=source, positions=positions,
                                 line=line))
    return out


# ------------------------------------------------------------------ output

def _report(results: list[tuple[Measure, tuple[PropertyResult, ...]]]) -> list[dict]:
    return [{"measure": m.name,
             "properties": [{"property": r.property, "verdict": r.verdict.value, "proof": list(r.proof),
                             "counterexample": r.counterexample, "reason": r.reason} for r in rs]}
            for m, rs in results]


def _table(results) -> Table:
    table = Table(title="symmetric check")
    for col in ("measure", "property", "verdict", "why"):
        table.add_column(col)
    for m, rs in results:
        for r in rs:
            why = r.reason or (r.proof[-1] if r.proof else "")
            # names such as CHA[bernoulli] must not be read as rich markup
            table.add_row(escape(m.name), escape(r.property), f"[{VERDICT_STYLE[r.verdict]}]{r.verdict.value}[/]",
                          escape(why if len(why) < 120 else why[:117] + "..."))
    return table


def render_latex(results) -> str:
    esc = latex_render.tex_text
    out = [r"\documentclass[10pt]{article}", r"\usepackage[a4paper,margin=2cm]{geometry}",
           r"\usepackage{amsmath,amssymb}", r"\begin{document}", r"\section*{symmetric check}"]
    for m, rs in results:
        out.append(rf"\subsection*{{{esc(m.name)}}}")
        out.append(r"$M = " + sp.latex(m.count_form) + r"$\par" if len(sp.latex(m.count_form)) < 400 else "")
        out.append(r"\begin{itemize}")
        for r in rs:
            out.append(rf"\item \textbf{{{esc(r.property)}}}: {esc(r.verdict.value)}.")
            for line in r.proof:
                out.append(esc(line) + r"\par")
            if r.reason:
                out.append(r"\emph{" + esc(r.reason) + r"}\par")
        out.append(r"\end{itemize}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


@main.command("check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--counts", "counts", metavar="EXPR", help="A measure in TP, FP, FN, TN (and AP AN PP PN n).")
@click.option("--probs", "probs", metavar="EXPR", help="A measure in P(S|G), P(not G|S), P(G), P(S and G), ...")
@click.option("--name", default="M", show_default=True, help="Name of the --counts/--probs measure.")
@click.option("--param", "params", multiple=True, metavar="DECL", help="Parameter, e.g. 'lambda>0' or '0<a<1'.")
@click.option("--lower-is-better", is_flag=True, help="The --counts/--probs measure is an error (lower is better).")
@click.option("--measure", "catalogue", multiple=True, metavar="NAME", help="A catalogue measure (repeatable).")
@click.option("--kind", type=click.Choice(sorted(KINDS)), default="classification", show_default=True)
@click.option("--json", "json_file", metavar="FILE", help="Write the JSON report to FILE ('-' = stdout).")
@click.option("--latex", "latex_dir", default="latex_out/check", show_default=True,
              type=click.Path(file_okay=False), help="Directory for check.tex (and check.pdf).")
@click.option("--no-pdf", is_flag=True, help="Do not run pdflatex.")
def check(files, counts, probs, name, params, lower_is_better, catalogue, kind, json_file, latex_dir, no_pdf):
    """Check every property of both papers for proposed or catalogued measures.

    Expressions use numbers, the allowed names, + - * / ^, parentheses and sqrt, log, exp,
    min, max, abs, cases(cond1, v1, ..., otherwise).  Each property is 'holds' (with a
    proof), 'fails' (with an exact counterexample) or 'undetermined' (with the reason).
    """
    spec = KINDS[kind]
    measures: list[Measure] = [registry.get(n) for n in catalogue]
    if counts is not None or probs is not None:
        measures.append(build_measure(spec, name, counts, probs, params,
                                      "lower" if lower_is_better else "higher"))
    elif params:
        raise InputError("--param needs --counts or --probs")
    for f in files:
        measures.extend(measures_from_toml(f, spec))
    if not measures:
        raise InputError("nothing to check: give --counts, --probs, --measure or a TOML file")
    err = Console(stderr=True)
    out = err if json_file == "-" else Console()
    results = []
    for m in measures:
        err.print(f"checking {m.name} ...", highlight=False)
        results.append((m, spec.checkers(m)))
    out.print(_table(results))
    for m, rs in results:
        for r in rs:
            if r.verdict is PropertyVerdict.FAILS and r.counterexample:
                out.print(escape(f"{m.name} {r.property}: {r.counterexample}"), highlight=False)
    report = _report(results)
    if json_file == "-":
        click.echo(json.dumps(report, indent=2, default=str))
    elif json_file:
        Path(json_file).write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    outdir = Path(latex_dir)
    outdir.mkdir(parents=True, exist_ok=True)
    tex = outdir / "check.tex"
    tex.write_text(render_latex(results), encoding="utf-8")
    err.print(f"LaTeX written to {tex}", highlight=False)
    if not no_pdf and latex_render.tex_engine():
        try:
            err.print(f"PDF built: {latex_render.build_pdf(tex)}", highlight=False)
        except RuntimeError as exc:
            err.print(f"[red]PDF not built: {str(exc)[:400]}[/]")
            sys.exit(1)
