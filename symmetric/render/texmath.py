"""Mathematics and prose as LaTeX: a sentence's text escaped and its slots typeset, a step's
printed and derived forms (sympy objects, an author's :class:`~symmetric.claims.model.PrintedLatex`,
a property cell's verdict) through the notation table (:func:`tex_math`: the only place a
claim's mathematics becomes LaTeX), long displays broken or shown in their shortest exact form,
and proofs by cases as compact tables.  :mod:`.latex` builds the documents from these.
"""

from __future__ import annotations

import re

import sympy as sp
from fractions import Fraction

from ..claims.model import PrintedLatex
from ..evidence import ContingencyTable, Sentence, Slot
from ..logic import Verdict
from .bignum import tame
from .cases import CELL_NAMES, ENTRY_LABELS, FaceRow, segments
from .certificates import delta
from .escape import safe_math, tex_escape, tex_user_text
from .notation import author_math, to_latex
from .order import ordered_factors
from .text import join_sentences


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
    value = tame(value)             # a huge exact number is named by its size (bignum.py)
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


# Equations side by side in one form ("a = b,\quad c = d"): breqn would take the second
# relation for a continuation of the first ("a = b, c" then "= d"), so each is a display.
_SIDE_BY_SIDE = re.compile(r",\s*(?:\\q?quad|\\[ ;:,])\s*")
_RELATION = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|ne|neq|approx|equiv)(?![A-Za-z])")


def _top_level_parts(latex: str) -> list[str]:
    r"""``latex`` cut at each ``,\quad`` (or ``,\ ``, ``,\;``) outside braces and \left...\right."""
    parts, depth, start = [], 0, 0
    for match in re.finditer(r"[{}]|\\left\b|\\right\b|" + _SIDE_BY_SIDE.pattern, latex):
        token = match.group(0)
        if token in ("{", r"\left"):
            depth += 1
        elif token in ("}", r"\right"):
            depth -= 1
        elif depth == 0:
            parts.append(latex[start:match.start()])
            start = match.end()
    return [*parts, latex[start:]]


def displays(latex: str) -> str:
    """A display form as breqn displays: one per equation of a form that writes several side
    by side (all but the last ending in a comma), else one."""
    parts = _top_level_parts(latex)
    if not all(_RELATION.search(part) for part in parts):     # a list of terms, not of equations
        parts = [latex]
    shown = "".join(_dmath(part + ("," if k < len(parts) - 1 else "")) for k, part in enumerate(parts))
    # grouped, the equations are set one under the other at the spacing of one display
    return shown if len(parts) == 1 else rf"\begin{{dgroup*}}{shown}\end{{dgroup*}}"


def _breakable(part) -> str:
    """A long product with its factors joined by an explicit \\cdot, where breqn may break
    the line (it never breaks inside the parentheses of a factor).  A product with a reciprocal
    factor is a fraction and is printed as one (never ``2 \\cdot TP \\cdot \\frac{1}{x^2}``)."""
    if not isinstance(part, sp.Mul) or len(math(part)) <= INLINE_LIMIT or sp.fraction(part)[1] != 1:
        return math(part)
    coeff, rest = part.as_coeff_Mul()
    factors = [math(f) if not isinstance(f, sp.Add) else rf"\left({math(f)}\right)"
               for f in ordered_factors(rest)]
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
    if isinstance(value, sp.Expr) and not value.has(sp.Piecewise) and len(latex) > 4 * INLINE_LIMIT:
        named = _named_parts(value)
        if named is not None:
            return named
    if isinstance(value, sp.Expr) and not value.has(sp.Piecewise):
        num, den = sp.fraction(sp.together(value))
        if den != 1 and len(latex) > 2 * INLINE_LIMIT:
            return (_dmath(r"\frac{\mathit{num}}{\mathit{den}}") + "where"
                    + _dmath(r"\mathit{num} = " + _breakable(num)) + _dmath(r"\mathit{den} = " + _breakable(den)))
        return _dmath(_breakable(value))
    return _dmath(latex)


def _named_parts(value: sp.Expr) -> str | None:
    """A long expression whose repeated parts (a common denominator inside a logarithm) would
    make one unbreakable fraction hundreds of points wide: each repeated part named Q_1, Q_2, ...
    and defined after it, every definition a display of its own (a sum breqn can break).  None
    when nothing repeats (or sympy cannot do it): the caller's display stands."""
    names = (sp.Symbol(f"Q_{k}") for k in range(1, 100))
    try:
        parts, (reduced,) = sp.cse(value, symbols=names, order="none")
    except (TypeError, ValueError, NotImplementedError, RecursionError):
        return None
    # only parts worth a name: a short one (|T| P(G)) is put back where it was
    kept, back = [], {}
    for name, part in parts:
        part = part.xreplace(back)
        if len(math(part)) > INLINE_LIMIT:
            kept.append((name, part))
        else:
            back[name] = part
    if not kept:
        return None
    renumbered = {name: sp.Symbol(f"Q_{k}") for k, (name, _) in enumerate(kept, 1)}
    # a part that is a reciprocal 1/B names B instead (a fraction bar over a long B cannot break)
    flipped = {renumbered[name]: 1 / renumbered[name] for name, part in kept
               if isinstance(part, sp.Pow) and part.exp == -1}
    reduced = reduced.xreplace(back).xreplace(renumbered).xreplace(flipped)
    parts = [(renumbered[name], (part.base if renumbered[name] in flipped else part).xreplace(renumbered)
              .xreplace(flipped)) for name, part in kept]
    definitions = [_dmath(rf"{math(name)} = {_breakable(part)}" + ("," if k < len(parts) - 1 else ""))
                   for k, (name, part) in enumerate(parts)]
    return _dmath(_breakable(reduced)) + "where" + "".join(definitions)


