"""Tyros: Phoenician merchants sail galleons and found cities while four empires grow (3-4 players).

The rules as implemented are numbered Y1.. (decisions D1..) in seeds/tyros.md; comments cite
them. The map (map.json beside this module) is a 5 x 7 grid of locations 1..32, Tyre, a desert
and an open sea. Galleons sail between sea nodes: node n is location n + 1 for n < 32, except
that Italy (location 16) has two nodes, its west coast 15 and its east coast 32; node 33 is
Tyre. In per-location tables index 0 stands for Tyre. Cards have no identity beyond their
colour, so a hand is a 4-tuple of counts in the empires' order: green, orange, yellow, purple.

A turn's actions are built from steps, one token each (D29): a header (sail, build, city,
exchange, offer, pass) and, where the player still has a choice the table could not see
(which cards pay for a galleon or a voyage to a neutral Tyre, what an offer gives and asks),
`Cards` steps. The offer waits for the partner's
`Answer`, so while an offer is open the partner is the one to move.
"""
from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources

from ...engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, Game, IllegalMove, MalformedMove, Outcome
from ...engine.rng import Stream, derive, shuffled
from ...i18n import N_, _, ngettext

EMPIRES = ("green", "orange", "yellow", "purple")      # colour order, also the setup order (Y5)
# The empires' colours as players read them (EMPIRES above are data: view keys, CSS).
# Translators: an empire's colour, also the colour of its cards, as in "the green empire",
# "a green card", "at least one green"; the rulebook's verde, arancione, giallo, viola.
COLOUR_NAMES = (N_("green"), N_("orange"), N_("yellow"), N_("purple"))
TIE_ORDER = (0, 1, 3, 2)                              # green, orange, purple, yellow (Y39)
CITY_POINTS = (12, 10, 9, 7)                          # by empire rank, largest first (Y40)
GALLEON_POINTS = (8, 6, 5, 4)
BONUS = 7                                             # Y41, Y42
PER_COLOUR = 15                                       # 60 cards (Y2)
DEAL = {3: 12, 4: 10}                                 # Y9
KEEP = 3                                              # Y34
GALLEONS, CITIES, START_GALLEONS = 10, 10, 2          # per player (Y2, Y4)
LIMIT = 2                                             # galleons in a location without a city (Y25)
CITY_COST, CITY_COST_PAIR = 5, 4                      # Y27
EXCHANGE = 3                                          # Y30
TILES_PER_PLAYER = 5                                  # Y6 (option: 4)
MAX_STEP = 12                                         # cards named in one Cards step (D29)

TYRE = 0                                              # location index of Tyre
LOCATIONS = range(1, 33)
NODES = 34
WEST, EAST, TYRE_NODE = 15, 32, 33                    # Italy's coasts and Tyre as sea nodes
FAR = 99

TILES, ACTIONS, KEEPING, OVER = "tiles", "actions", "keep", "over"
ZERO = (0, 0, 0, 0)


def _load() -> dict:
    """The map shipped beside this module (works under Pyodide too)."""
    text = resources.files(__package__).joinpath("map.json").read_text(encoding="utf-8")
    return json.loads(text)


MAP = _load()


def _node(name: str) -> int:
    return {"16W": WEST, "16E": EAST, "T": TYRE_NODE}.get(name) or int(name) - 1


NODE_NAMES = tuple("16W" if n == WEST else "16E" if n == EAST else "T" if n == TYRE_NODE
                   else str(n + 1) for n in range(NODES))
LOC_OF = tuple(16 if n == EAST else TYRE if n == TYRE_NODE else n + 1 for n in range(NODES))
NODES_OF = tuple((TYRE_NODE,) if loc == TYRE else (WEST, EAST) if loc == 16 else (loc - 1,)
                 for loc in range(33))
BUILD_NODE = tuple(NODES_OF[loc][0] for loc in range(33))       # Italy builds on its west coast
SEA = tuple(tuple(sorted(_node(x) for x in MAP["sea_graph"][name])) for name in NODE_NAMES)
NEIGHBOURS = ((),) + tuple(tuple(sorted(int(x) for x in MAP["location_neighbours"][str(loc)]))
                           for loc in LOCATIONS)
TYRE_NEIGHBOURS = tuple(sorted(int(x) for x in MAP["tyre"]["location_neighbours"]))
PRESET_START = tuple(int(MAP["preset_start"][name]) for name in EMPIRES)
LABELS = ("Tyre",) + tuple(f["label"] for f in sorted(
    (f for f in MAP["fields"] if f["kind"] == "location"), key=lambda f: f["number"]))
# The map's place names (map.json), marked for the catalogs; label() translates them.
# Translators: Tyre, the Phoenician city of the game (the rulebook keeps "Tyre"); the other
# names are the map's Latin names of Mediterranean places: keep them or use your language's
# usual name (e.g. Italia, Sicilia, Carthago).
PLACE_NAMES = (N_("Tyre"), N_("Tarraco"), N_("Carthago Nova"), N_("Baetica"), N_("Tingis"),
               N_("Mauretania"), N_("Massilia"), N_("Baleares"), N_("Icosium"), N_("Numidia"),
               N_("Corsica"), N_("Sardinia"), N_("Carthago"), N_("Hadrumetum"), N_("Tacapae"),
               N_("Venetia"), N_("Italia"), N_("Sicilia"), N_("Melita"), N_("Leptis"),
               N_("Illyria"), N_("Achaea"), N_("Creta"), N_("Cyrenaica"), N_("Thracia"),
               N_("Troas"), N_("Caria"), N_("Rhodus"), N_("Taurica"), N_("Pontus"),
               N_("Cilicia"), N_("Aegyptus"), N_("Syria"))
assert PLACE_NAMES == LABELS, "map.json place names changed: update PLACE_NAMES"


def colour_name(colour: int) -> str:
    """An empire's (and its cards') colour in the player's language."""
    return _(COLOUR_NAMES[colour])


def label(loc: int) -> str:
    """A location's name in the player's language (0 = Tyre)."""
    return _(LABELS[loc])


def place_name(loc: int) -> str:
    """'Tyre' or a numbered location, '12 Carthago'."""
    if loc == TYRE:
        return label(TYRE)
    return _("{number} {name}").format(number=loc, name=label(loc))


