"""A property result as JSON data and back, for the atlas's cache and its workers.

The cache must hold results as *data*, not rendered text, so that the LaTeX, HTML and JSON
renderers work from a cached result exactly as from a fresh one.  A result's proof sentences and
counterexample hold sympy objects; each is written as a tree of tagged lists:

* ``["x", node]`` a sympy object, ``node`` one of ``["int", "123"]``, ``["rat", "p", "q"]``,
  ``["float", "repr", precision]``, ``["sym", name, assumptions]``, ``["dummy", name, index,
  assumptions]``, ``["S", singleton class]``, ``["undef", name, args...]`` (an undefined function
  applied, such as M(h)), or ``[class name, args...]`` for every other class, rebuilt as
  ``cls(*args, evaluate=False)`` (sympy's invariant ``e == e.func(*e.args)``).  Class names are looked up in
  :data:`CLASSES` (sympy's public classes), never evaluated: a cache file is read as data.
* ``["typed", class, {field: value}]`` a counterexample's typed value (:data:`~symmetric.evidence.TYPED_VALUES`),
  ``["t", items]`` a tuple, ``["table", [TP, FP, FN, TN]]`` (each encoded), ``["frac", p, q]``, ``["s", text]``,
  ``["i", n]``, ``["b", flag]``, ``["none"]``; a :class:`~symmetric.evidence.Sentence` is
  ``{"template", "args"}``.

:func:`encode_result` re-decodes what it wrote and refuses (:class:`Unencodable`) a result that
does not come back equal, so a cached result is always the computed one.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.functions.elementary.piecewise import ExprCondPair

from ..certificate import from_data
from ..domain import InternalSymbol
from ..errors import SymmetricError
from ..evidence import TYPED_VALUES, CaseStep, ContingencyTable, Counterexample, PropertyResult, Reading, Sentence
from ..logic import Verdict

CLASSES = {name: obj for name, obj in vars(sp).items() if isinstance(obj, type) and issubclass(obj, sp.Basic)}
CLASSES["ExprCondPair"] = ExprCondPair


_TYPED = {cls.__name__: cls for cls in TYPED_VALUES}      # read as data: a fixed table, never a lookup of code


class Unencodable(SymmetricError):
    """A result holding an object this codec cannot write and read back exactly."""


# bounds on what a cached result may hold, checked before a number is built (a cache file is
# data from disk: ["float", "1.5", 300000000] would otherwise ask mpmath for 3e8 bits)
MAX_DIGITS = 2000           # characters of an integer, numerator or denominator
MAX_PRECISION = 2048        # bits of a Float
MAX_NAME = 200              # characters of a symbol's name, or a float's repr


def _digits(text) -> int:
    text = str(text)
    if len(text) > MAX_DIGITS:
        raise Unencodable(f"a number of {len(text)} characters in a cached result (at most {MAX_DIGITS})")
    return int(text)


def _bounded(value):
    """A JSON number or string of a decoded entry, bounded like the sympy numbers."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_DIGITS * 4:
        raise Unencodable("a number too long in a cached result")
    if isinstance(value, str) and len(value) > 100_000:
        raise Unencodable("a string too long in a cached result")
    return value


def _sympy(x: sp.Basic) -> list:
    if isinstance(x, sp.Integer):
        return ["int", str(int(x))]
    if isinstance(x, sp.Rational):
        return ["rat", str(x.p), str(x.q)]
    if isinstance(x, sp.Float):
        return ["float", repr(x), x._prec]
    if isinstance(x, sp.Dummy):
        return ["dummy", x.name, x.dummy_index, x.__getnewargs_ex__()[1]]
    if isinstance(x, InternalSymbol):
        return ["isym", x.name, x.__getnewargs_ex__()[1]]
    if isinstance(x, sp.Symbol):
        return ["sym", x.name, x.__getnewargs_ex__()[1]]
    if x.is_Atom and not x.args and getattr(sp.S, type(x).__name__, None) is x:
        return ["S", type(x).__name__]
    if isinstance(x, AppliedUndef):
        return ["undef", x.func.__name__, *(_sympy(a) for a in x.args)]
    name = type(x).__name__
    if CLASSES.get(name) is not type(x):
        raise Unencodable(f"no encoding for the sympy class {name}")
    return [name, *(_sympy(a) for a in x.args)]


def _unsympy(node: list) -> sp.Basic:
    tag, *rest = node
    if tag == "int":
        return sp.Integer(_digits(rest[0]))
    if tag == "rat":
        return sp.Rational(_digits(rest[0]), _digits(rest[1]))
    if tag == "float":
        if not isinstance(rest[1], int) or not 1 <= rest[1] <= MAX_PRECISION or len(str(rest[0])) > MAX_NAME:
            raise Unencodable(f"a float of precision {str(rest[1])[:20]} in a cached result (at most {MAX_PRECISION})")
        return sp.Float(rest[0], precision=rest[1])
    if tag == "dummy":
        return sp.Dummy(rest[0], dummy_index=rest[1], **rest[2])
    if tag == "sym":
        return sp.Symbol(rest[0], **rest[1])
    if tag == "isym":
        return InternalSymbol(rest[0], **rest[1])
    if tag == "S":
        singleton = getattr(sp.S, str(rest[0]), None) if not str(rest[0]).startswith("_") else None
        if not isinstance(singleton, sp.Basic):
            raise Unencodable(f"unknown sympy singleton {rest[0]!r} in a cached result")
        return singleton
    if tag == "undef":
        return sp.Function(rest[0])(*(_unsympy(a) for a in rest[1:]))
    if tag not in CLASSES:
        raise Unencodable(f"unknown sympy class {tag!r} in a cached result")
    args = [_unsympy(a) for a in rest]
    try:        # unevaluated: 0 < p stays as written even where p is declared positive
        return CLASSES[tag](*args, evaluate=False)
    except TypeError:       # a class without the keyword (it does not simplify its arguments)
        return CLASSES[tag](*args)


