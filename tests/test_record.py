"""The game record and its link fragment: round trips, damage reports, names and merging."""
import hashlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from parlor.links.fairplay import Chain, b64, history_tag, transcript_hash, unb64
from parlor.engine.protocol import TOKEN_ALPHABET
from parlor.links.record import (CHANGED, INCOMPLETE, NEWER, NONSENSE, NOT_PARLOR, Record,
                           RecordError, Seat, clean_name, decode, encode, game_context, merge)
from parlor.engine.rng import derive

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CTX = game_context("tyrus", {}, 2)
CHAINS = [Chain(CTX, seat, derive(b"record seeds", seat)[:16]) for seat in range(2)]


def created() -> Record:
    """A game just created: the creator's anchor, an empty second seat."""
    return Record("tyrus", (Seat("Ann", CHAINS[0].anchor), Seat()))


def finished() -> Record:
    """A whole Tyrus game: 60 two-character moves, chains advanced, tags and seeds revealed."""
    moves, game_id = "Ab" * 60, created().game_id
    seats = tuple(
        Seat(name, chain.anchor, 60 + seat, chain.value(60 + seat), len(moves),
             history_tag(chain.seed, transcript_hash(game_id, moves)), chain.seed)
        for seat, (name, chain) in enumerate(zip(["Ann", "Bob"], CHAINS)))
    return Record("tyrus", seats, {}, moves)


def seal(body: str) -> str:
    """A fragment body with a correct checksum, as a careless or hostile encoder might make."""
    return f"{body}.{b64(hashlib.sha256(body.encode()).digest()[:6])[:6]}"


def decodes_to_original_or_fails(text: str, original: Record) -> None:
    try:
        result = decode(text)
    except RecordError as err:
        assert str(err)
        return
    assert result == original


# Round trips and size.

def test_round_trip_of_a_new_and_a_finished_game():
    for record in (created(), finished(), replace(finished(), options={"variant": "fr"})):
        text = encode(record)
        assert decode(text) == record
        assert decode(f"https://parlor.example/play/#{text}") == record
        assert decode(f"  #{text}\n") == record


def test_a_whole_tyrus_game_fits_in_a_short_link():
    text = encode(finished())
    assert len(text) < 500
    assert set(text) <= set(TOKEN_ALPHABET + ".")


def test_nothing_secret_before_the_audit():
    record = replace(finished(), seats=tuple(replace(s, seed=b"") for s in finished().seats))
    text = encode(record)
    data = unb64(text.split(".")[2])
    for chain in CHAINS:
        assert chain.seed not in data and b64(chain.seed) not in text
    assert CHAINS[0].seed in unb64(encode(finished()).split(".")[2]), "the check can fail"


records_moves = st.text(alphabet=TOKEN_ALPHABET, max_size=120)
b16 = st.binary(min_size=16, max_size=16)


@st.composite
def seats(draw, moves: int, joined: bool | None = None):
    name = draw(st.text(max_size=30))
    if not (draw(st.booleans()) if joined is None else joined):
        return Seat(name)
    index = draw(st.integers(0, 255))
    tagged = draw(st.booleans())
    return Seat(name, draw(b16), index, draw(b16) if index else b"",
                draw(st.integers(0, moves)) if tagged else 0,
                draw(st.binary(min_size=8, max_size=8)) if tagged else b"",
                draw(st.one_of(st.just(b""), b16)))


@st.composite
def records(draw):
    moves = draw(records_moves)
    count = draw(st.integers(1, 8))
    table = [draw(seats(len(moves), joined=True if n == 0 else None)) for n in range(count)]
    options = draw(st.dictionaries(st.from_regex(r"[a-z0-9_-]{1,24}", fullmatch=True),
                                   st.from_regex(r"[A-Za-z0-9_.-]{0,24}", fullmatch=True),
                                   max_size=3))
    game = draw(st.from_regex(r"[a-z][a-z0-9_-]{0,23}", fullmatch=True))
    return Record(game, tuple(table), options, moves)


@FAST
@given(records())
def test_any_record_round_trips(record):
    assert decode(encode(record)) == record


# Damage of every kind ends in RecordError or the original record.

def test_every_truncation_says_the_link_was_cut_off():
    text = encode(finished())
    for cut in range(len(text)):
        with pytest.raises(RecordError) as err:
            decode(text[:cut])
        if cut >= 2:
            assert str(err.value) == INCOMPLETE, cut


