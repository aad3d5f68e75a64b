"""No seat taken by anyone but its player: the host cannot move a held seat to an address of
their choosing (and so receive its code and play it), and every change of how a seat is
played is a log entry the whole table sees. Against a real `hacktable serve --mail` and a
real SMTP relay."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.mail.web_support import MailServer, code_of, mail_my_seat, mail_server
from tests.services import Api, wait_for

ANN, BOB, HOSTS = "ann@players.test", "bob@players.test", "host.alias@elsewhere.test"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailServer]:
    with mail_server(tmp_path_factory.mktemp("takeover")) as server:
        yield server


def running_match(server: MailServer) -> tuple[str, Api, dict[int, Api]]:
    """Five Rex Furum seats, all held on the web, the match running."""
    created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    code = created["code"]
    seats = {}
    for seat, name in enumerate(("Ann", "Bob", "Cyd", "Dee", "Eve")):
        joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                    {"seat": seat, "name": name})
        seats[seat] = Api(server.url, joined["token"])
    host = Api(server.url, created["host_token"])
    host.ok("POST", f"/api/matches/{code}/host/start")
    return code, host, seats


def mail_notes(api: Api, code: str) -> list[str]:
    """The table log's lines about email play, as this reader's screen shows them."""
    view = api.ok("GET", f"/api/matches/{code}/view")
    return [e["text"] for e in view["events"] if "email" in e["text"]]


def test_the_host_cannot_move_a_held_seat_to_an_address(served: MailServer):
    code, host, seats = running_match(served)
    path = f"/api/matches/{code}/mail"
    before = host.ok("GET", path)
    answer = host.post(path, {"players": {"1": HOSTS}})
    assert answer.status_code == 403, answer.text
    assert "only Bob can" in answer.json()["detail"]
    # nothing changed: no address stored, no code sent anywhere, nothing logged
    assert host.ok("GET", path) == before
    assert served.mails_to(HOSTS) == []
    assert mail_notes(seats[1], code) == []
    # nor through the new-codes box, nor with a second seat in the same request
    for body in ({"players": {"1": HOSTS}, "new_codes": True},
                 {"players": {"1": HOSTS, "2": "cyd@players.test"}}):
        assert host.post(path, body).status_code == 403
    assert served.mails_to(HOSTS) == [] and served.mails_to("cyd@players.test") == []


def test_a_player_moves_their_own_seat_and_everyone_is_told(served: MailServer):
    code, host, seats = running_match(served)
    mine = f"/api/matches/{code}/mail/mine"
    assert seats[0].ok("GET", mine)["address"] is None
    mail_my_seat(served, seats[0], code, ANN)
    first = code_of(served.welcome(ANN))
    line = "Ann can now also play by email (turned on by Ann)."
    for reader in (*seats.values(), Api(served.url)):  # every seat and a spectator
        assert line in mail_notes(reader, code)
        assert ANN not in str(reader.ok("GET", f"/api/matches/{code}/view"))
    # once on mail, the host still cannot send the seat elsewhere
    refused = host.post(f"/api/matches/{code}/mail", {"players": {"0": HOSTS}})
    assert refused.status_code == 403 and "only Ann can move it" in refused.json()["detail"]
    assert served.mails_to(HOSTS) == []
    # Ann herself can: the old address is told, the old code stops, the table sees it
    mail_my_seat(served, seats[0], code, "ann.new@players.test")
    second = code_of(served.welcome("ann.new@players.test"))
    assert second != first
    told = wait_for(lambda: served.mails_to(ANN, "moved"), timeout=20)
    assert first not in told[0].text and second not in told[0].text
    assert ("Ann's seat is now played from another email address (changed by Ann)."
            in mail_notes(seats[3], code))
    # the host's new codes go to the seat's own address, and that too is logged
    host.ok("POST", f"/api/matches/{code}/mail", {"players": {"0": "ann.new@players.test"},
                                                   "new_codes": True})
    third = wait_for(lambda: (lambda c: c if c not in (first, second) else None)(
        code_of(served.welcome("ann.new@players.test"))), timeout=20)
    assert third
    assert ("Ann's seat was sent a new email code (asked by the host)."
            in mail_notes(seats[2], code))


def test_only_a_seat_holder_may_use_the_seat_route(served: MailServer):
    code, host, _ = running_match(served)
    mine = f"/api/matches/{code}/mail/mine"
    assert host.post(mine, {"address": HOSTS}).status_code == 403  # the host plays no seat
    assert Api(served.url).post(mine, {"address": HOSTS}).status_code == 401
    assert Api(served.url, "forged").post(mine, {"address": HOSTS}).status_code == 403
    assert served.mails_to(HOSTS) == []


def test_the_seat_page_offers_email_play_to_its_player_only(served: MailServer):
    code, host, seats = running_match(served)
    assert "data-mail-seat-panel" in seats[4].get(f"/m/{code}").text
    assert "data-mail-seat-panel" not in Api(served.url).get(f"/m/{code}/watch").text
    assert "data-mail-seat-panel" not in host.get(f"/m/{code}/host").text


def lobby_match(server: MailServer) -> tuple[str, Api, dict[int, Api]]:
    """Five Rex Furum seats held on the web, the match still in its lobby."""
    created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    code = created["code"]
    seats = {}
    for seat, name in enumerate(("Ann", "Bob", "Cyd", "Dee", "Eve")):
        joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                    {"seat": seat, "name": name})
        seats[seat] = Api(server.url, joined["token"])
    return code, Api(server.url, created["host_token"]), seats


def test_in_the_lobby_the_host_cannot_move_an_address_its_player_gave(served: MailServer):
    """Bob turns email on for his own seat in the lobby; the host then posts another address
    for seat 2, to play Bob's seat by mail once the match starts. Refused, and nothing is
    sent: a held seat's channel is its player's alone, in the lobby as after the start."""
    code, host, seats = lobby_match(served)
    mail_my_seat(served, seats[1], code, BOB)
    code_before = code_of(served.welcome(BOB))
    path = f"/api/matches/{code}/mail"
    before = host.ok("GET", path)
    answer = host.post(path, {"players": {"1": HOSTS}})
    assert answer.status_code == 403, answer.text
    assert "only Bob can move it" in answer.json()["detail"]
    assert host.ok("GET", path) == before
    assert served.mails_to(HOSTS) == []
    assert served.mails_to(BOB, "moved") == []
    assert code_of(served.welcome(BOB)) == code_before
    # what the host seated themselves (an open seat, for someone not here) they may correct
    created = Api(served.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    own = Api(served.url, created["host_token"])
    own.ok("POST", f"/api/matches/{created['code']}/mail",
           {"players": {"0": "typo@players.test"}, "names": {"0": "Fay"}})
    fixed = own.ok("POST", f"/api/matches/{created['code']}/mail",
                   {"players": {"0": "fay@players.test"}})
    assert fixed["seats"][0]["address"] == "fay@players.test"


def test_a_new_address_is_confirmed_before_the_seat_is_mailed_there(served: MailServer):
    """A seat cannot make the gateway mail addresses of its choosing: each new address is
    first sent a short code (a few an hour per seat), and only the code typed back moves
    the seat's mail there."""
    code, _, seats = running_match(served)
    mine = f"/api/matches/{code}/mail/mine"
    targets = [f"victim{n}@elsewhere.test" for n in range(6)]
    answers = [seats[2].post(mine, {"address": target}) for target in targets]
    assert [a.status_code for a in answers[:3]] == [200, 200, 200]
    assert all(a.status_code == 429 for a in answers[3:]), [a.text for a in answers]
    assert "confirmation codes in the last hour" in answers[3].json()["detail"]
    wait_for(lambda: all(served.mails_to(t, "confirmation code") for t in targets[:3]),
             timeout=20)
    sent = [m for t in targets for m in served.mails_to(t)]
    assert len(sent) == 3 and all("confirmation code" in m.subject for m in sent)
    for mail in sent:  # the code only: never the seat's own address or code
        assert "gm+" not in mail.text and mail.text.count("[") == 0
    # a wrong code changes nothing; the right one (of the last request) moves the mail
    wrong = seats[2].post(f"{mine}/confirm", {"code": "000000"})
    assert wrong.status_code == 400 and "wrong" in wrong.json()["detail"]
    assert seats[2].ok("GET", mine)["address"] is None
    from tests.mail.web_support import confirmation_code

    right = seats[2].ok("POST", f"{mine}/confirm",
                        {"code": confirmation_code(served, targets[2])})
    assert right["address"] == targets[2] and right["waiting"] is None
    assert code_of(served.welcome(targets[2]))
    assert served.mails_to(targets[0], "Your seat") == []
