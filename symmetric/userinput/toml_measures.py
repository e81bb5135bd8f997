"""Measures from a TOML file: several ``[[measure]]`` tables, each a measure of its kind.

Format::

    kind = "classification"            # optional file-level kind (default: the caller's)

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

Every error names the file, and the line (and column, where it can be found exactly through
:mod:`.toml_text`) of the offending table, field or character.
"""

from __future__ import annotations

import re
import tomllib

from ..errors import InputError
from ..parse import prescan
from .kinds import Kind, kind_named, misfit_form, owners
from .measures import build_measure, lookup
from .usernames import check_name
from .toml_text import array_locators, lines_of, read_text, string_locator

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def table_headers(text: str, name: str) -> list[int]:
    """1-based line numbers of each [[name]] header (to point errors into the file)."""
    return [k for k, ln in enumerate(lines_of(text)[0], 1) if re.match(rf"\s*\[\[\s*{name}\s*\]\]", ln)]


def key_position(text: str, start_line: int, key: str) -> tuple[int, int]:
    """(line, column) of the first character inside the quoted value of ``key`` after start_line."""
    lines = lines_of(text)[0]
    for k in range(start_line, len(lines) + 1):
        if k > start_line and re.match(r"\s*\[", lines[k - 1]):
            break
        m = re.match(rf"\s*{re.escape(key)}\s*=\s*(\"\"\"|'''|\"|')?", lines[k - 1])   # any value
        if m:
            return k, m.end() + 1
    return start_line, 1


def load_toml(path: str) -> tuple[str, str, dict]:
    """(source name, text, parsed data) of a TOML file; an unreadable or invalid file is an
    InputError naming the file, line and column."""
    source = str(path)
    text = read_text(path)
    prescan.check_size(text, source)    # first: check_nesting's string regex took 1.8 GB on a 15 MB string
    check_nesting(text, source)
    prescan.check_text(text, source)    # long lines, and 5000-digit numbers before tomllib converts them
    try:
        data = tomllib.loads(text)
    except RecursionError:      # check_nesting bounds the depth; this is the last line of defence
        raise InputError("invalid TOML: arrays or tables nested too deeply", source=source) from None
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POSITION.search(str(exc))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        message = _TOML_POSITION.sub("", str(exc)).strip()
        if line is None and "end of document" in str(exc):
            line = text.count("\n") + 1
        raise InputError(f"invalid TOML: {message}", source=source, line=line, column=column) from None
    # every value bounded before it is interpreted; formulas are bounded by the expression
    # parser itself, with their line and column (parse/limits.py)
    prescan.check_data(data, source, formulas=False)
    return source, text, data


