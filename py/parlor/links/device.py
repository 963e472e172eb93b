"""Play by link on this device: the games it holds, and what opening a link does to them.

A device keeps, per link game, the latest record it knows and, if it holds a seat, that
seat's number and secret seed (which never leaves the device, except in the private
"take this seat" link the player asks for). Opening a link merges it with what is kept:
a newer link advances the game, an older one changes nothing, a diverging one is refused
and both are kept. Each game's own protocol is its catalog entry's `link`.

A link game on screen (`LinkSession`) is drawn from `seen()` alone: the protocol's view for
this device's seat (or a spectator's) and the moves the seat may make.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field, replace

from .. import catalog
from ..engine.protocol import MoveError, SeatView
from ..i18n import N_, _, ngettext
from ..play.resigning import ResignSteps
from ..play.saves import StorageFull
from . import record as records, standing
from .clock import DAY, days_of
from .base import AlteredLink, marks_of, own_tag_fits, seat_of, unclaimed
from .fairplay import b64, new_seed, unb64

PREFIX = "parlor:link:"
CONFLICT_PREFIX = "parlor:link-conflict:"
AUTHORED_PREFIX = "parlor:link-mine:"     # per game: the moves as of this device's last message
STARTED_SUFFIX = ":started"              # beside it: this device started that invitation
DAMAGED_SUFFIX = ":damaged"              # a damaged copy kept apart (listed for Export)
SEAT_LINK = "seat"
FORMAT = 1
# The notes and refusals below are English message ids (N_): they are shown translated, by
# `_()` where a note is made, and never kept in storage (a kept game is its link, seat, seed
# and times; a damaged entry is kept as its raw text, with no reason written).
STATUS_NOTES = {
    "advanced": "",
    "same": N_("You already had this link: nothing new in it."),
    "older": N_("This link is older than the game on this device: nothing was changed."),
}
FULL = N_("This device's storage is full: the game goes on, but send your link now: it may be "
          "the only copy.")
DIVERGED = N_("This link's history differs from the game on this device, so it was not used. "
              "Both versions are kept; ask your friend to send their latest link.")
NOT_KEPT = N_("This device's storage is full, so nothing was saved: keep this link (copy or "
              "share it) and free some space, then open it again.")
REWRITES_MINE = N_("This link changes a move you made, so it was not used: your game on this "
                   "device is unchanged.")
CLAIM_CROSSED = N_("This link answers after you claimed a forfeit, so it was not used: your "
                   "claim stands on this device. Both versions are kept.")
CLAIM_CROSSED_HERE = N_("This link answers after {name} claimed a forfeit, and this device had "
                        "counted the claim first: the claim stands here. Both versions are "
                        "kept; {name} and {debtor} may tell the others which one stands.")
CLAIM_AFTER_ANSWER = N_("{name} claimed that {debtor} forfeited, but this device already holds "
                        "{debtor}'s answer: the game goes on here. Both versions are kept.")
CLAIM_NOT_COUNTED = N_("A forfeit was claimed against you, but by this device's clock your time "
                       "has not run out: it does not count, and you may still answer.")
CLAIM_TOO_EARLY = N_("{name} claims that {debtor} forfeited, but by this device's clock "
                     "{debtor} still has time: the claim does not count here (yet).")
NOT_YOUR_SEAT = N_("This is another player's private seat link ({name}'s): this device keeps "
                   "your own seat, and only the game in it was used.")
ANOTHER_TAB = N_("This game changed in another tab, so nothing was done: here is the latest.")
NO_ROOM_FOR_SEAT = N_("This device's storage is full, so you cannot take a seat: your secret "
                      "for it could not be kept. Free some space, then try again.")
NO_ROOM_TO_START = N_("This device's storage is full, so the game was not started (a start it "
                      "cannot keep could be made twice, with other seats). Free some space, "
                      "then start it again.")
JOINED_ELSEWHERE = N_("You already hold a seat in this game on this device (another tab).")
JOINED_INVITATION = N_("You have already joined this game on this device (another tab).")
DAMAGED = N_("A game played by link on this device is damaged.")
SEAT_RECOVERED = N_("This device's copy of the game was damaged: your seat in it is back, with "
                    "the position of this link.")
DAMAGED_BEHIND = N_("This device's copy of the game is damaged, and this link is older than your "
                    "last move: open the game's latest link to get your seat back.")
CHANGED_IN_TAB = N_("This game was changed in another tab.")
DAMAGED_TAB_BEHIND = N_("This device's copy of the game is damaged, and this tab shows the game "
                        "from before your last move: nothing was sent. Open the game's latest "
                        "link to get your seat back.")
STARTED_FULL = N_("Every seat is taken: the game has started. Send this link to everyone "
                  "who joined.")
STARTED = N_("The game has started. Send this link to everyone who joined.")
STARTED_FULL_YOU_FIRST = N_("Every seat is taken: the game has started. Make your first move, "
                            "then send its link to everyone who joined.")
STARTED_YOU_FIRST = N_("The game has started. Make your first move, then send its link to "
                       "everyone who joined.")
INVITATION_STARTED = N_("This invitation is for a game that has already started: here is "
                        "where it is now.")
NOT_SEATED = N_("The game started without you: every seat was taken when its creator "
                "started it. You can watch it.")


class LinkProblem(ValueError):
    """A link that cannot be used; the message is for the player, in the language active
    when it was raised (it is shown at once, never kept)."""


def link_games() -> tuple[str, ...]:
    """The games this version can play by link."""
    return tuple(e.key for e in catalog.entries() if e.link_tier)


def protocol_for(game: str):
    """The protocol that plays `game` by link."""
    return catalog.entry(game).link


@dataclass(frozen=True)
class Held:
    """One link game as this device keeps it."""

    record: records.Record
    seat: int | None = None
    seed: bytes | None = None   # with no seat: this device joined a format-3 invitation
    updated: float = 0.0        #   (and was not seated, once it has started)
    since: float = 0.0          # when this device came to hold the current position (clock)
    witness: tuple = ()         # (seat, moves covered, history tag) held before its seed was out

    @property
    def key(self) -> str:
        return PREFIX + self.record.game_id.hex()

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "link": records.encode(self.record),
                           "seat": self.seat, "seed": self.seed and b64(self.seed),
                           "updated": self.updated, "since": self.since,
                           "witness": [[n, moves, b64(tag)] for n, moves, tag in self.witness]},
                          separators=(",", ":"))


def parse_held(text: str) -> Held:
    """A kept link game from its JSON; LinkProblem if it cannot be read."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError
        seat, seed = data["seat"], data["seed"]
        if seat is not None and (type(seat) is not int or not 0 <= seat < 8):
            raise ValueError
        witness = tuple((int(n), int(moves), unb64(tag))
                        for n, moves, tag in data.get("witness", ()))
        held = Held(records.decode(data["link"]), seat, None if seed is None else unb64(seed),
                    float(data["updated"]), float(data.get("since", data["updated"])), witness)
        if held.record.game not in link_games() or (seat is not None and seed is None) \
                or (seed is not None and seat_of(held.record, held.seed) != seat) \
                or (seat is None and seed is not None and not held.record.grouped):
            raise ValueError
        return held
    except (ValueError, TypeError, KeyError, AttributeError):
        raise LinkProblem(_(DAMAGED)) from None


