"""The code base stays ruff-clean: lint is part of the test command."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_reports_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--quiet", str(ROOT)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engines_read_no_clock_and_no_global_random():
    """Games are pure; randomness comes from the entry's generator (docs/architecture.md)."""
    forbidden = ("time.time(", "datetime.now(", "datetime.utcnow(", "random.random(",
                 "random.randint(", "random.choice(", "random.shuffle(", "import time",
                 "from hacktable.server", "from hacktable.store", "from hacktable.cli")
    for folder in ("games", "engine"):
        for path in (ROOT / "src" / "hacktable" / folder).rglob("*.py"):
            text = path.read_text()
            for word in forbidden:
                assert f" {word}" not in text and f"\n{word}" not in text, f"{path}: {word}"
