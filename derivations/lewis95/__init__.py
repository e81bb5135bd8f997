"""Lewis, "Evaluating and Optimizing Autonomous Text Classification Systems", SIGIR 1995
(seed 004_8d705d341e302bb9.txt).  Claim ids ``lewis95.*``.

The judgments Z_i are independent Bernoulli(p_i), the decisions s_i fixed.  Closed forms are
compared with the 2^n definition (eq. (1)) as polynomial identities for a symbolic small n,
together with the per-item argument that gives them for every n; figures are recomputed in
exact rationals with :mod:`symmetric.expectation` and compared with each printed number.
The claims are listed loss, F, SEC, as the modules below are given.
"""

from symmetric.claims import Paper, claims_in

from . import f, loss, sec
from .common import PAPER as NAME

PAPER = Paper(NAME, claims_in(loss, f, sec))
