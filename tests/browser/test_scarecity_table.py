"""Scare-City end to end: two people in two browsers and a bot play a whole game.

The match is made through the API with a small `target_bitizens`, so it ends in a few
rounds, and long phase clocks, so nothing closes by itself. Every round:

    claiming      whoever's turn it is claims the first shop card they may (alice in the
                  first round, on a desktop) or passes (bruno, on a 360 px phone); the bot
                  claims on the server
    phases 2–3    alice buys what she claimed, then each person says done
    the Impact    both screens show the Impact Card with who was hit and protected

until both screens show the outcome, the debrief and the score sheet. Screenshots of both
pages (desktop and 360 px) are left in the test's tmp dir. No sleeps: every step waits for
the screen the server pushes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.services import Api, Server

from hacktable.games import get_game
from hacktable.games.scarecity.cards import program

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing, scroll_to

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

OPTIONS = {"target_bitizens": 45, "claim_seconds": 3600, "city_seconds": 3600}
PHONE_360 = {"width": 360, "height": 740}


@dataclass
class Game:
    code: str
    host: Api
    seats: dict[int, Api]
    tokens: dict[int, str]

    def payload(self, seat: int) -> dict[str, Any]:
        return self.seats[seat].ok("GET", f"/api/matches/{self.code}/view")


def start(base: str) -> Game:
    created = Api(base).ok("POST", "/api/matches", {
        "game": "scarecity", "seats": 3, "options": OPTIONS, "bots": {"2": "security"}})
    code = created["code"]
    host = Api(base, created["host_token"])
    seats, tokens = {}, {}
    for seat, name in ((0, "alice"), (1, "bruno")):
        joined = Api(base).ok("POST", f"/api/matches/{code}/join", {"seat": seat, "name": name})
        tokens[seat] = joined["token"]
        seats[seat] = Api(base, joined["token"])
    host.ok("POST", f"/api/matches/{code}/host/start")
    return Game(code, host, seats, tokens)


def sit(browsing: Browsing, game: Game, seat: int, label: str, phone: bool = False) -> Page:
    page = browsing.open(label, phone=phone)
    if phone:
        page.set_viewport_size(PHONE_360)
    page.goto(f"/m/{game.code}?token={game.tokens[seat]}")
    page.wait_for_url(f"**/m/{game.code}")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(page.locator(".sc")).to_be_visible()
    return page


def seq(page: Page) -> int:
    return int(page.locator(".sc").get_attribute("data-seq") or 0)


def overflow(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def buyable(view: dict[str, Any], card: int) -> bool:
    """Whether this seat could buy the card now and stay in: $ to spare (spending down to
    $0 asks to confirm, tested apart), no second copy, a free slot."""
    me = next(p for p in view["players"] if p["seat"] == view["seat"])
    wanted = program(card)
    owned = [program(c["id"]) for c in me["city"]]
    slots = get_game("scarecity").options.resolve(OPTIONS)["district_slots"]
    return (wanted.cost < me["money"] and all(o.key != wanted.key for o in owned)
            and sum(o.district == wanted.district for o in owned) < slots)


def act(page: Page, payload: dict[str, Any], seen: dict[str, Any], buyer: bool) -> None:
    """Answer this seat's prompt on its screen, by the buttons a person would press."""
    prompt = payload["prompt"]
    before = seq(page)
    legal = payload["legal"] or []
    if prompt["kind"] == "claim":
        claims = [m for m in legal if m["do"] == "claim"]
        round_ = prompt["data"]["round"]
        wanted = [m["card"] for m in claims if buyable(payload["view"], m["card"])]
        if buyer and wanted and "bought" not in seen and seen.get("claim round") != round_:
            # A card she can pay for and place, once a round until a buy goes through
            # (another player may claim the same card and outbid her plan).
            card = wanted[0]
            seen["claimed"], seen["claim round"] = card, round_
            page.locator(f"#sc-claim-{card}").get_by_role("button").click()
            expect(page.locator(".sc-shop")).to_contain_text("Claimed by ● you")
        else:
            page.get_by_role("button", name="Pass: claim nothing more").click()
    else:
        buys = [m["card"] for m in legal if m["do"] == "buy"]
        if buyer and seen.get("claimed") in buys and "bought" not in seen:
            page.locator(f"#sc-buy-{seen['claimed']}").get_by_role("button").click()
            expect(page.locator("[data-plan]")).to_contain_text("Your plan spends")
            seen["bought"] = seen["claimed"]
        page.get_by_role("button", name="Done for this round").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.sc').dataset.seq) > {before}")


