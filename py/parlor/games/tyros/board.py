"""Tyros on screen: tap places on the map, tiles and buttons; every move waits for Confirm.

The board reads only a SeatView (the seat's view and its legal moves). Costs and the reason a
choice is not allowed come from the rules module asked about `from_view(view)`, a state with
the view's public facts and placeholders for what the seat cannot see.
"""
from __future__ import annotations

from ...engine.protocol import MalformedMove
from ...i18n import _, ngettext
from . import view as draw
from .rules import (ACTIONS, CANCEL, CARDS, DIST, ENGINE, EXCHANGE, KEEP, KEEPING,
                    LABELS, LOC_OF, MAP, MAX_STEP, NODES_OF, PASS, TILES, TYRE, Answer, Build,
                    Cards, City, Exchange, Offer, Pass, Sail, Tile, Under, build_cost,
                    city_cost, colour_count, colour_name, from_view, mine, place, place_name,
                    sub, words)

FIELDS = MAP["fields"]
LAND_BORDERS = [e["cells"] for e in MAP["edges"] if e["link"] == "land"]
STATIC = {"fields": FIELDS, "land_borders": LAND_BORDERS}


class Board:
    """What the player is putting together; the moves themselves are the engine's legal ones."""

    hidden_hands = True     # card and tile hands are private: a pass screen between players
    stages_moves = True     # every step waits for Confirm, its cost shown

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        self.note = None        # why the last tap did nothing, for the hint: a function
        #                         that words it when the hint is drawn (in the language then)
        self.picked = None      # the location tapped last
        self.source = None      # the node of the galleon chosen to sail
        self.mode = ""          # "trade" or "exchange" while one is being chosen
        self.cards = [0, 0, 0, 0]

    # Input

    def tap(self, seen, data: dict, pending):
        """A tap on the map or the panel: the move to stage, or None (the selection changed)."""
        self.note = None
        legal, action, value = seen.legal, data.get("action"), data.get("value", "")
        if not legal:
            return None
        if action == "ty-move":
            try:
                move = ENGINE.decode(value)
            except MalformedMove:
                return None
            if move in legal:
                return move
            self.note = lambda: _sentence(ENGINE.why_not(from_view(seen.view), move))
            return None
        if pending is not None:
            return None                      # a staged move: Take back first
        if action == "ty-mode":
            self.mode = value if value in ("trade", "exchange") else ""
            self.cards, self.picked, self.source = [0, 0, 0, 0], None, None
        elif action in ("ty-more", "ty-less"):
            self._count(seen, _number(value), 1 if action == "ty-more" else -1)
        elif action == "ty-done":
            move = CARDS.get(tuple(self.cards))
            if move in legal:
                return move
            self.note = lambda: self._cards_problem(seen)
        elif action == "ty-src":
            node = _number(value)
            if any(isinstance(m, Sail) and m.src == node for m in legal):
                self.source = node
        elif action == "ty-loc":
            return self._place(seen, _number(value))
        return None

    def _place(self, seen, loc: int):
        """A tap on location `loc` (0 = Tyre)."""
        if not 0 <= loc <= 32:
            return None
        view, legal = seen.view, seen.legal
        if view["phase"] == TILES:
            plays = [m for m in legal if isinstance(m, (Tile, Under)) and m.tile == loc]
            if len(plays) == 1:
                return plays[0]
            if plays:
                self.picked = loc
            elif loc not in mine(view)["tiles"]:
                self.note = lambda: _("That location's tile is not in your hand.")
            else:
                self.note = lambda: _("That tile touches no empire yet: play another one.")
            return None
        if view["phase"] != ACTIONS or view["pending"] is not None or self.mode:
            return None
        if self.source is not None:
            sails = [m for m in legal if isinstance(m, Sail) and m.src == self.source
                     and LOC_OF[m.dst] == loc]
            if len(sails) == 1:
                return sails[0]
            if sails:
                self.picked = loc
                return None
            own_nodes = [n for n in NODES_OF[loc] if view["galleons"][seen.seat].get(_name(n))]
            if not own_nodes:
                source = self.source
                self.note = lambda: _sentence(ENGINE.why_not(from_view(view),
                                                             Sail(source, NODES_OF[loc][0])))
                return None
        self.picked, self.source = loc, None
        own_nodes = [n for n in NODES_OF[loc] if view["galleons"][seen.seat].get(_name(n))]
        sailing = [n for n in own_nodes if any(isinstance(m, Sail) and m.src == n for m in legal)]
        if len(sailing) == 1:
            self.source = sailing[0]
        if not own_nodes and loc != TYRE and view["cities"][loc] != seen.seat:
            self.note = lambda: _("You have no galleon or city there. Tap one of your galleons, "
                                  "Tyre or one of your cities.")
        return None

    def _count(self, seen, colour: int, step: int) -> None:
        if not 0 <= colour < 4:
            return
        limits, total = self._limits(seen)
        chosen = self.cards[colour] + step
        if 0 <= chosen <= limits[colour] and (step < 0 or sum(self.cards) < total):
            self.cards[colour] = chosen

    # What the card chooser is for now

    def _purpose(self, seen) -> str:
        """"pay", "keep", "give", "ask", "exchange" or "" (no card chooser)."""
        view = seen.view
        if not seen.legal:
            return ""
        if view["phase"] == KEEPING:
            return "keep"
        p = view["pending"]
        if p is not None:
            if p["kind"] == "offer":
                return "" if p["waiting"] else "ask" if any(p["give"]) else "give"
            return "pay"
        return "exchange" if self.mode == "exchange" else ""

    def _limits(self, seen) -> tuple:
        """Per colour the most cards the chooser takes, and the most in all."""
        view = seen.view
        hand = tuple(mine(view)["cards"])
        purpose, p = self._purpose(seen), view["pending"]
        if purpose == "keep":
            return hand, KEEP
        if purpose == "exchange":
            return hand, EXCHANGE
        if purpose == "pay":
            left = sub(hand, tuple(p["paid"]))
            return left, min(p["cost"] - sum(p["paid"]), MAX_STEP)
        if purpose == "give":
            return hand, MAX_STEP
        if purpose == "ask":
            most = min(MAX_STEP, view["hands"][p["partner"]]["cards"])
            return (most,) * 4, most
        return (0, 0, 0, 0), 0

    def _cards_problem(self, seen) -> str:
        total = self._limits(seen)[1]
        purpose, chosen = self._purpose(seen), sum(self.cards)
        if purpose in ("keep", "exchange", "pay") and chosen != total:
            return ngettext("Choose {n} card ({chosen} chosen so far).",
                            "Choose {n} cards ({chosen} chosen so far).", total).format(
                n=total, chosen=chosen)
        if not chosen:
            return _("Choose at least one card.")
        move = CARDS.get(tuple(self.cards))
        return _sentence(ENGINE.why_not(from_view(seen.view), move)) if move else ""

    # Output

    def svg(self, seen, pending, names, interactive: bool) -> str:
        """The map, then the panel: status, the offer on the table, cards and empires."""
        view = seen.view
        ui = {"interactive": interactive and bool(seen.legal), "map": STATIC,
              "lit": self._lit(seen, pending) if interactive else [], "picked": self.picked}
        ui["controls"] = _offer(view, draw.names_of(names, view["players"]))
        return draw.render(view, ui, names) + draw.panel(view, ui, names)

    def controls(self, seen, pending, names) -> str:
        """The controls of this step, for the decision bar ("" with a staged move: the bar
        has Confirm and Take back)."""
        if not seen.legal or pending is not None:
            return ""
        shown = draw.names_of(names, seen.view["players"])
        return f'<div class="tyros-controls">{self._controls(seen, shown)}</div>'


    def _lit(self, seen, pending) -> list:
        """Where the player may tap now: playable tiles, or where the chosen galleon may go."""
        view, legal = seen.view, seen.legal
        if pending is not None or not legal:
            return []
        if view["phase"] == TILES:
            return sorted({m.tile for m in legal if isinstance(m, (Tile, Under))})
        if self.source is not None and view["pending"] is None:
            return sorted({LOC_OF[m.dst] for m in legal
                           if isinstance(m, Sail) and m.src == self.source})
        return []

    def _controls(self, seen, shown) -> str:
        view = seen.view
        parts = []
        p = view["pending"]
        phase = view["phase"]
        cancel = (draw.button(_("Cancel this action"), "ty-move", ENGINE.encode(CANCEL))
                  if p is not None and not p["waiting"] and CANCEL in seen.legal else "")
        if phase == TILES:
            parts.append(self._tiles(seen))
        elif self._purpose(seen):               # (Cancel beside the step's button: in view)
            parts.append(self._chooser(seen, cancel))
            cancel = ""
        elif p is not None and p["waiting"]:
            pass                    # Accept / Refuse are in the decision bar (buttons)
        elif self.mode == "trade":
            parts.append(self._partners(seen, shown))
        else:
            parts.append(self._actions(seen, shown))
        if cancel:
            parts.append(_row(cancel))
        return "".join(parts)

    def _tiles(self, seen) -> str:
        """The map tiles in hand: each a button, lit on the map where it may be played."""
        view, legal = seen.view, seen.legal
        stuck = any(isinstance(m, Under) for m in legal)
        # Translators: map tiles = the rulebook's tessere mappa.
        parts = ['<h3 class="sr-only">' + draw.esc(_("Your map tiles")) + "</h3>"]
        if stuck:       # (else the decision bar's hint says what to do)
            parts.append("<p>" + draw.esc(_(
                "No tile of yours touches an empire: choose one to put under the pile "
                "(everybody sees your tiles).")) + "</p>")
        buttons = []
        for tile in mine(view)["tiles"]:
            plays = [m for m in legal if isinstance(m, (Tile, Under)) and m.tile == tile]
            label = place_name(tile)
            if len(plays) == 1:
                if stuck:
                    text = _("{tile} (under the pile)").format(tile=label)
                else:
                    text = _("{tile} (joins {colour})").format(
                        tile=label, colour=colour_name(plays[0].empire))
                buttons.append(draw.button(text, "ty-move", ENGINE.encode(plays[0])))
            elif plays:
                buttons.append(draw.button(_("{tile} (choose the empire)").format(tile=label),
                                           "ty-loc", tile))
            else:
                buttons.append(draw.button(_("{tile} (touches no empire)").format(tile=label),
                                           "ty-loc", tile, why=_(
                                               "That tile touches no empire yet: play another "
                                               "one.")))
        parts.append(_row(*buttons))
        if self.picked is not None:
            choices = [m for m in legal if isinstance(m, Tile) and m.tile == self.picked]
            if choices:
                parts.append("<p>" + draw.esc(_(
                    "{tile} touches several empires: which one does it join?").format(
                        tile=place_name(self.picked))) + "</p>")
                # Translators: a button: the place joins that empire; {mark} is the empire's
                # symbol (▲ ● ■ ◆), the same in every language.
                parts.append(_row(*(draw.button(_("Join the {colour} empire ({mark})").format(
                    colour=colour_name(m.empire), mark=draw.MARKS[m.empire]), "ty-move",
                    ENGINE.encode(m)) for m in choices)))
        return "".join(parts)

    def _actions(self, seen, shown) -> str:
        """The action menu: what can be done at the tapped place, trade, exchange, pass."""
        view, legal = seen.view, seen.legal
        state = from_view(view)
        parts = []
        if view["refused"]:
            who = ", ".join(shown[s] for s in view["refused"])
            parts.append('<p class="tyros-refused">' + draw.esc(_(
                "{names} refused your offer: act otherwise or offer a trade to someone "
                "else.").format(names=who)) + "</p>")
        if self.picked is None:
            parts.append("<p>" + draw.esc(_(
                "Tap one of your galleons to sail it, Tyre or one of your cities to build a "
                "galleon, or a galleon's place to found a city.")) + "</p>")
        else:
            parts.append(self._at_place(seen, state))
        no_exchange = no_trade = None
        if not any(isinstance(m, Exchange) for m in legal):
            no_exchange = _sentence(ENGINE.why_not(state, Exchange(-1, (0, 0, 0, 0)))
                                    if sum(mine(view)["cards"]) < EXCHANGE else
                                    _("Neither the deck nor the discard pile can give you a card "
                                      "now."))
        if not any(isinstance(m, Offer) for m in legal):
            no_trade = _not_now(ENGINE.why_not(state, Offer((seen.seat + 1) % view["players"])))
        parts.append(_row(
            # Translators: buttons: the rulebook's Commercio, Scambiare carte, Passare.
            draw.button(_("Trade…"), "ty-mode", "trade", why=no_trade),
            draw.button(_("Exchange 3 cards…"), "ty-mode", "exchange", why=no_exchange),
            draw.button(_("Pass"), "ty-move", ENGINE.encode(PASS))))
        if no_exchange:
            parts.append(_why(no_exchange))
        return "".join(parts)

    def _at_place(self, seen, state) -> str:
        """The actions at the tapped location, each with its cost, or why it is not allowed."""
        view, legal, seat, loc = seen.view, seen.legal, seen.seat, self.picked
        parts = [f"<h3>{draw.esc(place_name(loc))}</h3>"]
        own_nodes = [n for n in NODES_OF[loc] if view["galleons"][seat].get(_name(n))]
        if self.source is not None:
            sails = [m for m in legal if isinstance(m, Sail) and m.src == self.source]
            here = [m for m in sails if LOC_OF[m.dst] == loc]
            if here:
                parts.append("<p>" + draw.esc(_("Which coast does the galleon sail to?"))
                             + "</p>")
                parts.append(_row(*(draw.button(_("{place}: {cost}").format(
                    place=place(m.dst), cost=_sail_cost(state, m)), "ty-move", ENGINE.encode(m))
                    for m in here)))
            elif sails:
                parts.append("<p>" + draw.esc(_(
                    "Sail the galleon from {place}: tap a lit place on the map (the cost is "
                    "shown before you confirm).").format(place=place(self.source))) + "</p>")
            else:
                parts.append(_why(_("This galleon cannot reach any place you can pay for.")))
        elif len(own_nodes) == 2:
            parts.append(_row(*(draw.button(_("Sail from {place}").format(place=place(n)),
                                            "ty-src", n, why=None if any(
                                                isinstance(m, Sail) and m.src == n for m in legal)
                                            else _("This galleon cannot reach any place you can "
                                                   "pay for.")) for n in own_nodes)))
        elif own_nodes:
            parts.append(_why(_("This galleon cannot reach any place you can pay for.")))
        if loc == TYRE or view["cities"][loc] == seat:
            move = Build(loc)
            cost = build_cost(state, loc)
            colour = view["markers"][loc]
            if colour is None:
                text = ngettext("Build a galleon here ({n} card)",
                                "Build a galleon here ({n} cards)", cost).format(n=cost)
            else:
                text = ngettext("Build a galleon here ({n} card, at least one {colour})",
                                "Build a galleon here ({n} cards, at least one {colour})",
                                cost).format(n=cost, colour=colour_name(colour))
            parts.append(_choice(text, move, legal, state))
        for n in own_nodes:
            if loc != TYRE:
                cost = city_cost(state, seat, loc)
                text = ngettext("Found a city here ({n} {colour} card)",
                                "Found a city here ({n} {colour} cards)", cost).format(
                    n=cost, colour=colour_name(view["markers"][loc]))
                parts.append(_choice(text, City(n), legal, state))
        return "".join(parts)

    def _partners(self, seen, shown) -> str:
        state = from_view(seen.view)
        parts = ["<h3>" + draw.esc(_("Trade")) + "</h3><p>" + draw.esc(_(
            "Who do you offer a trade to? You choose what you give and what you ask for next; "
            "they accept or refuse.")) + "</p>"]
        for s in range(seen.view["players"]):
            if s != seen.seat:
                parts.append(_choice(_("Offer to {name}").format(name=shown[s]), Offer(s),
                                     seen.legal, state))
        parts.append(_row(draw.button(_("Back"), "ty-mode", "none")))
        return "".join(parts)

    def _chooser(self, seen, cancel: str = "") -> str:
        """Cards of each colour, one more or one fewer at a tap, then the step's button (and
        `cancel`, the button that drops the action, beside it)."""
        view = seen.view
        purpose, p = self._purpose(seen), view["pending"]
        limits, total = self._limits(seen)
        hand = mine(view)["cards"]
        heads = {
            "keep": ngettext("Keep {n} of your cards; the rest are discarded.",
                             "Keep {n} of your cards; the rest are discarded.", KEEP),
            "exchange": ngettext("Choose {n} card to discard, then what you get for it.",
                                 "Choose {n} cards to discard, then what you get for them.",
                                 EXCHANGE),
            "give": _("What do you offer? Up to 12 cards of your hand, in any colours."),
            "ask": ngettext("What do you ask for in return? At most {n} card, in any colours.",
                            "What do you ask for in return? At most {n} cards, in any colours.",
                            total),
        }
        heads = {key: text.format(n={"keep": KEEP, "exchange": EXCHANGE}.get(key, total))
                 for key, text in heads.items()}
        if purpose == "pay":
            heads["pay"] = _pay_head(view)
        rows = []
        for c in range(4):
            if purpose != "ask":
                # Translators: a colour of cards in the card chooser and how many you hold:
                # "green of 4".
                held = _("{colour} of {n}").format(colour=colour_name(c), n=hand[c])
            else:
                held = colour_name(c) + " "
            rows.append(f"{draw.swatch(c)}<span>{draw.esc(held)}</span>"
                        + draw.button("−", "ty-less", c, why=_("None of this colour is chosen.")
                                      if self.cards[c] == 0 else None,
                                      aria=_("one {colour} fewer").format(colour=colour_name(c)))
                        + '<output aria-label="{}">'.format(draw.esc(_("{colour} chosen").format(
                            colour=colour_name(c))))
                        + f'{self.cards[c]}</output>'
                        + draw.button("+", "ty-more", c,
                                      why=_("No more of this colour can be chosen.")
                                      if self.cards[c] >= limits[c] or sum(self.cards) >= total
                                      else None,
                                      aria=_("one {colour} more").format(colour=colour_name(c))))
        parts = [f"<p>{draw.esc(heads[purpose])}</p>",
                 f'<div class="tyros-pick">{"".join(rows)}</div>']
        if purpose == "exchange":
            parts.append(self._exchange_takes(seen))
            if cancel:
                parts.append(_row(cancel))
        else:
            label = {"keep": _("Keep these"), "give": _("Offer these"), "ask": _("Ask for these"),
                     "pay": _("Pay with these")}[purpose]
            move = CARDS.get(tuple(self.cards))
            problem = None if move in seen.legal else _not_now(self._cards_problem(seen))
            parts.append(_row(draw.button(label, "ty-done", primary=True, why=problem), cancel))
            if problem:
                parts.append(_why(problem))
        return "".join(parts)

    def _exchange_takes(self, seen) -> str:
        view, legal = seen.view, seen.legal
        state = from_view(view)
        chosen = tuple(self.cards)
        buttons = []
        for take in range(-1, 4):
            label = (_("Draw 3 from the deck") if take < 0 else
                     _("Take {a_colour} from the discards").format(a_colour=_a(take)))
            move = Exchange(take, chosen)
            ok = sum(chosen) == EXCHANGE and move in legal
            short = ngettext("Choose {n} card to discard ({chosen} chosen so far).",
                             "Choose {n} cards to discard ({chosen} chosen so far).",
                             EXCHANGE).format(n=EXCHANGE, chosen=sum(chosen))
            why = None if ok else _not_now(ENGINE.why_not(state, move)) \
                if sum(chosen) == EXCHANGE else short
            buttons.append(draw.button(label, "ty-move", ENGINE.encode(move) if ok else "",
                                       why=why))
        parts = [_row(*buttons), _row(draw.button(_("Back"), "ty-mode", "none"))]
        if sum(chosen) != EXCHANGE:
            parts.insert(0, _why(short))
        return "".join(parts)

    def buttons(self, seen, pending) -> list:
        """Accept / Refuse an offer made to this seat; everything else is on the panel."""
        if pending is not None or self.question(seen, None) is None:
            return []
        accept, refuse = Answer(True), Answer(False)
        why = None if accept in seen.legal else _("You do not hold the cards asked for.")
        return [(_("Refuse"), "ty-move", False, {"value": ENGINE.encode(refuse)}),
                (_("Accept"), "ty-move", True, {"value": ENGINE.encode(accept), "why": why})]

    def question(self, seen, names) -> str | None:
        """The offer this seat must answer, in words, or None (`names` None: only whether)."""
        p = seen.view["pending"]
        if not seen.legal or p is None or p["kind"] != "offer" or not p["waiting"]:
            return None
        if names is None:
            return ""
        # Translators: a trade offer to answer: "Cy offers you 2 green for 1 yellow: accept
        # or refuse."
        return _("{name} offers you {give} for {ask}: accept or refuse.").format(
            name=names[p["seat"]], give=words(tuple(p["give"])), ask=words(tuple(p["ask"])))

    def staged(self, seen, pending) -> str:
        """The staged move in words, with what it costs (from the view)."""
        return _what(seen, pending)

    def hint(self, seen, pending) -> str:
        """One line: what the staged move does and costs, why a tap did nothing, or what to do."""
        view = seen.view
        if pending is not None:
            return _("Confirm to play it, or Take back.")
        note = self.note() if self.note is not None else ""
        if note:
            return note
        if not seen.legal:
            return ""
        phase, p = view["phase"], view["pending"]
        if phase == TILES:
            return _("Play a map tile: tap a lit place on the map or a tile below.")
        if phase == KEEPING:
            return ngettext("End of the turn: choose the {n} card you keep.",
                            "End of the turn: choose the {n} cards you keep.", KEEP).format(n=KEEP)
        if p is not None and p["waiting"]:
            return _("You are offered a trade: accept or refuse it.")
        if p is not None:
            return _("Choose the cards below, then the button under them.")
        if self.source is not None:
            return _("Tap a lit place to sail the galleon there; its cost is shown first.")
        if self.mode == "exchange":
            return ngettext("Choose {n} card to discard, then what you get for it.",
                            "Choose {n} cards to discard, then what you get for them.",
                            EXCHANGE).format(n=EXCHANGE)
        if self.mode == "trade":
            return _("Choose the player you offer a trade to.")
        # Translators: the rulebook's actions: muovere (sail) o costruire un galeone, costruire
        # una città, commercio, scambiare carte, passare.
        return _("Your action: sail, build, found a city, trade, exchange or pass.")

    def news(self, before: dict, after: dict, names) -> str:
        """Nothing to stop for: the log and the panel say what happened."""
        return ""

    def totals(self, view: dict, names) -> list[str]:
        """Per player: the points, from locations and from bonuses (the end screen's
        totals; the summary below has them place by place)."""
        lines = []
        for name, score in zip(draw.names_of(names, view["players"]), view["score"]):
            held = sum(points for _loc, _how, points in score["locations"])
            # Translators: Tyros, the end screen: "Ana: 34 points (27 from places, 7 from
            # bonuses)".
            lines.append(ngettext("{name}: {n} point ({held} from places, {bonus} from bonuses)",
                                  "{name}: {n} points ({held} from places, {bonus} from "
                                  "bonuses)", score["total"]).format(
                name=name, n=score["total"], held=held, bonus=score["total"] - held))
        return lines

    def summary(self, view: dict, names) -> str:
        """The points by location and bonus (at the end, the final score)."""
        return draw.score_table(view, names, LABELS)

    def asks(self, view: dict, names) -> str:
        """What the player to move is asked to do, as the text sent with a link says it to
        them ("" for an ordinary turn)."""
        if not view["to_move"]:
            return ""
        name, pending = names[view["to_move"][0]], view["pending"]
        if pending and pending["waiting"]:
            # Translators: the text sent with a link, to the partner of a Tyros trade offer.
            return _("{name}, {proposer}'s offer waits for your answer").format(
                name=name, proposer=names[pending["seat"]])
        if view["phase"] == KEEPING:
            # Translators: the text sent with a link, at the end of a Tyros turn (rulebook:
            # each player keeps 3 cards).
            return ngettext("{name}, keep {n} of your cards", "{name}, keep {n} of your cards",
                            KEEP).format(name=name, n=KEEP)
        return ""


