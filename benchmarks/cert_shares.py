"""Certificate shares (issue 24, "Measured by"): of the `holds` verdicts, how many rest on
certificates the independent checker (symmetric/kernel/) re-verified in every proved case.

    PYTHONPATH=$PWD python benchmarks/cert_shares.py atlas [MEASURE ...]   # classification, headline readings
    PYTHONPATH=$PWD python benchmarks/cert_shares.py claims                # property verdicts the 53 claims read

A holds verdict is *certified* when its proof has case steps (a proved step without a face is
one too: evidence.proved_step) and every case that is not an exclusion (a move's "excluded", a
face where the measure is undefined on every table) carries a certificate of a checkable kind that the kernel accepts (re-checked here);
*solver only* when some case rests on a solver alone; *no certificate recorded* when a case (a
definedness-only case) or the whole proof (no proof by cases) records none.
"""

from __future__ import annotations

import collections
import os
import sys
import time

from symmetric import kernel
from symmetric.evidence import CaseStep
from symmetric.logic import Verdict
from symmetric.properties.sebastiani.definedness import UNDEFINED_HOW


# methods of steps that leave tables out (the measure undefined on the whole face, confirmed by
# exact evaluation) rather than prove a relation there: nothing to certify
EXCLUDED = ("excluded", UNDEFINED_HOW)


def classify(result) -> str:
    steps = [s for s in result.proof if isinstance(s, CaseStep) and s.how not in EXCLUDED]
    if not steps:
        return "no case steps"
    certs = [s.certificate for s in steps]
    if any(c is None for c in certs):
        return "a case without certificate"
    if any(not c.checkable for c in certs):
        return "solver only"
    if any(kernel.check(c.data()) is not None for c in certs):
        return "REJECTED"
    return "certified"


def report(title: str, results) -> None:
    holds = [(name, r) for name, r in results if r.verdict is Verdict.HOLDS]
    tally = collections.Counter(classify(r) for _, r in holds)
    kinds = collections.Counter(s.certificate.kind for _, r in holds for s in r.proof
                                if isinstance(s, CaseStep) and s.certificate is not None)
    with_cases = sum(n for k, n in tally.items() if k != "no case steps")
    print(f"{title}: {len(holds)} holds verdicts: {dict(tally)}")
    if holds:
        print(f"  certified / all holds: {tally['certified']}/{len(holds)} = {tally['certified'] / len(holds):.0%}")
    if with_cases:
        print(f"  certified / holds proved by cases: {tally['certified']}/{with_cases} = "
              f"{tally['certified'] / with_cases:.0%}")
    print(f"  certificates by kind (every case): {dict(kinds)}")
    for name, r in holds:
        if classify(r) not in ("certified",):
            print(f"    {classify(r)}: {name}")


def atlas(measures) -> None:
    from symmetric.atlas.plan import units
    from symmetric.atlas.run import compute
    from symmetric.properties import catalogue
    from symmetric.store.cells import Cache
    chosen = [u for u in units(measures, which="default") if u.kind == "classification"]
    start = time.perf_counter()
    # a cache folder: an interrupted run is resumed, not recomputed (the codec keeps certificates)
    found = compute(chosen, time_limit=60, workers=2, cache=Cache(CACHE))
    print(f"atlas cells computed in {time.perf_counter() - start:.0f} s ({found.cached} from {CACHE})")
    headline = [(f"{c.measure} {c.property} ({c.reading})", r) for c, r in found.results
                if c.reading == catalogue.named(c.property, c.kind).headline.name]
    report("atlas (classification, headline readings)", headline)
    compare(found.results)


CACHE = os.environ.get("CERT_SHARES_CACHE", "/tmp/cert-shares-cache")
GOLDEN = "latex_out/atlas/atlas.csv"


def compare(results) -> None:
    """Verdicts against the committed atlas (GOLDEN): certificates must change none."""
    import csv
    import os
    if not os.path.exists(GOLDEN):
        return
    with open(GOLDEN, newline="", encoding="utf-8") as f:
        golden = {(r["kind"], r["measure"], r["property"], r["reading"]): r["verdict"] for r in csv.DictReader(f)}
    differ = [(c, golden[c.kind, c.measure, c.property, c.reading], r.verdict.value) for c, r in results
              if (c.kind, c.measure, c.property, c.reading) in golden
              and golden[c.kind, c.measure, c.property, c.reading] != r.verdict.value]
    compared = sum((c.kind, c.measure, c.property, c.reading) in golden for c, _ in results)
    print(f"verdicts compared with {GOLDEN}: {compared}, different: {len(differ)}")
    for cell, was, now in differ:
        print(f"    {cell.measure} {cell.property} ({cell.reading}): {was} -> {now}")


def claims() -> None:
    import derivations
    from derivations import deciding
    from symmetric.claims import registry
    seen = {}
    original = deciding.decide

    def recording(measure, prop, reading=None, **options):
        result = original(measure, prop, reading, **options)
        seen[(measure.name, prop, result.reading)] = result
        return result
    deciding.decide = recording
    registry.register(derivations.PAPERS)
    start = time.perf_counter()
    for claim in registry.all_claims():
        registry.run_claim(claim)
    print(f"{len(registry.all_claims())} claims run in {time.perf_counter() - start:.0f} s")
    report("claims' property verdicts", [(" ".join(k), r) for k, r in seen.items()])


if __name__ == "__main__":
    if sys.argv[1:2] == ["claims"]:
        claims()
    else:
        atlas(sys.argv[2:])
