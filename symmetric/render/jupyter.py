"""LaTeX for Jupyter (``_repr_latex_``): measures, property results and claim results.

Jupyter typesets text/latex output with MathJax, which knows mathematics but no LaTeX text
commands or paragraphs: each result is one display, an array of lines, prose in ``\\text{}``
and every formula through the one notation table.  Registered by type with the ground floor's
:func:`symmetric.evidence.latex_of` (functools.singledispatch) when this module is loaded.
"""

from __future__ import annotations

from ..claims.model import ClaimResult
from ..evidence import PropertyResult, Slot, as_sentence, latex_of
from ..measures.base import Measure
from ..quantification.measures import QuantMeasure
from . import formulas
from .latex import math, tex_math
from .notation import to_latex


_TEXT_SPECIAL = {"\\": "/", "{": "(", "}": ")", "$": "", "#": "no.", "%": " percent", "&": "and",
                 "_": " ", "^": "**"}


def _text(prose: str) -> str:
    """Plain prose inside \\text{} (an author's $...$ mathematics kept as mathematics)."""
    pieces = prose.split("$")
    out = []
    for k, piece in enumerate(pieces):
        if k % 2 and k < len(pieces) - 1:
            out.append(piece)                       # an author's inline mathematics
        elif piece:
            out.append(r"\text{" + "".join(_TEXT_SPECIAL.get(c, c) for c in piece) + "}")
    return "".join(out)


def _prose(value) -> str:
    if not value:
        return ""
    if isinstance(value, (tuple, list)):
        return r"\ ".join(_prose(v) for v in value if v)
    return "".join(math(part.value) if isinstance(part, Slot) else _text(part)
                   for part in as_sentence(value).parts())


def _display(lines) -> str:
    return "$$\\begin{array}{l}" + " \\\\\n".join(line for line in lines if line) + "\\end{array}$$"


def measure(m) -> str:
    return rf"$$\mathrm{{{m.name}}} = {to_latex(m.count_form)}$$"


def quant_measure(m) -> str:
    return _display([_text(f"{m.name}: ") + _text(formulas.formula("quantification", m))])


def property_result(r) -> str:
    lines = [_text(f"{r.property} of {r.measure}: {r.verdict.value}.")]
    lines += [_prose(line) for line in r.proof]
    if r.reason:
        lines.append("Why: " + _prose(r.reason))
    if r.counterexample is not None:
        cx = r.counterexample
        named = [_text(f"{k} ") + f"= {math(v)}" for k, v in (*cx.tables, *cx.point, *cx.values)]
        lines.append(_text("Counterexample: ") + r"\text{; }".join(named))
    return _display(lines)


def claim_result(r) -> str:
    lines = [_text(f"{r.id} ({r.where}): {r.verdict.value}."), _text(r.statement)]
    for k, s in enumerate(r.steps, 1):
        shown = s.derived if s.derived is not None else s.printed
        lines.append(_text(f"{k}. [{s.status.value}] ") + _prose(s.label)
                     + (r"\text{: }" + tex_math(shown) if shown is not None else ""))
    lines.append(_text("Conclusion: ") + _prose(r.conclusion))
    return _display(lines)


for _cls, _render in ((Measure, measure), (QuantMeasure, quant_measure),
                      (PropertyResult, property_result), (ClaimResult, claim_result)):
    latex_of.register(_cls, _render)