def shots(page: Page, folder: Path, name: str, width: int, height: int) -> None:
    """The whole page in parts (one long image is too tall to look at)."""
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    total = page.evaluate("document.documentElement.scrollHeight")
    for part, top in enumerate(range(0, total, height)):
        page.screenshot(path=str(folder / f"{name}-{part}.png"), full_page=True,
                        clip={"x": 0, "y": top, "width": width,
                              "height": min(height, total - top)})


@pytest.fixture(scope="module")
def played(browsing: Browsing, server: Server, tmp_path_factory: pytest.TempPathFactory
           ) -> dict[str, Any]:
    game = start(server.url)
    folder: Path = tmp_path_factory.mktemp("scarecity-screens")
    seen: dict[str, Any] = {"overflow": []}
    alice = sit(browsing, game, 0, "alice")
    bruno = sit(browsing, game, 1, "bruno", phone=True)
    pages = {0: alice, 1: bruno}
    for _ in range(200):
        payloads = {seat: game.payload(seat) for seat in pages}
        if payloads[0]["match"]["outcome"]:
            break
        asked = [s for s, p in payloads.items()
                 if p["prompt"] and not p["prompt"]["submitted"]]
        if not asked:  # the bot is claiming: wait for a screen past what the server said
            alice.wait_for_function(
                "() => Number(document.querySelector('.sc').dataset.seq) > "
                f"{payloads[0]['seq']}")
            continue
        for seat in asked:
            if game.payload(seat)["prompt"] is None:
                continue
            expect(pages[seat].locator(".sc-actions")).to_be_visible()
            kind = game.payload(seat)["prompt"]["kind"]
            if f"shot {seat} {kind}" not in seen:
                seen[f"shot {seat} {kind}"] = True
                shots(pages[seat], folder, f"{'phone' if seat else 'desktop'}-{kind}",
                      360 if seat else 1280, 1400 if seat else 1000)
            act(pages[seat], game.payload(seat), seen, buyer=seat == 0)
            seen["overflow"].append(overflow(bruno))
            if bruno.locator(".sc-last-impact").count() and "reveal in view" not in seen:
                expect(bruno.locator(".sc-last-impact")).to_be_in_viewport()
                seen["reveal in view"] = True
                bruno.screenshot(path=str(folder / "phone-after-round.png"))
            if pages[0].locator(".sc-impact").count() and "impact" not in seen:
                seen["impact"] = pages[0].locator(".sc-last-impact").inner_text()
                seen["impact bruno"] = bruno.locator(".sc-last-impact").inner_text()
            break
    for page in (alice, bruno):
        expect(page.locator(".sc-outcome")).to_be_visible()
    shots(alice, folder, "desktop", 1280, 1000)
    shots(bruno, folder, "phone-360", 360, 1400)
    print(f"screenshots in {folder}")
    seen["outcome"] = alice.locator(".sc-outcome").inner_text()
    seen["debrief"] = bruno.locator(".sc-debrief").inner_text()
    seen["sheet"] = alice.locator(".sc-sheet").inner_text()
    seen["final overflow"] = overflow(bruno)
    seen["summary"] = game.host.ok("GET", f"/api/matches/{game.code}")["outcome"]["summary"]
    seen["alice view"] = json.dumps(game.payload(0)["view"])
    seen["alice city"] = alice.locator(".sc-mine").inner_text()
    seen["status"] = {seat: page.locator(".sc-status").inner_text()
                      for seat, page in pages.items()}
    seen["winners"] = game.payload(0)["view"]["outcome"]["ranking"][0]
    return seen


def test_alice_claims_and_buys_a_card_through_the_screen(played):
    assert "claimed" in played and played.get("bought") == played["claimed"]


def test_both_people_see_the_impact_card_and_who_it_hit(played):
    assert "Impact Card of round" in played["impact"]
    assert "alice" in played["impact"] and "bruno" in played["impact"]
    # the same card and rows for both; only "Your … earned you +1" is said to its owner
    alice, bruno = played["impact"].splitlines(), played["impact bruno"].splitlines()
    assert alice[:2] == bruno[:2] and len(alice) == len(bruno)


