"""Mathematics for the terminal: sympy's pretty printer in Unicode, with the paper's notation
(P(G), P(¬S | G), |T|, P(¬G) for 1 - P(G)) -- the counterpart of :mod:`.notation` for LaTeX.

Only printing: the symbols are renamed (and 1 - P(G) written as P(¬G)) on a copy that is never
computed with.
"""

from __future__ import annotations

import re

import sympy as sp
from sympy.printing.pretty.pretty import PrettyPrinter
from sympy.printing.pretty.pretty_symbology import pretty_symbol
from sympy.printing.str import StrPrinter
from sympy.printing.pretty.stringpict import prettyForm

from .. import space
from ..evidence import ContingencyTable
from .notation import NOT_G, NOT_S, POSITIVE_CELLS, with_complements
from .order import ordered_terms, renamed_for_order

EVENT_TEXT = {space.G: "G", space.NG: "¬G", space.S: "S", space.NS: "¬S"}
# the names of the probability space's symbols and of the complements 1 - P(G), 1 - P(S)
# (notation.COMPLEMENT_RULES: the same rules as the LaTeX)
SYMBOL_TEXT = {space.g: "P(G)", space.s: "P(S)", space.j: "P(S∧G)", space.n: "|T|",
               NOT_G: "P(¬G)", NOT_S: "P(¬S)",
               # the checkers' positive cell symbols (tp, fn, ...) are the cells
               **POSITIVE_CELLS}


class _PaperNames:
    """A printer's symbols under the paper's names, and its sums in the paper's order (the
    expression printed is a copy renamed by :func:`_renamed`; ``originals`` maps back)."""

    originals: dict = {}

    def _original_name(self, symbol) -> str | None:
        original = self.originals.get(symbol, symbol)
        return SYMBOL_TEXT.get(original) or symbol_text(original.name)

    def _as_ordered_terms(self, expr, order=None):
        return ordered_terms(expr) if isinstance(expr, sp.Add) else super()._as_ordered_terms(expr, order)


class UnicodePrinter(_PaperNames, PrettyPrinter):
    """sympy's pretty printer with the probability atoms written as in the papers."""

    def _print_NaN(self, e):
        return prettyForm("undefined")

    def _print_ComplexInfinity(self, e):
        return prettyForm("unbounded")

    def _print_Symbol(self, e, bold_name=False):
        return prettyForm(self._original_name(e))

    def _print_Pr(self, expr):
        events = [EVENT_TEXT[a] for a in expr.args]
        return prettyForm(f"P({' | '.join(events)})")

    def _print_Joint(self, expr):
        x, y = expr.args
        return prettyForm(f"P({EVENT_TEXT[x]} ∧ {EVENT_TEXT[y]})")


def _renamed(expr, complements: bool) -> tuple[object, dict]:
    """A copy of ``expr`` to print: 1 - P(G) as P(¬G) (``complements``), the symbols renamed
    so that products print in the paper's order; and the map back to the original symbols."""
    if not isinstance(expr, sp.Basic):
        return expr, {}
    return renamed_for_order(with_complements(expr) if complements else expr)


def to_unicode(expr, *, complements: bool = True) -> str:
    """``expr`` drawn in Unicode (several lines for fractions and roots; never cut into
    pieces).  ``complements=False`` for a paper's printed form: its 1 - P(G) stays."""
    expr, originals = _renamed(sp.sympify(expr), complements)
    printer = UnicodePrinter({"use_unicode": True, "wrap_line": False})
    printer.originals = originals
    return printer.doprint(expr)


def inline(value, *, complements: bool = True) -> str:
    """A slot of a sentence on one line, in the paper's names (P(G), P(¬G), |T|), drawn in
    Unicode (x², √(x), α, ≤); a tuple of them joined by commas."""
    from .text import plain
    if isinstance(value, ContingencyTable):     # labelled: (TP, FP, FN, TN) = (0, 1, 0, 1)
        return plain(value)
    if isinstance(value, tuple):
        joined = ", ".join(inline(v, complements=complements) for v in value)
        # a point (1, 1, 0, 0) is bracketed; a run of conditions (TP = 0, FP > 0) reads as a list
        return f"({joined})" if all(isinstance(v, (int, sp.Number)) for v in value) else joined
    return linear(*_renamed(value, complements)) if isinstance(value, sp.Basic) else plain(value)


# ---------------------------------------------------------------- one line, for sentences

_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_SUBSCRIPT = str.maketrans("0123456789aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")


_SUBSCRIPT_LETTERS = "aehijklmnoprstuvx"


def _superscript(match: re.Match) -> str:
    return match.group(1).translate(_SUPERSCRIPT)


