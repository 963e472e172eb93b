"""The home screen: the games this device holds, then a card per catalog game (its picture and
pitch) that opens the game's new-game page.

Drawn from catalog metadata alone: no engine, board or link protocol is imported to show
the cards or the new-game pages."""
from __future__ import annotations

from .. import catalog
from ..i18n import N_, _, ngettext, pgettext
from .html import button, language_picker
from ..links.clock import DEFAULT_CLOCK
from ..links.record import shown_name
from ..play.bots import DEFAULT_LEVEL
from ..play.saves import shown_name as shown_player
from .link import clock_picker, damaged_link
from .pictures import picture
from .status import game_status, link_status, when
from .svg import esc


def home(games, damaged, setups: dict, notice: str = "", links=(), broken=()) -> str:
    """The start screen: the games kept on this device first (if any), then a card per game."""
    parts = [f'<header class="bar"><h1 class="brand">Parlor</h1>{language_picker()}</header>']
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    kept = ([saved_list(games, damaged)] if games or damaged else []) \
        + ([link_list(links, broken)] if links or broken else [])
    return "".join(parts + kept + [game_card(entry) for entry in catalog.entries()])


def saved_list(games, damaged) -> str:
    """The games played on this device, newest first, and any that cannot be read."""
    # (No _() inside an f-string: the extractor would not see the message.)
    parts = ['<section class="card saved"><h2>' + esc(_("Your games")) + '</h2><ul class="games">']
    for game in games:
        parts.append(f'<li class="saved-game" data-id="{esc(game.id)}">'
                     f'<div><strong>{esc(game.entry.title())}</strong>: '
                     f'{esc(versus(game.shown_names))}<br><span class="status">'
                     f'{esc(game_status(game))} · {esc(when(game.updated))}</span></div>'
                     + button(_("Open"), "open", True, id=game.id)
                     + button(_("Delete"), "delete", id=game.id) + '</li>')
    for entry in damaged:
        reason = _("{reason} It cannot be opened.").format(reason=entry.reason)
        parts.append('<li class="saved-game damaged"><div><strong>'
                     + esc(_("A damaged saved game")) + '</strong><br><span class="status">'
                     + esc(reason) + '</span></div>'
                     + button(_("Discard"), "discard", key=entry.key) + '</li>')
    parts.append("</ul></section>")
    return "".join(parts)


def link_list(links, broken) -> str:
    """The games this device plays (or played) by link, with whose turn it is."""
    parts = ['<section class="card saved links"><h2>' + esc(_("Games by link")) + '</h2>'
             '<ul class="games">']
    for held in links:
        gid = held.record.game_id.hex()
        names = [shown_name(seat, n) for n, seat in enumerate(held.record.seats)]
        parts.append(f'<li class="saved-game link-game"><div>'
                     f'<strong>{esc(catalog.entry(held.record.game).title())}</strong>: '
                     f'{esc(versus(names))}<br><span class="status">'
                     f'{esc(link_status(held))} · {esc(when(held.updated))}</span></div>'
                     + button(_("Open"), "open-link", True, id=gid)
                     + button(_("Delete"), "delete-link", id=gid) + '</li>')
    parts += [damaged_link(key, text) for key, text in broken]
    return "".join(parts) + "</ul></section>"


def versus(names) -> str:
    """The players of a game, "Ana vs Bo vs Cy"."""
    # Translators: between two player names, as in "Ana vs Ben".
    return (" " + pgettext("between player names", "vs") + " ").join(names)


def game_card(entry) -> str:
    """One game on the home screen: a tap anywhere on it opens its new-game page."""
    key = esc(entry.key)
    return (f'<section class="card game-card" data-action="setup" data-game="{key}">'
            f'{picture(entry)}<div><h2>{esc(entry.title())}</h2>'
            f'<p class="blurb">{esc(entry.pitch())}</p></div><div class="game-card-actions">'
            + button(_("Play"), "setup", True, game=entry.key)
            + button(_("How to play"), "rules", game=entry.key) + '</div></section>')


def setup_page(entry, setup: dict) -> str:
    """A game's new-game page: its form under a header that leads back to the games."""
    return ('<header class="bar">' + button(_("‹ Games"), "home") + '<h1>'
            + esc(_("New game")) + '</h1></header>' + setup_card(entry, setup))


