"""Plain text of results, for the terminal and the JSON report: sympy's string printer for
mathematics, the same words as the LaTeX for everything else."""

from __future__ import annotations

from fractions import Fraction

from functools import lru_cache

import sympy as sp
from sympy.printing.str import StrPrinter

from .. import space
from ..claims.model import PrintedLatex
from ..evidence import CaseStep, ContingencyTable, Counterexample, Score, Sentence, Slot, as_sentence
from ..logic import Verdict
from . import cases
from .bignum import tame
from .notation import POSITIVE_CELLS
from .certificates import DELTA, delta


def join_sentences(pieces) -> str:
    """Pieces of text read one after another: a space between them, none before punctuation."""
    out = ""
    for piece in pieces:
        piece = piece.strip()
        if out and piece and piece[0] not in ";,.:)":
            out += " "
        out += piece
    return out


class _Printer(StrPrinter):
    """sympy's string printer in the words of the input language: ``cases(c1, v1, ..., otherwise)``
    for a Piecewise, ``a = b`` and ``a != b`` for relations, ``true``/``false`` for a truth value
    (never Python's ``True``, ``False`` inside a sentence)."""

    def _print_Piecewise(self, expr):
        pieces = []
        for value, condition in expr.args:
            if condition is sp.true:
                pieces.append(self._print(value))
                break
            pieces += [self._print(condition), self._print(value)]
        else:
            pieces.append("undefined")
        return "cases(" + ", ".join(pieces) + ")"

    def _print_Equality(self, expr):
        return f"{self._print(expr.lhs)} = {self._print(expr.rhs)}"

    def _print_Unequality(self, expr):
        return f"{self._print(expr.lhs)} != {self._print(expr.rhs)}"

    def _print_BooleanTrue(self, expr):
        return "true"

    # sympy's internals in words: nan is no value, complex infinity (zoo, e.g. 1/0) a magnitude
    # without a sign; a reader meets neither name
    def _print_NaN(self, expr):
        return "undefined"

    def _print_ComplexInfinity(self, expr):
        return "unbounded"

    def _print_Symbol(self, expr):
        # the checkers' positive cell symbols (tp, fn, ...) are the cells the reader knows
        return HELPER_NAMES.get(expr, expr.name)

    def _print_BooleanFalse(self, expr):
        return "false"


# the positive cell symbols of the checkers (checks.cases.POSITIVE), printed as the cells
HELPER_NAMES = dict(POSITIVE_CELLS)
# and the probability space's symbols under the names the input language gives them
HELPER_NAMES.update({space.g: "P(G)", space.s: "P(S)", space.j: "P(S and G)"})
HELPER_NAMES[DELTA] = "Δ"          # the decisive quantity, as the papers write it
_PRINTER = _Printer()


def plain(value) -> str:
    """One mathematical object as plain text."""
    value = tame(value)        # a huge exact number is named by its size (bignum.py)
    if value is None:
        return "undefined"
    if isinstance(value, ContingencyTable):
        return f"(TP, FP, FN, TN) = ({value.TP}, {value.FP}, {value.FN}, {value.TN})"
    if isinstance(value, tuple):
        return "(" + ", ".join(plain(v) for v in value) + ")"
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, sp.Basic):
        try:
            return _printed(value)
        except TypeError:           # an unhashable object: printed as it is
            pass
    return _PRINTER.doprint(value)


@lru_cache(maxsize=16384)     # the atlas's pages, JSON cells and CSV print the same values again and again
def _printed(value: sp.Basic) -> str:
    return _PRINTER.doprint(value)


# A step's status in the words of the proofs: the step holds, is wrong as printed, or undecided.
STEP_WORDS = {Verdict.HOLDS: "holds", Verdict.FAILS: "wrong", Verdict.UNDETERMINED: "undecided"}


def step_status(status: Verdict) -> str:
    return STEP_WORDS[status]


def claim_step_rows(result) -> list[tuple[str, str, str, str, str]]:
    """Every step of a claim for the terminal's step table: (step, printed, derived, status,
    check) as plain text."""
    return [(prose(s.label), form(s.printed), form(s.derived), step_status(s.status), prose(s.justification))
            for s in result.steps]


def form(value) -> str:
    """A step's printed or derived form as plain text (a LaTeX literal as written)."""
    if isinstance(value, PrintedLatex):
        return value.latex.format(*(form(a) for a in value.args)) if value.args else value.latex
    if isinstance(value, Verdict):
        return value.value
    return "" if value is None else plain(value)


