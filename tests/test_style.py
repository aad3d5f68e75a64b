"""The code base stays ruff-clean: lint is part of the test command."""

import json
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


def test_imports_go_down_and_never_in_a_circle():
    """No import circle, and no module imports a layer above its own (docs/architecture.md,
    Layers), as `scripts/import_graph.py` reads them."""
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "import_graph.py"),
                             "--json"], capture_output=True, text=True, check=True)
    graph = json.loads(result.stdout)
    assert graph["circles"] == [] and graph["upward"] == [], graph