def seat_link(held: Held) -> str:
    """The private fragment that moves a seat (with its secret) to another device."""
    return f"{SEAT_LINK}.{held.seat}.{b64(held.seed)}.{records.encode(held.record)}"


def read_fragment(fragment: str) -> tuple[records.Record, int | None, bytes | None]:
    """A link's record, and the seat and seed when it is a private seat link."""
    fragment = fragment.lstrip("#")
    seat = seed = None
    if fragment.startswith(SEAT_LINK + "."):
        try:
            _kind, seat_text, seed_text, fragment = fragment.split(".", 3)
            seat, seed = int(seat_text), unb64(seed_text)
            if len(seed) != 16:
                raise ValueError
        except ValueError:
            raise LinkProblem(_("This private seat link is damaged.")) from None
    try:
        record = records.decode(fragment)
    except records.RecordError as err:
        raise LinkProblem(str(err)) from None
    if record.game not in link_games():
        raise LinkProblem(_("This version of Parlor cannot play that game by link."))
    if seat is not None and seat_of(record, seed) != seat:
        raise LinkProblem(_("This private seat link does not belong to this game."))
    return record, seat, seed


class LinkStore:
    """Link games kept in a string key-value backend (see saves.Store)."""

    def __init__(self, backend, clock=time.time):
        self.backend = backend
        self.clock = clock      # seconds since the epoch; tests pass their own
        self.full = False       # the last write failed: the game lives only in memory
        self.clashed = False    # the last put met a contradicting copy and kept that one

    def all(self) -> tuple[list[Held], list[tuple[str, str]]]:
        """The kept games, and each entry that cannot be read or does not fit its game as
        (key, its raw text) for Export and Discard."""
        games, damaged = [], []
        for key in self.backend.keys():
            if key.startswith(PREFIX):
                text = self.backend.get(key) or ""
                try:
                    games.append(parse_held(text))
                except LinkProblem:
                    damaged.append((key, text))
        games.sort(key=lambda h: h.updated, reverse=True)
        return games, damaged

    def get(self, game_id: bytes) -> Held | None:
        text = self.backend.get(PREFIX + game_id.hex())
        return None if text is None else parse_held(text)

    def readable(self, game_id: bytes) -> Held | None:
        """The kept game with this id, or None when none is kept or it is damaged (a damaged
        entry is listed apart, and a link of that game may replace it)."""
        try:
            return self.get(game_id)
        except LinkProblem:
            return None

    def put(self, held: Held, authored: bool = False) -> Held:
        """Keep `held`, never replacing a more advanced copy (another tab's) by a less advanced
        one, nor the seat this device holds by another; the position's clock restarts when
        the moves or a claim change. `authored`: this device just sent the record's last
        message, which it then remembers apart. When the stored copy contradicts `held`
        (another tab moved first), the stored copy stays, `held` is kept apart as a conflict
        and `self.clashed` says so: the caller must not send `held`. Over a damaged copy,
        `held` is kept apart the same way (and returned, unkept) when it lacks a message
        this device sent: a tab that read the game before that message."""
        now = self.clock()
        self.clashed = self.full = False
        stored = self.readable(held.record.game_id)
        damaged = None if stored is not None else self.backend.get(held.key)
        if damaged is not None and self.behind(held.record):
            self.keep_conflict(held.record)     # a tab behind this device's last message
            self.clashed = True
            return held
        if damaged is not None and (held.seed is None or held.seed != self._secret(damaged)[1]):
            self._write(held.key + DAMAGED_SUFFIX, damaged)     # still listed, for Export
        if stored is not None:
            if stored.seed is not None and (held.seat, held.seed) != (stored.seat, stored.seed):
                held = replace(held, seat=stored.seat, seed=stored.seed)
            merged, status = merged_copies(held.record, stored.record)
            if status == "advanced":
                held = replace(held, record=merged)
            elif status == "diverged":
                self.keep_conflict(held.record)
                self.clashed = True
                return stored
        if held.seed is not None and held.seat is None:
            held = replace(held, seat=seat_of(held.record, held.seed))  # seated at the start
        moved = stored is None or _position(stored.record) != _position(held.record)
        held = replace(held, updated=now, since=now if moved else stored.since,
                       witness=_witness(stored, held))
        self.full = not self._write(held.key, held.to_json())
        mine = AUTHORED_PREFIX + held.record.game_id.hex()
        if authored and not self.full:
            self.full = not self._write(mine, held.record.moves)
        if authored and not self.full and held.record.grouped and held.record.started:
            self.full = not self._write(mine + STARTED_SUFFIX, "1")
        return held

    def damaged_secret(self, game_id: bytes) -> tuple[int | None, bytes] | None:
        """The seat (None: a join waiting for the start) and secret that a damaged copy of
        this game still holds, where only the game in it was damaged."""
        if self.readable(game_id) is not None:
            return None
        key = PREFIX + game_id.hex()
        for text in (self.backend.get(key), self.backend.get(key + DAMAGED_SUFFIX)):
            seat, seed = self._secret(text)
            if seed is not None:
                return seat, seed
        return None

    def damaged_seat(self, record: records.Record) -> tuple[int, bytes] | None:
        """The seat and secret of a damaged copy of `record`'s game, where `record` seats that
        secret there (such a link of the game brings the seat back)."""
        secret = self.damaged_secret(record.game_id)
        seat = None if secret is None else seat_of(record, secret[1])
        if seat is None or secret[0] not in (None, seat):   # None: a join the start seats
            return None
        return seat, secret[1]

    @staticmethod
    def _secret(text: str | None) -> tuple[int | None, bytes | None]:
        """The seat and secret a kept copy's text still holds ((None, None) if none reads)."""
        try:
            data = json.loads(text)
            seat, seed = data["seat"], unb64(data["seed"])
        except (TypeError, ValueError, KeyError, AttributeError):   # TypeError: nothing kept
            return None, None
        if len(seed) != 16 or not (seat is None or type(seat) is int):
            return None, None
        return seat, seed

    def holds(self, game_hex: str) -> bool:
        """Whether a readable game with this id (hex, as a screen name keeps it) is kept; a
        damaged one is listed apart on the home screen instead of being opened."""
        try:
            return self.readable(bytes.fromhex(game_hex)) is not None
        except ValueError:
            return False

    def authored(self, game_id: bytes) -> str:
        """The moves as of the last message this device sent in that game ("" if none)."""
        return self.backend.get(AUTHORED_PREFIX + game_id.hex()) or ""

    def behind(self, record: records.Record) -> bool:
        """Whether `record` lacks a message this device sent in its game (its moves, or the
        start of an invitation)."""
        mine = AUTHORED_PREFIX + record.game_id.hex()
        return not protocol_for(record.game).holds(record, self.authored(record.game_id)) or \
            (not record.started and self.backend.get(mine + STARTED_SUFFIX) is not None)

    def remove(self, key: str) -> None:
        """Forget a kept game (or damaged entry) and what this device authored in it."""
        self.backend.remove(key)
        if key.startswith(PREFIX):
            self.backend.remove(AUTHORED_PREFIX + key[len(PREFIX):])
            self.backend.remove(AUTHORED_PREFIX + key[len(PREFIX):] + STARTED_SUFFIX)

    def settle(self, shown: Held, stored: Held) -> Held:
        """Two tabs wrote contradicting copies at once, each from what it had read before the
        other wrote: the stored copy stays (every tab comes to show it) and the one this tab
        showed is kept apart as a conflict, so neither is lost (F6)."""
        self.keep_conflict(shown.record)
        return stored

    def keep_conflict(self, incoming: records.Record) -> None:
        text = records.encode(incoming)
        key = (f"{CONFLICT_PREFIX}{incoming.game_id.hex()}:{int(self.clock() * 1000)}:"
               f"{b64(hashlib.sha256(text.encode()).digest()[:6])}")   # two in one instant
        self.full = not self._write(key, text)

    def _write(self, key: str, text: str) -> bool:
        """Whether the backend took the write (False: the storage is full)."""
        try:
            self.backend.set(key, text)
            return True
        except StorageFull:
            return False