def measures_from_toml(path: str, default_kind: Kind) -> list[tuple[Kind, object]]:
    """(kind, measure) for every [[measure]] table; a table's ``kind`` overrides the file's
    top-level ``kind``, which overrides ``default_kind`` (the --kind option)."""
    source, text, data = load_toml(path)
    unknown = set(data) - {"measure", "kind"}
    if unknown:
        raise InputError(f"unknown top-level key(s) {sorted(unknown)}; measures go in [[measure]] tables "
                         "(the only other top-level key is kind)", source=source, line=1)
    file_kind = default_kind
    if "kind" in data:
        file_kind = kind_named(data["kind"], source=source, line=key_position(text, 1, "kind")[0])
    entries = data.get("measure")
    if not isinstance(entries, list) or not entries:
        raise InputError("no [[measure]] table found", source=source, line=1)
    headers = table_headers(text, "measure")
    out = []
    named: dict[str, int] = {}          # measure name -> line of its table
    for k, entry in enumerate(entries):
        line = headers[k] if k < len(headers) else 1
        if not isinstance(entry, dict):
            raise InputError("measure must be a [[measure]] table", source=source, line=line)
        kind = file_kind
        if "kind" in entry:
            kind = kind_named(entry["kind"], source=source, line=key_position(text, line, "kind")[0])
        extra = set(entry) - kind.fields()
        for key in sorted(extra):
            if owners(key):
                raise InputError(misfit_form(kind, key, f"field {key!r}"), source=source,
                                 line=key_position(text, line, key)[0])
        if extra:
            raise InputError(f"unknown field(s) {sorted(extra)} in a {kind.name} [[measure]] "
                             f"(allowed: {sorted(kind.fields())})", source=source, line=line)
        if "catalogue" in entry:
            if not isinstance(entry["catalogue"], str):
                raise InputError("catalogue must be a measure name", source=source, line=line)
            out.append((kind, lookup(kind, entry["catalogue"], source=source, line=line)))
            _unique(out[-1][1].name, named, source, line)
            continue
        if "name" not in entry:
            raise InputError("missing field 'name' in [[measure]]", source=source, line=line)
        for key in ("name", *(f.key for f in kind.forms)):
            if key in entry and not isinstance(entry[key], str):
                raise InputError(f"field {key!r} must be a string", source=source,
                                 line=key_position(text, line, key)[0])
        check_name(entry["name"], what="field 'name'", source=source, line=key_position(text, line, "name")[0])
        params = entry.get("params", [])
        if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
            raise InputError("field 'params' must be a list of strings such as \"lambda>0\"", source=source,
                             line=key_position(text, line, "params")[0])
        positions = {f.key: key_position(text, line, f.key) for f in kind.forms}
        locators = {f.key: string_locator(text, line, f.key, entry[f.key]) for f in kind.forms
                    if isinstance(entry.get(f.key), str)}
        texts = {f.key: entry.get(f.key) for f in kind.forms}
        out.append((kind, build_measure(kind, entry["name"], texts, params, entry.get("orientation", "higher"),
                                        source=source, positions=positions, line=line,
                                        locators={k: v for k, v in locators.items() if v},
                                        param_locators=array_locators(text, line, "params", params))))
        _unique(out[-1][1].name, named, source, line)
    return out


def _unique(name: str, named: dict[str, int], source: str, line: int) -> None:
    """Two measures of one name would be two indistinguishable rows of the report."""
    if name in named:
        raise InputError(f"duplicate measure name {name!r} (first at line {named[name]})", source=source, line=line)
    named[name] = line


MAX_NESTING = 32        # a measure file needs 2 ([[measure]], params = [...]); tomllib recurses


_SPECIAL = re.compile(r"""\"\"\"|'''|["'#\[\]{}\n]""")
_STRING_ENDS = {'"""': re.compile(r'"""(?:[^\\]|\\.)*?"""', re.S), "'''": re.compile(r"'''.*?'''", re.S),
                '"': re.compile(r'"(?:[^"\\\n]|\\.)*"'), "'": re.compile(r"'[^'\n]*'")}


def check_nesting(text: str, source: str) -> None:
    """Refuse arrays / inline tables nested deeper than MAX_NESTING before tomllib recurses into
    them (100k nested arrays would be a RecursionError).  Brackets inside strings and comments
    do not count; the scan jumps from one special character to the next (linear, in C)."""
    depth, line, pos, size = 0, 1, 0, len(text)
    while pos < size:
        m = _SPECIAL.search(text, pos)
        if m is None:
            return
        token, pos = m.group(), m.end()
        if token == "\n":
            line += 1
        elif token == "#":
            end = text.find("\n", pos)
            pos = size if end < 0 else end
        elif token in _STRING_ENDS:
            string = _STRING_ENDS[token].match(text, m.start())
            if string is not None:      # an unterminated string is tomllib's to report
                line += text.count("\n", m.start(), string.end())
                pos = string.end()
        elif token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise InputError(f"invalid TOML: arrays or tables nested more than {MAX_NESTING} deep",
                                 source=source, line=line)
        else:
            depth = max(depth - 1, 0)
