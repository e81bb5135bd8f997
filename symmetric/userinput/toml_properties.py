"""User-defined properties from a TOML file (``symmetric check --property FILE.toml``): every
``[[property]]`` table is a row of :mod:`symmetric.properties.statements`, decided and
cross-checked like the built-in literature properties.

Format::

    [[property]]
    name = "FNFP"                                   # required; not a built-in property's name
    definition = "swapping FP and FN leaves the score unchanged"    # required, one line
    source = "Gosgens et al., NeurIPS 2021: symmetry"               # required: where it comes from
    where = "TP >= 1"                               # optional condition(s) on the table t
    transform = "FP <-> FN"                         # the relation form: M(T(t)) REL M(t)
    relation = "="

    [[property]]                                    # several clauses: all must hold
    name = "UP"
    definition = "one more TP improves, one more FP worsens"
    source = "my own"
      [[property.clause]]
      transform = "TP + 1"
      relation = "better"
      [[property.clause]]
      transform = "FP + 1"
      relation = "worse"

    [[property]]                                    # the expectation form: E[M] REL value
    name = "ZEROBASE"
    definition = "a random output of any size scores 0 in expectation"
    source = "my own"
    expectation = "fixed-size"                      # a random model of CHA's model axis
    relation = "="
    value = "0"

Transformations: ``A <-> B`` (several: ``TP <-> TN, FP <-> FN``), ``A -> B`` (move one unit),
``A + 1`` (add one unit), ``scale A B ...`` or ``scale all`` (times k >= 2), ``perfect``,
``worst``.  Relations: ``=``, ``<``, ``>``, ``<=``, ``>=``, ``better``, ``not-worse``, ``worse``,
``not-better``.  Conditions are parsed by the safe expression parser (TP, FP, FN, TN, AP, AN,
PP, PN, n; ``and``).  Every error names the file, the line, the table and the key.
"""

from __future__ import annotations

import re

import sympy as sp

from ..errors import InputError, UnknownNameError
from ..parse.expressions import Parser
from ..parse.limits import LIMITS
from ..parse.names import count_symbols
from ..parse.values import is_condition
from ..properties.catalogue import DEFINEDNESS, MODEL, for_kind
from ..properties.literature import user_property
from ..properties.statements import (RELATIONS, TRANSFORM_KINDS, Clause, ExpectationStatement, RelationalStatement,
                                     Transform, cell_named, relation_named)
from .toml_measures import key_position, load_toml, table_headers
from .toml_text import lines_of
from .usernames import check_name

_REQUIRED = ("name", "definition", "source")
_KEYS = set(_REQUIRED) | {"where", "transform", "relation", "clause", "expectation", "value"}
_CLAUSE_KEYS = {"transform", "relation", "where"}
_FORMS = ("A <-> B", "A -> B", "A + 1", "scale A B ...", "scale all", "perfect", "worst")


class _Place:
    """Where a value sits: file, line, the table it belongs to; makes the errors."""

    def __init__(self, source: str, text: str, line: int, table: str) -> None:
        self.source, self.text, self.line, self.table = source, text, line, table

    def at(self, key: str | None = None) -> dict:
        line, column = key_position(self.text, self.line, key) if key else (self.line, None)
        return {"source": self.source, "line": line, "column": column}

    def error(self, key: str | None, message: str) -> InputError:
        return InputError(f"{self.table}{f', key {key!r}' if key else ''}: {message}", **self.at(key))

    def unknown(self, key: str, what: str, name: str, choices) -> UnknownNameError:
        return self.located(key, UnknownNameError(what, name, list(choices), **self.at(key)))

    def located(self, key: str, error: InputError) -> InputError:
        """``error`` with the table and key in front of its message."""
        error.message = f"{self.table}, key {key!r}: {error.message}"
        error.args = (str(error),)
        return error


def _string(place: _Place, entry: dict, key: str) -> str:
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise place.error(key, f"must be a non-empty string, got {value!r}")
    return value


