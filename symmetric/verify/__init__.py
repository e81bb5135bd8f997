"""``symmetric verify FILE``: the claims of a paper the user is writing, checked like the
built-in papers' (same verdicts, JSON and LaTeX as ``prove``).

One job per module: :mod:`.source` (the TOML file and the place of every value),
:mod:`.names` (the measures and names expressions may use), :mod:`.model` (the model and
domain a step is read in, ``assume`` conditions), :mod:`.context` (one claim's names,
parameters and assumptions), :mod:`.hypotheses` (assumptions the domain cannot take, decided
under by z3), :mod:`.texnorm`, :mod:`.texlex`, :mod:`.texgrammar` and :mod:`.texparse` (printed LaTeX to
sympy: normalisation, tokens, grammar, names), :mod:`.latex_reading` (a latex step in its claim),
:mod:`.monotone` and :mod:`.relation_limits` (ln a < ln b from a < b; \\lim inside a relation),
:mod:`.steps` (the step kinds as a data table),
:mod:`.values` (printed numbers, exact counterexample points), :mod:`.assemble` (claims and
their conclusions), :mod:`.texsource` and :mod:`.paper` (a paper's ``.tex``: displays, macros,
every relation checked where it stands).
"""

from __future__ import annotations

from .assemble import PreparedClaim, prepare, run
from .steps import STEP_KINDS

__all__ = ["PreparedClaim", "STEP_KINDS", "prepare", "run"]