def test_the_game_ends_with_an_outcome_debrief_and_score_sheet(played):
    assert played["summary"] in played["outcome"]
    assert "Round" in played["sheet"]
    assert "threat" in played["debrief"]


def test_the_phone_screen_never_scrolls_sideways(played):
    assert max(played["overflow"] + [played["final overflow"]]) <= 0


def test_on_a_phone_the_impact_reveal_comes_into_view_after_a_round(played):
    assert played.get("reveal in view")


def test_how_a_round_works_opens_and_closes(browsing, server):
    game = start(server.url)
    page = sit(browsing, game, 0, "alice-how")
    panel = page.locator("#sc-how")
    expect(panel.locator("summary")).to_contain_text("now: 1. Claim")
    expect(panel.locator("li.is-now")).not_to_be_visible()
    panel.locator("summary").click()
    expect(panel.locator("li.is-now")).to_be_visible()
    expect(panel.locator("li.is-now")).to_contain_text("Claim")
    panel.locator("summary").click()
    expect(panel.locator("li.is-now")).not_to_be_visible()


def test_nobody_is_told_rank_2_at_the_end(played):
    for text in played["status"].values():
        assert "rank" not in text.lower() and "election" in text.lower()


def confirm_game(base: str) -> tuple[Game, int] | None:
    """A two-seat table (alice and a bot) where a $5 card is in the shop and alice has $5:
    buying it leaves her $0."""
    for _ in range(12):
        created = Api(base).ok("POST", "/api/matches", {
            "game": "scarecity", "seats": 2, "bots": {"1": "security"},
            "options": {**OPTIONS, "starting_cards": 0, "starting_money": 5,
                        "shop_size": 12}})
        code = created["code"]
        joined = Api(base).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "alice"})
        host = Api(base, created["host_token"])
        host.ok("POST", f"/api/matches/{code}/host/start")
        seat = Api(base, joined["token"])
        view = seat.ok("GET", f"/api/matches/{code}/view")["view"]
        fives = [item["id"] for item in view["shop"] if program(item["id"]).cost == 5]
        if fives:
            return Game(code, host, {0: seat}, {0: joined["token"]}), fives[0]
        host.ok("POST", f"/api/matches/{code}/host/end")
    return None


def test_a_buy_that_leaves_zero_dollars_asks_first_and_then_puts_you_out(browsing, server,
                                                                      tmp_path):
    """"If a player ever ends up with $0 or less than $0 then they are out of the game"."""
    found = confirm_game(server.url)
    if found is None:
        pytest.skip("no $5 card came into twelve shops")
    game, card = found
    page = sit(browsing, game, 0, "alice-confirm", phone=True)
    claim = page.locator(f"#sc-claim-{card}").get_by_role("button")
    claim.wait_for()
    while game.payload(0)["view"]["phase"] == "claim":
        before = seq(page)
        if game.payload(0)["prompt"] and page.locator(f"#sc-claim-{card}").count():
            page.locator(f"#sc-claim-{card}").get_by_role("button").click()
        else:
            page.get_by_role("button", name="Pass: claim nothing more").click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.sc').dataset.seq) > {before}")
    said: list[str] = []
    page.once("dialog", lambda dialog: (said.append(dialog.message), dialog.dismiss()))
    buy = page.locator(f"#sc-buy-{card}").get_by_role("button")
    expect(buy).to_contain_text("out of the game")
    buy.click()
    expect(page.locator("[data-plan]")).to_contain_text("Nothing planned yet")
    assert said and "This leaves you with $0: you would be out of the game" in said[0]
    page.once("dialog", lambda dialog: dialog.accept())
    before = seq(page)
    buy.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.sc').dataset.seq) > {before}")
    page.get_by_role("button", name="Done for this round").click()
    expect(page.locator(".sc-outcome")).to_be_visible()
    expect(page.locator(".sc-status")).to_contain_text("out")
    page.screenshot(path=str(tmp_path / "phone-out.png"), full_page=True)


# -- a claim that cannot be bought yet says why ---------------------------------------------

FULL = {**OPTIONS, "target_bitizens": 500, "district_slots": 1, "starting_cards": 4,
        "starting_money": 40}
