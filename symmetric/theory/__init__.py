"""Theory of properties: which sets of properties some measure can have at all (``consistent``),
and which property entails which (``implies``), decided over every function of the table.

On all tables with 1 <= |D| <= N a property becomes finitely many constraints on unknown values
M(t) (and, in the ``defined`` reading, Boolean definedness unknowns D(t)): :mod:`.encode`.
z3 decides the constraints (:mod:`.solve`); an "inconsistent" or "implies" verdict rests on a
minimal unsatisfiable core that an independent exact check (:mod:`.recheck`: case split and
Fourier-Motzkin elimination in Fraction arithmetic) confirms; a witness is re-evaluated exactly
(:mod:`.formula`).  :mod:`.decide` puts the verdicts together.
"""
