"""Rules for Runners at a real table, on screen: the runner's one-step actions (built from
the view's own list, so a hidden guard can be neither seen nor aimed at), the map tapped to
move or unlock, "Ready an action" on its own, a charged call answered with an effort or a
kept roll, the clock that stands still while a runner waits for the GM, and the GM's
console: a DC in one tap for an action that names its stat, a stat alone for a check kept
for later, "all NPCs hold", and no seconds on an NPC's turn (docs/rules/runners.md)."""

from __future__ import annotations

import json
import random
import re

from hacktable.engine import SPECTATOR, Match
from hacktable.games import get_game
from hacktable.web import render_screen

from .helpers import parse_html, table_context
from .test_runners_screen import SECRET, Dice, seed_example

MICA, DAMIEN, LUKE = 1, 2, 3


def html(match: Match, viewer, **changes) -> str:
    return render_screen("runners", table_context(match, viewer, **changes))


def page(table: Match, viewer, **changes):
    return parse_html(html(table, viewer, **changes))


def fixed(node) -> dict:
    return json.loads(node.get("data-fixed") or "{}")


def hidden_refs(match: Match) -> list[str]:
    return [n["id"] for n in match.state["npcs"] if n["hidden"]]


def visible_ref(match: Match) -> str:
    return next(n["id"] for n in match.state["npcs"] if not n["hidden"])


# -- the runner's turn ----------------------------------------------------------------------

def test_common_actions_are_one_tap_buttons_naming_whom_the_runner_can_see():
    # "To make a generic check (ie, unlock a door, search a trash can) takes 2 seconds."
    match = seed_example()
    mica = page(match, MICA)
    attacks = [f for f in mica.find_all("form", **{"data-rr": "act"})
               if fixed(f).get("what") == "attack"]
    names = [f.text for f in attacks]
    assert names[0] == "Attack Receptionist", "foes first, teammates after"
    assert "Attack Damien (a teammate)" in names
    assert {fixed(f)["target"] for f in attacks if "Receptionist" in f.text} == {
        visible_ref(match)}, "the reference the engine needs travels with the button"
    assert all(f.get("data-effort") is not None for f in attacks)
    unlocks = [f for f in mica.find_all("form", **{"data-rr": "act"})
               if fixed(f).get("what") == "unlock"]
    assert unlocks and fixed(unlocks[0])["target"] == [8, 2], "the corridor's closed door"
    assert mica.find_all(id="rr-act-search"), "search names its target in words"
    assert "STR check" in mica.find(id="rr-do-attack").text


def test_a_hidden_guard_is_no_target_and_leaves_no_count():
    # "The DM writes this all down and does not tell the players about the two other guards."
    match = seed_example()
    for viewer in (MICA, DAMIEN, LUKE, SPECTATOR):
        text = html(match, viewer)
        assert SECRET not in text
        for ref in hidden_refs(match):
            assert ref not in text
    attacks = [f for f in page(match, MICA).find_all("form", **{"data-rr": "act"})
               if fixed(f).get("what") == "attack"]
    seen = {r["ref"] for r in match.view(MICA)["actions"][0]["targets"]}
    assert {fixed(f)["target"] for f in attacks} == seen, "no button beyond the view's list"
    # Revealing the guard adds exactly one button, named.
    match.game.apply(match.state, 0, {"do": "show", "ref": hidden_refs(match)[0],
                                      "hidden": False}, random.Random(0))
    again = [f.text for f in page(match, MICA).find_all("form", **{"data-rr": "act"})
             if fixed(f).get("what") == "attack"]
    assert f"Attack {SECRET}" in again and len(again) == len(attacks) + 1


