"""The JSON report: property results and claim results as plain data, in one notation.

Every sentence is plain text and every piece of mathematics a typed slot, rendered at the edge
by whoever reads the JSON (README, "The JSON notation"):

* a **math slot** is ``{"text": ..., "latex": ...}``: the plain text of the terminal
  (:func:`symmetric.render.text.plain`: sympy's string printer in the input language's words,
  ``2*P(G)*P(S)``, ``sqrt(2)/2``) and the LaTeX of the notation table.  ``text`` is null for
  mathematics that exists only as an author's LaTeX (a paper's printed form, ``$...$`` in a
  derivation's label).
* a **sentence** is ``{"text": ..., "math": [slot, ...]}``: prose with ``{0}``, ``{1}``, ...
  where ``math[0]``, ``math[1]``, ... go (literal braces doubled, as Python's ``str.format``
  reads them: ``s["text"].format(*(m["text"] or m["latex"] for m in s["math"]))``).  The prose
  holds no LaTeX and no formula: a sentence never mixes notations.

Machine data keeps its own form: a certificate (``certificates[].certificate``) is what the
independent checker :mod:`symmetric.kernel` parses, tables are [TP, FP, FN, TN] integers.
"""

from __future__ import annotations

import re

import sympy as sp

from ..claims.model import ClaimResult, PrintedLatex
from ..evidence import CaseStep, Counterexample, PropertyResult, Slot, as_sentence
from ..logic import Verdict
from . import text, texmath
from .notation import author_math

# an author's mathematics inside a derivation's prose ("WAcc$(S_{ni})$"), as the LaTeX reads it
_AUTHOR_MATH = re.compile(r"(\$[^$]+\$)")
# TeX's escapes of plain characters in an author's prose
_TEXT_ESCAPES = re.compile(r"\\([%&_#])")


def math_slot(value) -> dict:
    """One mathematical object as a typed slot: its plain text and its LaTeX (a truth value in
    the words of the input language, never Python's True)."""
    if value is True or value is False or value in (sp.true, sp.false):
        word = "true" if value in (True, sp.true) else "false"
        return {"text": word, "latex": rf"\text{{{word}}}"}
    return {"text": text.plain(value), "latex": texmath.math(value)}


def form_slot(value, *, printed: bool = False) -> dict | None:
    """A step's printed or derived form as a slot (None when absent): an author's LaTeX literal
    has no plain text; a property cell's verdict is a word."""
    if value is None:
        return None
    if isinstance(value, PrintedLatex):
        return {"text": None, "latex": texmath.tex_math(value, printed=printed)}
    if isinstance(value, Verdict):
        return {"text": value.value, "latex": rf"\text{{{value.value}}}"}
    return {"text": text.form(value), "latex": texmath.tex_math(value, printed=printed)}


def _escaped(prose: str) -> str:
    return prose.replace("{", "{{").replace("}", "}}")


def _pieces(value, authored: bool):
    """The prose (str) and the slots (dict) of ``value`` in reading order, several sentences
    read one after another (a space between them, none before punctuation)."""
    if isinstance(value, (tuple, list)):
        first = True
        for item in value:
            if not item:
                continue
            pieces = list(_pieces(item, authored))
            if not first and pieces and not (isinstance(pieces[0], str) and pieces[0][:1] in ";,.:)"):
                yield " "
            first = False
            yield from pieces
        return
    if isinstance(value, str) and not authored:
        yield value                 # text as it is: an error message may quote the user's input
        return
    for part in as_sentence(value).parts():
        if isinstance(part, Slot):
            yield math_slot(part.value)
        else:
            yield from _author_math(part)


def _author_math(prose: str):
    """A derivation's prose with its ``$...$`` mathematics as slots (as the LaTeX reads a
    sentence's prose: :func:`symmetric.render.texmath.tex_text`)."""
    for part in _AUTHOR_MATH.split(prose):
        if len(part) > 2 and part.startswith("$") and part.endswith("$"):
            yield {"text": None, "latex": author_math(part[1:-1])}
        elif part:
            yield _TEXT_ESCAPES.sub(r"\1", part)       # "95\\%" is "95%" in plain text


def sentence(value, *, authored: bool = False) -> dict | None:
    """A sentence, or several read one after another, as ``{"text", "math"}`` (None when empty).
    ``authored``: plain strings are a derivation author's prose, whose ``$...$`` is mathematics
    (as the LaTeX reads it); otherwise a plain string is text as it is (an error message may
    quote the user's input)."""
    if not value:
        return None
    template, slots = "", []
    for piece in _pieces(value, authored):
        if isinstance(piece, str):
            template += _escaped(piece)
        else:
            template += "{" + str(len(slots)) + "}"
            slots.append(piece)
    return {"text": template.strip(), "math": slots}


def read(value: dict | None) -> str:
    """A JSON sentence or math slot read back as plain text (what a consumer of the JSON does at
    its edge): each slot's plain text, or its LaTeX where the mathematics has none."""
    if value is None:
        return ""
    if "math" in value:
        return value["text"].format(*(read(m) for m in value["math"]))
    return value["text"] if value["text"] is not None else value["latex"]


