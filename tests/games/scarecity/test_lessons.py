"""Every card's lesson against what the card does, under the default rule options.

A lesson teaches only if the table does what it says: a control the lesson says stops a
threat must keep the city that holds it from being degraded, a restore the lesson ties to
a control must come back only in cities holding it, and a control the lesson says does
not help must not be listed. These tests read all 90 cards (docs/rules/scarecity.md,
*The card set* and the `impact_reading` ruling)."""

from __future__ import annotations

import re

import pytest

from hacktable.games.scarecity.cards import (
    BY_KEY,
    IMPACT_BY_KEY,
    IMPACTS,
    PROGRAM_TYPES,
    program,
)
from hacktable.games.scarecity.options import OPTIONS

from .helpers import ADA, BRUNO, Table, reopen

CONTROLS = [p for p in PROGRAM_TYPES if p.kind == "control"]
SERVICES = [p for p in PROGRAM_TYPES if p.kind == "service"]

# How a lesson names each control (regular expressions, word-bounded, any case).
NAMES: dict[str, tuple[str, ...]] = {
    "patch_management": ("patch management", "patched", "patches"),
    "antivirus": ("antivirus",),
    "edr": ("EDR",),
    "allowlisting": ("allowlisting",),
    "secure_boot": ("Secure Boot",),
    "hsm": ("key management", "HSM"),
    "failover_site": ("fail over", "second site"),
    "firewall": ("firewalls?",),
    "vpn": ("VPN",),
    "ids": ("IDS",),
    "segmentation": ("segmentation", "network zones?", "zone of their own", "own network"),
    "ddos_protection": ("DDoS-protection service",),
    "email_filter": ("filters", "email authentication", "DMARC"),
    "two_factor": ("second factor",),
    "password_manager": ("password manager",),
    "awareness": ("trained", "train their staff"),
    "phishing_sim": ("phishing simulations?",),
    "secure_dev": ("secure development",),
    "offline_backups": ("offline backups",),
    "disk_encryption": ("disk is encrypted", "disk encryption", "encryption"),
    "access_controls": ("least privilege", "least-privilege", "access controls",
                        "granting access only"),
    "dlp": ("data loss prevention",),
    "siem": ("SIEM", "log archive", "logging", "logs"),
}

# A control an Impact Card's lesson names only to say it does not stop the threat, with
# the words that say so: it must not be among the card's protections.
DENIED: dict[tuple[str, str], str] = {
    ("ddos", "firewall"): "A firewall is swamped",
    ("sql_injection", "access_controls"): "only limits what a successful injection",
    ("insider_leak", "siem"): "logging only shows afterwards",
    ("cloud_misconfig", "dlp"): "never sees a public bucket",
}


def named(text: str) -> set[str]:
    """The controls a lesson names."""
    return {key for key, words in NAMES.items()
            if any(re.search(rf"\b{w}\b", text, re.IGNORECASE) for w in words)}


def step_one(impact: str, held: tuple[str, ...], cards: tuple[str, ...],
             red: bool) -> tuple[set[str], set[str]]:
    """Play `impact` on a city holding `held` and `cards` (all red when `red`), under the
    default options; returns the card types it degraded and restored. (The districts are
    widened to hold every listed card at once: slots play no part in step 1.)"""
    t = Table(2, district_slots=12)
    t.city(ADA, *held, *cards, degraded=cards if red else ())
    t.city(BRUNO)
    for seat in (ADA, BRUNO):
        t.money(seat, 100, 0)
    t.next_impact(impact)
    reopen(t, ADA, BRUNO)
    t.finish_round()
    row = next(r for r in t.state["reports"][-1]["players"] if r["seat"] == ADA)
    return ({program(c).key for c in row["degraded"]},
            {program(c).key for c in row["restored"]})


def test_the_default_reading_is_the_one_the_lessons_teach():
    assert OPTIONS.defaults()["impact_reading"] == "lessons"


@pytest.mark.parametrize("card", IMPACTS, ids=lambda c: c.key)
def test_each_listed_protection_stops_the_damage_in_the_city_that_holds_it(card):
    if card.degrade:
        assert step_one(card.key, (), card.degrade, red=False)[0] == set(card.degrade)
        for control in card.protect:
            assert step_one(card.key, (control,), card.degrade, red=False)[0] == set(), \
                f"{BY_KEY[control].name} is said to protect against {card.name}"


@pytest.mark.parametrize("card", IMPACTS, ids=lambda c: c.key)
def test_a_restore_comes_only_to_cities_holding_a_listed_protection(card):
    if card.restore:
        assert card.protect, f"{card.name} restores for no reason the lesson can give"
        assert step_one(card.key, (), card.restore, red=True)[1] == set(), \
            f"{card.name} would rebuild the services of a city that did nothing"
        for control in card.protect:
            assert step_one(card.key, (control,), card.restore, red=True)[1] == \
                set(card.restore)


