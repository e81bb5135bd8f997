"""Transforms of measures: non-informativeness, output-size calculus, limits, smoothing."""
