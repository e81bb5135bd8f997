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
from fractions import Fraction

from ..claims.model import ClaimResult, PrintedLatex
from ..evidence import ContingencyTable, Sentence, _Slot
from ..logic import Verdict
from ..errors import InputError
from .escape import safe_file_name, safe_math, tex_escape, tex_user_text
from .notation import SYMBOL_LATEX, author_math, to_latex
from .text import join_sentences, plain, step_status

TEMPLATES = Path(__file__).with_name("templates")
MAIN_NAME = "proofs"

def _prose(text: str) -> str:
    """Escape plain text, passing ``$...$`` segments through as mathematics."""
    parts = re.split(r"(\$[^$]+\$)", text)
    # mathematics that could run TeX commands beyond plain formulae is shown as text (escape.py)
    return "".join(author_math(p) if p.startswith("$") and p.endswith("$") and len(p) > 1 and safe_math(p[1:-1])
                   else tex_escape(p) for p in parts)


def math(value) -> str:
    """One mathematical object (a slot of a sentence) in LaTeX, through the notation table."""
    if value is None:
        return r"\text{undefined}"
    if isinstance(value, ContingencyTable):
        return (r"(\mathrm{TP}, \mathrm{FP}, \mathrm{FN}, \mathrm{TN}) = "
                f"({value.TP}, {value.FP}, {value.FN}, {value.TN})")
    if isinstance(value, tuple):
        return "(" + ", ".join(math(v) for v in value) + ")"
    if isinstance(value, str):
        return rf"\text{{{tex_escape(value)}}}"
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    return to_latex(value)


# A slot longer than this (characters of LaTeX) is displayed on lines of its own, where breqn
# can break it, rather than run into the margin inside a line of text.
INLINE_LIMIT = 90


def _shortest(value):
    """Among equivalent forms of a long expression (as given, factored, cancelled), the one
    that prints shortest: the same value, in the form a reader can take in."""
    # an expression holding an infinity or nan is shown as derived: rewriting would hide that
    # it is undefined (cancel turns zoo*x/(zoo*x + 1) into 1)
    if (not isinstance(value, sp.Expr) or value.is_number
            or value.has(sp.Piecewise, sp.zoo, sp.oo, -sp.oo, sp.nan)):
        return value
    best, best_len = value, len(to_latex(value))
    # a sum collected in one symbol, each coefficient factored (exact identities all)
    collected = [lambda e, x=x: e.replace(lambda a: isinstance(a, sp.Add),
                                          lambda a: sp.collect(sp.expand(a), x, func=sp.factor))
                 for x in sorted(value.free_symbols, key=str)[:4]]
    for rewrite in (sp.factor, sp.cancel, *collected):
        try:
            candidate = rewrite(value)
        except (sp.PolynomialError, NotImplementedError, TypeError, ValueError):
            continue
        length = len(to_latex(candidate))
        if length < best_len:
            best, best_len = candidate, length
    return best


def _dmath(latex: str) -> str:
    return rf"\begin{{dmath*}}{latex}\end{{dmath*}}"


def _breakable(part) -> str:
    """A long product with its factors joined by an explicit \\cdot, where breqn may break
    the line (it never breaks inside the parentheses of a factor)."""
    if not isinstance(part, sp.Mul) or len(math(part)) <= INLINE_LIMIT:
        return math(part)
    coeff, rest = part.as_coeff_Mul()
    factors = [math(f) if not isinstance(f, sp.Add) else rf"\left({math(f)}\right)"
               for f in sp.Mul.make_args(rest)]
    sign = "-" if coeff == -1 else "" if coeff == 1 else math(coeff) + r" \cdot "
    return sign + r" \cdot ".join(factors)


def slot(value) -> str:
    """A slot of a sentence: inline mathematics, or a display when it is long.  breqn breaks a
    display at its top-level operators but never inside a fraction, so a long fraction is shown
    as num/den with the numerator and the denominator displayed one after the other."""
    latex = math(value)
    if len(latex) <= INLINE_LIMIT:
        return f"${latex}$"
    value = _shortest(sp.Rational(value.numerator, value.denominator) if isinstance(value, Fraction) else value)
    latex = math(value)
    if len(latex) <= INLINE_LIMIT:
        return f"${latex}$"
    if isinstance(value, sp.Expr) and not value.has(sp.Piecewise):
        num, den = sp.fraction(sp.together(value))
        if den != 1 and len(latex) > 2 * INLINE_LIMIT:
            return (_dmath(r"\frac{\mathit{num}}{\mathit{den}}") + "where"
                    + _dmath(r"\mathit{num} = " + _breakable(num)) + _dmath(r"\mathit{den} = " + _breakable(den)))
        return _dmath(_breakable(value))
    return _dmath(latex)


# A proof by cases is a run of sentences, one per case, each "<condition>: <result> (<how it was
# decided>)."; three or more in a row are typeset as one table, not as paragraphs.  The rules:
# the condition is a face {0} under a named case ("a relevant item moved ..., face {0}: ..."),
# or plain text without slots ("TP = 0, the other cells positive: ...").
CASE_RULES = (
    re.compile(r"^(?P<case>[^{}]+), face \{0\}: (?P<result>[^(){}]+?)(?: \((?P<how>[^(){}]*)\))?\.$"),
    re.compile(r"^(?P<condition>[^:{}]+): (?P<result>[^():]+?) \((?P<how>[^(){}]*)\)\.$"),
)
CASE_TABLE_MIN_ROWS = 3