def merged_copies(local: records.Record, incoming: records.Record) -> tuple[records.Record, str]:
    """`records.merge` (as the game's protocol merges copies: `LinkProtocol.merge`), and a
    merge that the game's protocol does not take counts as "diverged" (seat data that each
    copy holds rightly but that cannot stand together, such as a resignation and another
    seat's forfeit claim from one position)."""
    merged, status = protocol_for(local.game).merge(local, incoming)
    if status == "advanced" and not protocol_for(local.game).replay(merged).ok:
        return local, "diverged"
    return merged, status


def _witness(stored: Held | None, held: Held) -> tuple:
    """What this device saw of each seat's history tag before that seat's seed came out: the
    only evidence against a seat that nobody else could have forged (seeds/fair-play.md, F2)."""
    kept = {w[0]: w for w in held.witness}
    if stored is not None:
        kept.update({w[0]: w for w in stored.witness})
        for n, (old, new) in enumerate(zip(stored.record.seats, held.record.seats)):
            if new.seed and not old.seed and old.tag and n not in kept:
                kept[n] = (n, old.tag_moves, old.tag)
    return tuple(sorted(kept.values()))


def _position(record: records.Record) -> tuple:
    """What a seat's clock runs on: the moves, the seats taken and any claim."""
    return record.moves, tuple((s.joined, s.claim, s.resigned) for s in record.seats)


