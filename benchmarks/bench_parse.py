"""Benchmark: parsing a constant-heavy ~1000-character count expression.

Run: python benchmarks/bench_parse.py [runs].  Every run clears sympy's cache first, so each
parse pays for building (and checking) every constant node.  Prints each run's CPU time
(process_time: the machine is shared, so wall time is mostly noise) and the median.  Used to price the parser's per-node checks (non-real / infinite constants).
"""

import statistics
import sys
import time

from sympy.core.cache import clear_cache

from symmetric.parse import count_symbols, parse_expression

# constants only where the user would put them: roots, logs, exps, fractions, powers
PIECE = "sqrt(2)*3/7 + log(5)*exp(2)/11 - (2/3)^3*sqrt(5) + max(1/3, log(2))*TP/(AP+1)"


def expression(length: int = 1000) -> str:
    parts = []
    while len(" + ".join(parts + [PIECE])) <= length:
        parts.append(PIECE)
    return " + ".join(parts)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    text, symbols = expression(), count_symbols()
    times = []
    for _ in range(runs):
        clear_cache()
        start = time.process_time()
        parse_expression(text, symbols)
        times.append(time.process_time() - start)
    print(f"{len(text)} characters; runs (ms):", ", ".join(f"{1000 * t:.1f}" for t in times))
    print(f"median: {1000 * statistics.median(times):.1f} ms")


if __name__ == "__main__":
    main()
