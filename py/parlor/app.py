"""The App: what the player sees and does, drawn by screens from the game's state. The
browser glue lives in parlor.web by concern (history, new games, games by link, focus, the
computer's worker, storage); everything else is plain Python."""
from __future__ import annotations

import js
from pyodide.ffi import create_proxy

from . import catalog, i18n
from .i18n import _
from .links import device as linkplay
from .links.device import LinkSession, LinkStore
from .play import resigning
from .play.bots import LEVELS
from .play.looked import Looked
from .play.saves import SaveError, StorageFull, Store
from .play.session import Session
from .screens import game as game_screens, home as home_screens, link as link_screens
from .screens.replay import SLIDER
from .screens.rules import rules_screen
from .screens.status import your_turns
from .web.by_link import ByLink
from .web.computer import Computer
from .web.focus import ARROWS, announce, focus_key, restore_focus, rove, step_focus
from .web.navigation import CURRENT, Navigation
from .web.new_games import NewGames
from .web.page import (LANGUAGE, device_language, js_object, page_base, show_count, speak,
                       toast, update_in_place)
from .web.storage import LocalStorage

# data-* attributes a tap may carry; the board's own ones are listed by each board
DATA_KEYS = ("action", "game", "id", "key", "delta", "option", "value", "bots",
             "tile", "building", "cell", "figure", "slot", "rotation", "mark")


