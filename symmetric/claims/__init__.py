"""Claims: a paper's statement, its printed steps, the toolkit's derivation, a verdict."""

from .derivation import Derivation
from .model import Claim, ClaimResult, ClaimVerdict, PrintedLatex, StepRecord
from .paper import Paper, claim, claims_in

__all__ = ["Claim", "ClaimResult", "ClaimVerdict", "Derivation", "Paper", "PrintedLatex", "StepRecord",
           "claim", "claims_in"]
