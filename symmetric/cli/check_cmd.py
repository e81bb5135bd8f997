"""``symmetric check``: every property of the papers for a proposed (or catalogued) measure.

Two kinds of measure (``--kind``):

* ``classification`` (default): a measure of the contingency table, written in counts
  (``--counts``) or probabilities (``--probs``), optionally with parameters (``--param``);
  checked against Amigo et al.'s and Sebastiani's (ICTIR 2015) properties;
* ``quantification``: an error measure E(p, p^) = sum over the classes c of a per-class term
  t(p(c), p^(c), |C|), written in ``p``, ``q``, ``n`` (``--term``); checked against
  Sebastiani's axioms for quantification (IoI, NN, MAX, MON, IMP, REL, ABS, IND, B-*).

Measures come from the command line, from TOML files (several ``[[measure]]`` tables each),
or from the catalogue (``--measure NAME``).  User text is parsed by :mod:`symmetric.parse`
(never evaluated).

What differs between kinds (expression forms and their allowed names, other fields, how a
measure is built and looked up, which checkers run, how the formula is displayed) lives in one
frozen :class:`Kind` per entry of :data:`KINDS`; adding a kind is adding a row.

TOML format::

    kind = "classification"            # optional file-level kind (default: --kind)

    [[measure]]
    name = "MyK"                       # required
    counts = "TP/AP + TN/AN - 1"       # or probs = "P(S|G) + P(not S|not G) - 1"
    params = ["lambda>0"]              # optional declarations (open intervals)
    orientation = "higher"             # optional: "higher" (default) or "lower" is better

    [[measure]]
    catalogue = "F1"                   # a catalogue measure by name

    [[measure]]
    kind = "quantification"            # per-table kind (overrides the file-level kind)
    name = "MyAE"
    term = "abs(q - p)/n"              # per-class term in p, q, n
"""

from __future__ import annotations

import json
import math
import re
import sys
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import click
import sympy as sp
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..errors import InputError, UnknownNameError
from ..measures import registry
from ..measures.base import Measure, Param
from ..parse import count_symbols, parse_expression, parse_parameter, probability_symbols
from ..properties import driver
from ..properties.base import PropertyResult, PropertyVerdict
from ..render import json as json_render
from ..render import latex as latex_render
from ..render import text as text_render
from . import main
from .toml_text import Locator, array_locators, read_text, string_locator

VERDICT_STYLE = {PropertyVerdict.HOLDS: "green", PropertyVerdict.FAILS: "red",
                 PropertyVerdict.UNDETERMINED: "magenta"}


# ------------------------------------------------------------------ kinds

def _build_classification(name: str, form: str, expr: sp.Expr, params: tuple[Param, ...],
                          orientation: int, where: dict) -> Measure:
    return Measure(name, name, counts=expr if form == "counts" else None,
                   probs=expr if form == "probs" else None, params=params, orientation=orientation,
                   source="user input")


def _classification_formula(measure: Measure) -> str:
    latex = sp.latex(measure.count_form)
    return f"$M = {latex}$" if len(latex) < 400 else ""


def _quantification_symbols() -> Mapping[str, sp.Expr]:
    from ..quantification import check as quantification
    return quantification.SYMBOLS


def _build_quantification(name: str, form: str, expr: sp.Expr, params, orientation, where: dict):
    from ..quantification import check as quantification
    try:
        return quantification.build_measure(expr, name, source=where.get("source"))
    except InputError as exc:               # point at the expression, not just the file
        raise InputError(exc.message, **where) from None


def _quantification_catalogue(name: str):
    from ..quantification import check as quantification
    return quantification.catalogue_measure(name)


