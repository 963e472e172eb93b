"""Helpers the play-by-link tests share: simulated devices, hand-made messages, damaged links.

Each test file passes its game's link module (`protocol`) where a helper needs one. The
helpers recompute chain values and history tags on their own, not through parlor.linkcore.
"""
import json
from dataclasses import replace
from hashlib import sha256

from hypothesis import HealthCheck, settings, strategies as st

from parlor.links.fairplay import Chain, b64, history_tag, sign, transcript_hash, unb64
from parlor.engine.protocol import TOKEN_ALPHABET, MoveError
from parlor.links.record import RecordError, decode, encode, merge, seat_statement


class Device:
    """One player's phone: its seat, its secret seed and its own copy of the game.

    A test file subclasses it with its game's link module as `protocol`."""

    protocol = None

    def __init__(self, seat: int, seed: bytes, record):
        self.seat, self.seed, self.record = seat, seed, record

    def receive(self, text: str) -> str:
        self.record, status = merge(self.record, decode(text))
        return status

    def act(self, action) -> str:
        self.record = self.protocol.play(self.record, self.seat, self.seed, action)
        return encode(self.record)


# Messages made by hand, as a modified client would.

def with_seat(record, number, seat):
    return replace(record, seats=tuple(seat if n == number else s
                                       for n, s in enumerate(record.seats)))


def sealed(record, moves, number, seat, seed):
    """Seat data with its signatures (a signed record) or its history tag (format 1) made by
    `seed` over `moves`, as the seat's own device makes them."""
    if not record.signed:
        return replace(seat, tag=history_tag(seed, transcript_hash(
            record.game_id, moves[:seat.tag_moves])) if seat.tag_moves else seat.tag)
    return replace(seat, signature=sign(seed, seat_statement(record.game_id, moves, number, seat))
                   if seat.message_index else b"",
                   end_signature=sign(seed, seat_statement(record.game_id, moves, number, seat,
                                                           True))
                   if seat.claim or seat.resigned else b"")


def forged_seat(record, seat, **changes):
    """Seat data changed by someone without the seat's secret: in a signed record, every
    signature its format asks for is there but made by nobody's key (zeros); None when the
    signed format cannot write such data (moves covered with no message to sign them)."""
    old = record.seats[seat]
    new = replace(old, **changes, signature=b"", end_signature=b"")
    if record.signed and new.tag_moves and new.message_index <= 0:
        return None
    if record.signed:
        kept = old.signature if new.message_index == old.message_index else b""
        new = replace(new, signature=(kept or bytes(64)) if new.message_index else b"",
                      end_signature=bytes(64) if new.claim or new.resigned else b"")
    return new


def signed(record, seat, seed, text, begins=True):
    """A message appended by hand (any text) with the seat's honest chain value and tag (or
    signature); `begins` False adds to the seat's open message instead."""
    moves = record.moves + text
    old = record.seats[seat]
    index = old.index + begins
    new = replace(old, index=index, value=Chain(record.context, record.chain_id(seat), seed).value(index),
                  tag_moves=len(moves))
    return with_seat(replace(record, moves=moves), seat, sealed(record, moves, seat, new, seed))


def resign(record, seeds, seats=(0, 1)):
    """The record with the given seats' history tags (or signatures) redone over its moves
    (a live cheat)."""
    new = []
    for n, seat in enumerate(record.seats):
        if n in seats and seat.covers:
            seat = sealed(record, record.moves, n, seat, seeds[n])
        new.append(seat)
    return replace(record, seats=tuple(new))


# Damaged links (L9/L10 of each game): they end in a clear error or a valid state.

def damage(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


edits = st.sampled_from(["replace", "insert", "delete", "truncate"])
any_char = st.one_of(st.sampled_from(TOKEN_ALPHABET + ".#"), st.characters())
move_changes = st.lists(st.tuples(edits, st.integers(0, 10_000),
                                  st.sampled_from(TOKEN_ALPHABET)), min_size=1, max_size=3)
seat_changes = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)),
                        min_size=1, max_size=3)


def edit(text: str, kind: str, at: int, char: str) -> str:
    at %= len(text)
    return {"replace": text[:at] + char + text[at + 1:], "insert": text[:at] + char + text[at:],
            "delete": text[:at] + text[at + 1:], "truncate": text[:at]}[kind]


