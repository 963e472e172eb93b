"""Tod dem Tyrannen! on screen: tap a figure, then a lit field. A plain step is played at once;
a push or a strike first shows what it would do and waits for its button.

The board reads only a SeatView (the seat's view and its legal moves); what an action would
do is worked out from the view (rules.preview)."""
from __future__ import annotations

from typing import NamedTuple

from ...i18n import N_, _, and_list, ngettext
from . import view as view_tt
from .rules import (DIR_NAMES, DIRS, END, FIRST_CITIZEN, N_ASSASSINS, N_FIGURES, Move,
                    preview, rank_subset)

# Translators: buttons; rulebook "gefangen nehmen" (capture), "ausschalten" (eliminate),
# "angreifen" (attack the king).
STRIKE_WORDS = {"capture": N_("Capture"), "eliminate": N_("Eliminate"), "attack": N_("Attack")}


class Choice(NamedTuple):
    """One legal action of the selected figure, as the player sees it."""

    move: Move
    cell: int | None          # the field it acts on; None for the step into the castle
    kind: str                 # move, push, capture, eliminate, attack, castle
    cost: int
    shoved: tuple             # (figure, from field, to field) for each figure pushed


class Board:
    """Selection state on one device; knows no rules beyond the legal moves and previews."""

    hidden_hands = True     # the rebel's screen shows the assassins: pass between players
    stages_moves = False    # every action is played at once; a turn is many actions
    zoomable = True         # 44 px fields need more than a phone's width: it may pan

    def __init__(self):
        self.figure: int | None = None    # selected figure; it stays selected after acting
        self.target: int | None = None    # chosen field (or side B start) awaiting a button
        self.chosen: tuple = ()           # citizens picked as assassins so far
        self.ending = False               # End turn pressed with AP left: asked to be sure
        self.places: dict | None = None   # where each figure stood in the view last drawn
        self.mover = None                 # the seat to move in the view last drawn
        self.acting = None                # whose actions `moved` shows
        self.moved: dict = {}             # figure -> field it stood on before those actions

    def reset(self) -> None:
        """After a move: forget the chosen field; the figure that acted stays selected."""
        self.target = None
        self.chosen = ()
        self.ending = False

    def cancel(self) -> None:
        """Escape: drop the chosen field, else the selected figure, else the assassins picked."""
        self.ending = False
        if self.target is not None:
            self.target = None
        elif self.figure is not None:
            self.figure = None
        else:
            self.chosen = ()

    # Reading the position from the view.

    @staticmethod
    def _own(view: dict, fig: int) -> bool:
        """Whether the player to move commands this figure and it is on the board."""
        if view["phase"] == "king":
            if fig == 0:
                return view["king"]["at"] is not None
            return 1 <= fig < FIRST_CITIZEN and view["knights"][fig - 1]["at"] is not None
        if view["phase"] == "rebel" and FIRST_CITIZEN <= fig < N_FIGURES:
            return view["citizens"][fig - FIRST_CITIZEN]["at"] is not None
        return False

    def _selected(self, view: dict) -> int | None:
        return self.figure if self.figure is not None and self._own(view, self.figure) else None

    def _choices(self, seen) -> list:
        """The step and strike moves of the selected figure with their field, kind and cost."""
        view = seen.view
        fig = self._selected(view)
        if fig is None:
            return []
        width = len(view["fields"][0])
        at = _at(view, fig)
        out = []
        for m in seen.legal:
            if m.fig != fig or m.kind not in ("step", "strike"):
                continue
            after = preview(view, m)
            cost = sum(view["ap"].values()) - sum(after["ap"].values())
            r, c = at[0] + DIRS[m.arg][0], at[1] + DIRS[m.arg][1]
            gate = next((g for g in view["gates"] if g["at"] == at), None)
            if fig == 0 and gate is not None and gate["exit"] == "NESW"[m.arg]:
                out.append(Choice(m, None, "castle", cost, ()))
                continue
            cell = r * width + c
            if m.kind == "strike":
                out.append(Choice(m, cell, _strike_kind(view, [r, c]), cost, ()))
                continue
            shoved = tuple((f, view_tt.index(view, _at(view, f)),
                            view_tt.index(view, _at(after, f)))
                           for f in range(FIRST_CITIZEN, N_FIGURES)
                           if _at(view, f) != _at(after, f))
            out.append(Choice(m, cell, "push" if shoved else "move", cost, shoved))
        return out

    # Taps.

    def tap(self, seen, data: dict, pending):
        """A tap on a figure, a lit field or a button; returns a move to play, or None."""
        view = seen.view
        phase, action = view["phase"], data.get("action")
        legal = seen.legal
        if phase == "assassins":
            return self._tap_assassins(data, legal)
        if phase == "start":
            return self._tap_start(view, data, action, legal)
        if phase not in ("king", "rebel"):
            return None
        if action == "end-turn":
            if not self.ending and list(legal) != [END]:
                self.ending = True          # points are left: ask once more
                return None
            self.figure = self.target = None
            self.ending = False
            return END
        self.ending = False
        if "figure" in data:
            fig = int(data["figure"])
            if self._own(view, fig):
                self.figure = None if fig == self._selected(view) else fig
                self.target = None
            return None
        choices = self._choices(seen)
        if "cell" in data:
            cell = int(data["cell"])
            here = [ch for ch in choices if ch.cell == cell]
            if len(here) == 1 and (here[0].kind == "move" or cell == self.target):
                return here[0].move
            self.target = cell if here else None
            return None
        if action == "castle":
            return next((ch.move for ch in choices if ch.kind == "castle"), None)
        if action in ("do-step", "do-strike"):
            kind = action[3:]
            return next((ch.move for ch in choices
                         if ch.cell == self.target and ch.move.kind == kind), None)
        fig = self._selected(view)
        if action == "unmask" and fig is not None and Move("unmask", fig) in legal:
            return Move("unmask", fig)
        return None

    def _tap_assassins(self, data: dict, legal):
        if "figure" in data:
            fig = int(data["figure"])
            c = fig - FIRST_CITIZEN
            if c in self.chosen:
                self.chosen = tuple(x for x in self.chosen if x != c)
            elif FIRST_CITIZEN <= fig < N_FIGURES and len(self.chosen) < N_ASSASSINS:
                self.chosen += (c,)
            return None
        if data.get("action") == "assassins" and len(self.chosen) == N_ASSASSINS:
            move = Move("assassins", 0, rank_subset(self.chosen))
            return move if move in legal else None
        return None

    def _tap_start(self, view: dict, data: dict, action, legal):
        if "cell" in data:
            cells = [view_tt.index(view, at) for at in view["start_fields"]]
            cell = int(data["cell"])
            self.target = cells.index(cell) if cell in cells else None
            return None
        if action == "king-start" and self.target is not None:
            move = Move("start", 0, self.target)
            return move if move in legal else None
        return None

    # Drawing.

    def svg(self, seen, pending, names, interactive: bool) -> str:
        view = seen.view
        self._track(view)
        ui = self._ui(seen) if interactive and seen.seat in view["to_move"] else {}
        ui["moved"] = [{"from": cell, "to": self.places[f]} for f, cell in self.moved.items()]
        return view_tt.render(view, ui, list(names))

    def _track(self, view: dict) -> None:
        """Follow the figures from view to view drawn: `moved` keeps where each figure stood
        before the actions of the side that acted last (the last move, marked on the board)."""
        places = {f: None if _at(view, f) is None else view_tt.index(view, _at(view, f))
                  for f in range(N_FIGURES)}
        if self.places is not None and places != self.places and view["phase"] in (
                "king", "rebel", "over") and self.mover is not None:
            if self.mover != self.acting:
                self.acting, self.moved = self.mover, {}
            for f, cell in self.places.items():
                if places[f] != cell and f not in self.moved and cell is not None:
                    self.moved[f] = cell
            self.moved = {f: cell for f, cell in self.moved.items() if places[f] != cell}
        self.places = places
        self.mover = view["to_move"][0] if view["to_move"] else None

    def _ui(self, seen) -> dict:
        """What the player to move may tap, what is lit, and the preview of a chosen field."""
        view = seen.view
        phase = view["phase"]
        if phase == "assassins":
            return {"pickable": list(range(FIRST_CITIZEN, N_FIGURES)),
                    "chosen": list(self.chosen)}
        if phase == "start":
            ui = {"start_cells": [view_tt.index(view, at) for at in view["start_fields"]]}
            if self.target is not None:
                ui["target"] = ui["start_cells"][self.target]
                after = preview(view, Move("start", 0, self.target))
                ghosts = [{"to": view_tt.index(view, after["king"]["at"]), "label": "K"}]
                ghosts += [{"to": view_tt.index(view, k["at"]), "label": str(n + 1)}
                           for n, k in enumerate(after["knights"])]
                ui["preview"] = {"ghosts": ghosts}
            return ui
        figs = range(FIRST_CITIZEN) if phase == "king" else range(FIRST_CITIZEN, N_FIGURES)
        choices = self._choices(seen)
        ui = {"pickable": [f for f in figs if self._own(view, f)],
              "selected": self._selected(view),
              "targets": [{"cell": ch.cell, "kind": ch.kind, "cost": ch.cost,
                           "words": view_tt.cost_words(_does(view, ch), ch.cost)}
                          for ch in choices],
              "target": self.target}
        here = [ch for ch in choices if ch.cell == self.target and self.target is not None]
        if here:
            ghosts = [{"from": a, "to": b, "label": _label(f)}
                      for ch in here for f, a, b in ch.shoved]
            struck = [] if ghosts else [ch.cell for ch in here if ch.move.kind == "strike"]
            ui["preview"] = {"ghosts": ghosts, "struck": struck}
        return ui

    # Words and buttons.

    def buttons(self, seen, pending) -> list:
        """Confirm the assassins or the start, the actions on a chosen field, End turn."""
        view = seen.view
        phase = view["phase"]
        if phase == "assassins":
            return ([(_("Confirm assassins"), "assassins", True)]
                    if len(self.chosen) == N_ASSASSINS else [])
        if phase == "start":
            return [(_("Start here"), "king-start", True)] if self.target is not None else []
        if phase not in ("king", "rebel"):
            return []
        out = []
        choices = self._choices(seen)
        for ch in choices:
            if ch.kind == "castle":
                out.append((_("Enter castle"), "castle", True))
            elif ch.cell == self.target and self.target is not None:
                out.append((_word(ch), f"do-{ch.move.kind}", True))
        fig = self._selected(view)
        if fig is not None and Move("unmask", fig) in seen.legal:
            # Translators: rulebook "enttarnen".
            out.append((_("Unmask"), "unmask", True))
        if self.ending:
            out.append((_("Yes, end my turn"), "end-turn", True))
        else:
            out.append((_("End turn"), "end-turn", list(seen.legal) == [END]))
        return out

    def hint(self, seen, pending) -> str:
        """One line: what the player to move can do now."""
        view = seen.view
        phase, ap = view["phase"], view["ap"]
        if phase == "assassins":
            if len(self.chosen) < N_ASSASSINS:
                more = N_ASSASSINS - len(self.chosen)
                return ngettext("Rebel, in secret: tap {n} more citizen to hide your assassins "
                                "among them.",
                                "Rebel, in secret: tap {n} more citizens to hide your assassins "
                                "among them.", more).format(n=more)
            return _("Confirm your three assassins, or tap one to choose another.")
        if phase == "start":
            if self.target is None:
                return _("Choose where the king starts: tap start field 1 or 2.")
            return _("The king and knights would stand as shown: Start here, or tap the other "
                     "field.")
        if phase not in ("king", "rebel"):
            return ""
        fig = self._selected(view)
        if phase == "king":
            pools = _("{king} king AP and {knights} knight AP left.").format(
                king=ap["king"], knights=ap["knights"])
        else:
            pools = ngettext("{n} AP left.", "{n} AP left.", ap["rebel"]).format(n=ap["rebel"])
        if self.ending:
            return " ".join((pools, _("End your turn anyway? Those points are lost.")))
        if fig is None:
            if phase == "king":
                tap = _("Tap the king or a knight to see where it can go.")
            else:
                tap = _("Tap a citizen or assassin to see where it can go.")
            return " ".join((pools, tap))
        name = view_tt.figure_words(view, fig)
        choices = self._choices(seen)
        here = [ch for ch in choices if ch.cell == self.target and self.target is not None]
        if here:
            return _what(view, here)
        unmask = Move("unmask", fig) in seen.legal
        if not choices:
            if unmask:
                return _("{figure} cannot act now. Unmask it to strike. Tap another figure, "
                         "or End turn.").format(figure=name)
            return _("{figure} cannot act now. Tap another figure, or End turn.").format(
                figure=name)
        text = _("{figure}: tap a lit field (the number is its AP cost).").format(figure=name)
        if any(ch.kind == "castle" for ch in choices):
            return " ".join((text, _("Or press Enter castle to win!")))
        if unmask:
            return " ".join((text, _("Unmask it to make it an assassin.")))
        return text

    def news(self, old: dict, new: dict, names) -> str:
        """Public events between two views: a new round card, figures removed, a wound."""
        events = []
        for c, (a, b) in enumerate(zip(old["citizens"], new["citizens"])):
            if a["fate"] == "board" and b["fate"] == "captured":
                events.append(("capture", _("The knights captured citizen {n}.").format(
                    n=c + 1)))
            elif a["fate"] == "board" and b["fate"] == "eliminated":
                events.append(("eliminate", _(
                    "The knights eliminated the assassin, citizen {n}.").format(n=c + 1)))
        for k, (a, b) in enumerate(zip(old["knights"], new["knights"])):
            if a["at"] is not None and b["at"] is None:
                events.append(("kill", _("An assassin eliminated knight {n}.").format(n=k + 1)))
        if new["king"]["wounds"] > old["king"]["wounds"]:
            events.append(("wound", _("An assassin wounded the king! One more hit kills him.")))
        if new["outcome"] is not None and new["assassins"] and old["outcome"] is None:
            if all(new["citizens"][c]["fate"] != "board" for c in new["assassins"]):
                shown = ", ".join(str(c + 1) for c in new["assassins"])
                events.append(("last", _("That was the last assassin: the rebel shows the "
                                         "chosen citizens {citizens}.").format(citizens=shown)))
        round_card = None
        if new["card"] and new["round"] > old["round"] and new["phase"] != "over":
            card = new["card"]
            round_card = {
                "title": _("Round {round} of {total}").format(round=new["round"],
                                                              total=new["rounds_total"]),
                # Translators: the round card's action points (rulebook "Rundenkarte", AP).
                "card": _("Rebel {rebel} AP \u00b7 King {king} AP \u00b7 Knights {knights} "
                          "AP").format(rebel=card["rebel_ap"], king=card["king_ap"],
                                       knights=card["knight_ap"]),
                # Translators: rulebook "Fessel-Symbol" (the shackle on a round card).
                "shackle": (_("Shackle: the knights may capture one citizen this round.")
                            if card["shackle"] else _("No shackle: no captures this round.")),
                "next": _("{player} moves first.").format(player=_king_player(names))}
        return view_tt.render_news(round_card, events)

    def summary(self, view: dict, names) -> str:
        """The end explained: who the assassins were, and what the fight cost."""
        return view_tt.render_summary(view)