def parse_transform(text: str, place: _Place, key: str = "transform") -> Transform:
    """A transformation written as in :data:`_FORMS` (cell names get close matches)."""
    def cell(name: str) -> str:
        try:
            return cell_named(name, **place.at(key))
        except UnknownNameError as exc:
            raise place.located(key, exc) from None
    t = text.strip()
    if "<->" in t:
        cells = []
        for pair in t.split(","):
            sides = [s for s in pair.split("<->")]
            if len(sides) != 2:
                raise place.error(key, f"{pair.strip()!r} is not a swap A <-> B")
            cells += [cell(s) for s in sides]
        if len(set(cells)) != len(cells):
            raise place.error(key, f"{text!r} names a cell twice")
        return Transform("swap", tuple(cells))
    if "->" in t:
        sides = t.split("->")
        if len(sides) != 2:
            raise place.error(key, f"{text!r} is not a move A -> B")
        a, b = cell(sides[0]), cell(sides[1])
        if a == b:
            raise place.error(key, f"{text!r} moves a unit from a cell to itself")
        return Transform("move", (a, b))
    m = re.fullmatch(r"(\w+)\s*\+\s*(\S+)", t)
    if m:
        if m.group(2) != "1":
            raise place.error(key, f"{text!r}: only one unit can be added (A + 1)")
        return Transform("add", (cell(m.group(1)),))
    words = t.split()
    if not words:
        raise place.error(key, "is empty; write one of " + ", ".join(_FORMS))
    kind = words[0].lower()
    if kind not in TRANSFORM_KINDS or kind in ("swap", "move", "add"):
        error = place.unknown(key, "transformation", words[0], ["scale", "perfect", "worst"])
        error.message += " (the transformations: " + ", ".join(_FORMS) + ")"
        error.args = (str(error),)
        raise error
    if kind == "scale":
        names = words[1:]
        if [w.lower() for w in names] == ["all"]:
            names = ["TP", "FP", "FN", "TN"]
        cells = tuple(cell(w) for w in names)
        if not cells or len(set(cells)) != len(cells):
            raise place.error(key, f"{text!r}: name the cells to scale once each (or 'scale all')")
        return Transform("scale", cells)
    if len(words) > 1:
        raise place.error(key, f"{text!r}: {kind} takes no cells")
    return Transform(kind)


def parse_condition(text, place: _Place, key: str = "where") -> tuple[sp.Basic, ...]:
    """Conditions on the table (a string or a list of strings), by the safe parser."""
    items = [text] if isinstance(text, str) else text
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise place.error(key, f"must be a condition or a list of conditions such as \"TP >= 1\", got {text!r}")
    line, column = place.at(key)["line"], place.at(key)["column"] or 1
    out = []
    for item in items:
        parsed = Parser(item, count_symbols(), place.source, line, column, LIMITS).parse()
        if not is_condition(parsed):
            raise place.error(key, f"{item!r} is not a condition (write e.g. \"TP >= 1\" or \"FP = 0 and FN = 0\")")
        if parsed is sp.false or parsed is sp.true:
            raise place.error(key, f"{item!r} is always {str(bool(parsed)).lower()}")
        out.append(parsed)
    return tuple(out)


def _relation(place: _Place, entry: dict) -> str:
    if "relation" not in entry:
        raise place.error(None, "missing key 'relation' (one of " + ", ".join(RELATIONS) + ")")
    value = entry["relation"]
    if not isinstance(value, str):
        raise place.error("relation", f"must be a string, got {value!r}")
    try:
        return relation_named(value.strip(), **place.at("relation"))
    except UnknownNameError as exc:
        raise place.located("relation", exc) from None


def _clause(place: _Place, entry: dict, where: tuple) -> Clause:
    if "transform" not in entry:
        raise place.error(None, "missing key 'transform' (" + ", ".join(_FORMS) + ")")
    transform = parse_transform(_string(place, entry, "transform"), place)
    own = parse_condition(entry["where"], place) if "where" in entry else ()
    return Clause(transform, _relation(place, entry), where + own)


def _expectation(place: _Place, entry: dict) -> ExpectationStatement:
    written = _string(place, entry, "expectation").strip()
    try:
        model = MODEL.choice(written)
    except UnknownNameError:
        raise place.unknown("expectation", "random model", written, MODEL.names) from None
    if "value" not in entry:
        raise place.error(None, "missing key 'value' (the constant E[M] is compared with)")
    raw = entry["value"]
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise place.error("value", f"must be an exact number (an integer, or a string such as \"1/2\"), got {raw!r}")
    try:
        value = sp.Rational(raw)
    except (TypeError, ValueError):
        raise place.error("value", f"{raw!r} is not an exact rational number") from None
    relation = _relation(place, entry)
    if relation not in ("=", "<", ">", "<=", ">="):
        raise place.error("relation", f"{relation!r} compares two scores; E[M] is compared with a number by "
                                      "=, <, >, <= or >=")
    return ExpectationStatement(model.name, relation, value)