def test_the_map_is_tapped_with_coordinates_on_its_edges():
    match = seed_example()
    mica = page(match, MICA)
    squares = mica.find_all("button", **{"data-at": True})
    assert squares, "the runner's map squares are buttons"
    ats = {tuple(json.loads(b.get("data-at"))) for b in squares}
    assert (8, 2) in ats, "the closed door can be tapped (to unlock it)"
    assert all(b.get("form") == "rr-map-act" for b in squares)
    modes = [o.get("value") for o in mica.find(id="rr-map-mode").find_all("option")]
    assert modes == ["move", "unlock", "hack"]
    assert not mica.find_all(id="rr-map-token"), "no list of tokens (hidden ones) for a runner"
    reach = mica.find_all("td", **{"class": True})
    assert any("is-reach" in (td.get("class") or "") for td in reach)
    heads = [th.text for th in mica.find("table").find_all("th")]
    assert "0" in heads and "13" in heads, "columns numbered on the edge"
    assert "json" not in html(match, MICA).split("rr-map-act")[1].split("</form>")[0]
    gm = page(match, 0)
    assert [o.get("value") for o in gm.find(id="rr-map-mode").find_all("option")] == [
        "place", "door"]
    tokens = [o.text for o in gm.find(id="rr-map-token").find_all("option")]
    assert f"{SECRET} (hidden)" in tokens and "Mica" in tokens
    # Another runner, off their turn, has nothing to tap.
    assert not page(match, DAMIEN).find_all("button", **{"data-at": True})


def test_ready_an_action_is_its_own_button():
    # "If you want to do something on someone else's turn, you can ready an action."
    match = seed_example()
    ready = page(match, MICA).find(id="rr-ready")
    assert ready.get("data-rr") == "ready"
    assert ready.parent.tag != "details" and "Ready an action" in ready.text


def test_nothing_is_typed_as_json():
    match = Match(get_game("runners"), ["Gia", "Mica", "Damien", "Luke"], {}, seed=5)
    prep = html(match, MICA)
    assert 'data-type="json"' not in prep
    items = parse_html(prep).find(id="rr-char-items")
    assert items.tag == "textarea", "inventory is plain lines"
    match.game.apply(match.state, MICA, {"do": "character", "sheet": {
        "name": "Mica", "stats": {"str": 2, "dex": 5, "int": 4, "cha": 1},
        "inventory": "lockpick\nrope"}}, random.Random(0))
    assert parse_html(html(match, MICA)).find(id="rr-char-items").text == "lockpick rope"
    gm = html(seed_example(), 0)
    assert 'id="rr-place-at" data-key="at" data-type' not in gm


def test_the_runners_log_carries_no_entry_numbers():
    # Every viewer numbers the log on its own; a runner's screen shows no numbers at all.
    match = Match(get_game("runners"), ["Gia", "Mica", "Damien", "Luke"], {}, seed=5)
    match.submit(0, {"do": "npc", "name": SECRET, "init": 15, "hidden": True})
    match.submit(0, {"do": "start"})
    for viewer in (MICA, SPECTATOR):
        log = page(match, viewer).find(id="table-log")
        assert log is not None and not re.search(r"#\d", log.text)
    assert re.search(r"#\d", page(match, 0).find(id="table-log").text)


def test_ending_the_mission_asks_first():
    gm = page(seed_example(), 0)
    for button_id in ("rr-win", "rr-lose"):
        assert "cannot be taken back" in gm.find(id=button_id).get("data-confirm")


# -- waiting for the GM -----------------------------------------------------------------------

def test_a_runner_waiting_on_the_gm_sees_the_clock_stand_still():
    # "A turn may only take up to 30 real-life seconds": the runner's, not the GM's.
    match = seed_example()
    rec = visible_ref(match)
    match.game.apply(match.state, MICA, {"do": "act", "what": "attack", "target": rec},
                     random.Random(0))
    mica = page(match, MICA).text
    assert "Waiting for the GM — the clock stands still" in mica
    assert "attack Receptionist (normal, 2 s)" in mica
    assert "Mica is waiting for the GM — the clock stands still" in page(match, DAMIEN).text
    gm = page(match, 0)
    assert "Waiting on you: Mica" in gm.find(id="rr-waiting-gm").text
    context = table_context(match, DAMIEN)
    context["match"].update(held=True, remaining=21.0, deadline=None)
    assert "stands still" in parse_html(render_screen("runners", context)).text


def test_an_attack_on_a_guard_the_gm_hides_again_names_no_reference():
    # The runner named the receptionist; the GM hides it before ruling: the runner's page
    # says what they asked without the NPC's reference.
    match = seed_example()
    rec = visible_ref(match)
    match.game.apply(match.state, MICA, {"do": "act", "what": "attack", "target": rec},
                     random.Random(0))
    match.game.apply(match.state, 0, {"do": "show", "ref": rec, "hidden": True},
                     random.Random(0))
    for viewer in (MICA, DAMIEN, SPECTATOR):
        assert rec not in html(match, viewer)
    assert "attack someone out of sight" in page(match, MICA).text


