"""Sebastiani (quantification), the body: the ranges of the measures (perverse estimators), the
binary coincidences with NAS/NSS, and the exclusivity of REL and ABS.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.decide import exact_sign
from symmetric.domain import EVERYWHERE, Domain
from symmetric.claims import Derivation, claim
from symmetric.evidence import QuantValue
from symmetric.logic import Verdict
from symmetric.render.text import counterexample_sentence
from symmetric.quantification import measures as qm
from symmetric.quantification.distributions import Distribution, epsilon_for, p, q
from symmetric.quantification.properties import perverse_is_worst, resolve
from .common import note_reconstructions, verdicts, ORDER, paper_smoothing


# ------------------------------------------------------------------ ranges
@claim("quant.ranges",
       where="Section 4, eqs. (2), (7), (10), (15), (18)",
       statement="The perverse estimator puts all mass on the class of smallest true prevalence; the "
                 "maxima of AE, RAE, SE, KLD and PD (with smoothing where needed) depend on the true "
                 "distribution and on |C|, and NKLD's maximum is strictly below 1.",
       statement_latex=(
           'The perverse estimator puts all mass on the class of smallest true prevalence; the maxima of $\\mathrm{AE}$, $\\mathrm{RAE}$, $\\mathrm{SE}$, $\\mathrm{KLD}$ and $\\mathrm{PD}$ (smoothed where needed) depend on the true distribution and on $|C|$, and $\\max\\mathrm{NKLD} < 1$.'))
def ranges(d: Derivation) -> None:
    size, _ = paper_smoothing()
    eps = epsilon_for(size)
    note_reconstructions(d, ("AE", "RAE", "SE", "KLD", "PD", "NKLD"))
    for name in ("AE", "RAE", "SE", "KLD", "PD"):
        m = qm.get(name)
        ok, proof = perverse_is_worst(m, m.smoothed)
        d.fact(f"the perverse estimator maximises {name}" + (" (smoothed, any $\\epsilon>0$)" if m.smoothed else ""),
               ok, printed="\\hat p(c^*) = 1,\\ c^* = \\arg\\min_c p(c)", derived="\\text{vertex } c^*",
               justification=tuple(proof))
    # eqs (2), (7), (10) on codeframes of 2, 3, 4 classes with symbolic prevalences, c1 the smallest
    closed = {"AE": lambda ps, k: 2 * (1 - ps[0]) / k,
              "RAE": lambda ps, k: ((1 - ps[0]) / ps[0] + k - 1) / k,
              "SE": lambda ps, k: ((1 - ps[0]) ** 2 + sum(x ** 2 for x in ps[1:])) / k}
    for k in (2, 3, 4):
        # prevalences x_i / S with positive x_i: every positive distribution on k classes
        xs = sp.symbols(f"x1:{k + 1}", positive=True)
        ps = [x / sum(xs) for x in xs]
        for name, form in closed.items():
            m = qm.get(name)
            value = m.raw(tuple(ps), tuple([1] + [0] * (k - 1)))
            value = resolve(value, EVERYWHERE)   # |1 - p1| = 1 - p1, |-p| = p on positive prevalences
            d.equal(f"max {name} on |C| = {k} (eq. {dict(AE=2, RAE=7, SE=10)[name]})", form(ps, k), value,
                    justification="closed form vs the measure at the perverse estimator, $p(c) = x_c/\\sum x$")
    # dependence on the true distribution, on |C| and on eps
    ae = qm.get("AE")
    two = ae.value(Distribution.of(["1/4", "3/4"]), Distribution.of([1, 0]))
    three = ae.value(Distribution.of(["1/4", "3/8", "3/8"]), Distribution.of([1, 0, 0]))
    d.fact("max AE depends on |C| (same smallest prevalence 1/4)", exact_sign(two - three) != 0,
           derived=sp.Tuple(two, three), justification="exact values for |C| = 2 and |C| = 3")
    for name in ("KLD", "PD"):
        m = qm.get(name)
        t, w = Distribution.of(["1/100", "99/100"]), Distribution.of([1, 0])
        v1, v2 = m.value(t, w, epsilon_for(1000)), m.value(t, w, eps)
        d.fact(f"max {name} depends on the smoothing constant", exact_sign(v1 - v2) != 0,
               derived=sp.Tuple(sp.N(v1, 8), sp.N(v2, 8)), justification="|sigma| = 1000 vs the paper's")
    nkld = qm.get("NKLD")
    worst = nkld.value(Distribution.of(["1/100", "99/100"]), Distribution.of([1, 0]), eps)
    d.fact("NKLD's maximum is strictly below 1", exact_sign(1 - worst) == 1, printed="\\max \\mathrm{NKLD} < 1",
           derived=sp.N(worst, 10), justification="1 - NKLD = 2/(1 + e^KLD) > 0 at the (finite, smoothed) maximum; "
           "sign certified exactly")
    d.conclude(True, "The perverse estimator maximises AE, RAE, SE, KLD and PD for every codeframe; their "
               "maxima depend on the true distribution and on |C| (KLD, PD also on eps); NKLD's maximum is < 1.")


# ------------------------------------------------------------------ binary coincidences
@claim("quant.binary_coincidences",
       where="Sections 4.2 and 4.5",
       statement="In the binary case the Normalized Absolute Score (as an error) coincides with NAE, "
                 "and the Normalized Squared Score (as an error) coincides with the normalised SE.",
       statement_latex=(
           'In the binary case the Normalized Absolute Score, as an error, coincides with $\\mathrm{NAE}$ ($1 - \\mathrm{NAS} = \\mathrm{NAE}$), and the Normalized Squared Score, as an error, with the normalised $\\mathrm{SE}$ ($1 - \\mathrm{NSS} = \\mathrm{NSE}$).'))
def binary_coincidences(d: Derivation) -> None:
    _x, _y = sp.symbols("x y", positive=True)
    low = Domain("0<p<1/2", (sp.Lt(0, p), sp.Lt(p, sp.Rational(1, 2))), {p: _x / (2 * (1 + _x)), q: _y / (1 + _y)})
    high = Domain("1/2<p<1", (sp.Lt(sp.Rational(1, 2), p), sp.Lt(p, 1)),
                  {p: sp.Rational(1, 2) + _x / (2 * (1 + _x)), q: _y / (1 + _y)})
    d.note("Normalized Absolute Score (Barranquero et al.): $\\mathrm{NAS} = 1 - |\\hat p(c) - p(c)| / "
           "\\max(p(c), 1 - p(c))$; Normalized Squared Score: $1 - (\\hat p(c) - p(c))^2/\\max(p(c),1-p(c))^2$; "
           "as errors, one minus each. Normalised SE (eq. 11): SE over its maximum (eq. 10).")
    nae = qm.get("NAE")
    nse = qm.QuantMeasure("NSE", "normalised SE", qm.get("SE").term, qm.NORMALISED)
    for dom, bigger, smaller in ((low, 1 - p, True), (high, p, False)):
        nas_error = sp.Abs(q - p) / bigger
        nss_error = (q - p) ** 2 / bigger ** 2
        d.equal(f"1 - NAS = NAE on ${dom.name}$", nas_error, resolve(nae.binary(true_is_smaller=smaller), dom),
                domain=dom, justification="binary NAE with its perverse maximum")
        d.equal(f"1 - NSS = normalised SE on ${dom.name}$", nss_error,
                resolve(nse.binary(true_is_smaller=smaller), dom), domain=dom)
    d.conclude(True, "In the binary case 1 - NAS coincides with NAE and 1 - NSS with the normalised SE.")


# ------------------------------------------------------------------ REL / ABS
@claim("quant.rel_abs_exclusive",
       where="Section 3.1, Property 7",
       statement="REL and ABS are mutually exclusive; they are not exhaustive, and Section 3.1 points "
                 "to Section 4.6 for an EMQ that enjoys neither; Section 4.6 (and Table 1) state that "
                 "DR enjoys REL, because for the same amount of misprediction CR is smaller when the "
                 "true prevalence is smaller.",
       statement_latex=(
           'REL and ABS are mutually exclusive; they are not exhaustive, and Section~3.1 points to Section~4.6 for an EMQ that enjoys neither; Section~4.6 (and Table~1) state that $\\mathrm{DR}$ enjoys REL, because for the same amount of misprediction $\\mathrm{CR}$ is smaller when the true prevalence is smaller.'))
def rel_abs_exclusive(d: Derivation) -> None:
    size, _ = paper_smoothing()
    eps = epsilon_for(size)
    d.own("exclusivity", "E(\\hat p', p') > E(\\hat p'', p'') \\wedge E(\\hat p', p') = E(\\hat p'', p'') "
          "\\text{ is unsatisfiable}",
          "REL and ABS have the same premises (and premises are satisfiable, e.g. the B.3 scenario) with "
          "incompatible conclusions, so no measure enjoys both.")
    results = verdicts(eps)
    neither = [n for n in ORDER if results[n]["REL"].verdict is Verdict.FAILS and results[n]["ABS"].verdict is Verdict.FAILS]
    d.fact("not exhaustive: measures enjoying neither REL nor ABS", bool(neither),
           derived="\\text{" + ", ".join(neither) + "}", justification="property checkers (exact counterexamples)")
    dr = results["DR"]["REL"]
    d.fact("DR enjoys REL (Section 4.6, Table 1)", {Verdict.HOLDS: True, Verdict.FAILS: False}.get(dr.verdict),
           printed="\\text{DR enjoys REL}", derived=f"\\text{{{dr.verdict.value}}}",
           justification=(dr.reason or "", counterexample_sentence(dr.counterexample, "; witness: ")
                          if dr.counterexample else ""))
    if dr.verdict is Verdict.FAILS:
        left, right = dr.counterexample.typed(QuantValue)      # E(p', p' + s) and E(p'', p'' + s), c1 first
        p1, p2 = sp.Rational(left.true[0]), sp.Rational(right.true[0])
        s = sp.Rational(left.predicted[0]) - p1
        m = qm.get("DR")
        e1 = m.binary(p1, p1 + s)
        e2 = m.binary(p2, p2 + s)
        d.counterexample("DR: the smaller true prevalence p'(c1) is not penalised more for the same "
                         "misprediction (binary codeframe, c1 the less prevalent class in both)",
                         {"p1": p1, "p2": p2, "shift": s}, sp.Le(e1, e2))
        d.conclude(False, "REL and ABS are mutually exclusive and not exhaustive (" + ", ".join(neither)
                   + " enjoy neither, DR among them, consistent with Section 3.1's pointer to Section 4.6); "
                   "but the statement that DR enjoys REL is false: the concordance ratio of the other class "
                   "can outweigh the effect on the rare class.")
    else:
        d.conclude(True if dr.verdict is Verdict.HOLDS else None, "Exclusive and not exhaustive; DR's REL as stated.")
