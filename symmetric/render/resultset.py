"""What :func:`symmetric.check` returns: the property results as a tuple (iterable, indexable,
unpackable as before) that a notebook shows as ONE table and a console as one line per verdict,
never as a wall of dataclass reprs."""

from __future__ import annotations

from . import pretty
from . import text as text_render
from .matrix import reading_label


class CheckResults(tuple):
    """The results of one :func:`symmetric.check` call, in the driver's order (each property's
    headline reading first).  ``readings`` says which readings were asked for, for the caption."""

    def __new__(cls, results, readings: str = ""):
        made = super().__new__(cls, results)
        made.readings = readings
        return made

    def _repr_html_(self) -> str:
        from .jupyter import results_html
        return results_html(self, caption=self.caption())

    def caption(self) -> str:
        return "* the headline reading (the one the paper's own verdicts imply)" + (
            f"; {self.readings}" if self.readings else "") + "; — : the property has no reading axes"

    def __repr__(self) -> str:
        if not self:
            return "CheckResults()"
        lines = [f"CheckResults: {len(self)} verdicts ({self.caption()})"]
        by_measure: dict[str, list] = {}
        for r in self:
            by_measure.setdefault(r.measure, []).append(r)
        for rs in by_measure.values():
            seen = set()
            for r, why in zip(rs, text_render.short_reasons(rs, pretty.inline)):
                star = "" if r.property in seen else " *"
                seen.add(r.property)
                lines.append(f"  {r.measure} {r.property} ({reading_label(r)}{star}): {r.verdict.value}"
                             + (f" -- {why}" if why else ""))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle) -> None:
        """IPython's console and a notebook's text/plain: the same lines as :meth:`__repr__`."""
        printer.text(repr(self))
