"""The app's screens as HTML text. Every piece of text that is not ours goes through esc()."""
from __future__ import annotations

import re
import time

from ..boards import PLAYABLE, board_for
from ..games import engine as engine_for
from .svg import esc

BLURBS = {
    "tyrus": ("Two rival factions, nine elections. Slip soldiers, merchants and priests into "
              "the buildings face down; bluff, block and counter to win the council."),
    "tyrannen": ("Lead the tyrant king to his castle, or hide three assassins "
                 "in the crowd to strike him down."),
    "tsuro": "Lay path tiles to steer your marker; the last one still on the board wins.",
}
BY_LINK = ("tyrus", "tyrannen", "tsuro")     # games that can be played by sending links
SEAT_LABELS = {"tyrannen": ("The king", "The rebels")}
SEAT_WORD = re.compile(r"\bSeat (\d)\b")


def with_names(text: str, names) -> str:
    """Engine log lines say 'Seat 0'; players want names."""
    return SEAT_WORD.sub(lambda m: names[int(m.group(1))], text)


def button(label: str, action: str, primary: bool = False, **data) -> str:
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in data.items())
    cls = "primary" if primary else "secondary"
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}>{esc(label)}</button>'


def home(games, damaged, setups: dict, notice: str = "", links=(), broken=()) -> str:
    """The start screen: the games kept on this device first (if any), then a card per game."""
    parts = ['<header class="bar"><h1 class="brand">Parlor</h1></header>']
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    kept = [saved_list(games, damaged)] + ([link_list(links, broken)] if links or broken else [])
    cards = [setup_card(key, setups[key]) for key in PLAYABLE]
    parts += kept + cards if games or damaged or links or broken else cards + kept
    return "".join(parts)


def saved_list(games, damaged) -> str:
    """The games played on this device, newest first, and any that cannot be read."""
    parts = ['<section class="card saved"><h2>Your games</h2>']
    if not games and not damaged:
        parts.append('<p class="empty">Games you start are kept here, even after you close the page.</p>')
    parts.append('<ul class="games">')
    for game in games:
        parts.append(f'<li class="saved-game" data-id="{esc(game.id)}">'
                     f'<div><strong>{esc(game.engine.title)}</strong>: '
                     f'{esc(" vs ".join(game.names))}<br><span class="status">'
                     f'{esc(game_status(game))} · {esc(when(game.updated))}</span></div>'
                     f'{button("Open", "open", True, id=game.id)}'
                     f'{button("Delete", "delete", id=game.id)}</li>')
    for entry in damaged:
        parts.append(f'<li class="saved-game damaged"><div><strong>A damaged saved game</strong><br>'
                     f'<span class="status">{esc(entry.reason)} It cannot be opened.</span></div>'
                     f'{button("Discard", "discard", key=entry.key)}</li>')
    parts.append("</ul></section>")
    return "".join(parts)


def link_list(links, broken) -> str:
    """The games this device plays (or played) by link, with whose turn it is."""
    from .link_screens import turn_line_of
    parts = ['<section class="card saved links"><h2>Games by link</h2><ul class="games">']
    for held in links:
        gid = held.record.game_id.hex()
        names = [seat.name or f"Player {n + 1}" for n, seat in enumerate(held.record.seats)]
        parts.append(f'<li class="saved-game link-game"><div>'
                     f'<strong>{esc(engine_for(held.record.game).title)}</strong>: '
                     f'{esc(" vs ".join(names))}<br><span class="status">'
                     f'{esc(turn_line_of(held))} · {esc(when(held.updated))}</span></div>'
                     f'{button("Open", "open-link", True, id=gid)}'
                     f'{button("Delete", "delete-link", id=gid)}</li>')
    for key in broken:
        parts.append(f'<li class="saved-game damaged"><div><strong>A damaged game by link</strong>'
                     f'<br><span class="status">It cannot be opened.</span></div>'
                     f'{button("Discard", "discard", key=key)}</li>')
    return "".join(parts) + "</ul></section>"


def setup_card(key: str, setup: dict) -> str:
    """One game's new-game form: player count, options, names, and how to play."""
    engine = engine_for(key)
    low, high = engine.seats
    count = setup["players"]
    rows = []
    if low != high:
        rows.append(f'<div class="row"><span>Players</span>'
                    f'{button("−", "players", game=key, delta=-1)}<output>{count}</output>'
                    f'{button("+", "players", game=key, delta=1)}</div>')
    for option, label, choices in board_for(key).options:
        picks = "".join(
            f'<button type="button" class="choice" aria-pressed="{str(value == setup["options"][option]).lower()}" '
            f'data-action="option" data-game="{esc(key)}" data-option="{esc(option)}" '
            f'data-value="{esc(value)}">{esc(text)}</button>' for value, text in choices)
        rows.append(f'<div class="row" role="group" aria-label="{esc(label)}"><span>{esc(label)}</span>{picks}</div>')
    inputs = "".join(
        f'<label>{esc(seat_label(key, i))} <input id="name-{key}-{i}" maxlength="24" autocomplete="off" '
        f'value="{esc(setup["names"][i])}"></label>' for i in range(count))
    return (f'<section class="card new-game"><h2>{esc(engine.title)}</h2>'
            f'<p class="blurb">{esc(BLURBS.get(key, ""))}</p>'
            f'<p class="meta">{low if low == high else f"{low}-{high}"} players</p>'
            + "".join(rows) + f'<div class="names">{inputs}</div>'
            f'<div class="starts">{button("Play on this device", "start", True, game=key)}'
            f'{button(computer_label(key, count), "start", game=key, bots=1)}'
            + (button("Play by link with friends" if count > 2 else "Play by link with a friend",
                      "link-new", game=key) if key in BY_LINK else "")
            + '</div></section>')


