"""tests/bytecode_cache.py: where PYTHONDONTWRITEBYTECODE is set, the test processes keep their
bytecode in the user's cache folder (never beside the sources); a prefix the user chose, or a
setting that writes bytecode already, is left alone."""

from __future__ import annotations

import os
import sys

import bytecode_cache


def _environment(monkeypatch, tmp_path, **env):
    for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", "PYTHONDONTWRITEBYTECODE" in env)


def test_no_bytecode_setting_gets_a_cache_folder_outside_the_sources(monkeypatch, tmp_path):
    _environment(monkeypatch, tmp_path, PYTHONDONTWRITEBYTECODE="1")
    bytecode_cache.use()
    folder = tmp_path / "symmetric-tests" / "pyc"
    assert folder.is_dir()
    assert os.environ["PYTHONPYCACHEPREFIX"] == str(folder) and "PYTHONDONTWRITEBYTECODE" not in os.environ
    assert sys.pycache_prefix == str(folder) and sys.dont_write_bytecode is False


def test_a_chosen_prefix_or_a_writing_setting_is_left_alone(monkeypatch, tmp_path):
    _environment(monkeypatch, tmp_path, PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(tmp_path / "mine"))
    bytecode_cache.use()
    assert os.environ["PYTHONDONTWRITEBYTECODE"] == "1" and sys.dont_write_bytecode is True
    assert os.environ["PYTHONPYCACHEPREFIX"] == str(tmp_path / "mine") and sys.pycache_prefix is None
    _environment(monkeypatch, tmp_path)
    bytecode_cache.use()
    assert "PYTHONPYCACHEPREFIX" not in os.environ and sys.pycache_prefix is None
    assert not (tmp_path / "symmetric-tests").exists()
