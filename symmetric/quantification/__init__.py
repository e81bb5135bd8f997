"""Quantification (Sebastiani, "Evaluation measures for quantification: an axiomatic approach").

Modules: :mod:`.distributions` (prevalence vectors over a codeframe, smoothing, the perverse
estimator, the symbolic binary codeframe), :mod:`.measures` (the nine error measures as data),
:mod:`.properties` (all the checkers of IoI ... IND and the binary B-* properties, each returning a
:class:`~symmetric.evidence.PropertyResult`; one module per job: :mod:`.domains`,
:mod:`.search`, :mod:`.memo`, :mod:`.identity`, :mod:`.maximum`, :mod:`.independence`,
:mod:`.binary`; :mod:`.endpoints` for prevalences 0 and 1), :mod:`.check` (what ``symmetric check
--kind quantification`` needs: symbols for user expressions, measure construction, run all).
"""
