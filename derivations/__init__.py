"""The papers whose claims symmetric checks, one module or package per paper.

:data:`PAPERS` is what the application registers with :mod:`symmetric.claims.registry`, in the
order ``symmetric list`` and ``latex_out/proofs.tex`` follow.
"""

from . import amigo, lewis95, quant, sebastiani15

PAPERS = (amigo.PAPER, sebastiani15.PAPER, lewis95.PAPER, quant.PAPER)
