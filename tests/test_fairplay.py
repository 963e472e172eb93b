"""The fair-play layer: reveal chains, shared draws, hidden choices, subsets and the audit."""
from collections import Counter
from itertools import combinations
from math import comb, sqrt

import pytest

from parlor.links.fairplay import (CHAIN_LENGTH, Chain, b64, check_seeds, derived, draw_index,
                                   event_random, hide, history_tag, new_seed, pad, rank_subset,
                                   reveal, seed_matches_anchor, transcript_hash, unb64,
                                   unrank_subset, verify_step)
from parlor.engine.rng import derive

CTX = derive(b"test", "ctx")[:16]


def seed_for(*label) -> bytes:
    return derive(b"seeds", *label)[:16]


def chi_square_ok(counts: Counter, bins: int) -> bool:
    """Whether counts over range(bins) look uniform (a loose bound: false alarms ~never)."""
    total = sum(counts.values())
    expected = total / bins
    stat = sum((counts.get(b, 0) - expected) ** 2 / expected for b in range(bins))
    df = bins - 1
    return stat < df + 6 * sqrt(2 * df)


def test_chi_square_bound_has_power():
    """The uniformity checks below can fail: a byte taken mod 30 is caught."""
    biased = Counter(seed_for(i)[0] % 30 for i in range(12000))
    fair = Counter(draw_index(seed_for(i), 30) for i in range(12000))
    assert not chi_square_ok(biased, 30)
    assert chi_square_ok(fair, 30)


# Reveal chains.

def test_chain_links_each_value_to_the_one_below():
    chain = Chain(CTX, 1, seed_for("chain"))
    assert chain.value(CHAIN_LENGTH) == chain.seed and chain.value(0) == chain.anchor
    assert len({chain.value(i) for i in range(CHAIN_LENGTH + 1)}) == CHAIN_LENGTH + 1
    assert Chain(CTX, 1, seed_for("chain")).anchor == chain.anchor
    assert Chain(CTX, 0, seed_for("chain")).anchor != chain.anchor, "the seat is hashed in"
    with pytest.raises(ValueError):
        chain.value(CHAIN_LENGTH + 1)
    with pytest.raises(ValueError):
        Chain(CTX, 0, b"short")


def test_verify_step_accepts_a_true_later_value():
    chain = Chain(CTX, 0, seed_for("good"))
    assert verify_step(CTX, 0, 0, chain.anchor, 1, chain.value(1))
    assert verify_step(CTX, 0, 3, chain.value(3), 17, chain.value(17))
    assert verify_step(CTX, 0, 5, chain.value(5), 5, chain.value(5)), "re-sending is fine"
    assert seed_matches_anchor(CTX, 0, chain.seed, chain.anchor)


def test_verify_step_rejects_wrong_seat_index_context_and_direction():
    chain = Chain(CTX, 0, seed_for("bad"))
    other = Chain(CTX, 1, seed_for("bad"))
    assert not verify_step(CTX, 1, 0, chain.anchor, 4, chain.value(4)), "wrong seat"
    assert not verify_step(CTX, 0, 0, chain.anchor, 4, other.value(4)), "other seat's chain"
    assert not verify_step(CTX, 0, 0, chain.anchor, 5, chain.value(4)), "wrong index"
    assert not verify_step(CTX, 0, 0, chain.anchor, 3, chain.value(4)), "wrong index"
    assert not verify_step(seed_for("ctx"), 0, 0, chain.anchor, 4, chain.value(4)), "context"
    assert not verify_step(CTX, 0, 6, chain.value(6), 4, chain.value(4)), "backwards"
    assert not verify_step(CTX, 0, 6, chain.value(6), 4, chain.value(6)), "backwards, old value"
    assert not verify_step(CTX, 0, 0, chain.anchor, CHAIN_LENGTH + 1, b"\0" * 16), "too far"
    assert not verify_step(CTX, 0, 0, chain.anchor, 2, chain.value(2)[:12]), "short value"
    assert not seed_matches_anchor(CTX, 0, other.seed, other.anchor), "seat mismatch"
    assert not seed_matches_anchor(CTX, 0, seed_for("else"), chain.anchor)


# Shared randomness.

def test_event_random_depends_on_event_and_every_seat_in_order():
    a, b = seed_for("a"), seed_for("b")
    base = event_random(CTX, "card/1", [a, b])
    assert len(base) == 32 and base == event_random(CTX, "card/1", [a, b])
    assert base != event_random(CTX, "card/2", [a, b])
    assert base != event_random(CTX, "card/1", [b, a])
    assert base != event_random(CTX, "card/1", [a, seed_for("c")])


