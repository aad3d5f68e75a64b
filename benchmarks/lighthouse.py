"""Lighthouse's scores for every game's seat page, on the mobile profile.

    uv run python benchmarks/lighthouse.py [--games rexfurum,cpu] [--json FILE]

Starts `hacktable serve` on a free loopback port with an SQLite file of its own; for each
game, creates a match at its fewest seats (the other seats bots), takes seat 1 and starts
it; then runs Lighthouse 12.2.3 (`benchmarks/lighthouse/`, installed with `npm ci` when its
node_modules is missing; the 13 line needs a newer Node) on that seat's page
(`/m/CODE`, the seat's cookie sent as a header) with its default mobile profile
(simulated slow 4G and a 4x slower processor) in Debian's chromium (`CHROME_PATH`,
/usr/bin/chromium by default). Prints per game the performance and accessibility scores,
first and largest contentful paint, and the bytes transferred. A benchmark, not a test:
nothing asserts, and a busy machine lowers the performance score (the load average is
printed beside it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import httpx

from served import serve, started_match

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "benchmarks" / "lighthouse"
CLI = LIGHTHOUSE / "node_modules" / "lighthouse" / "cli" / "index.js"


def seat_page(base: str, game: dict[str, Any]) -> tuple[str, str]:
    """A started match of `game` (two seats where it allows them) with seat 0 taken: its
    page's URL and the seat's cookie."""
    code, token = started_match(base, game["id"], 2)
    return f"{base}/m/{code}", f"hacktable_seat_{code}={token}"


def lighthouse(url: str, cookie: str, folder: Path) -> dict[str, Any]:
    """One Lighthouse run (mobile, its default), as its JSON report."""
    out = folder / "report.json"
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    subprocess.run(["node", str(CLI), url, "--quiet", "--output=json",
                    f"--output-path={out}", "--only-categories=performance,accessibility",
                    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
                    f"--extra-headers={json.dumps({'Cookie': cookie})}"],
                   cwd=LIGHTHOUSE, env=dict(os.environ, CHROME_PATH=chrome), check=True,
                   timeout=300)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def figures(report: dict[str, Any]) -> dict[str, Any]:
    audits = report["audits"]
    return {
        "performance": round(100 * (report["categories"]["performance"]["score"] or 0)),
        "accessibility": round(100 * (report["categories"]["accessibility"]["score"] or 0)),
        "fcp_ms": audits["first-contentful-paint"]["numericValue"],
        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
        "transfer_bytes": audits["total-byte-weight"]["numericValue"],
        "final_url": report.get("finalDisplayedUrl") or report.get("finalUrl"),
        "accessibility_missed": [ref["id"] for ref in
                                 report["categories"]["accessibility"]["auditRefs"]
                                 if ref.get("weight") and audits[ref["id"]]["score"] is not None
                                 and audits[ref["id"]]["score"] < 1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--json", dest="json_out", metavar="FILE")
    args = parser.parse_args()
    if not (shutil.which("node") and shutil.which("npm")):
        print("Node.js is not installed, so Lighthouse cannot run; nothing was run.")
        return
    if not (LIGHTHOUSE / "node_modules").is_dir():
        print("installing Lighthouse 12.2.3 (npm ci) ...", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE, check=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="hacktable-lighthouse-") as scratch:
        folder = Path(scratch)
        process, base = serve(folder, "lighthouse.db")
        try:
            games = httpx.get(f"{base}/api/games", timeout=30).json()
            wanted = set(args.games.split(",")) if args.games else None
            for game in games:
                if wanted and game["id"] not in wanted:
                    continue
                url, cookie = seat_page(base, game)
                load = os.getloadavg()[0]
                row = {"game": game["id"], "load_average": load,
                       **figures(lighthouse(url, cookie, folder))}
                print(f"{row['game']:<17} performance {row['performance']:>3}  accessibility "
                      f"{row['accessibility']:>3}  FCP {row['fcp_ms'] / 1000:5.1f} s  LCP "
                      f"{row['lcp_ms'] / 1000:5.1f} s  transfer {row['transfer_bytes'] / 1024:6.0f}"
                      f" KiB  (load average {load:.1f})", flush=True)
                if row["accessibility_missed"]:
                    print(f"{'':<17} accessibility audits missed: "
                          f"{', '.join(row['accessibility_missed'])}", flush=True)
                rows.append(row)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
