"""How symbols print in LaTeX: one table, used by every renderer."""

from __future__ import annotations

import sympy as sp

_EXTRA: dict[sp.Symbol, str] = {}


def register_latex_names(names: dict) -> None:
    """Let a module (space, a paper's derivation) give its symbols their printed names."""
    _EXTRA.update(names)


def to_latex(expr) -> str:
    from .. import space  # noqa: F401 - registers the space's names on first use
    expr = sp.sympify(expr)
    names = {s: _EXTRA[s] for s in expr.free_symbols if s in _EXTRA} if hasattr(expr, "free_symbols") else {}
    return sp.latex(expr, symbol_names=names, ln_notation=True)