def _quantification_formula(measure) -> str:
    """E as a sum of per-class terms (and its outer transformation), plain text with $...$."""
    from ..quantification.distributions import n, p, q
    from ..quantification.measures import R
    names = {p: "p(c)", q: r"\hat{p}(c)", n: "|C|"}
    term = sp.latex(measure.term, symbol_names=names)
    if len(term) >= 400:
        return ""
    total = r"\sum_{c \in C} " + (rf"\left({term}\right)" if isinstance(measure.term, sp.Add) else term)
    if measure.outer == R:
        text = rf"$E(p, \hat{{p}}) = {total}$."
    else:
        text = rf"$E(p, \hat{{p}}) = {sp.latex(measure.outer)}$ with $R = {total}$"
        text += (" and M the value of R at the perverse estimator." if measure.uses_maximum else ".")
    if measure.smoothed:
        text += " The measure is defined on additively smoothed prevalences."
    if measure.reconstruction:
        text += " " + measure.reconstruction
    return text


@dataclass(frozen=True)
class Form:
    """One way of writing a measure: its option / TOML key and the names it may use."""

    key: str                                              # "--KEY" on the command line, KEY in TOML
    description: str
    symbols: Callable[[], Mapping[str, sp.Basic]]


@dataclass(frozen=True)
class Kind:
    """Everything ``check`` needs to know about one kind of measure."""

    name: str
    description: str
    forms: tuple[Form, ...]                               # exactly one is given per measure
    build: Callable[..., object]                          # (name, form key, expr, params, orientation, where)
    catalogue: Callable[[str], object]                    # name -> measure; UnknownNameError if unknown
    formula: Callable[[object], str]                      # plain text with $...$ (for LaTeX)
    parameters: bool                                      # accepts --param / params
    orientation: bool                                     # accepts --lower-is-better / orientation

    def form(self, key: str) -> Form | None:
        return next((f for f in self.forms if f.key == key), None)

    def forms_text(self) -> str:
        return " or ".join(f"--{f.key}" for f in self.forms)

    def fields(self) -> set[str]:
        """The fields a [[measure]] table of this kind may have."""
        return ({"name", "kind", "catalogue"} | {f.key for f in self.forms}
                | ({"params"} if self.parameters else set())
                | ({"orientation"} if self.orientation else set()))


KINDS: dict[str, Kind] = {
    "classification": Kind(
        "classification",
        "binary classification / filtering: Amigo's SM, AW, NIFQ, NIGQ and "
        "Sebastiani's MON, CON, SDE, WDE, FIX, CHA, IMB, SYM",
        (Form("counts", "a count form", count_symbols),
         Form("probs", "a probability form", probability_symbols)),
        _build_classification, lambda name: registry.get(name, "classification"), _classification_formula,
        parameters=True, orientation=True),
    "quantification": Kind(
        "quantification",
        "single-label quantification error measures: Sebastiani's IoI, NN, MAX, MON, IMP, REL, "
        "ABS, IND and the binary B-MON, B-IMP, B-REL, B-ABS",
        (Form("term", "a per-class term", _quantification_symbols),),
        _build_quantification, _quantification_catalogue, _quantification_formula, parameters=False, orientation=False),
}
FORM_KEYS = tuple(dict.fromkeys(f.key for k in KINDS.values() for f in k.forms))


def kind_named(name, **where) -> Kind:
    if not isinstance(name, str) or name.lower() not in KINDS:
        raise UnknownNameError("kind", str(name), list(KINDS), **where)
    return KINDS[name.lower()]


def _owners(key: str) -> list[Kind]:
    return [k for k in KINDS.values() if k.form(key)]


def _misfit_form(kind: Kind, key: str, how: str) -> str:
    """Why the form ``key`` (an option or a TOML field) cannot describe a ``kind`` measure."""
    owners = " or ".join(k.name for k in _owners(key))
    return (f"{how} is for {owners} measures, not {kind.name}; a {kind.name} measure is written with "
            + " or ".join(f"{'--' if how.startswith('--') else ''}{f.key}" for f in kind.forms))


# ------------------------------------------------------------------ building measures from text

