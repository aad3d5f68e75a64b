"""The `hacktable` command: list games, play one in the terminal, replay a saved match,
simulate bot games."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from hacktable.bots.registry import make_bot, seat_personalities
from hacktable.console import console, fail, parse_options, say
from hacktable.engine import GM, SPECTATOR, Match, Rejected
from hacktable.engine.contract import Prompt
from hacktable.engine.errors import NeedsConfirmation
from hacktable.engine.parts import AnyGame
from hacktable.engine.seats import seat_names
from hacktable.games import all_games, get_game

if TYPE_CHECKING:
    # The click that typer's groups speak: typer now carries its own copy of click, whose
    # Context and Command are not the click package's.
    from typer import _click as click

    from hacktable.mail.settings import MailSettings


class _Commands(TyperGroup):
    """The commands, with `simulate` loaded only when it is asked for: the simulator and its
    progress bars and reports are a good part of the import time, and `hacktable serve`
    needs none of them before its first answer."""

    LAZY = "simulate"

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*super().list_commands(ctx), self.LAZY]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name != self.LAZY:
            return super().get_command(ctx, name)
        from hacktable.sim.command import simulate

        alone = typer.Typer(add_completion=False)
        alone.command(self.LAZY)(simulate)
        return typer.main.get_command(alone)


app = typer.Typer(help="hacktable: a digital table for hacker-themed tabletop games.",
                  no_args_is_help=True, add_completion=False, cls=_Commands)


@app.command()
def games() -> None:
    """List the registered games with their player counts, options and bots."""
    from rich.table import Table

    for game in all_games():
        table = Table(title=f"{game.name}  ({game.id}, {game.min_seats}-{game.max_seats} "
                            "players)", title_justify="left", show_lines=False)
        table.add_column("option")
        table.add_column("default", justify="right")
        table.add_column("range")
        table.add_column("meaning")
        for option in game.options:
            table.add_row(option.name, str(option.default).lower()
                          if isinstance(option.default, bool) else str(option.default),
                          option.describe_range(), option.help)
        console.print(table)
        console.print(f"bots: {', '.join(sorted(game.bots()))}", highlight=False)
        if game.credits:
            console.print(game.credits, highlight=False)
        console.print()


def _new_suffix(old: str, new: str) -> str:
    return new[len(old):] if new.startswith(old) else new


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(help="The game to play, e.g. rexfurum.")],
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "Player",
    players: Annotated[int, typer.Option(help="Seats at the table, yours included.")] = 5,
    bots: Annotated[str, typer.Option(
        help="Bot personalities for the other seats, comma-separated, dealt in turn.")] = "",
    seed: Annotated[int | None, typer.Option(
        help="Seed for the deal (random if unset).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                                     help="A rule option, name=value.")] = None,
    save: Annotated[Path, typer.Option(help="Where to write the match log.")] = Path(
        "hacktable-match.json"),
    seat: Annotated[int, typer.Option(
        help="Your seat, counted from 0; bots take the others. In Rules for Runners seat 0 "
             "is the gamemaster: --seat 1 plays a runner with a bot GM.")] = 0,
) -> None:
    """Play a game in the terminal against bots; the log is saved for `hacktable replay`."""
    try:
        game = get_game(game_id)
        if not game.min_seats <= players <= game.max_seats:
            raise Rejected(f"{game.name} is played by {game.min_seats} to {game.max_seats} "
                           f"players, not {players}.")
        if not 0 <= seat < players:
            raise Rejected(f"Pick your seat from 0 to {players - 1}.")
        personalities = seat_personalities(game, bots or None, players - 1)
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        names = seat_names(players - 1, avoid=name)
        names.insert(seat, name)
        match = Match(game, names, parse_options(option or []), seed)
    except Rejected as rejected:
        raise fail(rejected.reason) from None
    others = [s for s in range(players) if s != seat]
    seat_bots = {s: make_bot(game, personalities[i]) for i, s in enumerate(others)}
    referee = game.referee_seat == seat
    console.print(f"[bold]{game.name}[/]: you are {match.seats[seat]} (seat {seat}"
                  + (", the gamemaster" if referee else "") + "); the others: "
                  + ", ".join(f"{match.seats[s]} ({seat_bots[s].personality})"
                              for s in seat_bots) + f". Seed {seed}.", highlight=False)
    console.print("Type your moves; [bold]pass[/] lets your time run out (an empty line "
                  "passes on a move you may but need not make); [bold]board[/] shows the "
                  "table; [bold]rules[/] shows how to play; [bold]quit[/] stops.")
    try:
        _terminal_loop(match, seat_bots, seed, seat)
        outcome = match.outcome()
        console.print(f"[bold]{outcome.summary if outcome else 'The game stopped.'}[/]",
                      highlight=False)
    finally:
        save.write_text(match.dumps())
        console.print(f"Match log saved to {save}; see it again with "
                      f"`hacktable replay {save}`.", highlight=False)


DEFAULT_BOT_PACE = 1.5
"""Seconds a bot takes per move at a served table unless HACKTABLE_BOT_PACE says otherwise."""
TERMINAL_STEP_LIMIT = 100_000
"""Bot moves and closed phases in one terminal game, so a game that stalls cannot spin."""


def _terminal_loop(match: Match, seat_bots: dict[int, Any], seed: int, human: int = 0) -> None:
    """Play until the game ends: bots move one move at a time, as the simulator's runner
    does (so turn-based games go on for as many moves as a turn takes); the person at seat
    `human` is asked whenever a prompt waits for them; when nobody is left to act, the
    phase's clock runs out (`close_phase`), unless a seat waits on someone else (its clock
    stands still, as at a served table): then the person is asked again, since only they
    can answer."""
    from hacktable.sim.runner import bot_rng

    rngs = {seat: bot_rng(seed, seat) for seat in seat_bots}
    declined: dict[int, Prompt] = {}
    passed: Prompt | None = None
    shown, told = "", 0
    for _ in range(TERMINAL_STEP_LIMIT):
        if match.outcome() is not None:
            break
        prompts = match.prompts()
        mine = prompts.get(human)
        waiting = mine is not None and not mine.submitted and mine != passed
        optional = (mine is not None and waiting and mine.time_limit is None
                    and not mine.simultaneous)
        if not optional and _bot_moves(match, seat_bots, rngs, declined, prompts):
            continue
        shown, told = _show(match, shown, told, human)
        if mine is not None and waiting:
            answer = _ask(match, mine, human)
            if answer == "pass" or (answer == "empty" and optional):
                passed = mine
                if optional:
                    continue
            else:
                passed = None if answer == "moved" else passed
                continue
        held = [seat for seat, prompt in prompts.items() if prompt.waiting]
        if held:
            if mine is None or human in held:
                say("Nobody answers the question asked: the game stops here.")
                return
            names = ", ".join(f"seat {seat} ({match.seats[seat]})" for seat in held)
            say(f"{names[0].upper()}{names[1:]} {'waits' if len(held) == 1 else 'wait'} for "
                "your answer: the phase cannot end before it comes (quit stops the game).")
            passed = None
            continue
        try:
            match.close_phase()
        except Rejected as rejected:
            if mine is None or mine.submitted:
                say(f"Nobody can move: {rejected.reason}")
                return
            console.print(f"[red]{rejected.reason}[/]", highlight=False)
        passed = None
        declined.clear()
    _show(match, shown, told, human)


def _bot_moves(match: Match, seat_bots: dict[int, Any], rngs: dict[int, random.Random],
               declined: dict[int, Prompt], prompts: dict[int, Prompt]) -> bool:
    """Let the first bot that wants to act make one move; False when none does."""
    for seat, bot in seat_bots.items():
        prompt = prompts.get(seat)
        if prompt is None or prompt.submitted or declined.get(seat) == prompt:
            continue
        legal = match.legal_actions(seat) if bot.wants_legal else None
        action = bot.act(match.view(seat), prompt, legal, rngs[seat])
        if action is None:
            declined[seat] = prompt
            continue
        try:
            match.submit(seat, action)
        except Rejected:
            declined[seat] = prompt
            continue
        declined.pop(seat, None)
        return True
    return False


def _show(match: Match, shown: str, told: int, human: int = 0) -> tuple[str, int]:
    """Print what the person's seat may know that happened since last time, then the board:
    when the phase changed (a new turn, round or window), the seat's letter for it (what a
    player by mail is sent: Rex Furum's latest report, not every earlier one again; the
    whole board for most games), else only what changed on the board (what was added, or
    the lines that are new: a question asked, seconds spent)."""
    events = match.events_for(human)
    for logged in events[told:]:
        if logged.event.kind != "timeout":
            say(match.game.describe(logged.event, match.state))
    key = match.game.phase_key(match.state)
    ends_at = "when you send your move"
    rendered = match.game.render(match.view(human), ends_at=ends_at)
    if not shown.startswith(f"{key}\n"):
        say(match.game.letter(match.view(human), ends_at=ends_at))
    else:
        before = shown.split("\n", 1)[1]
        if rendered.startswith(before):
            say(_new_suffix(before, rendered))
        else:
            old = set(before.splitlines())
            new = [line for line in rendered.splitlines() if line not in old]
            if new:
                say("\n".join(new))
    return f"{key}\n{rendered}", len(events)


def _ask(match: Match, prompt: Prompt, human: int = 0) -> str:
    """One line from the person: "moved", "pass", "empty", or "again" after a refused
    move (an empty line passes only on a prompt that needs no answer)."""
    console.print(prompt.text, highlight=False)
    text = typer.prompt("Your move", default="", show_default=False).strip()
    if text.lower() == "quit":
        raise typer.Exit(0)
    if not text:
        return "empty"
    if text.lower() == "board":
        say(match.game.render(match.view(human)))
        return "again"
    if text.lower() == "rules":
        _print_rules(match.game)
        return "again"
    if text.lower() == "pass":
        return "pass"
    try:
        match.submit_text(human, text)
    except NeedsConfirmation as grave:
        console.print(f"[yellow]{grave.reason}[/]", highlight=False)
        if not typer.confirm("Do it anyway?", default=False):
            return "again"
        try:
            match.submit(human, grave.confirmed)
        except Rejected as rejected:
            console.print(f"[red]{rejected.reason}[/]", highlight=False)
            return "again"
    except Rejected as rejected:
        console.print(f"[red]{rejected.reason}[/]", highlight=False)
        return "again"
    return "moved"


@app.command()
def rules(
    game_id: Annotated[str, typer.Argument(help="The game, e.g. rexfurum.")],
) -> None:
    """How to play a game: the goal, a round step by step, the screen, the notation, the
    table's rulings and every rule option (the table's How to play page, in words)."""
    try:
        game = get_game(game_id)
    except Rejected as rejected:
        raise fail(rejected.reason) from None
    if not game.how_to_play().strip():
        raise fail(f"{game.name} has no How to play page yet.")
    _print_rules(game)


def _print_rules(game: AnyGame) -> None:
    from rich.markdown import Markdown

    from hacktable.web.how_to_play import as_text

    console.print(Markdown(as_text(game)))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A saved match log (JSON).")],
    seat: Annotated[list[str] | None, typer.Option(
        help="Only this player's view (repeatable).")] = None,
    gm: Annotated[bool, typer.Option(
        help="Print the gamemaster's book and ledger.")] = True,
    reveal: Annotated[bool, typer.Option(
        help="Print what everyone did, round by round, as the table's reveal page says it.")
    ] = False,
) -> None:
    """Replay a saved match: what each seat saw, and the gamemaster's ledger."""
    try:
        data = json.loads(file.read_text())
        match = Match.from_json(data, get_game(str(data.get("game"))))
        wanted = [match.seat_of(name) for name in seat] if seat else range(len(match.seats))
    except FileNotFoundError:
        raise fail(f"There is no file {str(file)!r}.") from None
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
        raise fail(f"{file} is not a hacktable match log ({error}).") from None
    except Rejected as rejected:
        raise fail(rejected.reason) from None
    game = match.game
    if reveal:
        _print_reveal(match)
        return
    for number in wanted:
        console.rule(f"{match.seats[number]} (seat {number})")
        say(game.render(match.view(number)))
    if not seat:
        console.rule("Public record")
        say(game.render(match.view(SPECTATOR)))
    if gm:
        console.rule("Gamemaster")
        say(game.render(match.view(GM)))
    outcome = match.outcome()
    console.print(f"[bold]{outcome.summary if outcome else 'The match is still going on.'}[/]",
                  highlight=False)



