"""A printed relation in LaTeX, parsed by sympy's LaTeX parser (the lark backend), never eval.

sympy's grammar reads one-letter symbols (``TP`` would be T times P) and knows neither the
project's notation nor partial derivatives in fraction form, so the text is first rewritten:
every name the claim may use (``TP``, ``\\mathrm{TP}``, ``F_1`` for ``F1``, ``P(S|G)``,
``P(\\neg\\mathcal{S} \\mid \\mathcal{G})``, a parameter, ``\\lambda`` ...) and every
``\\frac{\\partial A}{\\partial B}`` of known names becomes a placeholder symbol ``x_{k}``;
after parsing, the placeholders are replaced by what they stand for.  The rewrite keeps, for
each character it produces, the offset it came from, so a parse error or a macro the parser
does not know is reported at its column in the file.

Constructs that parse (:data:`MACROS`): ``+ - * / ^``, juxtaposition, ``\\frac \\dfrac \\tfrac``,
``\\cdot \\times``, ``\\sqrt``, ``\\log \\ln \\exp``, ``\\min \\max``, ``|x|``, ``\\left
\\right``, the relations ``= \\neq \\ne < > \\leq \\le \\geq \\ge``, spacing (``\\, \\; \\quad``),
and the names above.  Decimal numbers are read as exact rationals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import sympy as sp
from sympy.core.function import AppliedUndef

from .. import space
from ..errors import InputError

MACROS = frozenset({"frac", "dfrac", "tfrac", "cdot", "times", "sqrt", "log", "ln", "exp", "min", "max", "left",
                    "right", "leq", "le", "geq", "ge", "neq", "ne", "lt", "gt", "quad", "qquad"})
_SPACING = re.compile(r"\\[,;:! ]|\\quad\b|\\qquad\b|~")
_WRAP = r"(?:\\(?:mathrm|mathit|text|textit|operatorname|mathsf|mathbf)\s*\{\s*(?P<wrapped>[^{}]*?)\s*\})"
_GOLD = r"(?:\\mathcal\s*\{\s*G\s*\}|G)"
_SYSTEM = r"(?:\\mathcal\s*\{\s*S\s*\}|S)"
_NEG = r"(?:\\neg\s*|\\lnot\s*|not\s+|\\overline\s*|\\bar\s*|~)"
_EVENT = rf"(?P<neg@>{_NEG})?\{{?\s*(?P<ev@>{_GOLD}|{_SYSTEM})\s*\}}?"
_BAR = r"\s*(?:\||\\mid|\\vert)\s*"
_AND = r"\s*(?:\\wedge|\\cap|\\land|,|and)\s*"
_PROB = re.compile(rf"P\s*(?:\\left)?\(\s*{_EVENT.replace('@', '1')}(?:(?P<op>{_BAR}|{_AND}){_EVENT.replace('@', '2')})?\s*(?:\\right)?\)")
_PARTIAL = re.compile(r"\\[dt]?frac\s*\{\s*\\partial\s*(?P<of>[^{}]+?|\{[^{}]*\})\s*\}\s*"
                      r"\{\s*\\partial\s*(?P<wrt>[^{}]+?|\{[^{}]*\})\s*\}")


def _event(neg: str | None, ev: str):
    gold = "G" in ev and "S" not in ev
    base = space.G if gold else space.S
    return space.COMPLEMENT[base] if neg else base


def _prob_atom(m: re.Match) -> sp.Expr:
    x = _event(m.group("neg1"), m.group("ev1"))
    if m.group("ev2") is None:
        return space.Pr(x)
    y = _event(m.group("neg2"), m.group("ev2"))
    if re.fullmatch(_BAR, m.group("op")):
        return space.Pr(x, y)
    system, gold = (x, y) if x in space.SYSTEM_EVENTS else (y, x)
    return space.Joint(system, gold)


def _spellings(name: str) -> list[str]:
    """How a name may be printed: ``F1`` also as ``F_1`` / ``F_{1}``, ``lambda`` as ``\\lambda``."""
    out = [name]
    m = re.fullmatch(r"([A-Za-z]+)_?\{?([A-Za-z0-9]+)\}?", name)
    if m and not name.isalpha():
        out += [f"{m.group(1)}_{m.group(2)}", f"{m.group(1)}_{{{m.group(2)}}}"]
    if name in GREEK:
        out.append("\\" + name)
    return out


GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "lambda", "mu", "theta", "kappa", "rho", "sigma", "tau",
         "omega", "phi", "psi", "eta", "xi", "zeta", "nu"}


def _letters(k: int) -> str:
    """1 -> a, 26 -> z, 27 -> ba, ...: sympy's grammar takes letters, not digits, in a
    multi-character subscript."""
    out = ""
    while True:
        k, r = divmod(k, 26)
        out = "abcdefghijklmnopqrstuvwxyz"[r] + out
        if k == 0:
            return out


class _Rewriter:
    """The text with names as placeholders; ``offsets[i]`` is where output char i came from."""

    def __init__(self, text: str, names: Mapping[str, sp.Basic]) -> None:
        self.text = text
        self.values: list[sp.Basic] = []
        self.out: list[str] = []
        self.offsets: list[int] = []
        spelled = sorted(((sp_, value) for name, value in names.items() if not name.startswith("P(")
                          for sp_ in _spellings(name)), key=lambda kv: -len(kv[0]))
        self.by_spelling = dict(spelled)
        alternatives = "|".join(re.escape(s) for s in self.by_spelling)
        self.pattern = re.compile(
            rf"(?P<partial>{_PARTIAL.pattern})|(?P<prob>{_PROB.pattern})|{_WRAP}"
            + (rf"|(?<![A-Za-z\\])(?P<bare>{alternatives})(?![A-Za-z0-9])" if alternatives else ""))

    def placeholder(self, value: sp.Basic, start: int, end: int) -> None:
        self.values.append(value)
        token = f"x_{{{_letters(len(self.values))}}}"
        self.out.append(token)
        self.offsets.extend([start] * len(token))

    def name(self, text: str, at: int) -> sp.Basic:
        key = re.sub(r"\s+", "", text)
        if key in self.by_spelling:
            return self.by_spelling[key]
        raise InputError(f"unknown name {text!r} in LaTeX", column=at + 1)

    def run(self) -> tuple[str, list[int]]:
        text, i = self.text, 0
        clash = re.search(r"x_", text)          # the placeholders' own spelling
        if clash:
            raise InputError("unknown symbol x_... in LaTeX", column=clash.start() + 1)
        for m in self.pattern.finditer(text):
            self.out.append(text[i:m.start()])
            self.offsets.extend(range(i, m.start()))
            if m.group("partial"):
                of = self.name(m.group("of").strip("{} "), m.start("of"))
                wrt = self.name(m.group("wrt").strip("{} "), m.start("wrt"))
                if not isinstance(wrt, sp.Symbol):
                    raise InputError(f"cannot differentiate with respect to {m.group('wrt')!r}",
                                     column=m.start("wrt") + 1)
                value = sp.Derivative(of, wrt, evaluate=False)
            elif m.group("prob"):
                value = _prob_atom(m)
            elif m.group("wrapped") is not None:
                value = self.name(m.group("wrapped"), m.start("wrapped"))
            else:
                value = self.by_spelling[m.group("bare")]
            self.placeholder(value, m.start(), m.end())
            i = m.end()
        self.out.append(text[i:])
        self.offsets.extend(range(i, len(text) + 1))
        return "".join(self.out), self.offsets


def _exact(expr: sp.Basic) -> sp.Basic:
    """Floats the parser made from decimals, as the exact rationals that were written."""
    return expr.xreplace({f: sp.Rational(str(f)) for f in expr.atoms(sp.Float)})


_RELATIONS = {sp.Eq: "=", sp.Ne: "!=", sp.Lt: "<", sp.Le: "<=", sp.Gt: ">", sp.Ge: ">="}


def parse_latex_relation(text: str, names: Mapping[str, sp.Basic]) -> tuple[sp.Expr, str, sp.Expr]:
    """``text`` (a relation ``A = B``, ``A \\leq B``, ...) as (lhs, relation, rhs), the
    placeholders replaced by ``names``' values; InputError with the column in ``text`` otherwise."""
    rewriter = _Rewriter(text, names)
    rewritten, offsets = rewriter.run()
    rewritten = _SPACING.sub(lambda m: " " * len(m.group()), rewritten)
    for m in re.finditer(r"\\([A-Za-z]+)", rewritten):
        if m.group(1) not in MACROS:
            raise InputError(f"unknown LaTeX macro \\{m.group(1)} (known: "
                             + ", ".join("\\" + k for k in sorted(MACROS)) + ", and the names of the claim)",
                             column=offsets[m.start()] + 1)
    for m in re.finditer(r"(?<![A-Za-z\\_{])([A-Za-z]+)(?![A-Za-z_])", rewritten):
        # letters left over are a name the claim does not know (its names became placeholders)
        if not re.search(r"\\[A-Za-z]*$", rewritten[:m.start()]):
            raise InputError(f"unknown symbol {m.group(1)!r} in LaTeX", column=offsets[m.start()] + 1)
    from sympy.parsing.latex import parse_latex   # loads lark only when a LaTeX step exists
    try:
        parsed = parse_latex(rewritten, backend="lark")
    except Exception as exc:  # noqa: BLE001 - lark's errors (several classes) are the user's syntax error
        column = getattr(exc, "column", None)
        at = offsets[min(column - 1, len(offsets) - 1)] + 1 if isinstance(column, int) and column > 0 else 1
        raise InputError(f"cannot parse the LaTeX: {str(exc).splitlines()[0]}", column=at) from None
    if not isinstance(parsed, sp.Basic):
        raise InputError("ambiguous LaTeX: write a product before parentheses with \\cdot (TP \\cdot (1 - FN)), "
                         "and a function's argument in parentheses (\\ln(x) + y)", column=1)
    if parsed.atoms(AppliedUndef):
        raise InputError("a name followed by parentheses reads as a function call; write the product with \\cdot",
                         column=1)
    values = {sp.Symbol(f"x_{{{_letters(k)}}}"): v for k, v in enumerate(rewriter.values, 1)}
    unknown = sorted(str(s) for s in parsed.free_symbols if s not in values)
    if unknown:
        raise InputError(f"unknown symbol {unknown[0]!r} in LaTeX", column=1)
    if type(parsed) not in _RELATIONS:
        raise InputError("a LaTeX step must be a relation (=, \\neq, <, >, \\leq, \\geq)", column=1)
    # each side on its own: the relation rebuilt would evaluate (a true identity becomes True)
    return _exact(parsed.lhs).xreplace(values), _RELATIONS[type(parsed)], _exact(parsed.rhs).xreplace(values)