# sympy's one-line string form made Unicode: rules as data (pattern, replacement), in order
LINEAR_RULES: tuple[tuple[re.Pattern, object], ...] = (
    (re.compile(r"\*\*\(?(-?\d+)\)?(?![\d/.])"), _superscript),      # x**2, x**(-1): x², x⁻¹
    (re.compile(r"\*\*"), "^"),
    (re.compile(r"\bsqrt\("), "√("),
    (re.compile(r"\*"), "·"),
    (re.compile(r"<="), "≤"), (re.compile(r">="), "≥"), (re.compile(r"!="), "≠"),
    (re.compile(r"\boo\b"), "∞"),
    (re.compile(r" & "), " ∧ "),                                       # And, as sympy writes it
)


class _LinearPrinter(_PaperNames, StrPrinter):
    """sympy's string printer with the probability atoms as in the papers and Greek letters
    as letters (alpha: α, lambda11: λ₁₁)."""

    printmethod = "_symmetric_linear"     # not the atoms' own _sympystr: the paper's notation here

    def _print_Symbol(self, expr):
        return self._original_name(expr)

    def _print_NaN(self, expr):
        return "undefined"

    def _print_ComplexInfinity(self, expr):
        return "unbounded"

    def _print_Piecewise(self, expr):
        # as the input language writes it (text.py), never sympy's Piecewise((v, c), ...)
        pieces = []
        for value, condition in expr.args:
            if condition is sp.true:
                pieces.append(self._print(value))
                break
            pieces += [self._print(condition), self._print(value)]
        else:
            pieces.append("undefined")
        return "cases(" + ", ".join(pieces) + ")"

    def _print_Pr(self, expr):
        return f"P({' | '.join(EVENT_TEXT[a] for a in expr.args)})"

    def _print_Joint(self, expr):
        x, y = expr.args
        return f"P({EVENT_TEXT[x]} ∧ {EVENT_TEXT[y]})"

    def _print_Equality(self, expr):
        return f"{self._print(expr.lhs)} = {self._print(expr.rhs)}"


