"""Nothing tells anyone else that two players talked (press, `server/press.py`).

Two tables are dealt alike and played alike, except that at one of them two seats send
each other many private messages (Rex Furum), or the gamemaster whispers to a runner
(Rules for Runners), where the other table has fewer or none. Then both tables make the
same visible move. A third seat's, a spectator's and the playing host's every route, page,
socket push and patch, their own threads included, must be byte for byte the same at both
tables (`test_counting.py`'s readings, plus the messages route and the host's console):
no count, no number, no push, no change of size.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.security.test_counting import (
    Table,
    dealt_alike,
    host_extends,
    plain,
    readings,
    runners_start,
    runners_visible,
    shown,
)
from tests.server.helpers import Listener, first_difference, ws_url
from tests.services import Api, Server, wait_for


def say(table: Table, seat: int, to: object, text: str) -> None:
    table.seats[seat].ok("POST", f"/api/matches/{table.code}/messages",
                         {"to": to, "text": text})


def everything(server: Server, table: Table, observer: int | str | None,
               sockets: list[Listener], times: bool) -> list[str]:
    """`readings`, plus the observer's own threads, and for "host" the host's console."""
    if observer == "host":
        api = table.host
        found = [api.get(f"/api/matches/{table.code}").text,
                 api.get(f"/api/matches/{table.code}/view?as=host").text,
                 api.get(f"/m/{table.code}/host").text,
                 api.get(f"/api/matches/{table.code}/messages?as=host").text,
                 *[m for socket in sockets for m in shown(list(socket.messages))]]
        return [plain(text, table, times) for text in found]
    assert not isinstance(observer, str)
    api = table.seats[observer] if observer is not None else Api(server.url)
    return [*readings(server, table, observer, sockets, times),
            plain(api.get(f"/api/matches/{table.code}/messages").text, table, times)]


def socket_url(server: Server, table: Table, who: int | str | None, fmt: str) -> str:
    if who == "host":
        return ws_url(server.url, table.code, table.host.http.headers["authorization"][7:],
                      fmt) + "&as=host"
    return ws_url(server.url, table.code, table.tokens[who] if who is not None else None,
                  fmt)


def compare(server: Server, names: list[str], game: str, observers: list[int | str | None],
            prelude: Callable[[Table], None], plainly_said: Callable[[Table], None],
            secretly_said: Callable[[Table], None], visible: Callable[[Table], None],
            instants: tuple[float, float]) -> None:
    plainly, secretly = dealt_alike(server, game, names, instants, prelude)
    times = instants[0] == instants[1]
    listening: dict[str, dict[int | str | None, list[Listener]]] = {}
    try:
        for label, table in (("plainly", plainly), ("secretly", secretly)):
            listening[label] = {
                who: [Listener(socket_url(server, table, who, fmt))
                      for fmt in ("json", "html", "json&parts=view,prompt,legal,events",
                                  "json&parts=events,press")]
                for who in observers}
        for sockets in (s for by in listening.values() for s in by.values()):
            for socket in sockets:
                wait_for(lambda socket=socket: socket.messages)
        plainly_said(plainly)
        secretly_said(secretly)
        for table in (plainly, secretly):
            visible(table)
        for label, table in (("plainly", plainly), ("secretly", secretly)):
            for who, sockets in listening[label].items():
                api = table.host if who == "host" else (
                    table.seats[who] if who is not None else Api(server.url))
                query = "?as=host" if who == "host" else ""
                last = api.ok("GET", f"/api/matches/{table.code}/view{query}")["seq"]
                for socket in sockets:  # every push up to the visible move has come
                    wait_for(lambda s=socket, n=last: any(
                        json.loads(m).get("seq") == n for m in s.messages
                        if json.loads(m).get("type") in ("screen", "patch")))
        for who in observers:
            one = everything(server, plainly, who, listening["plainly"][who], times)
            other = everything(server, secretly, who, listening["secretly"][who], times)
            assert len(one) == len(other), (who, len(one), len(other))
            for first, second in zip(one, other, strict=True):
                assert first == second, (who, first_difference(first, second))
    finally:
        for by in listening.values():
            for sockets in by.values():
                for socket in sockets:
                    socket.close()


def nothing(table: Table) -> None:
    """Rex Furum starts at once: nothing to do first."""


def one_word(table: Table) -> None:
    say(table, 0, [1], "Hi Ben.")


def a_long_negotiation(table: Table) -> None:
    say(table, 0, [1], "Hi Ben.")
    for n in range(4):
        say(table, 1, [0], f"Ann, deal number {n}: I protect you, you protect me? " * (n + 1))
        say(table, 0, [1], "Agreed." * (n + 3))
    say(table, 0, [1, 3], "A group of three, Cyd left out")
    say(table, 3, [0, 1], "Deal")


def test_a_third_seat_cannot_tell_two_players_talked(table_server: Server,
                                                     instants: tuple[float, float]):
    compare(table_server, ["Ann", "Ben", "Cyd", "Dee"], "rexfurum", [2, None, "host"],
            nothing, one_word, a_long_negotiation, host_extends, instants)


def no_whisper(table: Table) -> None:
    """The plain table: the gamemaster whispers to nobody."""


def gm_whispers(table: Table) -> None:
    say(table, 0, [1], "Mica: you hear a guard behind the door.")
    say(table, 1, [0], "I hold my breath and wait.")
    say(table, 0, [1], "He walks on.")


def test_a_gamemasters_whisper_leaves_no_trace_for_the_others(table_server: Server,
                                                              instants: tuple[float, float]):
    compare(table_server, ["Gia", "Mica", "Damien"], "runners", [2, None, "host"],
            runners_start, no_whisper, gm_whispers, runners_visible, instants)
