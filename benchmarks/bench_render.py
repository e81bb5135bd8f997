"""Benchmark: the output commands a reader waits for.

Run: python benchmarks/bench_render.py [runs].  Times, as CPU seconds of the child process
(resource.RUSAGE_CHILDREN: the machine is shared, so wall time is mostly noise) and wall
seconds, with the median over the runs:

* ``symmetric --help``;
* ``symmetric show`` of one Amigó claim (mathematics drawn in Unicode) and of one with --latex;
* rendering every claim file and the main document of latex_out/ from results already computed
  (what render/ adds to ``symmetric prove``).
"""

import resource
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "--help": ["--help"],
    "show amigo.appendix.wacc_absolute_weighting": ["show", "amigo.appendix.wacc_absolute_weighting"],
    "show amigo.appendix.lam_fixed_quality --latex": ["show", "amigo.appendix.lam_fixed_quality", "--latex"],
}


def child(args) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "symmetric", *args], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def render_all() -> float:
    import derivations
    from symmetric.claims import registry
    from symmetric.render import latex

    registry.register(derivations.PAPERS)
    results = list(registry.run(registry.all_claims()))
    start = time.process_time()
    latex.document_files(results, [r.id for r in results])
    return time.process_time() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for name, args in COMMANDS.items():
        cpu, wall = zip(*(child(args) for _ in range(runs)))
        print(f"{name}: CPU median {statistics.median(cpu):.3f} s, wall median {statistics.median(wall):.3f} s "
              f"(runs: {', '.join(f'{c:.2f}' for c in cpu)})")
    print(f"render every claim file: {render_all():.2f} s CPU")


if __name__ == "__main__":
    main()
