"""bin/run on a shared database: no per-host generated SECRET_KEY (a session made on one host must
work on the others), a clear start-up error instead; with SQLite it still generates one."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DATABASE_URL", "ALLOW_INSECURE_KEY")}
    return subprocess.run(
        [str(ROOT / "bin" / "run")],
        env={**base, "VAR_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_shared_database_without_a_secret_key_is_refused_at_start(tmp_path):
    done = run(tmp_path, DATABASE_URL="postgres://mahjong@10.0.0.5:5432/mahjong")
    assert done.returncode == 2
    assert "SECRET_KEY must be set (the same on every host)" in done.stderr
    assert not (tmp_path / "secret_key").exists()
