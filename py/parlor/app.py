"""The browser side: the only module that touches the page. Everything else is plain Python."""
from __future__ import annotations

import json
import secrets
import time

import js
from pyodide.code import run_js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from . import catalog, i18n
from .i18n import _
from .links import device as linkplay
from .links.clock import DEFAULT_CLOCK
from .links.device import LinkProblem, LinkSession, LinkStore
from .links.record import encode
from .play.looked import Looked, last_looked
from .play.saves import SaveError, SavedGame, StorageFull, Store, clean_name, computer_name
from .play import resigning
from .play.bots import DEFAULT_LEVEL, LEVELS
from .play.session import Session
from .screens import game as game_screens, home as home_screens, link as link_screens
from .screens.replay import SLIDER
from .screens.rules import rules_screen
from .screens.status import your_turns

CURRENT = "parlor:current"
LANGUAGE = "parlor.language"    # the language chosen on this device (boot.js reads it too)
NAMES = "parlor:names"          # the names last played under, by seat: next time's suggestions
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


def js_object(data: dict):
    return to_js(data, dict_converter=js.Object.fromEntries)


class Computer:
    """The computer's moves, worked out in a worker (pyodide/bots.mjs) so that the page never
    stops answering while it thinks. Where the worker cannot run, the move is worked out on
    the page (which then stands still while it thinks, as a last resort)."""

    def __init__(self, app: "App"):
        self.app = app
        self.worker = None
        self.broken = False
        self.asked = ""             # "<game id>:<moves so far>" of the question in hand
        self.asked_at = 0.0
        self.booting = False        # the worker is starting its Python

    def start(self) -> None:
        """Start the worker (it takes a moment), e.g. as soon as a game with a computer opens."""
        if self.worker is None and not self.broken:
            try:
                self.worker = js.Worker.new("pyodide/bots.mjs", js_object({"type": "module"}))
            except Exception as err:
                return self.give_up(f"no worker: {err}")
            self.worker.onmessage = create_proxy(self.answered)
            self.worker.onerror = create_proxy(lambda event: self.give_up(str(event.message)))
            self.booting = True
            self.show_busy()

    def ask(self, saved) -> None:
        """Ask for the move of the computer to move in `saved` (once per position)."""
        question = f"{saved.id}:{len(saved.moves)}"
        if question == self.asked:
            return
        self.asked, self.asked_at = question, js.performance.now()
        self.start()
        if self.broken:
            return js.setTimeout(create_once_callable(self.app.run_bot), BOT_PAUSE_MS)
        self.worker.postMessage(js_object({"ask": question, "saved": saved.to_json()}))
        self.show_busy()

    def show_busy(self) -> None:
        """Mark the page (data-busy) while the worker starts or thinks: the start-up snapshot
        waits for a calm moment, so the two workers never share a phone's cores at once."""
        root = js.document.documentElement
        if self.worker is not None and (self.booting or self.asked):
            root.dataset.busy = "computer"
        elif root.hasAttribute("data-busy"):
            root.removeAttribute("data-busy")

    def answered(self, event) -> None:
        data = event.data
        if getattr(data, "ready", False):
            self.booting = False    # the worker's Python has started
            return self.show_busy()
        if str(data.ask) != self.asked:
            return                  # an answer for a game or position no longer on screen
        if getattr(data, "error", None):
            js.console.error(f"Parlor: the computer's worker failed: {data.error}")
            self.asked = ""
            self.show_busy()
            return self.app.run_bot()
        question, token = self.asked, str(data.token)

        def deliver():
            if self.asked == question:
                self.asked = ""     # asked again if this position is ever on screen again
            self.app.computer_moved(question, token)
            self.show_busy()

        wait = max(0, BOT_PAUSE_MS - (js.performance.now() - self.asked_at))  # a visible beat
        js.setTimeout(create_once_callable(deliver), wait)

    def give_up(self, why: str) -> None:
        js.console.warn(f"Parlor: the computer thinks on the page: {why}")
        self.broken, self.worker = True, None
        self.show_busy()
        if self.asked:
            self.asked = ""
            self.app.run_bot()


