"""The kinds of measure a user can write, as data: one frozen :class:`Kind` per row of
:data:`KINDS`.

What differs between kinds (the expression forms and the names each may use, the other
fields a measure may have, how a measure is built and looked up in its catalogue) lives in
its row, so adding a kind is adding a row.  A Kind carries no rendering: how a measure's
formula is displayed is :mod:`symmetric.render.formulas`' job.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sympy as sp

from ..errors import InputError, UnknownNameError
from ..measures import registry
from ..measures.base import Measure, Param
from ..parse import count_symbols, probability_symbols


def _quantification():
    """symmetric.quantification.check, imported when a quantification measure is read or looked
    up: a classification check never needs it (about 0.1 s of its start-up)."""
    from ..quantification import check
    return check


def _build_classification(name: str, form: str, expr: sp.Expr, params: tuple[Param, ...],
                          orientation: int, where: dict) -> Measure:
    return Measure(name, name, counts=expr if form == "counts" else None,
                   probs=expr if form == "probs" else None, params=params, orientation=orientation,
                   source="user input")


def _quantification_symbols() -> Mapping[str, sp.Expr]:
    return _quantification().SYMBOLS


def _build_quantification(name: str, form: str, expr: sp.Expr, params, orientation, where: dict):
    try:
        return _quantification().build_measure(expr, name, source=where.get("source"))
    except InputError as exc:               # point at the expression, not just the file
        raise InputError(exc.message, **where) from None


@dataclass(frozen=True)
class Form:
    """One way of writing a measure: its option / TOML key and the names it may use."""

    key: str                                              # "--KEY" on the command line, KEY in TOML
    description: str
    symbols: Callable[[], Mapping[str, sp.Basic]]


@dataclass(frozen=True)
class Kind:
    """Everything needed to read and look up one kind of measure."""

    name: str
    description: str
    forms: tuple[Form, ...]                               # exactly one is given per measure
    build: Callable[..., object]                          # (name, form key, expr, params, orientation, where)
    catalogue: Callable[[str], object]                    # name -> measure; UnknownNameError if unknown
    parameters: bool                                      # accepts --param / params
    orientation: bool                                     # accepts --lower-is-better / orientation

    def form(self, key: str) -> Form | None:
        return next((f for f in self.forms if f.key == key), None)

    def forms_text(self) -> str:
        return " or ".join(f"--{f.key}" for f in self.forms)

    def fields(self) -> set[str]:
        """The fields a [[measure]] table of this kind may have."""
        return ({"name", "kind", "catalogue"} | {f.key for f in self.forms}
                | ({"params"} if self.parameters else set())
                | ({"orientation"} if self.orientation else set()))


KINDS: dict[str, Kind] = {
    "classification": Kind(
        "classification",
        "binary classification / filtering: Amigo's SM, AW, NIFQ, NIGQ and "
        "Sebastiani's MON, CON, SDE, WDE, FIX, CHA, IMB, SYM",
        (Form("counts", "a count form", count_symbols),
         Form("probs", "a probability form", probability_symbols)),
        _build_classification, lambda name: registry.get(name, "classification"), parameters=True,
        orientation=True),
    "quantification": Kind(
        "quantification",
        "single-label quantification error measures: Sebastiani's IoI, NN, MAX, MON, IMP, REL, "
        "ABS, IND and the binary B-MON, B-IMP, B-REL, B-ABS",
        (Form("term", "a per-class term", _quantification_symbols),),
        _build_quantification, lambda name: _quantification().catalogue_measure(name), parameters=False,
        orientation=False),
}
FORM_KEYS = tuple(dict.fromkeys(f.key for k in KINDS.values() for f in k.forms))


def kind_named(name, **where) -> Kind:
    if not isinstance(name, str) or name.lower() not in KINDS:
        raise UnknownNameError("kind", str(name), list(KINDS), **where)
    return KINDS[name.lower()]


def owners(key: str) -> list[Kind]:
    """The kinds that have a form ``key``."""
    return [k for k in KINDS.values() if k.form(key)]


def misfit_form(kind: Kind, key: str, how: str) -> str:
    """Why the form ``key`` (an option or a TOML field) cannot describe a ``kind`` measure."""
    names = " or ".join(k.name for k in owners(key))
    return (f"{how} is for {names} measures, not {kind.name}; a {kind.name} measure is written with "
            + " or ".join(f"{'--' if how.startswith('--') else ''}{f.key}" for f in kind.forms))
