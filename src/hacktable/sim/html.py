"""`hacktable simulate --report FILE.html`: one self-contained page a designer can open
offline or mail round: the charts are inline SVG drawn by matplotlib, the page has no script
and no outside link.

What it shows, for each configuration (each sweep cell): win rate by seat and by bot with
95% Wilson intervals against the fair share, the distribution of game length, final scores
by bot, and action use; for a sweep, each bot's win rate (or the team's) and the mean game
length against the swept option.
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hacktable.engine.parts import AnyGame
from hacktable.sim.summary import Summary

Swept = tuple[dict[str, Any], Summary]

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 1000px; margin: 2em auto;
       padding: 0 1em; color: #1d1d1f; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .8em 0; display: block; max-width: 100%;
        overflow-x: auto; }  /* a wide table scrolls in place on a phone */
td, th { padding: .2em .7em; border-bottom: 1px solid #e4e4e4; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
.chart svg { max-width: 100%; height: auto; }
.note { color: #555; }
"""


def _svg(figure: Any) -> str:
    """A figure as an inline <svg> element (no XML prologue, no fixed pixel size)."""
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float = 5.0, height: float = 3.2) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable
    plt.rcParams["svg.hashsalt"] = "hacktable"  # the same run draws the same file
    return plt.subplots(figsize=(width, height))


def _rate_bars(labels: Sequence[str], rates: Sequence[float],
               cis: Sequence[Sequence[float]], title: str, fair: float | None) -> str:
    figure, axes = _figure()
    lower = [max(0.0, rate - ci[0]) for rate, ci in zip(rates, cis, strict=True)]
    upper = [max(0.0, ci[1] - rate) for rate, ci in zip(rates, cis, strict=True)]
    axes.bar(range(len(labels)), rates, yerr=[lower, upper], capsize=4, color="#4878a8")
    axes.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0,
                    ha="right" if len(labels) > 4 else "center")
    if fair is not None:
        axes.axhline(fair, color="#c44", linestyle="--", linewidth=1, label="fair share")
        axes.legend(loc="upper right", fontsize=8)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% CI)")
    axes.set_title(title)
    return _svg(figure)


