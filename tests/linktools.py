"""Helpers the play-by-link tests share: simulated devices, hand-made messages, damaged links.

Each test file passes its game's link module (`protocol`) where a helper needs one. The
helpers recompute chain values and history tags on their own, not through parlor.linkcore.
"""
import json
from dataclasses import replace
from hashlib import sha256

from hypothesis import HealthCheck, settings, strategies as st

from parlor.links.fairplay import Chain, b64, history_tag, transcript_hash, unb64
from parlor.engine.protocol import TOKEN_ALPHABET, MoveError
from parlor.links.record import RecordError, decode, encode, merge


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


def signed(record, seat, seed, text, begins=True):
    """A message appended by hand (any text) with the seat's honest chain value and tag;
    `begins` False adds to the seat's open message instead."""
    moves = record.moves + text
    old = record.seats[seat]
    index = old.index + begins
    new = replace(old, index=index, value=Chain(record.context, seat, seed).value(index),
                  tag_moves=len(moves),
                  tag=history_tag(seed, transcript_hash(record.game_id, moves)))
    return with_seat(replace(record, moves=moves), seat, new)


def resign(record, seeds, seats=(0, 1)):
    """The record with the given seats' history tags redone over its moves (a live cheat)."""
    new = []
    for n, seat in enumerate(record.seats):
        if n in seats and seat.tag:
            moves = record.moves[:seat.tag_moves]
            seat = replace(seat, tag=history_tag(seeds[n], transcript_hash(record.game_id,
                                                                           moves)))
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