def _distances(start: int) -> tuple[int, ...]:
    """Sea steps from `start` to every node (FAR where no sea route leads)."""
    dist = [FAR] * NODES
    dist[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in SEA[here]:
            if dist[there] == FAR:
                dist[there] = dist[here] + 1
                todo.append(there)
    return tuple(dist)


DIST = tuple(_distances(n) for n in range(NODES))


# --- Card vectors -------------------------------------------------------------------------

def _vectors(most: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every card vector of at most `most` cards, by size, then largest green count first."""
    return tuple((a, b, c, total - a - b - c) for total in range(most + 1)
                 for a in range(total, -1, -1) for b in range(total - a, -1, -1)
                 for c in range(total - a - b, -1, -1))


VECTORS = _vectors(MAX_STEP)


def add(a, b) -> tuple[int, int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a, b) -> tuple[int, int, int, int]:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def within(a, b) -> bool:
    """Whether every count of `a` is at most that of `b`."""
    return a[0] <= b[0] and a[1] <= b[1] and a[2] <= b[2] and a[3] <= b[3]


def floor_sub(a, b) -> tuple[int, int, int, int]:
    return tuple(max(0, x - y) for x, y in zip(a, b))


def counts(colours) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for c in colours:
        out[c] += 1
    return tuple(out)


def spread(vector) -> list[int]:
    """The colours of a vector, one entry per card, sorted."""
    return [c for c in range(4) for _ in range(vector[c])]


def colour_count(colour: int, n: int) -> str:
    """'2 green': a number of cards of one colour."""
    if colour == 0:
        # Translators: a number of green cards (the rulebook's carte verdi).
        return ngettext("{n} green", "{n} green", n).format(n=n)
    if colour == 1:
        # Translators: a number of orange cards.
        return ngettext("{n} orange", "{n} orange", n).format(n=n)
    if colour == 2:
        # Translators: a number of yellow cards.
        return ngettext("{n} yellow", "{n} yellow", n).format(n=n)
    # Translators: a number of purple cards.
    return ngettext("{n} purple", "{n} purple", n).format(n=n)


def words(vector, empty: str | None = None) -> str:
    """'2 green, 1 purple' ('nothing', or `empty`, when there are none)."""
    parts = [colour_count(c, n) for c, n in enumerate(vector) if n]
    if not parts:
        return _("nothing") if empty is None else empty
    return ", ".join(parts)


# --- Moves --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Tile:
    """Play tile `tile` from hand; its location joins empire `empire` (Y11-Y13)."""

    tile: int
    empire: int


@dataclass(frozen=True, slots=True)
class Under:
    """No tile can be played: show the hand and put `tile` under the pile (Y15)."""

    tile: int


@dataclass(frozen=True, slots=True)
class Sail:
    """Move one of the mover's galleons from node `src` to node `dst` (Y21-Y24)."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Build:
    """Build a galleon at location `loc` (0 = Tyre) (Y18-Y20)."""

    loc: int


@dataclass(frozen=True, slots=True)
class City:
    """Turn the mover's galleon at node `node` into a city (Y26-Y28)."""

    node: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Discard the 3 cards `discard` and draw 3 from the deck (`take` -1) or take one card
    of colour `take` from the discard pile (Y30, Y31)."""

    take: int
    discard: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Offer:
    """Propose a trade to seat `partner` (Y29); the cards follow as Cards steps."""

    partner: int


@dataclass(frozen=True, slots=True)
class Cards:
    """A card vector: a payment, a discard, an offer's give or ask, the cards kept (D29)."""

    counts: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Answer:
    """The partner accepts or refuses the open offer (Y29)."""

    accept: bool


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this action (Y32)."""


@dataclass(frozen=True, slots=True)
class Cancel:
    """Drop the action being put together (before its cards are paid or the offer is sent)."""


PASS, CANCEL, ACCEPT, REFUSE = Pass(), Cancel(), Answer(True), Answer(False)
CARDS = {v: Cards(v) for v in VECTORS}

# Token codes (two characters, 4096 values): card vectors first, then the headers.
CODE_MOVES: tuple = (
    tuple(CARDS[v] for v in VECTORS)
    + tuple(Tile(t, e) for t in LOCATIONS for e in range(4))
    + tuple(Under(t) for t in LOCATIONS)
    + tuple(Sail(a, b) for a in range(NODES) for b in range(NODES))
    + tuple(Build(loc) for loc in range(33))
    + tuple(City(n) for n in range(NODES))
    + tuple(Exchange(t, v) for t in range(-1, 4) for v in VECTORS if sum(v) == EXCHANGE)
    + tuple(Offer(p) for p in range(4))
    + (ACCEPT, REFUSE, PASS, CANCEL))
MOVE_CODE = {m: i for i, m in enumerate(CODE_MOVES)}
SAILS = tuple(m for m in CODE_MOVES if type(m) is Sail)         # index src * NODES + dst
EXCHANGES = {(m.take, m.discard): m for m in CODE_MOVES if type(m) is Exchange}
assert len(CODE_MOVES) <= 64 * 64


@dataclass(frozen=True, slots=True)
class Pending:
    """An action being put together by the active player, or an offer waiting for its answer.

    kind "sail" (to a neutral Tyre, paid in any colours), "build" or "offer"; `target`: the
    destination node, the location, the partner.
    """

    kind: str
    target: int
    source: int = -1             # sail: the galleon's node
    cost: int = 0                # cards to pay in all
    paid: tuple = ZERO           # chosen so far (a payment of more than 12 takes two steps)
    give: tuple = ZERO           # offer: the proposer's cards
    ask: tuple = ZERO            # offer: the partner's cards; set = waiting for the answer


@dataclass(frozen=True, slots=True)
class State:
    """A whole Tyros position, hidden cards and tiles included."""

    seed: bytes
    players: int
    tiles_each: int                      # option: 5 (rulebook) or 4
    preset: bool                         # option: fixed empire starts
    turn: int                            # 1, 2, ...
    first: int                           # the first player of this turn
    phase: str                           # TILES, ACTIONS, KEEPING or OVER
    step: int                            # seats done (tiles, keep) or actions done (actions)
    last_turn: bool                      # a tile hand ran out in this turn's tile phase (Y35)
    markers: tuple[int, ...]             # per location (0 = Tyre) the empire, or -1
    cities: tuple[int, ...]              # per location the owning seat, or -1
    fleets: tuple[tuple[int, ...], ...]  # per seat, galleons per sea node
    hands: tuple[tuple[int, ...], ...]   # per seat, cards per colour
    known: tuple[tuple[int, ...], ...]   # per seat, cards every player knows it holds (D28)
    deck: tuple[int, ...]                # colours in draw order
    discards: tuple[int, ...]            # face-up discard pile, per colour
    tile_hands: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[int, ...], ...]   # per seat, tiles in hand every player has seen (Y15)
    pile: tuple[int, ...]                # face-down tile pile, top first
    under: tuple[int, ...]               # tiles put under the pile, seen by all, top first
    passes: int = 0                      # passes in a row (Y33)
    pending: Pending | None = None
    refused: tuple[int, ...] = ()        # partners who refused an offer in this action
    traded: int = 0                      # bit proposer * 4 + partner: traded this turn (D17)
    offers: tuple[int, ...] = ()         # per seat, offers sent this turn
    all_four: int = -1                   # the seat that won the all-four-empires bonus (Y41)
    outcome: Outcome | None = None
    drawn: tuple = ()                    # per seat, ("card", colour) and ("tile", location)
                                         # items the last move drew unseen, if any
    dropped: tuple = ()                  # per seat, the cards it set aside when keeping this
                                         # turn, hidden from the others until all kept (D33)
    auto_pass: bool = False              # option: forced passes are made for the player (D34)
    passed_for: tuple[int, ...] = ()     # the seats the last move's forced passes were made
                                         # for, in order (D34)


# --- Small helpers ------------------------------------------------------------------------

def active(state: State) -> int:
    """The seat whose tile, action or keep step it is (while an offer waits, the proposer)."""
    return (state.first + state.step) % state.players


def galleons_at(state: State, loc: int) -> int:
    """All players' galleons at a location (Italy's two coasts together, D14)."""
    nodes = NODES_OF[loc]
    return sum(f[n] for f in state.fleets for n in nodes)


def own_at(state: State, seat: int, loc: int) -> int:
    fleet = state.fleets[seat]
    return sum(fleet[n] for n in NODES_OF[loc])


def supply(state: State, seat: int) -> tuple[int, int]:
    """(galleons, cities) the seat has not placed yet (a city's galleon came back, D16)."""
    return (GALLEONS - sum(state.fleets[seat]),
            CITIES - sum(1 for owner in state.cities if owner == seat))


def empire_sizes(markers) -> list[int]:
    """Locations per empire; Tyre's marker does not count (D5)."""
    sizes = [0, 0, 0, 0]
    for loc in LOCATIONS:
        if markers[loc] >= 0:
            sizes[markers[loc]] += 1
    return sizes


def empire_ranks(markers) -> list[int]:
    """Per empire its rank, 0 for the largest; equal sizes in TIE_ORDER (Y38, Y39)."""
    sizes = empire_sizes(markers)
    order = sorted(range(4), key=lambda e: (-sizes[e], TIE_ORDER.index(e)))
    ranks = [0] * 4
    for r, e in enumerate(order):
        ranks[e] = r
    return ranks


def tile_targets(markers, tile: int) -> list[int]:
    """The empires a tile could join: those marking a neighbouring location (Y11, D5)."""
    return sorted({markers[n] for n in NEIGHBOURS[tile] if markers[n] >= 0})


def start_allowed(markers, loc: int) -> bool:
    """Y5: no start next to Tyre or next to a location that already has a marker."""
    return (markers[loc] < 0 and loc not in TYRE_NEIGHBOURS
            and all(markers[n] < 0 for n in NEIGHBOURS[loc]))


# --- Why a header is not allowed ("" when it is) ------------------------------------------

def sail_problem(state: State, seat: int, src: int, dst: int) -> str:
    if not (0 <= src < NODES and 0 <= dst < NODES):
        return _("there is no such place on the map")
    if state.fleets[seat][src] == 0:
        return _("you have no galleon there")
    if src == dst:
        return _("the galleon is already there")
    loc = LOC_OF[dst]
    colour = state.markers[loc]
    if loc != TYRE and colour < 0:
        return _("a galleon may only stop at Tyre or at a location with an empire marker")
    steps = DIST[src][dst]
    if steps >= FAR:
        return _("no sea route leads there")
    if loc != TYRE and state.cities[loc] < 0:
        staying = 1 if LOC_OF[src] == loc else 0
        if galleons_at(state, loc) - staying + 1 > LIMIT:
            # Translators: galeoni, città in the rulebook.
            return ngettext("{n} galleon is already there and it has no city",
                            "{n} galleons are already there and it has no city",
                            LIMIT).format(n=LIMIT)
    hand = state.hands[seat]
    if colour < 0:
        if sum(hand) < steps:
            return ngettext("the voyage costs {n} card", "the voyage costs {n} cards",
                            steps).format(n=steps)
    elif hand[colour] < steps:
        return ngettext("the voyage costs {n} {colour} card", "the voyage costs {n} {colour} cards",
                        steps).format(n=steps, colour=colour_name(colour))
    return ""


def build_cost(state: State, loc: int) -> int:
    """Y19: one card per galleon there once the new one is built."""
    return galleons_at(state, loc) + 1


def build_problem(state: State, seat: int, loc: int) -> str:
    if not 0 <= loc <= 32:
        return _("there is no such place on the map")
    if loc != TYRE and state.cities[loc] != seat:
        return _("galleons are built only at Tyre or in one of your cities")
    if supply(state, seat)[0] == 0:
        return _("all your galleons are on the map")
    cost, colour, hand = build_cost(state, loc), state.markers[loc], state.hands[seat]
    if colour < 0:
        return "" if sum(hand) >= cost else ngettext(
            "a galleon here costs {n} card", "a galleon here costs {n} cards", cost).format(n=cost)
    if sum(hand) < cost or hand[colour] == 0:
        return ngettext("a galleon here costs {n} card, at least one {colour}",
                        "a galleon here costs {n} cards, at least one {colour}",
                        cost).format(n=cost, colour=colour_name(colour))
    return ""


def city_cost(state: State, seat: int, loc: int) -> int:
    """Y27: 5 cards, 4 with two of your galleons there."""
    return CITY_COST_PAIR if own_at(state, seat, loc) >= 2 else CITY_COST


def city_problem(state: State, seat: int, node: int) -> str:
    if not 0 <= node < NODES:
        return _("there is no such place on the map")
    loc = LOC_OF[node]
    if loc == TYRE:
        return _("Tyre is a city already")
    if state.fleets[seat][node] == 0:
        return _("you have no galleon there")
    if state.cities[loc] >= 0:
        return _("there is a city there already")
    if any(own_at(state, s, loc) for s in range(state.players) if s != seat):
        return _("another player's galleon is there")
    if supply(state, seat)[1] == 0:
        return _("you have built all your cities")
    colour, cost = state.markers[loc], city_cost(state, seat, loc)
    if state.hands[seat][colour] < cost:
        return ngettext("a city here costs {n} {colour} card", "a city here costs {n} {colour} cards",
                        cost).format(n=cost, colour=colour_name(colour))
    return ""


def exchange_problem(state: State, seat: int, take: int, discard: tuple | None = None) -> str:
    """Why the exchange is not allowed; with `discard` None, whether any discard would do."""
    if not -1 <= take < 4:
        return _("there is no such colour")
    if sum(state.hands[seat]) < EXCHANGE:
        return ngettext("an exchange needs {n} card to discard",
                        "an exchange needs {n} cards to discard", EXCHANGE).format(n=EXCHANGE)
    if discard is not None and (discard not in CARDS or sum(discard) != EXCHANGE
                                or not within(discard, state.hands[seat])):
        return ngettext("discard {n} card of your hand", "discard {n} cards of your hand",
                        EXCHANGE).format(n=EXCHANGE)
    if take < 0 and len(state.deck) < EXCHANGE:
        return ngettext("fewer than {n} card is left in the deck",
                        "fewer than {n} cards are left in the deck", EXCHANGE).format(n=EXCHANGE)
    if take >= 0 and state.discards[take] == 0:
        return _("there is no {colour} card in the discard pile").format(
            colour=colour_name(take))
    return ""


def offer_problem(state: State, seat: int, partner: int) -> str:
    if not 0 <= partner < state.players or partner == seat:
        return _("choose another player")
    if state.traded >> (seat * 4 + partner) & 1:
        return _("you have traded with that player this turn already")
    if partner in state.refused:
        return _("that player has refused your offer in this action")
    if not sum(state.hands[seat]):
        return _("you have no cards to offer")
    if not sum(state.hands[partner]):
        return _("that player has no cards")
    return ""


# --- Card vector choices (cached: hands repeat a lot) -------------------------------------

@lru_cache(maxsize=4096)
def vectors_within(hand: tuple, size: int) -> tuple[Cards, ...]:
    """Cards steps of exactly `size` cards taken from `hand` (size <= MAX_STEP)."""
    h0, h1, h2, h3 = hand
    out = []
    for a in range(min(h0, size), -1, -1):
        for b in range(min(h1, size - a), -1, -1):
            for c in range(min(h2, size - a - b), -1, -1):
                d = size - a - b - c
                if d <= h3:
                    out.append(CARDS[(a, b, c, d)])
    return tuple(out)


@lru_cache(maxsize=4096)
def gifts(hand: tuple) -> tuple[Cards, ...]:
    """What an offer may give: 1..12 cards of the hand, in any colours (D17)."""
    out = []
    for size in range(1, min(MAX_STEP, sum(hand)) + 1):
        out.extend(vectors_within(hand, size))
    return tuple(out)


@lru_cache(maxsize=16)
def requests(most: int) -> tuple[Cards, ...]:
    """What an offer may ask: 1..`most` cards, in any colours (D17)."""
    return tuple(CARDS[v] for v in VECTORS if 0 < sum(v) <= most)


def _payments(state: State, seat: int, p: Pending) -> list[Cards]:
    """The next payment step of a pending build or sail."""
    avail = sub(state.hands[seat], p.paid)
    remaining = p.cost - sum(p.paid)
    size = min(remaining, MAX_STEP)
    options = vectors_within(avail, size)
    colour = state.markers[p.target] if p.kind == "build" else -1
    if colour < 0 or p.paid[colour]:
        return list(options)
    last = size == remaining
    return [m for m in options if m.counts[colour] or (not last and avail[colour])]


# --- The engine ---------------------------------------------------------------------------

class Tyros(Game):
    key = "tyros"
    title = "Tyros"
    seats = (3, 4)
    token_width = 2

    def initial(self, seed: bytes, players: int = 3, options: dict | None = None) -> State:
        """Y4-Y9: galleons on Tyre, empire starts, tiles dealt, first player (D4), first deal."""
        options = dict(options or {})
        tiles_each = options.pop("tiles_per_player", TILES_PER_PLAYER)
        preset = options.pop("preset_start", False)
        auto_pass = options.pop("auto_pass", False)
        if tiles_each not in (4, 5) or isinstance(tiles_each, bool):
            raise ValueError("the tiles_per_player option is 4 or 5")
        if not isinstance(preset, bool):
            raise ValueError("the preset_start option is true or false")
        if not isinstance(auto_pass, bool):
            raise ValueError("the auto_pass option is true or false")
        if options:
            raise ValueError(f"unknown Tyros options: {sorted(options)}")
        if not self.seats[0] <= players <= self.seats[1]:
            raise ValueError(f"Tyros is for 3 or 4 players, not {players}")
        markers = [-1] * 33
        if preset:
            for empire, loc in enumerate(PRESET_START):
                markers[loc] = empire
        else:
            order, i = shuffled(LOCATIONS, seed, "tyros", "starts"), 0
            for empire in range(4):
                while not start_allowed(markers, order[i]):
                    i += 1                     # set aside: it goes back to the pile (D1, D2)
                markers[order[i]] = empire
                i += 1
        rest = shuffled([t for t in LOCATIONS if markers[t] < 0], seed, "tyros", "tiles")
        hands = tuple(tuple(sorted(rest[s * tiles_each:(s + 1) * tiles_each]))
                      for s in range(players))
        fleet = tuple(START_GALLEONS if n == TYRE_NODE else 0 for n in range(NODES))
        state = State(
            seed=seed, players=players, tiles_each=tiles_each, preset=preset, turn=1,
            first=Stream(seed, "tyros", "first").below(players), phase=TILES, step=0,
            last_turn=False, markers=tuple(markers), cities=(-1,) * 33,
            fleets=(fleet,) * players, hands=(ZERO,) * players, known=(ZERO,) * players,
            deck=tuple(c for c in range(4) for _ in range(PER_COLOUR)), discards=ZERO,
            tile_hands=hands, shown=((),) * players, pile=tuple(rest[players * tiles_each:]),
            under=(), offers=(0,) * players, auto_pass=auto_pass)
        return _settle(_deal(state))

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.outcome is not None:
            return ()
        p = state.pending
        if p is not None and p.kind == "offer" and p.ask != ZERO:
            return (p.target,)
        return (active(state),)

    def legal(self, state: State) -> list:
        if state.outcome is not None:
            return []
        seat = active(state)
        if state.phase == TILES:
            return _tile_moves(state, seat)
        if state.phase == KEEPING:
            return list(vectors_within(state.hands[seat], KEEP))
        p = state.pending
        if p is None:
            return _headers(state, seat)
        if p.kind != "offer":
            return _payments(state, seat, p) + [CANCEL]
        if p.ask != ZERO:
            return [ACCEPT, REFUSE] if within(p.ask, state.hands[p.target]) else [REFUSE]
        if p.give == ZERO:
            return list(gifts(state.hands[seat])) + [CANCEL]
        return list(requests(min(MAX_STEP, sum(state.hands[p.target])))) + [CANCEL]

    def apply(self, state: State, move) -> State:
        if state.outcome is not None:
            raise IllegalMove(_("the game is over"))
        if state.drawn or state.passed_for:
            state = replace(state, drawn=(), passed_for=())
        problem = self.why_not(state, move)
        if problem:
            raise IllegalMove(problem)
        seat, kind = active(state), type(move)
        if state.phase == TILES:
            return _settle(_play_tile(state, seat, move) if kind is Tile
                           else _put_under(state, seat, move.tile))
        if state.phase == KEEPING:
            return _settle(_keep(state, seat, move.counts))
        p = state.pending
        if kind is Cancel:
            return replace(state, pending=None)
        if p is None:
            return _settle(_header(state, seat, move))
        if p.kind == "offer":
            return _settle(_offer_step(state, seat, p, move))
        return _settle(_pay_step(state, seat, p, move.counts))

    def why_not(self, state: State, move) -> str:
        """Why `move` is not allowed now, in words for the player; "" when it is."""
        if state.outcome is not None:
            return _("the game is over")
        seat, kind, p = active(state), type(move), state.pending
        if state.phase == TILES:
            if kind is Tile:
                if move.tile not in state.tile_hands[seat]:
                    return _("that tile is not in your hand")
                if move.empire not in tile_targets(state.markers, move.tile):
                    return _("the tile must touch a location of the empire it joins")
                return ""
            if kind is Under:
                if move.tile not in state.tile_hands[seat]:
                    return _("that tile is not in your hand")
                if any(tile_targets(state.markers, t) for t in state.tile_hands[seat]):
                    return _("you can play a tile, so you must")
                return ""
            return _("play a tile first")
        if state.phase == KEEPING:
            if kind is not Cards:
                return ngettext("choose the {n} card you keep", "choose the {n} cards you keep",
                            KEEP).format(n=KEEP)
            if sum(move.counts) != KEEP or not within(move.counts, state.hands[seat]):
                return ngettext("keep {n} of the cards in your hand",
                                "keep {n} of the cards in your hand", KEEP).format(n=KEEP)
            return ""
        if p is None:
            return _header_problem(state, seat, move)
        if p.kind == "offer" and p.ask != ZERO:
            if kind is not Answer:
                return _("the partner must answer the offer first")
            if move.accept and not within(p.ask, state.hands[p.target]):
                return _("you do not have the cards asked for")
            return ""
        if kind is Cancel:
            return ""
        if kind is not Cards:
            return _("finish the action first (or cancel it)")
        if move.counts not in CARDS:
            return _("no such cards")
        if p.kind == "offer":
            legal = (gifts(state.hands[seat]) if p.give == ZERO else
                     requests(min(MAX_STEP, sum(state.hands[p.target]))))
            if CARDS[move.counts] not in legal:
                return (_("give 1 to 12 cards of your hand") if p.give == ZERO else
                        _("ask for 1 to 12 cards, no more than the partner holds"))
            return ""
        if CARDS[move.counts] not in _payments(state, seat, p):
            return _("those cards do not pay for it")
        return ""

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` (None: a spectator) may know, as JSON-able data.

        {"game": "tyros", "seat", "players", "to_move": [seat] or [],
         "phase": "tiles" | "actions" | "keep" | "over", "turn", "round" (actions phase),
         "first": the first player's seat, "active": whose tile, action or keep step it is
                  (while an offer waits for its answer, the proposer), "last_turn",
         "options": {"tiles_per_player", "preset_start", and "auto_pass": true only with the
                    option (D34: the views of games before it are as they were)},
         "empires": colour names,
         "markers": per location 0..32 (0 = Tyre) an empire index or None,
         "empire_sizes", "empire_ranks" (0 = largest), "cities": per location a seat or None,
         "galleons": per seat {node name: count} ("1".."32", "16W", "16E", "T"),
         "supply": per seat {"galleons", "cities"},
         "hands": per seat {"cards": count, "known": [4 counts every player knows it holds],
                  "tiles": count, "shown_tiles": tiles every player has seen in it}, and in
                  the viewer's own entry "own": {"cards": [4 counts], "tiles": [...]} (see
                  `mine`: a path no other seat's view has),
         "deck", "discards": [4 counts], "tile_pile": count,
         "tile_pile_bottom": tiles known to lie under the pile, in draw order,
         "passes": passes in a row, "passed": the seats that made them,
         "pending": None or {"kind", "seat", "target", "source", "cost", "paid", "partner",
                    "give", "ask", "waiting": the partner must answer},
         "refused": partners who refused an offer in this action,
         "traded": [proposer, partner] pairs who traded this turn,
         "offers": per seat, the offers it has sent this turn,
         "all_four": the seat with the all-four-empires bonus, or None,
         "score": per seat the points if the game ended now (see `scores`),
         "outcome": None or {"winners", "reason"}}
        """
        sizes = empire_sizes(state.markers)
        n = state.players
        p = state.pending
        pending = None
        if p is not None:
            pending = {"kind": p.kind, "seat": active(state), "target": p.target,
                       "source": p.source, "cost": p.cost, "paid": list(p.paid),
                       "partner": p.target if p.kind == "offer" else None,
                       "give": list(p.give), "ask": list(p.ask),
                       "waiting": p.kind == "offer" and p.ask != ZERO}
        return {
            "game": self.key, "seat": seat, "players": n,
            "to_move": list(self.to_move(state)), "phase": state.phase, "turn": state.turn,
            "round": state.step // n + 1 if state.phase == ACTIONS else None,
            "first": state.first, "active": active(state) if state.phase != OVER else None,
            "last_turn": state.last_turn,
            "options": {"tiles_per_player": state.tiles_each, "preset_start": state.preset}
            | ({"auto_pass": True} if state.auto_pass else {}),
            "empires": list(EMPIRES),
            "markers": [m if m >= 0 else None for m in state.markers],
            "empire_sizes": sizes, "empire_ranks": empire_ranks(state.markers),
            "cities": [c if c >= 0 else None for c in state.cities],
            "galleons": [{NODE_NAMES[node]: k for node, k in enumerate(f) if k}
                         for f in state.fleets],
            "supply": [dict(zip(("galleons", "cities"), supply(state, s))) for s in range(n)],
            "hands": [_hand_view(state, s, seat) for s in range(n)],
            "deck": len(state.deck), "discards": list(state.discards),
            "tile_pile": len(state.pile) + len(state.under),
            "tile_pile_bottom": list(state.under),
            "passes": state.passes,
            "passed": [(state.first + state.step - i - 1) % n for i in range(state.passes)]
            if state.phase == ACTIONS else [],
            "pending": pending, "refused": list(state.refused),
            "traded": [[a, b] for a in range(n) for b in range(n)
                       if state.traded >> (a * 4 + b) & 1],
            "offers": list(state.offers),
            "all_four": state.all_four if state.all_four >= 0 else None,
            "score": scores(state),
            "outcome": None if state.outcome is None else {
                "winners": list(state.outcome.winners), "reason": state.outcome.reason},
        }

    def sample_hidden(self, state: State, seat: int | None, key: bytes) -> State:
        """Re-deal what `seat` cannot know: the other hands' unknown cards and tiles, the
        deck's and the tile pile's order, the seed that makes later draws, and what the others
        drew unseen on the last move, taken from their re-dealt cards and tiles (D28)."""
        others = [s for s in range(state.players) if s != seat]
        state = _unkept(state, others)
        was = state.drawn or ((),) * state.players
        unseen = {(s, kind): sum(1 for k, _v in was[s] if k == kind)
                  for s in others for kind in ("card", "tile")}
        drawn = list(was)
        pool = list(state.deck)
        for s in others:
            pool += spread(sub(state.hands[s], state.known[s]))
        deal = shuffled(sorted(pool), key, "tyros", "sample cards")
        hands, at = list(state.hands), 0
        for s in others:
            size = sum(state.hands[s]) - sum(state.known[s])
            hands[s] = add(state.known[s], counts(deal[at:at + size]))
            drawn[s] = tuple(("card", c) for c in deal[at:at + size][:unseen[s, "card"]])
            at += size
        deck = tuple(deal[at:])
        pool = list(state.pile)
        for s in others:
            pool += [t for t in state.tile_hands[s] if t not in state.shown[s]]
        deal = shuffled(sorted(pool), key, "tyros", "sample tiles")
        tile_hands, at = list(state.tile_hands), 0
        for s in others:
            size = len(state.tile_hands[s]) - len(state.shown[s])
            tile_hands[s] = tuple(sorted(state.shown[s] + tuple(deal[at:at + size])))
            drawn[s] += tuple(("tile", t) for t in deal[at:at + size][:unseen[s, "tile"]])
            at += size
        state = replace(state, hands=tuple(hands), deck=deck, tile_hands=tuple(tile_hands),
                        pile=tuple(deal[at:]), seed=derive(key, "tyros", "sample seed")[:16],
                        drawn=tuple(drawn) if state.drawn else ())
        return _kept_again(state, others, key)

    def encode(self, move) -> str:
        code = MOVE_CODE[move]
        return TOKEN_ALPHABET[code >> 6] + TOKEN_ALPHABET[code & 63]

    def decode(self, token: str):
        self.check_token(token)
        code = TOKEN_INDEX[token[0]] << 6 | TOKEN_INDEX[token[1]]
        if code >= len(CODE_MOVES):
            raise MalformedMove(f"{token!r} is not a Tyros move")
        return CODE_MOVES[code]

    def turn_of(self, state: State) -> int:
        """Y8: the turn (tiles, actions, keeping), for the replay's jumps."""
        return state.turn

    def describe(self, state: State, move, seat: int | None = None) -> str:
        """The move in words, and the passes it forced on empty hands (D34); kept cards only
        for their owner (the discards are public). "Seat n" stays as it is: the screens put
        the player's name in its place."""
        text = self._described(state, move, seat)
        if state.auto_pass and state.phase == ACTIONS:
            for passer in self.apply(state, move).passed_for:
                # Translators: Tyros, the log: after a move, a player with no cards passes
                # without being asked (they cannot do anything else); {who} is their name.
                text = _("{move}; {who} passes: no cards").format(move=text,
                                                                   who=f"Seat {passer}")
        return text

    def _described(self, state: State, move, seat: int | None) -> str:
        mover = self.to_move(state)[0] if self.to_move(state) else active(state)
        who = f"Seat {mover}"
        kind, p = type(move), state.pending
        if kind is Tile:
            # Translators: {who} is a player's name; a map tile (tessera mappa) joins an
            # empire (impero).
            text = _("{who} plays tile {tile} ({place}): it joins the {colour} empire").format(
                who=who, tile=move.tile, place=label(move.tile),
                colour=colour_name(move.empire))
            if move.tile in TYRE_NEIGHBOURS and state.markers[TYRE] < 0:
                text = _("{move}; Tyre turns {colour}").format(
                    move=text, colour=colour_name(move.empire))
            return text
        if kind is Under:
            hand = ", ".join(str(t) for t in state.tile_hands[mover])
            return _("{who} cannot play a tile, shows {tiles} and puts tile {tile} under the "
                     "pile").format(who=who, tiles=hand, tile=move.tile)
        if kind is Pass:
            return _("{who} passes").format(who=who)
        if kind is Cancel:
            return _("{who} changes their mind").format(who=who)
        if kind is Sail:
            dst = LOC_OF[move.dst]
            colour = state.markers[dst]
            steps = DIST[move.src][move.dst]
            paid = (colour_count(colour, steps) if colour >= 0 else
                    ngettext("{n} card", "{n} cards", steps).format(n=steps))
            # Translators: galleon = the rulebook's galeone.
            return _("{who} sails a galleon from {start} to {end} ({cost})").format(
                who=who, start=place(move.src), end=place(move.dst), cost=paid)
        if kind is Build:
            cost = build_cost(state, move.loc)
            return ngettext("{who} builds a galleon at {place} ({n} card)",
                            "{who} builds a galleon at {place} ({n} cards)", cost).format(
                who=who, place=place(BUILD_NODE[move.loc]), n=cost)
        if kind is City:
            loc = LOC_OF[move.node]
            # Translators: a city = the rulebook's città.
            return _("{who} founds a city at {place} ({cost})").format(
                who=who, place=place(move.node),
                cost=colour_count(state.markers[loc], city_cost(state, mover, loc)))
        if kind is Exchange:
            dropped = words(move.discard)
            if move.take < 0:
                return _("{who} discards {cards} and draws 3 cards").format(who=who, cards=dropped)
            return _("{who} discards {cards} and takes a {colour} card from the discard "
                     "pile").format(who=who, cards=dropped, colour=colour_name(move.take))
        if kind is Offer:
            # Translators: {who} and {partner} are players' names; the rulebook's commercio.
            return _("{who} proposes a trade to {partner}").format(
                who=who, partner=f"Seat {move.partner}")
        if kind is Answer:
            if move.accept:
                return _("{who} accepts the offer of {partner}").format(
                    who=who, partner=f"Seat {active(state)}")
            return _("{who} refuses the offer of {partner}").format(
                who=who, partner=f"Seat {active(state)}")
        if state.phase == KEEPING:
            dropped = sub(state.hands[mover], move.counts)
            if seat == mover:
                return _("{who} keeps {cards} and discards {dropped}").format(
                    who=who, cards=words(move.counts), dropped=words(dropped))
            # Translators: another player kept cards: which ones, and what they discard, stay
            # hidden until every player has kept (D33).
            return ngettext("{who} keeps {n} card", "{who} keeps {n} cards", KEEP).format(
                who=who, n=KEEP)
        if p is not None and p.kind == "offer":
            if p.give == ZERO:
                return _("{who} offers {cards} to {partner}").format(
                    who=who, cards=words(move.counts), partner=f"Seat {p.target}")
            return _("{who} asks {partner} for {cards}").format(
                who=who, cards=words(move.counts), partner=f"Seat {p.target}")
        return _("{who} pays {cards}").format(who=who, cards=words(move.counts))


def _hand_view(state: State, s: int, seat: int | None) -> dict:
    out = {"cards": sum(state.hands[s]), "known": list(bound(state, s)),
           "tiles": len(state.tile_hands[s]), "shown_tiles": list(state.shown[s])}
    if s == seat:
        out["own"] = {"cards": list(state.hands[s]), "tiles": list(state.tile_hands[s])}
    return out


def mine(view: dict) -> dict | None:
    """The viewer's own cards and tiles in a view ({"cards", "tiles"}), or None."""
    seat = view["seat"]
    return None if seat is None else view["hands"][seat].get("own")


def from_view(view: dict) -> State:
    """A state with the public facts of a seat's view and placeholders of the right sizes for
    what it hides, so the boards can ask `why_not`, the costs and `legal` from a view alone."""
    n = view["players"]
    hands, tiles = [], []
    for s, hand in enumerate(view["hands"]):
        if "own" in hand:
            hands.append(tuple(hand["own"]["cards"]))
            tiles.append(tuple(hand["own"]["tiles"]))
        else:
            known = tuple(hand["known"])
            hands.append(add(known, (hand["cards"] - sum(known), 0, 0, 0)))
            tiles.append(tuple(hand["shown_tiles"]) + (0,) * (hand["tiles"] - len(hand["shown_tiles"])))
    first, active_seat = view["first"], view["active"]
    step = 0 if active_seat is None else (active_seat - first) % n
    if view["phase"] == ACTIONS:
        step += (view["round"] - 1) * n
    p = view["pending"]
    pending = None if p is None else Pending(p["kind"], p["target"], p["source"], p["cost"],
                                             tuple(p["paid"]), tuple(p["give"]), tuple(p["ask"]))
    traded = sum(1 << (a * 4 + b) for a, b in view["traded"])
    bottom = tuple(view["tile_pile_bottom"])
    return State(
        seed=b"", players=n, tiles_each=view["options"]["tiles_per_player"],
        preset=view["options"]["preset_start"], turn=view["turn"], first=first,
        phase=view["phase"], step=step, last_turn=view["last_turn"],
        markers=tuple(-1 if m is None else m for m in view["markers"]),
        cities=tuple(-1 if c is None else c for c in view["cities"]),
        fleets=tuple(tuple(g.get(name, 0) for name in NODE_NAMES) for g in view["galleons"]),
        hands=tuple(hands), known=tuple(tuple(h["known"]) for h in view["hands"]),
        deck=(0,) * view["deck"], discards=tuple(view["discards"]), tile_hands=tuple(tiles),
        shown=tuple(tuple(h["shown_tiles"]) for h in view["hands"]),
        pile=(0,) * (view["tile_pile"] - len(bottom)), under=bottom, passes=view["passes"],
        pending=pending, refused=tuple(view["refused"]), traded=traded,
        offers=tuple(view["offers"]),
        all_four=-1 if view["all_four"] is None else view["all_four"],
        auto_pass=view["options"].get("auto_pass", False))


def place(node: int) -> str:
    """A sea node in words: 'Tyre', '12 Carthago', 'the west coast of 16 Italia'."""
    loc = LOC_OF[node]
    name = place_name(loc)
    if node == WEST:
        # Translators: Italy's west coast (the rulebook: "la parte occidentale della penisola").
        return _("the west coast of {place}").format(place=name)
    if node == EAST:
        # Translators: Italy's east coast ("la zona est della penisola").
        return _("the east coast of {place}").format(place=name)
    return name


# --- Phase steps --------------------------------------------------------------------------

def _deal(state: State) -> State:
    """Y9: shuffle the deck and the discards together and deal 12 (3p) or 10 (4p) each."""
    pool = sorted(state.deck + tuple(spread(state.discards)))
    order = shuffled(pool, state.seed, "tyros", "deal", state.turn)
    size = DEAL[state.players]
    dealt = [order[s * size:(s + 1) * size] for s in range(state.players)]
    hands = tuple(add(state.hands[s], counts(dealt[s])) for s in range(state.players))
    state = replace(state, hands=hands, deck=tuple(order[state.players * size:]),
                    discards=ZERO)
    for seat, cards in enumerate(dealt):
        state = _drew(state, seat, tuple(("card", c) for c in cards))
    return state


def _drew(state: State, seat: int, items: tuple) -> State:
    """Note what `seat` drew unseen on this move (for play by link: seeds/tyros.md YL4)."""
    drawn = state.drawn or ((),) * state.players
    return replace(state, drawn=_put(drawn, seat, drawn[seat] + items))


def pass_forced(state: State) -> bool:
    """D34: whether everybody can see that passing is the only legal move of the seat to move:
    an action is to start (no offer or payment open) and its hand, whose size is public, is
    empty. Every other action costs a card: a voyage at least 1, a galleon at least 1, a city
    4 or 5, an exchange 3, an offer gives at least 1 (D17)."""
    return (state.phase == ACTIONS and state.pending is None and state.outcome is None
            and not sum(state.hands[active(state)]))


def _settle(state: State) -> State:
    """Run the steps nobody has a choice in: skip empty tile hands and hands of 3 cards or
    fewer, make the passes forced on an empty hand (option, D34), end the phases, score, deal
    the next turn."""
    n = state.players
    while True:
        if state.phase == TILES:
            if state.step == n:
                state = replace(state, phase=ACTIONS, step=0, passes=0,
                                last_turn=any(not h for h in state.tile_hands))    # Y35, D20
            elif not state.tile_hands[active(state)]:
                state = replace(state, step=state.step + 1)
            else:
                return state
        elif state.phase == ACTIONS:
            if state.passes < n:
                if not (state.auto_pass and pass_forced(state)):
                    return state
                state = replace(_header(state, active(state), PASS),
                                passed_for=state.passed_for + (active(state),))
                continue
            if state.last_turn:
                return _finish(state)
            state = replace(state, phase=KEEPING, step=0)
        elif state.phase == KEEPING:
            if state.step == n:                                                    # Y34
                state = _deal(replace(_discard_kept(state), phase=TILES, step=0, turn=state.turn + 1,
                                      first=(state.first + 1) % n, traded=0, offers=(0,) * n))
            elif sum(state.hands[active(state)]) <= KEEP:
                state = replace(state, step=state.step + 1)
            else:
                return state
        else:
            return state


def _finish(state: State) -> State:
    """Y35-Y43: score and name the winners."""
    totals = [s["total"] for s in scores(state)]
    best = max(totals)
    winners = tuple(s for s, t in enumerate(totals) if t == best)
    reason = N_("most points") if len(winners) == 1 else N_("most points, shared")
    return replace(state, phase=OVER, outcome=Outcome(winners, reason))


def _draw_tile(state: State, seat: int, hand: list, shown: list) -> State:
    """Y14: the top tile of the pile, if any; a tile from under the pile is seen by all."""
    pile, under = state.pile, state.under
    if pile:
        hand.append(pile[0])
        return _drew(replace(state, pile=pile[1:]), seat, (("tile", pile[0]),))
    if under:
        hand.append(under[0])
        shown.append(under[0])
        return replace(state, under=under[1:])
    return state


def _tile_moves(state: State, seat: int) -> list:
    hand = state.tile_hands[seat]
    plays = [Tile(t, e) for t in hand for e in tile_targets(state.markers, t)]
    return plays or [Under(t) for t in hand]


def _play_tile(state: State, seat: int, move: Tile) -> State:
    """Y11-Y14: the location joins the empire; Tyre follows 31 or 32; draw."""
    markers = list(state.markers)
    markers[move.tile] = move.empire
    if move.tile in TYRE_NEIGHBOURS and markers[TYRE] < 0:
        markers[TYRE] = move.empire
    hand = [t for t in state.tile_hands[seat] if t != move.tile]
    shown = [t for t in state.shown[seat] if t != move.tile]
    state = _draw_tile(state, seat, hand, shown)
    return replace(state, markers=tuple(markers), step=state.step + 1,
                   tile_hands=_put(state.tile_hands, seat, tuple(sorted(hand))),
                   shown=_put(state.shown, seat, tuple(sorted(shown))))


def _put_under(state: State, seat: int, tile: int) -> State:
    """Y15: show the hand, put one tile under the pile, draw the top tile."""
    hand = [t for t in state.tile_hands[seat] if t != tile]
    shown = list(hand)
    state = replace(state, under=state.under + (tile,))
    state = _draw_tile(state, seat, hand, shown)
    return replace(state, step=state.step + 1,
                   tile_hands=_put(state.tile_hands, seat, tuple(sorted(hand))),
                   shown=_put(state.shown, seat, tuple(sorted(shown))))


def _keep(state: State, seat: int, kept: tuple) -> State:
    """D33: the cards set aside wait face down until every player has kept (`_discard_kept`)."""
    dropped = state.dropped or (ZERO,) * state.players
    return replace(state, step=state.step + 1, hands=_put(state.hands, seat, kept),
                   dropped=_put(dropped, seat, sub(state.hands[seat], kept)))


def _discard_kept(state: State) -> State:
    """D33: once every player has kept, the cards they set aside are discarded together and
    each colour's bound (D28) drops by what its player discarded."""
    if not state.dropped:
        return state
    discards, known = state.discards, list(state.known)
    for seat, dropped in enumerate(state.dropped):
        discards = add(discards, dropped)
        known[seat] = floor_sub(known[seat], dropped)
    return replace(state, discards=discards, known=tuple(known), dropped=())


def bound(state: State, seat: int) -> tuple:
    """The cards of each colour every player knows `seat` holds (D28); while its kept cards
    are hidden (D33), what is sure whichever cards it set aside."""
    if not state.dropped or not any(state.dropped[seat]):
        return state.known[seat]
    out = sum(state.dropped[seat])
    return tuple(max(0, k - out) for k in state.known[seat])


def _unkept(state: State, seats: list) -> State:
    """The state with the cards `seats` set aside this turn back in their hands (D33), for
    `sample_hidden` to deal again with the rest of what they hold."""
    if not state.dropped:
        return state
    hands = tuple(add(hand, state.dropped[s]) if s in seats else hand
                  for s, hand in enumerate(state.hands))
    return replace(state, hands=hands)


def _kept_again(state: State, seats: list, key: bytes) -> State:
    """After `_unkept` and a new deal: each of `seats` that had kept sets aside as many cards
    again, chosen at random from its dealt hand (D33: which ones it kept is hidden)."""
    if not state.dropped:
        return state
    hands, dropped = list(state.hands), list(state.dropped)
    for s in seats:
        out = sum(state.dropped[s])
        if out:
            cards = shuffled(spread(hands[s]), key, "tyros", "sample kept", s)
            hands[s] = counts(cards[out:])
            dropped[s] = counts(cards[:out])
    return replace(state, hands=tuple(hands), dropped=tuple(dropped))


def _put(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _pay(state: State, seat: int, paid: tuple) -> State:
    """Cards go from the seat's hand to the face-up discard pile (Y17)."""
    return replace(state, hands=_put(state.hands, seat, sub(state.hands[seat], paid)),
                   known=_put(state.known, seat, floor_sub(state.known[seat], paid)),
                   discards=add(state.discards, paid))


def _done(state: State) -> State:
    """An action other than a pass is over: the next player acts (Y16, Y33)."""
    return replace(state, step=state.step + 1, passes=0, pending=None, refused=())


def _header_problem(state: State, seat: int, move) -> str:
    kind = type(move)
    if kind is Pass:
        return ""
    if kind is Sail:
        return sail_problem(state, seat, move.src, move.dst)
    if kind is Build:
        return build_problem(state, seat, move.loc)
    if kind is City:
        return city_problem(state, seat, move.node)
    if kind is Exchange:
        return exchange_problem(state, seat, move.take, move.discard)
    if kind is Offer:
        return offer_problem(state, seat, move.partner)
    if kind is Answer:
        return _("there is no offer to answer")
    if kind is Cancel:
        return _("there is nothing to cancel")
    if kind is Cards:
        return _("choose an action first")
    return _("play a tile only in the tile phase")


def _headers(state: State, seat: int) -> list:
    """Every action the seat may start: pass, sail, build, city, exchange, offer."""
    moves: list = [PASS]
    fleet = state.fleets[seat]
    moves += _sails(state, seat)
    moves += [Build(loc) for loc in range(33)
              if (loc == TYRE or state.cities[loc] == seat) and not build_problem(state, seat, loc)]
    moves += [City(n) for n in range(TYRE_NODE) if fleet[n] and not city_problem(state, seat, n)]
    moves += [EXCHANGES[t, m.counts] for t in range(-1, 4)
              if not exchange_problem(state, seat, t)
              for m in vectors_within(state.hands[seat], EXCHANGE)]
    moves += [Offer(s) for s in range(state.players) if not offer_problem(state, seat, s)]
    return moves


def _sails(state: State, seat: int) -> list[Sail]:
    """The voyages sail_problem allows, found without asking it each time (a hot path)."""
    fleet, hand = state.fleets[seat], state.hands[seat]
    markers, cities = state.markers, state.cities
    total = sum(hand)
    there = [0] * 33
    for f in state.fleets:
        for n in range(NODES):
            if f[n]:
                there[LOC_OF[n]] += f[n]
    out = []
    for src in range(NODES):
        if not fleet[src]:
            continue
        steps, home = DIST[src], LOC_OF[src]
        for dst in range(NODES):
            loc = LOC_OF[dst]
            colour = markers[loc]
            if dst == src or (loc != TYRE and (colour < 0 or cities[loc] < 0 and there[loc]
                                                - (home == loc) >= LIMIT)):
                continue
            if steps[dst] <= (total if colour < 0 else hand[colour]):
                out.append(SAILS[src * NODES + dst])
    return out


def _header(state: State, seat: int, move) -> State:
    """Start (or, when nothing is left to choose, do) the action `move` heads."""
    kind, hand = type(move), state.hands[seat]
    if kind is Pass:
        return replace(state, step=state.step + 1, passes=state.passes + 1, refused=())
    if kind is Sail:
        colour = state.markers[LOC_OF[move.dst]]
        steps = DIST[move.src][move.dst]
        if colour >= 0:
            return _sail(_pay(state, seat, tuple(steps if c == colour else 0 for c in range(4))),
                         seat, move.src, move.dst)
        pending = Pending("sail", move.dst, move.src, steps)
    elif kind is Build:
        pending = Pending("build", move.loc, cost=build_cost(state, move.loc))
    elif kind is City:
        loc = LOC_OF[move.node]
        colour, cost = state.markers[loc], city_cost(state, seat, loc)
        state = _pay(state, seat, tuple(cost if c == colour else 0 for c in range(4)))
        return _done(_city(state, seat, move.node))
    elif kind is Exchange:
        return _done(_exchange(state, seat, move.take, move.discard))
    else:
        return replace(state, pending=Pending("offer", move.partner))
    if sum(hand) == pending.cost:          # the whole hand: no choice anyone could not see
        return _complete(state, seat, pending, hand)
    return replace(state, pending=pending)


def _pay_step(state: State, seat: int, p: Pending, cards: tuple) -> State:
    paid = add(p.paid, cards)
    if sum(paid) < p.cost:
        known = tuple(max(k, x) for k, x in zip(state.known[seat], paid))
        return replace(state, pending=replace(p, paid=paid),
                       known=_put(state.known, seat, known))
    return _complete(state, seat, p, paid)


def _complete(state: State, seat: int, p: Pending, paid: tuple) -> State:
    """Pay for a pending sail or build and carry it out."""
    state = _pay(state, seat, paid)
    if p.kind == "sail":
        return _sail(state, seat, p.source, p.target)
    fleet = list(state.fleets[seat])
    fleet[BUILD_NODE[p.target]] += 1                                           # Y20
    return _done(replace(state, fleets=_put(state.fleets, seat, tuple(fleet))))


def _sail(state: State, seat: int, src: int, dst: int) -> State:
    fleet = list(state.fleets[seat])
    fleet[src] -= 1
    fleet[dst] += 1
    return _done(replace(state, fleets=_put(state.fleets, seat, tuple(fleet))))


def _city(state: State, seat: int, node: int) -> State:
    """Y28, Y41: the galleon becomes a city (the galleon goes back to the supply)."""
    loc = LOC_OF[node]
    fleet = list(state.fleets[seat])
    fleet[node] -= 1
    cities = _put(state.cities, loc, seat)
    state = replace(state, cities=cities, fleets=_put(state.fleets, seat, tuple(fleet)))
    if state.all_four < 0:
        empires = {state.markers[c] for c in LOCATIONS if cities[c] == seat}
        if len(empires) == 4:
            state = replace(state, all_four=seat)
    return state


def _exchange(state: State, seat: int, take: int, dropped: tuple) -> State:
    """Y30, Y31, D18: discard 3, then draw 3 or take the chosen card (from the pile as it was)."""
    hand = sub(state.hands[seat], dropped)
    known = floor_sub(state.known[seat], dropped)
    discards, deck = state.discards, state.deck
    if take < 0:
        hand = add(hand, counts(deck[:EXCHANGE]))
        state = _drew(state, seat, tuple(("card", c) for c in deck[:EXCHANGE]))
        deck = deck[EXCHANGE:]
    else:
        one = tuple(1 if c == take else 0 for c in range(4))
        hand, known, discards = add(hand, one), add(known, one), sub(discards, one)
    return replace(state, hands=_put(state.hands, seat, hand), deck=deck,
                   known=_put(state.known, seat, known), discards=add(discards, dropped))


def _offer_step(state: State, seat: int, p: Pending, move) -> State:
    """Y29: the offer's give, its ask, then the partner's answer."""
    if type(move) is Cards:
        if p.give == ZERO:
            known = tuple(max(k, x) for k, x in zip(state.known[seat], move.counts))
            return replace(state, pending=replace(p, give=move.counts),
                           known=_put(state.known, seat, known))
        return replace(state, pending=replace(p, ask=move.counts),
                       offers=_put(state.offers, seat, state.offers[seat] + 1))
    if not move.accept:
        return replace(state, pending=None, refused=state.refused + (p.target,))
    partner, hands, known = p.target, list(state.hands), list(state.known)
    hands[seat] = add(sub(hands[seat], p.give), p.ask)
    hands[partner] = add(sub(hands[partner], p.ask), p.give)
    known[seat] = add(floor_sub(known[seat], p.give), p.ask)
    known[partner] = add(floor_sub(tuple(max(k, x) for k, x in zip(known[partner], p.ask)),
                                   p.ask), p.give)
    return _done(replace(state, hands=tuple(hands), known=tuple(known),
                         traded=state.traded | 1 << (seat * 4 + partner)))


# --- Scoring ------------------------------------------------------------------------------

def controller(state: State, loc: int) -> tuple[int, str]:
    """(seat, "city" | "galleons") controlling a location, or (-1, "") (Y36, Y37, D21, D22)."""
    if loc == TYRE:
        there = [f[TYRE_NODE] for f in state.fleets]
        best = max(there)
        leaders = [s for s, k in enumerate(there) if k == best]
        return (leaders[0], "galleons") if best and len(leaders) == 1 else (-1, "")
    if state.cities[loc] >= 0:
        return state.cities[loc], "city"
    owners = [s for s in range(state.players) if own_at(state, s, loc)]
    return (owners[0], "galleons") if len(owners) == 1 else (-1, "")


def scores(state: State) -> list[dict]:
    """Per seat the points if the game ended now (Y36-Y42):
    {"total", "locations": [[loc, "city" | "galleons", points]], "all_four": 0 or 7,
     "majorities": [empires whose city majority the seat holds], "bonus": their points}."""
    ranks = empire_ranks(state.markers)
    out = [{"total": 0, "locations": [], "all_four": 0, "majorities": [], "bonus": 0}
           for _ in range(state.players)]
    for loc in range(33):
        empire = state.markers[loc]
        if empire < 0:
            continue
        seat, how = controller(state, loc)
        if seat < 0:
            continue
        points = (CITY_POINTS if how == "city" else GALLEON_POINTS)[ranks[empire]]
        out[seat]["locations"].append([loc, how, points])
        out[seat]["total"] += points
    if state.all_four >= 0:
        out[state.all_four]["all_four"] = BONUS
        out[state.all_four]["total"] += BONUS
    for empire in range(4):
        cities = [0] * state.players
        for loc in LOCATIONS:
            if state.cities[loc] >= 0 and state.markers[loc] == empire:
                cities[state.cities[loc]] += 1
        best = max(cities)
        if best and cities.count(best) == 1:
            seat = cities.index(best)
            out[seat]["majorities"].append(empire)
            out[seat]["bonus"] += BONUS
            out[seat]["total"] += BONUS
    return out


ENGINE = Tyros()