def _lengths(summary: Summary) -> str:
    figure, axes = _figure()
    lengths = summary.phases
    if lengths:
        low, high = min(lengths), max(lengths)
        bins = range(low, high + 2) if high - low <= 60 else 40
        axes.hist(lengths, bins=bins, color="#6a9a58", align="left")
    axes.set_xlabel("closed phases (rounds or turns) per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return _svg(figure)


def _scores(summary: Summary, label: str) -> str:
    figure, axes = _figure()
    names = sorted(summary.scores)
    if names:
        axes.boxplot([summary.scores[name] for name in names], tick_labels=names)
    axes.set_ylabel(label)
    axes.set_title(f"Final {label} by bot")
    return _svg(figure)


def _actions(summary: Summary, top: int = 15) -> str:
    rows = summary.action_frequency()[:top]
    figure, axes = _figure(5.0, max(2.0, 0.28 * len(rows) + 1))
    axes.barh([row["action"] for row in rows][::-1], [row["per_game"] for row in rows][::-1],
              color="#a87848")
    axes.set_xlabel("uses per game")
    axes.set_title("Action use" + (f" (top {top})" if len(summary.actions) > top else ""))
    return _svg(figure)


def _sweep_chart(cells: Sequence[Swept], axes_names: Sequence[str]) -> str:
    """Each bot's win rate per seat played (the team's, in a co-operative game) against the
    swept option; with several swept options, against each combination."""
    figure, axes = _figure(6.4, 3.6)
    labels = _labels(cells, axes_names)
    xlabel = " x ".join(axes_names)
    xs = list(range(len(cells)))
    cooperative = any(summary.cooperative for _, summary in cells)
    series: dict[str, list[tuple[float, float, float]]] = {}
    for _, summary in cells:
        if cooperative:
            team = summary.team_rate()
            series.setdefault("team", []).append((team["rate"], *team["ci"]))
        else:
            rows = {row["personality"]: row for row in summary.win_rates()}
            for name in sorted({r["personality"] for _, s in cells for r in s.win_rates()}):
                row = rows.get(name)
                series.setdefault(name, []).append(
                    (row["per_seat"], *row["ci"]) if row else (float("nan"),) * 3)
    for name, points in series.items():
        rates = [p[0] for p in points]
        axes.errorbar(xs, rates, yerr=[[max(0.0, p[0] - p[1]) for p in points],
                                       [max(0.0, p[2] - p[0]) for p in points]],
                      marker="o", capsize=4, label=name)
    axes.set_xticks(xs, labels, rotation=30 if len(axes_names) > 1 else 0,
                    ha="right" if len(axes_names) > 1 else "center")
    axes.set_xlabel(xlabel)
    axes.set_ylim(0, 1)
    axes.set_ylabel("team win rate" if cooperative else "wins per seat played")
    axes.set_title("Win rate against the option (95% CI)")
    axes.legend(fontsize=8)
    return _svg(figure)


def _labels(cells: Sequence[Swept], axes_names: Sequence[str]) -> list[str]:
    """Tick labels: the value alone for one swept option, name=value pairs for a grid."""
    if len(axes_names) == 1:
        return [str(swept[axes_names[0]]) for swept, _ in cells]
    return [", ".join(f"{k}={v}" for k, v in swept.items()) for swept, _ in cells]


def _sweep_lengths(cells: Sequence[Swept], axes_names: Sequence[str]) -> str:
    figure, axes = _figure(6.4, 3.2)
    labels = _labels(cells, axes_names)
    axes.boxplot([summary.phases or [0] for _, summary in cells], tick_labels=labels)
    axes.tick_params(axis="x", labelrotation=30 if len(axes_names) > 1 else 0)
    axes.set_xlabel(" x ".join(axes_names))
    axes.set_ylabel("closed phases per game")
    axes.set_title("Game length against the option")
    return _svg(figure)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _ci(ci: Sequence[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def _section(summary: Summary, players: int, label: str) -> str:
    seats = summary.seat_rates()
    bots = summary.win_rates()
    parts = []
    if summary.cooperative:
        team = summary.team_rate()
        parts.append(f"<p>Co-operative: the team won {team['wins']:,} of {team['games']:,} "
                     f"games, {_pct(team['rate'])} (95% CI {_ci(team['ci'])}).</p>")
        fair = None
    else:
        fair = 1 / players
    parts.append(_table(["seat", "bots", "win rate", "95% CI"],
                        [[str(r["seat"]), ", ".join(r["personalities"]), _pct(r["rate"]),
                          _ci(r["ci"])] for r in seats]))
    parts.append(_table(["bot", "seats played", "wins per seat", "95% CI"],
                        [[r["personality"], f"{r['seats']:,}", _pct(r["per_seat"]),
                          _ci(r["ci"])] for r in bots]))
    charts = [
        _rate_bars([str(r["seat"]) for r in seats], [r["rate"] for r in seats],
                   [r["ci"] for r in seats], "Win rate by seat", fair),
        _rate_bars([r["personality"] for r in bots], [r["per_seat"] for r in bots],
                   [r["ci"] for r in bots], "Win rate by bot (per seat played)", fair),
        _lengths(summary),
        _scores(summary, label),
        _actions(summary),
    ]
    parts.append('<div class="charts">' + "".join(f'<div class="chart">{c}</div>'
                                                  for c in charts) + "</div>")
    if summary.games > summary.finished:
        parts.append(f'<p class="note">{summary.games - summary.finished} game(s) hit the '
                     "step limit and count in no rate.</p>")
    return "\n".join(parts)


def render_report(game: AnyGame, personalities: Sequence[str], players: int, rotate: bool,
                  seed: int, cells: Sequence[Swept], axes_names: Sequence[str],
                  label: str = "score") -> str:
    """The whole page as a string."""
    games = cells[0][1].games if cells else 0
    title = f"{game.name}: {games:,} games per configuration"
    intro = (f"{players} players: {', '.join(personalities)}"
             f"{' (rotated round the table from game to game)' if rotate else ''}; "
             f"seeds {seed} to {seed + games - 1}. Rates carry 95% Wilson intervals; "
             "ties of k winners credit 1/k each.")
    body = [f"<h1>{html.escape(title)}</h1>", f'<p class="note">{html.escape(intro)}</p>']
    if axes_names:
        body.append("<h2>Sweep</h2>")
        body.append('<div class="charts">'
                    f'<div class="chart">{_sweep_chart(cells, axes_names)}</div>'
                    f'<div class="chart">{_sweep_lengths(cells, axes_names)}</div></div>')
    for swept, summary in cells:
        heading = ", ".join(f"{k}={v}" for k, v in swept.items()) or "Results"
        body.append(f"<h2>{html.escape(heading)}</h2>")
        body.append(_section(summary, players, label))
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_report(path: Path, game: AnyGame, personalities: Sequence[str], players: int,
                 rotate: bool, seed: int, cells: Sequence[Swept], axes_names: Sequence[str],
                 label: str = "score") -> None:
    path.write_text(render_report(game, personalities, players, rotate, seed, cells,
                                  axes_names, label), encoding="utf-8")
