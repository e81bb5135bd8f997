"""The ``symmetric`` command line.

Each sub-command lives in its own module and registers itself on :data:`main`.  User mistakes
(:class:`~symmetric.errors.InputError`) are reported as one line on standard error with exit
status 2 -- never a traceback; click's own usage errors also exit with 2.
"""

from __future__ import annotations

import sys

import click

from ..errors import InputError


class SymmetricGroup(click.Group):
    """A click group that turns InputError into a message and exit status 2."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except InputError as exc:
            click.echo(f"symmetric: error: {exc}", err=True)
            sys.exit(2)


@click.group(cls=SymmetricGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="symmetric")
def main() -> None:
    """symmetric: checked derivations for evaluation-measure papers.

    Every claim of the supported papers is a derivation whose printed steps are checked by
    machine; `prove` runs them and writes a table, a JSON report and LaTeX proofs.
    """


from . import claims_cmd  # noqa: E402,F401  (registers prove, list, show)
from . import check_cmd  # noqa: E402,F401  (registers check)
from . import expect_cmd  # noqa: E402,F401  (registers expect)
