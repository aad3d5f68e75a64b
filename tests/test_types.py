"""The package type-checks: mypy, under the project's own configuration (pyproject.toml,
strict where the contract meets the server), finds nothing."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_nothing():
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"mypy found errors:\n{result.stdout}{result.stderr}", pytrace=False)
