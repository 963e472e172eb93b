"""Fair play without a server: commitments, shared randomness and the end-of-game audit.

Every player keeps a secret 16-byte seed on their own device. Nothing secret ever travels
in a link; what travels are hashes of the seed and values that are useless without it:

- Reveal chain: x[N] = seed and x[i-1] = SHA-256(framed "chain", ctx, seat, i, x[i]) cut
  to 16 bytes. The anchor x[0] is published when the player joins; each later message
  shows the next x[i], which anyone checks by hashing it down to a value already accepted.
- Event randomness: a hash of the event and every seat's latest chain value. All chains
  were fixed at join, so nobody can steer it; the seat concerned shows its fresh value in
  the same message, so nobody can foresee it.
- Hidden choice c in range(m): published as (c + pad) mod m, where the pad comes from the
  seed. It hides c completely and is opened at the audit.
- History check (format 1): 8 bytes keyed by the seed over a hash of the game so far;
  only the seed checks it, so nobody else can until the audit.
- Signature (format 2): an Ed25519 key pair made from the seed; the public key is published
  with the anchor, and every message, forfeit claim and resignation is signed over the game
  id, the seat, its chain index, its flags, the moves it covers and a hash of them. Anyone
  checks it on arrival, so nobody can write a message in another seat's name.
- Audit: at the end every seat reveals its seed; everyone checks it against the anchor and
  recomputes every hidden value and claim (see `Audit`).

All values are written in base64url without padding (`b64`), 22 characters for 16 bytes.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Sequence

from ..engine.rng import Stream, frame, derive
from ..i18n import _

SEED_BYTES = 16
VALUE_BYTES = 16
TAG_BYTES = 8
KEY_BYTES = 32
SIGNATURE_BYTES = 64
CHAIN_LENGTH = 256


def b64(data: bytes) -> str:
    """Bytes as base64url text without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    """The bytes of canonical unpadded base64url text; ValueError for anything else."""
    if not text.isascii() or "=" in text or len(text) % 4 == 1:
        raise ValueError("not base64url text")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except binascii.Error as err:
        raise ValueError("not base64url text") from err
    if b64(data) != text:
        raise ValueError("not canonical base64url text")
    return data


def new_seed() -> bytes:
    """A fresh secret seed for one player in one game."""
    return secrets.token_bytes(SEED_BYTES)


def digest(*parts) -> bytes:
    """SHA-256 of the parts (bytes, str or int), each framed with its length."""
    return hashlib.sha256(b"".join(frame(p) for p in parts)).digest()


def _label_parts(label) -> tuple:
    return label if isinstance(label, tuple) else (label,)


# Reveal chains.

def chain_step(ctx: bytes, seat: int, index: int, value: bytes) -> bytes:
    """x[index - 1] from x[index]."""
    return digest("chain", ctx, seat, index, value)[:VALUE_BYTES]


class Chain:
    """One seat's reveal chain, computed from its seed (kept only on that seat's device)."""

    def __init__(self, ctx: bytes, seat: int, seed: bytes):
        if len(seed) != SEED_BYTES:
            raise ValueError(f"a seed is {SEED_BYTES} bytes")
        values = [seed]
        for index in range(CHAIN_LENGTH, 0, -1):
            values.append(chain_step(ctx, seat, index, values[-1]))
        self.ctx, self.seat, self.seed = ctx, seat, seed
        self._values = tuple(reversed(values))

    @property
    def anchor(self) -> bytes:
        """x[0], the public commitment."""
        return self._values[0]

    def value(self, index: int) -> bytes:
        """x[index]; x[CHAIN_LENGTH] is the seed itself, shown only at the audit."""
        if not 0 <= index <= CHAIN_LENGTH:
            raise ValueError(f"chain index {index} is outside 0..{CHAIN_LENGTH}")
        return self._values[index]


def verify_step(ctx: bytes, seat: int, known_index: int, known_value: bytes,
                new_index: int, new_value: bytes) -> bool:
    """Whether new_value at new_index hashes down to the accepted known_value at known_index."""
    if not 0 <= known_index <= new_index <= CHAIN_LENGTH:
        return False
    if len(known_value) != VALUE_BYTES or len(new_value) != VALUE_BYTES:
        return False
    value = new_value
    for index in range(new_index, known_index, -1):
        value = chain_step(ctx, seat, index, value)
    return hmac.compare_digest(value, known_value)


def seed_matches_anchor(ctx: bytes, seat: int, seed: bytes, anchor: bytes) -> bool:
    """Whether a revealed seed is the top of the chain this seat committed to."""
    return verify_step(ctx, seat, 0, anchor, CHAIN_LENGTH, seed)


# Shared randomness.

def event_random(ctx: bytes, event_id, latest_values: Sequence[bytes]) -> bytes:
    """32 bytes for one random event, from every seat's latest chain value (in seat order)."""
    return digest("event", ctx, event_id, len(latest_values), *latest_values)


def draw_index(r: bytes, n: int) -> int:
    """A uniform index in range(n) from event randomness (rejection sampling, no bias)."""
    return Stream(r, "draw").below(n)


# Values private to one seat.

def derived(seed: bytes, label) -> bytes:
    """A 32-byte secret of this seat for `label` (a str, bytes, int or a tuple of them)."""
    return derive(seed, "derived", *_label_parts(label))


def pad(seed: bytes, label, m: int) -> int:
    """The uniform pad in range(m) that hides the choice named `label`."""
    return Stream(seed, "pad", *_label_parts(label)).below(m)


