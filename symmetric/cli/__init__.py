"""The ``symmetric`` command line.

Each sub-command lives in its own module and registers itself on :data:`main`.  The modules are
imported only when their command runs (:data:`COMMANDS` says which module holds which command,
and the one-line help ``symmetric --help`` shows), so that ``--help`` does not load sympy.
User mistakes
(:class:`~symmetric.errors.InputError`) are reported as one line on standard error with exit
status 2 -- never a traceback; click's own usage errors also exit with 2.
"""

from __future__ import annotations

import importlib
import signal
import sys
import threading

import click

from ..errors import InputError, printable  # noqa: F401  (printable: used by the commands)


# command -> (module that registers it, the short help `symmetric --help` lists; a test checks
# that it is the command's own)
COMMANDS = {
    "atlas": ("atlas_cmd", "Compute the atlas: every catalogue measure against every property."),
    "compare": ("compare_cmd", "Measures side by side: properties, and whether they rank alike."),
    "consistent": ("theory_cmd", "Can one measure have all these properties? (z3, exact re-check)"),
    "check": ("check_cmd", "Check every property of the papers for proposed or catalogued..."),
    "expect": ("expect_cmd", "Expected value of a measure when the judgments are independent..."),
    "implies": ("theory_cmd", "Does property P entail property Q for every measure?"),
    "list": ("list_cmd", "List claims, measures or properties (subcommands below)."),
    "prove": ("claims_cmd", "Run the claims whose id starts with any PREFIX (all claims when..."),
    "show": ("claims_cmd", "Run one claim and print its derivation step by step."),
    "synthesize": ("theory_cmd", "Search a small grammar for a measure with all these properties."),
    "theory-map": ("theory_map_cmd", "The implication matrix of the properties, and their inconsistent sets."),
    "verify": ("verify_cmd", "Check the claims of FILE (TOML: [paper], [[measure]], [[claim]]..."),
}


class Terminated(BaseException):
    """SIGTERM arrived: raised where the program is, so that every ``finally`` runs (a staged
    output folder is removed, a pdflatex child killed) and the outputs stay all old."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(self.name)


def _raise_terminated(signum, frame):
    raise Terminated(signum)


def _on_terminate():
    """Install the SIGTERM handler (main thread only); the previous handler, or None."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise_terminated)


class SymmetricGroup(click.Group):
    """A click group that loads its commands lazily and turns InputError into a message and
    exit status 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str):
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(f"{__name__}.{COMMANDS[name][0]}")
        return self.commands.get(name)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand:
            # click suggests among the commands loaded so far; offer every command
            raise click.exceptions.NoSuchCommand(args[0], possibilities=self.list_commands(ctx), ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1] if name in COMMANDS and name not in self.commands
                 else self.commands[name].get_short_help_str(formatter.width - 6 - len(name)))
                for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def main(self, *args, **kwargs):
        # stdout closed, full or a broken pipe (also for --help): one line and exit 1
        from ..render.files import StreamError, output_errors
        previous = _on_terminate()
        try:
            with output_errors():
                return super().main(*args, **kwargs)
        except StreamError as exc:
            click.echo(f"symmetric: error: {printable(str(exc))}", err=True)
            sys.exit(1)
        except Terminated as exc:
            click.echo(f"symmetric: stopped by {exc.name}; outputs not yet replaced are unchanged", err=True)
            sys.exit(128 + exc.signum)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)

    def invoke(self, ctx: click.Context):
        from ..render.files import check_stream
        try:
            check_stream()          # before the work: its result must have somewhere to go
            return super().invoke(ctx)
        except InputError as exc:
            click.echo(f"symmetric: error: {printable(str(exc))}", err=True)
            sys.exit(2)
        except RecursionError:      # the readers bound nesting first; this is the last line of defence
            click.echo("symmetric: error: the input is nested too deeply to be read", err=True)
            sys.exit(2)


@click.group(cls=SymmetricGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="symmetric")
def main() -> None:
    """symmetric: checked derivations for evaluation-measure papers.

    Every claim of the supported papers is a derivation whose printed steps are checked by
    machine; `prove` runs them and writes a table, a JSON report and LaTeX proofs.
    """


def entry() -> None:
    """The ``symmetric`` console command and ``python -m symmetric``: :data:`main`, then an exit
    without the interpreter's teardown (:mod:`.quickexit`).  Tests invoke :data:`main` itself."""
    from .quickexit import run
    run(main)
