"""Property-based tests (Hypothesis) of two pieces of bookkeeping whose every case cannot be
listed: the merge of a proof's faces into table rows (render/cases.merge_faces) and the sharing
of a measure's time among its properties (timelimit.Budget)."""

from __future__ import annotations

import itertools
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from symmetric import timelimit
from symmetric.render.cases import CELL_NAMES, ENTRY_LABELS, merge_faces

# ------------------------------------------------------------------ the case-table merge
# a face: each cell 0 or > 0, or (a moved cell) 1 or > 1
atoms = st.sampled_from(["0", ">0", "1", ">1"])
faces = st.lists(st.tuples(*[atoms] * len(CELL_NAMES)), unique=True, max_size=24).map(
    lambda fs: [tuple(frozenset({a}) for a in f) for f in fs])


def _expand(entries) -> set:
    return set(itertools.product(*[sorted(e) for e in entries]))


@settings(max_examples=120, deadline=None)
@given(faces)
def test_merged_rows_stand_for_exactly_the_faces_each_in_one_row(fs):
    rows = merge_faces(fs)
    members = [k for _, ks in rows for k in ks]
    assert sorted(members) == list(range(len(fs)))              # every face in exactly one row
    for entries, ks in rows:
        # the row's cells say exactly its faces, no more: expanding "any" / "at least 1" gives them back
        assert _expand(entries) == {tuple(next(iter(e)) for e in fs[k]) for k in ks}
        assert all(e in ENTRY_LABELS for e in entries)           # every entry has a label to print
    assert [min(ks) for _, ks in rows] == sorted(min(ks) for _, ks in rows)   # order of first face


@settings(max_examples=120, deadline=None)
@given(faces)
def test_merging_stops_only_when_no_two_rows_merge(fs):
    rows = [entries for entries, _ in merge_faces(fs)]
    for a, b in itertools.combinations(rows, 2):
        differing = [c for c in range(len(CELL_NAMES)) if a[c] != b[c]]
        if len(differing) == 1:
            c = differing[0]
            assert a[c] & b[c] or (a[c] | b[c]) not in ENTRY_LABELS, (a, b)


def test_the_four_faces_of_two_cells_merge_into_one_row():
    zero, pos = frozenset({"0"}), frozenset({">0"})
    fs = [(zero, zero, pos, pos), (pos, zero, pos, pos), (zero, pos, pos, pos), (pos, pos, pos, pos)]
    assert merge_faces(fs) == [((zero | pos, zero | pos, pos, pos), (0, 1, 2, 3))]


# ------------------------------------------------------------------ the time budget
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@settings(max_examples=120, deadline=None)
@given(total=st.floats(1, 3600), units=st.lists(st.integers(1, 4), min_size=1, max_size=40),
       used=st.lists(st.floats(0, 1), min_size=40, max_size=40))
def test_budget_shares_never_starve_a_unit_and_stay_within_the_total(total, units, used):
    clock = Clock()
    with mock.patch.object(timelimit.time, "monotonic", clock):
        budget = timelimit.Budget(total, sum(units))
        floor = total * budget.fraction
        assert floor * sum(units) <= total * timelimit.FLOORS_AT_MOST * (1 + 1e-9)
        for k, (count, fraction) in enumerate(zip(units, used)):
            share = budget.share(count)
            assert share >= floor * count * (1 - 1e-9)                 # never less than its floors
            if k == 0:
                assert share >= total / 2 * (1 - 1e-9)                 # the first unit: half at least
            clock.now += share * fraction                               # a unit stops by its share
        # every unit ran within its share, and the shares kept the whole within the total
        assert clock.now - 1000.0 <= total * (1 + 1e-9)


@settings(max_examples=30, deadline=None)
@given(units=st.integers(1, 50), counts=st.lists(st.integers(1, 3), max_size=10))
def test_no_total_means_no_limit(units, counts):
    for total in (None, 0):
        budget = timelimit.Budget(total, units)
        assert all(budget.share(c) is None for c in counts)


def test_a_fast_unit_leaves_its_time_to_the_next():
    clock = Clock()
    with mock.patch.object(timelimit.time, "monotonic", clock):
        budget = timelimit.Budget(60, 3)
        first = budget.share()
        assert first == 60 - 2 * 2                  # two floors of 60/30 kept back
        clock.now += 1                              # it needed 1 s
        assert budget.share() == 59 - 2             # the rest, less the last unit's floor
