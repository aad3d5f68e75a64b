"""The gateway cannot be made to mail anyone over and over. Seats are cheap (any visitor takes
them in open lobbies), so confirmation codes are limited by what a sender cannot multiply:
per mailbox a day whoever asks, per client an hour whatever seats it holds. Against a real
`hacktable serve --mail` and a real SMTP relay on loopback."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from tests.mail.web_support import MailServer, mail_server
from tests.services import Api, wait_for

VICTIM = "victim@elsewhere.test"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailServer]:
    with mail_server(tmp_path_factory.mktemp("confirmations"),
                     HACKTABLE_MAIL_CONFIRMATIONS_PER_VISITOR="0") as server:
        yield server


def _from(api: Api, address: str) -> Api:
    """The same client, from another address (any 127.x.y.z reaches loopback)."""
    api.http = httpx.Client(base_url=api.http.base_url, headers=api.http.headers, timeout=15,
                            transport=httpx.HTTPTransport(local_address=address))
    return api


def seats(server: MailServer, matches: int, address: str = "127.0.0.1"
          ) -> list[tuple[str, Api]]:
    """Every seat of `matches` five-seat lobbies, taken by one client."""
    taken = []
    for _ in range(matches):
        code = Api(server.url).ok("POST", "/api/matches",
                                  {"game": "rexfurum", "seats": 5})["code"]
        for seat in range(5):
            joined = _from(Api(server.url), address).ok(
                "POST", f"/api/matches/{code}/join", {"seat": seat, "name": f"P{seat}"})
            taken.append((code, _from(Api(server.url, joined["token"]), address)))
    return taken


def victim_mails(server: MailServer) -> list:
    """Every mail the relay took for the victim's mailbox, plus-addresses included."""
    return [m for m in server.relay.mails
            if any(r.lower().split("+")[0].split("@")[0] == "victim" for r in m.to)]


def test_one_mailbox_gets_a_few_codes_a_day_whatever_the_seats(served: MailServer):
    held = seats(served, 2)  # ten seats in two matches, one client
    answers = []
    for n, (code, seat) in enumerate(held):
        target = VICTIM if n % 2 else f"Victim+{n}@ELSEWHERE.test"
        answers.append(seat.post(f"/api/matches/{code}/mail/mine", {"address": target}))
    statuses = [a.status_code for a in answers]
    assert statuses[:3] == [200] * 3 and set(statuses[3:]) == {429}, statuses
    assert "confirmation codes today" in answers[3].json()["detail"]
    wait_for(lambda: len(victim_mails(served)) >= 3, timeout=20)
    time.sleep(0.5)
    sent = victim_mails(served)
    assert len(sent) == 3, [m.to for m in sent]
    first = sent[0].text
    # who asked, from which table, and how to ignore it
    assert "P0" in first and "network address 127.0.0.1" in first
    assert f"/m/{held[0][0]}" in first and "ignore this mail" in first
    # a day later the mailbox may be asked again (once more, by a seat not yet limited)
    served.clock.advance(86400 + 60)
    code, seat = held[3]
    assert seat.post(f"/api/matches/{code}/mail/mine",
                     {"address": VICTIM}).status_code == 200


def test_one_client_asks_a_few_codes_an_hour_whatever_the_seats(tmp_path):
    with mail_server(tmp_path, HACKTABLE_MAIL_CONFIRMATIONS_PER_VISITOR="4") as server:
        held = seats(server, 2, "127.0.0.5")
        answers = [seat.post(f"/api/matches/{code}/mail/mine",
                             {"address": f"someone{n}@elsewhere.test"})
                   for n, (code, seat) in enumerate(held[:5])]
        assert [a.status_code for a in answers] == [200] * 4 + [429], [a.text for a in answers]
        assert "asked for from here in the last hour" in answers[4].json()["detail"]
        # `hacktable serve` believes no X-Forwarded-For by default: a forged one is no way out
        code, seat = held[5]
        forged = seat.post(f"/api/matches/{code}/mail/mine", {"address": "x@elsewhere.test"},
                           headers={"x-forwarded-for": "198.51.100.7"})
        assert forged.status_code == 429, forged.text
        # another client's seat is not held back by it
        other_code, other = seats(server, 1, "127.0.0.6")[0]
        assert other.post(f"/api/matches/{other_code}/mail/mine",
                          {"address": "own@elsewhere.test"}).status_code == 200
