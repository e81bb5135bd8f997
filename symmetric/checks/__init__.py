"""Decision procedures: domains, zero and sign tests (sympy first, then z3), bounds."""
