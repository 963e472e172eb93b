"""Signed links (record format 2, seeds/fair-play.md F12): a message, a forfeit claim or a
resignation counts as a seat's only if that seat's secret signed it, checked on arrival.

Every forgery here is made from public data only (chain values shown in links, signatures
shown in links, any move text): a device that has not seen the seat's real link refuses it
as altered, blames nobody, keeps its game, and takes the honest link afterwards.
"""
import json
from dataclasses import replace
from pathlib import Path

import pytest

from parlor import catalog
from parlor.links import device as linkplay, fairplay, record as records
from parlor.links.base import AlteredLink
from parlor.links.fairplay import chain_step
from parlor.links.record import decode, encode

import linktools
from test_link_clock import Table

# Every game by link, with three seats where it has them (a third device that has not seen
# the real message yet).
GAMES = [(e.key, 3 if e.players[-1] >= 3 > e.players[0] else e.players[0])
         for e in catalog.entries() if e.link_tier]
IDS = [f"{k}-{n}p" for k, n in GAMES]
CORPUS = Path(__file__).parent / "corpus"


def table_of(key, players):
    low, high = catalog.entry(key).players
    return Table(key, players, {"players": players} if low != high else {})


def one_turn(protocol, record, seat, seed, choice):
    """`seat`'s whole turn from `record`: the legal action `choice` first (counted from the
    end when negative), then the first legal one until the turn passes."""
    record = protocol.play(record, seat, seed, protocol.legal(record, seat, seed)[choice])
    for _ in range(60):
        if protocol.to_move(record) != (seat,):
            return record
        record = protocol.play(record, seat, seed, protocol.legal(record, seat, seed)[0])
    raise AssertionError("the turn did not end")


def two_versions(table):
    """A seat owing a move with two different moves to choose from: (seat, its record before,
    its honest turn, another turn it could have sent)."""
    for _ in range(200):
        seat = table.mover()
        session = table.sessions[seat]
        before, seed = session.record, session.held.seed
        honest = one_turn(session.protocol, before, seat, seed, 0)
        other = one_turn(session.protocol, before, seat, seed, -1)
        if honest.moves != other.moves:
            return seat, before, honest, other
        table.take_turn(seat)
        table.send(seat)
    raise AssertionError("no choice of moves came up")


def witness(table, author):
    """A device other than the author's (the next seat)."""
    return (author + 1) % len(table.sessions)


def refused_then_honest_taken(table, device, forged, honest):
    """The forgery is refused as altered on `device`, blaming nobody, its game unchanged;
    then the honest link is taken."""
    protocol = table.sessions[device].protocol
    store = table.stores[device]
    kept = store.get(honest.game_id)
    assert isinstance(protocol.replay(forged).error, AlteredLink)
    audit = protocol.audit(forged)
    assert not audit.ok and not audit.problems, "nobody is blamed"
    with pytest.raises(linkplay.LinkProblem, match="altered"):
        linkplay.open_link(store, encode(forged))
    assert store.get(honest.game_id) == kept
    held, _note = linkplay.open_link(store, encode(honest))
    assert held.record == honest


@pytest.mark.parametrize("key,players", GAMES, ids=IDS)
def test_f12_a_move_forged_in_another_seats_name_is_refused_on_arrival(key, players):
    table = table_of(key, players)
    table.play_until_owed()
    author, before, honest, other = two_versions(table)
    protocol = table.sessions[author].protocol
    assert honest.signed and protocol.replay(other).ok, "a move the author could have sent"
    # Someone who saw the author's link writes the other move with the author's public
    # chain value and signature: only the signature cannot be made without the secret.
    mine = honest.seats[author]
    forged = replace(other, seats=linktools.with_seat(other, author, replace(
        other.seats[author], signature=mine.signature)).seats)
    assert forged.seats[author].latest == mine.latest
    assert records.merge(honest, other)[1] == "diverged", "two signed versions of one message"
    refused_then_honest_taken(table, witness(table, author), forged, honest)


@pytest.mark.parametrize("key,players", GAMES, ids=IDS)
def test_f12_after_a_resignation_its_exposed_chain_value_makes_no_move_in_its_name(key,
                                                                                  players):
    """Issue 24, class 3: a resignation shows its seat's chain value two steps on, hence the
    one step on too; a move in the resigner's name with that value is refused."""
    table = table_of(key, players)
    table.play_until_owed()
    author, before, _honest, other = two_versions(table)
    session = table.sessions[author]
    session.ask_resign()
    session.resign()
    resigned = session.record
    assert session.protocol.resigned_of(resigned) == author
    shown = resigned.seats[author]
    exposed = chain_step(resigned.context, resigned.chain_id(author), shown.index, shown.value)
    assert other.seats[author].latest == exposed, "the move's chain value is public"
    for signature in (shown.end_signature, before.seats[author].signature, bytes(64)):
        forged = replace(other, seats=linktools.with_seat(other, author, replace(
            other.seats[author], signature=signature or bytes(64))).seats)
        device = witness(table, author)
        assert isinstance(session.protocol.replay(forged).error, AlteredLink)
        with pytest.raises(linkplay.LinkProblem, match="altered"):
            linkplay.open_link(table.stores[device], encode(forged))
    refused_then_honest_taken(table, witness(table, author), forged, resigned)