def test_draw_index_is_unbiased():
    """A draw over 200 cards: taking a byte mod 200 would double half the cards."""
    for n in (200, 6, 7):
        counts = Counter(draw_index(derive(b"events", i), n) for i in range(60 * n))
        assert set(counts) <= set(range(n))
        assert chi_square_ok(counts, n), n
    biased = Counter(derive(b"events", i)[0] % 200 for i in range(12000))
    assert not chi_square_ok(biased, 200)


def test_draw_index_needs_a_positive_range():
    with pytest.raises(ValueError):
        draw_index(b"r" * 32, 0)


# Hidden choices.

def test_hidden_choice_round_trips():
    seed = seed_for("hide")
    for m in (1, 2, 30, 220):
        for choice in {0, m // 2, m - 1}:
            for label in ("place/3", ("place", 4), 7):
                published = hide(choice, seed, label, m)
                assert 0 <= published < m
                assert reveal(published, seed, label, m) == choice
    with pytest.raises(ValueError):
        hide(30, seed, "x", 30)
    with pytest.raises(ValueError):
        reveal(-1, seed, "x", 30)


def test_published_value_is_uniform_whatever_the_choice():
    """The public value says nothing about the choice: uniform over m for random seeds.

    With m = 220 (the assassins' subsets) a pad taken as one byte mod m would fail.
    """
    for m, choice in [(30, 0), (30, 17), (220, 100)]:
        counts = Counter(hide(choice, seed_for("uniform", i), "tile", m) for i in range(60 * m))
        assert chi_square_ok(counts, m), (m, choice)


def test_pads_differ_by_label_and_seed():
    seed = seed_for("pads")
    pads = {pad(seed, ("tile", i), 1 << 30) for i in range(50)}
    assert len(pads) == 50
    assert pad(seed, "x", 1 << 30) != pad(seed_for("other"), "x", 1 << 30)
    assert derived(seed, "bag") != derived(seed, "deck") != derived(seed_for("x"), "deck")


def test_history_tag_is_8_bytes_bound_to_seed_and_transcript():
    seed = seed_for("tag")
    t1, t2 = transcript_hash(b"id", "ABCD"), transcript_hash(b"id", "ABCE")
    assert len(history_tag(seed, t1)) == 8
    assert history_tag(seed, t1) != history_tag(seed, t2)
    assert history_tag(seed, t1) != history_tag(seed_for("x"), t1)


# Subsets.

def test_subset_ranks_are_a_bijection_onto_range_comb():
    """3 assassins among 12 citizens: exactly the numbers 0..219, in colex order."""
    subsets = list(combinations(range(12), 3))
    ranks = [rank_subset(s, 12) for s in subsets]
    assert sorted(ranks) == list(range(comb(12, 3)))
    for subset, rank in zip(subsets, ranks):
        assert unrank_subset(rank, 3, 12) == subset
    assert rank_subset({2, 0, 1}, 12) == 0 and unrank_subset(219, 3, 12) == (9, 10, 11)
    assert rank_subset((0, 1, 3), 12) == 1, "colex: the largest element changes slowest"


def test_subset_rank_rejects_bad_input():
    for subset in [(1, 1, 2), (0, 5, 12), (-1, 2, 3)]:
        with pytest.raises(ValueError):
            rank_subset(subset, 12)
    with pytest.raises(ValueError):
        unrank_subset(220, 3, 12)


def test_base64url_is_strict_and_canonical():
    data = bytes(range(16))
    assert len(b64(data)) == 22 and unb64(b64(data)) == data
    assert len(b64(new_seed())) == 22
    for bad in ["AAE=", "A", "AB+/", "AAé", "AB"]:
        with pytest.raises(ValueError):
            unb64(bad)


# The audit's seed check.

def fair_seeds():
    seeds = [seed_for("audit", 0), seed_for("audit", 1)]
    return seeds, [Chain(CTX, seat, seed).anchor for seat, seed in enumerate(seeds)]


def test_audit_of_honest_seeds_finds_nothing_and_keeps_every_seed():
    seeds, anchors = fair_seeds()
    assert check_seeds(CTX, anchors, seeds) == ([], seeds)


def test_audit_catches_a_swapped_seed():
    seeds, anchors = fair_seeds()
    problems, fitting = check_seeds(CTX, anchors, [seeds[1], seeds[1]])
    assert [(p.check, p.seat, p.move) for p in problems] == [("seed", 0, None)]
    assert fitting == [None, seeds[1]]


def test_audit_catches_a_missing_seed():
    seeds, anchors = fair_seeds()
    problems, fitting = check_seeds(CTX, anchors, [seeds[0], None])
    assert [(p.check, p.seat) for p in problems] == [("seed", 1)]
    assert "did not reveal" in problems[0].detail and fitting == [seeds[0], None]