def open_link(store: LinkStore, fragment: str) -> tuple[Held, str]:
    """Take in a link: the game as this device now holds (or merely shows) it, and a note."""
    incoming, seat, seed = read_fragment(fragment)
    held = store.readable(incoming.game_id)
    protocol = protocol_for(incoming.game)
    checked = protocol.replay(incoming)
    if isinstance(checked.error, AlteredLink):
        raise LinkProblem(str(checked.error))
    mine = store.authored(incoming.game_id)
    if not (incoming.moves.startswith(mine) or mine.startswith(incoming.moves)
            or checked.ok and protocol.concurrent(incoming, mine)):
        raise LinkProblem(_(REWRITES_MINE))
    note = ""
    if seat is not None and held is not None and held.seed is not None and seat != held.seat:
        note = _(NOT_YOUR_SEAT).format(name=records.shown_name(incoming.seats[seat], seat))
        seat = seed = None
    claim = protocol.claim_of(incoming) if checked.ok else None
    salvaged = store.damaged_seat(incoming) if held is None else None
    judge = held if salvaged is None or not claim else \
        Held(unclaimed(incoming, claim[0]), *salvaged, since=store.clock())   # as if held now
    if claim and judge is not None and not claim_counts(judge, incoming, store.clock()):
        names = [records.shown_name(incoming.seats[n], n) for n in claim]
        incoming = unclaimed(incoming, claim[0])
        mine = judge.seat if judge.seat is not None or judge.seed is None \
            else seat_of(incoming, judge.seed)      # a join that this link's start seats
        if len(judge.record.moves) > len(incoming.moves):
            note = _(CLAIM_AFTER_ANSWER).format(name=names[0], debtor=names[1])
        elif mine == claim[1]:
            note = _(CLAIM_NOT_COUNTED)
        else:
            note = _(CLAIM_TOO_EARLY).format(name=names[0], debtor=names[1])
    if not checked.ok:
        note = _("This link has a bad move (message {number}): {problem}.").format(
            number=checked.applied + 1, problem=str(checked.error).rstrip("."))
        if held is not None:
            return held, note + " " + _("Your game on this device is unchanged.")
        try:
            protocol.view(incoming)
        except MoveError:
            raise LinkProblem(note) from None
        return Held(incoming), note + " " + _("Showing the last good position.")
    if held is None:
        if salvaged is None and store.damaged_secret(incoming.game_id) is not None:
            return Held(incoming), _(DAMAGED_BEHIND)    # a link from before that seat or join
        if salvaged is not None:
            if store.behind(incoming):
                return Held(incoming), _(DAMAGED_BEHIND)
            back = (_(NOT_YOUR_SEAT).format(name=records.shown_name(incoming.seats[seat], seat))
                    if seat not in (None, salvaged[0]) else _(SEAT_RECOVERED))
            note = f"{back} {note}".strip()     # and why a claim in the link does not count
            seat, seed = salvaged
        if seat is None:
            return Held(incoming), ""       # shown, not kept: this device holds no seat
        merged, status = incoming, "advanced"
    else:
        merged, status = merged_copies(held.record, incoming)
    if status == "diverged":
        store.keep_conflict(incoming)
        raise LinkProblem(_(NOT_KEPT) if store.full else crossed_claim(held)
                          or double_move(held.record, incoming) or _(DIVERGED))
    if _breaks_own_tag(merged, held, seat, seed):
        raise LinkProblem(_(REWRITES_MINE))
    if seat is not None and (held is None or held.seed is None):
        kept = store.put(Held(merged, seat, seed))
        if store.clashed and held is None:              # behind a damaged copy's last message
            return Held(incoming), _(DAMAGED_BEHIND)
        return kept, _(NOT_KEPT) if store.full else note or _("This device now holds your seat.")
    if status == "advanced":
        held = store.put(replace(held, record=merged))
        if store.full:
            return held, _(NOT_KEPT)
        if store.clashed:
            return held, _(DIVERGED)
    if held.record.grouped:
        return invited(store, held, incoming, note or status_note(status))
    return held, note or status_note(status)