def _clause_headers(text: str, start: int, end: int) -> list[int]:
    return [k for k in table_headers(text, r"property\s*\.\s*clause") if start < k < end]


def _clauses(place: _Place, entry: dict, end: int) -> RelationalStatement:
    """The [[property.clause]] tables of a property (its ``where`` applies to each)."""
    where = parse_condition(entry["where"], place) if "where" in entry else ()
    if "relation" in entry or "transform" in entry:
        raise place.error("relation" if "relation" in entry else "transform",
                          "belongs in each [[property.clause]] table")
    clauses = entry["clause"]
    if not isinstance(clauses, list) or not clauses:
        raise place.error("clause", "must be [[property.clause]] tables")
    starts = _clause_headers(place.text, place.line, end)
    parsed = []
    for j, c in enumerate(clauses):
        inner = _Place(place.source, place.text, starts[j] if j < len(starts) else place.line,
                       f"{place.table}, [[property.clause]] #{j + 1}")
        if not isinstance(c, dict):
            raise inner.error(None, "must be a table")
        bad = sorted(set(c) - _CLAUSE_KEYS)
        if bad:
            raise inner.unknown(bad[0], "key", bad[0], sorted(_CLAUSE_KEYS))
        parsed.append(_clause(inner, c, where))
    return RelationalStatement(tuple(parsed))


def properties_from_toml(path: str) -> list:
    """Every [[property]] table of a file as a Property (kind classification)."""
    source, text, data = load_toml(path)
    unknown = set(data) - {"property"}
    if unknown:
        raise InputError(f"unknown top-level key(s) {sorted(unknown)}; properties go in [[property]] tables",
                         source=source, line=1)
    entries = data.get("property")
    if not isinstance(entries, list) or not entries:
        raise InputError("no [[property]] table found", source=source, line=1)
    headers = table_headers(text, "property") + [len(lines_of(text)[0]) + 1]
    builtin = {p.name.lower() for p in for_kind("classification")}
    out, named = [], {}
    for k, entry in enumerate(entries):
        line = headers[k] if k < len(headers) - 1 else 1
        place = _Place(source, text, line, f"[[property]] #{k + 1}")
        if not isinstance(entry, dict):
            raise place.error(None, "must be a [[property]] table")
        extra = sorted(set(entry) - _KEYS)
        if extra:
            raise place.unknown(extra[0], "key", extra[0], sorted(_KEYS))
        for key in _REQUIRED:
            if key not in entry:
                raise place.error(None, f"missing key {key!r}")
            _string(place, entry, key)
        name = check_name(entry["name"].strip(), what="key 'name'", **place.at("name"))
        place.table = f"[[property]] #{k + 1} ({name})"
        if name.lower() in builtin:
            raise place.error("name", f"{name!r} is a built-in property (symmetric list properties); choose "
                                      "another name")
        if name.lower() in named:
            raise place.error("name", f"duplicate property name (first at line {named[name.lower()]})")
        named[name.lower()] = line
        forms = [f for f, key in (("relation form", "transform"), ("clauses", "clause"),
                                  ("expectation form", "expectation")) if key in entry]
        if len(forms) != 1:
            raise place.error(None, "give exactly one of: transform and relation; [[property.clause]] tables; "
                                    f"expectation, relation and value (found {', '.join(forms) or 'none'})")
        if "expectation" in entry:
            if "where" in entry:
                raise place.error("where", "an expectation statement has no conditions on the table "
                                           "(it is about every test set)")
            statement = _expectation(place, entry)
        elif "clause" in entry:
            statement = _clauses(place, entry, headers[k + 1] if k + 1 < len(headers) else 10 ** 9)
        else:
            statement = RelationalStatement((_clause(place, entry, ()),))
        out.append(user_property(name, entry["definition"].strip(), entry["source"].strip(), statement, DEFINEDNESS))
    return out