def lookup(kind: Kind, name: str, **where):
    """A catalogue measure of ``kind``; an unknown name says when it belongs to another kind."""
    try:
        return kind.catalogue(name)
    except UnknownNameError as exc:
        others = [k.name for k in KINDS.values() if k is not kind and _known(k, name)]
        if others:
            raise InputError(f"unknown {kind.name} measure {name!r}; {name!r} is a {others[0]} measure "
                             f"(use --kind {others[0]}, or kind = \"{others[0]}\" in TOML)", **where) from None
        raise InputError(exc.message, **where) from None


def _known(kind: Kind, name: str) -> bool:
    try:
        kind.catalogue(name)
    except InputError:
        return False
    return True


def _in_file(exc: InputError, source: str, locate: Locator | None) -> InputError:
    """``exc``, positioned within a string, moved to the file by ``locate`` (if there is one)."""
    if locate is None or exc.line is None:
        return exc
    line, column = locate(exc.line, exc.column or 1)
    return InputError(exc.message, source=source, line=line, column=column)


def _params(declarations, kind: Kind, source: str, line: int = 1,
            locators: list[Locator] | None = None) -> tuple[tuple[Param, ...], dict]:
    """The declared parameters.  On the command line each error names its ``--param`` and
    the column within it; in a file, ``locators`` place it (else the ``line`` of the table)."""
    params, names = [], {}
    reserved = tuple(name for k in KINDS.values() for f in k.forms for name in f.symbols()) + ("P",)
    for k, text in enumerate(declarations):
        locate = locators[k] if locators else None
        on_command_line = source == "<command line>"
        where = f"--param {text!r}" if on_command_line else source
        if not isinstance(text, str):
            raise InputError(f"a parameter declaration must be a string such as \"lambda>0\", got {text!r}",
                             source=source, line=line)
        try:
            decl = parse_parameter(text, reserved=reserved, source=where)
            if decl.name in names:
                first = names[decl.name][1]
                raise InputError(f"parameter {decl.name!r} declared twice (first: {first!r})",
                                 source=where, line=1, column=decl.column)
        except InputError as exc:
            if on_command_line or locate:
                raise _in_file(exc, source, locate) from None
            raise InputError(exc.message, source=source, line=line) from None
        symbol = sp.Symbol(decl.name, real=True)
        if decl.low == 0 and decl.high is sp.oo:
            symbol = sp.Symbol(decl.name, positive=True)
        names[decl.name] = symbol, text
        params.append(Param(symbol, decl.low, decl.high))
    return tuple(params), {name: symbol for name, (symbol, _) in names.items()}


def _orientation(value, source, line) -> int:
    table = {"higher": 1, "lower": -1, 1: 1, -1: -1}
    if value not in table:
        raise InputError(f"orientation must be \"higher\" or \"lower\", got {value!r}", source=source, line=line)
    return table[value]


def _parse(kind: Kind, form: Form, text: str, names: Mapping[str, sp.Basic], **where) -> sp.Expr:
    """Parse ``text`` with the names of ``form``; a name of another kind is explained as such."""
    try:
        return parse_expression(text, {**form.symbols(), **names}, **where)
    except UnknownNameError as exc:
        for other in KINDS.values():
            for other_form in other.forms:
                if other is kind and other_form is form:
                    continue
                symbols = other_form.symbols()
                if (exc.kind == "name" and exc.name in symbols) or \
                        (exc.kind == "function" and exc.name == "P" and any(s.startswith("P(") for s in symbols)):
                    what = "P(...) probabilities are" if exc.name == "P" else f"{exc.name!r} is"
                    allowed = ", ".join(s for s in form.symbols() if not s.startswith("P(")) or "P(...)"
                    raise InputError(
                        f"{what} for {other.name} measures ({other_form.key}), not {kind.name}; "
                        f"{form.description} ({form.key}) may use {allowed}", source=exc.source, line=exc.line,
                        column=exc.column) from None
        typo = any(s.lower() == exc.name.lower() for s in exc.suggestions)
        if exc.kind == "name" and kind.parameters and not typo:   # likely an undeclared parameter
            raise InputError(f"{exc.message}; a parameter must be declared: --param \"{exc.name}>0\" "
                             f"(in TOML: params = [\"{exc.name}>0\"])", source=exc.source, line=exc.line,
                             column=exc.column) from None
        raise


