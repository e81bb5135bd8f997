"""Dogfood: the example claims files hold claims of the built-in papers under their `prove` ids;
`verify` must give each the verdict `prove` gives it (both are computed here)."""

from __future__ import annotations

from pathlib import Path

import pytest

import derivations
from symmetric.claims import registry
from symmetric.verify import prepare, run

EXAMPLES = sorted((Path(__file__).parent.parent / "examples" / "claims").glob("*.toml"))
registry.register(derivations.PAPERS)


def _claims():
    for path in EXAMPLES:
        _, claims = prepare(path)
        for claim in claims:
            yield pytest.param(claim, id=claim.claim.id)


def test_the_examples_cover_ten_claims_of_two_papers():
    ids = [c.values[0].claim.id for c in _claims()]
    assert len(ids) >= 10 and len({i.split(".")[0] for i in ids}) >= 2


@pytest.mark.parametrize("claim", list(_claims()))
def test_verify_gives_the_verdict_of_prove(claim):
    verified = run(claim)
    proved = registry.run_claim(registry.claim_by_id(claim.claim.id))
    assert not registry.is_internal_error(verified), verified.reason
    assert verified.verdict is proved.verdict, (verified.reason, [s.label for s in verified.discrepancies])