def hide(choice: int, seed: bytes, label, m: int) -> int:
    """The public form of a hidden choice in range(m): (choice + pad) mod m."""
    if not 0 <= choice < m:
        raise ValueError(f"choice {choice} is outside 0..{m - 1}")
    return (choice + pad(seed, label, m)) % m


def reveal(published: int, seed: bytes, label, m: int) -> int:
    """The choice behind a published value, given the seed."""
    if not 0 <= published < m:
        raise ValueError(f"published value {published} is outside 0..{m - 1}")
    return (published - pad(seed, label, m)) % m


def transcript_hash(game_id: bytes, moves: str) -> bytes:
    """A hash of the game so far: its id and its move string."""
    return digest("transcript", game_id, moves)


def history_tag(seed: bytes, transcript: bytes) -> bytes:
    """This seat's 8-byte check of a transcript hash."""
    return derive(seed, "history", transcript)[:TAG_BYTES]


# Signatures (format 2). python-ecdsa's Ed25519 (pure Python, RFC 8032, deterministic),
# imported on first use so that starting the app does not wait for it.

def _ed25519():
    from ecdsa import eddsa
    return eddsa


@lru_cache(maxsize=16)
def _private_key(seed: bytes):
    eddsa = _ed25519()
    return eddsa.PrivateKey(eddsa.generator_ed25519, derive(seed, "signing key"))


@lru_cache(maxsize=16)
def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of the key pair this seed makes."""
    return bytes(_private_key(seed).public_key().public_key())


def sign(seed: bytes, statement: bytes) -> bytes:
    """The seed's 64-byte signature of a statement."""
    return bytes(_private_key(seed).sign(statement))


@lru_cache(maxsize=64)
def _public(key: bytes):
    eddsa = _ed25519()
    return eddsa.PublicKey(eddsa.generator_ed25519, key)


@lru_cache(maxsize=256)
def signature_fits(key: bytes, statement: bytes, signature: bytes) -> bool:
    """Whether `signature` is the key's signature of `statement` (memoised: a seat's signature
    is checked once however many records carry it)."""
    if len(key) != KEY_BYTES or len(signature) != SIGNATURE_BYTES:
        return False
    try:
        return bool(_public(key).verify(statement, signature))
    except Exception:       # a malformed key or signature from a link: python-ecdsa raises
        return False        # ValueError or its own errors; either way it does not fit


def statement(game_id: bytes, seat: int, index: int, claim: bool, resigned: bool,
              covered: int, transcript: bytes) -> bytes:
    """What a seat signs: the game, the seat, its chain index, whether it claims a forfeit or
    resigns, and the length and hash of the moves it covers."""
    return digest("seat statement", game_id, seat, index, int(claim), int(resigned), covered,
                  transcript)


# Hidden k-subsets, e.g. 3 assassins among 12 citizens as one choice in range(comb(12, 3)).

def rank_subset(subset, n: int) -> int:
    """The colex rank of a set of distinct integers from range(n)."""
    items = sorted(subset)
    if len(set(items)) != len(items) or any(not 0 <= c < n for c in items):
        raise ValueError(f"{subset!r} is not a set of numbers from 0..{n - 1}")
    return sum(comb(c, i + 1) for i, c in enumerate(items))


def unrank_subset(rank: int, k: int, n: int) -> tuple[int, ...]:
    """The k-subset of range(n) whose colex rank is `rank`, in increasing order."""
    if not 0 <= k <= n or not 0 <= rank < comb(n, k):
        raise ValueError(f"no {k}-subset of {n} has rank {rank}")
    out = []
    top = n
    for size in range(k, 0, -1):
        top -= 1
        while comb(top, size) > rank:
            top -= 1
        out.append(top)
        rank -= comb(top, size)
    return tuple(reversed(out))


# The audit.

@dataclass(frozen=True)
class Problem:
    """One failed audit check."""

    check: str            # name of the check, e.g. "seed" or "face-down tile" (a code, not shown)
    seat: int
    move: int | None      # index of the move the check belongs to; None for the whole game
    detail: str           # one sentence for the players, translated: an audit is made when
                          # shown and never kept


def check_seeds(ctx: bytes, anchors: Sequence[bytes], seeds: Sequence[bytes | None],
                ids: Sequence | None = None) -> tuple[list[Problem], list[bytes | None]]:
    """The audit's first step: each revealed seed against its seat's anchor. The problems (a
    seed missing or not the top of its chain), and per seat the seed that fits (else None),
    from which a game's own audit recomputes every hidden value and claim. `ids`: what each
    seat's chain is keyed by (default: its seat number; record format 3: its key)."""
    if len(anchors) != len(seeds):
        raise ValueError("one seed (or None) per anchor")
    problems, fitting = [], []
    ids = range(len(anchors)) if ids is None else ids
    for seat, (anchor, seed, chain_id) in enumerate(zip(anchors, seeds, ids)):
        if seed is None:
            problems.append(Problem("seed", seat, None, _(
                "Seat {number} did not reveal its seed.").format(number=seat + 1)))
        elif not seed_matches_anchor(ctx, chain_id, seed, anchor):
            problems.append(Problem("seed", seat, None, _(
                "Seat {number} revealed a seed that does not match its anchor.").format(
                number=seat + 1)))
        fitting.append(seed if seed is not None
                       and seed_matches_anchor(ctx, chain_id, seed, anchor) else None)
    return problems, fitting