def _print_reveal(match: Match) -> None:
    """What everyone did, in the words of `/m/CODE/reveal` (`engine.reveal`)."""
    from hacktable.engine import reveal

    told = reveal.build(match.game, match.seats, match.options, match.seed, match.log)
    for part in told.rounds:
        console.rule(part.label)
        for line in part.lines:
            say(f"{line.who} {line.text}" if line.kind == "move" else
                f"({line.told}) {line.text}" if line.told else line.text)
    for title, text in told.sections:
        console.rule(title)
        say(text.rstrip("\n"))
    console.print(f"[bold]{told.summary}[/]", highlight=False)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        envvar="HACKTABLE_DATABASE_URL",
        help="sqlite:///file or postgresql://…; default: a file in your data directory.")
    ] = None,
    redis_url: Annotated[str | None, typer.Option(
        envvar="HACKTABLE_REDIS_URL",
        help="Redis for fan-out between several server processes.")] = None,
    mail: Annotated[bool, typer.Option(
        "--mail", help="Also run the email gateway in this process (see docs/mail.md).")
    ] = False,
    mail_config: Annotated[Path | None, typer.Option(
        envvar="HACKTABLE_MAIL_CONFIG", help="The email gateway's settings file (TOML).")
    ] = None,
    trusted_proxies: Annotated[str, typer.Option(
        envvar="HACKTABLE_TRUSTED_PROXIES",
        help="Reverse proxies trusted to name the client in X-Forwarded-For (comma-separated "
             "addresses or networks): the per-client limits count by that name. Default: "
             "none, so no header names a client.")] = "",
) -> None:
    """Serve a table in the browser: create a match, share the room code, play."""
    import uvicorn

    from hacktable.server.settings import Settings
    from hacktable.site import create_site
    from hacktable.store import database_url as default_url

    proxies = tuple(p.strip() for p in trusted_proxies.split(",") if p.strip())
    settings = Settings.from_env(database_url=database_url, redis_url=redis_url,
                                 listen_host=host, trusted_proxies=proxies or None)
    if not os.environ.get("HACKTABLE_BOT_PACE"):  # people follow bots that take a moment
        settings = dataclasses.replace(settings, bot_pace=DEFAULT_BOT_PACE)
    application = create_site(settings)
    if mail:
        from hacktable.mail.service import with_gateway

        mail_settings = _mail_settings(mail_config)
        application = with_gateway(application, mail_settings)
        say(f"Email play: players write to {mail_settings.address}.")
    say(f"hacktable is serving at http://{host}:{port} "
        f"(matches stored in {default_url(settings.database_url)})")
    _say_where_friends_go(settings, host, port)
    # the table reads X-Forwarded-For itself, from the proxies named above only
    uvicorn.run(application, host=host, port=port, log_level="warning", proxy_headers=False,
                ws_max_size=socket_frame_limit(settings.max_socket_message))