class App:
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
        self.staged = False           # a move staged at the last draw (focus goes to Confirm)
        self.shown = ("", "")       # the screen and the part of it last drawn (navigation)
        self.returning = False      # drawing a screen the browser went back or forward to
        self.replay_step: int | None = None   # the position shown while replaying a game
        self.page = ""              # a page that is no game: "rules:<game>", "setup:<game>"
        self.zoomed = False         # a board wider than the phone drawn at full size (it pans)

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

    def draw_link(self) -> None:
        """The game by link on screen; with what the others did since this device last showed
        it while the game stands where it stood at opening. The device notes what it showed."""
        link, since = self.link, self.since
        count = link_screens.history_of(link).count
        shown = since[1] if since and since[0] == link.record.game_id and since[2] == count \
            else None
        self.root.innerHTML = link_screens.link_screen(link, page_base(), self.show_qr,
                                                       self.show_seat_link, shown, self.replay_step,
                                                       self.zoomed)
        if link.seat is not None:
            self.looked.saw(link.record.game_id, count)

    def opened_link(self) -> None:
        """A game by link was opened: keep what this device had shown of it, for the summary."""
        history = link_screens.history_of(self.link)
        self.since = (self.link.record.game_id,
                      last_looked(self.looked, self.link_store, history), history.count)
        self.replay_step = None

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

    # Language: the device's choice, else the browser's; never in a link, a record or a save.

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

    # Navigation: one browser history entry per screen, so Back goes to the previous screen;
    # a game by link keeps its public link as the address. A new screen starts at the top.

    def here(self) -> tuple[str, str]:
        """The screen shown ("home", "game:<id>", "link:<id>") and which part of it: a game's
        pass, news and end screens are pages of their own, play and the computer's turn one."""
        if self.link is not None:
            return ("link:" + self.link.record.game_id.hex(),
                    "" if self.replay_step is None else "replay")
        if self.session is not None:
            phase = self.session.phase
            if self.replay_step is not None and phase in ("play", "bot", "over"):
                phase = "replay"
            return "game:" + self.session.saved.id, phase if phase in ("pass", "news", "over", "replay") else ""
        return self.page or "home", ""

    def address(self) -> str:
        if self.link is not None:
            return link_screens.link_url(page_base(), encode(self.link.record))
        return page_base()

    def track(self) -> None:
        """After drawing: a new history entry for a new screen (unless the browser went back
        or forward to it), the scroll at the top for a new screen or page."""
        screen, part = self.here()
        state = to_js({"screen": screen}, dict_converter=js.Object.fromEntries)
        if screen != self.shown[0] and not self.returning:
            js.history.pushState(state, "", self.address())
        else:
            js.history.replaceState(state, "", self.address())
        if (screen, part) != self.shown:
            js.window.scrollTo(0, 0)
        self.shown = (screen, part)

    def on_history(self, event) -> None:
        """Back or forward: draw the screen of that entry; an entry the app did not make is
        a link typed or pasted into the address bar."""
        state = event.state
        screen = str(state.screen) if state and getattr(state, "screen", None) else ""
        self.returning = bool(screen)
        try:
            self.guarded(self.show, screen, str(js.location.hash))
        finally:
            self.returning = False

    def show(self, screen: str, fragment: str) -> None:
        """Draw `screen` (as `here` names it); without one, the link in `fragment` or home."""
        kind, _colon, key = screen.partition(":")
        if kind == "game":
            self.link = None
            return self.open_game(key)
        if kind == "link" and self.link_store.holds(key):
            return self.open_held(key)
        if kind in ("rules", "setup") and key in catalog.keys():
            return self.open_page(screen)
        if len(fragment) > 1:
            return self.open_fragment(fragment)
        self.go_home()

    def remember(self, current: str) -> None:
        """Reopen this game after a reload; a full storage only loses that convenience."""
        try:
            self.backend.set(CURRENT, current)
        except StorageFull:
            pass

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

    # Events

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
        self.opened_link()
        if held.seat is not None:
            self.remember("link:" + held.record.game_id.hex())
        self.render()

    def open_held(self, game_id: str) -> None:
        try:
            held = self.link_store.get(bytes.fromhex(game_id))
        except LinkProblem as err:      # listed as damaged on the home screen
            held, self.notice = None, str(err)
        if held is None:
            self.notice = self.notice or _("That game is no longer on this device.")
            return self.go_home()
        self.session = None
        self.link = LinkSession(held, self.link_store)
        self.opened_link()
        self.remember("link:" + game_id)
        self.render()

    def on_storage(self, event) -> None:
        """Another tab changed what this device keeps: show its newer copy of the game on
        screen, or the new list of games."""
        key = event.key
        if isinstance(key, str) and not key.startswith(linkplay.PREFIX):
            return
        if self.link is not None and self.link.seat is not None:
            fresh = linkplay.refreshed(self.link)
            if fresh is not None:
                self.link = fresh
                self.render()
        elif self.link is None and self.session is None:
            self.render()

    def new_link_game(self, game_key: str) -> None:
        self.read_names()
        setup = self.setups[game_key]
        name = clean_name(home_screens.chosen_names(setup)[0], "Player 1")
        if name != catalog.entry(game_key).default_name(0):
            self.keep_names({0: name})
        name = link_screens.creating_name(game_key, name)
        low, high = catalog.entry(game_key).players
        options = dict(setup["options"]) | ({"players": setup["players"]} if low != high else {})
        options["clock"] = setup.get("clock", DEFAULT_CLOCK)
        try:
            self.link = linkplay.create(self.link_store, game_key, name, options)
        except LinkProblem as err:
            toast(str(err))
            return
        self.session = None
        self.remember("link:" + self.link.record.game_id.hex())
        self.render()

    def link_action(self, data: dict) -> None:
        link, action = self.link, data.get("action")
        if action in ("replay", "replay-step", "replay-done"):
            return self.replay_to(action, data)
        if self.replay_step is not None:
            return                              # the board of a replay takes no moves
        if action == "join":
            typed = str(js.document.getElementById("join-name").value)
            link.join(clean_name(link_screens.joining_name(link.record, typed), "Player 2"))
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
            if js.window.confirm(_("Claim that they forfeited? The game ends for everyone.")):
                link.claim_forfeit()
        elif action in resigning.ACTIONS:
            link.resign_step(action)
        elif action == "link-ask-rematch":
            link.asking_rematch = True
        elif action == "link-rematch":
            try:
                self.link = linkplay.rematch(self.link_store, link.held)
            except LinkProblem as err:
                link.notice = str(err)
                return self.render()
            self.show_qr = self.show_seat_link = False
            self.remember("link:" + self.link.record.game_id.hex())
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
            title = _("Parlor: {title}").format(title=catalog.entry(self.link.record.game).title())
            details = to_js({"title": title, "text": text, "url": url},
                            dict_converter=js.Object.fromEntries)
            js.navigator.share(details).catch(IGNORE)  # the player closed the share sheet
            return
        field = js.document.getElementById("share-link")
        field.select()
        if hasattr(js.navigator, "clipboard"):
            js.navigator.clipboard.writeText(f"{text}\n{url}").then(COPIED, COPY_FAILED)
        else:
            toast(_("Select the link above and copy it."))

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


