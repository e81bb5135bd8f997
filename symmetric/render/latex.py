"""LaTeX output: one ``.tex`` file per claim (to ``\\input`` in a paper) and a main document.

Templates live in ``templates/`` and use LaTeX-safe jinja2 delimiters (``((* *))`` blocks,
``((( )))`` variables) so that braces in the templates stay plain LaTeX.  Prose is plain text
or a :class:`~symmetric.evidence.Sentence` (an author's ``$...$`` is kept as mathematics);
:func:`tex_text` escapes the text and typesets each slot.  A step's printed and derived forms
(sympy objects, an author's :class:`~symmetric.claims.model.PrintedLatex`, a property cell's
verdict) become LaTeX in :func:`tex_math`: this is the only place a claim's mathematics is
turned into LaTeX.
Output is deterministic (no timings, no dates) so the committed files can be golden-checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import jinja2
import sympy as sp

from ..claims.model import ClaimResult
from ..evidence import ContingencyTable, Score, Sentence
from ..logic import Verdict
from ..errors import InputError
from .escape import safe_file_name, tex_escape, tex_user_text
from .notation import SYMBOL_LATEX
from .text import plain, step_status
from .texmath import authored, displays, math, result_text, tex_derived, tex_math, tex_printed, tex_text

TEMPLATES = Path(__file__).with_name("templates")
MAIN_NAME = "proofs"

# A step whose printed and derived sides are verdicts is a cell of a paper's property table.
CELL_WORDS = {Verdict.HOLDS: "holds", Verdict.FAILS: "fails", Verdict.UNDETERMINED: "undecided"}
CELL_MARKS = {Verdict.HOLDS: r"$\checkmark$", Verdict.FAILS: r"$\times$~\textbf{paper wrong}",
              Verdict.UNDETERMINED: "?"}


def is_cell(step) -> bool:
    return isinstance(step.printed, Verdict) and isinstance(step.derived, Verdict)


def cell(value: Verdict) -> str:
    return CELL_WORDS[value]


def cell_mark(status: Verdict) -> str:
    return CELL_MARKS[status]


def _value_of_table(name: str, values) -> tuple[str, object] | None:
    """The measure's value at the table ``name``: the typed :class:`Score` of that table (its
    label and value), never a label matched as text."""
    return next(((v.label, v.value) for v in values if isinstance(v, Score) and v.table_name == name), None)


def _name(key: str) -> str:
    """A named value of a counterexample: an identifier as mathematics (lambda11 as
    \\lambda_{11}, g as P(G) through the notation table), anything else as text."""
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", key):
        known = {str(symbol): name for symbol, name in SYMBOL_LATEX.items()}
        return "$" + known.get(key, sp.latex(sp.Symbol(key))) + "$"
    return tex_escape(key)


def counterexample_table(cx) -> str:
    """A counterexample, labelled: its contingency tables as rows (cell names as the header,
    the measure's value at each table beside it), then the other named values, then the
    relation observed there (the violation)."""
    parts, used = [], set()
    cells = dict(cx.point)
    if not cx.tables and set(cells) == set(ContingencyTable._fields):
        # a table given cell by cell: shown as the one table it is
        cx = type(cx)(cx.relation, (("at", ContingencyTable(*(cells[c] for c in ContingencyTable._fields))),),
                      (), cx.values, cx.description)
    if cx.tables:
        matched = {name: _value_of_table(name, cx.values) for name, _ in cx.tables}
        used = {m[0] for m in matched.values() if m}
        heads = {m[0].replace(f"({name})", "").replace(name, "").strip() for name, m in matched.items() if m}
        head = heads.pop() if len(heads) == 1 and not heads & {""} else "value"
        with_value = any(matched.values())
        rows = [" & " + " & ".join(rf"$\mathrm{{{c}}}$" for c in ContingencyTable._fields)
                + (f" & {tex_escape(head)}" if with_value else "") + r"\\\hline"]
        for name, table in cx.tables:
            row = tex_escape(name) + "".join(f" & ${v}$" for v in table)
            if with_value:
                row += " & " + (f"${math(matched[name][1])}$" if matched[name] else "")
            rows.append(row + r"\\")
        parts.append("\\begin{symtables}{" + "r" * (4 + with_value) + "}\n" + "\n".join(rows) + "\n\\end{symtables}")
    named = [(k, v) for k, v in (*cx.point, *cx.values) if k not in used]
    if named:
        parts.append("; ".join(f"{_name(k)} $= {math(v)}$" for k, v in named) + ".")
    # the relation observed at the counterexample (the violation), unless it says nothing
    if cx.relation is not None and cx.relation != "" and cx.relation is not sp.true:
        parts.append(r"\emph{There:} " + (tex_escape(cx.relation) if isinstance(cx.relation, str)
                                          else f"${math(cx.relation)}$") + ".")
    return "\n".join(parts)


# A claim whose steps are the cells "<row> / <column>" of a paper's table is shown as that table
# too: each cell as printed, and where the derivation disagrees, the derived value beside it.
MATRIX_WORDS = {Verdict.HOLDS: "yes", Verdict.FAILS: "no", Verdict.UNDETERMINED: "?"}
MATRIX_MIN_CELLS = 4


def cell_matrix(result) -> str:
    steps = result.steps
    if len(steps) < MATRIX_MIN_CELLS or not all(is_cell(s) and isinstance(s.label, str)
                                                 and s.label.count(" / ") == 1 for s in steps):
        return ""
    rows, columns, cells = [], [], {}
    for s in steps:
        row, column = s.label.split(" / ")
        rows += [row] if row not in rows else []
        columns += [column] if column not in columns else []
        printed, derived = MATRIX_WORDS[s.printed], MATRIX_WORDS[s.derived]
        if s.status is Verdict.HOLDS:
            cells[row, column] = printed
        elif s.status is Verdict.FAILS:
            cells[row, column] = rf"\symwrongcell{{{printed}}}{{{derived}}}"
        else:
            cells[row, column] = rf"{printed}\,?"
    lines = [" & ".join(["", *(tex_escape(c) for c in columns)]) + r"\\\hline"]
    lines += [" & ".join([tex_escape(row), *(cells.get((row, c), "") for c in columns)]) + r"\\"
              for row in rows]
    return ("\\begin{symmatrix}{" + "c" * len(columns) + "}\n" + "\n".join(lines) + "\n\\end{symmatrix}")


def label_of(claim_id: str) -> str:
    return "claim:" + claim_id


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        block_start_string="((*", block_end_string="*))",
        variable_start_string="(((", variable_end_string=")))",
        comment_start_string="((#", comment_end_string="#))",
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters["text"] = tex_text
    env.filters["user"] = tex_user_text      # a user's string (a measure name, a title): literal text only
    env.filters["result_text"] = result_text
    env.filters["math"] = tex_math
    env.filters["printed"] = tex_printed
    env.filters["authored"] = authored
    env.filters["derived"] = tex_derived
    env.filters["displays"] = displays
    env.filters["label"] = label_of
    env.filters["status"] = step_status
    env.filters["plain"] = plain
    env.filters["counterexample"] = counterexample_table
    env.filters["is_cell"] = is_cell
    env.filters["cell_matrix"] = cell_matrix
    env.filters["cell"] = cell
    env.filters["cellmark"] = cell_mark
    env.globals["Verdict"] = Verdict
    return env


def render_claim(result: ClaimResult) -> str:
    return _environment().get_template("claim.tex.j2").render(r=result)


def render_template(name: str, **context) -> str:
    """Render any template of ``templates/`` with the LaTeX-safe delimiters and filters."""
    return _environment().get_template(name).render(**context)


def render_main(claim_ids: Iterable[str], title: str = "symmetric: checked derivations") -> str:
    return _environment().get_template("main.tex.j2").render(ids=list(claim_ids), title=title)


MACROS = "symmetric-macros.tex"


def claim_file_name(claim_id: str) -> str:
    return f"{claim_id}.tex"


def document_files(results: Iterable[ClaimResult], all_ids: Iterable[str], name: str = MAIN_NAME,
                   title: str = "symmetric: checked derivations") -> dict[str, str]:
    """Every file of the LaTeX output (file name -> text): one fragment per claim result, the
    main document that inputs every claim of ``all_ids``, and the macro file they use.  The
    caller writes them as a unit (render.outfolder.Folder.write)."""
    return document_of_fragments({r.id: render_claim(r) for r in results}, all_ids, name, title)


def document_of_fragments(fragments: dict[str, str], all_ids: Iterable[str], name: str = MAIN_NAME,
                          title: str = "symmetric: checked derivations") -> dict[str, str]:
    """:func:`document_files` of claims already rendered (claim id -> :func:`render_claim`),
    in the order given: `prove` renders each claim in the process that derived it."""
    all_ids = list(all_ids)
    for claim_id in list(fragments) + all_ids:    # ids become file names and \input arguments
        if not safe_file_name(claim_id):
            raise InputError(f"claim id {claim_id!r} cannot name a file: use letters, digits and _ . + - only")
    files = {claim_file_name(claim_id): text for claim_id, text in fragments.items()}
    files[MACROS] = (TEMPLATES / MACROS).read_text(encoding="utf-8")
    files[f"{name}.tex"] = render_main(all_ids, title)
    return files


def property_result(result) -> str:
    """One property result as a LaTeX paragraph (verdict, argument, counterexample, reason)."""
    from ..evidence import NO_READING
    # a property without implicit conventions has nothing to name
    reading = f" (reading: {tex_escape(result.reading)})" if result.reading not in ("", NO_READING) else ""
    lines = [rf"\textbf{{{tex_escape(result.property)}}}{reading}: {tex_escape(result.verdict.value)}."]
    lines += [result_text(line) for line in result.proof]
    if result.counterexample is not None:
        from .text import counterexample_sentence      # its values typeset, not sympy's strings
        lines.append(tex_text(counterexample_sentence(result.counterexample, "Counterexample: ")))
    if result.reason:
        lines.append(r"\emph{" + result_text(result.reason) + "}")
    return "\n".join(lines) + "\n"


def of(obj) -> str:
    """LaTeX of a result or of a mathematical object."""
    from ..evidence import PropertyResult
    if isinstance(obj, PropertyResult):
        return property_result(obj)
    if isinstance(obj, ClaimResult):
        return render_claim(obj)
    if isinstance(obj, Sentence):
        return tex_text(obj)
    return math(obj)