def invited(store: LinkStore, held: Held, incoming: records.Record, note: str) -> tuple[Held, str]:
    """After a link of a format-3 game was taken in: the creator's device starts the game once
    the joins fill every seat; an invitation or a join that comes after the start says where
    the game is now, and who it did not seat (seeds/fair-play.md, F13)."""
    protocol = protocol_for(held.record.game)
    if held.seat == 0 and protocol.full(held.record):
        started = store.put(replace(held, record=protocol.start_game(held.record, held.seed)),
                            authored=True)
        if store.full:
            return held, _(NO_ROOM_TO_START)
        if store.clashed:
            return started, _(DIVERGED)
        if 0 in protocol.to_move(started.record):
            return started, _(STARTED_FULL_YOU_FIRST)
        return started, _(STARTED_FULL)
    if held.record.started and not incoming.started:
        late = [j for j in incoming.joins if j.key not in {s.key for s in held.record.seats}]
        text = _(INVITATION_STARTED)
        if late:
            text += " " + ngettext(
                "{names} joined after it started, so is not in it, but can watch.",
                "{names} joined after it started, so they are not in it, but can watch.",
                len(late)).format(names=", ".join(j.name or _("A player with no name")
                                                 for j in late))
        return held, text
    return held, note


def opened_session(held: Held, store: LinkStore, note: str) -> "LinkSession":
    """The session of a game just opened (`open_link`): when opening it started the game on
    its creator's device, that device offers the link to send on at once."""
    session = LinkSession(held, store, notice=note)
    session.sent = note == _(STARTED_FULL) and session.seat not in session.protocol.to_move(
        held.record)
    return session


