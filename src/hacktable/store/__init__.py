"""Durable storage for matches: the append-only log, seats, snapshots and deadlines.

One small interface (`Store`) over SQLite (embedded, the default) and PostgreSQL (several
server processes). The log is the truth; everything else is bookkeeping around it.
"""

from hacktable.store.records import MatchRecord, SeatRecord
from hacktable.store.store import Conflict, Store, database_url

__all__ = ["Conflict", "MatchRecord", "SeatRecord", "Store", "database_url"]
