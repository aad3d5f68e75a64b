"""The email gateway: mail in, moves made at the table, mail out.

Inbound mail is first kept in the store under its Message-ID (a second delivery of the same
mail is dropped there), and only then answered: the sender is identified by the seat's
secret and address, the text is handed to the game's notation through `Play.act`, and the
acknowledgement is queued in the outbox in the same transaction that marks the mail done.

The gateway also watches the matches played by mail: when a phase opens it queues each
seat's letter (Rex Furum's round-beginning email), and at the end the final ranking. Each
such mail has a dedupe key (`report:<match>:<seat>:<phase>`), so a restart, or a second
gateway process, never queues it twice.

It speaks only the engine contract (`parse` through `act`, `view`, `letter`,
`phase_key`, `phase_label`, `notation_help`, `outcome`, events with audiences): a mail
carries only what its seat may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import DBAPIError

from hacktable.engine.errors import Rejected
from hacktable.engine.match import ACTION
from hacktable.mail import messages
from hacktable.mail.compose import compose, paused_for, when
from hacktable.mail.identity import Verdict, identify
from hacktable.mail.messages import Letter
from hacktable.mail.outbox import Outbox
from hacktable.mail.press import PressRelay
from hacktable.mail.reader import Readers
from hacktable.mail.settings import MailSettings
from hacktable.mail.strangers import Strangers
from hacktable.server.errors import CANCELLED_NOTE, TableError
from hacktable.server.live import Caller, Live
from hacktable.server.table import Table
from hacktable.store.mail import Inbound, MailSeat, MailStore, Outgoing
from hacktable.store.records import CANCELLED, FINISHED, HUMAN, LOBBY, PAUSED, RUNNING

log = logging.getLogger(__name__)
LEASE = 60.0
RECOVER_EVERY = 30.0
THREAD_KINDS = ("welcome", "report", "final")
FORGED = ("Your mail names a seat but was not sent from that seat's registered address, so "
          "it was ignored and changed nothing. The seat's player has been told.")


@dataclass(frozen=True, slots=True)
class Phase:
    """Where a match stands, as the mail it needs depends on it."""

    key: str
    label: str
    status: str
    deadline_at: float | None
    remaining: float | None


def _phase(live: Live) -> Phase:
    assert live.match is not None
    game, state = live.match.game, live.match.state
    record = live.record
    return Phase(game.phase_key(state), game.phase_label(state), record.status,
                 record.deadline_at, record.remaining)


def _short(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Gateway:
    """Email play for every match that has seats played by mail, over one `Table`."""

    def __init__(self, table: Table, settings: MailSettings,
                 store: MailStore | None = None) -> None:
        self.table = table
        self.settings = settings
        self.store = store or MailStore(table.store)
        self.clock = table.clock
        self.zone = settings.zone()
        self.outbox = Outbox(self.store, settings, table.clock)
        self.readers = Readers(settings.read_workers, settings.read_seconds)
        self.strangers = Strangers(self.store, settings.stranger_replies)
        self._seen: dict[int, tuple[int, str]] = {}
        self._phases: dict[int, tuple[str, str]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[Any]] = []
        self.answered = 0
        self.press = PressRelay(self)
        """Messages between players, relayed to mail seats and read from them."""

    # -- running ------------------------------------------------------------------------

    async def start(self) -> None:
        from hacktable.mail.reminders import Reminders  # web players' reminders

        self.reminders = Reminders(self.table, self.settings, self.outbox.wake)
        self._loops = [asyncio.create_task(self.outbox.run()),
                       asyncio.create_task(self._watch()),
                       asyncio.create_task(self.reminders.run())]

    async def close(self) -> None:
        self.outbox.stop()
        sender = self._loops[0] if self._loops else None
        if sender is not None:
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(sender), 30)
        for task in [*self._loops, *self._tasks]:
            task.cancel()
        for task in [*self._loops, *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._loops = []
        await self.readers.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self) -> None:
        last_recovery = -RECOVER_EVERY
        while True:
            try:
                now = self.clock.now()
                if now - last_recovery >= RECOVER_EVERY or now < last_recovery:
                    last_recovery = now
                    for key in await self.store.pending_inbound(now):
                        self._spawn(self.process(key))
                await self.watch_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup must not stop the reports for good
                log.exception("mail gateway: watching matches failed; trying again")
            await asyncio.sleep(self.settings.tick)

    # -- inbound ------------------------------------------------------------------------

    async def receive(self, raw: bytes, envelope_to: Sequence[str] = (),
                      envelope_from: str | None = None) -> bool:
        """Keep a mail durably, then answer it in the background. The receiver says "taken"
        only after this returns. False: the same mail was delivered before (the same
        Message-ID, or without one the same content: a relay's added header changes no
        mail); it is dropped unanswered, even rounds later, so old bytes sent again never
        make the gateway write a second time."""
        key = messages.dedupe_key(raw)
        kept = raw[: self.settings.max_bytes + 1]  # more is refused unread anyway
        envelope = {"to": [a.lower() for a in envelope_to], "from": envelope_from}
        if not key.startswith("mid:"):
            key = (await self.readers.read(kept, self.settings.max_bytes)).key
        if not await self.store.record_inbound(key, self.clock.now(), kept, envelope):
            return False  # answered once, whenever it comes again: never a second reply
        self._spawn(self.process(key))
        return True

    async def process(self, key: str) -> None:
        """Answer one kept mail, unless another process is at it; safe to call again."""
        inbound = await self.store.claim_inbound(key, self.clock.now(), LEASE)
        if inbound is None:
            return
        try:
            outcome, replies = await self._answer(inbound)
        except asyncio.CancelledError:
            raise
        except (DBAPIError, OSError):  # the store is away: the mail stays pending
            log.exception("mail gateway: could not answer %s now; will retry", key)
            return
        except Exception:  # a mail must never stop the gateway: answer it and go on
            log.exception("mail gateway: answering %s failed", key)
            outcome, replies = "failed", []
        await self.store.finish_inbound(key, outcome, replies, self.clock.now())
        self.answered += 1
        if replies:
            self.outbox.wake()

    async def _answer(self, inbound: Inbound) -> tuple[str, list[Outgoing]]:
        envelope = inbound.envelope
        letter = await self.readers.read(inbound.raw, self.settings.max_bytes,
                                         envelope.get("from"), list(envelope.get("to") or []))
        letter.key = inbound.key  # the replies' dedupe keys follow the kept mail's
        if letter.automatic:
            return "ignored: automatic mail", []
        if letter.sender is None or "@" not in letter.sender:
            return "ignored: no sender", []
        if letter.sender == self.settings.address.lower():
            return "ignored: our own mail", []
        verdict = await identify(letter, self.store, self.settings)
        if verdict.seat is None:
            return verdict.problem or "refused", await self._refusal(letter, verdict)
        seat = verdict.seat
        if letter.unreadable:
            return "unreadable", [self._reply(letter, seat, letter.unreadable
                                              + "\n\nNothing was changed.")]
        try:
            live = await self.table.matches.load_id(seat.match_id)
            press = await self.press.wanted(letter, live, seat)
            if isinstance(press, str):
                return "press-refused", [self._reply(letter, seat, press)]
            if press is not None:
                return await self.press.answer(letter, live, seat, *press)
            return await self._move(letter, inbound, live, seat)
        except (asyncio.CancelledError, DBAPIError, OSError):
            raise
        except Exception:  # a player's mail is answered even when the gateway fails on it
            log.exception("mail gateway: answering %s failed", inbound.key)
            return "failed", [self._reply(letter, seat, (
                "Something went wrong on the gamemaster's side while your mail was read. "
                "Look at the table (or wait for the next report) to see whether your orders "
                "stand, and send them again if they do not."))]

    async def _move(self, letter: Letter, inbound: Inbound, live: Live, seat: MailSeat
                    ) -> tuple[str, list[Outgoing]]:
        if live.record.status == CANCELLED:
            return "cancelled", [self._reply(letter, seat, f"{CANCELLED_NOTE} Your mail "
                                             "changed nothing: there is no match to play.")]
        if live.record.status == LOBBY:
            return "early", [self._reply(letter, seat, "The match has not started yet; your "
                                         "mail changed nothing. Wait for the mail that opens "
                                         "the first round.")]
        now = inbound.received_at
        phase = await self.table.matches.read(live, _phase)
        if phase.status in FINISHED:
            return "over", [self._reply(letter, seat, "This match is over, so no more moves "
                                        "can be made; your mail changed nothing.")]
        if live.seats[seat.seat].kind != HUMAN:
            return "not-held", [self._reply(letter, seat, "Your seat is now played by a bot; "
                                            "your mail changed nothing. Ask the host to give "
                                            "it back to you.")]
        thread = await self.store.sent_thread(letter.references)
        if (thread is not None and thread.match_id == seat.match_id and thread.phase
                and thread.phase != phase.key):
            return "late", [self._late(letter, seat, thread.phase_label or "that phase", phase)]
        if phase.status == RUNNING and phase.deadline_at is not None and now > phase.deadline_at:
            return "late", [self._late(letter, seat, phase.label, None)]
        if not letter.text.strip():
            return "empty", [self._reply(letter, seat, "No orders were found in your mail "
                                         "(quoted text and signatures are left out), so "
                                         "nothing changed.", phase)]
        caller = Caller("seat", seat.seat)
        done = await self._already_made(live, inbound, seat, letter.text)
        try:
            if done is None:
                before = await self.table.matches.read(live, lambda live: live.seq)
                await self.store.note_attempt(inbound.key, seat.match_id, seat.seat, before)
                acted = await self.table.play.act(live, caller, text=letter.text, phase=phase.key)
                done = [entry.seq for entry in acted.entries]
        except Rejected as error:
            return "rejected", [self._reply(letter, seat, self._rejection(error.reason, letter,
                                                                         phase), phase)]
        except TableError as error:
            now_phase = await self.table.matches.read(live, _phase)
            if now_phase.key != phase.key:
                return "late", [self._late(letter, seat, phase.label, now_phase)]
            return "refused", [self._reply(letter, seat, error.message
                                           + "\n\nYour mail changed nothing.", phase)]
        seqs = set(done)
        receipt = await self.table.matches.read(
            live, lambda live: self._receipt(live, seqs, seat.seat))
        lines = [receipt, *letter.notes, ""]
        if phase.deadline_at is not None:
            lines.append(f"{_capital(phase.label)} ends {when(phase.deadline_at, self.zone)}.")
        return "applied", [self._reply(letter, seat, "\n".join(lines), phase)]

    async def _already_made(self, live: Live, inbound: Inbound, seat: MailSeat, text: str
                            ) -> list[int] | None:
        """After a restart in the middle of answering: the move this mail made, if it was
        committed before the process stopped (matched by seat and content)."""
        if inbound.seq_before is None:
            return None

        def find(live: Live) -> list[int] | None:
            assert live.match is not None
            game = live.match.game
            try:
                payload = game.action_to_json(game.parse(live.match.state, seat.seat, text))
            except Rejected:
                return None
            for entry in live.match.log[inbound.seq_before:]:
                if entry.kind == ACTION and entry.seat == seat.seat and entry.payload == payload:
                    return [entry.seq]
            return None

        return await self.table.matches.read(live, find)

    @staticmethod
    def _receipt(live: Live, seqs: set[int], seat: int) -> str:
        """The game's acknowledgement: the first event of the move that the seat may see."""
        assert live.match is not None
        for logged in live.match.events:
            if logged.seq in seqs and logged.event.visible_to(seat):
                return live.match.game.describe(logged.event, live.match.state)
        return "Your move was made."

    def _rejection(self, reason: str, letter: Letter, phase: Phase) -> str:
        quoted = "\n".join(f"  > {line}" for line in letter.text.splitlines()[:40])
        return (f"Your orders were not accepted, so nothing changed (any earlier orders for "
                f"{phase.label} still stand):\n\n  {reason}\n\nYour mail as it was read:\n"
                f"{quoted}\n\nCorrect it and send all of it again.")

    def _late(self, letter: Letter, seat: MailSeat, label: str, open_now: Phase | None
              ) -> Outgoing:
        text = (f"Thank you, but your mail arrived too late for {label}: it had already "
                "closed, so your mail changed nothing.")
        if open_now is not None and open_now.status == RUNNING:
            text += (f"\n\n{_capital(open_now.label)} is open now and ends "
                     f"{when(open_now.deadline_at, self.zone)}; answer the mail that opened "
                     "it.")
        return self._reply(letter, seat, text, open_now)

    async def _refusal(self, letter: Letter, verdict: Verdict) -> list[Outgoing]:
        """Why a mail proved no seat: in full to an address that plays a seat; in one short
        mail an hour to any other (a From header is free to forge); and a warning to each
        seat whose code came from someone else."""
        assert letter.sender is not None
        now = self.clock.now()
        replies = [await self._warning(letter, seat, now) for seat in verdict.claimed]
        if not await self.strangers.known(letter.sender):
            key = await self.strangers.allow(letter.sender, now)
            if key is not None:
                text = (FORGED if verdict.claimed else
                        "This address plays no seat at this table, so your mail was not read "
                        "and changed nothing.")
                replies.append(self._plain_reply(letter, letter.sender, (
                    f"{text} (An address that plays no seat gets at most one such answer an "
                    "hour.)"), "refused", key))
            return [reply for reply in replies if reply is not None]
        help_text = (
            "To play, answer the last mail the gamemaster sent you (its Reply-To address, "
            f"{self.settings.local_part}+CODE@{self.settings.domain}, proves your seat), or put "
            "the code from that mail's subject in square brackets in your subject, and send "
            "it from the address the host registered for you.")
        if verdict.problem == "several-codes":
            text = (f"Your mail carries the codes of {verdict.seats} seats, so it was not read "
                    "and changed nothing: the gamemaster does not guess which seat a mail is "
                    "for. Send each seat's orders in a mail of its own, answering that seat's "
                    "last mail.")
        elif verdict.problem == "forged":
            text = FORGED + "\n\n" + help_text
        else:
            text = ("Your mail did not show which seat it is for, so it was not read and "
                    "changed nothing.\n\n" + help_text)
        if letter.unreadable:
            text = letter.unreadable + "\n\n" + text
        replies.append(self._plain_reply(letter, letter.sender, text, "refused"))
        return [reply for reply in replies if reply is not None]

    async def _warning(self, letter: Letter, claimed: MailSeat, now: float
                       ) -> Outgoing | None:
        """Tell a seat's player that someone else sent mail with their code: once an hour
        at most, so that a leaked code cannot be used to flood them."""
        key = await self.strangers.hourly(f"warn:{claimed.match_id}:{claimed.seat}", now)
        if key is None:
            return None
        warning = (
            f"Someone sent orders for your seat from {letter.sender}. They were ignored: only "
            f"mail from {claimed.address} counts for your seat.\n\nWhoever sent them knows "
            "your seat's code, so do not forward the gamemaster's mails; if you did not, ask "
            "the host for a new code. If it was you, send from your registered address. "
            "(Further attempts within the hour are ignored without a warning.)")
        subject = f"Warning: someone tried to give orders for your seat (match {claimed.match_id})"
        message_id, data = compose(self.settings, to=claimed.address, subject=subject,
                                   text=warning, now=now,
                                   reply_to=self.settings.seat_address(claimed.secret))
        return Outgoing(key, "warning", claimed.address, message_id, data, claimed.match_id,
                        claimed.seat)

    def _plain_reply(self, letter: Letter, to: str, text: str, kind: str,
                     key: str | None = None) -> Outgoing:
        """A reply that proves nothing and gives nothing away (no seat, no code)."""
        subject = "Re: your mail to the gamemaster"  # never echo a code the sender wrote
        message_id, data = compose(
            self.settings, to=to, subject=subject, text=text, now=self.clock.now(),
            in_reply_to=letter.message_id, references=list(reversed(letter.references)),
            automatic="auto-replied")
        return Outgoing(key or f"{kind}:{_short(letter.key)}", kind, to, message_id, data)

    def _reply(self, letter: Letter, seat: MailSeat, text: str, phase: Phase | None = None
               ) -> Outgoing:
        """An answer to a seat's own mail, in its thread."""
        body = text.rstrip() + "\n"
        message_id, data = compose(
            self.settings, to=seat.address, subject=_re(_clip(letter.subject) or "your orders"),
            text=body, now=self.clock.now(), reply_to=self.settings.seat_address(seat.secret),
            in_reply_to=letter.message_id, references=list(reversed(letter.references)),
            automatic="auto-replied")
        return Outgoing(f"ack:{_short(letter.key)}", "ack", seat.address, message_id, data,
                        seat.match_id, seat.seat, phase.key if phase else None,
                        phase.label if phase else None)

    # -- outbound: a phase opens, a match ends -------------------------------------------

    async def watch_once(self) -> None:
        """Queue the letters of every mail match whose phase changed since we looked, and
        the messages written to its mail seats since (`mail/press.py`)."""
        watched = await self.store.watched()
        for match_id, seq, status in watched:
            if status == LOBBY or self._seen.get(match_id) == (seq, status):
                continue
            if status == CANCELLED:
                await self.cancel_mail(match_id)
            else:
                await self.phase_mail(match_id)
            self._seen[match_id] = (seq, status)
        await self.press.relay([match_id for match_id, _, status in watched
                                if status != LOBBY])

    async def phase_mail(self, match_id: int) -> int:
        """Queue each mail seat's letter for the phase now open (or the final one)."""
        live = await self.table.matches.load_id(match_id)
        phase = await self.table.matches.read(live, _phase)
        if self._phases.get(match_id) == (phase.key, phase.status):
            return 0
        seats = [s for s in await self.store.seats(match_id)
                 if live.seats[s.seat].kind == HUMAN]
        final = phase.status in FINISHED
        keys = {s.seat: (f"final:{match_id}:{s.seat}" if final
                         else f"report:{match_id}:{s.seat}:{_short(phase.key)}") for s in seats}
        queued = await self.store.queued(list(keys.values()))
        missing = [s for s in seats if keys[s.seat] not in queued]
        threads = {s.seat: await self.store.last_thread(match_id, s.seat, THREAD_KINDS)
                   for s in missing}

        def letters(live: Live) -> list[Outgoing] | None:
            if _phase(live).key != phase.key:
                return None  # moved on meanwhile: the next look writes the newer letters
            return [self._letter(live, seat, phase, keys[seat.seat], threads[seat.seat])
                    for seat in missing]

        mails = await self.table.matches.read(live, letters) if missing else []
        if mails is None:
            return 0
        added = await self.store.enqueue(mails, self.clock.now())
        self._phases[match_id] = (phase.key, phase.status)
        if added:
            self.outbox.wake()
        return added

    async def cancel_mail(self, match_id: int) -> int:
        """Tell each seat played by mail that the host cancelled the table before its start
        (once per seat: the dedupe key `cancelled:<match>:<seat>`)."""
        live = await self.table.matches.load_id(match_id)
        seats = await self.store.seats(match_id)
        keys = {s.seat: f"cancelled:{match_id}:{s.seat}" for s in seats}
        queued = await self.store.queued(list(keys.values()))
        mails = [self._cancelled(live, seat, keys[seat.seat],
                                 await self.store.last_thread(match_id, seat.seat, THREAD_KINDS))
                 for seat in seats if keys[seat.seat] not in queued]
        added = await self.store.enqueue(mails, self.clock.now()) if mails else 0
        if added:
            self.outbox.wake()
        return added

    def _cancelled(self, live: Live, seat: MailSeat, key: str, thread: str | None
                   ) -> Outgoing:
        record, game = live.record, live.game
        text = (f"{CANCELLED_NOTE}\n\nNothing was played, and your seat is free: mail to "
                "this table's address changes nothing from now on.\n")
        if self.settings.web_url:
            web = self.settings.web_url.rstrip("/")
            text += f"\n-- \nThe table in a browser: {web}/m/{record.code}\n"
        message_id, data = compose(self.settings, to=seat.address,
                                   subject=f"{game.name} {record.code}: cancelled",
                                   text=text, now=self.clock.now(), in_reply_to=thread,
                                   references=[thread] if thread else [])
        return Outgoing(key, "final", seat.address, message_id, data, seat.match_id, seat.seat)

    def _letter(self, live: Live, seat: MailSeat, phase: Phase, key: str,
                thread: str | None) -> Outgoing:
        assert live.match is not None
        match, record = live.match, live.record
        game = match.game
        final = phase.status in FINISHED
        ends = None
        if phase.status == RUNNING:
            ends = when(phase.deadline_at, self.zone)
        elif phase.status == PAUSED and phase.remaining is not None:
            ends = paused_for(phase.remaining)
        parts = [game.letter(match.view(seat.seat), ends).strip("\n")]
        if final:
            parts.append(self._ranking(live))
        footer = [] if final else [game.notation_help(match.state)]
        footer.append(f"Your seat's address: {self.settings.seat_address(seat.secret)} "
                      f"(send from {seat.address}; keep the address to yourself).")
        if self.settings.web_url:
            web = self.settings.web_url.rstrip("/")
            footer.append(f"The table in a browser: {web}/m/{record.code}")
            if not final and game.how_to_play():
                footer.append(f"How to play {game.name}: {web}/games/{game.id}/how-to-play")
        text = "\n\n".join(parts) + "\n\n-- \n" + "\n\n".join(f for f in footer if f) + "\n"
        what = "final results" if final else phase.label
        subject = f"{game.name} {record.code}: {what} [{seat.secret}]"
        message_id, data = compose(self.settings, to=seat.address, subject=subject, text=text,
                                   now=self.clock.now(),
                                   reply_to=self.settings.seat_address(seat.secret),
                                   in_reply_to=thread, references=[thread] if thread else [])
        return Outgoing(key, "final" if final else "report", seat.address, message_id, data,
                        seat.match_id, seat.seat, phase.key, phase.label)

    @staticmethod
    def _ranking(live: Live) -> str:
        assert live.match is not None
        outcome = live.match.outcome()
        if outcome is None:
            return "The host ended the match before its end; there is no ranking."
        names = list(live.match.seats)
        lines = ["Final ranking"]
        place = 1
        for group in outcome.ranking:
            for seat in group:
                score = outcome.scores.get(seat)
                shown = "" if score is None else (
                    f"  {int(score):,}" if float(score).is_integer() else f"  {score:g}")
                called = outcome.names.get(seat) or names[seat]
                lines.append(f"  {place:>2}. {called}{shown}")
            place += len(group)
        lines += ["", outcome.summary]
        return "\n".join(lines)


def _clip(subject: str, limit: int = 120) -> str:
    """A subject short enough to echo: folding a long one costs time, and helps nobody."""
    return subject if len(subject) <= limit else subject[:limit].rstrip() + "…"


def _re(subject: str) -> str:
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
