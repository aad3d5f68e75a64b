"""The CPU screen, rendered from real matches: each seat's machine, backing store and moves
as buttons posting the engine's own action JSON, the reaction window with its countdown and
default, the outcome; and that a seat's screen never carries another backing store or the
draw order.

`SCENARIO` and `plan` are shared with the browser test: options under which the people can
load, compile a source with a library, daemonise it, and be attacked through it.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from hacktable.engine import GM, SPECTATOR, Match
from hacktable.games import get_game
from hacktable.games.cpu.bots import BOTS
from hacktable.games.cpu.cards import CATALOGUE
from hacktable.web import render_page, render_screen

from .helpers import CODE, DEADLINE, parse_html, table_context

NAMES = ["alice", "bruno", "cyborg"]
SCENARIO: dict[str, Any] = {
    "rom_copies": 0, "special_copies": 0, "hand_size": 10, "starting_cycles": 16,
    "round_limit": 1, "turn_seconds": 600, "reaction_seconds": 600, "first_player": "seat1",
}
"""Alice plays first; no Option ROMs or special actions (so nobody is asked out of turn),
hands big enough to hold what the plan needs, enough cycles that nobody discards, and one
round: the game ends after the bot's turn. Windows last long enough never to close by
themselves in a test."""
CREDIT = "CPU by Næþ'n Lasseter, licensed CC BY-SA 3.0"


@dataclass(frozen=True)
class Plan:
    """Alice loads `source` and `library`, compiles them and daemonises the binary (its
    reaction is `reaction`); Bruno loads `attacker`, compiles it alone and executes it at
    Alice, touching the daemon."""

    source: dict[str, Any]
    library: dict[str, Any]
    attacker: dict[str, Any]
    reaction: int


def plan(gm_view: dict[str, Any]) -> Plan | None:
    """Cards from the dealt hands (the gamemaster's view) that make the scenario, if any."""
    alice, bruno = gm_view["hands"][0], gm_view["hands"][1]
    sources = [c for c in alice if c["kind"] == "source"]
    libraries = [c for c in alice if c["kind"] == "library"]
    pairs = [(s, lib) for s in sources for lib in libraries
             if s["reaction"] + lib["reaction"] > 0]
    attackers = [c for c in bruno if c["kind"] == "source" and c["attack"] > 0
                 and c["key"] != "perl"]  # perl could open a nullify window instead
    if not pairs or not attackers:
        return None
    source, library = pairs[0]
    return Plan(source, library, attackers[0], source["reaction"] + library["reaction"])


def seeded() -> tuple[Match, Plan]:
    """The first seed whose deal makes the scenario."""
    for seed in range(500):
        match = Match(get_game("cpu"), NAMES, SCENARIO, seed)
        found = plan(match.view(GM))
        if found is not None:
            return match, found
    raise AssertionError("no seed deals the scenario")


def context(match: Match, viewer: Any, **changes: Any) -> dict[str, Any]:
    """What the server passes for one viewer, with `legal` as the presenter lists it."""
    ctx = table_context(match, viewer, **changes)
    ctx["legal"] = None
    if isinstance(viewer, int) and ctx["prompt"] is not None:
        ctx["legal"] = [match.game.action_to_json(a) for a in match.legal_actions(viewer)]
    return ctx


def html(match: Match, viewer: Any, **changes: Any) -> str:
    return render_screen("cpu", context(match, viewer, **changes))


def screen(match: Match, viewer: Any, **changes: Any):
    return parse_html(html(match, viewer, **changes))


def words(node) -> str:
    """A node's text as a reader sees it (the parser joins inline pieces with spaces)."""
    return re.sub(r" ([,.)?:])", r"\1", node.text)


def posted(form) -> dict[str, Any]:
    """The action JSON a button form posts (its hidden control, as api.js reads it)."""
    control = form.find("input", name="action")
    assert control is not None and control.get("data-type") == "json"
    return json.loads(control.get("value"))


def button_form(tree, verb: str, item: int | None = None):
    forms = [f for f in tree.find_all("form", data_verb=verb)
             if item is None or (f.find("input", name="action") is not None
                                 and posted(f).get("item", (posted(f).get("cards") or [None])[0])
                                 == item)]
    assert forms, f"no {verb} button for {item}"
    return forms[0]


def play_alice(match: Match, p: Plan, upto: str = "idle") -> None:
    steps = [("load", {"do": "load", "cards": [p.source["id"]]}),
             ("load2", {"do": "load", "cards": [p.library["id"]]}),
             ("compile", {"do": "compile", "item": p.source["id"], "cards": [p.library["id"]]}),
             ("daemonise", {"do": "daemonise", "item": p.source["id"]}),
             ("idle", {"do": "idle", "n": 11})]
    for name, move in steps:
        match.submit_json(0, move)
        if name == upto:
            return


def play_bruno(match: Match, p: Plan) -> None:
    match.submit_json(1, {"do": "load", "cards": [p.attacker["id"]]})
    match.submit_json(1, {"do": "compile", "item": p.attacker["id"], "cards": []})
    match.submit_json(1, {"do": "execute", "item": p.attacker["id"], "target": 0})


@pytest.fixture
def game() -> tuple[Match, Plan]:
    return seeded()


# -- a seat on its turn -----------------------------------------------------------------------

def test_every_legal_move_is_offered_exactly_once_as_its_own_json(game):
    match, _ = game
    legal = {json.dumps(match.game.action_to_json(a), sort_keys=True)
             for a in match.legal_actions(0)}
    tree = screen(match, 0)
    offered: list[str] = []
    for control in tree.find_all("input", name="action"):
        offered.append(json.dumps(json.loads(control.get("value")), sort_keys=True))
    for option in tree.find_all("option"):
        offered.append(json.dumps(json.loads(option.get("value")), sort_keys=True))
    assert sorted(offered) == sorted(legal)


def test_seat_sees_its_machine_cycles_and_backing_store_with_card_text(game):
    match, p = game
    tree = screen(match, 0)
    mine = tree.find("section", class_="cpu-mine")
    assert "16 cycles: 16 free, 0 spent, 0 idled" in mine.text
    assert "0 of 6 slots used" in mine.text and "0 of 2 slots" in mine.text
    hand = tree.find("section", class_="cpu-hand")
    card = hand.find("li", data_item=str(p.source["id"]))
    info = CATALOGUE[p.source["key"]]
    assert info["name"] in card.text and info["text"] in card.text
    assert (f"attack {info['attack']}, defence {info['defence']}, reaction {info['reaction']}"
            in card.text)
    load = button_form(card, "load")
    assert posted(load) == {"do": "load", "cards": [p.source["id"]]}
    assert load.get("data-move") == f"/api/matches/{CODE}/act"
    assert load.find("button").text == f"Load {info['name']} (1 cycle)"
    assert len(hand.find_all("li", class_="cpu-card")) == 10
    assert "keep at most 16" in hand.text


def test_turn_line_clock_and_general_moves(game):
    match, _ = game
    tree = screen(match, 0)
    line = tree.find(data_turn_line=True).text
    assert "Turn 1: your turn" in line and "16 cycles free" in line
    assert tree.find(data_deadline=True).get("data-deadline") == DEADLINE
    buttons = [b.text for b in tree.find("section", class_="cpu-actions").find_all("button")]
    assert "Download a card (1 cycle)" in buttons
    assert "Idle all (16 cycles: ends your turn)" in buttons
    assert "Shut down" in buttons
    idle = tree.find("select", id="cpu-idle-choice")
    assert tree.find("label", for_="cpu-idle-choice") is not None
    assert [json.loads(o.get("value"))["n"] for o in idle.find_all("option")] == list(range(1, 16))


def test_compile_offers_the_loaded_libraries_as_checkboxes(game):
    match, p = game
    play_alice(match, p, upto="load2")
    tree = screen(match, 0)
    source = tree.find("section", class_="cpu-mine").find("li", data_item=str(p.source["id"]))
    form = source.find("form", data_cpu_compile=True)
    assert form.get("data-item") == str(p.source["id"])
    assert form.get("data-keep")
    boxes = form.find_all("input", type="checkbox")
    assert [b.get("value") for b in boxes] == [str(p.library["id"])]
    # "a binary can be composed of one source code card and any number of libraries"
    # (CPU, §6): what may go with the source is ticked, so "Compile" links it.
    assert all(b.has("checked") for b in boxes)
    for box in boxes:
        assert tree.find("label", for_=box.get("id")) is not None
    assert f"Compile {p.source['name']} with…" in form.find("legend").text
    assert "2 of 6 slots used" in tree.text
    assert "14 free, 2 spent, 0 idled" in tree.text
    assert 'script type="module"' in html(match, 0) and "games/cpu/cpu.js" in html(match, 0)


def test_a_binary_shows_its_cards_summed_values_and_run_choices(game):
    match, p = game
    play_alice(match, p, upto="compile")
    tree = screen(match, 0)
    item = tree.find("section", class_="cpu-mine").find("li", data_item=str(p.source["id"]))
    label = f"{p.source['name']} + {p.library['name']}"
    assert label in item.text and "binary of 2" in item.text
    total = [p.source[k] + p.library[k] for k in ("attack", "defence", "reaction")]
    assert f"attack {total[0]}, defence {total[1]}, reaction {total[2]}" in item.text
    daemonise = item.find("form", data_verb="daemonise")
    choices = daemonise.find("select") if daemonise else None
    if total[0] > 0:  # with an attack value it may also target a machine
        labels = [o.text for o in choices.find_all("option")]
        assert labels[-1] == "no target (defend only)" and "at bruno" in labels
        assert daemonise.find("button").text == f"Daemonise {label} (2 cycles)"
        assert item.find("form", data_verb="execute") is not None
    else:
        assert posted(daemonise) == {"do": "daemonise", "item": p.source["id"]}
        assert item.find("form", data_verb="execute") is None
    assert button_form(item, "free").find("button").text == f"Free {label} (1 cycle)"


def test_daemon_is_marked_and_public(game):
    match, p = game
    play_alice(match, p, upto="daemonise")
    mine = screen(match, 0).find("section", class_="cpu-mine")
    item = mine.find("li", data_item=str(p.source["id"]))
    assert "◈ daemon" in item.text and "is-daemon" in item.get("class")
    assert button_form(item, "free").find("button").text.startswith("Kill")
    other = screen(match, 1).find("article", data_seat="0")
    assert "◈ daemon" in other.text and p.source["name"] in other.text
    assert "1 daemon" in other.text


# -- the reaction window ----------------------------------------------------------------------

def test_defender_is_asked_to_react_with_countdown_and_default(game):
    match, p = game
    play_alice(match, p)
    play_bruno(match, p)
    tree = screen(match, 0)
    window = tree.find("section", class_="cpu-window")
    assert window is not None
    assert (f"Your daemon was touched: react with {p.reaction} against bruno?"
            in window.find("h2").text)
    assert window.find(data_deadline=True).get("data-deadline") == DEADLINE
    assert f"If you do nothing in 14:30, you react with {p.reaction}" in words(window)
    assert "(rule option reaction_default)" in words(window)
    assert [posted(f) for f in window.find_all("form")] == [{"do": "react"}, {"do": "decline"}]
    buttons = window.find("div", class_="cpu-window-buttons")
    assert [b.text for b in buttons.find_all("button")] == [
        f"React: return fire with {p.reaction} at bruno", "Decline"]
    # the same question can be answered once for the rest of the game (in this browser)
    standing = window.find("details", class_="cpu-standing")
    assert [b.get("data-standing") for b in standing.find_all("button")] == [
        "react:react", "react:decline", "react:"]
    assert "Always: Decline" in standing.text and "Ask me each time" in standing.text
    waiting = screen(match, 1).find("p", class_="cpu-waiting")
    assert waiting is not None and "Waiting for alice to react to bruno's attack" in waiting.text
    assert screen(match, 1).find("section", class_="cpu-window") is None


def test_declining_by_default_is_said_so(game):
    match, p = game
    options = {**SCENARIO, "reaction_default": "decline"}
    match = Match(get_game("cpu"), NAMES, options, match.seed)
    play_alice(match, p)
    play_bruno(match, p)
    assert "you do not react" in screen(match, 0).find("section", class_="cpu-window").text


def test_reaction_lands_and_the_log_says_so_newest_first(game):
    match, p = game
    play_alice(match, p)
    play_bruno(match, p)
    match.submit_json(0, {"do": "react"})
    tree = screen(match, 1)
    log = [li.text for li in tree.find("ol", data_log=True).find_all("li")]
    assert any(f"return fire at bruno with {p.reaction}" in line for line in log)
    assert log.index(next(x for x in log if "return fire" in x)) < log.index(
        next(x for x in log if "executes" in x))
    assert f"{16 - p.reaction} cycles" in tree.find("section", class_="cpu-mine").text


# -- the end, viewers, the page ---------------------------------------------------------------

def finish(match: Match) -> None:
    """Bots play every seat until the game is over."""
    rng = random.Random(7)
    bot = BOTS["aggressive"]()
    while match.outcome() is None:
        seat, prompt = next(iter(match.prompts().items()))
        move = bot.act(match.view(seat), prompt, match.legal_actions(seat), rng)
        if move is None:
            match.close_phase()
        else:
            match.submit(seat, move)


def test_outcome_ranks_every_machine(game):
    match, _ = game
    finish(match)
    tree = screen(match, 0, status="over")
    outcome = tree.find("section", class_="outcome")
    assert outcome is not None and match.outcome().summary in outcome.text
    assert len(outcome.find_all("li")) >= 1
    assert all(name in outcome.text for name in NAMES)
    assert tree.find("section", class_="cpu-actions") is None
    assert tree.find(data_deadline=True) is None


def test_credit_on_every_viewers_screen(game):
    match, _ = game
    for viewer in (0, 1, SPECTATOR, GM):
        tree = screen(match, viewer)
        assert tree.find("div", class_="cpu") is not None, viewer
        assert CREDIT in tree.find("p", class_="credits").text, viewer
        assert "built-in method" not in tree.text and "Undefined" not in tree.text


def test_gm_sees_every_hand_and_the_draw_order_spectator_sees_none(game):
    match, _ = game
    gm = screen(match, GM)
    assert len(gm.find("section", class_="cpu-gm").find_all("h3")) == 3
    assert gm.find("details", id="cpu-draw-order") is not None
    spectator = screen(match, SPECTATOR)
    assert spectator.find("section", class_="cpu-hand") is None
    assert spectator.find("section", class_="cpu-gm") is None
    assert len(spectator.find_all("article", class_="cpu-other")) == 3


def test_the_screen_is_embedded_in_the_table_page_with_labelled_controls(game):
    match, p = game
    play_alice(match, p, upto="load2")
    ctx = context(match, 0)
    page = parse_html(render_page("table.html", **ctx))
    main = page.find("main", id="screen")
    assert main.find("div", class_="cpu") is not None
    ids = [n.get("id") for n in page.iter() if n.get("id")]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for control in main.find_all("select") + main.find_all("input"):
        if control.get("type") == "hidden":
            continue
        assert page.find("label", for_=control.get("id")) is not None, control.get("id")
    for button in main.find_all("button"):
        assert button.text.strip(), "a button without a name"


def test_a_screen_without_listed_moves_still_offers_the_notation(game):
    match, _ = game
    ctx = context(match, 0)
    ctx["legal"] = None  # over the presenter's limit
    tree = parse_html(render_screen("cpu", ctx))
    assert tree.find("input", id="cpu-text") is not None
    assert tree.find("form", data_verb="load") is None
    assert "write your move below" in tree.text


# -- hidden information -----------------------------------------------------------------------

JSON_PATTERNS = ('"item":{n}', '"cards":[{n}', ',{n}]', ',{n},', '"disassemble":{n}')
ATTR_PATTERNS = ('data-item="{n}"', 'value="{n}"', '-lib-{n}"')
"""How a screen names a card: in the action JSON of its controls (escaped inside an
attribute) and in a few attributes."""


def hidden_ids(gm_view: dict[str, Any], seat: int) -> set[int]:
    """Card numbers in the other backing stores and the draw pile: secret from `seat`."""
    secret = {n for s, hand in enumerate(gm_view["hands"]) if s != seat
              for item in hand for n, _ in item["cards"]}
    return secret | {n for n, _ in gm_view["draw_order"]}


def known_text(match: Match, seat: int) -> str:
    """Everything the seat may read: its own view, its prompt and its log."""
    events = " ".join(match.game.describe(e.event, match.state)
                      for e in match.events_for(seat))
    prompt = match.prompts().get(seat)
    return " ".join([json.dumps(match.view(seat), ensure_ascii=False), events,
                     prompt.text if prompt else ""])


def assert_no_leak(gm_view: dict[str, Any], seat: int, page: str, known: str) -> None:
    """`page` (a seat's screen) names no card of another backing store or the draw pile:
    neither by number nor by a name the seat cannot otherwise know (`known`)."""
    for n in hidden_ids(gm_view, seat):
        needles = [re.escape(p.format(n=n)) for p in ATTR_PATTERNS]
        needles += [re.escape(p.format(n=n).replace('"', "&#34;")) + r"(?!\d)"
                    for p in JSON_PATTERNS]
        for needle in needles:
            assert not re.search(needle, page), (seat, n, needle)
    text = parse_html(page).text
    secret_names = {CATALOGUE[key]["name"] for s, hand in enumerate(gm_view["hands"])
                    if s != seat for item in hand for _, key in item["cards"]}
    for name in secret_names:
        if name in known:
            continue  # the seat has its own copy, or saw one played
        assert not re.search(rf"\b{re.escape(name)}\b", text), (seat, name)
    assert "Draw pile, top first" not in page and "Every backing store" not in page


def test_no_seat_screen_ever_carries_another_hand_or_the_draw_order():
    """A whole game of bots: after every move, every seat's screen is checked."""
    match = Match(get_game("cpu"), NAMES, {"round_limit": 4}, 11)
    rng = random.Random(3)
    bots = [BOTS[name]() for name in ("aggressive", "turtle", "hoarder")]
    checked = 0
    while match.outcome() is None and checked < 400:
        for seat in range(len(NAMES)):
            page = html(match, seat)
            assert 'class="cpu cpu-seat"' in page, "the CPU screen fell back to the generic one"
            assert_no_leak(match.view(GM), seat, page, known_text(match, seat))
        for viewer in (GM, SPECTATOR):
            assert f'class="cpu cpu-{viewer}"' in html(match, viewer)
        checked += 1
        seat, prompt = max(match.prompts().items(), key=lambda kv: kv[1].kind != "any_time")
        move = bots[seat].act(match.view(seat), prompt, match.legal_actions(seat), rng)
        if move is None:
            match.close_phase()
        else:
            match.submit(seat, move)
    assert checked > 20


def test_the_leak_check_catches_another_hand_on_the_screen(game):
    match, _ = game
    ctx = context(match, 0)
    gm = match.view(GM)
    ctx["view"] = {**ctx["view"], "hand": gm["hands"][1]}  # what a leak would look like
    with pytest.raises(AssertionError):
        assert_no_leak(gm, 0, render_screen("cpu", ctx), known_text(match, 0))


def test_a_knocked_out_player_is_told_how_and_can_watch():
    """A beginner knocked out by a bot's daemons must learn what put their machine out, and
    that the screen goes on showing the game (the seed: a machine with no cycles "is out")."""
    from hacktable.sim.runner import play_match

    game = get_game("cpu")
    for seed in range(40):
        played = play_match(game, ["aggressive", "aggressive", "aggressive"], {}, seed).match
        out = [s for s, m in enumerate(played.state["machines"]) if m["status"] == "out"]
        if out:
            break
    else:
        pytest.skip("no machine went out in 40 bot games")
    match = Match(game, played.seats, played.options, played.seed)
    for entry in played.log:  # up to the moment the first machine went out
        match.apply_entry(entry)
        if match.state["machines"][out[0]]["status"] == "out":
            break
    html = render_screen("cpu", table_context(match, out[0]))
    card = parse_html(html).find("section", data_knocked_out=True)
    assert card is not None, "the knocked-out player is not told"
    assert "Knocked out:" in card.text or "ran out of cycles" in card.text
    assert "keep watching" in card.text
