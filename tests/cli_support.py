"""What every command-line test needs: one way to invoke `symmetric`, and one definition of how a
user mistake must end (exit 2, the expected message, no traceback, no stray exception)."""

from __future__ import annotations

from click.testing import CliRunner, Result

from symmetric.cli import main


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def run_check(args, tmp_path) -> Result:
    """`symmetric check ARGS`, LaTeX into tmp_path and no PDF (the PDF build has its own test)."""
    return invoke("check", *args, "--no-pdf", "--latex", str(tmp_path / "tex"))


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    for fragment in fragments:
        assert fragment in result.output, f"fragment={fragment!r} output={result.output!r}"
    assert "Traceback" not in result.output
    # click turns a user error into SystemExit(2); anything else escaping is a bug shown as exit 2.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
