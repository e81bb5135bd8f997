"""Measures from user input: expressions, parameter declarations and TOML files.

This is the library side of ``symmetric check``'s input, below rendering and the command
line, so that other front ends (the Python API, a future ``symmetric verify FILE``) build
measures from text without importing the CLI:

* :mod:`.kinds` -- the kinds of measure (classification, quantification) as data;
* :mod:`.measures` -- :func:`build_measure` from text, :func:`lookup` in a catalogue;
* :mod:`.toml_measures` -- :func:`measures_from_toml`, every ``[[measure]]`` table of a file;
* :mod:`.toml_text` -- reading a TOML file as text and pointing into it.

User text is parsed by :mod:`symmetric.parse` (never evaluated).
"""

from __future__ import annotations

from .kinds import FORM_KEYS, KINDS, Form, Kind, kind_named, misfit_form, owners
from .measures import COMMAND_LINE, build_measure, lookup
from .toml_measures import measures_from_toml

__all__ = ["COMMAND_LINE", "FORM_KEYS", "KINDS", "Form", "Kind", "build_measure", "kind_named", "lookup",
           "measures_from_toml", "misfit_form", "owners"]
