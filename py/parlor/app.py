"""The browser side: the only module that touches the page. Everything else is plain Python."""
from __future__ import annotations

import secrets
import time

import js
from pyodide.ffi import create_proxy, to_js

from . import catalog
from .links import device as linkplay
from .links.clock import DEFAULT_CLOCK
from .links.device import LinkProblem, LinkSession, LinkStore
from .play.saves import SaveError, SavedGame, StorageFull, Store, clean_name
from .play.session import Session
from .screens import game as game_screens, home as home_screens, link as link_screens

CURRENT = "parlor:current"
BOT_PAUSE_MS = 350
# data-* attributes a tap may carry; the board's own ones are listed by each board
DATA_KEYS = ("action", "game", "id", "key", "delta", "option", "value", "bots",
             "tile", "building", "cell", "figure", "slot", "rotation", "mark")


class LocalStorage:
    """The Store backend over window.localStorage; a full store raises StorageFull."""

    def __init__(self):
        self.storage = js.window.localStorage

    def get(self, key):
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

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
        self.link_store = LinkStore(self.backend)
        self.link: LinkSession | None = None
        self.show_qr = self.show_seat_link = False
        self.notice = ""
        self.setups = {e.key: home_screens.new_setup(e) for e in catalog.entries()}
        self.bot_turn = create_proxy(self.run_bot)
        self.staged = False

    # Screens

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
        if self.link is not None:
            self.root.innerHTML = link_screens.link_screen(self.link, page_base(), self.show_qr,
                                                           self.show_seat_link)
        elif self.session is None:
            games, damaged = self.store.all()
            links, broken = self.link_store.all()
            self.root.innerHTML = home_screens.home(games, damaged, self.setups, self.notice,
                                                    links, broken)
        else:
            self.root.innerHTML = game_screens.game_screen(self.session)
            if self.session.phase == "bot":
                js.setTimeout(self.bot_turn, BOT_PAUSE_MS)  # paint "thinking" first
        self.notice = ""

    def run_bot(self) -> None:
        if self.session is not None and self.session.phase == "bot":
            self.guarded(self.session.bot_move)
            self.render()

    def remember(self, current: str) -> None:
        """Reopen this game after a reload; a full storage only loses that convenience."""
        try:
            self.backend.set(CURRENT, current)
        except StorageFull:
            pass

    def go_home(self) -> None:
        self.session = self.link = None
        self.backend.remove(CURRENT)
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
        self.remember(game_id)
        self.render()
        js.window.scrollTo(0, 0)

    def read_names(self) -> None:
        """Keep what was typed into the name fields across a re-render of the home screen."""
        for key, setup in self.setups.items():
            for i in range(setup["players"]):
                field = js.document.getElementById(f"name-{key}-{i}")
                if field:  # absent fields come back as JS null, which is falsy
                    setup["names"][i] = field.value

    def change_setup(self, data: dict) -> None:
        self.read_names()
        entry = catalog.entry(data["game"])
        setup = self.setups[entry.key]
        if data["action"] == "players":
            low, high = entry.players
            setup["players"] = min(high, max(low, setup["players"] + int(data["delta"])))
        else:
            choices = entry.option(data["option"]).choices
            setup["options"][data["option"]] = next(v for v, _ in choices if str(v) == data["value"])
        self.render()

    def start_game(self, game_key: str, rematch_of: SavedGame | None = None,
                   against_computer: bool = False) -> None:
        if rematch_of is not None:
            names, options, bots = rematch_of.names, rematch_of.options, rematch_of.bots
        else:
            self.read_names()
            setup = self.setups[game_key]
            count = setup["players"]
            bots = tuple(range(1, count)) if against_computer else ()
            names = tuple("Computer" if i in bots and count == 2 else
                          f"Computer {i}" if i in bots else
                          clean_name(setup["names"][i], catalog.entry(game_key).seat_label(i))
                          for i in range(count))
            options = dict(setup["options"])
        now = time.time()
        saved = SavedGame(id=secrets.token_hex(8), game=game_key, seed=secrets.token_hex(16),
                          names=names, bots=bots, options=options, created=now, updated=now)
        self.session = Session.open(saved, self.store)
        self.session.save()
        self.remember(saved.id)
        self.render()

    # Events

    def on_click(self, event) -> None:
        target = event.target.closest("[data-action],[data-tile],[data-building]")
        if target is None:
            return
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
        if held.pending is not None:
            held.pending = None
        else:
            getattr(held.board, "cancel", held.board.reset)()
        self.render()

    def guarded(self, action, *args) -> None:
        """Run an action; a bug shows a message and the home screen, never a traceback."""
        try:
            action(*args)
        except Exception as err:
            js.console.error(f"Parlor: {type(err).__name__}: {err}")
            self.notice = "Something went wrong with that action; your games are safe."
            self.session = self.link = None
            self.render()

    # Play by link

    def open_fragment(self, fragment: str) -> None:
        """A link was opened: merge it into this device's games and show it."""
        try:
            held, note = linkplay.open_link(self.link_store, fragment)
        except LinkProblem as err:
            self.notice = str(err)
            self.go_home()
            return
        self.session = None
        self.show_qr = self.show_seat_link = False
        self.link = LinkSession(held, self.link_store, notice=note)
        if held.seat is not None:
            self.remember("link:" + held.record.game_id.hex())
        self.render()
        js.window.scrollTo(0, 0)

    def open_held(self, game_id: str) -> None:
        try:
            held = self.link_store.get(bytes.fromhex(game_id))
        except LinkProblem as err:      # listed as damaged on the home screen
            held, self.notice = None, str(err)
        if held is None:
            self.notice = self.notice or "That game is no longer on this device."
            return self.go_home()
        self.session = None
        self.link = LinkSession(held, self.link_store)
        self.remember("link:" + game_id)
        self.render()

    def on_storage(self, event) -> None:
        """Another tab changed what this device keeps: show its newer copy of the game on
        screen, or the new list of games."""
        key = event.key
        if isinstance(key, str) and not key.startswith(linkplay.PREFIX):
            return
        if self.link is not None and self.link.seat is not None:
            fresh = self.link_store.get(self.link.record.game_id)
            if fresh is not None and fresh.record != self.link.record:
                self.link = LinkSession(fresh, self.link_store,
                                        notice="This game was changed in another tab.")
                self.render()
        elif self.link is None and self.session is None:
            self.render()

    def new_link_game(self, game_key: str) -> None:
        self.read_names()
        setup = self.setups[game_key]
        name = clean_name(setup["names"][0], "Player 1")
        low, high = catalog.entry(game_key).players
        options = dict(setup["options"]) | ({"players": setup["players"]} if low != high else {})
        options["clock"] = setup.get("clock", DEFAULT_CLOCK)
        self.link = linkplay.create(self.link_store, game_key, name, options)
        self.session = None
        self.remember("link:" + self.link.record.game_id.hex())
        self.render()

    def link_action(self, data: dict) -> None:
        link, action = self.link, data.get("action")
        if action == "join":
            name = js.document.getElementById("join-name").value
            link.join(clean_name(name, "Player 2"))
            self.remember("link:" + link.record.game_id.hex())
        elif action == "confirm":
            link.confirm()
        elif action == "take-back":
            link.pending = None
        elif action == "link-act":
            link.act(data["value"])
        elif action == "resend":
            link.sent = True
        elif action == "forfeit":
            if js.window.confirm("Claim that they forfeited? The game ends for everyone."):
                link.claim_forfeit()
        elif action == "qr":
            self.show_qr = not self.show_qr
        elif action == "seat-link":
            self.show_seat_link = not self.show_seat_link
        elif action in ("share", "copy"):
            return self.share(action == "share")
        else:
            link.tap(data)
        self.render()

    def share(self, system_sheet: bool) -> None:
        """Hand the link to the phone's share sheet, or copy it to the clipboard."""
        url = js.document.getElementById("share-link").value
        text = link_screens.share_text(self.link)
        if system_sheet and hasattr(js.navigator, "share"):
            title = "Parlor: " + catalog.entry(self.link.record.game).title()
            details = to_js({"title": title, "text": text, "url": url},
                            dict_converter=js.Object.fromEntries)
            js.navigator.share(details).catch(IGNORE)  # the player closed the share sheet
            return
        field = js.document.getElementById("share-link")
        field.select()
        if hasattr(js.navigator, "clipboard"):
            js.navigator.clipboard.writeText(url).then(COPIED, COPY_FAILED)
        else:
            toast("Select the link above and copy it.")

    def dispatch(self, data: dict) -> None:
        action = data.get("action")
        if action == "link-new":
            return self.new_link_game(data["game"])
        if action == "open-link":
            return self.open_held(data["id"])
        if action == "delete-link":
            if js.window.confirm("Delete this game from this device?"):
                self.link_store.remove(linkplay.PREFIX + data["id"])
            return self.render()
        if action == "discard-link":
            self.link_store.remove(data["key"])
            return self.render()
        if action == "clock":
            self.read_names()
            self.setups[data["game"]]["clock"] = int(data["value"])
            return self.render()
        if self.link is not None and action != "home":
            return self.link_action(data)
        session = self.session
        if action in ("players", "option"):
            return self.change_setup(data)
        if action == "start":
            return self.start_game(data["game"], against_computer="bots" in data)
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
        elif action == "undo":
            session.undo()
        elif action == "confirm":
            session.confirm()
        elif action == "rematch":
            return self.start_game(session.saved.game, rematch_of=session.saved)
        else:
            session.tap(data)
        self.render()


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
TAP_ATTRIBUTES = ("data-action", "data-tile", "data-building", "data-figure", "data-cell",
                  "data-mark")


