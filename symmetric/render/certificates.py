"""The decisive quantity Δ of a proved case and its certificate, as a sentence both renderers
typeset through their own notation (the terminal's printer, the LaTeX notation table).

The certificate (:mod:`symmetric.certificate`) is written in the decider's variables: a face's
positive cells (``TP_`` or ``tp``: the cell itself where it is > 0) and, for the cell an item
moved from (> 1 on the face), ``FN_`` = FN - 1.  Here they are named back as the cells, so Δ
reads in the paper's TP, FP, FN, TN; the moved cell's shift is said with its variable named
("after FN = 1 + u_FN, u_FN > 0").
"""

from __future__ import annotations

import sympy as sp

from ..certificate import AllOf, Identity, PositiveCoefficients, SignByFactors, SolverOnly, Squarings, Vanishing
from ..evidence import Sentence

DELTA = sp.Symbol("Delta")
# a Δ whose numerator and denominator have more terms than this is named by its term counts
MAX_TERMS = 10


def _names(condition) -> tuple[dict, list]:
    """Certificate variable name -> expression in the cells, and the shifts to mention."""
    names, shifts = {}, []
    for relation in condition if isinstance(condition, tuple) else ():
        if not isinstance(relation, sp.Rel) or not isinstance(relation.lhs, sp.Symbol):
            continue
        cell = relation.lhs
        if isinstance(relation, sp.StrictGreaterThan) and relation.rhs == 1:
            names[f"{cell.name}_"] = names[cell.name.lower()] = cell - 1
            shifts.append(((f"{cell.name}_", cell.name.lower()), _shifted(cell, 1)))
        elif isinstance(relation, sp.StrictGreaterThan) and relation.rhs == 0:
            names[f"{cell.name}_"] = names[cell.name.lower()] = cell
    return names, shifts


def _shifted(cell: sp.Symbol, c) -> tuple:
    """cell = c + u_cell and u_cell > 0: where positivity is read, the new variable named."""
    u = sp.Symbol(f"u_{cell.name}")
    return (sp.Eq(cell, c + u, evaluate=False), sp.Gt(u, 0, evaluate=False))


def _expr(poly, variables, names) -> sp.Expr:
    symbols = [names.get(v, sp.Symbol(v)) for v in variables]
    return sp.Add(*(sp.Rational(c.numerator, c.denominator) * sp.Mul(*(s ** k for s, k in zip(symbols, e)))
                    for e, c in poly))


def _in_cells(poly, variables, names) -> sp.Expr:
    return sp.expand(_expr(poly, variables, names))


def _shift_relations(cert, names, shifts) -> list:
    out = [r for pair in shifts for r in pair]
    for v, c in cert.shift:
        cell = names.get(v, sp.Symbol(v))
        out += _shifted(cell if isinstance(cell, sp.Symbol) else sp.Symbol(v), c)
    return out


def _quotient(n: sp.Expr, d: sp.Expr) -> sp.Expr:
    return n / d


def _after(certificate, names, shifts, first: int) -> tuple[str, list]:
    """" after FN = 1 + u_FN, u_FN > 0" (slots from ``first``) and its relations: where positivity is read."""
    used = [relation for spellings, relation in shifts if set(spellings) & set(certificate.variables)]
    after = _shift_relations(certificate, names, used)
    return (" after " + ", ".join(f"{{{first + k}}}" for k in range(len(after))) if after else ""), after