"""One slot per district and four cards dealt: every district is full, so every claim
needs a decommission (phase 2) before it can be bought (phase 3)."""


def full_game(base: str) -> Game:
    created = Api(base).ok("POST", "/api/matches", {
        "game": "scarecity", "seats": 2, "options": FULL, "bots": {"1": "security"}})
    code = created["code"]
    joined = Api(base).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "alice"})
    host = Api(base, created["host_token"])
    host.ok("POST", f"/api/matches/{code}/host/start")
    return Game(code, host, {0: Api(base, joined["token"])}, {0: joined["token"]})


def wait_for_prompt(game: Game, page: Page, kind: str) -> dict[str, Any]:
    """Alice's payload once she is asked `kind` (the bot's claims happen on the server)."""
    for _ in range(50):
        payload = game.payload(0)
        if payload["prompt"] and payload["prompt"]["kind"] == kind:
            expect(page.locator(".sc")).to_have_attribute("data-seq", str(payload["seq"]))
            return payload
        page.wait_for_function(
            f"() => Number(document.querySelector('.sc').dataset.seq) > {payload['seq']}")
    raise AssertionError(f"alice was never asked to {kind}")


def reason(payload: dict[str, Any], card: int) -> str:
    """The engine's own sentence, from alice's view."""
    return next(row["why"] for row in payload["view"]["unbuyable"] if row["card"] == card)


@pytest.mark.parametrize("width", [1280, 360])
def test_a_claimed_card_says_why_it_cannot_be_bought_yet(browsing, server, tmp_path, width):
    """"claim … before being able to buy it later in the round": with her district full,
    alice may claim (decommissioning comes after claiming), and the card says, while she
    claims and again when she buys, what would make room; her decommission brings the Buy
    button."""
    game = full_game(server.url)
    page = sit(browsing, game, 0, f"alice-full-{width}", phone=width == 360)
    payload = wait_for_prompt(game, page, "claim")
    card = next(m["card"] for m in payload["legal"] if m["do"] == "claim")
    wanted = program(card)
    district = {"cpu": "CPU", "network": "Network", "user": "User", "memory": "Memory"}[
        wanted.district]
    said = (f"Your {district} district is full (1 of 1): decommission a {district} card in "
            f"the next phase ($5) to buy {wanted.name}.")
    shop_card = page.locator(f".sc-shop article[data-card='{card}']")
    expect(shop_card.locator(".sc-why")).to_contain_text(said)
    assert reason(payload, card) == said
    before = seq(page)
    page.locator(f"#sc-claim-{card}").get_by_role("button").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.sc').dataset.seq) > {before}")
    expect(page.locator(".sc-shop")).to_contain_text("Claimed by ● you")
    expect(shop_card.locator(".sc-why")).to_contain_text(said)
    scroll_to(shop_card)
    page.screenshot(path=str(tmp_path / f"claimed-{width}.png"))
    assert overflow(page) <= 0
    while (payload := game.payload(0))["view"]["phase"] == "claim":
        before = seq(page)
        if payload["prompt"]:
            expect(page.locator(".sc")).to_have_attribute("data-seq", str(payload["seq"]))
            page.get_by_role("button", name="Pass: claim nothing more").click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.sc').dataset.seq) > {before}")
    payload = wait_for_prompt(game, page, "city")
    said = (f"Your {district} district is full (1 of 1): decommission a {district} card "
            f"($5) to buy {wanted.name}.")
    expect(shop_card.locator(".sc-why")).to_contain_text(said)
    assert reason(payload, card) == said
    expect(page.locator(f"#sc-buy-{card}")).to_have_count(0)
    scroll_to(shop_card)
    page.screenshot(path=str(tmp_path / f"buying-{width}.png"))
    assert overflow(page) <= 0
    mine = next(c["id"] for c in payload["view"]["players"][0]["city"]
                if program(c["id"]).district == wanted.district)
    page.once("dialog", lambda dialog: dialog.accept())
    before = seq(page)
    page.locator(f"#sc-decommission-{mine}").get_by_role("button").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.sc').dataset.seq) > {before}")
    expect(page.locator(f"#sc-buy-{card}").get_by_role("button")).to_be_visible()
    expect(shop_card.locator(".sc-why")).to_have_count(0)
    print(f"screenshots in {tmp_path}")
