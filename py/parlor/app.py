"""The browser side: the only module that touches the page. Everything else is plain Python."""
from __future__ import annotations

import secrets
import time

import js
from pyodide.ffi import create_proxy

from .boards import PLAYABLE, board_for
from .games import engine
from .saves import SaveError, SavedGame, StorageFull, Store, clean_name
from .session import Session
from .views import screens

CURRENT = "parlor:current"
# data-* attributes a tap may carry; the board's own ones are listed by each board
DATA_KEYS = ("action", "game", "id", "key", "delta", "option", "value",
             "tile", "building", "cell", "figure", "slot", "rotation", "mark")


def new_setup(key: str) -> dict:
    """The home screen's form for one game, before anyone changes it."""
    low, high = engine(key).seats
    names = [screens.seat_label(key, i) for i in range(high)]
    options = {option: choices[0][0] for option, _, choices in board_for(key).options}
    return {"players": low, "names": names, "options": options}


class LocalStorage:
    """The Store backend over window.localStorage; a full store raises StorageFull."""

    def __init__(self):
        self.storage = js.window.localStorage

    def get(self, key):
        return self.storage.getItem(key)

    def set(self, key, text):
        try:
            self.storage.setItem(key, text)
        except Exception as err:  # a DOMException from the browser: QuotaExceededError
            raise StorageFull() from err

    def remove(self, key):
        self.storage.removeItem(key)

    def keys(self):
        return [self.storage.key(i) for i in range(self.storage.length)]


class App:
    def __init__(self, root):
        self.root = root
        self.backend = LocalStorage()
        self.store = Store(self.backend)
        self.session: Session | None = None
        self.notice = ""
        self.setups = {key: new_setup(key) for key in PLAYABLE}

    # Screens

    def render(self) -> None:
        if self.session is None:
            games, damaged = self.store.all()
            self.root.innerHTML = screens.home(games, damaged, self.setups, self.notice)
        else:
            self.root.innerHTML = screens.game_screen(self.session)
        self.notice = ""

    def go_home(self) -> None:
        self.session = None
        self.backend.storage.removeItem(CURRENT)
        self.render()
        js.window.scrollTo(0, 0)

    def open_game(self, game_id: str) -> None:
        try:
            saved = self.store.load(game_id)
        except SaveError as err:
            self.notice = str(err)
            self.go_home()
            return
        self.session = Session.open(saved, self.store)
        self.backend.storage.setItem(CURRENT, game_id)
        self.render()
        js.window.scrollTo(0, 0)

    def read_names(self) -> None:
        """Keep what was typed into the name fields across a re-render of the home screen."""
        for key, setup in self.setups.items():
            for i in range(setup["players"]):
                field = js.document.getElementById(f"name-{key}-{i}")
                if field is not None:
                    setup["names"][i] = field.value

    def change_setup(self, data: dict) -> None:
        self.read_names()
        setup = self.setups[data["game"]]
        if data["action"] == "players":
            low, high = engine(data["game"]).seats
            setup["players"] = min(high, max(low, setup["players"] + int(data["delta"])))
        else:
            choices = next(c for key, _, c in board_for(data["game"]).options if key == data["option"])
            setup["options"][data["option"]] = next(v for v, _ in choices if str(v) == data["value"])
        self.render()

    def start_game(self, game_key: str, rematch_of: SavedGame | None = None) -> None:
        if rematch_of is not None:
            names, options = rematch_of.names, rematch_of.options
        else:
            self.read_names()
            setup = self.setups[game_key]
            names = tuple(clean_name(setup["names"][i], screens.seat_label(game_key, i))
                          for i in range(setup["players"]))
            options = dict(setup["options"])
        now = time.time()
        saved = SavedGame(id=secrets.token_hex(8), game=game_key, seed=secrets.token_hex(16),
                          names=names, options=options, created=now, updated=now)
        self.session = Session.open(saved, self.store)
        self.session.save()
        self.backend.storage.setItem(CURRENT, saved.id)
        self.render()

    # Events

    def on_click(self, event) -> None:
        target = event.target.closest("[data-action],[data-tile],[data-building]")
        if target is None:
            return
        data = {k: getattr(target.dataset, k) for k in DATA_KEYS
                if getattr(target.dataset, k, None) is not None}
        try:
            self.dispatch(data)
        except Exception as err:  # never leave a traceback in front of a player
            js.console.error(f"Parlor: {type(err).__name__}: {err}")
            self.notice = "Something went wrong with that action; your games are safe."
            self.session = None
            self.render()

    def dispatch(self, data: dict) -> None:
        action = data.get("action")
        session = self.session
        if action in ("players", "option"):
            return self.change_setup(data)
        if action == "start":
            return self.start_game(data["game"])
        if action == "open":
            return self.open_game(data["id"])
        if action == "delete":
            if js.window.confirm("Delete this game from this device?"):
                self.store.remove(data["id"])
            return self.render()
        if action == "discard":
            self.store.remove(data["key"])
            return self.render()
        if action == "home":
            return self.go_home()
        if session is None:
            return
        if action == "reveal":
            session.reveal()
        elif action == "continue":
            session.dismiss_news()
        elif action == "take-back":
            session.take_back()
        elif action == "confirm":
            session.confirm()
        elif action == "rematch":
            return self.start_game(session.saved.game, rematch_of=session.saved)
        else:
            session.tap(data)
        self.render()


def start() -> None:
    """Take over the page from the loading screen."""
    root = js.document.getElementById("app")
    app = App(root)
    root.addEventListener("click", create_proxy(app.on_click))
    current = app.backend.storage.getItem(CURRENT)
    if current:
        app.open_game(current)
    else:
        app.render()
    js.document.getElementById("boot").hidden = True
    root.hidden = False
    js.document.documentElement.dataset.ready = "1"
    js.window.parlorReadyAt = js.performance.now()  # read by bench/startup.py