@FAST
@given(records(), st.data())
def test_truncations_at_any_position(record, data):
    text = encode(record)
    cut = data.draw(st.integers(0, len(text) - 1))
    with pytest.raises(RecordError):
        decode(text[:cut])


@FAST
@given(records(), st.data())
def test_random_character_edits(record, data):
    text = encode(record)
    at = data.draw(st.integers(0, len(text) - 1))
    char = data.draw(st.one_of(st.sampled_from(TOKEN_ALPHABET + ".#%"), st.characters()))
    kind = data.draw(st.sampled_from(["replace", "insert", "delete"]))
    edited = {"replace": text[:at] + char + text[at + 1:],
              "insert": text[:at] + char + text[at:],
              "delete": text[:at] + text[at + 1:]}[kind]
    decodes_to_original_or_fails(edited, record)


def test_a_changed_character_is_reported_as_damage():
    text = encode(finished())
    at = text.index(".", 3) + 5
    edited = text[:at] + ("B" if text[at] != "B" else "C") + text[at + 1:]
    with pytest.raises(RecordError) as err:
        decode(edited)
    assert str(err.value) == CHANGED


@settings(max_examples=1000, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=TOKEN_ALPHABET + ".p1#"),
                 st.binary().map(lambda b: "p1." + b.hex())))
def test_random_garbage_and_unicode(text):
    try:
        record = decode(text)
    except RecordError as err:
        assert str(err).startswith("This ")
    else:
        assert isinstance(record, Record)


@settings(max_examples=1000, deadline=None)
@given(st.binary(max_size=120), st.text(alphabet=TOKEN_ALPHABET, max_size=10))
def test_well_sealed_nonsense_is_reported_not_raised(data, moves):
    """Garbage with a correct checksum (a buggy or hostile encoder) still ends cleanly."""
    text = seal(f"p1.tyrus.{b64(data)}.{moves}")
    try:
        record = decode(text)
    except RecordError as err:
        assert str(err) == NONSENSE
    else:
        assert encode(record) == text


