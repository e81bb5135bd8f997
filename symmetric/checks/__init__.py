"""Decision procedures: domains, zero and sign tests (sympy first, then z3), bounds."""

# sympy's Factors(dict) without its needless conversion of the dict (the deciders' together()
# and factor() build thousands): installed when any decider is imported
from . import sympyfactors  # noqa: F401