def _offer(view, shown) -> str:
    """The trade offer on the table, for everyone to read ("" when there is none)."""
    p = view["pending"]
    if p is None or p["kind"] != "offer" or not any(p["ask"]):
        return ""
    # Translators: a trade offer (commercio): {give} and {ask} are cards.
    offer = _("{proposer} gives {give} to {partner} for {ask}.").format(
        proposer=draw.esc(shown[p["seat"]]), give=draw.cards_html(p["give"]),
        partner=draw.esc(shown[p["partner"]]), ask=draw.cards_html(p["ask"]))
    return ('<p class="tyros-offer"><strong>' + draw.esc(_("Offer:")) + '</strong> '
            f'{offer}</p>')


def _number(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _name(node: int) -> str:
    return {15: "16W", 32: "16E", 33: "T"}.get(node, str(node + 1))


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "." if text else ""


def _a(colour: int) -> str:
    """One card of a colour: "a green", "an orange"."""
    if colour == 0:
        return _("a green")
    if colour == 1:
        return _("an orange")
    if colour == 2:
        return _("a yellow")
    return _("a purple")


def _row(*buttons: str) -> str:
    return f'<div class="tyros-row">{"".join(buttons)}</div>'


def _why(text: str) -> str:
    return f'<p class="tyros-why">{draw.esc(_sentence(text))}</p>'


def _not_now(text: str) -> str:
    """A reason as a sentence; a general one when the rules give none."""
    return _sentence(text) or _("Not possible now.")


def _choice(label: str, move, legal, state) -> str:
    """A button for one move: enabled when legal, else disabled with the reason under it."""
    if move in legal:
        return _row(draw.button(label, "ty-move", ENGINE.encode(move)))
    why = _not_now(ENGINE.why_not(state, move))
    return _row(draw.button(label, "ty-move", "", why=why)) + _why(why)


def _sail_cost(state, move) -> str:
    colour = state.markers[LOC_OF[move.dst]]
    steps = DIST[move.src][move.dst]
    if colour >= 0:
        return colour_count(colour, steps)
    return ngettext("{n} card of any colours", "{n} cards of any colours", steps).format(n=steps)


def _pay_head(view) -> str:
    """What the card chooser pays for: "Pay for a galleon at Tyre: 2 cards, any colours."."""
    p = view["pending"]
    if p["kind"] == "build":
        target = place_name(TYRE) if p["target"] == TYRE else place(NODES_OF[p["target"]][0])
        head = ngettext("Pay for a galleon at {place}: {n} card", "Pay for a galleon at {place}: "
                        "{n} cards", p["cost"]).format(place=target, n=p["cost"])
    else:
        head = ngettext("Pay for the voyage from {start} to {end}: {n} card",
                        "Pay for the voyage from {start} to {end}: {n} cards",
                        p["cost"]).format(start=place(p["source"]), end=place(p["target"]),
                                          n=p["cost"])
    if any(p["paid"]):
        head = _("{cost}, {n} paid").format(cost=head, n=sum(p["paid"]))
    colour = view["markers"][p["target"]] if p["kind"] == "build" else None  # (a sail: Tyre)
    if colour is not None:
        return _("{cost}, at least one {colour}.").format(cost=head, colour=colour_name(colour))
    return _("{cost}, any colours.").format(cost=head)


def _what(seen, move) -> str:
    """A staged move in words, with what it costs."""
    view = seen.view
    state = from_view(view)
    kind = type(move)
    if kind is Tile:
        text = _("Play tile {tile}: it joins the {colour} empire.").format(
            tile=place_name(move.tile), colour=colour_name(move.empire))
        if move.tile in (31, 32) and view["markers"][TYRE] is None:
            text = " ".join((text, _("Tyre turns {colour} too.").format(
                colour=colour_name(move.empire))))
        return text
    if kind is Under:
        return _("No tile of yours can be played: everybody sees your tiles and {tile} goes "
                 "under the pile.").format(tile=place_name(move.tile))
    if kind is Pass:
        return _("Pass: you may act again in a later round, unless everybody passes in a row.")
    if kind is Sail:
        colour = state.markers[LOC_OF[move.dst]]
        cost = _sail_cost(state, move)
        if colour < 0:
            return _("Sail a galleon from {start} to {end}: {cost}, the cards are chosen "
                     "next.").format(start=place(move.src), end=place(move.dst), cost=cost)
        return _("Sail a galleon from {start} to {end}: {cost}, paid at once.").format(
            start=place(move.src), end=place(move.dst), cost=cost)
    if kind is Build:
        colour = state.markers[move.loc]
        where = place_name(TYRE) if move.loc == TYRE else place(NODES_OF[move.loc][0])
        cost = build_cost(state, move.loc)
        if colour < 0:
            return ngettext("Build a galleon at {place}: {n} card, chosen next.",
                            "Build a galleon at {place}: {n} cards, chosen next.",
                            cost).format(place=where, n=cost)
        return ngettext("Build a galleon at {place}: {n} card, at least one {colour}, chosen "
                        "next.",
                        "Build a galleon at {place}: {n} cards, at least one {colour}, chosen "
                        "next.", cost).format(place=where, n=cost, colour=colour_name(colour))
    if kind is City:
        loc = LOC_OF[move.node]
        cost = city_cost(state, seen.seat, loc)
        return ngettext("Found a city at {place}: {n} {colour} card.",
                        "Found a city at {place}: {n} {colour} cards.", cost).format(
            place=place(move.node), n=cost, colour=colour_name(state.markers[loc]))
    if kind is Exchange:
        if move.take < 0:
            return _("Discard {cards} and draw 3 from the deck.").format(
                cards=words(move.discard))
        return _("Discard {cards} and take {a_colour} card from the discards.").format(
            cards=words(move.discard), a_colour=_a(move.take))
    if kind is Offer:
        return _("Offer a trade to player {n} ({colour}): you choose what you give and ask "
                 "next.").format(n=move.partner + 1,
                                 colour=_(draw.SEAT_COLOURS[move.partner]))
    if kind is Answer:
        p = view["pending"]
        return (_("Accept: you give {ask} and get {give}.").format(
            ask=words(tuple(p["ask"])), give=words(tuple(p["give"])))
            if move.accept else _("Refuse the offer."))
    if move == CANCEL:
        return _("Cancel this action: nothing is paid.")
    p = view["pending"]
    if view["phase"] == KEEPING:
        return _("Keep {cards}; the rest go to the discard pile.").format(
            cards=words(move.counts))
    if p["kind"] == "offer":
        if any(p["give"]):
            return _("Ask for {cards}.").format(cards=words(move.counts))
        return _("Offer {cards}.").format(cards=words(move.counts))
    return _("Pay {cards}.").format(cards=words(move.counts))
