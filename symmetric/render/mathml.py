"""Mathematics in HTML as MathML, produced when the page is built (no script, no network).

Each object goes through the one notation table (:func:`.texmath.math`, the LaTeX every other
output prints) and then ``latex2mathml``: a formula reads the same in the atlas's pages as in
the PDF (P(𝒢) calligraphic, the cells upright, the papers' term order, P(¬𝒢) for 1 - P(𝒢)).
sympy's own presentation printer was the alternative; it is a second notation to keep in step
and, in sympy 1.14, writes a relation's ``<`` unescaped (``<mo><</mo>``), which breaks the HTML.

A sentence is escaped prose with each slot as ``<math>`` (:func:`sentence`); a run of case
sentences is a table, as in the LaTeX (:func:`lines`, faces merged by :mod:`.cases`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

import sympy as sp
from latex2mathml.converter import convert
from sympy.core.alphabets import greeks

from ..evidence import ContingencyTable, Sentence, Slot, as_sentence
from .certificates import delta
from .cases import CELL_NAMES, ENTRY_LABELS, FaceRow, segments
from .escape import safe_math
from .notation import author_math
from .texmath import math as tex

# an entry of a merged face ("0", ">0", "any", ...) as shown in a case table's cell
_ENTRY_TEXT = {entry: label for entry, (_, label) in ENTRY_LABELS.items()}


# latex2mathml writes an upright name (\mathrm{TP}) letter by letter; a multi-letter <mi> is
# upright by itself in MathML, so the name is one element (a third of a page's size, and the
# browser spaces it as a word)
_UPRIGHT_LETTERS = re.compile(r'<mrow>((?:<mi mathvariant="normal">[A-Za-z]</mi>){2,})</mrow>')
_LETTER = re.compile(r'<mi mathvariant="normal">([A-Za-z])</mi>')


@lru_cache(maxsize=4096)
def _convert(latex: str, display: str) -> str:
    return _UPRIGHT_LETTERS.sub(lambda m: "<mi>" + "".join(_LETTER.findall(m.group(1))) + "</mi>",
                                convert(latex, display=display))


def latex_mathml(latex: str, *, block: bool = False) -> str:
    """LaTeX mathematics (the notation table's) as one ``<math>`` element."""
    return _convert(latex, "block" if block else "inline")


def mathml(value, *, block: bool = False) -> str:
    """One mathematical object (a sympy expression or relation, a number, a table, a tuple of
    them, None for undefined) as MathML."""
    try:
        return _cached(value, block)
    except TypeError:           # unhashable: printed afresh
        return latex_mathml(tex(value), block=block)


@lru_cache(maxsize=8192, typed=True)      # typed: 1 and True, 1 and 1.0 are cached apart
def _cached(value, block: bool) -> str:
    # the atlas prints the same expressions in many cells (a measure's readings share most of a
    # proof): the notation printer, which orders every sum and product, runs once per object
    return latex_mathml(tex(value), block=block)


_AUTHOR_MATH = re.compile(r"(\$[^$]+\$)")


def prose(text: str) -> str:
    """Plain prose, escaped; ``$...$`` segments (mathematics an author typed) as MathML when they
    are plain formulae (escape.safe_math), else shown as the text they are."""
    return "".join(latex_mathml(author_math(p[1:-1])) if p.startswith("$") and p.endswith("$") and len(p) > 2
                   and safe_math(p[1:-1]) else escape(p) for p in _AUTHOR_MATH.split(text))


def sentence(line: Sentence | str) -> str:
    """A sentence as HTML: the prose escaped, each slot as MathML; the cells are named at a
    sentence's first table and later tables are plain 4-tuples (as the plain text reads)."""
    out, labelled = [], False
    for part in as_sentence(line).parts():
        if not isinstance(part, Slot):
            out.append(prose(part))
        elif isinstance(part.value, ContingencyTable) and labelled:
            out.append(mathml(tuple(part.value)))
        else:
            out.append(mathml(part.value))
            labelled = labelled or isinstance(part.value, ContingencyTable)
    return "".join(out)


def user_text(value: Sentence | str) -> str:
    """A reason or proof line: a sentence is the project's prose with slots; a plain string
    (an error message, which may quote the user's input) is escaped as it is, never read as math."""
    return escape(value) if isinstance(value, str) else sentence(value)


def _case_heading(case: str, columns: int) -> str:
    return f'<tr><th class="case" colspan="{columns}">{escape(case[:1].upper() + case[1:])}:</th></tr>'


def _face_table(rows: list[FaceRow]) -> str:
    head = "".join(f"<th>{mathml_name(name)}</th>" for name in CELL_NAMES) + "<th>result</th><th>reason</th>"
    out, current = [f"<tr>{head}</tr>"], None
    for row in rows:
        if row.case and row.case != current:
            out.append(_case_heading(row.case, len(CELL_NAMES) + 2))
            current = row.case
        entries = "".join(f"<td>{escape(_ENTRY_TEXT[e])}</td>" for e in row.entries)
        out.append(f'<tr>{entries}<td class="l">{sentence(row.result)}</td><td class="l">{escape(row.how)}</td></tr>')
        shown = delta(row.certificate, row.condition)
        if shown is not None:        # the decisive quantity under its row, as in the LaTeX
            out.append(f'<tr class="delta"><td class="l" colspan="{len(CELL_NAMES) + 2}">{sentence(shown)}</td></tr>')
    return '<table class="cases">' + "".join(out) + "</table>"


def _condition(condition) -> str:
    if isinstance(condition, str):
        return prose(condition)
    return mathml(condition) if not isinstance(condition, tuple) else ", ".join(map(mathml, condition))


def _condition_table(lines) -> str:
    out, current = ["<tr><th>where</th><th>result</th><th>reason</th></tr>"], None
    for line in lines:
        if line.case and line.case != current:
            out.append(_case_heading(line.case, 3))
            current = line.case
        out.append(f'<tr><td class="l">{_condition(line.condition)}</td><td class="l">{sentence(line.result)}</td>'
                   f'<td class="l">{escape(line.how)}</td></tr>')
    return '<table class="cases">' + "".join(out) + "</table>"


def lines(proof) -> str:
    """A proof: sentences as a numbered list, runs of case sentences as tables (faces merged);
    the numbering runs on across the tables."""
    out, items, number = [], [], 1

    def flush() -> None:
        nonlocal number
        if items:
            out.append((f'<ol start="{number}">' if number > 1 else "<ol>") + "".join(items) + "</ol>")
            number += len(items)
            items.clear()
    for segment in segments(list(proof)):
        if not isinstance(segment, list):
            items.append(f"<li>{user_text(segment)}</li>")
            continue
        flush()
        out.append(_face_table(segment) if isinstance(segment[0], FaceRow) else _condition_table(segment))
    flush()
    return "\n".join(out)


# a name that is a mathematical symbol: a cell (TP), a letter or a Greek letter's name, with an
# optional index (h, p1, lambda11); any other name (model, M(h), test set) is a word
_SYMBOL_NAME = re.compile(r"(?:TP|FP|FN|TN|AP|AN|PP|PN|[A-Za-z]|(?:%s))_?[0-9]*" % "|".join(sorted(greeks, key=len,
                                                                                                   reverse=True)))


def mathml_name(name: str) -> str:
    """A cell's or a value's name as mathematics when it is a symbol (TP upright, lambda11 as a
    subscripted lambda, through the notation table); else as the text it is (M(h), model)."""
    return mathml(sp.Symbol(name)) if _SYMBOL_NAME.fullmatch(name) else escape(name)
