"""Tsuro on screen: tap a start mark, or a tile of your hand (again to turn it); then Confirm.

The board reads only a SeatView (the seat's view and its legal moves); what a tried tile
would do is worked out from the view's public board (rules.from_view)."""
from __future__ import annotations

from . import view as view_tsuro
from ...i18n import N_, _, ngettext
from .rules import (LEAVE, TAKE, TILES, Pick, Place, StartMark, collisions, from_view, preview,
                    rotated_pairs)

# Translators: Tsuro: every tile the player holds, turned any way, ends their game.
SELF_OUT = N_("Every tile in every turning takes your marker out of the game: pick the way "
              "you go.")
# Translators: Tsuro: why tapping that tile did nothing.
NO_WAY = N_("That tile would take your marker out however it is turned: try another.")


class Board:
    """What the player is trying; the moves themselves come from the engine's legal list."""

    hidden_hands = True     # hands are private: a pass screen between players
    stages_moves = True     # a start mark, a placement or a bonus pick waits for Confirm

    def __init__(self):
        self.note = ""        # why the last tap did nothing, for the hint (a message id)
        self._drawn = None    # the view last drawn: its moves are animated only once

    def reset(self) -> None:
        self.note = ""

    # Input

    def tap(self, seen, data: dict, pending):
        """A tap on the board or a button; returns the move to stage, or None."""
        self.note = ""
        legal = seen.legal
        action = data.get("action")
        if action == "mark":
            move = StartMark(_number(data.get("mark")))
            return move if move in legal else None
        if action in ("keep", "give-up"):
            move = TAKE if action == "keep" else LEAVE
            return move if move in legal else None
        if action == "rotate" and isinstance(pending, Place):
            return self._turn(seen, pending.slot, pending)
        if "tile" in data and seen.view["phase"] == "play":
            hand = _hand(seen)
            tile = _number(data["tile"])
            if tile in hand:
                return self._turn(seen, hand.index(tile), pending)
        return None

    def _turn(self, seen, slot: int, pending):
        """The tile in `slot` tried in its first way, or turned on to its next different way."""
        rotations = _ways(seen, slot)
        if not rotations:
            self.note = NO_WAY
            return None
        if isinstance(pending, Place) and pending.slot == slot and pending.rotation in rotations:
            return Place(slot, rotations[(rotations.index(pending.rotation) + 1) % len(rotations)])
        return Place(slot, rotations[0])

    # Output

    def svg(self, seen, pending, names, interactive: bool) -> str:
        """The board as the seat sees it; the last move's paths run only the first time."""
        view = seen.view
        animate = view != self._drawn
        self._drawn = view
        ui = {"interactive": interactive, "animate": animate, "pending": None,
              "blocked": [], "candidates": []}
        if interactive and view["phase"] == "play":
            hand = _hand(seen)
            ui["blocked"] = [t for slot, t in enumerate(hand) if not _ways(seen, slot)]
        exchange = view.get("exchange") or {}
        if "candidates" in exchange:
            ui["candidates"] = [{"tile": t, "pairs": [list(p) for p in TILES[t]],
                                 "own": t not in exchange["pool"]}
                                for t in exchange["candidates"]]
        if interactive and pending is not None:
            ui["pending"] = _pending_ui(seen, pending)
        return view_tsuro.render(view, ui, list(names))

    def staged(self, seen, pending) -> str:
        """The staged start mark or tile in words (a bonus pick: the hint names it)."""
        if isinstance(pending, StartMark):
            row, column, _point = seen.view["start_marks"][pending.index]
            # Translators: Tsuro: the start mark waiting for Confirm, on the board's edge.
            return _("Start mark on row {row}, column {column}.").format(row=row + 1,
                                                                         column=column + 1)
        if isinstance(pending, Place):
            tile = _hand(seen)[pending.slot]
            if pending.rotation:
                # Translators: Tsuro: the tile waiting for Confirm; {degrees} is 90, 180 or
                # 270.
                return _("Tile {tile} turned {degrees}\u00b0 in front of your marker.").format(
                    tile=tile, degrees=90 * pending.rotation)
            # Translators: Tsuro: the tile waiting for Confirm, as it is in the hand.
            return _("Tile {tile} in front of your marker.").format(tile=tile)
        return ""

    def buttons(self, seen, pending) -> list:
        """Rotate while a tile is tried (if it has another way); Keep / Give up in a bonus."""
        if seen.view["phase"] == "exchange":
            # Translators: Tsuro: buttons of the elimination bonus: keep the raised tile, or
            # give it up.
            return [(_("Keep"), "keep", False), (_("Give up"), "give-up", False)]
        if isinstance(pending, Place) and len(_ways(seen, pending.slot)) > 1:
            # Translators: Tsuro: a button that turns the tile being tried a quarter turn.
            return [(_("Turn \u21bb"), "rotate", False)]
        return []

    def hint(self, seen, pending) -> str:
        """One line telling the player what to do now."""
        view = seen.view
        phase = view["phase"]
        if phase == "start":
            if pending is not None:
                # Translators: Tsuro: a start mark is one of the places on the board's edge
                # where a marker begins (rulebook: start mark).
                return _("Confirm this start mark, or tap another one.")
            # Translators: Tsuro: the free start marks are drawn as gold rings.
            return _("Tap a free start mark (gold ring) on the edge for your marker.")
        if phase == "exchange":
            return _exchange_hint(view["exchange"], pending)
        if phase != "play":
            return ""
        if self.note:
            return _(self.note)
        legal, state = seen.legal, from_view(view)
        forced = _mover(view) in preview(state, legal[0].slot, legal[0].rotation)["eliminates"]
        if pending is None:
            # Translators: Tsuro: the square in front of the player's marker is outlined gold.
            return _(SELF_OUT) if forced else _("Tap a tile of your hand to try it in front of "
                                                "your marker (gold square).")
        if forced:
            return " ".join((_(SELF_OUT), _("Tap the tile again to turn it, then Confirm.")))
        result = preview(state, pending.slot, pending.rotation)
        others = len(result["eliminates"])
        sentences = [_("Your path is shown.")]
        if others:
            sentences.append(ngettext("It puts {n} other marker out.",
                                      "It puts {n} other markers out.", others).format(n=others))
        if len(_ways(seen, pending.slot)) > 1:
            sentences.append(_("Tap it again to turn it; Confirm to play it."))
        else:
            sentences.append(_("Confirm to play it."))
        return " ".join(sentences)

    def news(self, before: dict, after: dict, names) -> str:
        """Public news between two views: who just went out, and how, on the board."""
        groups = after["eliminated_order"][len(before["eliminated_order"]):]
        if not groups:
            return ""
        return view_tsuro.render_news(_mover(before), groups, collisions(from_view(after)),
                                      list(names), after)

    def summary(self, view: dict, names) -> str:
        """The end screen's story: the order players went out in, and who was left."""
        return view_tsuro.render_summary(view, collisions(from_view(view)), list(names))