def test_the_turn_key_a_push_keeps_choices_by_tells_nothing_hidden():
    # Passing from one hidden guard's turn to another changes nothing a runner's page says.
    match = seed_example()
    game = match.game
    game.apply(match.state, 0, {"do": "npc", "name": "Guard Two", "init": 15,
                                "hidden": True}, random.Random(3))
    game.apply(match.state, MICA, {"do": "end"}, random.Random(0))
    assert match.state["turn"]["ref"].startswith("n")
    before = {v: html(match, v) for v in (MICA, DAMIEN, SPECTATOR)}
    game.apply(match.state, 0, {"do": "end_turn"}, random.Random(0))
    assert match.state["turn"]["ref"].startswith("n"), "the second hidden guard's turn"
    for viewer, text in before.items():
        assert html(match, viewer) == text
        assert 'data-turn-key="mission:1:"' in text


def test_a_blow_seen_lands_on_the_runners_list_and_a_hidden_one_does_not():
    # "HP or Hit Points is the amount of attacks you can take": runners see the blows they
    # could see, never the NPC's HP, nor a blow struck while it hid.
    match = seed_example()
    game = match.game
    rec = visible_ref(match)
    game.apply(match.state, 0, {"do": "attack", "target": rec}, random.Random(0))
    team = page(match, DAMIEN).find(id="rr-team-h").parent.text
    assert "Receptionist · hit 1×" in team and "HP" not in team.split("Receptionist")[1]
    guard = hidden_refs(match)[0]
    game.apply(match.state, 0, {"do": "attack", "target": guard}, random.Random(0))
    game.apply(match.state, 0, {"do": "show", "ref": guard, "hidden": False}, random.Random(0))
    team = page(match, DAMIEN).find(id="rr-team-h").parent.text
    assert SECRET in team and f"{SECRET} · hit" not in team


# -- the GM's rulings --------------------------------------------------------------------------

def test_an_action_that_names_its_stat_is_ruled_with_one_tap():
    match = seed_example()
    match.game.apply(match.state, MICA, {"do": "act", "what": "unlock", "target": [8, 2],
                                         "effort": "hasty"}, random.Random(0))
    gm = page(match, 0)
    taps = [f for f in gm.find_all("form", **{"data-rr": "check"}) if
            (f.get("id") or "").startswith("rr-dc-1-")]
    assert [fixed(f) for f in taps] == [{"seat": 1, "dc": dc} for dc in (8, 12, 15, 18)]
    assert "Mica wants to unlock the door at (8, 2)" in gm.text and "DEX, hasty, 1 s" in gm.text
    chosen = [o for o in gm.find(id="rr-rule-1-stat").find_all("option")
              if o.get("selected") is not None]
    assert [o.get("value") for o in chosen] == ["dex"]


def test_a_check_kept_for_later_is_ruled_with_a_stat_alone():
    match = seed_example()
    match.game.apply(match.state, MICA, {"do": "check", "keep": True,
                                         "note": "the guard's route"}, random.Random(0))
    gm = page(match, 0)
    stats = [fixed(f) for f in gm.find_all("form", **{"data-rr": "check"})
             if (f.get("id") or "").startswith("rr-keep-1-")]
    assert stats == [{"seat": 1, "stat": s} for s in ("str", "dex", "int", "cha")]
    assert not gm.find_all(id="rr-rule-1-dc"), "no DC for a check kept for later"


def test_the_call_for_a_check_says_whose_seconds_and_may_keep_it():
    match = seed_example()
    match.game.apply(match.state, MICA, {"do": "end"}, random.Random(0))
    match.game.apply(match.state, 0, {"do": "hold"}, random.Random(0))
    turn = match.state["turn"]["ref"]
    gm = page(match, 0)
    chosen = [o.get("value") for o in gm.find(id="rr-call-seat").find_all("option")
              if o.get("selected") is not None]
    assert chosen == [turn[1:]], "the runner whose turn it is comes first to hand"
    charge = [o.get("value") for o in gm.find(id="rr-call-charge").find_all("option")]
    assert charge == ["", "true", "false"]
    assert gm.find(id="rr-call-keep").get("data-key") == "keep"


