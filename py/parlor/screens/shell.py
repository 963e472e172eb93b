"""The words of the page before Python runs (boot.js), in the language now in use.

The build writes them into the page once per language, with the static home screen, so the
loading messages, the errors of a device that cannot start and a game link's preview are in
the player's language from the first paint.
"""
from __future__ import annotations

from ..i18n import _, ngettext, pgettext

MOST_SEATS = 8


def shell_words() -> dict:
    """Texts boot.js shows; `{name}` placeholders are filled in there."""
    return {
        "starting": _("Starting…"),
        "starting_python": _("Starting Python…"),
        "opening": _("Opening Parlor…"),
        "downloading": _("Downloading the games: {percent} % ({left} of {total} MB left)"),
        "tap_waits": _("Your tap will count as soon as the game is ready."),
        "stalled": _("Nothing has arrived for a while."),
        "retry": _("Retry"),
        "try_again": _("Try again"),
        "cannot_start": _("Parlor could not start"),
        "load_failed": _("Something went wrong while loading. Check your connection and try "
                         "again."),
        "no_memory": _("Not enough memory"),
        "ran_out": _("This device ran out of memory while starting the games. Close other apps "
                     "or tabs and try again."),
        "too_little": _("This device does not have enough free memory to run the games. Close "
                        "other apps or tabs and try again."),
        "no_wasm_title": _("This browser cannot run Parlor"),
        "no_wasm": _("Parlor needs WebAssembly, which this browser does not offer. Try an "
                     "up-to-date Chrome, Firefox or Safari."),
        "a_game": _("A Parlor game"),
        "player": _("Player {number}"),
        # Translators: between two player names, as in "Ana vs Ben".
        "versus": pgettext("between player names", "vs"),
        "open_seats": [ngettext("{count} seat open", "{count} seats open", n).format(count=n)
                       for n in range(1, MOST_SEATS + 1)],
    }
