"""Part of the App: the new-game forms, the names they suggest, and a new game on this device."""
from __future__ import annotations

import json
import secrets
import time

import js

from .. import catalog
from ..play.bots import DEFAULT_LEVEL
from ..play.saves import SavedGame, StorageFull, clean_name, computer_name
from ..play.session import Session
from ..screens import home as home_screens

NAMES = "parlor:names"          # the names last played under, by seat: next time's suggestions


class NewGames:
    def read_names(self) -> None:
        """Keep what was typed into the name fields across a re-render of the home screen."""
        for key, setup in self.setups.items():
            for i in range(setup["players"]):
                field = js.document.getElementById(f"name-{key}-{i}")
                if field:  # absent fields come back as JS null, which is falsy
                    setup["names"][i] = field.value

    def remembered_names(self) -> list[str]:
        try:
            return [str(n) for n in json.loads(self.backend.get(NAMES) or "[]")]
        except (ValueError, TypeError):
            return []

    def new_setups(self) -> dict:
        """Every game's new-game form, suggesting the names used last time on this device."""
        remembered = self.remembered_names()
        return {e.key: home_screens.new_setup(e, remembered) for e in catalog.entries()}

    def keep_names(self, names: dict) -> None:
        """Remember the names just played under (seat: name), other than a seat's own label,
        as the names every form suggests next time; the typed names are cleared."""
        remembered = self.remembered_names()
        for seat, name in names.items():
            remembered += [""] * (seat + 1 - len(remembered))
            remembered[seat] = name
        try:
            self.backend.set(NAMES, json.dumps(remembered))
        except StorageFull:
            return
        for key, fresh in self.new_setups().items():
            self.setups[key].update(names=fresh["names"], suggested=fresh["suggested"])

    def change_setup(self, data: dict) -> None:
        self.read_names()
        entry = catalog.entry(data["game"])
        setup = self.setups[entry.key]
        if data["action"] == "players":
            low, high = entry.players
            setup["players"] = min(high, max(low, setup["players"] + int(data["delta"])))
        else:
            choices = entry.option(data["option"]).choices
            setup["options"][data["option"]] = next(v for v, _label in choices
                                                    if str(v) == data["value"])
        self.render()

    def start_game(self, game_key: str, rematch_of: SavedGame | None = None,
                   against_computer: bool = False, seat: int = 0) -> None:
        """A new game on this device; against the computer the player takes `seat` under the
        first name on the form, and the computer every other seat."""
        if rematch_of is not None:
            names, options, bots = rematch_of.names, rematch_of.options, rematch_of.bots
            options = dict(catalog.entry(game_key).new_game_options) | dict(options)
            level = rematch_of.level
        else:
            self.read_names()
            setup = self.setups[game_key]
            count = setup["players"]
            bots = tuple(i for i in range(count) if i != seat) if against_computer else ()
            chosen = home_screens.chosen_names(setup)
            # Names the app gives (a seat's label, the computer's) are kept in English and
            # shown in the reader's language (play.saves.shown_name).
            label = catalog.entry(game_key).default_name
            if against_computer:    # the first field is the player's, whichever seat they take
                chosen[seat] = setup["names"][0].strip() or (
                    setup["suggested"][0] if setup["suggested"][0] != label(0)
                    else label(seat))
            names = tuple(computer_name(i, count) if i in bots else clean_name(chosen[i], label(i))
                          for i in range(count))
            options = dict(setup["options"])
            level = setup.get("level", DEFAULT_LEVEL) if against_computer else DEFAULT_LEVEL
            self.keep_names({0 if against_computer else i: names[i] for i in range(count)
                             if i not in bots and names[i] != label(i)})
        now = time.time()
        saved = SavedGame(id=secrets.token_hex(8), game=game_key, seed=secrets.token_hex(16),
                          names=names, bots=bots, options=options, created=now, updated=now,
                          level=level)
        self.session = Session.open(saved, self.store)
        self.session.save()
        self.remember(saved.id)
        self.render()
