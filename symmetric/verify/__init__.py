"""``symmetric verify FILE``: the claims of a paper the user is writing, checked like the
built-in papers' (same verdicts, JSON and LaTeX as ``prove``).

One job per module: :mod:`.source` (the TOML file and the place of every value),
:mod:`.names` (the measures and names expressions may use), :mod:`.model` (the model and
domain a step is read in, ``assume`` conditions), :mod:`.context` (one claim's names,
parameters and assumptions), :mod:`.texparse` (printed LaTeX to sympy), :mod:`.steps` (the
step kinds as a data table), :mod:`.values` (printed numbers, exact counterexample points),
:mod:`.assemble` (claims and their conclusions).
"""

from __future__ import annotations

from .assemble import PreparedClaim, prepare, run
from .steps import STEP_KINDS

__all__ = ["PreparedClaim", "STEP_KINDS", "prepare", "run"]
