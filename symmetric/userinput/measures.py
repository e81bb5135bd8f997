"""Building a measure from user text (an expression, parameter declarations, an orientation)
or looking one up in the catalogue of its kind.

Used by ``symmetric check`` for its options and, through :mod:`.toml_measures`, for TOML
files; errors are :class:`~symmetric.errors.InputError` pointing at the offending text (the
``--param`` and the column within it, or the line and column in the file).  A name that
belongs to another kind of measure (``P(S|G)`` in a quantification term, ``F1`` looked up as
a quantification measure) is explained as such rather than reported as merely unknown.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy as sp

from ..errors import InputError, UnknownNameError
from ..measures.base import Param
from ..crosscheck import attach
from ..parse import parse_expression, parse_parameter
from .kinds import KINDS, Form, Kind, misfit_form
from .toml_text import Locator

COMMAND_LINE = "<command line>"


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


def in_file(exc: InputError, source: str, locate: Locator | None) -> InputError:
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
        on_command_line = source == COMMAND_LINE
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
                raise in_file(exc, source, locate) from None
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
        # a probability form's x/0 inside a reciprocal is left to its reading (Measure.zero_reciprocal)
        return parse_expression(text, {**form.symbols(), **names}, reciprocal_limits=form.key == "probs", **where)
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
        # likely an undeclared parameter; a name that cannot be one (__builtins__) gets no such hint
        if exc.kind == "name" and kind.parameters and not typo and _could_be_parameter(exc.name):
            raise InputError(f"{exc.message}; a parameter must be declared: --param \"{exc.name}>0\" "
                             f"(in TOML: params = [\"{exc.name}>0\"])", source=exc.source, line=exc.line,
                             column=exc.column) from None
        raise


def _could_be_parameter(name: str) -> bool:
    return name.isidentifier() and name.isascii() and not name.startswith("_")


def build_measure(kind: Kind, name: str, texts: Mapping[str, str], declarations=(), orientation="higher", *,
                  source=COMMAND_LINE, positions: Mapping[str, tuple[int, int]] = {}, line: int = 1,
                  locators: Mapping[str, Locator] = {}, param_locators: list[Locator] | None = None):
    """A measure of ``kind`` from user text: ``texts`` maps one form key (counts, probs, term) to
    its expression.  ``locators[key]`` maps a position inside the text to the file (exact for
    multi-line and escaped TOML strings); without one, ``positions[key]`` is where it starts."""
    where = {"source": source, "line": line}
    given = {key: text for key, text in texts.items() if text is not None}
    for key in given:
        if kind.form(key) is None:
            raise InputError(misfit_form(kind, key, f"field {key!r}" if source != COMMAND_LINE else f"--{key}"),
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
            raise in_file(exc, source, locate) from None
    for param in params:        # a declaration that changes nothing is a mistake, not an option to ignore
        if param.symbol not in expr.free_symbols:
            where_param = {"source": f"--param {declarations[params.index(param)]!r}"} if source == COMMAND_LINE \
                else where
            raise InputError(f"parameter {param.symbol.name!r} is declared but not used in the expression",
                             **where_param)
    built = kind.build(name, key, expr, params, orient, {"source": source, "line": ln, "column": col})
    return attach(built, key, text, params)     # the cross-check evaluates what was written