def new_setup(entry, remembered=()) -> dict:
    """A game's new-game form before anyone changes it: no name typed in; each seat's field
    suggests the name `remembered` from last time for that seat, else the seat's label (as a
    game keeps it, in English: the form shows it in the reader's language)."""
    low, high = entry.players
    return {"players": low, "names": [""] * high,
            "suggested": [remembered[i] if i < len(remembered) and remembered[i]
                          else entry.default_name(i) for i in range(high)],
            "options": entry.default_options(), "level": DEFAULT_LEVEL}


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
        rows.append('<div class="row"><span>' + esc(_("Players")) + '</span>'
                    f'{button("−", "players", game=key, delta=-1)}<output>{count}</output>'
                    f'{button("+", "players", game=key, delta=1)}</div>')
    for option in entry.options:
        label = esc(_(option.label))
        picks = "".join(
            f'<button type="button" class="choice" aria-pressed="{str(value == setup["options"][option.key]).lower()}" '
            f'data-action="option" data-game="{esc(key)}" data-option="{esc(option.key)}" '
            f'data-value="{esc(value)}">' + esc(_(text)) + '</button>'
            for value, text in option.choices)
        rows.append(f'<div class="row" role="group" aria-label="{label}">'
                    f'<span>{label}</span>{picks}</div>')
    inputs = "".join(
        f'<label>{esc(entry.seat_label(i))} <input id="name-{key}-{i}" maxlength="24" autocomplete="off" '
        f'value="{esc(setup["names"][i])}" '
        f'placeholder="{esc(shown_player(entry, i, setup["suggested"][i]))}"></label>'
        for i in range(count))
    players = (ngettext("{n} player", "{n} players", low).format(n=low) if low == high
               else _("{low}-{high} players").format(low=low, high=high))
    return (f'<section class="card new-game"><div class="card-head">{picture(entry)}'
            f'<div><h2>{esc(entry.title())}</h2><p class="blurb">{esc(entry.pitch())}</p></div>'
            f'</div><p class="meta">{esc(players)}</p>'
            + "".join(rows)
            + (clock_picker(key, setup.get("clock", DEFAULT_CLOCK)) if entry.link_tier else "")
            + (level_picker(key, setup.get("level", DEFAULT_LEVEL)) if entry.has_levels else "")
            + f'<div class="names">{inputs}</div><div class="starts">'
            + button(_("Play on this device"), "start", True, game=key)
            + button(computer_label(entry, count), "start", game=key, bots=1)
            + button(_("How to play"), "rules", game=key)
            + (button(computer_label(entry, count, 1), "start", game=key, bots=1, value=1)
               if count == 2 and len(entry.seat_labels) == 2 else "")
            + (button(_("Play by link with friends") if count > 2
                      else _("Play by link with a friend"), "link-new", game=key)
               if entry.link_tier else "")
            + '</div></section>')


# Translators: how hard the computer thinks, chosen before a game against it: the default
# (answers within a couple of seconds) and the stronger one (takes several times longer).
LEVEL_CHOICES = (("quick", N_("Quick")), ("strong", N_("Strong, slower")))


def level_picker(key: str, level: str) -> str:
    """The computer's level for a game against it (parlor.play.bots.LEVELS)."""
    label = esc(_("The computer's level"))
    shown = esc(_("Computer"))      # short, as the buttons beside it say the rest
    picks = "".join(
        f'<button type="button" class="choice" aria-pressed="{str(value == level).lower()}" '
        f'data-action="level" data-game="{esc(key)}" data-value="{esc(value)}">'
        + esc(_(text)) + '</button>' for value, text in LEVEL_CHOICES)
    return f'<div class="row" role="group" aria-label="{label}"><span>{shown}</span>{picks}</div>'


def computer_label(entry, count: int, seat: int = 0) -> str:
    """The against-the-computer button: who the player will be (in `seat`)."""
    if count > 2:
        return ngettext("Play against {n} computer", "Play against {n} computers",
                        count - 1).format(n=count - 1)
    if entry.computer_roles:
        return _(entry.computer_roles[seat])
    return _("Play against the computer")
