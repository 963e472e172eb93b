"""Part of the App: games by link (open, join, act, share, rematch) and other tabs' changes."""
import js

from .. import catalog
from ..i18n import _
from ..links import device as linkplay
from ..links.clock import DEFAULT_CLOCK
from ..links.device import LinkProblem, LinkSession
from ..play import resigning
from ..play.looked import last_looked
from ..play.saves import clean_name
from ..screens import home as home_screens, link as link_screens
from .page import COPIED, COPY_FAILED, IGNORE, js_object, page_base, toast


class ByLink:
    def draw_link(self) -> None:
        """The game by link on screen; with what the others did since this device last showed
        it while the game stands where it stood at opening. The device notes what it showed."""
        link, since = self.link, self.since
        count = link_screens.history_of(link).count
        shown = since[1] if since and since[0] == link.record.game_id and since[2] == count \
            else None
        self.root.innerHTML = link_screens.link_screen(link, page_base(), self.show_qr,
                                                       self.show_seat_link, shown, self.replay_step,
                                                       self.zoomed, self.own_name())
        if link.seat is not None:
            self.looked.saw(link.record.game_id, count)

    def opened_link(self) -> None:
        """A game by link was opened: keep what this device had shown of it, for the summary."""
        history = link_screens.history_of(self.link)
        self.since = (self.link.record.game_id,
                      last_looked(self.looked, self.link_store, history), history.count)
        self.replay_step = None

    def own_name(self) -> str:
        """The name this device's player last played under ("" if none): the first name the
        last new game's form kept."""
        remembered = self.remembered_names()
        return remembered[0] if remembered else ""

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
        self.link = linkplay.opened_session(held, self.link_store, note)
        self.opened_link()
        if held.seed is not None:
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
        if self.link is not None:
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
            name = link_screens.joining_name(link.record, typed, self.own_name())
            link.join(name)
            if link.held.seed is not None and name and name == typed.strip() \
                    and name != self.own_name():
                self.keep_names({0: name})      # suggested next time, as a new game's names
            self.remember("link:" + link.record.game_id.hex())
        elif action == "link-start":
            link.start()
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
            details = js_object({"title": title, "text": text, "url": url})
            js.navigator.share(details).catch(IGNORE)  # the player closed the share sheet
            return
        field = js.document.getElementById("share-link")
        field.select()
        if hasattr(js.navigator, "clipboard"):
            js.navigator.clipboard.writeText(f"{text}\n{url}").then(COPIED, COPY_FAILED)
        else:
            toast(_("Select the link above and copy it."))
