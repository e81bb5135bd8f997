"""Reading a TOML measure file as text, and pointing into it.

Two jobs that reading measures from TOML (:mod:`.toml_measures`) needs before and after
:mod:`tomllib`:

* :func:`read_text` -- the file as UTF-8 text, or an :class:`InputError` naming the file (and
  the line and column of the first byte that is not UTF-8);
* :func:`string_locator` -- where each character of a string value sits in the file.  An
  expression error is found at (line, column) *within the string*; a multi-line string
  (``counts = \"\"\"`` + newline) starts on the next line, and escapes (``\\t``, ``\\u00e9``, a
  line-ending backslash) make the string and the file text differ, so the position inside the
  string is mapped back character by character.

The locator decodes the value itself (basic, literal, and both multi-line forms) and is used
only when its decoding equals what tomllib read; anything it does not understand (inline
tables, quoted keys) falls back to the caller's coarser position.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..inputfiles import read_bounded

Position = tuple[int, int]                     # (line, column), both 1-based, in the file
Locator = Callable[[int, int], Position]       # (line, column) within the string -> in the file

_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def read_text(path: str) -> str:
    """The file's text; a file that cannot be read, is not a regular file, is too large or is
    not UTF-8 (a byte-order mark included) is the user's error (:mod:`symmetric.inputfiles`)."""
    return read_bounded(path, what="TOML file")


def _decode(text: str, start: int) -> tuple[str, list[int], int] | None:
    """The string value whose opening quote is at ``text[start]``: (value, offset in ``text`` of
    each character plus one for the end of the value, offset just past the closing quote).
    None if it is not a string we read."""
    for quote in ('"""', "'''", '"', "'"):
        if text.startswith(quote, start):
            break
    else:
        return None
    i = start + len(quote)
    multiline, basic = len(quote) == 3, quote[0] == '"'
    if multiline and text.startswith("\n", i):
        i += 1                                   # TOML drops a newline right after the quotes
    chars: list[str] = []
    offsets: list[int] = []
    while i < len(text):
        if text.startswith(quote, i):
            if multiline:                        # up to two quotes may end the content
                extra = len(re.match(rf"{re.escape(quote[0])}*", text[i:]).group()) - 3
                for _ in range(min(max(extra, 0), 2)):
                    chars.append(quote[0])
                    offsets.append(i)
                    i += 1
            offsets.append(i)
            return "".join(chars), offsets, i + len(quote)
        ch = text[i]
        if ch == "\n" and not multiline:
            return None
        if basic and ch == "\\":
            nxt = text[i + 1: i + 2]
            if nxt in _ESCAPES:
                chars.append(_ESCAPES[nxt])
                offsets.append(i)
                i += 2
                continue
            if nxt in ("u", "U"):
                width = 4 if nxt == "u" else 8
                digits = text[i + 2: i + 2 + width]
                if not re.fullmatch(rf"[0-9A-Fa-f]{{{width}}}", digits):
                    return None
                chars.append(chr(int(digits, 16)))
                offsets.append(i)
                i += 2 + width
                continue
            trimmed = re.match(r"\\[ \t]*\n[ \t\n]*", text[i:]) if multiline else None
            if trimmed:                          # line-ending backslash: skip to the next text
                i += trimmed.end()
                continue
            return None
        chars.append(ch)
        offsets.append(i)
        i += 1
    return None


def _position(text: str, offset: int) -> Position:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


@functools.lru_cache(maxsize=2)
def lines_of(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The lines of ``text`` and the offset where each starts, computed once per text: looked
    up for every field of every table, a fresh split would make a file of many tables quadratic."""
    lines = tuple(text.split("\n"))
    starts, offset = [], 0
    for ln in lines:
        starts.append(offset)
        offset += len(ln) + 1
    return lines, tuple(starts)


def _value_offset(text: str, line: int, key: str) -> int | None:
    """Offset of the first character of ``key``'s value, the key being searched from 1-based
    ``line`` (a table header) to the next header."""
    lines, starts = lines_of(text)
    if line > len(lines):
        return None
    offset = starts[line - 1]
    for k in range(line, len(lines) + 1):
        ln = lines[k - 1]
        if k > line and re.match(r"\s*\[", ln):
            return None
        m = re.match(rf"\s*{re.escape(key)}\s*=\s*", ln)
        if m:
            return offset + m.end()
        offset += len(ln) + 1
    return None


def _locator(text: str, value: str, offsets: list[int]) -> Locator:
    starts = [0] + [j + 1 for j, ch in enumerate(value) if ch == "\n"]

    def locate(line_in: int, column_in: int) -> Position:
        at = starts[min(line_in, len(starts)) - 1] + column_in - 1
        return _position(text, offsets[max(0, min(at, len(offsets) - 1))])
    return locate


def string_locator(text: str, line: int, key: str, value: str) -> Locator | None:
    """Where the characters of ``key``'s string ``value`` are (see :func:`_value_offset`);
    None if they cannot be located exactly."""
    start = _value_offset(text, line, key)
    decoded = None if start is None else _decode(text, start)
    if decoded is None or decoded[0] != value:
        return None
    return _locator(text, value, decoded[1])


def array_locators(text: str, line: int, key: str, values: list) -> list[Locator] | None:
    """One locator per string of ``key``'s array ``values`` (``params = ["a>0", "b<1"]``,
    possibly over several lines, with comments); None if they cannot be located exactly."""
    i = _value_offset(text, line, key)
    if i is None or not text.startswith("[", i):
        return None
    i += 1
    found: list[Locator] = []
    while i < len(text):
        gap = re.match(r"(?:[ \t\n,]|#[^\n]*)*", text[i:])
        i += gap.end()
        if text.startswith("]", i):
            break
        decoded = _decode(text, i)
        if decoded is None or len(found) >= len(values) or decoded[0] != values[len(found)]:
            return None
        found.append(_locator(text, decoded[0], decoded[1]))
        i = decoded[2]
    return found if len(found) == len(values) else None
