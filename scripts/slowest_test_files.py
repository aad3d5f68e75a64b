"""Which test files take longest, from a JUnit XML report, to keep the suite's order right.

    uv run pytest --junitxml=report.xml
    uv run python scripts/slowest_test_files.py report.xml [--write] [--top 40]

Prints each file's seconds (setup, call and teardown of its tests) longest first. With
`--write`, the longest `--top` go to `tests/slowest_files.txt`, which `tests/conftest.py`
reads to hand the longest files to the workers first (docs/testing.md, "How it runs").
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slowest_files.txt"


def seconds_per_file(report: Path) -> Counter[str]:
    """Seconds per test file; a JUnit `classname` is the file's module path (plus a class)."""
    totals: Counter[str] = Counter()
    for case in ElementTree.parse(report).iter("testcase"):
        parts = case.get("classname", "").split(".")
        for end in range(len(parts), 0, -1):
            candidate = "/".join(parts[:end]) + ".py"
            if (ROOT / candidate).exists():
                totals[candidate] += float(case.get("time", 0) or 0)
                break
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--write", action="store_true", help=f"write {LIST.name}")
    args = parser.parse_args()
    totals = seconds_per_file(args.report)
    for path, seconds in totals.most_common():
        print(f"{seconds:8.1f} s  {path}")
    print(f"{sum(totals.values()):8.1f} s  in all, {len(totals)} files")
    if args.write:
        lines = [path for path, _ in totals.most_common(args.top)]
        LIST.write_text("# Written by scripts/slowest_test_files.py: the longest test files,\n"
                        "# longest first; the workers get them first.\n"
                        + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
