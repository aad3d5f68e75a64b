"""Email play turned on from the host console's API, against a real `hacktable serve --mail`
process and a real SMTP relay: who may do it, what is refused and how, the mail that
follows, and that no page or answer shows a seat's code to anyone but its player."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.mail.support import GM, mail
from tests.mail.web_support import MailServer, code_of, mail_my_seat, mail_server
from tests.services import Api, Server, TestClock, wait_for

from hacktable.engine.contract import BaseGame
from hacktable.games import all_games
from hacktable.mail.enable import writes_orders

ANN, BOB, CYD, DEE = (f"{n}@players.test" for n in ("ann", "bob", "cyd", "dee"))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailServer]:
    with mail_server(tmp_path_factory.mktemp("console")) as server:
        yield server


def new_match(server: MailServer, bots: dict[str, str] | None = None) -> tuple[str, Api, dict]:
    """A five-seat Rex Furum lobby: Ann and Bob sit on the web, seat 5 may be a bot."""
    created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5,
                                                          "bots": bots or {}})
    code = created["code"]
    seats = {}
    for seat, name in ((0, "Ann"), (1, "Bob")):
        joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                    {"seat": seat, "name": name})
        seats[seat] = Api(server.url, joined["token"])
    return code, Api(server.url, created["host_token"]), seats


def refused(api: Api, method: str, path: str, body: object, status: int) -> str:
    response = api.http.request(method, path, json=body)
    assert response.status_code == status, (response.status_code, response.text)
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.endswith("."), detail
    return detail


def test_only_the_host_sees_or_changes_email_play(served: MailServer):
    code, host, seats = new_match(served)
    path = f"/api/matches/{code}/mail"
    body = {"players": {"0": "ann.nobody@players.test"}}
    for who in (seats[0], Api(served.url)):  # a seat, and a spectator without a token
        assert "host" in refused(who, "GET", path, None, 403)
        assert "host" in refused(who, "POST", path, body, 403)
    assert "token" in refused(Api(served.url, "not-a-token"), "GET", path, None, 403)
    assert "room code" in refused(host, "GET", "/api/matches/ZZZZZZ/mail", None, 404)
    mail_operations = host.ok("GET", "/openapi.json")["paths"]["/api/matches/{code}/mail"]
    assert all(operation["security"] == [{"HTTPBearer": []}]  # documented, as the rest of
               for operation in mail_operations.values())   # /api is
    state = host.ok("GET", path)
    assert state["gateway"] == GM
    assert [s["mail"] for s in state["seats"]] == [False] * 5
    assert served.mails_to("ann.nobody@players.test") == []


def test_refusals_say_what_to_fix_and_change_nothing(served: MailServer):
    code, host, _ = new_match(served, bots={"4": "loyal"})
    path = f"/api/matches/{code}/mail"
    cases = [
        ({"players": {}}, 400, "at least one"),
        ({"players": {"0": "   "}}, 400, "at least one"),
        ({"players": {"0": "ann@"}}, 400, "not an email address"),
        ({"players": {"0": "Ann <ann@players.test>"}}, 400, "not an email address"),
        ({"players": {"0": "ann @players.test"}}, 400, "not an email address"),
        ({"players": {"2": CYD, "3": "CYD@players.test"}, "names": {"2": "Cyd", "3": "Dee"}},
         400, "would share the address"),
        ({"players": {"2": "gm+abc@example.org"}, "names": {"2": "Cyd"}}, 400,
         "gamemaster's own address"),
        ({"players": {"0": ANN}}, 403, "only Ann can add email play"),
        ({"players": {"1": BOB, "2": CYD}, "names": {"2": "Cyd"}}, 403, "only Bob can"),
        ({"players": {"2": CYD}}, 400, "give the name"),
        ({"players": {"2": CYD, "3": DEE}, "names": {"2": "Cyd", "3": "cyd"}}, 400,
         "already called"),
        ({"players": {"2": CYD}, "names": {"2": "Ann"}}, 400, "already called"),
        ({"players": {"4": CYD}}, 400, "played by a bot"),
        ({"players": {"9": CYD}}, 400, "There is no seat 10"),
        ({"players": {"first": ANN}}, 400, "seat number"),
        ({"players": {"2": CYD}, "names": {"2": "Cyd"}, "start": True}, 409,
         "Seat 4 would still be empty"),
        ({"players": {"2": CYD}, "colour": "red"}, 422, "colour"),
        ({"players": {"2": CYD}, "names": {"x": "Cyd"}}, 400, "seat number"),
    ]
    for body, status, words in cases:
        detail = refused(host, "POST", path, body, status)
        assert words in detail, (body, detail)
    state = host.ok("GET", path)
    assert not any(s["mail"] for s in state["seats"]) and state["status"] == "lobby"
    assert [s["kind"] for s in state["seats"]] == ["human", "human", "open", "open", "bot"]
    # Taken once, an address is that seat's: another seat cannot have it too.
    taken = "cyd.refusals@players.test"
    host.ok("POST", path, {"players": {"2": taken}, "names": {"2": "Cyd"}})
    assert "Seats 3 and 4" in refused(host, "POST", path, {"players": {"3": taken},
                                                           "names": {"3": "Dee"}}, 400)


def test_a_game_without_written_notation_cannot_be_played_by_email(served: MailServer):
    unwritten = next((g for g in all_games() if not writes_orders(g)), None)
    if unwritten is None:
        pytest.skip("every registered game has a written notation")
    created = Api(served.url).ok("POST", "/api/matches", {"game": unwritten.id})
    host = Api(served.url, created["host_token"])
    detail = refused(host, "POST", f"/api/matches/{created['code']}/mail",
                     {"players": {"0": ANN}, "names": {"0": "Ann"}}, 400)
    assert "no written notation" in detail
    page = host.get(f"/m/{created['code']}/host").text
    assert "Play by email" not in page


def test_writes_orders_follows_the_contract():
    class Silent(BaseGame):
        pass

    class Reads(BaseGame):
        def parse(self, state, seat, text):
            return text

    class Writes(Reads):
        def notation_help(self, state):
            return state["help"]

    assert not writes_orders(Silent()) and not writes_orders(Reads())
    assert writes_orders(Writes())
    assert writes_orders(Writes(), {"help": "write: move N"})
    assert not writes_orders(Writes(), {"help": " "})


def test_the_host_turns_mail_on_and_every_player_hears_only_of_their_own_seat(
        served: MailServer):
    code, host, seats = new_match(served)
    path = f"/api/matches/{code}/mail"
    # Ann moves her own seat to mail; the host seats Cyd and Dee, who are not here yet.
    mine = mail_my_seat(served, seats[0], code, ANN)
    assert mine == {"seat": 0, "address": ANN, "waiting": None, "gateway": GM}
    state = host.ok("POST", path, {"players": {"1": "", "2": CYD, "3": DEE},
                                   "names": {"2": "Cyd", "3": "Dee"}})
    assert [(s["name"], s["address"], s["mail"]) for s in state["seats"]] == [
        ("Ann", ANN, True), ("Bob", None, False), ("Cyd", CYD, True), ("Dee", DEE, True),
        (None, None, False)]
    # Bob is added later, and the match starts with the last seat handed to a bot.
    host.ok("POST", f"/api/matches/{code}/host/bot", {"seat": 4, "personality": "loyal"})
    mail_my_seat(served, seats[1], code, BOB)
    state = host.ok("POST", path, {"players": {"2": CYD}, "start": True})
    assert state["status"] == "running"
    assert [s["mail"] for s in state["seats"]] == [True, True, True, True, False]

    welcomes = {a: served.welcome(a) for a in (ANN, BOB, CYD, DEE)}
    codes = {a: code_of(m) for a, m in welcomes.items()}
    assert len(set(codes.values())) == 4
    for address, welcome in welcomes.items():
        assert welcome.message["Reply-To"] == f"gm+{codes[address]}@example.org"
        assert f"/m/{code}" in welcome.text  # the table the host used, for a browser
    # Cyd and Dee were seated by the host: their welcome carries their personal link.
    cyd_link = next(w for w in welcomes[CYD].text.split() if "?token=" in w)
    assert "?token=" not in welcomes[ANN].text
    cyd = Api(served.url, cyd_link.split("?token=")[1])
    assert cyd.ok("GET", f"/api/matches/{code}/view")["viewer"] == 2
    # Again with the same addresses: same codes, no second welcome.
    host.ok("POST", path, {"players": {"0": ANN, "1": BOB, "2": CYD}})

    reports = {a: wait_for(lambda a=a: served.mails_to(a, ": round 1 ["), timeout=30)[0]
               for a in codes}
    assert all(code_of(reports[a]) == codes[a] for a in codes)
    # Ann plays by mail; Bob, who sat on the web, still plays there too.
    with_ann = mail(ANN, str(reports[ANN].message["Reply-To"]),
                    "Re: " + reports[ANN].subject, "protect self", reply_to=reports[ANN])
    with smtplib.SMTP("127.0.0.1", served.listen_port, timeout=10) as smtp:
        smtp.send_message(with_ann)
    ack = wait_for(lambda: [m for m in served.mails_to(ANN) if m.subject.startswith("Re:")],
                   timeout=20)[0]
    assert "Round 1 orders received: protect Ann" in ack.text
    seats[1].ok("POST", f"/api/matches/{code}/act", {"text": "protect self"})
    assert [len([m for m in served.mails_to(a) if m.subject.startswith("Your seat")])
            for a in codes] == [1, 1, 1, 1]

    # What each may read: the host sees addresses; nobody but a seat's player its code.
    assert host.ok("GET", path)["seats"][0]["address"] == ANN
    readers = {
        "host": [host.get(path).text, host.get(f"/m/{code}/host").text,
                 host.get(f"/api/matches/{code}/view?as=host").text,
                 host.get(f"/api/matches/{code}/log").text],
        "spectator": [Api(served.url).get(f"/m/{code}/watch").text,
                      Api(served.url).get(f"/api/matches/{code}").text,
                      Api(served.url).get(f"/api/matches/{code}/view").text,
                      Api(served.url).get(f"/m/{code}").text],
        ANN: [seats[0].get(f"/api/matches/{code}/view").text],
        BOB: [seats[1].get(f"/api/matches/{code}/view").text],
        CYD: [cyd.get(f"/api/matches/{code}/view").text],
    }
    for who, texts in readers.items():
        for text in texts:
            for address, secret in codes.items():
                assert secret not in text, (who, address)
                if who not in ("host", address):
                    assert address not in text, (who, address)
    assert "Play by email" in readers["host"][1] and "mail on" in readers["host"][1]


def test_new_codes_replace_the_old_ones(served: MailServer):
    code, host, _ = new_match(served)
    path = f"/api/matches/{code}/mail"
    host.ok("POST", path, {"players": {"2": "ann.renewed@players.test"}, "names": {"2": "Cyd"}})
    first = code_of(served.welcome("ann.renewed@players.test"))
    host.ok("POST", path, {"players": {"2": "ann.renewed@players.test"}, "new_codes": True})
    second = wait_for(lambda: (lambda c: c if c != first else None)(
        code_of(served.welcome("ann.renewed@players.test"))), timeout=20)
    assert second != first
    # Before the start the host may correct an address it gave: a new address is a new code
    # too (the old address was told the old one), and the old address hears of the move.
    host.ok("POST", path, {"players": {"2": "ann.moved@players.test"}})
    assert code_of(served.welcome("ann.moved@players.test")) not in (first, second)
    moved = wait_for(lambda: served.mails_to("ann.renewed@players.test", "moved"), timeout=20)
    assert "no longer works" in moved[0].text


def test_a_server_without_mail_has_no_such_route_and_no_form(tmp_path: Path):
    server = Server(f"sqlite:///{tmp_path / 'plain.db'}", TestClock(tmp_path / "clock"))
    server.start(timeout=60)
    try:
        created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
        host = Api(server.url, created["host_token"])
        detail = refused(host, "POST", f"/api/matches/{created['code']}/mail",
                         {"players": {"0": ANN}}, 404)
        assert "nothing at this address" in detail
        assert "Play by email" not in host.get(f"/m/{created['code']}/host").text
        assert "/mail" not in str(host.ok("GET", "/openapi.json")["paths"])
    finally:
        server.stop()
