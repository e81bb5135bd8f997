"""atlas.json assembled from its cells' texts (render/atlas.py: made on the render workers) is
the text one ``json.dumps(..., indent=1)`` of the whole gives, byte for byte, for any JSON data
(strings with line breaks, quotes and non-ASCII characters, empty and nested containers)."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from symmetric.render import atlas as atlas_render

text = st.text(alphabet=st.sampled_from('ab "\\\n\t\u00e9\u2265{}[],:'), max_size=8)
scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | text
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                      max_leaves=12)
cells = st.lists(st.dictionaries(text, values, max_size=4), max_size=4)
tallies = st.dictionaries(text, st.dictionaries(text, st.integers(0, 99), max_size=3), max_size=3)


@settings(max_examples=200, deadline=None)
@given(cells=cells, tally=tallies)
def test_assembled_json_is_one_dumps(cells, tally):
    original = atlas_render.counts
    atlas_render.counts = lambda results: tally
    try:
        assembled = atlas_render.atlas_json((), [atlas_render.cell_text(c) for c in cells])
    finally:
        atlas_render.counts = original
    assert assembled == json.dumps({"counts": tally, "cells": cells}, indent=1, ensure_ascii=False) + "\n"


keys = text | st.integers(-5, 5) | st.booleans() | st.none() | st.floats(allow_nan=False, width=32)
odd = st.recursive(scalars | st.floats(allow_nan=True, allow_infinity=True),
                   lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                   | st.dictionaries(keys, inner, max_size=3), max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(value=odd, depth=st.integers(0, 3))
def test_a_cells_text_is_the_standard_encoding(value, depth):
    """floats (NaN and infinities too), tuples, keys that are not strings: as json.dumps."""
    expected = json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n" + " " * depth)
    assert atlas_render._dumps(value, depth) == expected