@pytest.mark.parametrize("key,players", GAMES, ids=IDS)
def test_f12_a_claim_or_resignation_forged_in_another_seats_name_is_refused(key, players):
    table = table_of(key, players)
    claimant, debtor = table.play_until_owed()
    record = table.sessions[claimant].record
    seed = table.sessions[claimant].held.seed
    chain = table.sessions[claimant].protocol._device(record, claimant, seed)[2].chain
    old = record.seats[claimant]
    # the claimant's next chain value, as its next message would show it to anyone
    claim = linktools.forged_seat(record, claimant, index=old.index + 1,
                                  value=chain.value(old.index + 1), claim=True)
    forged_claim = replace(record, seats=linktools.with_seat(record, claimant, claim).seats)
    table.times[claimant].now += 30 * 86400
    table.sessions[claimant].claim_forfeit()
    honest_claim = table.sessions[claimant].record
    assert table.sessions[claimant].protocol.claim_of(honest_claim) == (claimant, debtor)
    assert forged_claim.seats[claimant].latest == honest_claim.seats[claimant].latest
    device = next(n for n in range(players) if n not in (claimant, debtor)) \
        if players > 2 else debtor
    if players > 2:
        table.times[device].now += 30 * 86400       # its own clock counts the claim (I5)
        refused_then_honest_taken(table, device, forged_claim, honest_claim)
    else:
        assert isinstance(table.sessions[device].protocol.replay(forged_claim).error,
                          AlteredLink)
    # a resignation by the debtor with its real chain value two steps on, signed by nobody
    debt = table.sessions[debtor]
    owed = debt.record
    chain = debt.protocol._device(owed, debtor, debt.held.seed)[2].chain
    mine = owed.seats[debtor]
    resign = linktools.forged_seat(owed, debtor, index=mine.index + 2,
                                   value=chain.value(mine.index + 2), resigned=True)
    forged = replace(owed, seats=linktools.with_seat(owed, debtor, resign).seats)
    error = debt.protocol.replay(forged).error
    assert isinstance(error, AlteredLink) and "did not send the resignation" in str(error)


def test_f12_a_key_swapped_for_the_forgers_own_is_refused_by_a_device_that_saw_the_join():
    table = table_of("tsuro", 3)
    table.play_until_owed()
    author, _before, honest, other = two_versions(table)
    forger_seed = bytes(16)
    seat = replace(other.seats[author], key=fairplay.public_key(forger_seed))
    swapped = replace(other, seats=linktools.with_seat(other, author, seat).seats)
    swapped = replace(swapped, seats=linktools.with_seat(swapped, author, linktools.sealed(
        swapped, swapped.moves, author, swapped.seats[author], forger_seed)).seats)
    protocol = table.sessions[author].protocol
    # in format 3 a seat's chain is keyed by its key too: no device at all takes the swap
    assert not protocol.replay(swapped).ok, "signed by the forger's key, its chain refuses it"
    device = witness(table, author)
    kept = table.stores[device].get(honest.game_id)
    held, note = linkplay.open_link(table.stores[device], encode(swapped))
    assert held == kept and "unchanged" in note
    assert table.stores[device].get(honest.game_id) == kept
    assert linkplay.open_link(table.stores[device], encode(honest))[0].record == honest


def test_f12_new_games_and_rematches_are_signed_and_format_1_games_play_on_unsigned(
        monkeypatch):
    table = table_of("tyrus", 2)
    text = encode(table.sessions[0].record)
    assert text.startswith("p3.tyrus.") and decode(text).signed
    # a Parlor that reads only format 1 says the link is from a newer version
    monkeypatch.setattr(records, "FORMAT_VERSION", 1)
    with pytest.raises(records.RecordError) as err:
        decode(text)
    assert err.value.code == records.NEWER
    monkeypatch.undo()
    # a format-1 game kept from before goes on in format 1, with history tags
    cases = json.loads((CORPUS / "tyrus-links-v1.json").read_text())["links"]
    private = next(c for c in cases if c.get("seat") is not None and c["expect"]["phase"]
                   not in ("joining", "over") and c["expect"]["to_move"] == [c["seat"]])
    store = linkplay.LinkStore(linkplay_backend())
    held, _ = linkplay.open_link(store, private["link"])
    session = linkplay.LinkSession(held, store)
    assert not held.record.signed
    while session.legal() and session.my_turn():
        session.act(session.legal()[0])
    after = session.record
    assert after.version == records.UNSIGNED and after.moves != held.record.moves
    assert after.seats[held.seat].tag and encode(after).startswith("p1.")
    assert linkplay.open_link(linkplay.LinkStore(linkplay_backend()), encode(after))[0].record \
        == after
    # the rematch of a finished format-1 game is a signed new game
    finished = next(decode(c["link"]) for c in cases if c["expect"].get("phase") == "over"
                    and c["expect"]["to_move"] == [] and c.get("seat") is None)
    rematch = catalog.entry("tyrus").link.rematch(finished, "Ann", bytes(15) + b"\7")
    assert rematch.signed and rematch.seats[0].key == fairplay.public_key(bytes(15) + b"\7")


def linkplay_backend():
    from parlor.play.saves import MemoryBackend
    return MemoryBackend()


def test_f12_each_signature_is_checked_once_however_many_links_carry_it():
    """Opening a link checks only the signatures it brings new (sign 1.5 ms, check about
    13 ms in CPython: a game of 70 links must not check 70 times every seat)."""
    table = table_of("tsuro", 3)
    table.play_until_owed()
    fairplay.signature_fits.cache_clear()
    table.sessions[0].protocol._memo.clear()    # an earlier test may have read these records
    warm = table.mover()                    # every seat's latest signature checked once
    table.take_turn(warm)
    table.send(warm)
    for _ in range(4):
        before = fairplay.signature_fits.cache_info().misses
        sender, actions = table.mover(), 0
        while table.sessions[sender].my_turn():
            table.sessions[sender].act(table.sessions[sender].legal()[0])
            actions += 1
        table.send(sender)
        checked = fairplay.signature_fits.cache_info().misses - before
        # without the memo every device that takes the link checks it again: at least one
        # check per device (3), and every seat's signature each time (9)
        assert 1 <= checked < len(table.sessions), (checked, actions)
