"""Tyrus: two parties place face-down soldiers, merchants and priests to win nine elections.

The rules as implemented are numbered T1.. in seeds/tyrus.md; comments cite them.
Tiles are ints 0..29 (kind * 10 + value - 1, kind 0 soldier, 1 merchant, 2 priest);
building b = owner * 3 + kind (citadel, market, temple).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, Game, IllegalMove, MalformedMove, Outcome
from ...engine.rng import Stream, shuffled
from ...i18n import N_, _, pgettext

KINDS = "SMP"
BUILDING_NAMES = ("citadel", "market", "temple")
HAND_SIZE = 9
DRAW_SIZE = 3
ELECTIONS = 9
PLACEMENTS = 6          # per election: three each, alternating
DECK = (0, 0, 0, 1, 1, 1, 2, 2, 2)

# Why the game ended (Outcome.reason): kept in English, translated where shown with _().
# Translators: the reasons a game of Tyrus ended, shown under the winner's name (or under
# "Draw"). A representative is the piece won in an election (French rulebook: pion
# Représentant).
THREE_IN_A_ROW = N_("three elections won in a row")
# Translators: a reason the game of Tyrus ended (see "three elections won in a row").
FIVE_WINS = N_("five representatives")
# Translators: a reason the game of Tyrus ended (see "three elections won in a row").
MOST_WINS = N_("most representatives after nine elections")
# Translators: a reason the game of Tyrus ended: the tiles still in the players' hands decide.
HAND_TIEBREAK = N_("equal representatives; higher total of the tiles left in hand")
# Translators: a reason the game of Tyrus ended (see "three elections won in a row").
TIED = N_("equal representatives after nine elections")
# Translators: a reason the game of Tyrus ended in a draw.
DRAWN = N_("equal representatives and equal totals in hand")


def tile_code(tile: int) -> str:
    """'S1'..'S10', 'M1'.., 'P1'.. for tile indices 0..29."""
    return KINDS[tile // 10] + str(tile % 10 + 1)


def kind_letter(kind: str) -> str:
    """The letter printed on a tile of profession `kind` ('S', 'M' or 'P'), in the player's
    language; codes and data attributes keep the English letters."""
    if kind == "S":
        # Translators: the one letter printed on Tyrus's soldier tiles (and in tile names such
        # as "S7"); it must differ from the letters of the merchants and the priests.
        return pgettext("Tyrus tile letter", "S")
    if kind == "M":
        # Translators: the one letter printed on Tyrus's merchant tiles ("M7"); it must differ
        # from the letters of the soldiers and the priests.
        return pgettext("Tyrus tile letter", "M")
    if kind == "P":
        # Translators: the one letter printed on Tyrus's priest tiles ("P7"); it must differ
        # from the letters of the soldiers and the merchants.
        return pgettext("Tyrus tile letter", "P")
    return kind


def tile_label(code: str) -> str:
    """A tile code as players read it: its profession letter in their language and value."""
    return kind_letter(code[:1]) + code[1:]


def parse_tile(code: str) -> int:
    """The tile index of a code such as 'M7'; ValueError if it names no tile."""
    kind = KINDS.find(code[:1]) if code else -1
    value = int(code[1:]) if code[1:].isdigit() else 0
    if kind < 0 or not 1 <= value <= 10:
        raise ValueError(f"{code!r} is not a tile code")
    return kind * 10 + value - 1


def tile_value(tile: int) -> int:
    return tile % 10 + 1


def blocker_of(kind: int) -> int:
    """Who blocks `kind`: merchants block soldiers, priests merchants, soldiers priests."""
    return (kind + 1) % 3


def counter_of(kind: int) -> int:
    """The profession that counters the blocker of `kind` (the blocker's own blocker)."""
    return (kind + 2) % 3


@dataclass(frozen=True, slots=True)
class Move:
    """Place `tile` from the mover's hand into building `building`."""

    tile: int
    building: int


MOVES = tuple(Move(t, b) for b in range(6) for t in range(30))     # index b * 30 + t
MOVES_OF_TILE = tuple(tuple(MOVES[b * 30 + t] for b in range(6)) for t in range(30))


@dataclass(frozen=True, slots=True)
class Side:
    """One player's count in a tally, with each tile of their building and its role."""

    votes: int
    block: int
    counter: int
    score: int
    tiles: tuple[tuple[int, int, str], ...]     # (owner, tile, role) in placement order


@dataclass(frozen=True, slots=True)
class Tally:
    """The result of one election (T6-T11)."""

    number: int
    kind: int
    winner: int | None
    sides: tuple[Side, Side]


@dataclass(frozen=True, slots=True)
class State:
    """A whole Tyrus position; every field is an immutable value."""

    first: int                  # seat that won the coin toss (T2)
    number: int                 # election under way, 1..9 (the last one held once over)
    kind: int                   # its profession
    placed: int                 # placements made in it so far, 0..5
    deck: tuple[int, ...]       # election cards still face down, next first
    hands: tuple[tuple[int, ...], tuple[int, ...]]     # sorted tiles
    bags: tuple[tuple[int, ...], tuple[int, ...]]      # tiles in draw order
    buildings: tuple[tuple[tuple[int, int], ...], ...]  # six tuples of (owner, tile)
    chart: tuple[tuple[int, int | None], ...] = ()      # (kind, winner) per election held
    last_tally: Tally | None = None
    outcome: Outcome | None = None
    tiebreak: tuple[int, int] | None = None              # hand totals, when they decided


def score_side(building, seat: int, kind: int) -> Side:
    """Count `seat`'s own building for an election of `kind` (T7-T10)."""
    block_kind, counter_kind = blocker_of(kind), counter_of(kind)
    votes = block = counter = 0
    tiles = []
    for owner, tile in building:
        tile_kind, value = tile // 10, tile % 10 + 1
        if owner == seat and tile_kind == kind:
            votes += value
            role = "vote"
        elif owner != seat and tile_kind == block_kind:
            block += value
            role = "block"
        elif owner == seat and tile_kind == counter_kind:
            counter += value
            role = "counter"
        else:
            role = "none"
        tiles.append((owner, tile, role))
    score = max(0, votes - max(0, block - counter))
    return Side(votes, block, counter, score, tuple(tiles))


def tally(buildings, kind: int, number: int) -> Tally:
    """Count the two buildings of `kind`; equal scores make a null election (T11)."""
    sides = (score_side(buildings[kind], 0, kind), score_side(buildings[3 + kind], 1, kind))
    a, b = sides[0].score, sides[1].score
    winner = None if a == b else (0 if a > b else 1)
    return Tally(number, kind, winner, sides)


def chart_verdict(winners, stop_at_five: bool = True):
    """Whether the chart so far ends the game (T14-T16): None while it goes on, else
    (seat, reason); seat None means representatives are equal after nine elections.

    Meant to be asked after every election, so only the newest run of three is checked.
    """
    if len(winners) >= 3 and winners[-1] is not None and winners[-1] == winners[-2] == winners[-3]:
        return winners[-1], THREE_IN_A_ROW
    wins = (sum(1 for w in winners if w == 0), sum(1 for w in winners if w == 1))
    if stop_at_five and max(wins) >= 5:
        return (0 if wins[0] >= 5 else 1), FIVE_WINS
    if len(winners) >= ELECTIONS:
        if wins[0] == wins[1]:
            return None, TIED
        return (0 if wins[0] > wins[1] else 1), MOST_WINS
    return None


def _mover(state: State) -> int:
    starter = state.first if state.number % 2 else 1 - state.first    # T3
    return starter ^ (state.placed & 1)


def _finish(state: State, verdict) -> State:
    """The final state once `verdict` (from chart_verdict) has ended the game."""
    seat, reason = verdict
    if seat is not None:
        return replace(state, outcome=Outcome((seat,), reason))
    sums = tuple(sum(tile_value(t) for t in hand) for hand in state.hands)     # T17
    if sums[0] == sums[1]:
        return replace(state, outcome=Outcome((), DRAWN), tiebreak=sums)        # T18
    return replace(state, outcome=Outcome((0 if sums[0] > sums[1] else 1,), HAND_TIEBREAK),
                   tiebreak=sums)


def _after_election(state: State) -> State:
    """Tally the election just completed, discard, then end the game or start the next."""
    result = tally(state.buildings, state.kind, state.number)
    buildings = tuple(() if b % 3 == state.kind else tiles
                      for b, tiles in enumerate(state.buildings))               # T12
    chart = state.chart + ((state.kind, result.winner),)
    verdict = chart_verdict([w for _kind, w in chart])
    if verdict is not None:
        return _finish(replace(state, buildings=buildings, chart=chart, last_tally=result),
                       verdict)
    bags, hands = state.bags, state.hands                                       # T13
    hands = tuple(tuple(sorted(hands[s] + bags[s][:DRAW_SIZE])) for s in (0, 1))
    bags = tuple(bag[DRAW_SIZE:] for bag in bags)
    return State(state.first, state.number + 1, state.deck[0], 0, state.deck[1:], hands, bags,
                 buildings, chart, result, state.outcome, state.tiebreak)          # T4


def _redeal(state: State, seat: int, key: bytes, with_hand: bool):
    """`seat`'s hidden tiles (hand if `with_hand`, face-down tiles, bag) dealt out afresh."""
    hand = state.hands[seat] if with_hand else ()
    placed = [tile for building in state.buildings for owner, tile in building if owner == seat]
    pool = shuffled(sorted(list(hand) + placed + list(state.bags[seat])), key, "tiles", seat)
    new_hand = tuple(sorted(pool[:len(hand)])) if with_hand else state.hands[seat]
    rest = iter(pool[len(hand):])
    buildings = tuple(tuple((owner, next(rest) if owner == seat else tile) for owner, tile in b)
                      for b in state.buildings)
    bag = tuple(rest)
    hands = (new_hand, state.hands[1]) if seat == 0 else (state.hands[0], new_hand)
    bags = (bag, state.bags[1]) if seat == 0 else (state.bags[0], bag)
    return replace(state, hands=hands, buildings=buildings, bags=bags)


class Tyrus(Game):
    """The Tyrus rules engine (see seeds/tyrus.md)."""

    key = "tyrus"
    seats = (2, 2)
    token_width = 2

    def initial(self, seed: bytes, players: int = 2, options: dict | None = None) -> State:
        """Bags, hands, election deck and first player, all drawn from `seed` (T2)."""
        if players != 2:
            raise ValueError("Tyrus is a game for exactly 2 players")
        if options:
            raise ValueError(f"Tyrus has no options: {sorted(options)}")
        orders = [shuffled(range(30), seed, "bag", seat) for seat in (0, 1)]
        deck = shuffled(DECK, seed, "deck")
        return State(
            first=Stream(seed, "first").below(2), number=1, kind=deck[0], placed=0,
            deck=tuple(deck[1:]),
            hands=tuple(tuple(sorted(order[:HAND_SIZE])) for order in orders),
            bags=tuple(tuple(order[HAND_SIZE:]) for order in orders),
            buildings=((),) * 6)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.outcome is not None else (_mover(state),)

    def legal(self, state: State) -> list[Move]:
        """Every (tile in hand, building) pair, by tile then building (T5)."""
        if state.outcome is not None:
            return []
        return [m for t in state.hands[_mover(state)] for m in MOVES_OF_TILE[t]]

    def apply(self, state: State, move: Move) -> State:
        """Place a tile; the sixth placement of an election tallies it at once (T5, T6)."""
        if state.outcome is not None:
            raise IllegalMove(_("the game is over"))
        if not isinstance(move, Move) or not 0 <= move.building < 6:
            raise IllegalMove(_("{move} is not a placement").format(move=repr(move)))
        seat = _mover(state)
        hand = state.hands[seat]
        if move.tile not in hand:
            raise IllegalMove(_("Seat {seat} has no tile {tile} in hand").format(
                seat=seat, tile=repr(move.tile)))
        hand = tuple(t for t in hand if t != move.tile)
        hands = (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)
        b = move.building
        buildings = state.buildings[:b] + (state.buildings[b] + ((seat, move.tile),),) \
            + state.buildings[b + 1:]
        # Built field by field: dataclasses.replace was a third of a playout's time.
        state = State(state.first, state.number, state.kind, state.placed + 1, state.deck, hands,
                      state.bags, buildings, state.chart, state.last_tally, state.outcome,
                      state.tiebreak)
        return _after_election(state) if state.placed == PLACEMENTS else state

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def playout(self, state: State, below, limit: int) -> tuple[Outcome | None, int]:
        """Game.playout on plain lists, about four times faster: the same moves (a move's
        index in `legal` is tile position * 6 + building), tallies and end (T5-T18)."""
        if state.outcome is not None:
            return state.outcome, 0
        hands, bags = [list(h) for h in state.hands], [list(b) for b in state.bags]
        buildings = [list(b) for b in state.buildings]
        number, kind, placed, deck = state.number, state.kind, state.placed, list(state.deck)
        winners = [w for _kind, w in state.chart]
        for made in range(1, limit + 1):
            seat = (state.first if number % 2 else 1 - state.first) ^ (placed & 1)
            hand = hands[seat]
            index = below(len(hand) * 6)
            buildings[index % 6].append((seat, hand.pop(index // 6)))
            placed += 1
            if placed < PLACEMENTS:
                continue
            winners.append(tally(buildings, kind, number).winner)
            for b in (kind, 3 + kind):
                buildings[b] = []
            verdict = chart_verdict(winners)
            if verdict is not None:
                final = _finish(replace(state, hands=tuple(map(tuple, hands))), verdict)
                return final.outcome, made
            for s in (0, 1):
                hands[s] = sorted(hands[s] + bags[s][:DRAW_SIZE])
                del bags[s][:DRAW_SIZE]
            number, kind, placed = number + 1, deck.pop(0), 0
        return None, limit

    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` may know: own tiles only, opponents' counted; tallied tiles are public."""
        over = state.outcome is not None
        hands_public = state.tiebreak is not None
        starter = state.first if state.number % 2 else 1 - state.first
        return {
            "game": self.key,
            "seat": seat,
            "to_move": list(self.to_move(state)),
            "first_player": state.first,
            "election": None if over else {
                "number": state.number, "kind": KINDS[state.kind],
                "placements": [starter ^ (i & 1) for i in range(state.placed)]},
            "deck_left": len(state.deck),
            "buildings": [
                {"owner": b // 3, "kind": KINDS[b % 3],
                 "tiles": [{"owner": owner, "tile": tile_code(tile) if owner == seat else None}
                           for owner, tile in tiles]}
                for b, tiles in enumerate(state.buildings)],
            "hands": [[tile_code(t) for t in hand] if hands_public or s == seat else len(hand)
                      for s, hand in enumerate(state.hands)],
            "bag": [len(bag) for bag in state.bags],
            "chart": [{"number": n, "kind": KINDS[kind], "winner": winner}
                      for n, (kind, winner) in enumerate(state.chart, 1)],
            "last_tally": tally_view(state.last_tally),
            "outcome": None if not over else {
                "winners": list(state.outcome.winners), "reason": state.outcome.reason,
                "tiebreak": list(state.tiebreak) if hands_public else None},
        }

    def sample_hidden(self, state: State, seat: int | None, key: bytes) -> State:
        """Re-deal what `seat` cannot know: other hands, face-down tiles, bags, deck order.

        Hidden values are sorted before the shuffle, so the sample depends only on what `seat`
        knows and on `key`, never on the hidden order itself."""
        with_hand = state.tiebreak is None
        if seat is None:
            for s in (0, 1):
                state = _redeal(state, s, key, with_hand)
        else:
            state = _redeal(state, 1 - seat, key, with_hand)
            own = tuple(shuffled(sorted(state.bags[seat]), key, "bag", seat))
            state = replace(state, bags=(own, state.bags[1]) if seat == 0 else (state.bags[0], own))
        return replace(state, deck=tuple(shuffled(sorted(state.deck), key, "deck")))

    def encode(self, move: Move) -> str:
        n = move.building * 30 + move.tile
        return TOKEN_ALPHABET[n // 64] + TOKEN_ALPHABET[n % 64]

    def decode(self, token: str) -> Move:
        self.check_token(token)
        n = TOKEN_INDEX[token[0]] * 64 + TOKEN_INDEX[token[1]]
        if n >= len(MOVES):
            raise MalformedMove(_("{token} stands for no Tyrus placement").format(
                token=repr(token)))
        return MOVES[n]

    def describe(self, state: State, move: Move, seat: int | None = None) -> str:
        """'Seat 0 places S7 in Seat 1's market'; only the mover reads the tile.

        'Seat N' stays as it is, outside the translated words: the screens put the player's
        name in its place."""
        mover = _mover(state)
        owner, kind = divmod(move.building, 3)
        player, other = f"Seat {mover}", f"Seat {owner}"
        if seat != mover:
            return _placed_face_down(kind).format(player=player, owner=other)
        return _placed(kind).format(player=player, tile=tile_label(tile_code(move.tile)),
                                    owner=other)


def _placed_face_down(kind: int) -> str:
    """The game log's line for a placement whose tile the reader may not see."""
    if kind == 0:
        # Translators: Tyrus game log; {player} and {owner} are player names. A citadel is
        # one of the three buildings (French rulebook: la citadelle).
        return _("{player} places a face-down tile in {owner}'s citadel")
    if kind == 1:
        # Translators: Tyrus game log; {player} and {owner} are player names (French
        # rulebook: le marché).
        return _("{player} places a face-down tile in {owner}'s market")
    # Translators: Tyrus game log; {player} and {owner} are player names (French rulebook:
    # le temple).
    return _("{player} places a face-down tile in {owner}'s temple")


def _placed(kind: int) -> str:
    """The game log's line for a placement the reader made, tile shown."""
    if kind == 0:
        # Translators: Tyrus game log; {player} and {owner} are player names, {tile} a tile
        # such as "S7" (soldiers, value 7).
        return _("{player} places {tile} in {owner}'s citadel")
    if kind == 1:
        # Translators: Tyrus game log; {player} and {owner} are player names, {tile} a tile
        # such as "S7" (soldiers, value 7).
        return _("{player} places {tile} in {owner}'s market")
    # Translators: Tyrus game log; {player} and {owner} are player names, {tile} a tile such
    # as "S7" (soldiers, value 7).
    return _("{player} places {tile} in {owner}'s temple")


def tally_view(result: Tally | None) -> dict | None:
    """A tally as plain data, in the shape of view()["last_tally"]."""
    if result is None:
        return None
    return {
        "number": result.number, "kind": KINDS[result.kind], "winner": result.winner,
        "sides": [{"votes": side.votes, "block": side.block, "counter": side.counter,
                   "score": side.score,
                   "tiles": [{"owner": owner, "tile": tile_code(tile), "role": role}
                             for owner, tile, role in side.tiles]}
                  for side in result.sides],
    }


def scenario(kind: str = "S", number: int | None = None, first: int = 0, placed: int = 0,
             buildings: dict | None = None, hands: dict | None = None,
             bags: dict | None = None, deck: str | None = None, chart: str = "") -> State:
    """A hand-made position from a readable description, for tests and examples.

    buildings: {"citadel0": "0:S10 0:S8 1:M7", ...} (building name + owner seat; each tile
    written owner:code). hands / bags: {seat: "S1 M4 ..."}; a seat's hand defaults to its
    lowest unused tiles (up to 9), its bag to the rest. deck: kinds still face down, e.g.
    "MPS"; defaults to the cards not yet used. chart: elections held, e.g. "S0 M- P1"
    (kind, then the winning seat or '-' for a null election); number defaults to the next.
    """
    hands, bags = hands or {}, bags or {}
    grid = [[] for _b in range(6)]
    for name, spec in (buildings or {}).items():
        b = int(name[-1]) * 3 + BUILDING_NAMES.index(name[:-1])
        for item in spec.split():
            owner, code = item.split(":")
            grid[b].append((int(owner), parse_tile(code)))
    used = [[tile for b in grid for owner, tile in b if owner == s] for s in (0, 1)]
    hand_tiles, bag_tiles = [], []
    for s in (0, 1):
        free = [t for t in range(30) if t not in used[s]]
        hand = [parse_tile(c) for c in hands[s].split()] if s in hands else free[:HAND_SIZE]
        free = [t for t in free if t not in hand]
        bag = [parse_tile(c) for c in bags[s].split()] if s in bags else free
        if len(set(used[s] + hand + bag)) != len(used[s] + hand + bag):
            raise ValueError(f"seat {s} has a tile in two places")
        hand_tiles.append(tuple(sorted(hand)))
        bag_tiles.append(tuple(bag))
    held = tuple((KINDS.index(e[0]), None if e[1] == "-" else int(e[1])) for e in chart.split())
    current = KINDS.index(kind)
    if deck is None:
        left = list(DECK)
        for k in [current] + [k for k, _winner in held]:
            left.remove(k)
        cards = tuple(left)
    else:
        cards = tuple(KINDS.index(c) for c in deck)
    number = len(held) + 1 if number is None else number
    return State(first=first, number=number, kind=current, placed=placed, deck=cards,
                 hands=tuple(hand_tiles), bags=tuple(bag_tiles),
                 buildings=tuple(tuple(b) for b in grid), chart=held)


ENGINE = Tyrus()