def _at(view: dict, fig: int):
    if fig == 0:
        return view["king"]["at"]
    if fig < FIRST_CITIZEN:
        return view["knights"][fig - 1]["at"]
    return view["citizens"][fig - FIRST_CITIZEN]["at"]


def _strike_kind(view: dict, at) -> str:
    """What a strike on the figure at `at` does: capture, eliminate or attack."""
    if view["king"]["at"] == at:
        return "attack"
    citizen = next((c for c in view["citizens"] if c["at"] == at), None)
    return "capture" if citizen is not None and not citizen["unmasked"] else "eliminate"


def _label(fig: int) -> str:
    return "K" if fig == 0 else str(fig if fig < FIRST_CITIZEN else fig - FIRST_CITIZEN + 1)



def _occupant(view: dict, cell: int) -> str:
    width = len(view["fields"][0])
    at = list(divmod(cell, width))
    for fig in range(N_FIGURES):
        if _at(view, fig) == at:
            return view_tt.figure_words(view, fig, inner=True)
    return _("the field")


def _word(choice: Choice) -> str:
    """The button that does a chosen field's action."""
    if choice.kind == "push":
        # Translators: button; rulebook "schubsen".
        return _("Push")
    return _(STRIKE_WORDS[choice.kind]) if choice.kind in STRIKE_WORDS else _("Move")


