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


def test_an_hsm_guards_keys_not_records_and_logs_only_tell_afterwards():
    """Least privilege and DLP stop an insider; a log archive shows afterwards who took
    what, so it is not a protection (a protection spares its city the damage)."""
    assert "hsm" not in IMPACT_BY_KEY["insider_leak"].protect
    assert set(IMPACT_BY_KEY["insider_leak"].protect) == {"dlp", "access_controls"}


def test_a_failover_site_keeps_a_hot_data_centre_running_and_heat_restores_nothing():
    assert IMPACT_BY_KEY["heatwave"].protect == ("failover_site",)
    assert IMPACT_BY_KEY["heatwave"].restore == ()
    assert "only" not in IMPACT_BY_KEY["heatwave"].lesson
    assert BY_KEY["failover_site"].kind == "control"


def test_a_zero_day_is_caught_by_behaviour_not_signatures():
    assert "anomaly" in BY_KEY["ids"].lesson and "known attacks" in BY_KEY["ids"].lesson
    assert "no signature" in IMPACT_BY_KEY["zero_day"].lesson


def test_secure_development_stops_sql_injection_and_least_privilege_limits_it():
    card = IMPACT_BY_KEY["sql_injection"]
    assert card.protect == ("secure_dev",)
    assert "stop it" in card.lesson and "only limits" in card.lesson


def test_no_patch_restores_a_mainframe_that_gets_no_updates():
    assert "gets no security updates" in BY_KEY["mainframe"].lesson
    assert "mainframe" not in IMPACT_BY_KEY["patch_tuesday"].restore
    emergency = IMPACT_BY_KEY["emergency_patch"]
    assert "mainframe" in emergency.degrade and "mainframe" not in emergency.restore
    assert "breaks the traffic control, the kiosks and the old server" in emergency.lesson
    patches = [i for i in IMPACTS if "patch" in i.key]
    assert all("mainframe" not in i.restore for i in patches)


def test_minor_lessons_say_what_a_professional_would():
    assert "boot chain" in BY_KEY["secure_boot"].lesson
    assert "even locked, may still hold its key in memory" in BY_KEY["disk_encryption"].lesson
    assert "number they already know" in IMPACT_BY_KEY["bec"].lesson
    assert "gateway" in BY_KEY["remote_desktop"].lesson
    assert "bootkit" in BY_KEY["secure_boot"].lesson and "rootkit" not in BY_KEY[
        "secure_boot"].lesson


def test_the_rules_page_card_tables_are_generated_from_the_data():
    """Run `uv run python scripts/scarecity_card_tables.py` after editing cards.toml."""
    assert generated_part(PAGE.read_text(encoding="utf-8")) == render()
    for card in (*PROGRAM_TYPES, *IMPACTS):
        assert card.source in render()


def test_the_legacy_server_is_named_for_what_a_worm_like_wannacry_hits():
    """WannaCry spread through SMBv1 on unpatched and end-of-life Windows (US-CERT
    TA17-132A), not on mainframes."""
    assert BY_KEY["mainframe"].name == "Legacy Windows Server"
    assert "mainframe" in IMPACT_BY_KEY["network_worm"].degrade


def test_the_expert_review_errors_stay_fixed():
    """Second reading: 2FA against phishing (NCSC), no credential stuffing of logins that
    need a second factor or a card you hold (OWASP, NIST SP 800-63B), a VDP is not a
    bounty (CISA BOD 20-01), DMARC against a spoofed mayor, DLP blind to public buckets."""
    assert "two_factor" in IMPACT_BY_KEY["phishing_wave"].protect
    stuffing = IMPACT_BY_KEY["credential_stuffing"].degrade
    assert "remote_desktop" not in stuffing and "digital_id" not in stuffing
    vdp = IMPACT_BY_KEY["bug_bounty"]
    assert vdp.name == "Vulnerability Disclosure Policy" and "pays friendly" not in vdp.lesson
    assert "email_filter" in IMPACT_BY_KEY["bec"].protect and "DMARC" in BY_KEY[
        "email_filter"].lesson
    assert IMPACT_BY_KEY["cloud_misconfig"].protect == ("access_controls",)
    assert "two_factor" in IMPACT_BY_KEY["evil_twin"].protect
    assert IMPACT_BY_KEY["stolen_laptop"].protect == ("disk_encryption",)
    assert "patch_management" in IMPACT_BY_KEY["firmware_rollout"].protect


def test_tests_and_exercises_break_nothing_and_laws_repair_nothing():
    """Penetration tests and red-team exercises are scoped not to break live services
    (NCSC, Penetration testing; TIBER-EU); a law and a hackathon rebuild no system."""
    for key in ("pen_test", "red_team"):
        assert IMPACT_BY_KEY[key].degrade == ()
    for key in ("privacy_law", "hackathon"):
        assert IMPACT_BY_KEY[key].restore == ()


def test_figures_match_their_sources():
    assert "225,000 customers" in BY_KEY["smart_grid"].lesson
    assert "about four hours" in IMPACT_BY_KEY["cloud_outage"].lesson
    assert "18,000 of the 33,000" in IMPACT_BY_KEY["supply_chain"].lesson
    assert "CISA, FBI, NSA and MS-ISAC" in IMPACT_BY_KEY["ransomware"].source
    assert "publishing" in IMPACT_BY_KEY["ransomware"].lesson
    assert "800-50 Rev. 1" in BY_KEY["awareness"].source
    assert "800-63-4" in BY_KEY["digital_id"].source
    assert "AT-2(1)" in BY_KEY["phishing_sim"].source


def test_how_to_play_says_what_the_example_card_earns():
    """The picture's alt text once said Citizen App earns 2 Bitizens; the card earns 1."""
    from importlib import resources

    from hacktable.games.scarecity.pictures import EXAMPLE
    page = resources.files("hacktable.games.scarecity").joinpath("how_to_play.md")
    card = BY_KEY[EXAMPLE]
    alt = next(line for line in page.read_text("utf-8").splitlines() if "picture:card" in line)
    bitizens = f"{card.bitizens} Bitizen" + ("s" if card.bitizens != 1 else "")
    assert card.name in alt and f"earns ${card.money} and {bitizens} each" in alt
    assert f"costs {card.red} Bitizens" in alt


def test_the_design_notes_count_the_restores_the_cards_make():
    most = max(len(i.restore) for i in IMPACTS if i.colour == "green")
    assert f"restoring up to {most} services" in PAGE.read_text(encoding="utf-8")