def test_npc_turns_pass_with_all_npcs_hold_and_show_no_seconds():
    match = seed_example()
    match.game.apply(match.state, MICA, {"do": "end"}, random.Random(0))
    assert match.state["turn"]["ref"].startswith("n"), "the hidden guard's turn"
    gm = page(match, 0)
    assert fixed(gm.find(id="rr-hold")) == {} and gm.find(id="rr-hold").get("data-rr") == "hold"
    assert " s left" not in gm.find(id="rr-title").parent.text
    for viewer in (MICA, DAMIEN, SPECTATOR):
        text = page(match, viewer).text
        assert "the GM has the floor" in text and " s left" not in text
        assert "rr-hold" not in html(match, viewer)


# -- a check the GM calls ----------------------------------------------------------------------

def test_a_charged_call_offers_the_efforts_the_runner_can_afford():
    # "you can spend 3 seconds and take +5 on a check, or only spend 1 second but get -5"
    match = seed_example()
    match.game.apply(match.state, 0, {"do": "check", "seat": MICA, "stat": "dex", "dc": 12},
                     random.Random(0))
    mica = page(match, MICA)
    efforts = [fixed(f).get("effort") for f in mica.find_all("form", **{"data-rr": "roll"})]
    assert efforts == ["normal", "careful", "hasty"]
    assert "costs your seconds" in mica.text and "DC" not in mica.find(id="rr-called-h").text
    assert "12" not in mica.find(id="rr-called-h").parent.text


def test_a_kept_roll_is_on_the_sheet_and_answers_a_call():
    # "keep the number recorded somewhere for later use"
    match = seed_example()
    game = match.game
    game.apply(match.state, MICA, {"do": "check", "keep": True, "note": "the route"},
               random.Random(0))
    game.apply(match.state, 0, {"do": "check", "seat": MICA, "stat": "cha"}, Dice([4, 4, 4]))
    total = match.state["characters"]["1"]["kept"][0]["total"]
    mica = page(match, MICA)
    assert f"Kept for later: Charisma {total} — the route" in mica.text
    game.apply(match.state, 0, {"do": "check", "seat": MICA, "stat": "cha", "dc": 14,
                                "charge": False}, random.Random(0))
    use = page(match, MICA).find(id="rr-use-kept")
    assert use is not None and fixed(use) == {"kept": True} and str(total) in use.text
    assert "Kept for later" not in html(match, DAMIEN), "another runner's sheet is private"
    assert f"kept: CHA {total}" in page(match, 0).find(id="rr-team-h").parent.text


def test_a_blind_kept_roll_shows_no_total_to_its_runner():
    match = seed_example()
    game = match.game
    game.apply(match.state, MICA, {"do": "check", "keep": True}, random.Random(0))
    game.apply(match.state, 0, {"do": "check", "seat": MICA, "stat": "int",
                                "visibility": "blind"}, Dice([6, 6, 5]))
    total = match.state["characters"]["1"]["kept"][0]["total"]
    sheet = page(match, MICA).find(id="rr-sheet-h").parent.text
    assert "Intelligence (rolled blind: only the GM knows the total)" in sheet
    assert str(total) not in sheet.split("Kept for later")[1].split(".")[0]
    assert f"Intelligence {total}" in page(match, 0).text or str(total) in html(match, 0)


def test_the_new_controls_are_accessible():
    from . import test_accessibility as a11y

    match = seed_example()
    game = match.game
    pages = [html(match, v) for v in (0, MICA)]
    game.apply(match.state, MICA, {"do": "act", "what": "unlock", "target": [8, 2]},
               random.Random(0))
    game.apply(match.state, LUKE, {"do": "ask", "text": "shout"}, random.Random(0))
    pages += [html(match, v) for v in (0, MICA, LUKE)]
    game.apply(match.state, 0, {"do": "check", "seat": MICA, "dc": 12}, Dice([6, 6, 6]))
    game.apply(match.state, 0, {"do": "check", "seat": MICA, "stat": "dex", "dc": 12,
                                "charge": False}, random.Random(0))
    pages += [html(match, v) for v in (0, MICA)]
    for text in pages:
        tree = parse_html(text)
        a11y.test_every_control_has_a_label(tree)
        a11y.test_every_button_says_what_it_does(tree)
        a11y.test_ids_are_unique_and_references_resolve(tree)
        a11y.test_every_api_form_can_show_an_error(tree)
