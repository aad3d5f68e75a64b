"""Nothing a seat receives lets it count (or time) what it cannot see.

Two tables are dealt alike (the same seed) and played alike, except that at one of them
somebody makes moves a seat may not see: the gamemaster adds hidden guards and strikes one
of them (Rules for Runners: the guards "the players never learn of"), a rival sends secret
orders again and again (Rex Furum), a rival builds a longer secret plan (Scare-City). Then
both tables make the same visible move. Every route, page and socket the seat reads must be
byte for byte the same at both tables, once the room code and the tokens are set aside: its
own numbering of the log included, and no push for what it cannot see.

The server's clock stands still while the tables are dealt and read, so no comparison
depends on the minute the run reaches. Each comparison is made twice: with both tables
dealt at one instant, where every time must be the same too (a hidden move may not move a
deadline); and with the second table dealt 1.5 s after the first, across a new year's
midnight, where every rendering of a time is set aside (`tests/timeless.py`) and only
they may differ.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from tests.server.helpers import Listener, first_difference, patched, ws_url
from tests.services import Api, Server, wait_for
from tests.timeless import set_times_aside


@dataclass
class Table:
    code: str
    host: Api
    seats: dict[int, Api]
    tokens: dict[int, str]

    def act(self, seat: int, action: dict) -> dict:
        return self.seats[seat].ok("POST", f"/api/matches/{self.code}/act", {"action": action})

    def view(self, seat: int) -> dict:
        return self.seats[seat].ok("GET", f"/api/matches/{self.code}/view")


def dealt_alike(server: Server, game: str, names: list[str],
                instants: tuple[float, float] | None = None,
                prelude: Callable[[Table], None] | None = None) -> tuple[Table, Table]:
    """Two matches with the same seed (set in the database before either is first read),
    each joined, started and taken through `prelude` with the server's clock standing at
    its own instant (the clock then stays at the second)."""
    if instants is not None:
        server.clock.stand_still(instants[0])
    made = [Api(server.url).ok("POST", "/api/matches", {"game": game, "seats": len(names)})
            for _ in range(2)]
    path = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path, timeout=30) as db:
        seed = db.execute("SELECT seed FROM matches WHERE code = ?",
                          (made[0]["code"],)).fetchone()[0]
        db.execute("UPDATE matches SET seed = ? WHERE code = ?", (seed, made[1]["code"]))
    tables = []
    for number, created in enumerate(made):
        if instants is not None:
            server.clock.stand_still(instants[number])
        code = created["code"]
        seats, tokens = {}, {}
        for seat, name in enumerate(names):
            joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                        {"seat": seat, "name": name})
            seats[seat], tokens[seat] = Api(server.url, joined["token"]), joined["token"]
        host = Api(server.url, created["host_token"])
        host.ok("POST", f"/api/matches/{code}/host/start")
        tables.append(Table(code, host, seats, tokens))
        if prelude is not None:
            prelude(tables[-1])
    return tables[0], tables[1]


def plain(text: str, table: Table, times: bool) -> str:
    """A reading with what differs between two tables dealt alike set aside: the room
    code, the tokens and, unless `times`, every time (the tables were dealt apart)."""
    for token in [*table.tokens.values(), table.host.http.headers["authorization"][7:]]:
        text = text.replace(token, "TOKEN")  # first: a token may hold the code's letters
    text = text.replace(table.code, "CODE")
    return text if times else set_times_aside(text)


def readings(server: Server, table: Table, observer: int | None,
             sockets: list[Listener], times: bool) -> list[str]:
    """Everything the observer (a seat, or None: a spectator) reads of the match now."""
    api = table.seats[observer] if observer is not None else Api(server.url)
    found = [api.get(f"/api/matches/{table.code}").text,
             api.get(f"/api/matches/{table.code}/view").text,
             api.get(f"/m/{table.code}" if observer is not None
                     else f"/m/{table.code}/watch").text,
             api.get(f"/api/matches/{table.code}/log").text]
    for socket in sockets:
        found += shown(list(socket.messages))
    return [plain(text, table, times) for text in found]


def shown(messages: list[str]) -> list[str]:
    """A socket's messages, each patch with the screen it made in place of its operations.

    Which operations a patch holds depends on which times changed since the screen before
    (a screen made in the same millisecond as the last has no `server_now` to replace, a
    countdown that ticked is a changed line): the screens they make do not. The messages
    are all still there, in their order, with their kinds, numbers and bases."""
    out, current = [], None
    for text in messages:
        message = json.loads(text)
        if message.get("type") == "screen":
            current = message
        elif message.get("type") == "patch":
            current = patched(current, message)
            message = {key: value for key, value in message.items() if key != "lines"}
            message["patch"] = current
        out.append(json.dumps(message, ensure_ascii=False))
    return out


def compare(server: Server, names: list[str], game: str, observers: list[int | None],
            prelude: Callable[[Table], None], hidden: Callable[[Table], None],
            visible: Callable[[Table], None], instants: tuple[float, float]) -> None:
    """Deal two tables alike at `instants`, play them alike but for `hidden`, and compare
    what each observer reads of them: times included where they were dealt at once."""
    plainly, secretly = dealt_alike(server, game, names, instants, prelude)
    times = instants[0] == instants[1]
    listening: dict[str, dict[int | None, list[Listener]]] = {}
    try:
        for label, table in (("plainly", plainly), ("secretly", secretly)):
            listening[label] = {
                who: [Listener(ws_url(server.url, table.code,
                                      table.tokens[who] if who is not None else None, fmt))
                      for fmt in ("json", "html", "json&parts=view,prompt,legal,events")]
                for who in observers}
        for sockets in (s for by in listening.values() for s in by.values()):
            for socket in sockets:
                wait_for(lambda socket=socket: socket.messages)
        hidden(secretly)
        for table in (plainly, secretly):
            visible(table)
        for label, table in (("plainly", plainly), ("secretly", secretly)):
            for who, sockets in listening[label].items():
                api = table.seats[who] if who is not None else Api(server.url)
                last = api.ok("GET", f"/api/matches/{table.code}/view")["seq"]
                for socket in sockets:  # every push up to the visible move has come
                    wait_for(lambda s=socket, n=last: any(
                        json.loads(m).get("seq") == n for m in s.messages
                        if json.loads(m).get("type") in ("screen", "patch")))
        for who in observers:
            one = readings(server, plainly, who, listening["plainly"][who], times)
            other = readings(server, secretly, who, listening["secretly"][who], times)
            assert len(one) == len(other), (who, len(one), len(other))
            for first, second in zip(one, other, strict=True):
                assert first == second, (who, first_difference(first, second))
    finally:
        for by in listening.values():
            for sockets in by.values():
                for socket in sockets:
                    socket.close()


# -- Rules for Runners: hidden guards and the GM's secret blows ---------------------------


def runners_start(table: Table) -> None:
    table.act(0, {"do": "start"})
    while table.view(0)["view"]["phase"] == "ties":  # tied runners: the server plays rps
        table.act(0, {"do": "rps"})
    assert table.view(0)["view"]["phase"] == "mission"


def runners_hide(table: Table) -> None:
    for name in ("Guard", "Other guard", "Dog"):
        table.act(0, {"do": "npc", "name": name, "init": 0, "hidden": True})
    lurking = [n["id"] for n in table.view(0)["view"]["npcs"] if n["hidden"]]
    table.act(0, {"do": "attack", "target": lurking[0]})


def runners_visible(table: Table) -> None:
    """Whoever's turn it is ends it: the next runner's turn begins (the guards, at
    initiative 0, come after every runner)."""
    turn = table.view(0)["view"]["turn"]
    table.act(turn["seat"], {"do": "end"})


def test_a_runner_cannot_count_the_hidden_guards(table_server: Server, instants):
    compare(table_server, ["Gia", "Mica", "Damien"], "runners", [1, 2, None],
            runners_start, runners_hide, runners_visible, instants)


# -- Rex Furum: a rival's secret orders, sent again and again --------------------------------


def rival_sends(table: Table) -> None:
    """Bob sends his orders once: that he has sent is public, as at a real table."""
    table.act(1, {"orders": [{"do": "invest", "amount": 100, "target": 2}]})


def rival_resends(table: Table) -> None:
    """... and then again and again, which nobody may learn."""
    for amount in (200, 300, 400):
        table.act(1, {"orders": [{"do": "invest", "amount": amount, "target": 2}]})


def host_extends(table: Table) -> None:
    table.host.ok("POST", f"/api/matches/{table.code}/host/extend", {"seconds": 60})


def test_a_seat_cannot_count_a_rivals_secret_orders(table_server: Server, instants):
    compare(table_server, ["Ann", "Bob", "Cyd", "Dee", "Eve"], "rexfurum", [0, 2, None],
            rival_sends, rival_resends, host_extends, instants)


# -- Scare-City: a rival's longer secret plan ------------------------------------------------


def to_the_plans(table: Table) -> None:
    """Everyone passes their claim: the simultaneous plan phase opens."""
    for _ in range(10):
        asked = [seat for seat in table.seats if (table.view(seat)["prompt"] or {}).get(
            "kind") == "claim"]
        if not asked:
            break
        table.act(asked[0], {"do": "pass"})
    assert table.view(1)["view"]["phase"] != "claim"


def rival_plans(table: Table) -> None:
    legal = [m for m in table.view(1)["legal"] if m["do"] == "decommission"]
    table.act(1, legal[0])
    table.act(1, {"do": "cancel"})
    table.act(1, legal[-1])


def test_a_seat_cannot_count_a_rivals_plan_steps(table_server: Server, instants):
    compare(table_server, ["Ann", "Bob", "Cyd"], "scarecity", [0, 2, None],
            to_the_plans, rival_plans, host_extends, instants)


def test_the_public_status_carries_no_count_of_the_log(table_server: Server):
    plainly, secretly = dealt_alike(table_server, "rexfurum", ["Ann", "Bob", "Cyd", "Dee",
                                                                "Eve"])
    rival_sends(secretly)
    rival_resends(secretly)
    for table in (plainly, secretly):
        info = Api(table_server.url).ok("GET", f"/api/matches/{table.code}")
        assert "seq" not in info and info["sent"]["asked"] == [0, 1, 2, 3, 4]
    # who has sent is public, as at a real table; how often, never
    one = Api(table_server.url).ok("GET", f"/api/matches/{secretly.code}")
    assert one["sent"]["done"] == [1]
