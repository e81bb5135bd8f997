"""The atlas: every catalogue measure against every property, in each property's readings, with
a proof, an exact counterexample or the reason it is undetermined behind every cell.

* :mod:`.plan` -- the cells and the units (decisions of the checker driver) of the atlas;
* :mod:`.run` -- computing them on Dask (local processes, or a cluster), with the per-cell cache;
* :mod:`.cache` -- one JSON file per cell, keyed by the measure's definition, the property, the
  reading, the project's version and a hash of its source;
* :mod:`.codec` -- a property result as JSON data and back (exactly).

Rendering (CSV, JSON, LaTeX, HTML) is :mod:`symmetric.render.atlas`'s; the command is
``symmetric atlas``.
"""
