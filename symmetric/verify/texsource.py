"""A paper's ``.tex`` source as the displays it checks: ``\\input`` inlined, comments removed,
``\\newcommand`` / ``\\renewcommand`` / ``\\def`` / ``\\DeclareMathOperator`` expanded (with
arguments), and every display-math environment (``equation``, ``align``, ``gather``,
``multline``, ``eqnarray``, starred or not, ``\\[ ... \\]``, ``$$ ... $$``) plus the inline
``$...$`` relations of ``proof`` environments, each with the 1-based line where it starts.

Text only: nothing is run, no file but the ``\\input``s of the paper (relative to it, at most
:data:`MAX_INPUT_DEPTH` deep) is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..inputfiles import read_bounded

MAX_INPUT_DEPTH = 8
MAX_SOURCE = 4_000_000           # characters of the paper with its \inputs inlined
MAX_INPUTS = 500                 # \inputs read (a book of 100 chapters inputs 100)
MAX_EXPANSIONS = 10_000          # a recursive macro is refused, not followed forever
DISPLAYS = ("equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*",
            "eqnarray", "eqnarray*", "displaymath", "flalign", "flalign*")
_INPUT = re.compile(r"\\(?:input|include)\s*\{([^{}]+)\}")
_DEFINE = re.compile(r"\\(?:(?:re)?newcommand|providecommand|DeclareMathOperator)\*?\s*(?:\{\s*(\\[A-Za-z]+)\s*\}|(\\[A-Za-z]+))"
                     r"|\\def\s*(\\[A-Za-z]+)((?:#\d)*)")
_DISPLAY = re.compile(r"\\begin\s*\{(?P<env>" + "|".join(re.escape(e) for e in DISPLAYS) + r")\}(?P<body>.*?)"
                      r"\\end\s*\{(?P=env)\}|\\\[(?P<bracket>.*?)\\\]|\$\$(?P<dollars>.*?)\$\$", re.S)
_PROOF = re.compile(r"\\begin\s*\{proof\}(?P<body>.*?)\\end\s*\{proof\}", re.S)
_INLINE = re.compile(r"(?<![\\$])\$(?P<math>[^$]+?)\$")
_RELATION = re.compile(r"=|<|>|\\le(?:q|qslant)?\b|\\ge(?:q|qslant)?\b|\\neq?\b")


@dataclass(frozen=True)
class Display:
    line: int            # 1-based line of the paper where the display starts
    text: str            # the math, macros expanded (environment kept: the reader strips it)
    inline: bool = False
    end_line: int = 0    # the line where it ends (a margin mark goes after it)
    error: str = ""      # why its macros could not be expanded (then it is not read)


def _braced(text: str, i: int) -> tuple[str, int] | None:
    """The balanced ``{...}`` group starting at (or after spaces from) ``i``: (inside, end)."""
    while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth = 0
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return text[i + 1:j], j + 1
    return None


def _without_comments(text: str) -> str:
    return re.sub(r"(?<!\\)%[^\n]*", "", text)


def _inlined(path: Path, depth: int = 0, seen: tuple = (), budget: list | None = None) -> str:
    budget = [MAX_SOURCE, MAX_INPUTS] if budget is None else budget
    budget[1] -= 1
    if budget[1] < 0:       # one file \input 30 times, each inputting another 30 times...
        raise InputError(f"more than {MAX_INPUTS} \\inputs read for one paper", source=str(path))
    text = _without_comments(read_bounded(path, what="LaTeX file"))
    budget[0] -= len(text)
    if budget[0] < 0:
        raise InputError(f"the paper with its \\inputs is more than {MAX_SOURCE} characters", source=str(path))
    if depth > MAX_INPUT_DEPTH:
        raise InputError(f"\\input nested more than {MAX_INPUT_DEPTH} deep", source=str(path))

    def include(m: re.Match) -> str:
        name = m.group(1).strip()
        target = (path.parent / name)
        target = target if target.suffix else target.with_suffix(".tex")
        if target.resolve() in (*seen, path.resolve()) or not target.is_file():     # itself, or a loop
            return m.group(0)                       # left as text: reported as not read if in math
        # the included text on one line keeps the lines of the including file
        return _inlined(target, depth + 1, (*seen, path.resolve()), budget).replace("\n", " ")
    return _INPUT.sub(include, text)


@dataclass(frozen=True)
class Macro:
    name: str
    arity: int
    body: str


def macros(text: str) -> tuple[dict[str, Macro], str]:
    """The macro definitions of ``text`` and the text with them blanked (newlines kept)."""
    found: dict[str, Macro] = {}
    out, i = [], 0
    for m in _DEFINE.finditer(text):
        if m.start() < i:
            continue
        name = m.group(1) or m.group(2) or m.group(3)
        end = m.end()
        arity = len(m.group(4) or "") // 2
        if m.group(3) is None:
            opt = re.match(r"\s*\[(\d)\]", text[end:])
            if opt:
                arity, end = int(opt.group(1)), end + opt.end()
        body = _braced(text, end)
        if body is None:
            continue
        inner, stop = body
        if text[m.start():m.start() + 19] == "\\DeclareMathOperator":
            inner = f"\\operatorname{{{inner}}}"
        found[name] = Macro(name, arity, inner)
        out.append(text[i:m.start()])
        out.append(re.sub(r"[^\n]", " ", text[m.start():stop]))
        i = stop
    out.append(text[i:])
    return found, "".join(out)


def expand(text: str, table: dict[str, Macro]) -> str:
    """``text`` with every macro of ``table`` expanded (arguments ``#1``...); InputError on a
    macro that expands without end."""
    if not table:
        return text
    pattern = re.compile("|".join(re.escape(n) + r"(?![A-Za-z])" for n in sorted(table, key=len, reverse=True)))
    for _ in range(MAX_EXPANSIONS):
        m = pattern.search(text)
        if m is None:
            return text
        macro, end, args = table[m.group(0)], m.end(), []
        for _k in range(macro.arity):
            arg = _braced(text, end)
            if arg is None:                         # \cmd x: one token argument
                tok = re.match(r"\s*(\\[A-Za-z]+|\S)", text[end:])
                if tok is None:
                    break
                arg = (tok.group(1), end + tok.end())
            args.append(arg[0])
            end = arg[1]
        body = re.sub(r"#(\d)", lambda g: args[int(g.group(1)) - 1] if int(g.group(1)) <= len(args) else "",
                      macro.body)
        text = text[:m.start()] + body + text[end:]
        if len(text) > 1_000_000:
            break
    raise InputError(f"macro {m.group(0)} expands without end")


def _display(line: int, body: str, table: dict, **kw) -> Display:
    """A display with its macros expanded; one that expands without end is kept, not read."""
    try:
        return Display(line, expand(body, table), **kw)
    except InputError as exc:
        return Display(line, body, error=exc.message, **kw)


def source(path) -> str:
    """The paper with its ``\\input``s inlined (each on the line of its ``\\input``, so the
    lines are the paper's) and comments removed: what is read, and what is annotated."""
    try:
        return _inlined(Path(path))
    except RecursionError:
        raise InputError("\\input nested too deep", source=str(path)) from None


_OPENING = re.compile(r"\\begin\s*\{(?P<env>" + "|".join(re.escape(e) for e in DISPLAYS) + r")\}|\\\[")


def _unclosed(text: str, spans: list[tuple[int, int]]) -> list[Display]:
    """A display opened and never closed: reported as not read (it was silently skipped, and a
    paper of only such displays 'passed' with nothing checked)."""
    out = []
    for m in _OPENING.finditer(text):
        if any(start <= m.start() < end for start, end in spans):
            continue
        line = text.count("\n", 0, m.start()) + 1
        closing = f"\\end{{{m.group('env')}}}" if m.group("env") else "\\]"
        out.append(Display(line, text[m.start():m.start() + 80], end_line=line,
                           error=f"{m.group(0)} is not closed by {closing}"))
    return out


def displays(path) -> list[Display]:
    """Every display of the paper (and its ``\\input``s), in order, macros expanded."""
    text = source(path)
    table, text = macros(text)
    found, spans = [], []
    for m in _DISPLAY.finditer(text):
        body = m.group(0) if m.group("env") else (m.group("bracket") or m.group("dollars") or "")
        found.append(_display(text.count("\n", 0, m.start()) + 1, body, table,
                              end_line=text.count("\n", 0, m.end()) + 1))
        spans.append((m.start(), m.end()))
    found.extend(_unclosed(text, spans))
    for proof in _PROOF.finditer(text):
        for m in _INLINE.finditer(proof.group("body")):
            if _RELATION.search(m.group("math")):
                at = proof.start("body") + m.start("math")
                found.append(_display(text.count("\n", 0, at) + 1, m.group("math"), table, inline=True,
                                      end_line=text.count("\n", 0, proof.start("body") + m.end()) + 1))
    return sorted(found, key=lambda d: d.line)
