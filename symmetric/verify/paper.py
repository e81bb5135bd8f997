"""``symmetric verify PAPER.tex [--defs DEFS.toml]``: every displayed relation of a paper,
checked where it stands.

Each display (:mod:`.texsource`) is read as a ``latex`` step is (:mod:`.texparse`): each link of
a chain is one relation, checked on the domain of the paper (positive cells, plus the standing
``assume``, ``params`` and ``test_set`` of DEFS) exactly as a claim of a claims file, with its
own verdict.  A chain whose left side is a name not known yet defines it (``\\mathrm{GMR} =
\\sqrt{...}``; several per display: ``P = ..., \\quad R = ...``, rows of an ``align``), so the rest
of the display and later displays may use it; a display that starts with a relation continues
the chain of the one before.  What cannot be read is reported with its line and reason, and the
rest is checked.  DEFS is a TOML file with ``kind``, ``[[measure]]`` tables (the paper's own
notation, such as ``C_00``) and the standing ``assume``, ``params``, ``test_set``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

import sympy as sp

from ..claims.model import Claim, ClaimResult, PrintedLatex
from ..errors import InputError
from ..userinput.toml_text import read_text
from .assemble import PreparedClaim, conclude, run
from .bounded import read_display, reading
from .context import ClaimContext
from .names import read_names
from .source import ClaimsFile, Table, header_lines, load_checked, tables_of
from .steps import relation_step
from .texnorm import DEFINES, SPACE_RUN, printed_slice
from .texparse import read_latex
from .texsource import Display, displays

DEFS_KEYS = ("kind", "measure", "assume", "params", "test_set")
_NAME_IS = (r"(?P<name>\\(?:mathrm|operatorname|mathit|text)\s*\{\s*"
            r"(?P<wrapped>[A-Za-z][A-Za-z0-9]*)\s*\}|(?P<bare>[A-Za-z][A-Za-z0-9]*(?:_\{?[A-Za-z0-9]+\}?)?))"
            r"\s*(?:&\s*)?(?:" + DEFINES + "|=)")     # the signs texnorm reads as =
_BEGIN = r"(?:\\begin\s*\{[^{}]*\}(?:\s*\{\d+\}|\s*\{[lcr|\s]*\})?\s*)?"     # alignat's {2}, an array's {rcl}
_DEFINED = re.compile(r"\s*" + _BEGIN + _NAME_IS)
# where a further relation of a display may start: a new row, or after a comma, a semicolon or a
# wide space ("P = ..., \quad R = ...", rows "P &= ... \\ R &= ...")
# (a run of medium spaces is read as one \\quad first, in one pass, as texnorm reads it: matching the
# run itself here was quadratic in its length, two minutes for a hostile display of 20,000 of them)
_FURTHER = re.compile(r"(?:\\\\(?:\s*\[[^\]]*\])?|\\q?quad(?![A-Za-z])|[,;])\s*(?:&\s*)?" + _NAME_IS)
_CONTINUES = re.compile(r"\s*" + _BEGIN + r"(?:&\s*)?(?:=|<|>|\\le|\\ge|\\ne|\\lt|\\gt)")


@dataclass(frozen=True)
class Item:
    """One thing found in the paper: a checked relation, a definition, or a display not read."""

    line: int
    kind: str                           # "relation", "definition", "not read"
    latex: str
    result: ClaimResult | None = None
    reason: str = ""
    name: str = ""
    end_line: int = 0                   # where the display ends (the annotated copy's mark goes after it)


def _defs(path) -> tuple[ClaimContext, Table]:
    """The names and the standing assumptions of DEFS (or of nothing)."""
    if path is None:
        text, source, data = "", "<none>", {}
    else:
        source, text = str(path), read_text(path)
        data = load_checked(text, source)
        unknown = sorted(set(data) - set(DEFS_KEYS))
        if unknown:
            raise InputError(f"unknown key {unknown[0]!r} in a definitions file (allowed: {', '.join(DEFS_KEYS)})",
                             source=source, line=1)
    measures = tables_of(data, "measure", header_lines(text)["measure"], text, source) if data else []
    names = read_names(ClaimsFile(source, text, source, data.get("kind"), tuple(measures), ()))
    table = Table({"id": "paper", **{k: data[k] for k in ("assume", "params", "test_set") if k in data}}, 1,
                  text, source)
    context = ClaimContext.of(names, table)
    context.reading([])                     # an assumption the domain cannot take: refused now
    return context, table


def _check(ctx: ClaimContext, table: Table, link, printed: str, line: int, time_limit) -> ClaimResult:
    label = f"line {line}"

    def derive(d) -> None:
        outcome = relation_step(ctx, table, d, label, link.lhs, link.rel, link.rhs, "latex",
                            as_printed=PrintedLatex(printed))
        conclude(d, [(table, outcome, label)], [(table, outcome, label)])
    claim = Claim(f"line-{line}", "paper", label, printed, derive)
    return run(PreparedClaim(claim, ctx, ()), time_limit)


def _line(display: Display, offset: int) -> int:
    return display.line + display.text.count("\n", 0, max(offset, 0))


def check_paper(path, defs=None, time_limit: float | None = None, progress=None) -> list[Item]:
    """Every item of the paper, in order (see the module doc).  Reading the paper, and each
    display, is bounded by ``time_limit`` like a check (:mod:`.bounded`)."""
    ctx, table = _defs(defs)
    definitions: dict[str, sp.Expr] = {}
    items: list[Item] = []
    previous = None
    found = reading(time_limit, str(path), lambda: displays(path))
    for display in found:
        text = display.text
        if display.error:
            items.append(Item(display.line, "not read", text.strip(), reason=display.error, end_line=display.end_line))
            previous = None
            continue
        try:
            read = reading(time_limit, "the display", lambda: read_display(
                text, str(path), lambda: _read(path, display, ctx, definitions, previous)))
        except InputError as exc:
            items.append(Item(_line(display, (exc.column or 1) - 1), "not read", text.strip(), reason=exc.message,
                              end_line=display.end_line))
            previous = None
            continue
        defined, last, links, here = read
        first = len(items)
        for name, printed, at in defined:         # at the line where it ends, as a relation is
            items.append(Item(_line(display, at), "definition", printed, name=name, end_line=display.end_line))
        for link in links:
            printed = printed_slice(text, link.start, link.end)
            if link.part:                           # which relation of its text: LaTeX, as the rest is
                printed += f" \\quad\\text{{({link.part})}}"
            line = _line(display, link.end - 1)       # where the relation's right side ends
            try:
                result = _check(here, table, link, printed, line, time_limit)
            except InputError as exc:
                items.append(Item(line, "not read", printed, reason=exc.message, end_line=display.end_line))
                continue
            items.append(Item(line, "relation", printed, result, end_line=display.end_line))
            if progress is not None:
                progress(items[-1])
        items[first:] = sorted(items[first:], key=lambda item: item.line)     # a display's own, in its order
        previous = last
    return items


def _read(path, display: Display, ctx: ClaimContext, definitions: dict, previous):
    """One display read: (the names it defines, each with its printed definition and where it ends; the
    last right side, which a display starting with a relation continues; its links; the context
    with its conditions).  The definitions are added to ``definitions``, in order: a chain that
    starts with a name not met yet defines it (at the display's start, on a new row, or after a
    comma or a wide space: "P = ..., \\quad R = ..."), and the links after it read the name as
    its definition; a name used before the relation that defines it is refused."""
    text = display.text
    symbols = {**ctx.symbols(), **definitions}
    names = _definitions(text, symbols)
    markers = {sp.Symbol(f"defined:{name}"): name for name in names}
    seed = previous if _CONTINUES.match(text) else None
    read = read_latex(text, {**symbols, **{name: marker for marker, name in markers.items()}}, seed)
    defined, links, known, before = [], [], {}, None
    for k in read.links:
        starts = before is None or k.lhs != before.rhs
        before = k
        if starts and k.lhs in markers and k.lhs not in known:
            if k.rel != "=" or k.rhs.has(k.lhs):
                raise InputError(f"{markers[k.lhs]} is defined by a relation other than '='", column=k.start + 1)
            known[k.lhs] = k.rhs.xreplace(known)
            definitions[markers[k.lhs]] = known[k.lhs]
            defined.append((markers[k.lhs], printed_slice(text, k.start, k.end), k.end - 1))
            continue
        link = dataclasses.replace(k, lhs=k.lhs.xreplace(known), rhs=k.rhs.xreplace(known))
        early = [markers[m] for m in markers if link.lhs.has(m) or link.rhs.has(m)]
        if early:
            raise InputError(f"{early[0]} is used before the relation that defines it", column=k.start + 1)
        links.append(link)
    here = ctx.with_conditions([(c.lhs, c.rel, c.rhs, text[c.start:c.end], c.start + 1) for c in read.conditions],
                               lambda column: {"source": str(path), "line": _line(display, column - 1)})
    last = read.links[-1].rhs.xreplace(known) if read.links else None
    return defined, last, links, here


def _definitions(text: str, symbols) -> list[str]:
    """The names a display may define, in order: each left side of a relation (at its start, on
    a new row, after a comma or a wide space) that is a name the paper has not met yet."""
    spelled = {re.sub(r"[{}]", "", k) for k in symbols}
    found = []
    for m in (_DEFINED.match(text), *_FURTHER.finditer(SPACE_RUN.sub(r" \\quad ", text))):
        if m is None:
            continue
        name = m.group("wrapped") or re.sub(r"[{}]", "", m.group("bare"))
        if name not in spelled and re.sub(r"[{}]", "", m.group("bare") or "") not in spelled and name not in found:
            found.append(name)
    return found