# The game screen is drawn again after every move and tap, and most of it stays the same (a
# Tyros map is some 300 elements): `update_in_place` changes only the elements that differ, so
# the others keep their layout and paint. At 4x CPU slowdown a Tyros screen takes about 16 ms
# a move instead of 36, and the next frame about 14 ms instead of 28. Screens with text fields
# are replaced whole (a kept field would keep what was typed in it).
update_in_place = run_js("""(() => {
  const CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA"]);   // replaced, never updated
  function merge(live, fresh) {
    const old = [...live.childNodes], now = [...fresh.childNodes];
    now.forEach((node, i) => {
      const here = old[i];
      if (!here) live.append(node);
      else if (here.isEqualNode(node)) return;
      else if (here.nodeType === Node.ELEMENT_NODE && here.nodeName === node.nodeName
               && !CONTROLS.has(here.nodeName)) element(here, node);
      else if (here.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) here.data = node.data;
      else here.replaceWith(node);
    });
    old.slice(now.length).forEach((node) => node.remove());
  }
  function element(live, fresh) {
    for (const { namespaceURI, localName } of [...live.attributes]) {
      if (!fresh.hasAttributeNS(namespaceURI, localName)) live.removeAttributeNS(namespaceURI, localName);
    }
    for (const { namespaceURI, localName, name, value } of fresh.attributes) {
      if (live.getAttributeNS(namespaceURI, localName) !== value) live.setAttributeNS(namespaceURI, name, value);
    }
    merge(live, fresh);
  }
  return (root, html) => {       // root's content becomes html
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    merge(root, fresh.content);
  };
})()""")


