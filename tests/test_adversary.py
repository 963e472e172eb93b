"""The adversary model's quick profile (tests/adversary.py): random walks over all four games,
every invariant of seeds/fair-play.md checked after every step. The long run is
bench/adversary.py."""
import pytest

import adversary

WALKS = 8            # per game
STEPS = 80


@pytest.mark.parametrize("game", sorted(adversary.GAMES))
@pytest.mark.parametrize("walk", range(WALKS))
def test_no_step_of_an_adversarial_walk_breaks_an_invariant(game, walk):
    found = adversary.Walk(1000 * walk + len(game), game, STEPS).run()
    assert found is None, adversary.report(found, 1000 * walk + len(game), game, STEPS)


@pytest.mark.parametrize("walk", range(2))
def test_keepers_answering_one_posted_link_in_any_order_break_no_invariant(walk):
    """Tyros (seeds/tyros.md YL10): walks that start where every keeper keeps from the same
    posted link, the honest ones through the app, the adversary's as it likes."""
    found = adversary.Walk(7000 + walk, "tyros", STEPS, keeps=True).run()
    assert found is None, adversary.report(found, 7000 + walk, "tyros", STEPS, keeps=True)


def play(world, phone, tab=0):
    """The phone's player makes one legal move through the app; the link it sends."""
    session = world.phones[phone].tabs[tab].session
    before = session.record
    session.act(session.legal()[0])
    world.remember_sent(world.phones[phone], before, session.record, session.store)
    return adversary.encode(session.record)


def deliver(world, text, phones):
    for number in phones:
        tab = world.phones[number].tabs[0]
        held, _note = adversary.linkplay.open_link(tab.store, text)
        tab.session = adversary.LinkSession(held, tab.store)


@pytest.mark.parametrize("legacy", [True, False], ids=["format-1", "signed"])
def test_a_message_forged_from_public_data_is_caught_by_i4_or_refused_on_arrival(legacy):
    """Class 3 of issue 24 through the model's own pieces: Cy's real move reaches Ana, not
    Bo; someone who saw it forges another move with the chain value it shows and sends that
    to Bo. In a game of format 1 Bo's phone takes it, and I4 says so (the check can fail);
    in a signed game it is refused on arrival and every invariant holds."""
    walk = adversary.Walk(7, "tsuro", 0, legacy=legacy)
    world = walk.world
    walk.start()
    latest = world.chat[-1]
    for phone in (1, 2):
        deliver(world, latest, [phone])
        session = world.phones[phone].tabs[0].session
        session.join(adversary.NAMES[phone], seed=world.new_seed())
        world.joins[phone][session.record.game_id] = (session.held.seed, False)
        latest = adversary.encode(session.record)
        deliver(world, latest, [p for p in range(3) if p != phone])
    if not legacy:                      # format 3: the creator's phone started it; post that
        latest = adversary.encode(world.phones[0].tabs[0].session.record)
        deliver(world, latest, [1, 2])
    adversary.check(world)              # the joins become seats (check_joins)
    while True:
        mover = next(p for p in range(3) if world.phones[p].tabs[0].session.my_turn())
        base = world.phones[mover].tabs[0].session.record
        text = play(world, mover, 0)
        bystander = (mover + 2) % 3
        if not world.phones[mover].tabs[0].session.my_turn():
            break
    deliver(world, text, [(mover + 1) % 3])
    forged = None
    for attempt in range(200):
        world.rng.seed(attempt)
        forged = adversary.forged(world, base, [base, adversary.decode(text)])
        if forged and adversary.decode(forged).moves != adversary.decode(text).moves:
            break
    assert forged, "no forgery that any device would read"
    store = world.phones[bystander].tabs[0].store
    if legacy:
        adversary.linkplay.open_link(store, forged)
        with pytest.raises(adversary.Violation, match="I4"):
            adversary.check(world)
    else:
        with pytest.raises(adversary.LinkProblem, match="altered"):
            adversary.linkplay.open_link(store, forged)
        adversary.check(world)


