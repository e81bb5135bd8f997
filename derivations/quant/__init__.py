"""Sebastiani, "Evaluation Measures for Quantification: An Axiomatic Approach" (seed
003_c3b04b78ec0c487c.txt).  Claim ids ``quant.*``.

Most inline mathematics was stripped from the text; the measures are rebuilt from the prose
and the standard literature definitions (see each measure's ``reconstruction`` in
:mod:`symmetric.quantification.measures`, recorded as a note in every derivation).  Printed
numbers enter as ``printed``; every derived value comes from the measures and checkers.
The claims are listed Table 1, appendices, body, as the modules below are given.
"""

from symmetric.claims import Paper, claims_in

from . import appendices, sections, table
from .common import PAPER as NAME

PAPER = Paper(NAME, claims_in(table, appendices, sections))
