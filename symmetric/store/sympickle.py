"""Pickling that keeps sympy objects as they were built.

pickle's default rebuilds a sympy object by calling its class with its arguments, which
*evaluates*: an unevaluated relation "AP = 0" in a sentence comes back as ``false``, ``0 < p``
as ``true`` where ``p`` is positive, ``x - x`` as 0.  Results and specifications that cross a
process boundary (a measure's units on forked workers, a check in a child process killed at its
deadline) are pickled here, so what arrives is what was sent.
"""

from __future__ import annotations

import io
import pickle

import sympy as sp

# classes whose constructor evaluates its arguments; rebuilt with evaluate=False
_REBUILT_AS_IS = (sp.core.relational.Relational, sp.Add, sp.Mul, sp.Pow, sp.core.function.Application)


def _unevaluated(cls, args):
    return cls(*args, evaluate=False)


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        if isinstance(obj, _REBUILT_AS_IS) and (type(obj).__module__ or "").startswith("sympy"):
            return _unevaluated, (type(obj), obj.args)
        return NotImplemented


def dumps(value) -> bytes:
    """``value`` pickled with sympy's relations, sums, products, powers and function
    applications kept unevaluated (``pickle.loads`` reads it back)."""
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()
