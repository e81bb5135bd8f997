"""Speed of ``check`` with the cross-check on, over the fuzz corpus (tests/corpus/).

    python benchmarks/bench_crosscheck.py [LIMIT] [--kind classification|quantification|all] [--time-limit S]

Checks every corpus measure (or the first LIMIT of each file) through the driver, as
``symmetric check`` does, and prints: the median and 90th percentile of the seconds per measure,
the cross-check's own share of them, the verdict counts per property (with its default reading),
the undetermined share, and every cross-check contradiction (measure, property, witness).

Measured 2026-11-24 on the 2-core machine shared with six other sessions (load average 5-7),
244 measures: median 0.50 s, p90 1.99 s, max 6.2 s per measure (all properties, cross-check
on); the cross-check's own share: median 0.09 s, p90 0.53 s.  88 contradictions, all on the 18
measures whose wrong verdicts issue 16 lists (strict xfails in tests/test_crosscheck_corpus.py).

Measured 2026-11-26 (the zero-reciprocal reading, AW's readings, the MAX and IND predicates),
the machine shared with three other sessions: 244 measures: median 1.02 s, p90 3.21 s, max
12.35 s; cross-check median 0.14 s, p90 1.13 s.  0 contradictions; undetermined 4.4% of 2436
classification verdicts, 12.6% of 492 quantification verdicts (8.1% without the two terms that
are not real-valued, 6.0% after the logarithm sign rule that followed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from symmetric.crosscheck import hook  # noqa: E402
from symmetric.properties import driver  # noqa: E402
from symmetric.userinput.kinds import KINDS  # noqa: E402
from symmetric.userinput.toml_measures import measures_from_toml  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"


def corpus(kind: str):
    files = ("classification", "quantification") if kind == "all" else (kind,)
    for name in files:
        for _, measure in measures_from_toml(str(CORPUS / f"{name}.toml"), KINDS["classification"]):
            yield name, measure


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("limit", nargs="?", type=int, default=0)
    ap.add_argument("--kind", default="all", choices=("classification", "quantification", "all"))
    ap.add_argument("--time-limit", type=float, default=60)
    args = ap.parse_args()
    reviewed_seconds = []
    original = hook.review_one
    spent = [0.0]

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start
    hook.review_one = timed       # review() looks review_one up at each call
    seconds, counts, contradictions, per_kind = [], Counter(), [], Counter()
    taken = Counter()
    for kind, measure in corpus(args.kind):
        if args.limit and taken[kind] >= args.limit:
            continue
        taken[kind] += 1
        spent[0] = 0.0
        start = time.perf_counter()
        results = driver.check(measure, time_limit=args.time_limit)
        seconds.append(time.perf_counter() - start)
        reviewed_seconds.append(spent[0])
        for r in results:
            if str(r.reason).startswith("internal error"):
                raise SystemExit(f"{measure.name} {r.property}: {r.reason}")     # a broken bench measures nothing
            counts[(kind, r.property, r.verdict.value)] += 1
            per_kind[(kind, r.verdict.value)] += 1
            if str(r.reason).startswith("cross-check contradiction"):
                contradictions.append((measure.name, r.property, str(r.reason)))
        print(f"{kind[:5]} {measure.name:22} {seconds[-1]:6.2f} s (cross-check {spent[0]:5.2f} s)", flush=True)
    print(f"\n{len(seconds)} measures: median {statistics.median(seconds):.2f} s, p90 {percentile(seconds, 0.9):.2f} s, "
          f"max {max(seconds):.2f} s; cross-check median {statistics.median(reviewed_seconds):.2f} s, "
          f"p90 {percentile(reviewed_seconds, 0.9):.2f} s")
    for kind in ("classification", "quantification"):
        total = sum(v for (k, _), v in per_kind.items() if k == kind)
        if total:
            und = per_kind[(kind, "undetermined")]
            print(f"{kind}: {total} verdicts, undetermined {und} ({100 * und / total:.1f}%)")
    print("\nverdicts per property (default reading):")
    props = sorted({(k, p) for k, p, _ in counts})
    for kind, prop in props:
        row = {v: counts[(kind, prop, v)] for v in ("holds", "fails", "undetermined")}
        print(f"  {kind[:5]} {prop:18} holds {row['holds']:4}  fails {row['fails']:4}  undetermined {row['undetermined']:4}")
    print(f"\n{len(contradictions)} cross-check contradictions:")
    for name, prop, reason in contradictions:
        print(f"  {name} {prop}: {reason[:400]}")


if __name__ == "__main__":
    main()
