"""The papers whose claims symmetric checks, one module or package per paper.

:data:`PAPERS` is what the application registers with :mod:`symmetric.claims.registry`, in the
order ``symmetric list`` and ``latex_out/proofs.tex`` follow.  Each paper's module is imported
when it is first asked for: a claim's id starts with its paper's name, so `symmetric show ID`
imports one paper (:func:`paper_of`), not all four.
"""

from __future__ import annotations

import importlib

# paper name -> module, in the order of PAPERS
MODULES = {"amigo": "amigo", "sebastiani15": "sebastiani15", "lewis95": "lewis95", "quant": "quant"}


def paper_named(name: str):
    """The :class:`~symmetric.claims.Paper` called ``name`` (its module imported now)."""
    return importlib.import_module(f".{MODULES[name]}", __name__).PAPER


def paper_of(claim_id: str):
    """The paper a claim id names by its first component, or None when it names none."""
    name = claim_id.split(".", 1)[0]
    return paper_named(name) if name in MODULES else None


def __getattr__(attribute: str):
    if attribute == "PAPERS":
        return tuple(paper_named(name) for name in MODULES)
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