class App(Navigation, NewGames, ByLink):
    def __init__(self, root):
        self.root = root
        self.backend = LocalStorage()
        self.store = Store(self.backend)
        self.session: Session | None = None
        self.link_store = LinkStore(self.backend)
        self.link: LinkSession | None = None
        self.looked = Looked(self.backend)
        self.since: tuple | None = None     # (game id, messages seen before, messages at opening)
        self.show_qr = self.show_seat_link = False
        self.notice = ""
        self.setups = self.new_setups()
        self.computer = Computer(self)
        self.staged = False         # a move staged at the last draw (focus goes to Confirm)
        self.shown = ("", "")       # the screen and the part of it last drawn (navigation)
        self.returning = False      # drawing a screen the browser went back or forward to
        self.replay_step: int | None = None   # the position shown while replaying a game
        self.page = ""              # a page that is no game: "rules:<game>", "setup:<game>"
        self.zoomed = False         # a board wider than the phone drawn at full size (it pans)

    def render(self) -> None:
        focused = focus_key(self.root)
        held = self.link or self.session
        staged = held is not None and held.pending is not None
        if staged and not self.staged and focused is not None:
            focused = ""            # a move was just staged: on to its Confirm
        self.staged = staged
        self.draw()
        restore_focus(self.root, focused)
        rove(self.root)
        announce(self.root)

    def draw(self) -> None:
        if self.session is None and self.link is None:
            self.replay_step = None
        if self.link is not None:
            self.draw_link()
            show_count(your_turns(self.link_store.all()[0]))
        elif self.session is None and self.page.startswith("rules:"):
            self.root.innerHTML = rules_screen(catalog.entry(self.page[len("rules:"):]))
        elif self.session is None and self.page.startswith("setup:"):
            key = self.page[len("setup:"):]
            self.root.innerHTML = home_screens.setup_page(catalog.entry(key), self.setups[key])
        elif self.session is None:
            games, damaged = self.store.all()
            links, broken = self.link_store.all()
            show_count(your_turns(links))
            self.root.innerHTML = home_screens.home(games, damaged, self.setups, self.notice,
                                                    links, broken)
        else:
            if self.replay_step is not None and self.here()[1] != "replay":
                self.replay_step = None         # another game or another page of it
            update_in_place(self.root, game_screens.game_screen(self.session, self.replay_step,
                                                                self.zoomed))
            if self.session.saved.bots:
                self.computer.start()
            if self.session.phase == "bot" and self.replay_step is None:
                self.computer.ask(self.session.saved)   # (a replay holds the game still)
        self.notice = ""
        self.track()

    def replay_to(self, action: str, data: dict) -> None:
        """Into the replay (at the latest move), a step back or forward, to the move the
        slider names, or out of it."""
        total = (link_screens.history_of(self.link).count if self.link is not None
                 else len(self.session.played))
        if action == "replay":
            self.replay_step = total
        elif action == "replay-done":
            self.replay_step = None
        elif self.replay_step is not None:
            step = int(data["value"]) if action == SLIDER else self.replay_step + int(data["delta"])
            self.replay_step = max(0, min(total, step))
        self.render()

    def on_change(self, event) -> None:
        """A change of a form control: the language picker (name="language") of any screen, or
        the replay's slider."""
        target = event.target
        name = str(getattr(target, "name", "") or "")
        if name == "language":
            self.guarded(self.change_language, str(target.value))
        elif name == SLIDER:
            self.guarded(self.replay_to, SLIDER, {"value": str(target.value)})

    def change_language(self, code: str) -> None:
        """Speak `code` from now on: kept on this device (a full storage keeps it for this
        visit only) and the screen drawn again in it."""
        if not i18n.supported(code):
            return
        try:
            self.backend.set(LANGUAGE, code)
        except StorageFull:
            pass
        speak(code)
        self.render()

    def run_bot(self) -> None:
        """The computer's move worked out here, on the page (when the worker cannot)."""
        if self.session is not None and self.session.phase == "bot":
            self.guarded(self.session.bot_move)
            self.render()

    def computer_moved(self, question: str, token: str) -> None:
        """The worker's move for `question`, if that game and position are still on screen."""
        session = self.session
        if session is None or question != f"{session.saved.id}:{len(session.saved.moves)}":
            return
        before = len(session.saved.moves)
        if self.guarded(session.bot_answer, before, token) is False:
            js.console.error("Parlor: the worker's move was not legal; thinking here instead")
            return self.run_bot()
        self.render()

    def open_page(self, page: str) -> None:
        """A page that is no game: a game's "How to play" (from its home card or its game
        screen) or its new-game page (from its home card)."""
        self.session = self.link = None
        self.page = page
        self.render()

    def go_home(self) -> None:
        self.page = ""
        self.session = self.link = None
        self.backend.remove(CURRENT)
        self.render()

    def open_game(self, game_id: str) -> None:
        try:
            saved = self.store.load(game_id)
        except SaveError as err:
            self.notice = str(err)
            self.go_home()
            return
        self.session = Session.open(saved, self.store)
        self.replay_step = None
        self.remember(game_id)
        self.render()

    def on_click(self, event) -> None:
        target = event.target.closest("[data-action],[data-tile],[data-building]")
        if not target:  # no control was tapped: closest() gave JavaScript's null (falsy)
            return
        if target.getAttribute("aria-disabled") == "true":
            return toast(str(target.dataset.why or ""))     # a disabled control says why
        data = {k: getattr(target.dataset, k) for k in DATA_KEYS
                if getattr(target.dataset, k, None) is not None}
        self.guarded(self.dispatch, data)

    def on_key(self, event) -> None:
        """Keys on a board: Enter or Space acts on the focused target, an arrow moves to the
        nearest target that way, Escape takes back a staged move or drops the selection."""
        key, here = event.key, event.target
        on_board = bool(here.closest(".board")) if hasattr(here, "closest") else False
        if key in ("Enter", " ") and on_board and here.getAttribute("role") == "button":
            event.preventDefault()
            self.on_click(event)
        elif key in ARROWS and on_board:
            event.preventDefault()
            step_focus(here, *ARROWS[key])
        elif key == "Escape" and (self.link or self.session) is not None:
            self.guarded(self.cancel)

    def cancel(self) -> None:
        held = self.link or self.session
        if held.resigning:
            held.keep_playing()
        elif held.pending is not None:
            held.pending = None
        else:
            getattr(held.board, "cancel", held.board.reset)()
        self.render()

    def guarded(self, action, *args) -> None:
        """Run an action; a bug shows a message and the home screen, never a traceback."""
        try:
            return action(*args)
        except Exception as err:
            js.console.error(f"Parlor: {type(err).__name__}: {err}")
            self.notice = _("Something went wrong with that action; your games are safe.")
            self.session = self.link = None
            self.render()

    def dispatch(self, data: dict) -> None:
        action = data.get("action")
        if action in ("rules", "setup"):
            return self.open_page(f'{action}:{data["game"]}')
        if action == "back":
            return js.history.back()
        if action == "zoom":
            self.zoomed = not self.zoomed
            return self.render()
        if action == "link-new":
            return self.new_link_game(data["game"])
        if action == "open-link":
            return self.open_held(data["id"])
        if action == "delete-link":
            if js.window.confirm(_("Delete this game from this device?")):
                self.link_store.remove(linkplay.PREFIX + data["id"])
                self.looked.forget(bytes.fromhex(data["id"]))
            return self.render()
        if action == "discard-link":
            self.link_store.remove(data["key"])
            return self.render()
        if action == "clock":
            self.read_names()
            self.setups[data["game"]]["clock"] = int(data["value"])
            return self.render()
        if action == "level":
            self.read_names()
            if data["value"] in LEVELS:
                self.setups[data["game"]]["level"] = data["value"]
            return self.render()
        if self.link is not None and action != "home":
            return self.link_action(data)
        session = self.session
        if action in ("players", "option"):
            return self.change_setup(data)
        if action == "start":
            return self.start_game(data["game"], against_computer="bots" in data,
                                   seat=int(data.get("value", 0)))
        if action == "open":
            return self.open_game(data["id"])
        if action == "delete":
            if js.window.confirm(_("Delete this game from this device?")):
                self.store.remove(data["id"])
            return self.render()
        if action == "discard":
            self.store.remove(data["key"])
            return self.render()
        if action == "home":
            return self.go_home()
        if session is None:
            return
        if self.replay_step is not None and action not in ("replay-step", "replay-done"):
            return                              # the board of a replay takes no moves
        if action == "reveal":
            session.reveal()
        elif action == "continue":
            session.dismiss_news()
        elif action == "take-back":
            session.take_back()
        elif action == "undo":
            session.undo()
        elif action == "confirm":
            session.confirm()
        elif action in resigning.ACTIONS:
            session.resign_step(action)
        elif action in ("replay", "replay-step", "replay-done"):
            return self.replay_to(action, data)
        elif action == "rematch":
            return self.start_game(session.saved.game, rematch_of=session.saved)
        else:
            session.tap(data)
        self.render()