def build_measure(kind: Kind, name: str, texts: Mapping[str, str], declarations=(), orientation="higher", *,
                  source="<command line>", positions: Mapping[str, tuple[int, int]] = {}, line: int = 1,
                  locators: Mapping[str, Locator] = {}, param_locators: list[Locator] | None = None):
    """A measure of ``kind`` from user text: ``texts`` maps one form key (counts, probs, term) to
    its expression.  ``locators[key]`` maps a position inside the text to the file (exact for
    multi-line and escaped TOML strings); without one, ``positions[key]`` is where it starts."""
    where = {"source": source, "line": line}
    given = {key: text for key, text in texts.items() if text is not None}
    for key in given:
        if kind.form(key) is None:
            raise InputError(_misfit_form(kind, key, f"field {key!r}" if source != "<command line>" else f"--{key}"),
                             **where)
    if len(given) != 1:
        if len(kind.forms) == 1:
            raise InputError(f"give {kind.forms[0].description} ({kind.forms[0].key})", **where)
        raise InputError("give exactly one of " + " and ".join(f"{f.description} ({f.key})" for f in kind.forms),
                         **where)
    (key, text), = given.items()
    params, names = _params(declarations, kind, source, line, param_locators)
    orient = _orientation(orientation, source, line)
    ln, col = positions.get(key, (line, 1))
    locate = locators.get(key)
    if locate is None:
        expr = _parse(kind, kind.form(key), text, names, source=source, line=ln, column=col)
    else:
        ln, col = locate(1, 1)
        try:                                # positions within the string, mapped to the file
            expr = _parse(kind, kind.form(key), text, names, source=source)
        except InputError as exc:
            if exc.line is None:
                raise
            raise _in_file(exc, source, locate) from None
    return kind.build(name, key, expr, params, orient, {"source": source, "line": ln, "column": col})


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
        m = re.match(rf"\s*{re.escape(key)}\s*=\s*(\"\"\"|'''|\"|')?", lines[k - 1])   # any value
        if m:
            return k, m.end() + 1
    return start_line, 1