def counterexample(cx: Counterexample | None) -> dict | None:
    """The counterexample as a flat object: tables as [TP, FP, FN, TN], every exact value and
    the relation that fails as math slots (a relation in the checker's words: a sentence)."""
    if cx is None:
        return None
    out: dict = {name: list(table) for name, table in cx.tables}
    out.update({name: math_slot(value) for name, value in (*cx.point, *cx.values)})
    out["relation"] = sentence(cx.relation) if isinstance(cx.relation, str) else math_slot(cx.relation)
    if cx.description is not None:
        out["description"] = sentence(cx.description, authored=True)
    return out


def _condition(condition) -> dict | None:
    """A case's face as a slot (None: a proved line that is not one of a face's cases)."""
    if condition in ((), None, ""):
        return None
    cells = condition if isinstance(condition, tuple) else (condition,)
    return {"text": text.say_condition(condition), "latex": ", ".join(texmath.math(c) for c in cells)}


def property_result(result: PropertyResult) -> dict:
    return {"property": result.property, "reading": result.reading, "verdict": result.verdict.value,
            "proof": [sentence(line) for line in result.proof],
            "counterexample": counterexample(result.counterexample),
            "reason": sentence(result.reason),
            # a certificate object per proved case (kind, N, D, factors, ...: symmetric.certificate),
            # as the independent checker symmetric.kernel reads it
            "certificates": [{"case": step.case, "condition": _condition(step.condition),
                              "certificate": step.certificate.data()}
                             for step in result.proof if isinstance(step, CaseStep) and step.certificate is not None]}


def statement(result: ClaimResult) -> dict | None:
    """A claim's statement: as its author typeset it, the ``$...$`` mathematics as slots (the
    plain statement is an ASCII paraphrase, "sqrt((TP+FN)...)"), unless that text is LaTeX
    markup beyond its mathematics (a table of values): then the plain statement."""
    typeset = sentence(result.statement_latex, authored=True)
    if typeset is not None and "\\" not in typeset["text"]:
        return typeset
    return sentence(result.statement, authored=True)


def claim_result(result: ClaimResult) -> dict:
    """One claim's verdict, discrepancies and counterexample (``symmetric prove --json``)."""
    return {
        "id": result.id,
        "paper": result.paper,
        "statement": statement(result),
        "verdict": result.verdict.value,
        "discrepancies": [{"step": sentence(s.label, authored=True), "printed": form_slot(s.printed, printed=True),
                           "derived": form_slot(s.derived)} for s in result.discrepancies],
        "counterexample": counterexample(result.counterexample),
        "seconds": round(result.seconds, 3),
        "conclusion": sentence(result.conclusion, authored=True),
        "corrected_statement": sentence(result.corrected_statement, authored=True),
        "reason": sentence(result.reason, authored=True),
    }


def claim_steps(result: ClaimResult) -> list[dict]:
    """Every step of a claim as checked (``symmetric verify --json``): the printed form, the
    derived form, how it was checked and its status (holds, wrong, undecided)."""
    return [{"step": sentence(s.label, authored=True), "printed": form_slot(s.printed, printed=True),
             "derived": form_slot(s.derived), "check": sentence(s.justification, authored=True),
             "verdict": text.step_status(s.status)} for s in result.steps]


def verify_claim(result: ClaimResult) -> dict:
    """One claim of ``symmetric verify FILE.toml --json``: as ``prove --json``, plus its steps
    and notes."""
    return {**claim_result(result), "steps": claim_steps(result),
            "notes": [sentence(n, authored=True) for n in result.notes]}


def paper_item(item) -> dict:
    """One relation, definition or unread display of ``symmetric verify PAPER.tex --json``
    (``latex``: the paper's own source; a "not read" reason is a message that may quote it)."""
    out = {"line": item.line, "kind": item.kind, "latex": item.latex}
    if item.result is not None:
        r = item.result
        out.update({"verdict": r.verdict.value, "steps": claim_steps(r), "counterexample": counterexample(r.counterexample),
                    "corrected": sentence(r.corrected_statement, authored=True),
                    "reason": sentence(r.reason, authored=True), "seconds": round(r.seconds, 3)})
    if item.kind == "definition":
        out["name"] = item.name
    if item.kind == "not read":
        out["reason"] = item.reason
    return out


def check_report(results) -> list[dict]:
    """``symmetric check``'s report: one entry per measure (kind, measure, results)."""
    return [{"measure": m.name, "kind": kind, **_formula(m), "properties": [property_result(r) for r in rs]}
            for kind, m, rs in results]


def _formula(measure) -> dict:
    """The formula as the user typed it (when typed: the user's own text, as written) and the
    count form the checkers read, as a math slot (a quantification measure has no count form)."""
    from ..crosscheck.written import written_of
    written = written_of(measure)
    out = {"written": written.text} if written is not None else {}
    count_form = getattr(measure, "count_form", None)
    if count_form is not None:
        out["formula"] = math_slot(count_form)
    return out