def left_out(held: Held) -> bool:
    """Whether this device joined a format-3 invitation whose game started without it."""
    return held.seed is not None and held.seat is None and held.record.started


def claim_counts(held: Held, incoming: records.Record, now: float) -> bool:
    """Whether this device counts the forfeit claim in `incoming`: it has held that very
    position for the whole time the clock gives, on its own clock (seeds/fair-play.md, I5).
    The seat that owes is judged by its own device's clock, and no other device knows better
    when that seat came to hold the position."""
    claimant = protocol_for(incoming.game).claim_of(incoming)[0]
    if held.record.moves == incoming.moves and held.record.seats[claimant].claim:
        return True                     # counted here already (or made here)
    days = days_of(incoming)
    return bool(days) and held.record.moves == incoming.moves \
        and now - held.since >= days * DAY


def crossed_claim(held: Held) -> str:
    """Why a link that answers after a claim this device counted was not used, naming who
    claimed (this device's own player, or another)."""
    claim = protocol_for(held.record.game).claim_of(held.record)
    if not claim:
        return ""
    if claim[0] == held.seat:
        return _(CLAIM_CROSSED)
    names = [records.shown_name(held.record.seats[n], n) for n in claim]
    return _(CLAIM_CROSSED_HERE).format(name=names[0], debtor=names[1])


def _breaks_own_tag(incoming: records.Record, held: Held | None, seat, seed) -> bool:
    """Whether the link holds a history tag for this device's own seat that its own secret
    does not make: the moves it covers were changed, or the tag was (L10)."""
    if seat is None and held is not None:
        seat, seed = held.seat, held.seed
    if seat is None or not 0 <= seat < len(incoming.seats):
        return False
    own = incoming.seats[seat]
    marks = marks_of(protocol_for(incoming.game).replay(incoming).state)
    return own.joined and seat_of(incoming, seed) == seat and not own_tag_fits(
        incoming, seat, seed, marks)


def refreshed(session: "LinkSession") -> "LinkSession | None":
    """What a tab does when another tab wrote its games: a newer stored copy of the game on
    screen replaces it (None: nothing to change). Two tabs may write at once, each from what
    it had read: a stored copy that knows less than the one on screen gets it merged back,
    and one that contradicts it stays, the copy on screen kept apart (`LinkStore.settle`).
    Every tab of a game this device holds a secret in refreshes, a join waiting for its
    start too; a tab that only showed the game before another tab joined it shows the kept
    copy (what it showed was never checked as kept copies are); a game this device only
    watches is not kept, so nothing changes."""
    stored = session.store.readable(session.record.game_id)
    if stored is None or (session.held.seed is None and stored.seed is None):
        return None
    if session.held.seed is None:   # shown, never checked as kept (a claim's clock: I5)
        return LinkSession(stored, session.store, notice=_(CHANGED_IN_TAB))
    merged, status = merged_copies(stored.record, session.record)
    if status == "advanced":
        session.store.put(replace(stored, record=merged))
        stored = session.store.get(session.record.game_id) or stored
    elif status == "diverged" and (stored.seat, stored.seed) == (session.seat, session.held.seed):
        stored = session.store.settle(session.held, stored)
    if stored.record == session.record and stored.seat == session.seat:
        return None
    return LinkSession(stored, session.store, notice=_(CHANGED_IN_TAB))


def status_note(status: str) -> str:
    """What opening a link did, from `records.merge`'s status, in the reader's language."""
    text = STATUS_NOTES.get(status, "")
    return _(text) if text else ""