def focus_key(root) -> str | None:
    """A selector for the focused element inside `root` (its id, or else its tap attributes),
    '' when it has neither, None when the focus is elsewhere."""
    here = js.document.activeElement
    if not here or not root.contains(here) or here == root:
        return None
    if here.id:
        return "#" + str(here.id)
    parts = [f'[{name}="{here.getAttribute(name)}"]' for name in TAP_ATTRIBUTES
             if here.hasAttribute(name)]
    return "".join(parts)


def restore_focus(root, key: str | None) -> None:
    """After a redraw, focus what had the focus before, or else the next thing to act on."""
    if key is None:
        return
    same = root.querySelector(key) if key else None
    if same:
        same.focus()
        return
    other = (root.querySelector(".actions button.primary") or
             root.querySelector(".board [role=button]") or root.querySelector(".actions button")
             or root.querySelector("section button.primary") or root.querySelector("button"))
    if other:
        other.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def step_focus(here, dx: int, dy: int) -> None:
    """Move the focus to the board target nearest `here` in the direction (dx, dy)."""
    box = here.getBoundingClientRect()
    x0, y0 = box.left + box.width / 2, box.top + box.height / 2
    best, best_cost = None, None
    for other in here.closest("svg").querySelectorAll("[role=button]"):
        if other == here:
            continue
        b = other.getBoundingClientRect()
        ddx, ddy = b.left + b.width / 2 - x0, b.top + b.height / 2 - y0
        ahead = ddx * dx + ddy * dy
        if ahead <= 1:
            continue
        cost = ahead + 2 * abs(ddx * dy + ddy * dx)
        if best_cost is None or cost < best_cost:
            best, best_cost = other, cost
    if best is not None:
        here.setAttribute("tabindex", "-1")
        best.setAttribute("tabindex", "0")
        best.focus()


