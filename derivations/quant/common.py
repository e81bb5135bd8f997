"""What the quant derivations share: the printed Table 1 and Appendix B tables, the measure
reconstructions recorded as notes, the rounding tests and the paper's smoothing constant.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.decide import exact_sign
from symmetric.claims import Derivation
from symmetric.quantification import measures as qm
from symmetric.quantification.distributions import Distribution, epsilon_for
from ..deciding import decided
from symmetric.quantification.properties import PROPERTY_ORDER


PAPER = "quant"
COLUMNS = ("IoI", "NN", "MAX", "MON", "IMP", "REL", "ABS", "IND")
TABLE1 = {  # as printed (Table 1)
    "AE": "YYNYYNYY", "NAE": "YYYYYNNY", "RAE": "YYNYYYNY", "NRAE": "YYYYYNNY", "SE": "YYNYYNYY",
    "DR": "YYNYNYNY", "KLD": "YYNYNNNY", "NKLD": "YYYYNNNY", "PD": "YYNYNNNY"}
ORDER = ("AE", "NAE", "RAE", "NRAE", "SE", "DR", "KLD", "NKLD", "PD")

# Appendix B tables as printed: (true c1, predicted c1) per row, then the nine values per row
B_TABLES = {
    "max": ((("0.01", "1.00"), ("0.49", "1.00")),
            ("0.9900 1.0000 49.9975 1.0000 0.9801 0.9950 14.3076 0.9999 980100.0004",
             "0.5100 1.0000 1.0204 1.0000 0.2601 0.7550 6.7065 0.9975 260100.0001")),
    "imp": ((("0.20", "0.25"), ("0.20", "0.15")),
            ("0.0500 0.0625 0.1562 0.0625 0.0025 0.1312 0.0070 0.0035 0.0117",
             "0.0500 0.0625 0.1562 0.0625 0.0025 0.1544 0.0090 0.0045 0.0181")),
    "rel": ((("0.20", "0.70"), ("0.25", "0.75")),
            ("0.5000 0.6250 1.5625 0.6250 0.2500 0.6696 0.5341 0.2609 0.7738",
             "0.5000 0.6667 1.3333 0.6667 0.2500 0.6667 0.5493 0.2679 0.8333")),
}
CANDIDATE_SAMPLE_SIZES = (100, 1000, 10_000, 100_000, 500_000, 1_000_000, 2_000_000, 10_000_000)


def note_reconstructions(d: Derivation, names=ORDER) -> None:
    for name in names:
        d.source_note(f"{name}: " + qm.get(name).reconstruction)


def printed_rows(table):
    (rows, values) = B_TABLES[table]
    return [(Distribution.binary(t), Distribution.binary(pr), vals.split()) for (t, pr), vals in zip(rows, values)]


def _rounds_to(printed: str, value) -> bool:
    """Does the exact ``value`` round to ``printed`` (certified sign of the rounding gap)?"""
    decimals = len(printed.split(".")[1])
    half = sp.Rational(1, 2 * 10 ** decimals)
    # |value - printed| <= half, as two certified signs (no Abs of a transcendental number,
    # whose construction alone is costly)
    low, high = sp.Rational(printed) - half, sp.Rational(printed) + half
    return exact_sign(value - low) in (0, 1) and exact_sign(high - value) in (0, 1)


def truncates_to(printed: str, value) -> bool:
    decimals = len(printed.split(".")[1])
    low = sp.Rational(printed)
    return exact_sign(value - low) in (0, 1) and exact_sign(low + sp.Rational(1, 10 ** decimals) - value) == 1


def smoothing_from_tables() -> tuple[int, dict[int, int]]:
    """The sample size |sigma| whose eps = 1/(2|sigma|) reproduces most Appendix B cells."""
    scores = {}
    for size in CANDIDATE_SAMPLE_SIZES:
        e = epsilon_for(size)
        hits = 0
        for table in B_TABLES:
            for true, pred, vals in printed_rows(table):
                for name, printed in zip(ORDER, vals):
                    hits += _rounds_to(printed, qm.get(name).value(true, pred, e))
        scores[size] = hits
    best = max(scores, key=lambda s: (scores[s], -s))
    return best, scores


_SMOOTHING_CACHE: list = []


def paper_smoothing():
    if not _SMOOTHING_CACHE:
        _SMOOTHING_CACHE.append(smoothing_from_tables())
    return _SMOOTHING_CACHE[0]


def verdicts_of(name: str, smoothing=None) -> dict:
    """Every quantification property of measure ``name`` through the one decision path (the
    real-valuedness and definedness guards, the endpoint search, the cross-check and the time
    limit); ``smoothing`` matters to smoothed measures only, so it keys nothing else."""
    m = qm.get(name)
    options = {"smoothing": smoothing} if m.smoothed and smoothing is not None else {}
    return {prop: decided(m, prop, **options) for prop in PROPERTY_ORDER}


def verdicts(smoothing):
    return {name: verdicts_of(name, smoothing) for name in ORDER}