def socket_frame_limit(characters: int) -> int:
    """The largest socket message the server takes in at all, in bytes: every message the
    app reads (`characters` of UTF-8, four bytes each at most) and some over it, which it
    answers 413; one larger than that closes the socket (1009) unread, instead of being
    held whole (uvicorn's own limit is 16 MB)."""
    return 4 * characters + 4096


def _say_where_friends_go(settings: Any, host: str, port: int) -> None:
    """The address other devices can use, with a QR code in the terminal, or why none."""
    from hacktable.server import sharing

    found = sharing.share_for(host, port, settings.public_url, f"http://{host}:{port}")
    if not found.reachable:
        say(f"Only this computer can reach it. For friends on your network: "
            f"{sharing.OPEN_UP}")
        return
    say(f"Friends on your network open {found.base} (or scan):")
    import io

    import segno

    text = io.StringIO()
    segno.make(found.base, error="m").terminal(out=text, compact=True)
    typer.echo(text.getvalue())


# -- email play -------------------------------------------------------------------------------

mail_app = typer.Typer(help="Email play: run the gateway, or let a match's players play by "
                            "mail (see docs/mail.md).", invoke_without_command=True)
app.add_typer(mail_app, name="mail")
ConfigOption = Annotated[Path | None, typer.Option(
    "--config", envvar="HACKTABLE_MAIL_CONFIG", help="The gateway's settings file (TOML).")]