def rove(root) -> None:
    """One tab stop per board (so Tab goes on to the buttons): the focused target, else the
    chosen one, else the first; the arrows move between the others."""
    for board in root.querySelectorAll(".board"):
        if board.scrollWidth > board.clientWidth and not board.querySelector("[role=button]"):
            board.tabIndex = 0      # a board wider than the phone scrolls by keys too
    for svg in root.querySelectorAll(".board svg[role=group]"):
        current = (svg.querySelector("[role=button]:focus")
                   or svg.querySelector('[role=button][aria-pressed="true"]')
                   or svg.querySelector("[role=button]"))
        for other in svg.querySelectorAll("[role=button]"):
            other.setAttribute("tabindex", "0" if other == current else "-1")


def announce(root) -> None:
    """Read out what the screen marks with data-announce, when it changed (the live region
    lives outside the redrawn part of the page, so screen readers notice it)."""
    words = " ".join(" ".join(str(el.textContent).split())
                     for el in root.querySelectorAll("[data-announce]"))
    region = js.document.getElementById("announce")
    if words and region and region.textContent != words:
        region.textContent = words


def page_base() -> str:
    """This page's address without its fragment: links are made from it."""
    return str(js.location.href).split("#", 1)[0]


def toast(text: str) -> None:
    """A short message at the bottom of the screen that goes away by itself."""
    box = js.document.getElementById("toast")
    box.textContent = text
    box.hidden = False
    js.setTimeout(HIDE_TOAST, 2500)


COPIED = create_proxy(lambda _: toast("Link copied: paste it into a message."))
COPY_FAILED = create_proxy(lambda _: toast("Select the link above and copy it."))
IGNORE = create_proxy(lambda _: None)
HIDE_TOAST = create_proxy(lambda: setattr(js.document.getElementById("toast"), "hidden", True))


def take_fragment(app: App) -> bool:
    """Open the link in the address bar, if any, then clear it from the bar."""
    fragment = str(js.location.hash)
    if len(fragment) <= 1:
        return False
    js.history.replaceState(None, "", page_base())
    app.guarded(app.open_fragment, fragment)
    return True


def start() -> None:
    """Take over the page from the loading screen."""
    root = js.document.getElementById("app")
    app = App(root)
    root.addEventListener("click", create_proxy(app.on_click))
    root.addEventListener("keydown", create_proxy(app.on_key))
    region = js.document.createElement("div")
    region.id, region.className = "announce", "sr-only"
    region.setAttribute("aria-live", "polite")
    js.document.body.appendChild(region)
    js.window.addEventListener("hashchange", create_proxy(lambda event: take_fragment(app)))
    js.window.addEventListener("storage", create_proxy(lambda event: app.guarded(
        app.on_storage, event)))
    current = app.backend.get(CURRENT) or ""
    if take_fragment(app):
        pass  # an opened link decides the screen
    elif current.startswith("link:"):
        app.guarded(app.open_held, current[len("link:"):])
    elif current:
        app.guarded(app.open_game, current)
    else:
        app.guarded(app.render)
    js.document.getElementById("boot").hidden = True
    root.hidden = False
    js.document.documentElement.dataset.ready = "1"
    js.window.parlorReadyAt = js.performance.now()  # read by bench/startup.py
