"""Issue 10, item 1 and 3: clocks per move and forfeit claims by link, in every game.

Each device has its own clock (`LinkStore.clock`), set by the test. A claim is offered only
when another seat owes a message and its time, counted on the claimant's device from when
it came to hold the position, has run out; the end never reads "Verified fair" then.
"""

import pytest

from parlor.links import device as linkplay, standing
from parlor.links.clock import DAY, days_of
from parlor.links.record import encode
from parlor.play.saves import MemoryBackend
from parlor.screens import link as link_screens
from parlor.screens.status import link_status

import linktools

T0 = 1_800_000_000.0
CASES = [("tyrus", 2, {}), ("tyrannen", 2, {}), ("tsuro", 2, {}), ("tsuro", 3, {"players": 3})]
IDS = [f"{g}-{n}p" for g, n, _ in CASES]


class Time:
    """A device's clock the test moves by hand."""

    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now


class Table:
    """The devices of one game by link: each its own store and clock; links delivered by hand."""

    def __init__(self, game, players, options, days=3):
        self.times = [Time() for _ in range(players)]
        self.stores = [linkplay.LinkStore(MemoryBackend(), t) for t in self.times]
        self.sessions = [linkplay.create(self.stores[0], game, "Ana",
                                         {**options, "clock": days}, seed=bytes(15) + b"\1")]
        for n in range(1, players):
            held, _ = linkplay.open_link(self.stores[n], encode(self.sessions[-1].record))
            session = linkplay.LinkSession(held, self.stores[n])
            session.join(f"P{n}", seed=bytes(15) + bytes([n + 1]))
            self.sessions.append(session)
        self.send(players - 1)
        if self.sessions[0].record.grouped:     # the creator's device started it: seats known
            self.send(0)
            self.sessions, self.stores, self.times = linktools.by_seat(
                self.sessions, self.stores, self.times)

    def send(self, sender, to=None):
        """Deliver the sender's latest link to the others (or to `to`)."""
        text = encode(self.sessions[sender].record)
        for n, session in enumerate(self.sessions):
            if n != sender and (to is None or n in to):
                held, note = linkplay.open_link(self.stores[n], text)
                self.sessions[n] = linkplay.LinkSession(held, self.stores[n], notice=note)

    def mover(self):
        return next(n for n, s in enumerate(self.sessions) if s.my_turn())

    def take_turn(self, n):
        """Seat n plays first legal actions until its message is sent (a Tod dem Tyrannen turn
        is several actions in one message)."""
        for _ in range(60):
            self.sessions[n].act(self.sessions[n].legal()[0])
            if not self.sessions[n].my_turn():
                return
        raise AssertionError("the turn did not end")

    def play_until_owed(self, least=2):
        """Play first legal actions, delivered to everyone, until at least `least` messages
        are out and a seat owes a move or a reveal; the last sender and the debtor."""
        for count in range(400):
            n = self.mover()
            self.take_turn(n)
            self.send(n)
            owing = self.sessions[n].protocol.owing(self.sessions[n].record)
            if count + 1 >= least and owing is not None and owing != n:
                return n, owing
        raise AssertionError("nobody came to owe a message")

    def play_to_end(self):
        for _ in range(2000):
            protocol, record = self.sessions[0].protocol, self.sessions[0].record
            if protocol.phase(record) == protocol.OVER:
                return
            n = self.mover()
            self.take_turn(n)
            self.send(n)
        raise AssertionError("the game did not end")


@pytest.mark.parametrize("game,players,options", CASES, ids=IDS)
def test_a_claim_is_offered_only_when_the_debtors_time_ran_out_on_the_claimants_device(
        game, players, options):
    table = Table(game, players, options)
    sender, debtor = table.play_until_owed()
    claimant = table.sessions[sender]
    assert days_of(claimant.record) == 3
    table.times[sender].now = T0 + 3 * DAY - 60
    assert not standing.may_claim(claimant.held, claimant.now()), "an instant forfeit"
    claimant.claim_forfeit()
    assert claimant.protocol.claim_of(claimant.record) is None and "No forfeit" in claimant.notice
    page = link_screens.link_screen(claimant, "https://x/", False, False)
    assert "Clock: 3 days per move" in page and "1 min left" in page
    assert "Claim a forfeit" not in page
    table.times[sender].now = T0 + 3 * DAY
    assert standing.may_claim(claimant.held, claimant.now())
    assert "claim a forfeit" in link_status(claimant.held, claimant.now())
    assert "Claim a forfeit" in link_screens.link_screen(claimant, "https://x/", False, False)
    assert not standing.may_claim(table.sessions[debtor].held, T0 + 30 * DAY), \
        "the seat that owes may never claim"
    claimant.claim_forfeit()
    assert claimant.protocol.claim_of(claimant.record) == (sender, debtor)
    text, kind = standing.verdict(claimant.held, claimant.now())
    name = claimant.names[debtor]
    assert text == f"Won by forfeit: {name} did not answer in 3 days." and kind == "forfeit"
    page = link_screens.link_screen(claimant, "https://x/", False, False)
    assert "Verified fair" not in page and "did not answer in 3 days" in page
    assert link_status(claimant.held, claimant.now()) == text


@pytest.mark.parametrize("game,players,options", CASES, ids=IDS)
def test_the_clock_counts_from_when_this_device_sent_or_received_the_position(
        game, players, options):
    """Bo's device received the position a day after Ana sent it: Bo's own clock for the
    next seat starts then, and Ana's from her send."""
    table = Table(game, players, options)
    table.times[0].now = T0
    sender, debtor = table.play_until_owed()
    held = table.sessions[sender].held
    assert held.since == T0
    table.times[sender].now = T0 + DAY
    left = standing.time_left(held, T0 + DAY)
    assert left == 2 * DAY


