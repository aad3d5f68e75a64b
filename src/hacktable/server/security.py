"""Secrets that hold seats: tokens, their hashes, and room codes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

ROOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0/O, 1/I/L: a code read aloud across a table or typed on a phone must not be misread."""
ROOM_CODE_LENGTH = 6


def new_token() -> str:
    """128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """Only hashes are stored: a leaked database does not hand out seats."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(stored_hash: str | None, token: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if not stored_hash or not token:
        return False
    return hmac.compare_digest(stored_hash, token_hash(token))


def hash_matches(stored_hash: str | None, presented_hash: str) -> bool:
    """`token_matches` for a token already hashed (one hash checked against every seat)."""
    if not stored_hash:
        return False
    return hmac.compare_digest(stored_hash, presented_hash)


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


def normal_room_code(code: str) -> str:
    """Codes are typed by people: ignore case, spaces and dashes."""
    return "".join(ch for ch in code.upper() if ch.isalnum())
