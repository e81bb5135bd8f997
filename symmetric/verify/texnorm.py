"""LaTeX as appendices write it, reduced to the math the grammar reads (:mod:`.texgrammar`).

The passes remove what carries no mathematics (display environments, ``&``, ``\\nonumber``,
``\\label{..}``, ``\\tag{..}``, spacing, ``\\left``/``\\right``/``\\big`` sizes and the empty
delimiter ``\\left.``) and unwrap font macros around names (``\\mathrm{TP}``, ``\\texttt{\\textbf{TP}}``,
``\\operatorname{MCC}``).  Row breaks ``\\\\`` are kept: they separate the links of a chain.

Every character produced keeps the span of the original text it came from (:class:`Mapped`), so
an error is reported at its column in what the user wrote, and a link of a chain is shown as the
user printed it.  Nothing here evaluates anything: text is only cut and re-joined.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from dataclasses import dataclass

from ..errors import InputError

ENVIRONMENTS = ("align", "align*", "aligned", "alignat", "alignat*", "alignedat", "split", "gather", "gather*",
                "gathered", "multline", "multline*", "eqnarray", "eqnarray*", "equation", "equation*",
                "displaymath", "math", "flalign", "flalign*", "array")
# an environment's optional argument, alignat's column count, and an array's column spec ({rcl})
_ENV = re.compile(r"\\(?P<which>begin|end)\s*\{(?P<env>[^{}]*)\}"
                  r"(?:\s*\[[^\]]*\]|\s*\{\d+\}|(?<=\{array\})\s*\{[lcr|\s]*\})?")
_DROP = re.compile(r"(?P<row>\\\\(?:\s*\[[^\]]*\])?|\\cr(?![A-Za-z]))"
                   r"|\\(?:label|tag\*?|eqref|ref)\s*\{[^{}]*\}|\\(?:nonumber|notag|displaystyle|textstyle)(?![A-Za-z])"
                   r"|\\(?:left|right|middle|[bB]igg?[lrm]?)(?![A-Za-z])\s*\.?"
                   r"|\\(?:enspace|thinspace|medspace|thickspace)(?![A-Za-z])|\\[,;:! >]|~|&")
# two or more medium spaces in a row ("P = ... \\;\\; R = ..."): a wide space, which separates two
# relations as \\quad does (a single one, or \\, in "2\\,TP", is only space)
SPACE_RUN = re.compile(r"(?:(?:\\[;:> ]|~|\\(?:enspace|medspace|thickspace)(?![A-Za-z]))\s*){2,}")
# a definition's sign is an equality to check or a name to define (verify/paper.py decides which)
DEFINES = (r":=|\\(?:coloneqq|triangleq|equiv)(?![A-Za-z])"
           r"|\\(?:stackrel|overset)\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{\s*=\s*\}")
_DEFINES = re.compile(DEFINES)
FONTS = ("mathrm", "mathit", "mathbf", "mathsf", "mathnormal", "mathtt", "textbf", "texttt", "textit", "textrm",
         "textsf", "textnormal", "operatorname", "boldsymbol", "bm", "text", "mbox", "hbox")
PROSE = ("text", "textrm", "mbox", "hbox", "textnormal", "textit")     # may hold words, not a name
_FONT = re.compile(r"\\(?P<font>" + "|".join(sorted(FONTS, key=len, reverse=True))
                   + r")(?![A-Za-z])\*?\s*\{(?P<inner>[^{}]*)\}")


@dataclass(frozen=True)
class Mapped:
    """Text and, for each of its characters, the span of the original text it stands for."""

    text: str
    spans: tuple[tuple[int, int], ...]
    original: str

    @classmethod
    def of(cls, text: str) -> "Mapped":
        return cls(text, tuple((i, i + 1) for i in range(len(text))), text)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of ``text[start:end]``."""
        if not self.spans:
            return 0, 0
        start = min(start, len(self.spans) - 1)
        end = max(min(end, len(self.spans)), start + 1)
        return self.spans[start][0], max(s[1] for s in self.spans[start:end])

    def column(self, at: int) -> int:
        """1-based column in the original text of character ``at`` (the end: after the last)."""
        return (self.spans[at][0] if at < len(self.spans) else len(self.original)) + 1

    def sub(self, pattern: re.Pattern, replace: Callable[[re.Match], str | None]) -> "Mapped":
        """Each match replaced by ``replace(match)`` (None keeps it); a replacement stands for the
        whole match."""
        out, spans, i = [], [], 0
        for m in pattern.finditer(self.text):
            new = replace(m)
            if new is None:
                continue
            out.append(self.text[i:m.start()])
            spans.extend(self.spans[i:m.start()])
            out.append(new)
            spans.extend([self.span(m.start(), m.end())] * len(new))
            i = m.end()
        out.append(self.text[i:])
        spans.extend(self.spans[i:])
        return Mapped("".join(out), tuple(spans), self.original)


