"""Errors the server answers with a 4xx and a sentence saying what to do."""

from __future__ import annotations


class TableError(Exception):
    """Something the caller can fix; `status` is the HTTP status it maps to."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(TableError):
    status = 404


class NotAllowed(TableError):
    """A token that does not grant this (a seat's token on a host control, say)."""

    status = 403


class Cancelled(NotAllowed):
    """The host cancelled this table before it started: no seat in it holds anything."""

    status = 410


class NoToken(TableError):
    status = 401


class WrongMoment(TableError):
    """Right request, wrong time: the match has not started, is paused, or is over."""

    status = 409


class Busy(TableError):
    status = 503


class TooFast(TableError):
    """More moves from one seat than the table takes in a moment."""

    status = 429


CANCELLED_NOTE = "The host cancelled this table before it started."
"""What everyone is told of a cancelled table (its pages, its sockets, its mail)."""