def tex_condition_table(lines) -> list[str]:
    """Case lines whose conditions are not faces: a row per condition (condition, result, how),
    under its case; a run of conditions with the same result and method is one row."""
    groups: list[tuple[str, list[str], str, str]] = []
    for line in lines:
        condition = _prose(line.condition) if isinstance(line.condition, str) else "$" + (
            ", ".join(map(math, line.condition)) if isinstance(line.condition, tuple) else math(line.condition)) + "$"
        result, how = tex_text(line.result), _prose(line.how)
        if groups and groups[-1][0] == line.case and groups[-1][2:] == (result, how):
            groups[-1][1].append(condition)
        else:
            groups.append((line.case, [condition], result, how))
    rows, current = [], ""
    for case, conditions, result, how in groups:
        if case and case != current:
            rows.append(_case_heading(case, 3))
            current = case
        if len(conditions) >= SHARED_ROW_MIN:
            rows.append(rf"\multicolumn{{3}}{{@{{}}>{{\raggedright\arraybackslash}}p{{\linewidth}}@{{}}}}{{{'; '.join(conditions)}: "
                        rf"{result}{f' ({how})' if how else ''}.}}\\")
        else:
            rows += [rf"{condition} & {result} & {how}\\" for condition in conditions]
    return ["\\begin{symconditions}", *rows, "\\end{symconditions}"]


# Conditions in a row with the same result decided the same way share one row (their
# conditions run on as a paragraph) once there are at least this many of them.
SHARED_ROW_MIN = 4


def _case_heading(case: str, columns: int) -> str:
    heading = _prose(case[:1].upper() + case[1:]).replace(r"-\textgreater{}", r"$\rightarrow$")   # FN -> TP
    return rf"\multicolumn{{{columns}}}{{@{{}}l}}{{\emph{{{heading}:}}}}\\"


FACE_ROWS_PER_TABLE = 6      # rows (each with its Δ beneath) per tabular: one fits on a page


def tex_face_table(rows) -> list[str]:
    """Merged faces as a table: a column per cell (an entry 0, > 0, 1, > 1, >= 1 or "any"),
    then the result and how it was decided; a heading row per case."""
    header = " & ".join(rf"$\mathrm{{{name}}}$" for name in CELL_NAMES) + r" & \emph{result} & \emph{reason}\\"
    out, current = [header, r"\hline"], None
    for k, row in enumerate(rows):
        if k and k % FACE_ROWS_PER_TABLE == 0 and any(r.certificate is not None for r in rows):
            # a tabular cannot break across pages: rows with their Δ continue in a new table
            out += ["\\end{symcases}", "\\begin{symcases}", header, r"\hline"]
            current = None
        if row.case and row.case != current:
            out.append(_case_heading(row.case, 6))
            current = row.case
        cells = " & ".join(ENTRY_LABELS[entry][0] for entry in row.entries)
        out.append(rf"{cells} & {tex_text(row.result)} & {_prose(row.how)}\\")
        shown = delta(row.certificate, row.condition)
        if shown is not None:        # the decisive quantity under its row, across the table
            out.append(rf"\multicolumn{{6}}{{@{{}}>{{\raggedright\arraybackslash}}p{{\linewidth}}@{{}}}}{{\quad "
                       rf"{tex_text(shown)}}}\\")
    return ["\\begin{symcases}", *out, "\\end{symcases}"]


def tex_lines(lines) -> str:
    """Several sentences read one after another; runs of case sentences become a table (a
    table of merged faces where the conditions are faces, :mod:`.cases`)."""
    pieces = []
    for segment in segments(lines):
        if isinstance(segment, list) and isinstance(segment[0], FaceRow):
            pieces.append("\n".join(tex_face_table(segment)))
        elif isinstance(segment, list):
            pieces.append("\n".join(tex_condition_table(segment)))
        else:
            pieces.append(tex_text(segment))
    return join_sentences(pieces)


def tex_text(text: "Sentence | str | None") -> str:
    """A sentence (or plain text) in LaTeX: the prose escaped, each slot as mathematics."""
    if not text:
        return ""
    if isinstance(text, (tuple, list)):     # several sentences, read one after another
        return tex_lines(text)
    if isinstance(text, str):
        return _prose(text)
    return "".join(slot(part.value) if isinstance(part, Slot) else _prose(part)
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
    value = tame(value)
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


def derived_form(value):
    """The derived form to show: among its exact equivalents (as derived, factored, cancelled,
    collected) the one that prints shortest, when the form is long.  The terminal's ``show``
    draws the same form as the LaTeX (one notation: P(¬G)P(¬S) in both, never 1 - P(G) - ...
    in one of them)."""
    if isinstance(value, sp.Expr) and len(tex_math(value)) > INLINE_LIMIT:
        return _shortest(value)
    return value


def tex_derived(value) -> str:
    """A derived form for display (:func:`derived_form`) in LaTeX."""
    return tex_math(derived_form(value))