DatabaseOption = Annotated[str | None, typer.Option(
    envvar="HACKTABLE_DATABASE_URL", help="The server's database (as for `serve`).")]


def _mail_settings(path: Path | None) -> MailSettings:
    from hacktable.mail.settings import MailSettings, SettingsError

    try:
        return MailSettings.load(path)
    except SettingsError as error:
        raise fail(str(error)) from None


@mail_app.callback()
def mail_gateway(
    context: typer.Context,
    config: ConfigOption = None,
    database_url: DatabaseOption = None,
    redis_url: Annotated[str | None, typer.Option(
        envvar="HACKTABLE_REDIS_URL", help="Redis, to tell web servers of moves at once.")
    ] = None,
) -> None:
    """Without a command: run the email gateway beside the server, on the same database."""
    if context.invoked_subcommand is not None:
        return
    import asyncio
    import logging

    from hacktable.mail.service import serve_forever
    from hacktable.server.settings import Settings

    logging.basicConfig(level=logging.WARNING)
    mail_settings = _mail_settings(config)
    settings = Settings.from_env(database_url=database_url, redis_url=redis_url)
    where = (f"SMTP on {mail_settings.listen_host}:{mail_settings.listen_port}"
             if mail_settings.receive != "imap" else "")
    if mail_settings.receive != "smtp":
        where += (" and " if where else "") + f"IMAP {mail_settings.imap_user}@" \
                 f"{mail_settings.imap_host}"
    say(f"hacktable mail: players write to {mail_settings.address}; reading {where}; "
        f"sending through {mail_settings.smtp_host}:{mail_settings.smtp_port}.")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_forever(settings, mail_settings))


