"""Bounds on an input file, checked before anything in it is interpreted (issue 27).

:mod:`.limits` bounds one expression once the parser reads it; a claims, measure or property
file reaches sympy, the LaTeX reader and the output by other roads too (a step's ``lhs``, a value
step's ``at`` table, a property's ``value``), and tomllib itself converts a 5000-digit integer
into a ``ValueError``.  This layer reads the raw text and then the parsed data, and refuses, with
the place named, what no paper needs and what would cost time or memory to interpret:

* a run of more than ``max_digits`` digits anywhere in the file (before tomllib reads it);
* a string longer than ``max_string`` characters, an array or table of more than
  ``max_entries`` entries (claims, steps, ``assume`` entries, ...);
* in a formula field (any string but the prose ones of :data:`PROSE`): more than
  ``max_formula`` characters, ``max_terms`` terms or ``max_depth`` nested groups;
* anywhere: a numeric exponent tower (``2^{10^{10}}``, ``9^{9^{9^{9}}}``), an exponent over
  ``max_exponent``, a decimal exponent over ``max_e_exponent`` (``1e1000000000``), and a LaTeX
  repeat count ``*{N}`` over ``max_repeat`` (``\\begin{array}{*{99999999}{c}}``).

Kept apart from the grammar (``verify/texparse.py``, ``parse/``): it is called at the readers'
entry points and needs no knowledge of the grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError


@dataclass(frozen=True)
class FileLimits:
    max_digits: int = 1000          # digits in a row, anywhere in the file
    max_string: int = 20_000        # characters of one string value
    max_file: int = 1_000_000       # characters of a claims, measure or property file (the largest example: 5 KB)
    max_line: int = 200_000         # characters of one line of the file (tomllib reads a 15 MB string at 1.8 GB)
    max_entries: int = 5000         # entries of one array or table
    max_formula: int = 4000         # characters of one formula
    max_terms: int = 600            # names, numbers and operators of one formula
    max_depth: int = 40             # nested braces, parentheses and brackets of one formula
    max_exponent: int = 100_000     # a number written as an exponent
    max_e_exponent: int = 1000      # the exponent of 1.5e300
    max_repeat: int = 100           # LaTeX *{N}{...}


FILE_LIMITS = FileLimits()

# fields that hold prose (a paper's title, a claim's statement): bounded in size, not as formulas
PROSE = frozenset({"title", "authors", "definition", "where", "statement", "note", "notes", "description", "source", "id",
                   "name", "venue", "year", "url", "doi", "comment", "reason", "label", "kind", "rel", "reading",
                   "orientation", "text", "citation", "section", "paper"})

_RUN = re.compile(r"\d+")
# each starts only where a number starts (no digit or point before it) and backtracks into no
# run of digits: \d*\.?\d+ tried every split of a 1000-digit run at every start (minutes)
_E_EXPONENT = re.compile(r"(?<![A-Za-z_\\\d.])(?>\d+(?:\.\d+)?|\.\d+)[eE][+-]?(\d+)")
_REPEAT = re.compile(r"\*\s*\{?\s*(\d+)")
_TERM = re.compile(r"\\?[A-Za-z_]+|\d+(?:\.\d+)?|[-+*/^=<>]")
_EXPONENT = re.compile(r"(?:\^|\*\*)(\d+)")
_TOWER = re.compile(r"(?<![A-Za-z_\\\d.])(?>\d+(?:\.\d+)?)(?:\^|\*\*)(?>\d+(?:\.\d+)?)(?:\^|\*\*)")


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def check_size(text: str, source: str, limits: FileLimits = FILE_LIMITS) -> None:
    """At most ``max_file`` characters: first of all (a 15 MB string took the TOML nesting scan's
    regex to 1.8 GB)."""
    if len(text) > limits.max_file:
        raise InputError(f"a file of {len(text)} characters (at most {limits.max_file})", source=source)


def check_text(text: str, source: str, limits: FileLimits = FILE_LIMITS) -> None:
    """The raw text: no line longer than ``max_line`` and no number longer than ``max_digits``
    (tomllib would turn a 5000-digit integer into a ValueError, sympy a 100k-digit decimal into
    minutes of work)."""
    check_size(text, source, limits)
    # linear scans (a pattern such as [^\n]{200001} restarts at every character: 94 s on 900 KB)
    start = 0
    for length in map(len, text.split("\n")):
        if length > limits.max_line:
            line, _ = _position(text, start)
            raise InputError(f"a line of {length} characters (at most {limits.max_line})", source=source, line=line)
        start += length + 1
    for m in _RUN.finditer(text):
        if m.end() - m.start() > limits.max_digits:
            line, column = _position(text, m.start())
            raise InputError(f"a number of {m.end() - m.start()} digits (at most {limits.max_digits})",
                             source=source, line=line, column=column)


def _plain(text: str) -> str:
    """The formula with grouping removed: 2^{10^{10}} -> 2^10^10.  A macro or a space between
    two tokens stays a separator (``\\cdot 2^{10^{10}}``, ``x 2^{10^{10}}`` and
    ``\\begin{equation} 2^{10^{10}}`` must not glue the 2 to a name, which hid the tower)."""
    text = re.sub(r"\\(?:left|right)(?![A-Za-z])|[{}()]", " ", text)
    text = re.sub(r"\\[A-Za-z]+", " ", text)
    return re.sub(r"\s*(\^|\*\*)\s*", r"\1", re.sub(r"\s+", " ", text))


def check_string(value: str, place: str, source: str, *, formula: bool, limits: FileLimits = FILE_LIMITS) -> None:
    """One string value at ``place`` (e.g. "claim 3, step 2, lhs")."""
    def refuse(why: str):
        shown = value[:40] + ("..." if len(value) > 40 else "")
        raise InputError(f"{place}: {why} in {shown!r}", source=source)

    if len(value) > limits.max_string:
        raise InputError(f"{place}: a string of {len(value)} characters (at most {limits.max_string})", source=source)
    for m in _E_EXPONENT.finditer(value):
        if int(m.group(1)) > limits.max_e_exponent:
            refuse(f"a number with the exponent e{m.group(1)} (at most e{limits.max_e_exponent})")
    for m in _REPEAT.finditer(value):
        if int(m.group(1)) > limits.max_repeat:
            refuse(f"a repeat count *{{{m.group(1)}}} (at most {limits.max_repeat})")
    plain = _plain(value)
    if _TOWER.search(plain):
        refuse("a tower of numeric exponents (its value has too many digits to compute)")
    for m in _EXPONENT.finditer(plain):
        if int(m.group(1)) > limits.max_exponent:
            refuse(f"the exponent {m.group(1)} (at most {limits.max_exponent})")
    if not formula:
        return
    if len(value) > limits.max_formula:
        refuse(f"a formula of {len(value)} characters (at most {limits.max_formula})")
    depth = deepest = 0
    for ch in value:
        if ch in "({[":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")}]":
            depth -= 1
    if deepest > limits.max_depth:
        refuse(f"groups nested {deepest} deep (at most {limits.max_depth})")
    terms = sum(1 for _ in _TERM.finditer(value))
    if terms > limits.max_terms:
        refuse(f"a formula of {terms} terms (at most {limits.max_terms})")


def _name(path: tuple) -> str:
    out = []
    for part in path:
        out.append(f"{out.pop()} {part + 1}" if isinstance(part, int) and out else str(part))
    return ", ".join(out) or "the file"


def check_data(data, source: str, limits: FileLimits = FILE_LIMITS, path: tuple = (), *,
               formulas: bool = True) -> None:
    """Every value of parsed TOML data: strings as :func:`check_string`, arrays and tables at
    most ``max_entries`` long.  Iterative depth is bounded by tomllib's nesting check.
    ``formulas=False``: the caller's expression parser bounds formula length, terms and depth
    itself (with the line and column), so only the other bounds are checked here."""
    if isinstance(data, dict):
        if len(data) > limits.max_entries:
            raise InputError(f"{_name(path)}: a table of {len(data)} entries (at most {limits.max_entries})",
                             source=source)
        for key, value in data.items():
            check_data(value, source, limits, path + (str(key),), formulas=formulas)
    elif isinstance(data, list):
        if len(data) > limits.max_entries:
            raise InputError(f"{_name(path)}: {len(data)} entries (at most {limits.max_entries})", source=source)
        for k, value in enumerate(data):
            check_data(value, source, limits, path + (k,), formulas=formulas)
    elif isinstance(data, str):
        key = next((p for p in reversed(path) if isinstance(p, str)), "")
        check_string(data, _name(path), source, formula=formulas and key not in PROSE, limits=limits)
