"""symmetric: mechanised, checked derivations for evaluation-measure papers.

Pipeline (one sub-package per stage): ``space`` and ``measures`` -> ``checks`` and
``transforms`` -> ``properties`` -> ``claims`` -> ``render`` -> ``cli``.
"""

__version__ = "0.1.0"