def _does(view: dict, ch: Choice) -> str:
    """What a choice does, in words: "move here", "push citizen 3 east", "capture citizen 4"."""
    if ch.kind == "push":
        pushed = and_list(view_tt.figure_words(view, f, inner=True) for f, *_rest in ch.shoved)
        return _("push {figures} {way}").format(figures=pushed, way=_(DIR_NAMES[ch.move.arg]))
    if ch.kind in ("move", "castle"):
        return _("move here") if ch.kind == "move" else _("step into the castle")
    who = _occupant(view, ch.cell)
    if ch.kind == "capture":
        return _("capture {figure}").format(figure=who)
    if ch.kind == "eliminate":
        return _("eliminate {figure}").format(figure=who)
    if view["king"]["wounds"]:
        return _("kill {figure}").format(figure=who)
    return _("wound {figure}").format(figure=who)


def _what(view: dict, here: list) -> str:
    """The chosen field's actions in words, with their cost and how to do them."""
    parts = []
    for ch in here:
        who = _occupant(view, ch.cell)
        if ch.kind == "push":
            pushed = and_list(view_tt.figure_words(view, f, inner=True)
                              for f, *_rest in ch.shoved)
            what = ngettext("{action} ({n} AP) shoves {figures} {way}",
                            "{action} ({n} AP) shoves {figures} {way}", ch.cost)
            what = what.format(figures=pushed, way=_(DIR_NAMES[ch.move.arg]),
                               action=_word(ch), n=ch.cost)
        elif ch.kind == "capture":
            what = ngettext("{action} ({n} AP) takes {figure}", "{action} ({n} AP) takes {figure}",
                            ch.cost).format(action=_word(ch), n=ch.cost, figure=who)
        elif ch.kind == "eliminate":
            what = ngettext("{action} ({n} AP) removes {figure}",
                            "{action} ({n} AP) removes {figure}",
                            ch.cost).format(action=_word(ch), n=ch.cost, figure=who)
        elif view["king"]["wounds"]:
            what = ngettext("{action} ({n} AP) kills {figure}", "{action} ({n} AP) kills {figure}",
                            ch.cost).format(action=_word(ch), n=ch.cost, figure=who)
        else:
            what = ngettext("{action} ({n} AP) wounds {figure}",
                            "{action} ({n} AP) wounds {figure}",
                            ch.cost).format(action=_word(ch), n=ch.cost, figure=who)
        parts.append(what)
    if len(parts) == 1:
        return _("{action}: press {button}, or tap the field again.").format(
            action=parts[0], button=_word(here[0]))
    text = parts[0]
    for part in parts[1:]:
        text = _("{first}, or {second}").format(first=text, second=part)
    return _("{actions}: choose below.").format(actions=text)


def _king_player(names) -> str:
    """Who plays the king, said once: "Ana (the king)", or "The king" when unnamed."""
    names = list(names or [])
    name = names[0] if names else ""
    if name and name != _(view_tt.ROLE_NAMES[0]) and "king" not in name.lower():
        return _("{name} (the king)").format(name=name)
    return _("The king")