def sentence(line: Sentence | str, math=None) -> str:
    """A sentence as plain text, each slot through ``math`` (default :func:`plain`)."""
    math = math or plain
    out, labelled = [], False
    for part in as_sentence(line).parts():
        if not isinstance(part, Slot):
            out.append(part)
        elif isinstance(part.value, ContingencyTable) and labelled:
            # the cells are named at a sentence's first table: "from (TP, FP, FN, TN) = (0, 2, 0, 0) to (0, 1, 0, 1)"
            out.append("(" + ", ".join(map(str, part.value)) + ")")
        else:
            out.append(math(part.value))
            labelled = labelled or isinstance(part.value, ContingencyTable)
    return "".join(out)


def reason(value: Sentence | str) -> str:
    return sentence(value) if value else ""


def prose(value, math=None) -> str:
    """Text, a sentence, or several of them (read one after another) as plain text."""
    if not value:
        return ""
    if isinstance(value, (tuple, list)):
        return join_sentences(prose(v, math) for v in value if v)
    return sentence(value, math)


def prose_lines(value, math=None) -> list[str]:
    """Like :func:`prose`, as lines for the terminal: the prose runs on, and a proof by cases
    is a table, a line per row (faces merged as in the LaTeX, :mod:`.cases`)."""
    if not isinstance(value, (tuple, list)):
        return [prose(value, math)] if value else []
    out, pieces = [], []
    for segment in cases.segments(value):
        if not isinstance(segment, list):
            pieces.append(sentence(segment, math))
            continue
        out += [join_sentences(pieces)] if pieces else []
        pieces = []
        out += face_table(segment, math) if isinstance(segment[0], cases.FaceRow) else \
            [f"{_condition(line.condition, math)}: {sentence(line.result, math)}"
             + (f" ({line.how})." if line.how else ".") for line in segment]
    return out + ([join_sentences(pieces)] if pieces else [])


def say_condition(condition) -> str:
    """A case's condition as plain text ("TP > 0, FP = 0, ...")."""
    return _condition(condition)


def _condition(condition, math=None) -> str:
    if isinstance(condition, tuple):
        return ", ".join(map(math or plain, condition))
    return condition if isinstance(condition, str) else (math or plain)(condition)


def face_table(rows, math=None) -> list[str]:
    """Merged faces as aligned lines: a column per cell, the result and the reason; a heading
    line per case."""
    cells = [[cases.ENTRY_LABELS[entry][1] for entry in row.entries] + [sentence(row.result, math)]
             for row in rows]
    header = [*cases.CELL_NAMES, "result"]
    widths = [max(len(line[k]) for line in [header, *cells]) for k in range(len(header))]
    aligned = lambda line: "  ".join(text.ljust(width) for text, width in zip(line, widths))
    out, current = ["  " + aligned(header) + "  reason"], None
    for row, line in zip(rows, cells):
        if row.case and row.case != current:
            out.append(row.case + ":")
            current = row.case
        out.append("  " + aligned(line) + "  " + row.how)
        shown = delta(row.certificate, row.condition)
        if shown is not None:
            out.append("      " + sentence(shown, math))
    return out


def counterexample(cx: Counterexample, math=None) -> dict:
    """The counterexample as a flat JSON object: tables as [TP, FP, FN, TN], exact values as
    strings (through ``math``, default :func:`plain`), the relation that fails under ``relation``."""
    math = math or plain
    out: dict = {name: list(table) for name, table in cx.tables}
    out.update({name: math(value) for name, value in cx.point})
    out.update({name: math(value) for name, value in cx.values})
    out["relation"] = math(cx.relation)
    if cx.description is not None:
        out["description"] = prose(cx.description, math)
    return out


def counterexample_line(cx: Counterexample, math=None, name=None) -> str:
    """The counterexample on one line, for the terminal: its mathematics through ``math``, the
    names of its values through ``name`` (the terminal writes lambda11 as λ₁₁), then "there:"
    the relation observed (unless it says nothing: True), then its description."""
    name = name or str
    fields = counterexample(cx, math)
    if cx.relation is sp.true:
        del fields["relation"]
    tables = dict(cx.tables)
    relation, description = fields.pop("relation", None), fields.pop("description", None)

    def field(key, value) -> str:
        if key in tables:       # the tables labelled once, each a 4-tuple
            return f"{key} = ({', '.join(map(str, value))})"
        return f"{name(key)} = {value}"
    shown = ", ".join(field(k, v) for k, v in fields.items())
    # as in the tables of check and of the LaTeX: "there: <the relation observed>"
    there = (f"; there: {relation}" if relation else "") + (f"; {description}" if description else "")
    return ("(TP, FP, FN, TN): " if tables else "") + shown + there