def delta(certificate, condition=()) -> Sentence | None:
    """"Δ = N/D, positive: ..." for a proved case's certificate (None: no certificate)."""
    if certificate is None:
        return None
    names, shifts = _names(condition)
    v = certificate.variables
    sign = "positive" if certificate.relation == ">" else "nonnegative"
    if isinstance(certificate, SignByFactors):
        def product(constant, factors):
            return sp.Rational(constant.numerator, constant.denominator) * sp.Mul(
                *(_in_cells(f.poly, v, names) ** f.power for f in factors))
        reasons = sorted({f.reason for f in certificate.numerator_factors + certificate.denominator_factors})
        size = sum(len(f.poly) for f in certificate.numerator_factors + certificate.denominator_factors)
        quantity = _quotient(product(certificate.numerator_constant, certificate.numerator_factors),
                             product(certificate.denominator_constant, certificate.denominator_factors))
        if size > 2 * MAX_TERMS:
            return Sentence(f"{{0}} is {sign}: every factor of N and D has a known sign ({', '.join(reasons)}).",
                            (DELTA,))
        tail, after = _after(certificate, names, shifts, 1)
        return Sentence(f"{{0}}, {sign}: every factor has a known sign ({', '.join(reasons) or 'constants'}){tail}.",
                        (sp.Eq(DELTA, quantity, evaluate=False), *after))
    if isinstance(certificate, PositiveCoefficients):
        n, d = _in_cells(certificate.numerator, v, names), _in_cells(certificate.denominator, v, names)
        tail, after = _after(certificate, names, shifts, 1)
        which = "positive" if certificate.sign > 0 else "negative"
        if len(certificate.numerator) + len(certificate.denominator) > MAX_TERMS:
            return Sentence(f"{{0}} is {sign} (N of {len(certificate.numerator)} terms, D of "
                            f"{len(certificate.denominator)}): every coefficient of N and D {which}{tail}.",
                            (DELTA, *after))
        return Sentence(f"{{0}}, {sign}: every coefficient of N and D {which}{tail}.",
                        (sp.Eq(DELTA, _quotient(n, d), evaluate=False), *after))
    if isinstance(certificate, Squarings):
        terms = [(_in_cells(a, v, names), [_in_cells(r, v, names) for r in rs]) for a, rs in certificate.terms]
        num = sp.Add(*(a * sp.Mul(*(sp.sqrt(r) for r in rs)) for a, rs in terms))
        den = sp.Mul(*(sp.Pow(_in_cells(p, v, names), sp.Rational(k, 2)) for p, k in certificate.root_factors))
        if certificate.splits:
            tail, after = _after(certificate, names, shifts, 5)
            ai, aj, xi, xj, r, m = sp.symbols("A_i A_j X_i X_j R M")
            return Sentence(f"{{0}}, {sign}: of the two terms of N, {{1}}, where {{2}} the other is positive "
                            f"({{3}}) and, squaring once, {{4}}, with P, R of positive and Q, M of nonnegative coefficients{tail}.",
                            (sp.Eq(DELTA, _quotient(num, den), evaluate=False), ai * sp.sqrt(xi) + aj * sp.sqrt(xj),
                             sp.Le(ai, 0, evaluate=False), sp.Eq(aj, sp.Symbol("P") + sp.Symbol("Q") * -ai, evaluate=False),
                             sp.Eq(aj ** 2 * xj - ai ** 2 * xi, r + m * -ai, evaluate=False), *after))
        if not certificate.squared:
            tail, after = _after(certificate, names, shifts, 1)
            return Sentence(f"{{0}}, {sign}: every term of N is a positive polynomial times square roots of positive "
                            f"polynomials{tail}.", (sp.Eq(DELTA, _quotient(num, den), evaluate=False), *after))
        short = len(certificate.squared) <= MAX_TERMS
        shown = _in_cells(certificate.squared, v, names) if short else sp.Integer(len(certificate.squared))
        tail, after = _after(certificate, names, shifts, 2)
        return Sentence(f"{{0}}, {sign}: of the two terms of N the first is positive, and squaring once, the "
                        f"difference of their squares{' {1}' if short else ', a polynomial of {1} terms,'} has only "
                        f"positive coefficients{tail}.", (sp.Eq(DELTA, _quotient(num, den), evaluate=False), shown, *after))
    if isinstance(certificate, Identity):
        if len(certificate.terms) <= 1:
            # one denominator: the numerator is already the zero polynomial (both sides had one normal form)
            return Sentence("{0}: over one denominator the numerator is the zero polynomial (both sides have the "
                            "same normal form).", (sp.Eq(DELTA, 0, evaluate=False),))
        size = sum(len(n) + len(d) for n, d in certificate.terms)
        if size <= 2 * MAX_TERMS:
            def term(n, d):
                n, d = _in_cells(n, v, names), _in_cells(d, v, names)
                return n if d == 1 else sp.Mul(n, sp.Pow(d, -1, evaluate=False), evaluate=False)
            total = sp.Add(*(term(n, d) for n, d in certificate.terms), evaluate=False)
            return Sentence(f"{{0}}: its {len(certificate.terms)} terms, over a common denominator, sum to {{1}}.",
                            (sp.Eq(DELTA, total, evaluate=False), sp.Integer(0)))
        return Sentence(f"The {len(certificate.terms)} terms of the difference, over a common denominator, sum to {{0}}.",
                        (sp.Integer(0),))
    if isinstance(certificate, Vanishing):
        return _vanishing(certificate, names)
    if isinstance(certificate, AllOf):
        return _joined([delta(p, condition) for p in certificate.parts])
    if isinstance(certificate, SolverOnly):
        if certificate.denominator and len(certificate.numerator) + len(certificate.denominator) <= MAX_TERMS:
            n, d = _in_cells(certificate.numerator, v, names), _in_cells(certificate.denominator, v, names)
            return Sentence(f"{{0}}: {certificate.solver}, no certificate.", (sp.Eq(DELTA, _quotient(n, d), evaluate=False),))
        return Sentence(f"{certificate.solver}, no certificate.")
    return None


def _joined(sentences) -> Sentence | None:
    """Several Δ sentences as one (the parts of a conjunction), slots renumbered."""
    template, args = [], []
    for k, shown in enumerate(s for s in sentences if s is not None):
        template.append(f"({k + 1}) " + shown.template.format(*(f"{{{len(args) + j}}}" for j in range(len(shown.args)))))
        args += shown.args
    return Sentence(" ".join(template), tuple(args)) if template else None


def _vanishing(certificate, names) -> Sentence:
    """"Δ = 0: its factor F = (...)(...) adds up to 0 [once each logarithm of 1 is 0]; the other
    factors are powers of positive polynomials" (F named by its term count when long)."""
    v = certificate.variables
    logs = len(certificate.logs)
    said = (f" once L_k = log 1 = 0 (k = 1..{logs}: each logarithm's argument is N/N)" if logs > 1 else
            " once L1 = log 1 = 0 (the logarithm's argument is N/N)" if logs else "")
    many = len(certificate.root_factors)
    rest = ("; the other factors are powers of positive polynomials" if many > 1 else
            "; the other factor is a power of a positive polynomial" if many else "")
    size = sum(len(t) for f in certificate.zero for t in f)
    if size > 2 * MAX_TERMS:
        return Sentence(f"{{0}}: a factor of it, of {size} terms, adds up to the zero polynomial{said}{rest}.",
                        (sp.Eq(DELTA, 0, evaluate=False),))
    factor = sp.Mul(*(sp.Add(*(_expr(t, v, names) for t in f), evaluate=False) for f in certificate.zero),
                    evaluate=False)
    return Sentence(f"{{0}}: its polynomial factor {{1}} adds up to the zero polynomial{said}{rest}.",
                    (sp.Eq(DELTA, 0, evaluate=False), factor))
