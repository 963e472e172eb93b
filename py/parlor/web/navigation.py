"""Part of the App: one browser history entry per screen, so Back goes to the previous screen;
a game by link keeps its public link as the address. A new screen starts at the top."""
import js

from .. import catalog
from ..links.record import encode
from ..play.saves import StorageFull
from ..screens import link as link_screens
from .page import js_object, page_base

CURRENT = "parlor:current"      # the game to reopen after a reload


class Navigation:
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
        state = js_object({"screen": screen})
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
