"""The card set as a security teacher reviews it: every lesson has a public source, every
protection really protects, and the mechanics agree with the lessons. The seed describes
the cards' anatomy ("Degrade Cards", "Restore Cards", "Protections", "Bitizen Impact") but
lists none, so these tests check the project's own card set (cards.toml)."""

from __future__ import annotations

from pathlib import Path

from hacktable.games.scarecity.cards import BY_KEY, IMPACT_BY_KEY, IMPACTS, PROGRAM_TYPES
from hacktable.games.scarecity.doc_tables import generated_part, render

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "scarecity.md"


def test_every_card_names_the_public_source_its_lesson_rests_on():
    for card in (*PROGRAM_TYPES, *IMPACTS):
        assert card.lesson.strip(), card.key
        assert len(card.source.strip()) > 10, f"{card.key} has no source"


def test_controls_are_never_degraded_so_have_no_red_side():
    """Only services appear in an Impact Card's "Degrade Cards" or "Restore Cards"."""
    listed = {k for i in IMPACTS for k in i.degrade + i.restore}
    for card in PROGRAM_TYPES:
        if card.kind == "control":
            assert card.key not in listed and card.red == 0, card.key


def test_a_firewall_does_not_stop_a_volumetric_flood():
    assert IMPACT_BY_KEY["ddos"].protect == ("ddos_protection",)


def test_signature_checks_do_not_stop_a_signed_malicious_update():
    protect = IMPACT_BY_KEY["supply_chain"].protect
    assert "secure_boot" not in protect and "allowlisting" not in protect
    assert {"segmentation", "edr"} <= set(protect)


def test_an_hsm_guards_keys_not_records():
    assert "hsm" not in IMPACT_BY_KEY["insider_leak"].protect
    assert {"dlp", "access_controls", "siem"} <= set(IMPACT_BY_KEY["insider_leak"].protect)


def test_only_a_failover_site_keeps_a_hot_data_centre_running():
    assert IMPACT_BY_KEY["heatwave"].protect == ("failover_site",)
    assert BY_KEY["failover_site"].kind == "control"


def test_a_zero_day_is_caught_by_behaviour_not_signatures():
    assert "anomaly" in BY_KEY["ids"].lesson and "known attacks" in BY_KEY["ids"].lesson
    assert "no signature" in IMPACT_BY_KEY["zero_day"].lesson


def test_secure_development_stops_sql_injection_and_least_privilege_limits_it():
    card = IMPACT_BY_KEY["sql_injection"]
    assert card.protect == ("secure_dev", "access_controls")
    assert "stop it" in card.lesson and "only limits" in card.lesson


def test_no_patch_restores_a_mainframe_that_gets_no_updates():
    assert "no longer gets security updates" in BY_KEY["mainframe"].lesson
    assert "mainframe" not in IMPACT_BY_KEY["patch_tuesday"].restore
    emergency = IMPACT_BY_KEY["emergency_patch"]
    assert "mainframe" in emergency.degrade and "mainframe" not in emergency.restore
    assert "breaks the old mainframe" in emergency.lesson
    patches = [i for i in IMPACTS if "patch" in i.key]
    assert all("mainframe" not in i.restore for i in patches)


def test_minor_lessons_say_what_a_professional_would():
    assert "boot chain" in BY_KEY["secure_boot"].lesson
    assert "switched off or locked" in BY_KEY["disk_encryption"].lesson
    assert "number you already know" in IMPACT_BY_KEY["bec"].lesson
    assert "gateway" in BY_KEY["remote_desktop"].lesson


def test_the_rules_page_card_tables_are_generated_from_the_data():
    """Run `uv run python scripts/scarecity_card_tables.py` after editing cards.toml."""
    assert generated_part(PAGE.read_text(encoding="utf-8")) == render()
    for card in (*PROGRAM_TYPES, *IMPACTS):
        assert card.source in render()