def _number(value) -> int:
    """A dataset value as an int; -1 when it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _mover(view: dict):
    """The seat to move, or None once the game is over."""
    return view["to_move"][0] if view["to_move"] else None


def _hand(seen) -> list:
    """The tile ids in the seat's own hand, in hand-slot order (none for a spectator)."""
    hand = seen.view["hands"][seen.seat] if seen.seat is not None else []
    return [t["tile"] for t in hand] if isinstance(hand, list) else []


def _ways(seen, slot: int) -> list:
    """The legal turnings of the tile in `slot`, one per different-looking way."""
    tile = _hand(seen)[slot]
    shapes, ways = set(), []
    for move in seen.legal:
        if isinstance(move, Place) and move.slot == slot:
            shape = frozenset(frozenset(p) for p in rotated_pairs(tile, move.rotation))
            if shape not in shapes:
                shapes.add(shape)
                ways.append(move.rotation)
    return ways


def _pending_ui(seen, pending) -> dict:
    """What the staged move looks like: a chosen mark, a tried tile with its paths, a pick."""
    if isinstance(pending, StartMark):
        return {"kind": "mark", "index": pending.index}
    if isinstance(pending, Pick):
        return {"kind": "pick", "take": pending.take}
    tile = _hand(seen)[pending.slot]
    result = preview(from_view(seen.view), pending.slot, pending.rotation)
    return {"kind": "place", "tile": tile, "pairs": [list(p) for p in TILES[tile]],
            "rot": pending.rotation, "paths": result["paths"],
            "eliminates": result["eliminates"]}


def _exchange_hint(exchange: dict, pending) -> str:
    left = exchange["keep"] - exchange["taken_count"]
    # Translators: Tsuro: the elimination bonus is an option of the game: a player who puts
    # others out may swap tiles with theirs, deciding on the tiles one at a time.
    head = ngettext("Elimination bonus: choose {n} more tile to keep.",
                    "Elimination bonus: choose {n} more tiles to keep.", left).format(n=left)
    if pending is None:
        # Translators: Tsuro: the raised one is the tile decided now.
        then = _("Keep the raised one, or give it up?")
    elif pending.take:
        then = _("Confirm to keep the raised one.")
    else:
        then = _("Confirm to give up the raised one.")
    return f"{head} {then}"
