"""Speed of exact / float E[F1] (Poisson-binomial DP) against the 2^n definition, eq. (1).

Run: PYTHONPATH=. python benchmarks/bench_lewis.py [--quick]
Prints medians of repeated runs and the speed-up ratios; all timings come from this run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from fractions import Fraction

from symmetric.expectation.countfn import compile_measure
from symmetric.expectation.exact import expectation, expectation_by_enumeration, poisson_binomial
from symmetric.expectation.rules import best_prp_assignment, top_k
from symmetric.measures import registry


def median_time(fn, repeats: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def probabilities(n: int, seed: int = 1995) -> tuple[Fraction, ...]:
    rng = random.Random(seed)
    return tuple(Fraction(rng.randint(0, 1000), 1000) for _ in range(n))


def pure_python_float(fn, p, s):
    """The same DP in plain Python floats (no numpy), for the numpy-or-not comparison."""
    a = poisson_binomial([float(x) for x, d in zip(p, s) if d], 1.0)
    c = poisson_binomial([float(x) for x, d in zip(p, s) if not d], 1.0)
    k, n, f = len(a) - 1, len(p), fn.exact_fn
    return sum(wa * sum(wc * f(float(i), float(k - i), float(j), float(n - k - j)) for j, wc in enumerate(c) if wc)
               for i, wa in enumerate(a) if wa)


def main(quick: bool) -> None:
    f1 = compile_measure(registry.get("F1"))
    rows = []

    n = 14 if quick else 20
    p = probabilities(n)
    s = top_k(p, n // 2)
    t_dp, e = median_time(lambda: expectation(f1, p, s), 15)
    t_enum, (m, _) = median_time(lambda: expectation_by_enumeration(f1, p, s), 1 if not quick else 3)
    assert m == e.mean, "DP and enumeration disagree"
    rows.append((f"exact E[F1], n={n}: DP (Fraction)", t_dp, f"enumeration 2^{n}: {t_enum:.3f} s, "
                 f"speed-up x{t_enum / t_dp:,.0f}"))
    t_dpf, ef = median_time(lambda: expectation(f1, p, s, exact=False), 15)
    t_enf, (mf, _) = median_time(lambda: expectation_by_enumeration(f1, p, s, exact=False), 1 if not quick else 3)
    assert abs(mf - ef.mean) < 1e-9
    rows.append((f"float E[F1], n={n}: DP (numpy)", t_dpf, f"float enumeration: {t_enf:.3f} s, "
                 f"speed-up x{t_enf / t_dpf:,.0f}"))

    n = 1000
    p = probabilities(n, 7)
    s = top_k(p, 300)
    t_big, eb = median_time(lambda: expectation(f1, p, s, exact=False), 7)
    t_pure, pure = median_time(lambda: pure_python_float(f1, p, s), 3)
    assert abs(pure - eb.mean) < 1e-9
    rows.append((f"float E[F1], n={n}: DP (numpy)", t_big, f"error bound {eb.error_bound:.2g}; "
                 f"pure-Python floats {t_pure:.3f} s (numpy x{t_pure / t_big:.1f})"))
    if not quick:
        t_ex, ex = median_time(lambda: expectation(f1, p[:200], s[:200]), 3)
        rows.append(("exact E[F1], n=200: DP (Fraction)", t_ex, "exact rationals"))
    t_best, best = median_time(lambda: best_prp_assignment(f1, p, exact=False), 3)
    rows.append((f"best PRP assignment, n={n} (float, numpy)", t_best,
                 f"k* = {best.k}, E = {best.value:.6f}, error bound {best.error_bound:.2g}"))
    t_best_exact, best_exact = median_time(lambda: best_prp_assignment(f1, p[:40]), 3)
    rows.append(("best PRP assignment, n=40 (exact)", t_best_exact, f"k* = {best_exact.k}"))

    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark'.ljust(width)}  median s   notes")
    for label, t, note in rows:
        print(f"{label.ljust(width)}  {t:9.5f}   {note}")


if __name__ == "__main__":
    main("--quick" in sys.argv)
