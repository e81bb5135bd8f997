"""The names a claims file may use, and expressions parsed with them.

A step's expression is read with the ``check`` syntax (:mod:`symmetric.parse`, never
``eval``): the count cells and their sums, the P(...) atoms, the prevalences p, q, n of a
quantification file, declared parameters, and the name of any measure of the file or of the
catalogue (``F1``, ``MCC``, ...), which stands for that measure's formula.  A measure name is
parsed as a placeholder symbol and replaced by the measure's count, probability or
quantification form once the step knows which model it is read in (:mod:`.model`).

The [[measure]] tables are read exactly as ``symmetric check`` reads them, through
:func:`symmetric.userinput.build_measure` and :func:`symmetric.userinput.lookup`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from ..errors import InputError, UnknownNameError
from ..measures import registry
from ..measures.base import Param
from ..measures.paper_aliases import PAPER_ALIASES
from ..parse import count_symbols, parse_expression, parse_parameter, probability_symbols
from ..quantification import check as quantification
from ..userinput import build_measure, kind_named, lookup, owners
from ..userinput.measures import in_file
from ..userinput.toml_text import array_locators
from .source import ClaimsFile, Table

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
PLACEHOLDER_PREFIX = "measure:"


def placeholder(name: str) -> sp.Symbol:
    return sp.Symbol(PLACEHOLDER_PREFIX + name)


@dataclass(frozen=True)
class Names:
    """Everything a claim's expressions may name."""

    kind: str                                   # "classification" or "quantification"
    measures: Mapping[str, object]              # name as written -> Measure / QuantMeasure
    params: Mapping[str, Param]                 # parameter name -> declaration (of the file's measures)

    def symbols(self, extra: Mapping[str, sp.Basic] = {}) -> dict[str, sp.Basic]:
        return {**self._base_symbols, **extra}

    @functools.cached_property
    def _base_symbols(self) -> dict[str, sp.Basic]:
        """Built once per file (a fresh copy is handed out): 170 symbols made again for every
        step were a third of reading a file of 5000 claims."""
        if self.kind == "quantification":
            base = dict(quantification.SYMBOLS)
        else:
            base = {**count_symbols(), **probability_symbols()}
        out = {**base, **{name: p.symbol for name, p in self.params.items()}}
        out.update({name: placeholder(name) for name in self.measures if name not in out})
        return out

    def measure(self, name: str, table: Table, key: str):
        if name in self.measures:
            return self.measures[name]
        try:
            return registry.get(name, self.kind)
        except UnknownNameError as exc:
            raise InputError(f"unknown measure {name!r}" + (f"; did you mean {', '.join(exc.suggestions)}?"
                                                            if exc.suggestions else ""), **table.where(key)) from None

    def parse(self, table: Table, key: str, text: str | None = None, extra: Mapping[str, sp.Basic] = {},
              nonzero=None) -> sp.Expr:
        """The expression of ``key`` (or ``text`` found there), positioned in the file on error."""
        text = table.string(key) if text is None else text
        locate = table.locator(key)
        try:
            return parse_expression(text, self.symbols(extra), source=table.source, nonzero=nonzero)
        except InputError as exc:
            if locate is not None and exc.line is not None:
                raise in_file(exc, table.source, locate) from None
            raise InputError(exc.message, **table.where(key)) from None


def _catalogue_names(kind: str) -> dict[str, object]:
    """Catalogue measures under every name the parser can read (``F1``, ``MCC``, ``Lam`` for
    ``Lam%`` is not offered: a name with other characters must be defined in the file)."""
    out = {}
    for m in registry.all_measures(kind):
        for name in (m.name, *getattr(m, "aliases", ())):
            if _NAME.match(name):
                out.setdefault(name, m)
    for alias, name in PAPER_ALIASES.get(kind, {}).items():
        if alias not in out:
            out[alias] = registry.get(name, kind)
    return out


def read_names(claims_file: ClaimsFile) -> Names:
    """The measures of the file (and the catalogue's) and their parameters."""
    kind = kind_named(claims_file.kind or "classification", source=claims_file.source, line=1)
    measures: dict[str, object] = _catalogue_names(kind.name)
    own: dict[str, object] = {}
    params: dict[str, Param] = {}
    for table in claims_file.measures:
        entry = table.data
        if "kind" in entry and kind_named(entry["kind"], **table.where("kind")) is not kind:
            raise table.error(f"a [[measure]] of a {kind.name} claims file must be {kind.name} "
                              "(set kind at the top of the file)", "kind")
        extra = set(entry) - kind.fields()
        for key in sorted(extra):
            if owners(key):
                raise table.error(f"field {key!r} is not for {kind.name} measures", key)
            raise table.error(f"unknown field {key!r} in [[measure]] (allowed: {', '.join(sorted(kind.fields()))})",
                              key)
        if "catalogue" in entry:
            name = table.string("catalogue")
            measure = lookup(kind, name, **table.where("catalogue"))
        else:
            name = table.string("name")
            if not _NAME.match(name):
                raise table.error(f"measure name {name!r} must be a name the expressions can use "
                                  "(letters, digits, '_')", "name")
            for key in [f.key for f in kind.forms]:
                if key in entry:
                    table.string(key)
            declarations = table.strings("params")
            texts = {f.key: entry.get(f.key) for f in kind.forms}
            locators = {k: table.locator(k) for k in texts if isinstance(texts[k], str)}
            positions = {k: table.where(k) for k in texts}
            measure = build_measure(kind, name, texts, declarations, entry.get("orientation", "higher"),
                                    source=table.source, line=table.line,
                                    positions={k: (w["line"], w["column"]) for k, w in positions.items()},
                                    locators={k: v for k, v in locators.items() if v},
                                    param_locators=array_locators(table.text, table.line, "params", declarations))
        if name in own:
            raise table.error(f"measure {name!r} defined twice", "name" if "name" in entry else "catalogue")
        own[name] = measure
        for p in getattr(measure, "params", ()):
            params.setdefault(p.symbol.name, p)
    measures.update(own)
    return Names(kind.name, measures, params)


def claim_params(table: Table, names: Names) -> dict[str, Param]:
    """A claim's own ``params = ["lambda>0"]`` (open intervals), beside the measures' ones."""
    out: dict[str, Param] = {}
    locators = array_locators(table.text, table.line, "params", table.strings("params")) or []
    reserved = tuple(names.symbols())
    for k, text in enumerate(table.strings("params")):
        try:
            decl = parse_parameter(text, reserved=reserved, source=table.source)
        except InputError as exc:
            if k < len(locators) and exc.line is not None:
                raise in_file(exc, table.source, locators[k]) from None
            raise InputError(exc.message, **table.where("params")) from None
        symbol = sp.Symbol(decl.name, positive=True) if decl.low == 0 and decl.high is sp.oo \
            else sp.Symbol(decl.name, real=True)
        out[decl.name] = Param(symbol, decl.low, decl.high)
    return out