def double_move(local: records.Record, incoming: records.Record) -> str:
    """If two copies of a game differ in one seat's message from the same position, a
    sentence naming whose message it is and showing both (blaming nobody: anyone could have
    changed a message's text); else ""."""
    protocol = protocol_for(local.game)
    tables = [protocol.replay(r).state for r in (local, incoming)]
    pairs = zip(tables[0].senders, tables[1].senders, tables[0].ends, tables[1].ends)
    start = 0
    for number, (mine, theirs, end_a, end_b) in enumerate(pairs):
        if mine != theirs:
            return ""
        a, b = local.moves[start:end_a], incoming.moves[start:end_b]
        if a != b:
            name = records.shown_name(local.seats[mine], mine)
            return _("This link's history differs from the game on this device at message "
                     "{number}, {name}'s: “{here}” here, “{there}” in this link. Either {name} "
                     "sent two different messages or someone changed a link, so nobody is "
                     "blamed. Both versions are kept: ask {name} which one stands.").format(
                number=number + 1, name=name, here=a, there=b)
        start = end_a
    return ""


@dataclass
class LinkSession(ResignSteps):
    """One link game on screen: the player's staged move, and what they may do."""

    held: Held
    store: LinkStore
    pending: object = None
    notice: str = ""
    sent: bool = False          # the turn was handed on: offer the link to send
    resigning: bool = False     # Resign was tapped: the screen asks to confirm it
    rematch_of: tuple = ()      # a rematch's invitation: the names of the game it follows
    asking_rematch: bool = False  # the creator asks the other player to open the rematch
    board: object = field(default=None, repr=False)

    def __post_init__(self):
        if self.board is None:
            self.board = catalog.entry(self.record.game).board()

    @property
    def record(self) -> records.Record:
        return self.held.record

    @property
    def protocol(self):
        return protocol_for(self.record.game)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(records.shown_name(s, n) for n, s in enumerate(self.record.seats))

    @property
    def replayed(self):
        return self.protocol.replay(self.record)

    @property
    def seat(self) -> int | None:
        return self.held.seat

    def now(self) -> float:
        """This device's time, from its store's clock (tests set it)."""
        return self.store.clock()

    def seen(self) -> SeatView:
        """What this device may show: its seat's view (a spectator's without a seat) and the
        engine moves it may make now. The one way from a link to a picture."""
        moves = tuple(m for m in self.legal() if not isinstance(m, str))
        return SeatView(self.protocol.view(self.record, self.seat, self.held.seed), moves,
                        self.seat)

    def joinable(self) -> bool:
        return (self.held.seed is None and self.replayed.ok
                and self.protocol.phase(self.record) == self.protocol.JOINING)

    def waiting_to_start(self) -> bool:
        """Whether this device joined an invitation that has not started yet."""
        return self.held.seed is not None and self.seat is None and not self.record.started

    def left_out(self) -> bool:
        """Whether this device joined an invitation that started without it."""
        return left_out(self.held)

    def may_start(self) -> bool:
        """Whether this device's player created the invitation and may start it now with
        those who joined (fewer than the seats offered, where the game allows it)."""
        return self.protocol.may_start(self.record, self.seat)

    def start(self) -> None:
        """Start the invitation with those who joined (its creator's action)."""
        if not self.may_start():
            return
        before = self.held
        self._keep(replace(self.held, record=self.protocol.start_game(self.record,
                                                                      self.held.seed)),
                   authored=True)
        if self.store.full:
            self.held, self.sent, self.notice = before, False, _(NO_ROOM_TO_START)
        elif not self.store.clashed:
            first = self.seat in self.protocol.to_move(self.record)
            self.sent, self.notice = not first, _(STARTED_YOU_FIRST if first else STARTED)

    def my_turn(self) -> bool:
        return (self.seat is not None and self.replayed.ok
                and self.seat in self.protocol.to_move(self.record))

    def legal(self) -> list:
        if not self.my_turn():
            return []
        return self.protocol.legal(self.record, self.seat, self.held.seed)

    def tap(self, data: dict) -> None:
        """A tap on the board while it is this device's turn."""
        if self.sent:
            return
        seen = self.seen()
        if not seen.legal:
            return
        move = self.board.tap(seen, data, self.pending)
        if move is None:
            return
        if self.board.stages_moves:
            self.pending = move
        else:
            self.act(move)

    def confirm(self) -> None:
        if self.pending is not None:
            self.act(self.pending)

    def join(self, name: str, seed: bytes | None = None) -> None:
        """Take the first open seat with a fresh secret (`seed` only in tests), or in format 3
        join the invitation; a device that already holds a seat or a join in this game
        (taken in another tab) keeps that one instead."""
        kept = self.store.readable(self.record.game_id)
        if kept is None and self.store.damaged_secret(self.record.game_id) is not None:
            self.notice = _(DAMAGED_BEHIND)     # joining again would lose that secret
            return
        if kept is not None and kept.seed is not None:
            self.held = kept
            self.notice = _(JOINED_ELSEWHERE if kept.seat is not None else JOINED_INVITATION)
            return
        seed = seed or new_seed()
        before = self.held
        record = self.protocol.join(self.record, name, seed)
        self._keep(Held(record, seat_of(record, seed), seed), authored=True)
        if self.store.full:
            self.held, self.sent, self.notice = before, False, _(NO_ROOM_FOR_SEAT)

    def act(self, action) -> None:
        """Play one legal action (a move or a protocol action such as a reveal)."""
        try:
            record = self.protocol.play(self.record, self.seat, self.held.seed, action)
        except MoveError as err:
            self.pending = None
            self.notice = _("That move is not allowed now: {problem}.").format(
                problem=str(err).rstrip("."))
            return
        self._keep(replace(self.held, record=record), authored=True)

    def claim_forfeit(self) -> None:
        """Claim a forfeit, only once the seat owing a message has run out of time."""
        if not standing.may_claim(self.held, self.store.clock()):
            self.notice = _("No forfeit can be claimed now: {reason}").format(
                reason=standing.waiting(self.held, self.store.clock()))
            return
        self._keep(replace(self.held, record=self.protocol.claim_forfeit(
            self.record, self.seat, self.held.seed)), authored=True)

    def may_resign(self) -> bool:
        return self.seat is not None and self.protocol.may_resign(self.record, self.seat)

    def resign(self) -> None:
        """Resign (confirmed): the game ends at once; the link to send says so."""
        if not (self.resigning and self.may_resign()):
            return
        self.resigning = False
        self._keep(replace(self.held, record=self.protocol.resign(
            self.record, self.seat, self.held.seed)), authored=True)

    def _keep(self, held: Held, authored: bool = False) -> None:
        """Store the new position; offer its link once the turn has passed on. If another
        tab changed the game first, nothing is sent: the stored game is shown instead."""
        before = self.held
        kept = self.store.put(held, authored)
        self.pending = None
        self.resigning = False
        self.board.reset()
        if self.store.clashed:
            if self.store.readable(held.record.game_id) is None:    # over a damaged copy
                self.held, self.sent, self.notice = before, False, _(DAMAGED_TAB_BEHIND)
            else:
                self.held, self.sent, self.notice = kept, False, _(ANOTHER_TAB)
            return
        self.held = kept
        self.sent = self.seat is None or self.seat not in self.protocol.to_move(self.record)
        self.notice = _(FULL) if self.store.full else ""


