"""How to play a game: the game's own short text (games/<key>/howto.py, in our words) with small
pictures its own board draws, from positions of a sample game seen as everyone may see them."""
from __future__ import annotations

from ..engine.protocol import SeatView
from ..engine.rng import Stream
from ..i18n import _
from .html import button
from .svg import esc

SAMPLE_SEED = bytes(16)


def sample_positions(entry, wanted: set[int]) -> dict:
    """States of a sample game with the fewest players and random legal moves (the same ones
    every time), after each number of moves in `wanted` that the game reaches."""
    engine = entry.engine
    state = engine.initial(SAMPLE_SEED, entry.players[0], entry.default_options())
    pick = Stream(SAMPLE_SEED, "how to play", entry.key)
    positions = {}
    for made in range(max(wanted, default=0) + 1):
        if made in wanted:
            positions[made] = state
        if engine.outcome(state) is not None:
            break
        moves = engine.legal(state)
        state = engine.apply(state, moves[pick.below(len(moves))])
    return positions


def rules_screen(entry) -> str:
    heading = _("How to play {title}").format(title=entry.title())
    header = '<header class="bar">' + button(_("‹ Back"), "back") + f'<h1>{esc(heading)}</h1></header>'
    try:
        steps = entry.module("howto").STEPS
    except ModuleNotFoundError:
        return header + ('<section class="card howto"><p>'
                         + esc(_("This game has no rules page yet.")) + '</p></section>')
    positions = sample_positions(entry, {step[2] for step in steps if step[2] is not None})
    board = entry.board()
    names = tuple(entry.seat_label(i) for i in range(entry.players[0]))
    parts = [header, '<section class="card howto">']
    for heading, text, at in steps:
        heading, text = _(heading), _(text)
        parts.append(f"<h2>{esc(heading)}</h2><p>{esc(text)}</p>")
        if at in positions:
            seen = SeatView(entry.engine.view(positions[at], None), (), None)
            label = _("{heading}: an example").format(heading=heading)
            parts.append(f'<div class="board howto-board" role="img" aria-label="{esc(label)}">'
                         f'{board.svg(seen, None, names, False)}</div>')
    parts.append("</section>")
    return "".join(parts)