def encode(value) -> list | dict:
    """One value of a result (a sentence argument, a counterexample entry) as tagged JSON data."""
    if value is None:
        return ["none"]
    if isinstance(value, bool):
        return ["b", value]
    if isinstance(value, int):
        return ["i", value]
    if isinstance(value, str):
        return ["s", value]
    if isinstance(value, Fraction):
        return ["frac", value.numerator, value.denominator]
    if isinstance(value, ContingencyTable):
        return ["table", [encode(v) for v in value]]      # cells may be symbols: (a, b, c, d)
    if isinstance(value, TYPED_VALUES):     # a counterexample's typed value: its class and fields
        return ["typed", type(value).__name__,
                {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, CaseStep):           # a sentence and its case as data
        return {"template": value.template, "args": [encode(a) for a in value.args],
                "step": {"case": value.case, "condition": encode(value.condition), "result": encode(value.result),
                         "how": value.how, "certificate": None if value.certificate is None else value.certificate.data()}}
    if isinstance(value, Sentence):
        return {"template": value.template, "args": [encode(a) for a in value.args]}
    if isinstance(value, tuple):
        return ["t", [encode(v) for v in value]]
    if isinstance(value, sp.Basic):
        return ["x", _sympy(value)]
    raise Unencodable(f"no encoding for a {type(value).__name__}")


def decode(data):
    if isinstance(data, dict):
        args = tuple(decode(a) for a in data["args"])
        step = data.get("step")
        if step is not None:
            cert = step.get("certificate")
            return CaseStep(data["template"], args, str(step["case"]), decode(step["condition"]),
                            decode(step["result"]), str(step["how"]), None if cert is None else from_data(cert))
        return Sentence(data["template"], args)
    tag, *rest = data
    match tag:
        case "none":
            return None
        case "b" | "i" | "s":
            return _bounded(rest[0])
        case "frac":
            return Fraction(_bounded(rest[0]), _bounded(rest[1]))
        case "table":
            return ContingencyTable(*(decode(v) for v in rest[0]))
        case "t":
            return tuple(decode(v) for v in rest[0])
        case "x":
            return _unsympy(rest[0])
        case "typed":
            cls = _TYPED.get(rest[0])
            if cls is None:
                raise Unencodable(f"unknown typed value {rest[0]!r} in a cached result")
            return cls(**{k: decode(v) for k, v in rest[1].items()})
    raise Unencodable(f"unknown tag {tag!r} in a cached result")


def _counterexample(cx: Counterexample | None):
    if cx is None:
        return None
    return {"relation": encode(cx.relation), "tables": encode(cx.tables), "point": encode(cx.point),
            "values": encode(cx.values), "description": encode(cx.description)}


def _uncounterexample(data) -> Counterexample | None:
    if data is None:
        return None
    return Counterexample(decode(data["relation"]), decode(data["tables"]), decode(data["point"]),
                          decode(data["values"]), decode(data["description"]))


def _reading(reading: Reading | None):
    return None if reading is None else {"choices": [list(c) for c in reading.choices],
                                         "formula": [list(c) for c in reading.formula]}


def _unreading(data) -> Reading | None:
    if data is None:
        return None
    return Reading(tuple((str(a), str(c)) for a, c in data["choices"]), tuple((str(a), str(c)) for a, c in data["formula"]))


def decode_result(data: dict) -> PropertyResult:
    return PropertyResult(data["property"], data["measure"], Verdict(data["verdict"]),
                          tuple(decode(line) for line in data["proof"]), _uncounterexample(data["counterexample"]),
                          decode(data["reason"]), decode(data["data"]), data["reading"],
                          review=decode(data.get("review", ["none"])), decided_in=_unreading(data.get("decided_in")))


def encode_result(result: PropertyResult) -> dict:
    """``result`` as JSON data; Unencodable unless it decodes back to an equal result."""
    data = {"property": result.property, "measure": result.measure, "verdict": result.verdict.value,
            "reading": result.reading, "proof": [encode(line) for line in result.proof],
            "counterexample": _counterexample(result.counterexample), "reason": encode(result.reason),
            "data": encode(result.data), "review": encode(result.review), "decided_in": _reading(result.decided_in)}
    if decode_result(json.loads(json.dumps(data))) != result:
        raise Unencodable(f"{result.measure} {result.property} ({result.reading}): does not decode to itself")
    return data