def _environment(m: re.Match, mapped: Mapped) -> str:
    if m.group("env").strip() not in ENVIRONMENTS:
        raise InputError(f"unknown environment {m.group('env')!r} (read: {', '.join(ENVIRONMENTS)})",
                         column=mapped.column(m.start()))
    return " "


def _padded(text: str, m: re.Match, inner: str) -> str:
    """``inner`` with a space where it would glue to a macro or a name around it
    (``\\cdot\\mathrm{TPR}`` must not become ``\\cdotTPR``)."""
    before = text[m.start() - 1] if m.start() else " "
    after = text[m.end()] if m.end() < len(text) else " "
    return (" " if before.isalnum() else "") + inner + (" " if after.isalnum() else "")


def normalise(text: str, spellings: Container[str]) -> Mapped:
    """``text`` reduced as the module doc says; a prose ``\\text{...}`` (not a name of
    ``spellings``) is kept for the grammar, which reads it as a qualifier."""
    mapped = Mapped.of(text)
    mapped = mapped.sub(_ENV, lambda m: _environment(m, mapped))
    mapped = mapped.sub(_DEFINES, lambda m: " = ")
    mapped = mapped.sub(SPACE_RUN, lambda m: " \\quad ")
    mapped = mapped.sub(_DROP, lambda m: "\\\\" if m.group("row") else " ")
    for _ in range(4):                          # nested fonts, innermost first
        current = mapped

        def unwrap(m: re.Match) -> str | None:
            inner = m.group("inner").strip()
            if m.group("font") in PROSE and re.sub(r"\s+", "", inner) not in spellings:
                return None
            return _padded(current.text, m, inner)
        mapped = current.sub(_FONT, unwrap)
        if mapped.text == current.text:
            break
    return _set_notation(mapped)


# the set notation of probabilistic papers (Amigo et al.): \mathcal{S} the output, \mathcal{G} the
# gold standard; |X| is a count of items, M(\mathcal{S}) the measure M of the output
_CALLIGRAPHIC = re.compile(r"\\mathcal\s*\{\s*(?P<set>[SG])\s*\}|\\mathcal\s+(?P<bare>[SG])(?![A-Za-z])")
_SET = r"(?:\\neg\s*)?[SG]"
_CARDINALITY = re.compile(rf"(?:\\[lv]vert|\\vert|\|)\s*(?P<a>{_SET})(?:\s*\\cap\s*(?P<b>{_SET}))?\s*(?:\\[rv]vert|\\vert|\|)")
_OF_OUTPUT = re.compile(r"(?<![A-Za-z0-9\\])(?P<name>\\?[A-Za-z][A-Za-z0-9]*)\s*\(\s*S\s*\)")
_RATE = re.compile(r"(?<![A-Za-z\\])(?P<cell>TP|FP|TN|FN)\s*_\s*(?:\{\s*rate\s*\}|rate)(?![A-Za-z])")
# |X| of one set or of the intersection of two: the cells it counts
_CELLS = {frozenset({"S", "G"}): "TP", frozenset({"S", "\\neg G"}): "FP", frozenset({"\\neg S", "G"}): "FN",
          frozenset({"\\neg S", "\\neg G"}): "TN"}
_ONE_SET = {"S": "(TP + FP)", "\\neg S": "(FN + TN)", "G": "(TP + FN)", "\\neg G": "(FP + TN)"}


def _cardinality(m: re.Match) -> str | None:
    sets = ["\\neg " + x[-1] if x.startswith("\\neg") else x for x in (m.group("a"), m.group("b")) if x]
    if len(sets) == 1:
        return " " + _ONE_SET[sets[0]] + " "
    cell = _CELLS.get(frozenset(sets))
    return None if cell is None else f" {cell} "


def _set_notation(mapped: Mapped) -> Mapped:
    """``\\mathcal{S}`` as ``S``; ``|\\neg G|``, ``|S \\cap G|`` as the cells they count;
    ``M(S)`` (a name other than P or \\Pr applied to the output) as ``M``; ``TP_{rate}`` as ``TPR``."""
    mapped = mapped.sub(_CALLIGRAPHIC, lambda m: m.group("set") or m.group("bare"))
    mapped = mapped.sub(_CARDINALITY, _cardinality)
    mapped = mapped.sub(_OF_OUTPUT, lambda m: None if m.group("name") in ("P", "Pr", "\\Pr") else m.group("name"))
    return mapped.sub(_RATE, lambda m: m.group("cell") + "R")


_CLEAN = re.compile(r"\\\\(?:\s*\[[^\]]*\])?|\\(?:label|tag\*?)\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![A-Za-z])|&")


def printed_slice(original: str, start: int, end: int) -> str:
    """The user's text of one link, without alignment marks, labels and row breaks."""
    return re.sub(r"\s+", " ", _CLEAN.sub(" ", original[start:end])).strip()