def show_count(turns: int) -> None:
    """How many games by link wait for this player's move: on the app's icon where the browser
    can badge it, and in the page title."""
    js.document.title = f"({turns}) Parlor" if turns else "Parlor"
    if hasattr(js.navigator, "setAppBadge"):
        badge = js.navigator.setAppBadge(turns) if turns else js.navigator.clearAppBadge()
        badge.catch(IGNORE)     # not installed, or not allowed: the title still says it


def page_base() -> str:
    """This page's address without its fragment: links are made from it."""
    return str(js.location.href).split("#", 1)[0]


def toast(text: str) -> None:
    """A short message at the bottom of the screen that goes away by itself."""
    box = js.document.getElementById("toast")
    box.textContent = text
    box.hidden = False
    js.setTimeout(HIDE_TOAST, 2500)


COPIED = create_proxy(lambda result: toast(_("Message and link copied: paste them into a chat.")))
COPY_FAILED = create_proxy(lambda error: toast(_("Select the link above and copy it.")))
IGNORE = create_proxy(lambda result: None)
HIDE_TOAST = create_proxy(lambda: setattr(js.document.getElementById("toast"), "hidden", True))


def speak(code: str) -> str:
    """Make `code` the language of the app and of the page (<html lang>); the one in use."""
    code = i18n.use(code)
    js.document.documentElement.lang = code
    return code


def device_language(backend) -> str:
    """The language chosen on this device (the pseudo-locale too, for tests), else the first
    of the browser's languages Parlor speaks, else English."""
    try:
        stored = backend.get(LANGUAGE)
    except Exception:           # storage refused to this page: follow the browser
        stored = None
    if stored and i18n.supported(stored):
        return stored
    try:
        wanted = [str(tag) for tag in js.navigator.languages]
    except Exception:           # no navigator.languages: the one navigator.language
        wanted = [str(getattr(js.navigator, "language", "") or "")]
    return i18n.choose(wanted)


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
        js.history.replaceState(to_js({"screen": "home"}, dict_converter=js.Object.fromEntries),
                                "", page_base())
        app.shown = ("home", "")
        current = "" if len(fragment) > 1 else app.backend.get(CURRENT) or ""  # a link first
        app.guarded(app.show, current if current.startswith("link:") else
                    "game:" + current if current else "", fragment)
    js.document.getElementById("boot").hidden = True
    root.hidden = False
    js.document.documentElement.dataset.ready = "1"
    js.window.parlorReadyAt = js.performance.now()  # read by bench/startup.py
