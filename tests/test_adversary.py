"""The adversary model's quick profile (tests/adversary.py): random walks over all four games,
every invariant of seeds/fair-play.md checked after every step. The long run is
bench/adversary.py."""
import pytest

import adversary

WALKS = 6            # per game
STEPS = 60


@pytest.mark.parametrize("game", sorted(adversary.GAMES))
@pytest.mark.parametrize("walk", range(WALKS))
def test_no_step_of_an_adversarial_walk_breaks_an_invariant(game, walk):
    found = adversary.Walk(1000 * walk + len(game), game, STEPS).run()
    assert found is None, adversary.report(found, 1000 * walk + len(game), game, STEPS)
