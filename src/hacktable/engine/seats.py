"""Names for seats nobody has named yet: bots, simulations, tests."""

SEAT_NAMES = (
    "Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farah", "Goran", "Hana", "Ines", "Jonas",
    "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomoko",
)
"""Plausible first names: distinct words that no game's notation reserves."""


def seat_names(count: int, avoid: str = "") -> list[str]:
    """`count` distinct seat names, none equal to `avoid` (a person's own name); past the
    list, names get a number so they stay unique."""
    pool = [name for name in SEAT_NAMES if name.lower() != avoid.strip().lower()]
    return [pool[i % len(pool)] + ("" if i < len(pool) else str(i // len(pool) + 1))
            for i in range(count)]
