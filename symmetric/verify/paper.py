"""``symmetric verify PAPER.tex [--defs DEFS.toml]``: every displayed relation of a paper,
checked where it stands.

Each display (:mod:`.texsource`) is read as a ``latex`` step is (:mod:`.texparse`): each link of
a chain is one relation, checked on the domain of the paper (positive cells, plus the standing
``assume``, ``params`` and ``test_set`` of DEFS) exactly as a claim of a claims file, with its
own verdict.  A display whose left side is a name not known yet defines it (``\\mathrm{GMR} =
\\sqrt{...}``), so later displays may use it; a display that starts with a relation continues
the chain of the one before.  What cannot be read is reported with its line and reason, and the
rest is checked.  DEFS is a TOML file with ``kind``, ``[[measure]]`` tables (the paper's own
notation, such as ``C_00``) and the standing ``assume``, ``params``, ``test_set``.
"""

from __future__ import annotations

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
from .texnorm import printed_slice
from .texparse import read_latex
from .texsource import Display, displays

DEFS_KEYS = ("kind", "measure", "assume", "params", "test_set")
_DEFINED = re.compile(r"\s*(?:\\begin\s*\{[^{}]*\}\s*)?(?P<name>\\(?:mathrm|operatorname|mathit|text)\s*\{\s*"
                      r"(?P<wrapped>[A-Za-z][A-Za-z0-9]*)\s*\}|(?P<bare>[A-Za-z][A-Za-z0-9]*(?:_\{?[A-Za-z0-9]+\}?)?))"
                      r"\s*&?\s*(?::=|\\coloneqq|\\triangleq|\\equiv|\\stackrel\s*\{[^{}]*\}\s*\{=\}|=)")
_CONTINUES = re.compile(r"\s*(?:\\begin\s*\{[^{}]*\}\s*)?&?\s*(?:=|<|>|\\le|\\ge|\\ne|\\lt|\\gt)")


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
        if defined is not None:
            items.append(Item(display.line, "definition", defined[1], name=defined[0], end_line=display.end_line))
        for link in links:
            printed = printed_slice(text, link.start, link.end)
            line = _line(display, link.end - 1)       # where the relation's right side ends
            try:
                result = _check(here, table, link, printed, line, time_limit)
            except InputError as exc:
                items.append(Item(line, "not read", printed, reason=exc.message, end_line=display.end_line))
                continue
            items.append(Item(line, "relation", printed, result, end_line=display.end_line))
            if progress is not None:
                progress(items[-1])
        previous = last
    return items


def _read(path, display: Display, ctx: ClaimContext, definitions: dict, previous):
    """One display read: (the name it defines and its printed definition, or None; the last
    right side, which a display starting with a relation continues; its links; the context
    with its conditions).  A definition is added to ``definitions``."""
    text = display.text
    symbols = {**ctx.symbols(), **definitions}
    name = _definition(text, symbols)
    defined = None
    if name is not None:
        marker = sp.Symbol(f"defined:{name}")
        read = read_latex(text, {**symbols, name: marker})
        first = read.links[0]
        if first.lhs != marker or first.rel != "=" or first.rhs.has(marker):
            raise InputError(f"{name} is defined by a relation other than '='", column=1)
        definitions[name] = first.rhs
        defined = (name, printed_slice(text, first.start, first.end))
        links = [type(k)(k.lhs.xreplace({marker: first.rhs}), k.rel, k.rhs.xreplace({marker: first.rhs}),
                         k.start, k.end) for k in read.links[1:]]
    else:
        seed = previous if _CONTINUES.match(text) else None
        read = read_latex(text, symbols, seed)
        links = list(read.links)
    here = ctx.with_conditions([(c.lhs, c.rel, c.rhs, text[c.start:c.end], c.start + 1) for c in read.conditions],
                               lambda column: {"source": str(path), "line": _line(display, column - 1)})
    last = read.links[-1].rhs if read.links else None
    if name is not None and read.links:
        last = last.xreplace({sp.Symbol(f"defined:{name}"): definitions[name]})
    return defined, last, links, here


def _definition(text: str, symbols) -> str | None:
    """The name a display defines: its left side is a name the paper has not met yet."""
    m = _DEFINED.match(text)
    if m is None:
        return None
    name = m.group("wrapped") or re.sub(r"[{}]", "", m.group("bare"))
    spelled = {re.sub(r"[{}]", "", k) for k in symbols}
    return None if name in spelled or re.sub(r"[{}]", "", m.group("bare") or "") in spelled else name
