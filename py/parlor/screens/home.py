"""The home screen: the games this device holds, then a card per catalog game (its picture and
pitch) that opens the game's new-game page.

Drawn from catalog metadata alone: no engine, board or link protocol is imported to show
the cards or the new-game pages."""
from __future__ import annotations

from .. import catalog
from .html import button
from ..links.clock import DEFAULT_CLOCK
from .link import clock_picker, damaged_link
from .pictures import picture
from .status import game_status, link_status, when
from .svg import esc


def home(games, damaged, setups: dict, notice: str = "", links=(), broken=()) -> str:
    """The start screen: the games kept on this device first (if any), then a card per game."""
    parts = ['<header class="bar"><h1 class="brand">Parlor</h1></header>']
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    kept = ([saved_list(games, damaged)] if games or damaged else []) \
        + ([link_list(links, broken)] if links or broken else [])
    return "".join(parts + kept + [game_card(entry) for entry in catalog.entries()])


def saved_list(games, damaged) -> str:
    """The games played on this device, newest first, and any that cannot be read."""
    parts = ['<section class="card saved"><h2>Your games</h2><ul class="games">']
    for game in games:
        parts.append(f'<li class="saved-game" data-id="{esc(game.id)}">'
                     f'<div><strong>{esc(game.entry.title())}</strong>: '
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
    parts = ['<section class="card saved links"><h2>Games by link</h2><ul class="games">']
    for held in links:
        gid = held.record.game_id.hex()
        names = [seat.name or f"Player {n + 1}" for n, seat in enumerate(held.record.seats)]
        parts.append(f'<li class="saved-game link-game"><div>'
                     f'<strong>{esc(catalog.entry(held.record.game).title())}</strong>: '
                     f'{esc(" vs ".join(names))}<br><span class="status">'
                     f'{esc(link_status(held))} · {esc(when(held.updated))}</span></div>'
                     f'{button("Open", "open-link", True, id=gid)}'
                     f'{button("Delete", "delete-link", id=gid)}</li>')
    parts += [damaged_link(key, text) for key, text in broken]
    return "".join(parts) + "</ul></section>"


def game_card(entry) -> str:
    """One game on the home screen: a tap anywhere on it opens its new-game page."""
    key = esc(entry.key)
    return (f'<section class="card game-card" data-action="setup" data-game="{key}">'
            f'{picture(entry)}<div><h2>{esc(entry.title())}</h2>'
            f'<p class="blurb">{esc(entry.blurb)}</p></div><div class="game-card-actions">'
            f'{button("Play", "setup", True, game=entry.key)}'
            f'{button("How to play", "rules", game=entry.key)}</div></section>')


def setup_page(entry, setup: dict) -> str:
    """A game's new-game page: its form under a header that leads back to the games."""
    return (f'<header class="bar">{button("‹ Games", "home")}<h1>New game</h1></header>'
            + setup_card(entry, setup))


def new_setup(entry, remembered=()) -> dict:
    """A game's new-game form before anyone changes it: no name typed in; each seat's field
    suggests the name `remembered` from last time for that seat, else the seat's label."""
    low, high = entry.players
    return {"players": low, "names": [""] * high,
            "suggested": [remembered[i] if i < len(remembered) and remembered[i]
                          else entry.seat_label(i) for i in range(high)],
            "options": entry.default_options()}


def chosen_names(setup: dict) -> list[str]:
    """The names the form stands for: what was typed, else what it suggested."""
    return [setup["names"][i].strip() or setup["suggested"][i] for i in range(setup["players"])]


def setup_card(entry, setup: dict) -> str:
    """One game's new-game form: player count, options, names, and how to play."""
    key = entry.key
    low, high = entry.players
    count = setup["players"]
    rows = []
    if low != high:
        rows.append(f'<div class="row"><span>Players</span>'
                    f'{button("−", "players", game=key, delta=-1)}<output>{count}</output>'
                    f'{button("+", "players", game=key, delta=1)}</div>')
    for option in entry.options:
        picks = "".join(
            f'<button type="button" class="choice" aria-pressed="{str(value == setup["options"][option.key]).lower()}" '
            f'data-action="option" data-game="{esc(key)}" data-option="{esc(option.key)}" '
            f'data-value="{esc(value)}">{esc(text)}</button>' for value, text in option.choices)
        rows.append(f'<div class="row" role="group" aria-label="{esc(option.label)}">'
                    f'<span>{esc(option.label)}</span>{picks}</div>')
    inputs = "".join(
        f'<label>{esc(entry.seat_label(i))} <input id="name-{key}-{i}" maxlength="24" autocomplete="off" '
        f'value="{esc(setup["names"][i])}" placeholder="{esc(setup["suggested"][i])}"></label>'
        for i in range(count))
    return (f'<section class="card new-game"><div class="card-head">{picture(entry)}'
            f'<div><h2>{esc(entry.title())}</h2><p class="blurb">{esc(entry.blurb)}</p></div></div>'
            f'<p class="meta">{low if low == high else f"{low}-{high}"} players</p>'
            + "".join(rows)
            + (clock_picker(key, setup.get("clock", DEFAULT_CLOCK)) if entry.link_tier else "")
            + f'<div class="names">{inputs}</div>'
            f'<div class="starts">{button("Play on this device", "start", True, game=key)}'
            f'{button(computer_label(entry, count), "start", game=key, bots=1)}'
            f'{button("How to play", "rules", game=key)}'
            + (button(computer_label(entry, count, 1), "start", game=key, bots=1, value=1)
               if count == 2 and len(entry.seat_labels) == 2 else "")
            + (button("Play by link with friends" if count > 2 else "Play by link with a friend",
                      "link-new", game=key) if entry.link_tier else "")
            + '</div></section>')


def computer_label(entry, count: int, seat: int = 0) -> str:
    """The against-the-computer button: who the player will be (in `seat`)."""
    if count > 2:
        return f"Play against {count - 1} computers"
    if entry.seat_labels:
        return f"Play {entry.seat_label(seat).lower()} against the computer"
    return "Play against the computer"