def seal(body: str) -> str:
    """A fragment body with a fresh checksum, as a careless or hostile encoder might make."""
    return f"{body}.{b64(sha256(body.encode()).digest()[:6])[:6]}"


def resealed_moves(text: str, changes) -> str:
    """The link with its moves edited by `changes` (kind, at, char) and the checksum redone."""
    head, game, seats, moves, _ = text.split(".")
    for kind, at, char in changes:
        moves = edit(moves, kind, at, char) if moves else char
    return seal(f"{head}.{game}.{seats}.{moves}")


def resealed_seats(text: str, changes) -> str:
    """The link with bytes of its seat data set by `changes` (at, value), checksum redone."""
    head, game, seats, moves, _ = text.split(".")
    raw = bytearray(unb64(seats))
    for at, value in changes:
        raw[at % len(raw)] = value
    return seal(f"{head}.{game}.{b64(bytes(raw))}.{moves}")


def moves_of(text: str) -> str:
    return text.split(".")[3]


def ends_cleanly(protocol, text: str, seeds, phases=None) -> None:
    """decode, replay, views, legal actions and the audit: an answer or a clear error.
    `phases`, if given, are the ones a good link may be in."""
    try:
        record = decode(text)
    except RecordError as err:
        assert str(err)
        return
    result = protocol.replay(record)
    if not result.ok:
        assert isinstance(result.error, MoveError) and str(result.error)
    else:
        json.dumps(protocol.view(record))
        if phases is not None:
            assert protocol.phase(record) in phases
        protocol.to_move(record)
        for seat, seed in enumerate(seeds):
            try:
                json.dumps(protocol.view(record, seat, seed))
                protocol.legal(record, seat, seed)
            except MoveError as err:
                assert str(err)
    verdict = protocol.audit(record)
    assert verdict.ok or verdict.reason


def unsigned(invitation, seed):
    """A new game's invitation as a Parlor of format 1 made it (history tags, no signatures):
    the format-1 rules stay tested on such games, which keep playing in format 1."""
    from parlor.links.record import UNSIGNED, Record, Seat, game_context
    ctx = game_context(invitation.game, invitation.options, len(invitation.seats), UNSIGNED)
    creator = Seat(invitation.seats[0].name, Chain(ctx, 0, seed).anchor)
    return Record(invitation.game, (creator,) + (Seat(),) * (len(invitation.seats) - 1),
                  invitation.options, version=UNSIGNED)


def by_seat(*phones):
    """Lists kept per phone (sessions, stores, clocks...), reordered so that index n is the
    phone holding seat n once a format-3 game started (its seats follow the seating rule,
    not the order of joining); the first list holds each phone's session."""
    order = sorted(range(len(phones[0])), key=lambda n: phones[0][n].seat)
    return tuple([items[n] for n in order] for items in phones)


def started(stores, seeds, links):
    """Phones that joined one invitation in turn, each from the link before (`links`: the
    invitation, then each join): the creator's phone opens the last join, so the game starts
    there (format 3), and its link is posted. Returns the stores and seeds reordered so index
    n is seat n (links gets the started game's link)."""
    from parlor.links import device
    from parlor.links.base import seat_of
    from parlor.links.record import decode, encode
    if not decode(links[-1]).grouped:
        return stores, seeds
    held, _note = device.open_link(stores[0], links[-1])
    links.append(encode(held.record))
    order = sorted(range(len(seeds)), key=lambda n: seat_of(held.record, seeds[n]))
    return [stores[n] for n in order], [seeds[n] for n in order]


def in_order(invitation, seed):
    """A new game's invitation as a Parlor of format 2 made it (seats taken in order, signed):
    games begun in format 2 keep playing so, and the games' positional link rules stay tested
    on them (format 3's joins by invitation: tests/test_invitation.py)."""
    from parlor.links.base import new_seat
    from parlor.links.record import SIGNED, Record, Seat, game_context
    seats = invitation.capacity or len(invitation.seats)
    ctx = game_context(invitation.game, invitation.options, seats, SIGNED)
    creator = new_seat(ctx, 0, invitation.seats[0].name, seed, True)
    return Record(invitation.game, (creator,) + (Seat(),) * (seats - 1), invitation.options,
                  version=SIGNED)


def leaves(value, path=()):
    """Every leaf of a view as (path, JSON text); a node whose type differs between views is
    compared whole, so lists are flattened only to their items."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        yield path + ("#",), json.dumps(len(value))
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    else:
        yield path, json.dumps(value)