@pytest.mark.parametrize("card", IMPACTS, ids=lambda c: c.key)
def test_an_impact_lesson_names_exactly_the_controls_that_protect(card):
    """Every control the lesson offers as a defence is a protection, and every protection
    is in the lesson, so the player learns why their card earned them +1 and was spared."""
    denied = {control for (key, control), words in DENIED.items() if key == card.key}
    for control in denied:
        assert DENIED[card.key, control] in card.lesson
        assert control not in card.protect
    assert named(card.lesson) - denied == set(card.protect), card.lesson


def test_every_control_protects_against_something():
    protected = {key for card in IMPACTS for key in card.protect}
    for control in CONTROLS:
        assert control.key in protected, control.name


@pytest.mark.parametrize("card", [c for c in IMPACTS if re.search(r"\bonly\b", c.lesson,
                                                                  re.IGNORECASE)],
                         ids=lambda c: c.key)
def test_only_means_only(card):
    """"Only a city that keeps offline backups can": that control and no other."""
    for sentence in re.split(r"(?<=[.;:])\s+", card.lesson):
        if re.match(r"only\b", sentence, re.IGNORECASE):
            assert named(sentence) == set(card.protect), sentence


PROGRAM_CLAIMS: dict[str, tuple[str, object]] = {
    "mainframe": ("no patch will ever fix it", lambda: all(
        "patch_management" not in i.protect for i in IMPACTS if "mainframe" in i.restore)),
    "remote_desktop": ("one-time code besides the password", lambda: all(
        "remote_desktop" not in i.degrade for i in IMPACTS if "two_factor" in i.protect
        and "password" in i.lesson)),
    "digital_id": ("password alone cannot log in", lambda: all(
        "digital_id" not in i.degrade for i in IMPACTS if "password" in i.lesson)),
    "sso": ("protect it with a second factor", lambda: all(
        "two_factor" in i.protect for i in IMPACTS if "sso" in i.degrade)),
    "ddos_protection": ("absorbs floods", lambda: IMPACT_BY_KEY["ddos"].protect ==
                        ("ddos_protection",)),
    "disk_encryption": ("switched off leaks nothing", lambda: "disk_encryption" in
                        IMPACT_BY_KEY["stolen_laptop"].protect),
    "hsm": ("guards keys, not the records", lambda: "hsm" not in
            IMPACT_BY_KEY["insider_leak"].protect),
    "secure_boot": ("after start-up is not its job", lambda: all(
        "secure_boot" not in IMPACT_BY_KEY[k].protect
        for k in ("ransomware", "zero_day", "supply_chain", "network_worm"))),
    "offline_backups": ("cannot encrypt them too", lambda: "offline_backups" in
                        IMPACT_BY_KEY["ransomware"].protect),
}


def test_program_lessons_claim_only_what_the_cards_do():
    for key, (words, holds) in PROGRAM_CLAIMS.items():
        assert words in BY_KEY[key].lesson, key
        assert holds(), f"{BY_KEY[key].name}: \"{words}\" is not what the cards do"


def test_the_only_rebuild_of_the_legacy_server_is_from_offline_backups():
    """"Once broken, only rebuilding it from offline backups or replacing it helps"."""
    assert "only rebuilding it from offline backups" in BY_KEY["mainframe"].lesson
    rebuilders = [i for i in IMPACTS if "mainframe" in i.restore]
    assert rebuilders and all(i.protect == ("offline_backups",) for i in rebuilders)
    assert step_one("restore_drill", (), ("mainframe",), red=True)[1] == set()


@pytest.mark.parametrize("card", SERVICES, ids=lambda c: c.key)
def test_a_service_lesson_names_no_cure_the_cards_do_not_give(card):
    """A control a service's lesson recommends protects it against some threat that
    degrades it (a lesson's advice is a move the player can make)."""
    threats = [i for i in IMPACTS if card.key in i.degrade]
    assert threats, f"{card.name} is never at risk"
    for control in named(card.lesson):
        assert any(control in i.protect for i in threats), (card.name, control)


@pytest.mark.parametrize("card", CONTROLS, ids=lambda c: c.key)
def test_a_control_lesson_names_no_other_control_as_its_own_work(card):
    """A control's lesson speaks of itself; a cross-reference must be to a control that
    shares at least one threat with it."""
    own = {i.key for i in IMPACTS if card.key in i.protect}
    for control in named(card.lesson) - {card.key}:
        assert own & {i.key for i in IMPACTS if control in i.protect}, (card.name, control)


def test_the_seed_reading_stays_one_option_away():
    """`impact_reading=seed`: every listed card flips whatever the city holds."""
    t = Table(2, impact_reading="seed")
    t.city(ADA, "ddos_protection", "web_server")
    t.city(BRUNO, "mainframe", degraded=("mainframe",))
    t.next_impact("ddos")
    reopen(t, ADA, BRUNO)
    t.finish_round()
    assert t.p(ADA)["city"][1]["degraded"]
    t.next_impact("restore_drill")
    t.finish_round()
    assert not t.p(BRUNO)["city"][0]["degraded"]
