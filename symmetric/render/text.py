"""Plain text of results, for the terminal and the JSON report: sympy's string printer for
mathematics, the same words as the LaTeX for everything else."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from ..claims.model import PrintedLatex
from ..evidence import ContingencyTable, Counterexample, Sentence, _Slot, as_sentence
from ..logic import Verdict


def join_sentences(pieces) -> str:
    """Pieces of text read one after another: a space between them, none before punctuation."""
    out = ""
    for piece in pieces:
        piece = piece.strip()
        if out and piece and piece[0] not in ";,.:)":
            out += " "
        out += piece
    return out


def plain(value) -> str:
    """One mathematical object as plain text."""
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
    if isinstance(value, sp.Equality):      # sstr writes Eq(a, b)
        return f"{plain(value.lhs)} = {plain(value.rhs)}"
    return sp.sstr(value)


# A step's status in the words of the proofs: the step holds, is wrong as printed, or undecided.
STEP_WORDS = {Verdict.HOLDS: "holds", Verdict.FAILS: "wrong", Verdict.UNDETERMINED: "undecided"}


def step_status(status: Verdict) -> str:
    return STEP_WORDS[status]


def form(value) -> str:
    """A step's printed or derived form as plain text (a LaTeX literal as written)."""
    if isinstance(value, PrintedLatex):
        return value.latex.format(*(form(a) for a in value.args)) if value.args else value.latex
    if isinstance(value, Verdict):
        return value.value
    return "" if value is None else plain(value)


def sentence(line: Sentence | str) -> str:
    """A sentence as plain text (legacy ``$...$`` segments are shown without the dollars)."""
    out = []
    for part in as_sentence(line).parts():
        out.append(plain(part.value) if isinstance(part, _Slot) else part)
    return "".join(out)


def reason(value: Sentence | str) -> str:
    return sentence(value) if value else ""


def prose(value) -> str:
    """Text, a sentence, or several of them (read one after another) as plain text."""
    if not value:
        return ""
    if isinstance(value, (tuple, list)):
        return join_sentences(prose(v) for v in value if v)
    return sentence(value)


def counterexample(cx: Counterexample) -> dict:
    """The counterexample as a flat JSON object: tables as [TP, FP, FN, TN], exact values as
    strings, the relation that fails under ``relation``."""
    out: dict = {name: list(table) for name, table in cx.tables}
    out.update({name: plain(value) for name, value in cx.point})
    out.update({name: plain(value) for name, value in cx.values})
    out["relation"] = plain(cx.relation)
    if cx.description is not None:
        out["description"] = prose(cx.description)
    return out


def counterexample_line(cx: Counterexample) -> str:
    """The counterexample on one line, for the terminal."""
    return ", ".join(f"{k} = {v}" for k, v in counterexample(cx).items())