def counterexample_sentence(cx: Counterexample, lead: str = "") -> Sentence:
    """The counterexample as a sentence to put in a proof: each table and named value a slot
    (mathematics, typeset by each renderer: log(3)/10 as a fraction in LaTeX, in Unicode on the
    terminal), the names as text, the relation observed as "there: ..." (a slot, or the checker's
    words); ``lead`` the text before it."""
    def text(words: str) -> str:
        return words.replace("{", "{{").replace("}", "}}")
    pieces, args = [], []
    for name, value in (*cx.tables, *cx.point, *cx.values):
        pieces.append(f"{text(name)} = {{{len(args)}}}")
        args.append(value)
    if isinstance(cx.relation, str) and cx.relation:
        pieces.append("there: " + text(cx.relation))
    elif cx.relation is not None and cx.relation is not sp.true and cx.relation != "":
        pieces.append(f"there: {{{len(args)}}}")
        args.append(cx.relation)
    return Sentence(text(lead) + ", ".join(pieces), tuple(args))


# The first sentence a checker writes is often the setting shared by every property of a
# measure ("Proved for prevalences 0 < p, q < 1 ..."): a reading skips a sentence that every
# result of the measure starts with.
READING_LENGTH = 110


def _case_methods(lines) -> list[str]:
    """How each case of a proof by cases was decided (CaseStep.how: typed evidence, never read
    back from the sentence)."""
    return [line.how for line in lines if isinstance(line, CaseStep) and line.how]


def _reading(result, boilerplate=frozenset(), math=None) -> str:
    if result.reason:
        return sentence(result.reason, math)
    lines = [line for line in result.proof if sentence(line) not in boilerplate]
    methods = _case_methods(lines)
    if len(methods) < 3:
        # the cases may be shared with other results (every invariance of a measure is proved
        # on the same faces, "<face>: M(T(t)) = M(t) (exact arithmetic).")
        methods = _case_methods(result.proof)
    if len(methods) >= 3:
        return f"proved in {len(methods)} cases ({', '.join(sorted(set(methods)))})"
    # a heading ("Clause M(FP <-> FN) = M:") says nothing by itself
    lines = [line for line in lines if not sentence(line).rstrip().endswith(":")]
    return sentence(lines[-1], math) if lines else ""


def short_reason(result, siblings=(), math=None, cut: bool = True) -> str:
    """One short line a reader can take in: why ``result`` holds, fails or is undetermined,
    its mathematics through ``math`` (default :func:`plain`; the terminal draws it in Unicode).
    A proof sentence that three or more results of the measure share ("Proved for prevalences
    0 < p, q < 1 ...") tells none of them apart and is left out.  ``cut=False`` keeps it whole
    (for a column that wraps: a reason cut with "..." may lose the part that matters)."""
    text = _reading(result, shared_sentences(siblings), math)
    return _shortened(text) if cut else text


def shared_sentences(results) -> frozenset[str]:
    """The proof sentences that three or more of ``results`` share."""
    counts: dict[str, int] = {}
    for r in results:
        for line in {sentence(line) for line in r.proof}:
            counts[line] = counts.get(line, 0) + 1
    return frozenset(line for line, k in counts.items() if k >= 3)


def short_reasons(results, math=None, cut: bool = True) -> list[str]:
    """:func:`short_reason` of each of ``results`` (one measure's), the shared sentences found once."""
    shared = shared_sentences(results)
    return [_shortened(_reading(r, shared, math)) if cut else _reading(r, shared, math) for r in results]


def _shortened(text: str) -> str:
    return text if len(text) <= READING_LENGTH else text[:READING_LENGTH - 3].rstrip() + "..."


def counterexample_rows(cx: Counterexample, math=None, name=None) -> tuple[list[str], list[list[str]], str]:
    """A counterexample for a terminal table: the header (table name, TP, FP, FN, TN and the
    measure's value), a row per contingency table, and the rest (other values, the relation
    observed there, i.e. the violation) as one line; mathematics through ``math`` and the
    names of values through ``name`` (as in :func:`counterexample_line`)."""
    math, name = math or plain, name or str
    used, rows = set(), []
    for table_name, table in cx.tables:
        # the table's typed Score, never a label matched as text
        match = next(((v.label, v.value) for v in cx.typed(Score) if v.table_name == table_name), None)
        if match:
            used.add(match[0])
        rows.append([table_name, *(str(v) for v in table), math(match[1]) if match else ""])
    rest = [f"{name(k)} = {math(v)}" for k, v in (*cx.point, *cx.values) if k not in used]
    relation = math(cx.relation) if cx.relation not in (None, "") and cx.relation is not sp.true else ""
    line = "; ".join(rest + ([f"there: {relation}"] if relation else []))
    return ["", "TP", "FP", "FN", "TN", "value"], rows, line