@pytest.mark.parametrize("game,players,options", CASES, ids=IDS)
def test_a_claim_that_arrives_with_the_move_that_made_my_move_due_does_not_count(
        game, players, options):
    table = Table(game, players, options)
    sender, debtor = table.play_until_owed(least=1)
    # The debtor's device never got that last link; the claim brings it along.
    n = table.mover()
    table.take_turn(n)
    table.send(n, to=[m for m in range(players) if m != table.sessions[n].protocol.owing(
        table.sessions[n].record)])
    owing = table.sessions[n].protocol.owing(table.sessions[n].record)
    claimant = table.sessions[n]
    table.times[n].now = T0 + 7 * DAY
    claimant.claim_forfeit()
    assert claimant.protocol.claim_of(claimant.record) == (n, owing)
    held, note = linkplay.open_link(table.stores[owing], encode(claimant.record))
    assert note == linkplay.CLAIM_NOT_COUNTED
    late = linkplay.LinkSession(held, table.stores[owing])
    assert late.my_turn() and late.legal(), "it may still answer"
    late.act(late.legal()[0])
    with pytest.raises(linkplay.LinkProblem, match="claim stands"):
        linkplay.open_link(table.stores[n], encode(late.record))
    assert claimant.protocol.claim_of(table.stores[n].get(late.record.game_id).record)
    # A device that held the position takes the claim once its own clock says the time ran
    # out (issue 24, class 2: a claimant whose clock runs ahead does not decide it).
    other = Table(game, players, options)
    s, d = other.play_until_owed()
    other.times[s].now = T0 + 3 * DAY
    other.sessions[s].claim_forfeit()
    claim = encode(other.sessions[s].record)
    other.times[d].now = T0 + 3 * DAY - 3600
    held, note = linkplay.open_link(other.stores[d], claim)
    assert note == linkplay.CLAIM_NOT_COUNTED and not other.sessions[s].protocol.claim_of(
        held.record)
    other.times[d].now = T0 + 3 * DAY
    held, _ = linkplay.open_link(other.stores[d], claim)
    assert other.sessions[s].protocol.claim_of(held.record) == (s, d)
    assert not linkplay.LinkSession(held, other.stores[d]).legal()


def test_without_a_clock_no_forfeit_is_ever_offered():
    table = Table("tyrus", 2, {}, days=0)
    sender, _ = table.play_until_owed()
    held = table.sessions[sender].held
    assert not standing.may_claim(held, T0 + 365 * DAY)
    assert "no clock" in link_screens.join_clock(held.record)


def test_the_invitation_shows_the_clock():
    invite = linkplay.create(linkplay.LinkStore(MemoryBackend()), "tyrus", "Ana",
                             {"clock": 7}).record
    held, _ = linkplay.open_link(linkplay.LinkStore(MemoryBackend()), encode(invite))
    session = linkplay.LinkSession(held, linkplay.LinkStore(MemoryBackend()))
    assert "7 days per move" in link_screens.share_text(session)
    assert "Clock: 7 days per move" in link_screens.link_screen(session, "https://x/", False, False)


@pytest.mark.parametrize("game,players,options", [c for c in CASES if c[1] == 2],
                         ids=[i for i, c in zip(IDS, CASES) if c[1] == 2])
def test_a_missing_seed_is_not_yet_verified_then_a_forfeit_once_its_time_ran_out(
        game, players, options):
    """Issue 10 (3): a winner who never publishes its seed keeps no verified win."""
    table = Table(game, players, options)
    table.play_to_end()
    protocol = table.sessions[0].protocol
    owing = protocol.to_move(table.sessions[0].record)
    assert owing, "at least one seed is still due when the game ends"
    keeper = next(n for n in range(players) if n not in owing)
    held = table.sessions[keeper].held
    text, kind = standing.verdict(held, held.since + DAY)
    assert kind == "pending" and text.startswith("Not yet verified") and "2 days left" in text
    text, kind = standing.verdict(held, held.since + 3 * DAY)
    name = held.record.seats[owing[0]].name
    assert kind == "forfeit" and f"counts as a forfeit by {name}" in text
    assert "Verified fair" not in link_screens.link_screen(
        linkplay.LinkSession(held, table.stores[keeper]), "https://x/", False, False)
    for n in owing:
        table.sessions[n].act(protocol.SEED)
        table.send(n)
    held = table.sessions[keeper].held
    assert standing.verdict(held, held.since + 30 * DAY) == (standing.FAIR, "fair")


def test_a_claim_in_the_link_that_gives_a_damaged_seat_back_is_not_counted():
    """I5 with F9a: a device whose copy was damaged does not know since when it held the
    position, so the claim against it in the link that gives its seat back counts as if
    the position had come now: it may still answer."""
    table = Table("tyrus", 2, {})
    sender, debtor = table.play_until_owed()
    table.times[sender].now = T0 + 3 * DAY
    table.sessions[sender].claim_forfeit()
    claim = encode(table.sessions[sender].record)
    debtor_store = table.stores[debtor]
    key = table.sessions[debtor].held.key
    debtor_store.backend.set(key, debtor_store.backend.get(key).replace('"link":"p', '"link":"x'))
    table.times[debtor].now = T0 + 30 * DAY
    held, note = linkplay.open_link(debtor_store, claim)
    assert held.seat == debtor and "seat in it is back" in note
    assert "your time has not run out" in note
    assert not held.record.seats[sender].claim and standing.verdict(held, T0 + 30 * DAY)[0] == ""
    assert table.sessions[debtor].protocol.to_move(held.record) == (debtor,)