def start() -> None:
    """Take over the page from the loading screen."""
    root = js.document.getElementById("app")
    app = App(root)
    speak(device_language(app.backend))     # before anything is drawn
    root.addEventListener("click", create_proxy(app.on_click))
    root.addEventListener("change", create_proxy(app.on_change))
    root.addEventListener("keydown", create_proxy(app.on_key))
    region = js.document.createElement("div")
    region.id, region.className = "announce", "sr-only"
    region.setAttribute("aria-live", "polite")
    js.document.body.appendChild(region)
    js.window.addEventListener("storage", create_proxy(lambda event: app.guarded(
        app.on_storage, event)))
    js.window.addEventListener("popstate", create_proxy(app.on_history))
    state = js.history.state
    fragment = str(js.location.hash)
    if state and getattr(state, "screen", None):    # a reload, or back into the app
        app.returning = True
        app.guarded(app.show, str(state.screen), fragment)
        app.returning = False
    else:   # a new visit: home is the first entry, so Back from the screen opened stays here
        js.history.replaceState(js_object({"screen": "home"}),
                                "", page_base())
        app.shown = ("home", "")
        current = "" if len(fragment) > 1 else app.backend.get(CURRENT) or ""  # a link first
        app.guarded(app.show, current if current.startswith("link:") else
                    "game:" + current if current else "", fragment)
    js.document.getElementById("boot").hidden = True
    root.hidden = False
    js.document.documentElement.dataset.ready = "1"
    js.window.parlorReadyAt = js.performance.now()  # read by bench/startup.py
