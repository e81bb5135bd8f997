"""Run checkers with every display label and sentence template rewritten (for
tests/test_scrambled_labels.py): ``python -c "import scramble_support as s; s.main(True)"`` prints
one JSON summary of the verdicts and the cross-check's re-checks."""

from __future__ import annotations

import codecs
import dataclasses
import json
import string
import sys

MARK = "\u00a7"      # every scrambled label and template starts with it


def scramble(text: str) -> str:
    """Unrecognisable, injective, deterministic: rot13, reversed, marked."""
    return MARK + codecs.encode(text, "rot13")[::-1]


def scramble_template(template: str) -> str:
    """The prose of a sentence template scrambled, its slots ({0}, {1}, ...) kept."""
    out = []
    for literal, field, _, _ in string.Formatter().parse(template):
        out.append(scramble(literal).replace("{", "{{").replace("}", "}}") if literal else "")
        if field is not None:
            out.append("{" + field + "}")
    return "".join(out)


def install() -> dict:
    """Patch Counterexample and Sentence so that everything built from now on is scrambled;
    returns counters of what was scrambled."""
    from symmetric import evidence
    seen = {"counterexamples": 0, "sentences": 0}
    cx_init, sentence_init = evidence.Counterexample.__post_init__, evidence.Sentence.__post_init__

    def cx_post_init(self):
        cx_init(self)
        if any(k.startswith(MARK) for k, _ in self.tables):
            return                     # rebuilt by dataclasses.replace: scrambled already
        seen["counterexamples"] += 1
        values = tuple(dataclasses.replace(v, label=scramble(v.label),
                                           **({"table_name": scramble(v.table_name)} if hasattr(v, "table_name") else {}))
                       if isinstance(v, evidence.TYPED_VALUES) else (scramble(v[0]), v[1]) for v in self.values)
        object.__setattr__(self, "tables", tuple((scramble(k), t) for k, t in self.tables))
        object.__setattr__(self, "point", tuple((scramble(k), v) for k, v in self.point))
        object.__setattr__(self, "values", values)
        if isinstance(self.relation, str):
            object.__setattr__(self, "relation", scramble(self.relation))

    def sentence_post_init(self):
        if not self.template.startswith(MARK) and not self.template.startswith("{"):
            seen["sentences"] += 1
            object.__setattr__(self, "template", scramble_template(self.template))
        sentence_init(self)

    evidence.Counterexample.__post_init__ = cx_post_init
    evidence.Sentence.__post_init__ = sentence_post_init
    return seen


def subjects():
    from symmetric.measures import registry
    from symmetric.userinput.kinds import KINDS
    from symmetric.userinput.measures import build_measure
    classification = [build_measure(KINDS["classification"], "M", {"counts": text}) for text in
                      ("(TP + TN)/n", "2*TP/(2*TP + FP + FN)", "(TP + 1)/(PP + 2)", "TP/(TP + FP) - FN/(FN + TN)")]
    classification.append(registry.get("F"))            # a parameter (alpha) travels with each score
    quantification = [build_measure(KINDS["quantification"], "E", {"term": text}) for text in
                      ("abs(q - p)/n", "(q - p)*p", "(q - p)^2/p + n*abs(q - p)")]
    return classification, quantification


def summary(measure, result) -> dict:
    from symmetric.crosscheck.formula import classification_formula, quantification_formula
    from symmetric.crosscheck.recheck import recheck_counterexample
    from symmetric.evidence import TYPED_VALUES
    cx, recheck, typed = result.counterexample, None, []
    if cx is not None:
        formula = (quantification_formula if hasattr(measure, "term") else classification_formula)(measure)
        found = recheck_counterexample(formula, cx, "strict" in result.reading)
        recheck = [found.witness is None, found.missing is None, found.checked, found.uncertain, found.untyped]
        typed = [[type(v).__name__, *(str(getattr(v, f.name)) for f in dataclasses.fields(v)
                                      if f.name not in ("label", "table_name"))]
                 for v in cx.values if isinstance(v, TYPED_VALUES)]
    return {"measure": str(getattr(measure, "term", None) or measure.name), "property": result.property,
            "reading": result.reading, "verdict": result.verdict.value, "reviewed": result.reviewed,
            "recheck": recheck, "typed": typed}


def main(scrambled: bool) -> None:
    seen = install() if scrambled else {}
    from symmetric.properties import driver
    classification, quantification = subjects()
    out = []
    for m in classification:
        for r in driver.check(m, ("SM", "AW", "NIFQ", "NIGQ", "MON", "CON", "SDE", "WDE", "FIX", "CHA", "IMB", "SYM"),
                              alternates=True, time_limit=None):
            out.append(summary(m, r))
    for m in quantification:
        for r in driver.check(m, None, time_limit=None):
            out.append(summary(m, r))
    json.dump({"results": out, "seen": seen}, sys.stdout)