def test_every_invariant_of_the_fair_play_page_is_checked_by_the_model():
    """seeds/fair-play.md's invariants I1.. each have their check in tests/adversary.py."""
    import re
    from pathlib import Path
    repo = Path(__file__).resolve().parent.parent
    page = (repo / "seeds" / "fair-play.md").read_text(encoding="utf-8")
    model = (repo / "tests" / "adversary.py").read_text(encoding="utf-8")
    rules = re.findall(r"^- \*\*I(\d+) ", page, re.M)
    assert len(rules) >= 9
    assert [n for n in rules if f'Violation("I{n}"' not in model] == []


def test_i11_friends_joining_one_invitation_are_seated_by_the_rule_and_the_check_can_fail(
        monkeypatch):
    """Two friends join a Tsuro invitation for three from the chat, each from the
    invitation itself; the creator's phone opens both joins and starts: both are seated, in
    the rule's order, on every phone (I11). A creator's app that leaves out a friend while a
    seat is left is caught."""
    def run():
        seed = next(n for n in range(100) if adversary.Walk(n, "tsuro", 0).world.players == 3
                    and all(p.honest for p in adversary.Walk(n, "tsuro", 0).world.phones))
        walk = adversary.Walk(seed, "tsuro", 0)
        world = walk.world
        walk.start()
        invite = world.chat[-1]
        joins = []
        for phone in (2, 1):                        # any order, from the invitation alone
            deliver(world, invite, [phone])
            session = world.phones[phone].tabs[0].session
            session.join(adversary.NAMES[phone], seed=world.new_seed())
            world.joins[phone][session.record.game_id] = (session.held.seed, False)
            joins.append(adversary.encode(session.record))
        creator = world.phones[0].tabs[0]
        before = creator.store.readable(adversary.decode(invite).game_id)
        for text in joins:
            held, _note = adversary.linkplay.open_link(creator.store, text)
        world.starts[held.record.game_id] = (2, before.record.capacity, held.record.seats)
        deliver(world, adversary.encode(held.record), [1, 2])
        adversary.check(world)
        return world

    world = run()
    assert len(world.seats[1]) == len(world.seats[2]) == 1, "both joins became seats"
    from parlor.links import invitation
    real = invitation.start
    monkeypatch.setattr(invitation, "start", lambda record, seed, players:
                        real(record, seed, min(players, 2)))
    from parlor.links.base import LinkProtocol
    monkeypatch.setattr(LinkProtocol, "full", lambda self, record: len(record.joins) >= 2)
    with pytest.raises(adversary.Violation, match="I11"):
        run()


def test_i10_each_game_s_hook_sees_a_draw_its_own_move_showed_in_an_older_tier():
    """I10's hooks can fail: where an older tier let a seat's own move show it its draw, the
    game's hook names it, and in the current tier it names nothing (Tyros: the pass that
    deals the passer; Tsuro: the mover who plays again at once; Tyrus: a draw keyed at the
    start)."""
    import test_tsuro_link as tsuro
    import test_tyros_link as tyros
    import test_tyrus_link as tyrus
    from parlor.links import casual
    for maker, tier_note in ((tyros.FOURTH, True), (tyros.PROTOCOL, False)):
        record, seat, keys = tyros.before_own_deal(maker)
        after = maker.play(record, seat, keys[seat], tyros.PASS)
        early = adversary.OWN_DRAWS["tyros"](maker, record, after, seat, keys[seat], tyros.PASS)
        assert bool(early) == tier_note, maker.tier
    for tier, shown in ((casual.SHARES, True), (casual.HELPED, False)):
        maker, keys, joined, moved = tsuro.rigged(tier)
        early = adversary.OWN_DRAWS["tsuro"](maker, joined, moved, 0, keys[0], None)
        assert bool(early) == shown, tier
    for tier, shown in ((tyrus.tyrus_link.FIRST, True), (tyrus.tyrus_link.KEYED, False)):
        game = tyrus.played(0, tier)
        k = next(n for n, (_seat, action) in enumerate(game.actions) if action == "reveal")
        seat = game.actions[k][0]
        before, after = (adversary.decode(game.links[n]) for n in (k + 1, k + 2))
        early = adversary.OWN_DRAWS["tyrus"](tyrus.link, before, after, seat, game.seeds[seat],
                                             "reveal")
        assert bool(early) == shown, tier
