"""A printed relation in LaTeX, read by a grammar of our own (:mod:`.texgrammar`), never eval.

Three passes: :func:`.texnorm.normalise` removes what carries no mathematics (environments,
``&``, labels, tags, spacing, bracket sizes) and unwraps font macros around names; the rewriter
here turns every name the claim may use (``TP``, ``F_1`` for ``F1``, ``F_\\beta``, ``P(S|G)``,
``P(\\neg\\mathcal{S} \\mid \\mathcal{G})``, ``\\Pr(S \\mid G)``, a parameter, ``\\lambda``,
``\\kappa`` ...) and every ``\\frac{\\partial A}{\\partial B}`` of known names into a placeholder
``@k@``; the grammar reads the rest.  Every character keeps the span of the text it came from,
so an error is reported at its column in the file, and each link of a chain is shown as printed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

import sympy as sp

from .. import space
from ..errors import InputError
from . import texgrammar
from .texinterval import membership
from .texnorm import Mapped, normalise

_GOLD = r"(?:\\mathcal\s*\{\s*G\s*\}|G)"
_SYSTEM = r"(?:\\mathcal\s*\{\s*S\s*\}|S)"
_NEG = r"(?:\\neg\s*|\\lnot\s*|not\s+|\\overline\s*|\\bar\s*|~)"
_EVENT = rf"(?P<neg@>{_NEG})?\{{?\s*(?P<ev@>{_GOLD}|{_SYSTEM})\s*\}}?"
_BAR = r"\s*(?:\||\\mid|\\vert)\s*"
_AND = r"\s*(?:\\wedge|\\cap|\\land|,|and)\s*"
_PROB = re.compile(rf"(?:\\Pr|P)\s*(?:\\left)?\(\s*{_EVENT.replace('@', '1')}(?:(?P<op>{_BAR}|{_AND}){_EVENT.replace('@', '2')})?\s*(?:\\right)?\)")
_PARTIAL = re.compile(r"\\[dt]?frac\s*\{\s*\\partial\s*(?P<of>(?:[^{}]|\{[^{}]*\})+?)\s*\}\s*"
                      r"\{\s*\\partial\s*(?P<wrt>(?:[^{}]|\{[^{}]*\})+?)\s*\}")


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
        if m.group(2) in GREEK:                  # F_beta printed F_\beta, F_{\beta}
            out += [f"{m.group(1)}_\\{m.group(2)}", f"{m.group(1)}_{{\\{m.group(2)}}}"]
    if name in GREEK:
        out.append("\\" + name)
    return out


GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "lambda", "mu", "theta", "kappa", "rho", "sigma", "tau",
         "omega", "phi", "psi", "eta", "xi", "zeta", "nu"}


def _unbraced(text: str) -> str:
    """``{F_1}`` as ``F_1`` (one outer pair of braces), ``F_{1}`` kept."""
    text = text.strip()
    return text[1:-1].strip() if re.fullmatch(r"\{[^{}]*\}", text) else text


@functools.lru_cache(maxsize=16)
def _spelled(names: tuple[tuple[str, sp.Basic], ...]) -> tuple[dict[str, sp.Basic], re.Pattern, frozenset]:
    """Every spelling of the names, the pattern that finds them and the measures' placeholders,
    built once per set of names
    (a file's claims share theirs: built for every step, it was most of reading 5000 claims).
    The dict is never changed by its users."""
    spelled = sorted(((sp_, value) for name, value in names if not name.startswith("P(")
                      for sp_ in _spellings(name)), key=lambda kv: -len(kv[0]))
    by_spelling = dict(spelled)
    alternatives = "|".join(re.escape(s) for s in by_spelling)
    pattern = re.compile(
        rf"(?P<partial>{_PARTIAL.pattern})|(?P<prob>{_PROB.pattern})"
        + (rf"|(?<![A-Za-z\\])(?P<bare>{alternatives})(?![A-Za-z0-9])" if alternatives else ""))
    measures = frozenset(v for _, v in names if isinstance(v, sp.Symbol) and v.name.startswith("measure:"))
    return by_spelling, pattern, measures


class _Rewriter:
    """The text with names as placeholders ``@k@`` (characters the grammar cannot confuse with a
    macro or a name, so ``\\cdot\\mathrm{TPR}`` stays two tokens), spans kept (:class:`Mapped`)."""

    def __init__(self, names: Mapping[str, sp.Basic]) -> None:
        self.values: list[sp.Basic] = []
        self.by_spelling, self.pattern, self.measures = _spelled(tuple(names.items()))

    def name(self, text: str, at: int, mapped: Mapped) -> sp.Basic:
        key = re.sub(r"\s+", "", text)
        if key in self.by_spelling:
            return self.by_spelling[key]
        raise InputError(f"unknown name {text.strip()!r} in LaTeX", column=mapped.column(at))

    def replace(self, m: re.Match, mapped: Mapped) -> str:
        if m.group("partial"):
            of = self.name(_unbraced(m.group("of")), m.start("of"), mapped)
            wrt = self.name(_unbraced(m.group("wrt")), m.start("wrt"), mapped)
            if not isinstance(wrt, sp.Symbol):
                raise InputError(f"cannot differentiate with respect to {m.group('wrt')!r}",
                                 column=mapped.column(m.start("wrt")))
            value = sp.Derivative(of, wrt, evaluate=False)
        elif m.group("prob"):
            value = _prob_atom(m)
        else:
            value = self.by_spelling[m.group("bare")]
        self.values.append(value)
        return f" @{len(self.values)}@ "

    def run(self, mapped: Mapped) -> Mapped:
        clash = re.search(r"@", mapped.text)          # the placeholders' own spelling
        if clash:
            raise InputError("unexpected character '@' in LaTeX", column=mapped.column(clash.start()))
        return mapped.sub(self.pattern, lambda m: self.replace(m, mapped))


def _exact(expr: sp.Basic) -> sp.Basic:
    """Floats the parser made from decimals, as the exact rationals that were written."""
    return expr.xreplace({f: sp.Rational(str(f)) for f in expr.atoms(sp.Float)})


def read_latex(text: str, names: Mapping[str, sp.Basic], previous: sp.Expr | None = None) -> texgrammar.Reading:
    """``text`` (a relation, a chain, rows of an aligned display) as its links, the conditions
    of its ``\\text{if ...}`` qualifiers and the qualifiers ignored; InputError with the column in
    ``text`` otherwise.  ``previous``: the last expression of the display before, which a text
    starting with a relation continues (``= \\lim ...`` in a paper)."""
    _bounded(text)
    rewriter = _Rewriter(names)
    mapped = rewriter.run(normalise(text, rewriter.by_spelling))
    measures = rewriter.measures
    parser = texgrammar.Parser(mapped, rewriter.values, measures)
    toks = texgrammar.tokens(mapped)
    links, conditions, ignored = [], [], []
    previous = None if previous is None else (previous, 0)
    for row in texgrammar.split_rows(toks, _is_relation, lambda tok, message: parser.error(message, tok)):
        parser.toks, parser.i, parser.abs_depth = [*row, _end(row)], 0, 0
        while parser.is_("text"):                            # \text{hence} before the relation
            ignored.append(parser.take().text.strip())
        new, previous = _chain(parser, previous if parser.relation() is not None else None)
        links.extend(new)
        while (more := _qualifier(parser, conditions, ignored)) is not None:
            # "a = b, \\quad c = d": a second relation on the row, a chain of its own
            parser.toks, parser.i = [*more, _end(more)], 0
            new, previous = _chain(parser, None)
            links.extend(new)
    if not links:
        raise InputError("a LaTeX step must be a relation (=, \\neq, <, >, \\leq, \\geq)", column=1)
    fix = [texgrammar.Link(_exact(k.lhs), k.rel, _exact(k.rhs), *mapped.span(k.start, k.end), k.part) for k in links]
    conds = [texgrammar.Link(_exact(k.lhs), k.rel, _exact(k.rhs), *mapped.span(k.start, k.end)) for k in conditions]
    return texgrammar.Reading(tuple(fix), tuple(conds), tuple(i for i in ignored if i))


def read_expression(text: str, names: Mapping[str, sp.Basic]) -> sp.Expr:
    """``text`` as one expression (the right side of a paper's definition)."""
    _bounded(text)
    rewriter = _Rewriter(names)
    mapped = rewriter.run(normalise(text, rewriter.by_spelling))
    measures = rewriter.measures
    parser = texgrammar.Parser(mapped, rewriter.values, measures)
    toks = [t for t in texgrammar.tokens(mapped) if t.kind != "row"]
    while len(toks) > 1 and toks[-2].kind == "punct" and toks[-2].text in ".,;":
        toks.pop(-2)                                           # trailing punctuation
    parser.toks = toks
    value = parser.expr()
    if parser.peek().kind != "end":
        raise parser.error(f"unexpected {parser.shown(parser.peek())} in a definition")
    return _exact(value)


MAX_LATEX_CHARS = 20_000      # a display of a paper is a few hundred characters


def _bounded(text: str) -> None:
    if len(text) > MAX_LATEX_CHARS:
        raise InputError(f"the LaTeX is {len(text)} characters long (at most {MAX_LATEX_CHARS} are read)", column=1)


# relations a paper writes for a value it rounds or a rate it compares: never read as = or <
APPROXIMATE = ("approx", "simeq", "sim", "propto", "cong", "asymp", "thickapprox", "eqsim", "lesssim", "gtrsim")


def _is_relation(tok: texgrammar.Tok) -> bool:
    return tok.kind == "rel" or (tok.kind == "macro" and (tok.text[1:] in texgrammar.RELATION_MACROS
                                                          or tok.text == "\\in"))


def _chain(parser: texgrammar.Parser, previous):
    """A chain's links, and the bounds of the interval it ends in (``... \\in [0, 1]``)."""
    links, previous = parser.chain(previous)
    if parser.is_("macro", "\\in"):
        links = [*links, *membership(parser, previous)]
    return links, previous


def _end(row: list) -> texgrammar.Tok:
    at = row[-1].end if row else 0
    return texgrammar.Tok("end", "", at, at)


def _qualifier(parser: texgrammar.Parser, conditions: list, ignored: list) -> list | None:
    """What follows a row's chain: punctuation, a condition, or prose (ignored and reported);
    after a comma or a \\quad, another relation (returned: its tokens, read as a new chain)."""
    rest = parser.rest_of_row()
    while rest and (rest[-1].kind == "sep" or (rest[-1].kind == "punct" and rest[-1].text in ".,;")):
        rest.pop()
    separated = False
    while rest and (rest[0].kind == "sep" or (rest[0].kind == "punct" and rest[0].text in ",;")):
        rest.pop(0)
        separated = True
    if not rest:
        return None
    if rest[0].kind != "text":
        if separated and any(_is_relation(t) for t in rest):
            return rest
        if rest[0].kind == "macro" and rest[0].text[1:] in APPROXIMATE:
            raise parser.error(f"{rest[0].text} is an approximate relation, which is not checked (=, <, \\le "
                               "and the other exact relations are)", rest[0])
        if rest[0].kind == "macro" and rest[0].text == "\\%":
            raise parser.error("a percentage (\\%) is not read: write the value as a fraction (100\\% = 1)", rest[0])
        raise parser.error(f"unexpected {parser.shown(rest[0])} after the relation in LaTeX", rest[0])
    word = re.sub(r"\s+", " ", rest[0].text).strip().lower()
    body = rest[1:]
    if word not in texgrammar.CONDITION_WORDS or not body:
        ignored.append(" ".join([rest[0].text.strip(), *(t.text for t in body)]).strip())
        return
    segments, current = [], []
    for tok in body:                 # "TP, FN > 0", "TP > FP \text{and} TN > FN"
        if (tok.kind == "punct" and tok.text in ",;") or tok.kind == "text":
            segments.append(current)
            current = []
        else:
            current.append(tok)
    segments.append(current)
    pending = []
    for seg in (s for s in segments if s):
        parser.toks, parser.i = [*seg, _end(seg)], 0
        new, _ = parser.chain(None)
        if parser.peek().kind != "end":
            raise parser.error(f"unexpected {parser.shown(parser.peek())} in the condition")
        if not new:
            pending.append(seg)          # a name of a list: takes the relation that follows
            continue
        for name in pending:
            parser.toks, parser.i = [*name, _end(name)], 0
            lhs = parser.expr()
            conditions.append(texgrammar.Link(lhs, new[0].rel, new[0].rhs, name[0].start, name[-1].end))
        pending = []
        conditions.extend(new)
    if pending:
        raise parser.error("a condition must be a relation (if TP > FP)", pending[0][0])


def parse_latex_relation(text: str, names: Mapping[str, sp.Basic]) -> tuple[sp.Expr, str, sp.Expr]:
    """One relation ``A = B`` as (lhs, relation, rhs); a chain or a condition is refused here
    (:func:`read_latex` reads them)."""
    reading = read_latex(text, names)
    if len(reading.links) != 1 or reading.conditions:
        raise InputError("expected one relation", column=1)
    link = reading.links[0]
    return link.lhs, link.rel, link.rhs