def name(key: str) -> str:
    """The name of a named value (a counterexample's point, a witness) as the terminal writes
    it: a symbol's name drawn as the symbol (lambda11: λ₁₁, p_i: pᵢ, g: P(G)); other text as it is."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", key):
        return key
    known = {str(symbol): text for symbol, text in SYMBOL_TEXT.items()}
    return known.get(key) or symbol_text(key)


def symbol_text(name: str) -> str:
    """A symbol's name drawn (alpha: α, lambda11: λ₁₁, p_i: pᵢ), unless a subscript is a word
    (E_top1, E_both stay as they are: sympy would subscript only the words Unicode can)."""
    subscripts = name.split("_")[1:]
    if any(len(sub) > 1 and not sub.isdigit() and sub not in _GREEK for sub in subscripts):
        return name
    return pretty_symbol(name)


def linear(expr, originals: dict | None = None) -> str:
    """``expr`` on one line in Unicode (P(¬G), x², √(x), α·P(G), ≤); ``originals``: the symbols
    of a renamed copy (:func:`_renamed`) and the original each stands for."""
    printer = _LinearPrinter()
    printer.originals = originals or {}
    text = printer.doprint(expr)
    for pattern, fix in LINEAR_RULES:
        text = pattern.sub(fix, text)
    return text


# ---------------------------------------------------------------- an author's LaTeX, as text

_GREEK = {name: chr(code) for name, code in (
    ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3B5),
    ("varepsilon", 0x3B5), ("zeta", 0x3B6), ("eta", 0x3B7), ("theta", 0x3B8), ("kappa", 0x3BA),
    ("lambda", 0x3BB), ("mu", 0x3BC), ("nu", 0x3BD), ("xi", 0x3BE), ("pi", 0x3C0), ("rho", 0x3C1),
    ("sigma", 0x3C3), ("tau", 0x3C4), ("phi", 0x3C6), ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9),
    ("Delta", 0x394), ("Sigma", 0x3A3), ("Phi", 0x3A6), ("Omega", 0x3A9))}
_SYMBOLS = {"neg": "¬", "lnot": "¬", "mid": "|", "wedge": "∧", "land": "∧", "vee": "∨", "cap": "∩",
            "cup": "∪", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "to": "→",
            "rightarrow": "→", "Rightarrow": "⇒", "implies": "⇒", "iff": "⇔", "infty": "∞", "partial": "∂",
            "sum": "Σ", "prod": "∏", "cdot": "·", "times": "×", "pm": "±", "approx": "≈", "equiv": "≡",
            "in": "∈", "emptyset": "∅", "varnothing": "∅", "gtrless": "≷", "bot": "⊥", "ldots": "…",
            "cdots": "⋯", "dots": "…", "sim": "~", "lvert": "|", "rvert": "|", "vert": "|", "quad": " ",
            "qquad": "  ", "checkmark": "✓", "log": "log ", "ln": "ln ", "exp": "exp ", **_GREEK}


# relations and connectives are set with a space each side (as TeX spaces them)
_SPACED = frozenset("≤≥≠→⇒⇔≈≡∈≷|∧∨∩∪")


def _symbol(match: re.Match) -> str:
    # a control word's trailing space only ends its name, as in TeX
    symbol = _SYMBOLS[match.group(1)]
    return f" {symbol} " if symbol in _SPACED else symbol


def _one_term(text: str) -> bool:
    """Is ``text`` read as one term after or before a slash (a name, a call, a bracketed whole
    with perhaps a power)?"""
    if re.fullmatch(r"[\w.²⁻¹|∂]+|[A-Za-z]*\([^()]*\)", text):
        return True
    if not text.startswith("("):
        return False
    depth = 0
    for k, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return re.fullmatch(r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]*", text[k + 1:]) is not None
    return False


def _fraction(match: re.Match) -> str:
    parts = [p if _one_term(p) else f"({p})" for p in match.groups()]
    return f"{parts[0]}/{parts[1]}"


def _subscript(match: re.Match) -> str:
    body = match.group(1).replace(" ", "")
    return body.translate(_SUBSCRIPT) if body.isdigit() or len(body) == 1 and body in _SUBSCRIPT_LETTERS \
        else f"_{body}"


# LaTeX rules as data (pattern, replacement), applied in order until nothing changes: the
# innermost braces first, so nested fractions and roots come out right
LATEX_TEXT_RULES: tuple[tuple[re.Pattern, object], ...] = (
    # size and style switches draw nothing (their names are no words of the formula)
    (re.compile(r"\\(?:textstyle|displaystyle|scriptstyle|left|right|big|Big|bigg|Bigg)(?![A-Za-z]) ?"), ""),
    (re.compile(r"\\(" + "|".join(sorted(_SYMBOLS, key=len, reverse=True)) + r")(?![A-Za-z]) ?"), _symbol),
    (re.compile(r"\\(?:mathcal|mathrm|mathit|mathbf|mathsf|operatorname|textrm|textit|textbf|text|mbox)"
                r"\{([^{}]*)\}"), r"\1"),
    (re.compile(r"\^\{(-?\d+)\}"), _superscript),
    (re.compile(r"\^(\d)"), _superscript),
    (re.compile(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}"), _fraction),
    (re.compile(r"\\[dt]?frac(\d)(\d)"), r"\1/\2"),
    (re.compile(r"\\sqrt\{([^{}]*)\}"), r"√(\1)"),
    (re.compile(r"_\{([^{}]*)\}"), _subscript),
    (re.compile(r"_(\d|[a-z](?![A-Za-z]))"), _subscript),       # p_i: pᵢ (a letter Unicode has)
    (re.compile(r"\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big)\b ?"), ""),
    (re.compile(r"\\[,;:!]"), " "),
    (re.compile(r"(?<![A-Za-z}\\])\{([^{}]*)\}"), r"\1"),   # a group, not a command's argument
)
# once nothing changes: an escaped character as itself, any other command as its name (\log: log)
_ESCAPED = re.compile(r"\\([{}%#&_$]|[A-Za-z]+)")


def latex_text(latex: str) -> str:
    """An author's LaTeX mathematics as Unicode text (for the terminal: never run, only read)."""
    for _ in range(8):
        before = latex
        for pattern, fix in LATEX_TEXT_RULES:
            latex = pattern.sub(fix, latex)
        if latex == before:
            break
    latex = re.sub(r"(?<=[(\[]) +| +(?=[)\]])", "", re.sub(r" {2,}", " ", latex))
    return _ESCAPED.sub(r"\1", latex)


def author_text(text: str) -> str:
    """Text with ``$...$`` mathematics (a justification, a note): the mathematics as Unicode."""
    return re.sub(r"\$([^$]+)\$", lambda m: latex_text(m.group(1)), text)


# the text around the mathematics of a statement typed in LaTeX
_TEXT_RULES = ((re.compile(r"\\([%&_#$])"), r"\1"), (re.compile(r"~|\\ "), " "))


def statement_text(latex: str) -> str | None:
    """A claim's statement typed in LaTeX (``statement_latex``) as Unicode text; None when it
    holds a table (the terminal shows the prose statement instead)."""
    if not latex or "\\begin{tabular}" in latex:
        return None
    text = author_text(latex)
    for pattern, fix in _TEXT_RULES:
        text = pattern.sub(fix, text)
    return text


def latex_form(latex: str, args: tuple = (), *, complements: bool = True) -> str:
    """A form written in LaTeX by a derivation's author (a printed step), as Unicode text; the
    ``{0}``, ``{1}``, ... slots hold mathematics computed by the toolkit, drawn on one line
    (``complements=False`` for a paper's printed form: its 1 - P(G) stays)."""
    if not args:
        return latex_text(latex)
    marks = [f"\x00{k}\x00" for k in range(len(args))]
    text = latex_text(latex.format(*marks))
    for mark, value in zip(marks, args):
        text = text.replace(mark, inline(value, complements=complements))
    return text