def _case(line):
    """(case or "", condition as LaTeX, result, how) of a case sentence; None for another line."""
    if not isinstance(line, Sentence):
        return None
    for rule in CASE_RULES:
        match = rule.match(line.template)
        if match is None or ("case" in rule.groupindex and len(line.args) != 1):
            continue
        plain_text = lambda key: (match.groupdict().get(key) or "").replace("{{", "{").replace("}}", "}")
        if "case" in rule.groupindex:
            value = line.args[0]
            condition = "$" + (", ".join(math(v) for v in value) if isinstance(value, tuple) else math(value)) + "$"
        else:
            condition = _prose(plain_text("condition"))
        # the result may hold slots of its own (e.g. "{0} = {1}"): the condition holds none
        result = tex_text(Sentence(match.group("result"), line.args)) if "case" not in rule.groupindex \
            else _prose(plain_text("result"))
        return plain_text("case"), condition, result, _prose(plain_text("how"))
    return None


# Conditions in a row with the same result decided the same way share one row (their
# conditions run on as a paragraph) once there are at least this many of them.
SHARED_ROW_MIN = 4


def case_table(cases) -> str:
    """Sentences of a proof by cases as a table: a row per condition, under its case; a run
    of conditions with the same result and method is one row."""
    groups: list[tuple[str, list[str], str, str]] = []
    for case, condition, result, how in cases:
        if groups and groups[-1][0] == case and groups[-1][2:] == (result, how):
            groups[-1][1].append(condition)
        else:
            groups.append((case, [condition], result, how))
    rows, current = [], ""
    for case, conditions, result, how in groups:
        if case and case != current:
            rows.append(rf"\multicolumn{{3}}{{@{{}}l}}{{\emph{{{_prose(case[:1].upper() + case[1:])}:}}}}\\")
            current = case
        if len(conditions) >= SHARED_ROW_MIN:
            rows.append(rf"\multicolumn{{3}}{{@{{}}>{{\raggedright\arraybackslash}}p{{\linewidth}}@{{}}}}{{{'; '.join(conditions)}: "
                        rf"{result}{f' ({how})' if how else ''}.}}\\")
        else:
            rows += [rf"{condition} & {result} & {how}\\" for condition in conditions]
    return "\\begin{symcases}\n" + "\n".join(rows) + "\n\\end{symcases}"


def tex_lines(lines) -> str:
    """Several sentences read one after another; runs of case sentences become a table."""
    pieces, run = [], []

    def flush():
        if len(run) >= CASE_TABLE_MIN_ROWS:
            pieces.append(case_table(c for _, c in run))
        else:
            pieces.extend(tex_text(line) for line, _ in run)
        run.clear()

    for line in lines:
        if not line:
            continue
        found = _case(line)
        if found is None:
            flush()
            pieces.append(tex_text(line))
        else:
            run.append((line, found))
    flush()
    return join_sentences(pieces)


def tex_text(text: "Sentence | str | None") -> str:
    """A sentence (or plain text) in LaTeX: the prose escaped, each slot as mathematics."""
    if not text:
        return ""
    if isinstance(text, (tuple, list)):     # several sentences, read one after another
        return tex_lines(text)
    if isinstance(text, str):
        return _prose(text)
    return "".join(slot(part.value) if isinstance(part, _Slot) else _prose(part)
                   for part in text.parts())


def result_text(text: "Sentence | str | None") -> str:
    """A proof line or reason of a check result: a sentence is the project's prose with slots;
    a plain string (an error message, which may quote the user's input) is user text."""
    if isinstance(text, str):
        return tex_user_text(text)
    return tex_text(text)


def tex_math(value, *, printed: bool = False) -> str:
    """A step's printed or derived form (a sympy object, a :class:`PrintedLatex` literal, or the
    verdict of a property cell) as LaTeX for display maths.  ``printed``: the paper's form,
    kept in the paper's own vocabulary (no rewriting of 1 - P(G) as P(¬G))."""
    if value is None:
        return ""
    if isinstance(value, PrintedLatex):
        if not safe_math(value.latex):      # written by hand (a claims file): shown, never run
            return r"\text{" + tex_user_text(value.latex) + "}"
        if not value.args:
            return author_math(value.latex)
        return author_math(value.latex.format(*(tex_math(a, printed=printed) for a in value.args)))
    if isinstance(value, Verdict):
        return value.value
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    return to_latex(value, complements=not printed)


def authored(latex: str) -> str:
    """An author's LaTeX text (a claim's ``statement_latex``): its $...$ mathematics in the
    notation of the table, the text as written."""
    return re.sub(r"\$[^$]+\$", lambda m: author_math(m.group(0)) if safe_math(m.group(0)[1:-1])
                  else tex_escape(m.group(0)), latex)


def tex_printed(value) -> str:
    return tex_math(value, printed=True)


def tex_derived(value) -> str:
    """A derived form for display: among its exact equivalents (as derived, factored,
    cancelled, collected) the one that prints shortest, when the form is long."""
    latex = tex_math(value)
    if isinstance(value, sp.Expr) and len(latex) > INLINE_LIMIT:
        return tex_math(_shortest(value))
    return latex


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
    """The measure's value at the table ``name``: a value named ``M(name)`` or ``... name``."""
    pattern = re.compile(rf"(^|[\s(]){re.escape(name)}($|\))")
    for key, value in values:
        if pattern.search(key):
            return key, value
    return None


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
    caller writes them as a unit (render.files.write_files)."""
    all_ids = list(all_ids)
    for claim_id in [r.id for r in results] + all_ids:    # ids become file names and \input arguments
        if not safe_file_name(claim_id):
            raise InputError(f"claim id {claim_id!r} cannot name a file: use letters, digits and _ . + - only")
    files = {claim_file_name(r.id): render_claim(r) for r in results}
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
        from .text import counterexample_line
        lines.append("Counterexample: " + tex_escape(counterexample_line(result.counterexample)))
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