def measures_from_toml(path: str, default_kind: Kind) -> list[tuple[Kind, object]]:
    """(kind, measure) for every [[measure]] table; a table's ``kind`` overrides the file's
    top-level ``kind``, which overrides ``default_kind`` (the --kind option)."""
    source = str(path)
    text = read_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POSITION.search(str(exc))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        message = _TOML_POSITION.sub("", str(exc)).strip()
        if line is None and "end of document" in str(exc):
            line = text.count("\n") + 1
        raise InputError(f"invalid TOML: {message}", source=source, line=line, column=column) from None
    unknown = set(data) - {"measure", "kind"}
    if unknown:
        raise InputError(f"unknown top-level key(s) {sorted(unknown)}; measures go in [[measure]] tables "
                         "(the only other top-level key is kind)", source=source, line=1)
    file_kind = default_kind
    if "kind" in data:
        file_kind = kind_named(data["kind"], source=source, line=_key_position(text, 1, "kind")[0])
    entries = data.get("measure")
    if not isinstance(entries, list) or not entries:
        raise InputError("no [[measure]] table found", source=source, line=1)
    headers = _measure_blocks(text)
    out = []
    for k, entry in enumerate(entries):
        line = headers[k] if k < len(headers) else 1
        kind = file_kind
        if "kind" in entry:
            kind = kind_named(entry["kind"], source=source, line=_key_position(text, line, "kind")[0])
        extra = set(entry) - kind.fields()
        for key in sorted(extra):
            if _owners(key):
                raise InputError(_misfit_form(kind, key, f"field {key!r}"), source=source,
                                 line=_key_position(text, line, key)[0])
        if extra:
            raise InputError(f"unknown field(s) {sorted(extra)} in a {kind.name} [[measure]] "
                             f"(allowed: {sorted(kind.fields())})", source=source, line=line)
        if "catalogue" in entry:
            if not isinstance(entry["catalogue"], str):
                raise InputError("catalogue must be a measure name", source=source, line=line)
            out.append((kind, lookup(kind, entry["catalogue"], source=source, line=line)))
            continue
        if "name" not in entry:
            raise InputError("missing field 'name' in [[measure]]", source=source, line=line)
        for key in ("name", *(f.key for f in kind.forms)):
            if key in entry and not isinstance(entry[key], str):
                raise InputError(f"field {key!r} must be a string", source=source,
                                 line=_key_position(text, line, key)[0])
        params = entry.get("params", [])
        if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
            raise InputError("field 'params' must be a list of strings such as \"lambda>0\"", source=source,
                             line=_key_position(text, line, "params")[0])
        positions = {f.key: _key_position(text, line, f.key) for f in kind.forms}
        locators = {f.key: string_locator(text, line, f.key, entry[f.key]) for f in kind.forms
                    if isinstance(entry.get(f.key), str)}
        texts = {f.key: entry.get(f.key) for f in kind.forms}
        out.append((kind, build_measure(kind, entry["name"], texts, params, entry.get("orientation", "higher"),
                                        source=source, positions=positions, line=line,
                                        locators={k: v for k, v in locators.items() if v},
                                        param_locators=array_locators(text, line, "params", params))))
    return out


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
    return latex_render.render_template("check.tex.j2", results=results)


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
  a worker thread) only the checkers' cooperative clocks and the z3 timeout
  honour it, so one long sympy call can overrun.
"""


def _time_limit(text: str) -> float | None:
    """--time-limit: seconds >= 0 (0 = none); read here, not by click, to be an InputError."""
    try:
        seconds = float(text)
    except ValueError:
        raise InputError(f"--time-limit must be a number of seconds, got {text!r}") from None
    if not math.isfinite(seconds) or seconds < 0:
        raise InputError(f"--time-limit must be a finite number of seconds >= 0 (0 = no limit), got {text!r}")
    return seconds or None


@main.command("check", help=HELP)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
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
def check(files, kind, counts, probs, term, name, params, lower_is_better, catalogue, json_file, latex_dir, no_pdf,
          time_limit):
    time_limit = _time_limit(time_limit)
    spec = KINDS[kind]
    texts = {"counts": counts, "probs": probs, "term": term}
    for key, text in texts.items():
        if text is not None and spec.form(key) is None:
            raise InputError(_misfit_form(spec, key, f"--{key}") + f" (or give --kind {_owners(key)[0].name})")
    if params and not spec.parameters:
        raise InputError(f"--param does not apply to {spec.name} measures (a {spec.name} measure has no parameters)")
    if lower_is_better and not spec.orientation:
        raise InputError(f"--lower-is-better does not apply to {spec.name} measures "
                         "(they are error measures: lower is always better)")
    measures: list[tuple[Kind, object]] = [(spec, lookup(spec, n)) for n in catalogue]
    if any(text is not None for text in texts.values()):
        measures.append((spec, build_measure(spec, name, texts, params, "lower" if lower_is_better else "higher")))
    elif params:
        raise InputError("--param needs " + spec.forms_text())
    for f in files:
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
            if r.verdict is PropertyVerdict.FAILS and r.counterexample:
                out.print(escape(f"{m.name} {r.property}: {text_render.counterexample_line(r.counterexample)}"),
                          highlight=False)
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
