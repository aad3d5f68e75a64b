"""Write Scare-City's card tables into docs/rules/scarecity.md from cards.toml.

    uv run python scripts/scarecity_card_tables.py          # rewrite the page's tables
    uv run python scripts/scarecity_card_tables.py --check  # exit 1 if the page is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hacktable.games.scarecity.doc_tables import generated_part, render, replace_in

PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "scarecity.md"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    page = PAGE.read_text(encoding="utf-8")
    if args.check:
        stale = generated_part(page) != render()
        print("docs/rules/scarecity.md card tables are " + ("stale" if stale else "current"))
        return int(stale)
    PAGE.write_text(replace_in(page), encoding="utf-8")
    print(f"wrote the card tables into {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
