"""Reading a claims file: TOML to plain records, every value with the place it was written.

:mod:`tomllib` gives no positions for values, so the text is scanned lightly: the headers
``[[measure]]``, ``[[claim]]`` and ``[[claim.step]]`` are found line by line (in file order,
as tomllib reads the arrays of tables), and a key is searched from its table's header to the
next header.  A string value is mapped character by character
(:func:`symmetric.userinput.toml_text.string_locator`), so an error inside an expression points
at the offending character; anything the scan cannot place falls back to the key's line.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import InputError
from ..parse import prescan
from ..userinput.toml_measures import check_nesting
from ..userinput.toml_text import Locator, read_text, string_locator

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_HEADER = re.compile(r"\s*\[\[\s*(measure|claim|claim\s*\.\s*step)\s*\]\]")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
TOP_LEVEL = ("paper", "measure", "claim", "kind")
PAPER_KEYS = ("title", "name", "authors")


@dataclass(frozen=True)
class Table:
    """One table of the file: its values and how to point at them."""

    data: Mapping
    line: int                      # line of the table's header
    text: str = field(repr=False)
    source: str = ""

    def where(self, key: str | None = None) -> dict:
        """``source``, ``line`` and ``column`` of ``key``'s value (the header without a key)."""
        if key is None:
            return {"source": self.source, "line": self.line, "column": 1}
        line, column = key_position(self.text, self.line, key)
        return {"source": self.source, "line": line, "column": column}

    def locator(self, key: str) -> Locator | None:
        value = self.data.get(key)
        return string_locator(self.text, self.line, key, value) if isinstance(value, str) else None

    def error(self, message: str, key: str | None = None) -> InputError:
        return InputError(message, **self.where(key))

    def string(self, key: str, *, required: bool = True) -> str | None:
        """The string value of ``key``; a missing or non-string value is the user's error."""
        if key not in self.data:
            if required:
                raise self.error(f"missing field {key!r}")
            return None
        value = self.data[key]
        if not isinstance(value, str):
            raise self.error(f"field {key!r} must be a string, got {type_name(value)} {value!r}", key)
        return value

    def strings(self, key: str) -> list[str]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f"field {key!r} must be a list of strings, got {type_name(value)} {value!r}", key)
        return value


@dataclass(frozen=True)
class ClaimsFile:
    source: str
    text: str = field(repr=False)
    title: str
    kind: str | None
    measures: tuple[Table, ...]
    claims: tuple[tuple[Table, tuple[Table, ...]], ...]     # (claim table, its step tables)
    paper: Table | None = None


def type_name(value) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "an array",
             dict: "a table"}
    return names.get(type(value), type(value).__name__)


def key_position(text: str, start_line: int, key: str) -> tuple[int, int]:
    """(line, column) of the first character of ``key``'s value (inside its quotes), searched
    from the header at ``start_line`` to the next header; the header itself if not found."""
    lines = _lines(text)
    for k in range(start_line, len(lines) + 1):
        if k > start_line and re.match(r"\s*\[", lines[k - 1]):
            break
        m = re.match(rf"\s*{re.escape(key)}\s*=\s*(\"\"\"|'''|\"|')?", lines[k - 1])
        if m:
            return k, m.end() + 1
    return start_line, 1


@functools.lru_cache(maxsize=4)
def _lines(text: str) -> tuple[str, ...]:
    """The lines of a file's text, split once (a str caches its hash): a place is looked up for
    every claim, and splitting a 600 KB file each time made reading 5000 claims quadratic."""
    return tuple(text.split("\n"))


def header_lines(text: str) -> dict[str, list[int]]:
    """The line numbers of the [[measure]], [[claim]] and [[claim.step]] headers of ``text``."""
    found: dict[str, list[int]] = {"measure": [], "claim": [], "step": []}
    for k, line in enumerate(text.split("\n"), 1):
        m = _HEADER.match(line)
        if m:
            found["step" if "step" in m.group(1) else m.group(1)].append(k)
    return found


def load_checked(text: str, source: str) -> dict:
    """``text`` parsed as TOML after the size, nesting and value checks (a user's mistake: InputError)."""
    prescan.check_size(text, source)    # first: the scans below are regexes
    check_nesting(text, source)     # tomllib recurses: a deeply nested file is refused first
    prescan.check_text(text, source)    # long lines, and 5000-digit numbers before tomllib converts them
    try:
        data = tomllib.loads(text)
        prescan.check_data(data, source)    # every value bounded before it is interpreted
        return data
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POSITION.search(str(exc))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        if line is None and "end of document" in str(exc):
            line = text.count("\n") + 1
        raise InputError(f"invalid TOML: {_TOML_POSITION.sub('', str(exc)).strip()}", source=source,
                         line=line, column=column) from None


def read_claims_file(path) -> ClaimsFile:
    """The file's tables, checked for shape (unknown keys, types, duplicate claim ids)."""
    source = str(path)
    text = read_text(path)
    data = load_checked(text, source)
    top = Table(data, 1, text, source)
    unknown = sorted(set(data) - set(TOP_LEVEL))
    if unknown:
        raise InputError(f"unknown top-level key {unknown[0]!r} (allowed: {', '.join(TOP_LEVEL)})", source=source,
                         line=key_position(text, 1, unknown[0])[0], column=1)
    headers = header_lines(text)
    paper = None
    if "paper" in data:
        if not isinstance(data["paper"], dict):
            raise top.error(f"'paper' must be a table [paper], got {type_name(data['paper'])}", "paper")
        line = next((k for k, ln in enumerate(text.split("\n"), 1) if re.match(r"\s*\[\s*paper\s*\]", ln)), 1)
        paper = Table(data["paper"], line, text, source)
        bad = sorted(set(paper.data) - set(PAPER_KEYS))
        if bad:
            raise paper.error(f"unknown field {bad[0]!r} in [paper] (allowed: {', '.join(PAPER_KEYS)})", bad[0])
        for key in PAPER_KEYS:
            paper.string(key, required=False)
    kind = top.string("kind", required=False)
    measures = tables_of(data, "measure", headers["measure"], text, source)
    claims = tables_of(data, "claim", headers["claim"], text, source)
    if not claims:
        raise InputError("no [[claim]] table found", source=source, line=1)
    step_lines = iter(headers["step"])
    out, ids = [], {}
    for claim in claims:
        steps = claim.data.get("step", [])
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise claim.error("'step' must be [[claim.step]] tables", "step")
        tables = tuple(Table(s, next(step_lines, claim.line), text, source) for s in steps)
        claim_id = claim.string("id")
        if not _ID.fullmatch(claim_id):
            raise claim.error(f"claim id {claim_id!r} must be letters, digits, '.', '_' or '-' "
                              "(it names the claim's LaTeX file)", "id")
        if claim_id in ids:
            raise claim.error(f"duplicate claim id {claim_id!r} (first at line {ids[claim_id]})", "id")
        ids[claim_id] = claim.where("id")["line"]
        out.append((claim, tables))
    title = (paper.string("title", required=False) if paper else None) or source
    return ClaimsFile(source, text, title, kind, tuple(measures), tuple(out), paper)


def tables_of(data: dict, key: str, lines: list[int], text: str, source: str) -> list[Table]:
    """The [[key]] tables of ``data`` with their header lines (for messages naming their place)."""
    entries = data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InputError(f"'{key}' must be [[{key}]] tables", source=source,
                         line=key_position(text, 1, key)[0], column=1)
    return [Table(e, lines[k] if k < len(lines) else 1, text, source) for k, e in enumerate(entries)]
