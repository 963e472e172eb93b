"""Links made by released versions keep opening: a frozen corpus per game and record format.

tests/corpus/<game>-links-v<N>.json holds real links written by format N: every phase, private
seat links, finished games with and without every seed, and damaged links. Each case keeps
what the code of its time made of it (phase, seats to move, messages read, the error, digests
of the views and legal actions, the audit's verdict, what opening it on a new device said).
When the format changes, add a new corpus file and keep the old ones; so too when a game changes
what its links mean within a format (tsuro-links-v1-late-draws.json: Tsuro's tier casual-2;
tyros-links-v1-start-round.json: Tyros's tier casual-3; *-links-v1-shares.json: the tier
casual-4 of both; tyros-links-v1-own-shares.json: Tyros's tier casual-5;
tsuro-links-v2-help.json: Tsuro's tier casual-6; tyrus-links-v2-keyed-draws.json: Tyrus's
format trustless-2). A rule that only
widened what is legal is taken out of the legal digest (offers_as_they_were: Tyros's offers in
any colours). A rule that hides more in one phase is checked against the engine as it was in
that phase only (keeps_shown_at_once: Tyros's D33).
"""
import hashlib
import json
from pathlib import Path

import pytest

from parlor import catalog
from parlor.links import device as linkplay
from parlor.links import record as records
from parlor.links.fairplay import unb64
from parlor.play.saves import MemoryBackend

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*-links-v*.json"))
CASES = [(path.name, case) for path in CORPUS for case in json.loads(path.read_text())["links"]]


# View keys added after a corpus was written. They say what a hand lacks for now (hands not
# dealt, draws not fixed) and never change what a view shows, so the digests leave them out.
ADDED_LATER = ("undealt", "waiting")


def offers_as_they_were(view: dict, actions: list) -> list:
    """Tyros's actions without the offers D17 has allowed since the corpora were written (four
    colours given, a colour both given and asked): the corpora hold the older digest, so the
    actions only grew by those offers."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "offer" or any(pending["ask"]):
        return actions
    give = pending["give"]
    if not any(give):
        return [a for a in actions if not hasattr(a, "counts") or 0 in a.counts]
    return [a for a in actions if not hasattr(a, "counts")
            or not any(n and g for n, g in zip(a.counts, give))]


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def view_digest(view: dict) -> str:
    return digest({key: value for key, value in view.items() if key not in ADDED_LATER})


def observe(game: str, fragment: str) -> dict:
    """What this version makes of a link, in the corpus's terms."""
    protocol = linkplay.protocol_for(game)
    seat = seed = None
    text = fragment
    if fragment.startswith(linkplay.SEAT_LINK + "."):
        _, seat_text, seed_text, text = fragment.split(".", 3)
        seat, seed = int(seat_text), unb64(seed_text)
    out = {}
    try:
        record = records.decode(text)
    except records.RecordError as err:
        out["record_error"] = str(err)
    else:
        result = protocol.replay(record)
        out["messages"] = result.applied
        out["error"] = None if result.ok else str(result.error)
        if result.ok:
            out["phase"] = protocol.phase(record)
            out["to_move"] = list(protocol.to_move(record))
        try:
            out["view"] = view_digest(protocol.view(record))
        except Exception as err:      # noqa: BLE001 - the corpus keeps the message
            out["view"] = "error: " + str(err)
        if seat is not None and result.ok:
            out["seat_view"] = view_digest(protocol.view(record, seat, seed))
            actions = protocol.legal(record, seat, seed)
            if game == "tyros":
                actions = offers_as_they_were(protocol.view(record, seat, seed), actions)
            out["legal"] = digest([repr(a) for a in actions])
        if result.ok and protocol.phase(record) == "over":
            verdict = protocol.audit(record)
            out["audit"] = {"ok": verdict.ok, "move": verdict.move, "reason": verdict.reason}
    try:
        held, note = linkplay.open_link(linkplay.LinkStore(MemoryBackend()), fragment)
        out["open"] = {"note": note, "seat": held.seat}
    except linkplay.LinkProblem as err:
        out["open"] = {"problem": str(err)}
    return out


def test_there_is_a_corpus_for_every_released_format_of_every_game():
    found = {(json.loads(p.read_text())["game"], json.loads(p.read_text())["format"])
             for p in CORPUS}
    games = {e.key for e in catalog.GAMES}
    assert found == {(g, f) for g in games for f in range(1, records.FORMAT_VERSION + 1)}


def keeps_shown_at_once(monkeypatch) -> None:
    """Tyros as the corpora were written: a kept hand's discards shown at once (D27), where
    D33 now hides them until every player has kept. Only views in the middle of a keep round
    differ; the hands, discards and deal after it are the same (tests/test_tyros.py, D33)."""
    from parlor.games.tyros import rules
    keep = rules._keep
    monkeypatch.setattr(rules, "_keep", lambda state, seat, kept: rules._discard_kept(
        keep(state, seat, kept)))
    protocol = linkplay.protocol_for("tyros")
    protocol._memo.clear(), protocol._read.clear()


@pytest.mark.parametrize("name,case", CASES, ids=[f"{n}:{c['label']}" for n, c in CASES])
def test_an_old_link_still_opens_to_the_same_game(name, case, monkeypatch):
    game = name.split("-links-")[0]
    if game == "tyros" and case["expect"].get("phase") == "keep":
        keeps_shown_at_once(monkeypatch)
    try:
        assert observe(game, case["link"]) == case["expect"]
    finally:
        if game == "tyros":
            protocol = linkplay.protocol_for("tyros")
            protocol._memo.clear(), protocol._read.clear()