def computer_label(key: str, count: int) -> str:
    """The against-the-computer button: who the player will be."""
    if count > 2:
        return f"Play against {count - 1} computers"
    return f"Play {seat_label(key, 0).lower()} against the computer" if key in SEAT_LABELS \
        else "Play against the computer"


def seat_label(key: str, seat: int) -> str:
    labels = SEAT_LABELS.get(key)
    return labels[seat] if labels else f"Player {seat + 1}"


def game_status(saved) -> str:
    state = saved.replay().state
    engine = saved.engine
    outcome = engine.outcome(state)
    if outcome is not None:
        return result_line(outcome, saved.names)
    return f"{saved.names[engine.to_move(state)[0]]} to play"


def result_line(outcome, names) -> str:
    if not outcome.winners:
        return "A draw"
    if len(outcome.winners) == 1:
        return f"{names[outcome.winners[0]]} won"
    return "Shared win: " + ", ".join(names[s] for s in outcome.winners)


def when(stamp: float) -> str:
    seconds = max(0, time.time() - stamp)
    if seconds < 90:
        return "just now"
    if seconds < 5400:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    return time.strftime("%d %b %Y", time.localtime(stamp))


def game_screen(session) -> str:
    """Whatever the session's phase calls for."""
    saved, names = session.saved, session.saved.names
    title = esc(session.engine.title)
    header = (f'<header class="bar">{button("‹ Games", "home")}<h1>{title}</h1>'
              f'<span class="turn-line">{esc(turn_line(session))}</span></header>')
    notice = f'<p class="notice" role="alert">{esc(session.notice)}</p>' if session.notice else ""
    if session.phase == "pass":
        mover = names[session.mover]
        return (header + notice +
                f'<section class="screen-pass card"><p>Pass the device to</p><h2>{esc(mover)}</h2>'
                f'<p>Everyone else: look away while {esc(mover)} plays.</p>'
                f'{button(f"I am {mover}: show my game", "reveal", True)}</section>')
    if session.phase == "news":
        return (header + notice + '<section class="screen-news card">' + session.news +
                button("Continue", "continue", True) + "</section>")
    if session.phase == "over":
        outcome = session.engine.outcome(session.state)
        board = session.board.svg(session.state, None, None, names, False)
        return (header + notice +
                f'<section class="screen-over card"><h2>{esc(result_line(outcome, names))}</h2>'
                f'<p>{esc(sentence(outcome.reason))}</p>'
                f'{button("Play again", "rematch", True)}{button("All games", "home")}</section>'
                f'<div class="board">{board}</div>'
                + f'<section class="screen-news card">{session.board.summary(session.state, names)}</section>'
                + log(session, None))
    seat = session.holder
    playing = session.phase == "play"
    board = session.board.svg(session.state, seat, session.pending, names, playing)
    actions = ""
    if playing:
        actions = action_bar(session.board.hint(session.state, session.pending),
                             session.pending is not None,
                             session.board.buttons(session.state, session.pending))
    elif session.phase == "bot":
        actions = '<p class="hint" aria-live="polite">The computer is thinking…</p>'
    return header + notice + f'<div class="board">{board}</div>' + actions + log(session, seat)


def action_bar(hint: str, staged: bool, extra) -> str:
    """The line saying what to do, Take back/Confirm for a staged move, the board's buttons."""
    return (f'<p class="hint" aria-live="polite">{esc(hint)}</p><div class="actions">'
            + (button("Take back", "take-back") + button("Confirm", "confirm", True) if staged else "")
            + "".join(button(label, action, primary) for label, action, primary in extra)
            + "</div>")


def sentence(text: str) -> str:
    """`text` with a capital first letter and one full stop at the end."""
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


def turn_line(session) -> str:
    if session.phase == "over":
        return "Game over"
    return f"{session.saved.names[session.mover]} to play"


def log(session, seat) -> str:
    """The moves so far, newest first, as `seat` may read them."""
    engine, saved = session.engine, session.saved
    history = saved.replay_history()
    tokens = engine.split(saved.moves)
    items = [f"<li>{esc(with_names(engine.describe(state, engine.decode(token), seat), saved.names))}</li>"
             for state, token in zip(history, tokens)]
    if not items:
        return ""
    return ('<details class="log card"><summary>Game log</summary><ol reversed>'
            + "".join(reversed(items)) + "</ol></details>")