@FAST
@given(records(), st.data())
def test_resealed_byte_changes_end_cleanly(record, data):
    """Bytes of the data changed and the checksum redone: RecordError or a canonical record."""
    _, game, text, moves, _ = encode(record).split(".")
    raw = bytearray(unb64(text))
    for _ in range(data.draw(st.integers(1, 3))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    fragment = seal(f"p1.{game}.{b64(bytes(raw))}.{moves}")
    try:
        result = decode(fragment)
    except RecordError as err:
        assert str(err) == NONSENSE
    else:
        assert encode(result) == fragment


def test_sealed_data_that_breaks_the_rules_makes_no_sense():
    _, game, data, moves, _ = encode(finished()).split(".")
    creator_absent = b64(bytes([0, 1, 0, 0]))
    for body in [f"p1.{game}.{data}.{moves}!", f"p1.TYRUS.{data}.{moves}",
                 f"p1.{game}.{creator_absent}.{moves}", f"p1.{game}.{data}AAAA.{moves}",
                 f"p01.{game}.{data}.{moves}"]:
        with pytest.raises(RecordError) as err:
            decode(seal(body))
        assert str(err.value) == NONSENSE, body


def test_versions_and_foreign_links_get_clear_messages():
    with pytest.raises(RecordError, match="newer version"):
        decode("p4.tyrus.AAA.AB.abcdef")
    with pytest.raises(RecordError) as err:
        decode("p17")
    assert str(err.value) == NEWER
    for text in ["", "hello", "https://example.com/#top", "p", "P1.x", "p0.a.b.c.d", None]:
        with pytest.raises(RecordError) as err:
            decode(text)
        assert str(err.value) == NOT_PARLOR, text


def test_too_long_input_is_refused_quickly():
    with pytest.raises(RecordError, match="too long"):
        decode("p1." + "A" * 50_000)


# Names.

def test_names_keep_markup_as_plain_text():
    """The UI shows names as text; the record neither strips nor escapes markup."""
    name = "<b>Bo</b>&amp;"
    record = replace(created(), seats=(Seat(name, CHAINS[0].anchor), Seat()))
    assert record.seats[0].name == name
    assert decode(encode(record)).seats[0].name == name


def test_names_lose_control_characters_and_extra_space():
    assert clean_name("  Bo\x00b\x1b[31m \n\t Ray\u202e ", 0) == "Bob[31m Ray"
    assert clean_name("Ann\u200bLee", 0) == "AnnLee"
    assert clean_name("a\u200db", 0) == "a\u200db", "joiners are kept: some scripts need them"
    assert clean_name("e\u0301", 0) == "\u00e9"


def test_names_are_cut_to_24_characters_and_never_empty():
    assert clean_name("x" * 40, 0) == "x" * 24
    assert clean_name("x" * 23 + " y", 0) == "x" * 23
    assert clean_name("", 1) == "Player 2"
    assert clean_name("\x00\u202e \t", 2) == "Player 3"
    record = Record("tyrus", (Seat("", CHAINS[0].anchor), Seat("\n")))
    assert [s.name for s in record.seats] == ["Player 1", "Player 2"]
    assert decode(encode(record)) == record


@FAST
@given(st.text(max_size=60), st.integers(0, 7))
def test_cleaning_a_name_is_stable(name, seat):
    once = clean_name(name, seat)
    assert clean_name(once, seat) == once
    assert 0 < len(once) <= 24 and once == once.strip()
    assert all(ord(c) >= 32 and c != "\x7f" for c in once)


def test_a_crafted_unclean_name_makes_no_sense():
    """Decoding enforces clean names: a sealed link with a raw one is refused."""
    anchor = CHAINS[0].anchor
    for raw in [b"A\x00nn", b"Player 1", b"x" * 30, b" Ann", b"\xff"]:
        data = bytes([0, 1, 1, len(raw)]) + raw + anchor
        with pytest.raises(RecordError) as err:
            decode(seal(f"p1.tyrus.{b64(data)}."))
        assert str(err.value) == NONSENSE, raw
    assert decode(seal(f"p1.tyrus.{b64(bytes([0, 1, 1, 3]) + b'Ann' + anchor)}.")) \
        == Record("tyrus", (Seat("Ann", anchor),))


# The record's own checks and the game id.

def test_records_refuse_impossible_contents():
    anchor = CHAINS[0].anchor
    bad = [lambda: Record("Tyrus", (Seat("a", anchor),)),
           lambda: Record("tyrus", (Seat("a"),)),
           lambda: Record("tyrus", (Seat("a", anchor),) * 9),
           lambda: Record("tyrus", (Seat("a", anchor),), moves="A!"),
           lambda: Record("tyrus", (Seat("a", anchor),), {"Bad Key": "x"}),
           lambda: Record("tyrus", (Seat("a", anchor, tag_moves=3, tag=b"t" * 8),), moves="AB"),
           lambda: Seat("a", anchor, index=3),
           lambda: Seat("a", anchor, index=256, value=anchor),
           lambda: Seat("a", seed=anchor),
           lambda: Seat("a", anchor[:12])]
    for make in bad:
        with pytest.raises(ValueError):
            make()


def test_game_id_depends_on_creation_data_and_creator_anchor():
    base = created()
    assert base.game_id == finished().game_id, "moves and later seats do not change the id"
    assert base.context == CTX
    other_creator = replace(base, seats=(Seat("Ann", CHAINS[1].anchor), Seat()))
    with_option = replace(base, options={"variant": "fr"})
    three = replace(base, seats=base.seats + (Seat(),))
    ids = {r.game_id for r in (base, other_creator, with_option, three)}
    assert len(ids) == 4


# Merging.

def at_move(count: int) -> Record:
    """The finished game cut back to its first `count` move pairs, chains at `count`."""
    moves = "Ab" * count
    seats = tuple(Seat(s.name, s.anchor, count, CHAINS[n].value(count) if count else b"")
                  for n, s in enumerate(finished().seats))
    return Record("tyrus", seats, {}, moves)


def test_merge_statuses():
    early, late = at_move(10), at_move(12)
    assert merge(early, late) == (late, "advanced")
    assert merge(late, early) == (late, "older")
    assert merge(late, at_move(12)) == (late, "same")
    assert merge(created(), at_move(0)) == (at_move(0), "advanced"), "the second seat joined"
    stranger = Record("tyrus", (Seat("Ann", CHAINS[1].anchor), Seat()))
    assert merge(late, stranger) == (late, "foreign")


def test_merge_sees_divergence():
    late = at_move(12)
    rewritten = replace(late, moves=late.moves[:-1] + "c")
    assert merge(late, rewritten) == (late, "diverged")
    false_value = replace(late, seats=(replace(late.seats[0], index=13), late.seats[1]))
    assert merge(late, false_value) == (late, "diverged"), "chain value does not hash down"
    renamed = replace(late, seats=(replace(late.seats[0], name="Mallory"), late.seats[1]))
    assert merge(late, renamed) == (late, "diverged")
    other_seed = replace(late, seats=(replace(late.seats[0], seed=b"s" * 16), late.seats[1]))
    mine = replace(late, seats=(replace(late.seats[0], seed=CHAINS[0].seed), late.seats[1]))
    assert merge(mine, other_seed) == (mine, "diverged")


def test_merge_combines_seeds_revealed_at_the_same_time():
    """At the end both seats reveal at once: each copy has one seed, the merge has both."""
    end = at_move(12)
    mine = replace(end, seats=(replace(end.seats[0], seed=CHAINS[0].seed), end.seats[1]))
    theirs = replace(end, seats=(end.seats[0], replace(end.seats[1], seed=CHAINS[1].seed)))
    kept_mine, kept_theirs = replace(mine), replace(theirs)
    merged, status = merge(mine, theirs)
    assert status == "advanced"
    assert [s.seed for s in merged.seats] == [CHAINS[0].seed, CHAINS[1].seed]
    assert mine == kept_mine and theirs == kept_theirs, "inputs are left alone"


def test_copies_that_share_an_open_seat_merge():
    """A seat open in both copies contradicts nothing: an invitation merges with itself."""
    from parlor.links.fairplay import Chain, new_seed
    from parlor.links.record import Record, Seat, game_context, merge
    ctx = game_context("tsuro", {}, 3)
    created = Record("tsuro", (Seat("Ann", Chain(ctx, 0, new_seed()).anchor), Seat(), Seat()))
    one = Record("tsuro", (created.seats[0], Seat("Bob", Chain(ctx, 1, new_seed()).anchor), Seat()))
    assert merge(created, created) == (created, "same")
    assert merge(created, one) == (one, "advanced")
    assert merge(one, created) == (one, "older")


def test_signed_seat_data_round_trips_and_two_signatures_for_one_message_diverge():
    """Format 2 (seeds/fair-play.md F12): a joined seat carries its public key, a seat that
    sent a message its signature, a claim its own; merging treats signatures like history
    tags."""
    from parlor.links.fairplay import public_key, sign
    from parlor.links.record import SIGNED, seat_statement
    ctx = game_context("tyrus", {}, 2, SIGNED)
    assert ctx != CTX, "no chain value of a signed game fits an unsigned copy"
    seeds = [derive(b"record seeds", seat)[:16] for seat in range(2)]
    chains = [Chain(ctx, seat, seed) for seat, seed in enumerate(seeds)]
    open_game = Record("tyrus", tuple(Seat(name, c.anchor, key=public_key(s))
                                      for name, c, s in zip(["Ann", "Bob"], chains, seeds)),
                       version=SIGNED)

    def sent(record, seat, moves, index, claim=False):
        data = replace(record.seats[seat], index=index, value=chains[seat].value(index),
                       tag_moves=0 if claim else len(moves), claim=claim)
        data = replace(data, signature=sign(seeds[seat], seat_statement(
            record.game_id, moves, seat, data)) if data.message_index else b"",
            end_signature=sign(seeds[seat], seat_statement(record.game_id, moves, seat, data,
                                                           True)) if claim else b"")
        return replace(record, moves=moves, seats=tuple(
            data if n == seat else s for n, s in enumerate(record.seats)))

    one = sent(open_game, 0, "Ab", 1)
    other = sent(open_game, 0, "Ac", 1)
    claimed = sent(one, 1, "Ab", 1, claim=True)       # seat 1 claims before its first move
    for record in (open_game, one, claimed):
        text = encode(record)
        assert text.startswith("p2.") and decode(text) == record
    assert len(unb64(encode(one).split(".")[2])) - len(unb64(encode(open_game).split(".")[2])) \
        == 1 + 16 + 64 + 2, "index, chain value, signature and covered length"
    assert merge(one, other)[1] == "diverged", "two signatures for one message"
    assert merge(open_game, one) == (one, "advanced") and merge(one, open_game) == (one, "older")
    swapped = replace(one, seats=(replace(one.seats[0], key=public_key(seeds[1])), one.seats[1]))
    assert merge(one, swapped)[1] == "diverged", "another key for a seat"
    with pytest.raises(ValueError):         # a signed seat without its signature
        replace(one, seats=(replace(one.seats[0], signature=b""), one.seats[1]))
    with pytest.raises(ValueError):         # keys in a format-1 record
        Record("tyrus", open_game.seats)
