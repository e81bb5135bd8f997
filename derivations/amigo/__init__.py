"""Amigo, Gonzalo, Verdejo, Spina: "A Comparison of Filtering Evaluation Metrics based on
Formal Constraints" (seed 000_445e5daf998d3217.txt).  Claim ids ``amigo.*``.

Each claim records the paper's printed steps (as data: sympy expressions over the atoms of
:mod:`symmetric.space`) and checks every one against what symmetric derives itself.  The
claims are listed notation, appendix, body, table, as the modules below are given.
"""

from symmetric.claims import Paper, claims_in

from . import appendix, body, notation, tables
from .common import PAPER as NAME, TABLE_ROWS, measure, property_table

PAPER = Paper(NAME, claims_in(notation, appendix, body, tables), prepare=property_table)

__all__ = ["PAPER", "TABLE_ROWS", "measure", "property_table"]
