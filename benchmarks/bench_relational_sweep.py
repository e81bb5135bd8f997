"""Sweep: random relational clauses (every transformation kind, random relation and condition) on
every catalogue classification measure, in both definedness readings, through the driver; counts
the verdicts and lists every cross-check contradiction or internal error (a contradiction is a
wrong verdict of the relational decider, unless the measure is one of the known count-form /
written-form disagreements of issue 16: F, F(R,S), Kappa, ProbF1).

Run: python benchmarks/bench_relational_sweep.py  (about 100 s on the shared 2-core machine;
seed 7: 1144 verdicts, 178 holds, 895 fails, 71 undetermined, 31 contradictions, all on F,
F(R,S) and Kappa).
"""

import time, random
from collections import Counter
import symmetric
from symmetric.measures import registry
from symmetric.properties.catalogue import DEFINEDNESS
from symmetric.properties.literature import user_property
from symmetric.properties.statements import Clause, RelationalStatement, Transform
import sympy as sp
from symmetric.space import TP, FP, FN, TN
CLAUSES = [
    ("swap", ("TP", "TN")), ("swap", ("TP", "FN")), ("swap", ("TP", "TN", "FP", "FN")), ("move", ("FP", "TN")),
    ("move", ("TP", "FN")), ("move", ("TN", "FP")), ("add", ("FN",)), ("add", ("TP",)), ("scale", ("TP",)),
    ("scale", ("TP", "FP")), ("scale", ("FN", "TN")), ("perfect", ()), ("worst", ()),
]
RELS = ["=", "better", "not-worse", "worse", ">="]
random.seed(7)
counts, problems = Counter(), []
t0 = time.time()
for name in registry.names("classification"):
    m = registry.get(name)
    for kind, cells in CLAUSES:
        rel = random.choice(RELS)
        where = random.choice([(), (sp.Ge(TP, 1),), (sp.Ge(FP + FN, 1),), (sp.Eq(TN, 0),)])
        st = RelationalStatement((Clause(Transform(kind, cells), rel, where),))
        p = user_property("X", "d", "s", st, DEFINEDNESS)
        for r in symmetric.check(m, [p], time_limit=30, alternates=True):
            counts[r.verdict.value] += 1
            reason = str(r.reason)
            if "contradiction" in reason or "internal error" in reason:
                problems.append((name, kind, cells, rel, where, r.reading, reason[:200]))
                print("PROBLEM", problems[-1], flush=True)
print(dict(counts), len(problems), round(time.time() - t0), "s", flush=True)
