"""The computer player's worker, seen from the page."""
import js
from pyodide.ffi import create_once_callable, create_proxy

from .page import js_object

BOT_PAUSE_MS = 350


class Computer:
    """The computer's moves, worked out in a worker (pyodide/bots.mjs) so that the page never
    stops answering while it thinks. Where the worker cannot run, the move is worked out on
    the page (which then stands still while it thinks, as a last resort)."""

    def __init__(self, app):
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