@mail_app.command("enable")
def mail_enable(
    code: Annotated[str, typer.Argument(help="The match's room code.")],
    player: Annotated[list[str], typer.Option(
        "--player", "-p", help="NAME=ADDRESS: a player by mail (repeatable). Takes the seat "
                               "held under NAME, else the next open seat.")],
    start: Annotated[bool, typer.Option(help="Start the match afterwards.")] = False,
    new_codes: Annotated[bool, typer.Option(
        help="Give the seats new secret codes (after one leaked).")] = False,
    config: ConfigOption = None,
    database_url: DatabaseOption = None,
) -> None:
    """Let players play a match by email: each gets a seat, a secret address and a welcome
    mail (sent by the running gateway)."""
    import asyncio

    from hacktable.mail.enable import enable, parse_player
    from hacktable.mail.enable import start as start_match
    from hacktable.server.broker import LocalBroker
    from hacktable.server.errors import TableError
    from hacktable.server.settings import Settings
    from hacktable.server.table import Table as Tables
    from hacktable.store import Store
    from hacktable.store import database_url as default_url
    from hacktable.store.mail import MailStore

    mail_settings = _mail_settings(config)
    settings = Settings.from_env(database_url=database_url)

    async def run() -> list:
        store = await Store.open(default_url(settings.database_url))
        try:
            table = Tables(store, LocalBroker(), settings.clock())
            done = await enable(table, MailStore(store), mail_settings, code,
                                [parse_player(p) for p in player], new_codes)
            if start:
                await start_match(table, code)
            return done
        finally:
            await store.close()

    try:
        done = asyncio.run(run())
    except Rejected as error:
        raise fail(error.reason) from None
    except TableError as error:
        raise fail(error.message) from None
    for item in done:
        say(f"seat {item.seat.seat + 1}: {item.name} <{item.seat.address}> writes to "
            f"{mail_settings.seat_address(item.seat.secret)}")
    if start:
        say("The match has started; the gateway mails the first round's reports.")


if __name__ == "__main__":
    app()