def rematch(store: LinkStore, held: Held, seed: bytes | None = None) -> LinkSession:
    """A new invitation to the same game with the same options and clock, this device's
    player in seat 0 (`seed` given only in tests); the session knows whom it follows."""
    old = held.record
    name = old.seats[held.seat].name
    if name == records.default_name(held.seat):
        name = records.default_name(0)
    seed = seed or new_seed()
    record = protocol_for(old.game).rematch(old, name, seed)
    names = tuple(records.shown_name(s, n) for n, s in enumerate(old.seats) if n != held.seat)
    session = LinkSession(Held(record, 0, seed), store, rematch_of=names)
    return _kept_new(session)


def _kept_new(session: LinkSession) -> LinkSession:
    """A new game's session once its creator's seat is kept; LinkProblem if the storage
    cannot keep it (its secret would live in this page alone)."""
    session._keep(session.held, authored=True)
    if session.store.full:
        session.store.remove(session.held.key)
        raise LinkProblem(_(NO_ROOM_FOR_SEAT))
    session.sent = True
    return session


def create(store: LinkStore, game: str, name: str, options: dict | None = None,
           seed: bytes | None = None) -> LinkSession:
    """A new game by link, with this device in seat 0 (`seed` given only in tests)."""
    seed = seed or new_seed()
    record = protocol_for(game).create(name, seed, options)
    return _kept_new(LinkSession(Held(record, 0, seed), store))
