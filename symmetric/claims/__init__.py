"""Claims: a paper's statement, its printed steps, the toolkit's derivation, a verdict."""

from .derivation import Derivation
from .model import Claim, ClaimResult, Counterexample, Status, StepRecord, Verdict

__all__ = ["Claim", "ClaimResult", "Counterexample", "Derivation", "Status", "StepRecord", "Verdict"]
