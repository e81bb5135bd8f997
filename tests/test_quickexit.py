"""The console command's exit (symmetric/cli/quickexit.py): the status, the output and the exit
handlers are those of an ordinary exit; only the interpreter's teardown is skipped."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from symmetric.cli.quickexit import FLUSH_FAILED, exit_code


@pytest.mark.parametrize("code, status", [(None, 0), (0, 0), (2, 2), (130, 130)])
def test_the_status_is_the_interpreter_s(code, status):
    assert exit_code(code) == status


def test_a_message_as_code_is_printed_and_is_status_1(capsys):
    assert exit_code("symmetric: stopped") == 1
    assert capsys.readouterr().err == "symmetric: stopped\n"


def _run(body: str, *args: str) -> subprocess.CompletedProcess:
    program = textwrap.dedent("""
        import atexit, sys, threading
        from symmetric.cli.quickexit import run
        """) + textwrap.dedent(body)
    return subprocess.run([sys.executable, "-c", program, *args], capture_output=True, text=True, timeout=60)


def test_exit_handlers_run_and_buffered_output_is_written():
    done = _run("""
        atexit.register(lambda: print("handler ran"))
        def command():
            sys.stdout.write("buffered, no newline")
            sys.exit(3)
        run(command)
        """)
    assert done.returncode == 3
    assert done.stdout == "buffered, no newlinehandler ran\n"


def test_a_command_that_returns_exits_0():
    assert _run("run(lambda: None)").returncode == 0


def test_a_thread_still_running_is_waited_for():
    done = _run("""
        import time
        def late():
            time.sleep(0.3)
            print("thread finished", flush=True)
        def command():
            threading.Thread(target=late).start()
            sys.exit(0)
        run(command)
        """)
    assert done.returncode == 0 and done.stdout == "thread finished\n"


def test_output_that_cannot_be_flushed_is_a_failure_status():
    # buffered output (PYTHONUNBUFFERED would make the write itself fail), written only at the end
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c",
                               "import sys\nfrom symmetric.cli.quickexit import run\n"
                               "run(lambda: sys.stdout.write('x' * 10))"], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60, env=buffered)
    assert done.returncode == FLUSH_FAILED


def test_the_module_runs_the_command_through_it():
    done = subprocess.run([sys.executable, "-m", "symmetric", "check", "--measure", "NoSuchMeasure"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "unknown measure" in done.stderr and "Traceback" not in done.stderr
