"""One invitation, any number of friends: joining a game of record format 3 and starting it.

The creator's invitation holds seat 0 and open seats. Anyone who opens it may join: a join
carries the joiner's name, anchor and public key, signed by that key, and no seat number, so
two friends joining at once never want the same seat; copies of the invitation merge their
joins as a set (record.union_joins). The creator's device starts the game, at once when the
joins fill every seat or when its player starts with those who came: it shows r (committed
to in the invitation before anyone joined) and signs the seated joins, which take seats
1.. in the order of `record.seat_rank`, a hash of r and each key. When more joined than
there are seats, the lowest ranks are seated. Every device checks the joins' signatures, r
against the commitment, the order and the creator's signature (seeds/fair-play.md, F13).
"""
from __future__ import annotations

from dataclasses import replace

from .fairplay import Chain, derived, public_key, sign, signature_fits
from .record import (GROUP, VALUE_BYTES, Join, Record, Seat, clean_join_name, game_context,
                     join_statement, seat_rank, seating_commitment, start_statement,
                     union_joins)


def seating_value(seed: bytes) -> bytes:
    """r: the creator's seating value, made from its seed (so its device needs keep nothing
    more) and shown only at the start."""
    return derived(seed, "seating")[:VALUE_BYTES]


def anchor_of(context: bytes, seed: bytes) -> bytes:
    """The anchor a seed makes in a format-3 game: its chain is keyed by its public key."""
    return Chain(context, public_key(seed), seed).anchor


def invitation(game: str, options: tuple, capacity: int, name: str, seed: bytes) -> Record:
    """A new format-3 game: the creator in seat 0, `capacity` - 1 open seats, no joins yet,
    and the creator's commitment to its seating value."""
    context = game_context(game, options, capacity, GROUP)
    creator = Seat(name, anchor_of(context, seed), key=public_key(seed))
    return Record(game, (creator,) + (Seat(),) * (capacity - 1), options, version=GROUP,
                  capacity=capacity,
                  seating=seating_commitment(context, seating_value(seed)))


def join(record: Record, name: str, seed: bytes) -> Record:
    """The invitation with this seed's join added (signed by its key); as it was when the
    seed has joined already."""
    key = public_key(seed)
    if any(j.key == key for j in record.joins):
        return record
    name = clean_join_name(name)
    anchor = anchor_of(record.context, seed)
    mine = Join(name, anchor, key, sign(seed, join_statement(record.game_id, name, anchor, key)))
    return replace(record, joins=union_joins(record.joins, (mine,)))


def ranked(record: Record, value: bytes) -> list[Join]:
    """The invitation's joins in the order of the seating rule, given r."""
    return sorted(record.joins, key=lambda j: seat_rank(record.game_id, value, j.key))


def start(record: Record, seed: bytes, players: int) -> Record:
    """The game started by its creator (`seed` is seat 0's) with `players` seats: the
    lowest-ranked joins take seats 1.. in rank order; every later join is left out."""
    value = seating_value(seed)
    chosen = ranked(record, value)[:players - 1]
    if len(chosen) != players - 1 or players > record.capacity:
        raise ValueError("not that many joins")
    seats = (record.seats[0],) + tuple(Seat(j.name, j.anchor, key=j.key) for j in chosen)
    signature = sign(seed, start_statement(record.game_id, value, seats))
    return replace(record, seats=seats, joins=(), seating=value, start=signature)


def problem(record: Record) -> str:
    """What is wrong with a format-3 record's joins or start, as a code ("" when nothing):
    "join" (a join its key did not sign), "start" (a start the creator did not sign, or
    seats out of the rule's order)."""
    if not record.grouped:
        return ""
    if not record.started:
        game_id = record.game_id
        for j in record.joins:
            if not signature_fits(j.key, join_statement(game_id, j.name, j.anchor, j.key),
                                  j.signature):
                return "join"
        return ""
    game_id, value, seats = record.game_id, record.seating, record.seats
    if not signature_fits(seats[0].key, start_statement(game_id, value, seats), record.start):
        return "start"
    ranks = [seat_rank(game_id, value, s.key) for s in seats[1:]]
    if ranks != sorted(ranks) or len({s.key for s in seats}) != len(seats):
        return "start"
    return ""
