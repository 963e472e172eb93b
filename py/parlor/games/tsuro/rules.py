"""Tsuro: lay path tiles and keep your marker on the board longer than everyone else (2-8 players).

The rules as implemented are numbered U1.. (with decisions D1..) in seeds/tsuro.md; comments
cite them. Geometry: square s = row * 6 + col; the 8 points on a square's sides are numbered
0..7 clockwise from the left point of the top side (tiles.json). A point code is
s * 8 + point. A tile on the board is the code tile * 4 + rotation (quarter turns clockwise).
A marker in play sits on a point of the empty square it faces.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from importlib import resources

from ...engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, Game, IllegalMove, MalformedMove, Outcome
from ...engine.rng import derive, shuffled
from ...i18n import N_, _

SIZE = 6
SQUARES = SIZE * SIZE
HAND_SIZE = 3
ROTATIONS = 4
PLACE_BASE = 48          # tokens 0..47 choose a start mark, 48..59 place a tile
TAKE_TOKEN, LEAVE_TOKEN = 60, 61

# Why the game ended (Outcome.reason): kept in English, translated where shown with _().
# Translators: Tsuro: why the game ended, shown with the result; a marker is a player's piece
# (the rulebook's marker stone).
LAST_MARKER = N_("last marker on the board")
# Translators: Tsuro: why the game ended (the last players went out together and share the
# win).
OUT_TOGETHER = N_("the remaining markers went out on the same move")
# Translators: Tsuro: why the game ended (no path tile left to play).
TILES_USED = N_("every tile has been played")

IN_PLAY, OFF_BOARD, MET = 0, 1, 2
SIDES = ("top", "top", "right", "right", "bottom", "bottom", "left", "left")


def _load() -> dict:
    """The tile and board data shipped beside this module (works under Pyodide too)."""
    text = resources.files(__package__).joinpath("tiles.json").read_text(encoding="utf-8")
    return json.loads(text)


_DATA = _load()
TILES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((a, b) for a, b in pairs) for pairs in _DATA["tiles"])
ACROSS: tuple[int, ...] = tuple(_DATA["across_edge"])
START_MARKS: tuple[int, ...] = tuple((r * SIZE + c) * 8 + p for r, c, p in _DATA["start_marks"])


def _rotated(pairs, rotation: int) -> tuple[int, ...]:
    """Each point's partner once the tile is turned `rotation` quarter turns clockwise."""
    partner = [0] * 8
    for a, b in pairs:
        a, b = (a + 2 * rotation) % 8, (b + 2 * rotation) % 8
        partner[a], partner[b] = b, a
    return tuple(partner)


def _beyond(code: int) -> int:
    """The point code on the far side of the edge at `code`, or -1 off the board."""
    square, point = divmod(code, 8)
    dr, dc = _DATA["neighbour_offset"][point]
    row, col = square // SIZE + dr, square % SIZE + dc
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return (row * SIZE + col) * 8 + ACROSS[point]
    return -1


PARTNER = tuple(_rotated(pairs, rot) for pairs in TILES for rot in range(ROTATIONS))
BEYOND = tuple(_beyond(code) for code in range(SQUARES * 8))


def point(code: int) -> list[int]:
    """[row, col, point] of a point code."""
    square, p = divmod(code, 8)
    return [square // SIZE, square % SIZE, p]


def rotated_pairs(tile: int, rotation: int) -> list[list[int]]:
    """The tile's four paths as point pairs, turned `rotation` quarter turns clockwise."""
    return [[(a + 2 * rotation) % 8, (b + 2 * rotation) % 8] for a, b in TILES[tile]]


@dataclass(frozen=True, slots=True)
class StartMark:
    """Put the mover's marker on start mark `index` (0..47, U3)."""

    index: int


@dataclass(frozen=True, slots=True)
class Place:
    """Play hand tile `slot` (hands are sorted by tile id), turned `rotation` quarter turns (U4)."""

    slot: int
    rotation: int


@dataclass(frozen=True, slots=True)
class Pick:
    """Elimination bonus (U18): end with (`take`) or give up the next candidate tile."""

    take: bool


START_MOVES = tuple(StartMark(i) for i in range(len(START_MARKS)))
PLACES = tuple(Place(slot, rot) for slot in range(HAND_SIZE) for rot in range(ROTATIONS))
TAKE, LEAVE = Pick(True), Pick(False)


@dataclass(frozen=True, slots=True)
class Offer:
    """An elimination bonus in progress (U18): the mover keeps `keep` of `candidates`."""

    candidates: tuple[int, ...]   # the mover's hand and the out players' tiles, sorted by id
    keep: int                     # the mover's hand size, unchanged by the exchange
    taken: tuple[int, ...] = ()   # indices of the candidates chosen so far
    index: int = 0                # the candidate decided next


@dataclass(frozen=True, slots=True)
class State:
    """A whole Tsuro position, hidden tiles included."""

    seed: bytes
    players: int
    bonus: bool                          # the elimination bonus option (U18)
    turn: int                            # the seat to act; -1 once the game is over
    marks: tuple[int, ...]               # per seat a point code; -1 before the start mark
    alive: tuple[bool, ...]
    board: tuple[int, ...]               # per square -1 (empty) or tile * 4 + rotation
    hands: tuple[tuple[int, ...], ...]   # tile ids, sorted; empty once out
    pile: tuple[int, ...]                # draw order: the first tile is drawn first
    dragon: int | None                   # the seat holding the dragon tile (U12-U14)
    reshuffles: int                      # times out players' tiles were shuffled in (U9)
    paths: tuple[tuple[int, ...], ...]   # per seat the points crossed on the last placement
    out_order: tuple[tuple[int, ...], ...] = ()   # seats out, one group per move
    offer: Offer | None = None
    outcome: Outcome | None = None
    drawn: tuple[tuple[int, ...], ...] = ()   # per seat the tiles the last move drew, if any


def _walk(board, square: int, tile: int, start: int, facing) -> tuple[int, list[int], int]:
    """Follow the path from point `start` of `square`, on which board code `tile` now lies (U5).

    `facing` holds the points of `square` where markers stand. Returns the point code reached,
    the point codes crossed (entry and exit of each tile) and the fate: IN_PLAY, OFF_BOARD
    (U6) or MET (U7): the path leaves the new tile where another marker stands, so the two
    markers run into each other (a path can reach a standing marker no other way).
    """
    crossed: list[int] = []
    sq, p = square, start
    while True:
        if sq == square:
            cell = tile
        else:
            cell = board[sq]
            if cell < 0:
                return sq * 8 + p, crossed, IN_PLAY
        here = sq * 8
        q = PARTNER[cell][p]
        crossed.append(here + p)
        crossed.append(here + q)
        if sq == square and q in facing:
            return here + q, crossed, MET
        nxt = BEYOND[here + q]
        if nxt < 0:
            return here + q, crossed, OFF_BOARD
        sq, p = nxt >> 3, nxt & 7


def _stays(board, square: int, partner, start: int, facing) -> bool:
    """Whether the marker at point `start` of `square` stays in play once a tile with the
    point pairs `partner` lies there: `_walk`'s fate alone, without the points crossed (the
    legal moves ask it of every placement)."""
    sq, p, cell = square, start, partner
    while True:
        q = cell[p]
        if sq == square and q in facing:
            return False
        nxt = BEYOND[sq * 8 + q]
        if nxt < 0:
            return False
        sq, p = nxt >> 3, nxt & 7
        if sq == square:
            cell = partner
        else:
            code = board[sq]
            if code < 0:
                return True
            cell = PARTNER[code]


def _facing(state: State, square: int) -> dict[int, int]:
    """Point -> seat of every marker in play that faces `square`."""
    return {m & 7: s for s, m in enumerate(state.marks) if state.alive[s] and m >> 3 == square}


def _resolve(state: State, tile: int) -> tuple[tuple[int, ...], tuple, list[int]]:
    """Marks, paths and seats out once the mover lays board code `tile` in front of them."""
    square = state.marks[state.turn] >> 3
    facing = _facing(state, square)
    marks = list(state.marks)
    paths: list[tuple[int, ...]] = [()] * state.players
    out = []
    for start, seat in facing.items():
        end, crossed, fate = _walk(state.board, square, tile, start, facing)
        marks[seat] = end
        paths[seat] = tuple(crossed)
        if fate != IN_PLAY:
            out.append(seat)
    return tuple(marks), tuple(paths), sorted(out)


def _placements(state: State) -> tuple[list[Place], list[Place]]:
    """The mover's placements that keep their marker in play, and all placements (U8)."""
    mark = state.marks[state.turn]
    square, start = mark >> 3, mark & 7
    facing = _facing(state, square)
    board, hand = state.board, state.hands[state.turn]
    every = list(PLACES[:len(hand) * ROTATIONS])
    safe = [move for move in every
            if _stays(board, square, PARTNER[hand[move.slot] * ROTATIONS + move.rotation],
                      start, facing)]
    return safe, every


def _next_seat(state: State, after: int, hands, alive, wanted) -> int | None:
    """The first seat clockwise after `after` (ending with it) in play for which `wanted(hand)`."""
    for k in range(1, state.players + 1):
        seat = (after + k) % state.players
        if alive[seat] and wanted(hands[seat]):
            return seat
    return None


def _draw(state: State, hands: list, pile: tuple, dragon: int | None, seat: int, alive):
    """Refill hands after `seat`'s turn (U10-U13): the new hands, pile and dragon holder."""
    if state.players == 2:                                   # U10
        if pile and len(hands[seat]) < HAND_SIZE:
            hands[seat] = tuple(sorted(hands[seat] + pile[:1]))
            pile = pile[1:]
        return hands, pile, dragon
    current = seat if dragon is None else dragon              # U11, U13
    while any(alive[s] and len(hands[s]) < HAND_SIZE for s in range(state.players)):
        if alive[current] and len(hands[current]) < HAND_SIZE:
            if not pile:              # U12 (a holder is always first in line and needs tiles)
                dragon = current
                break
            hands[current] = tuple(sorted(hands[current] + pile[:1]))
            pile = pile[1:]
            if dragon == current:
                dragon = None
        current = (current + 1) % state.players
    return hands, pile, dragon


def _end_turn(state: State, seat: int, returned: tuple[int, ...], changes: dict) -> State:
    """Shuffle returned tiles in (U9), draw (U10-U13) and pass the turn, or end the game (U17).
    `changes`: the fields the move changed so far; the new State is made once, at the end
    (each dataclasses.replace costs about as much as the rest of a move)."""
    pile, reshuffles = state.pile, state.reshuffles
    if returned:
        pile = tuple(shuffled(sorted(pile + returned), state.seed,
                              "tsuro", "reshuffle", reshuffles))
        reshuffles += 1
    before = changes.get("hands", state.hands)
    alive = changes.get("alive", state.alive)
    hands, pile, dragon = _draw(state, list(before), pile, changes.get("dragon", state.dragon),
                                seat, alive)
    changes.update(hands=tuple(hands), pile=pile, dragon=dragon, reshuffles=reshuffles,
                   drawn=tuple(tuple(t for t in new if t not in old)
                               for new, old in zip(hands, before)))
    nxt = _next_seat(state, seat, hands, alive, bool)   # D4: empty hands are skipped
    if nxt is None:
        survivors = tuple(s for s in range(state.players) if alive[s])
        changes.update(turn=-1, outcome=Outcome(survivors, TILES_USED,
                                                changes.get("out_order", state.out_order)))
    else:
        changes["turn"] = nxt
    return replace(state, **changes)


class Tsuro(Game):
    key = "tsuro"
    seats = (2, 8)
    token_width = 1

    def initial(self, seed: bytes, players: int = 2, options: dict | None = None) -> State:
        """Deal three tiles to each seat (U2); seat 0 then chooses a start mark first (U3)."""
        options = dict(options or {})
        bonus = options.pop("elimination_bonus", False)
        if not isinstance(bonus, bool):
            raise ValueError("the elimination_bonus option is true or false")
        if options:
            raise ValueError(f"unknown Tsuro options: {sorted(options)}")
        if not self.seats[0] <= players <= self.seats[1]:
            raise ValueError(f"Tsuro is for 2 to 8 players, not {players}")
        deck = shuffled(range(len(TILES)), seed, "tsuro", "deal")
        hands = tuple(tuple(sorted(deck[HAND_SIZE * s:HAND_SIZE * (s + 1)]))
                      for s in range(players))
        return State(seed=seed, players=players, bonus=bonus, turn=0, marks=(-1,) * players,
                     alive=(True,) * players, board=(-1,) * SQUARES, hands=hands,
                     pile=tuple(deck[HAND_SIZE * players:]), dragon=None, reshuffles=0,
                     paths=((),) * players)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.outcome is not None else (state.turn,)

    def legal(self, state: State) -> list:
        """Start marks still free, or placements (self-eliminating ones only if all are, U8)."""
        if state.outcome is not None:
            return []
        if state.offer is not None:
            return [TAKE, LEAVE]
        if state.marks[state.turn] < 0:
            return [START_MOVES[i] for i, code in enumerate(START_MARKS) if code not in state.marks]
        safe, every = _placements(state)
        return safe or every

    def distinct(self, state: State, moves: list) -> list:
        """A symmetric tile turned a half or a quarter turn lays the same paths: one of each."""
        seen, kept = set(), []
        for move in moves:
            if type(move) is Place:
                paths = PARTNER[state.hands[state.turn][move.slot] * ROTATIONS + move.rotation]
                if paths in seen:
                    continue
                seen.add(paths)
            kept.append(move)
        return kept

    def apply(self, state: State, move) -> State:
        if state.outcome is not None:
            raise IllegalMove(_("the game is over"))
        kind = type(move)
        if state.drawn and (state.offer is not None or state.marks[state.turn] < 0):
            state = replace(state, drawn=())        # (a placement clears it in _place)
        if state.offer is not None:
            if kind is not Pick:
                # Translators: Tsuro: the elimination bonus is an option of the game: a player
                # who puts others out may swap tiles with theirs.
                raise IllegalMove(_("choose the tiles to keep first (elimination bonus)"))
            return self._pick(state, move)
        if state.marks[state.turn] < 0:
            if kind is not StartMark or not 0 <= move.index < len(START_MARKS):
                # Translators: Tsuro: a start mark is one of the places on the board's edge
                # where a marker begins (rulebook: start mark).
                raise IllegalMove(_("choose a start mark first"))
            return self._start(state, START_MARKS[move.index])
        if kind is not Place or not 0 <= move.rotation < ROTATIONS:
            raise IllegalMove(_("play a tile from your hand"))
        return self._place(state, move)

    def _start(self, state: State, code: int) -> State:
        """U3: the mover's marker goes on a free start mark; after the last seat, play begins."""
        if code in state.marks:
            raise IllegalMove(_("that start mark is taken"))
        marks = list(state.marks)
        marks[state.turn] = code
        return replace(state, marks=tuple(marks), turn=(state.turn + 1) % state.players)

    def _place(self, state: State, move: Place) -> State:
        """U4-U9, U14-U18: lay the tile, move the markers, settle who is out."""
        seat, hand = state.turn, state.hands[state.turn]
        if not 0 <= move.slot < len(hand):
            raise IllegalMove(_("there is no tile in hand slot {slot}").format(slot=move.slot))
        code = hand[move.slot] * ROTATIONS + move.rotation
        marks, paths, out = _resolve(state, code)
        if seat in out and _placements(state)[0]:
            raise IllegalMove(_("that tile would take your own marker out; another one does "
                                "not"))
        board = list(state.board)
        board[state.marks[seat] >> 3] = code
        hands = list(state.hands)
        hands[seat] = hand[:move.slot] + hand[move.slot + 1:]
        alive = list(state.alive)
        returned: tuple[int, ...] = ()
        for s in out:
            alive[s] = False
            returned += hands[s]
            hands[s] = ()
        changes = dict(marks=marks, paths=paths, board=tuple(board), hands=tuple(hands),
                       alive=tuple(alive), drawn=(),
                       out_order=state.out_order + ((tuple(out),) if out else ()))
        dragon = state.dragon
        if dragon is not None and not alive[dragon]:                     # U14
            changes["dragon"] = _next_seat(state, dragon, hands, alive,
                                           lambda h: len(h) < HAND_SIZE)
        survivors = tuple(s for s in range(state.players) if alive[s])
        if len(survivors) <= 1:                                          # U15, U16
            outcome = (Outcome(survivors, LAST_MARKER, changes["out_order"]) if survivors
                       else Outcome(tuple(out), OUT_TOGETHER, changes["out_order"]))
            return replace(state, turn=-1, outcome=outcome, **changes)
        if state.bonus and returned and alive[seat] and hands[seat]:     # U18
            candidates = tuple(sorted(hands[seat] + returned))
            return replace(state, offer=Offer(candidates, len(hands[seat])), **changes)
        return _end_turn(state, seat, returned, changes)

    def _pick(self, state: State, move: Pick) -> State:
        """U18: decide on the next candidate; once the choice is forced, finish the exchange."""
        offer = state.offer
        size = len(offer.candidates)
        taken = offer.taken + ((offer.index,) if move.take else ())
        index = offer.index + 1
        if offer.keep - len(taken) == size - index:       # the rest must all be kept
            taken += tuple(range(index, size))
            index = size
        if len(taken) < offer.keep and index < size:
            return replace(state, offer=replace(offer, taken=taken, index=index))
        hands = list(state.hands)
        hands[state.turn] = tuple(offer.candidates[i] for i in taken)
        returned = tuple(c for i, c in enumerate(offer.candidates) if i not in taken)
        return _end_turn(state, state.turn, returned, {"hands": tuple(hands), "offer": None})

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def playout(self, state: State, below, limit: int) -> tuple[Outcome | None, int]:
        """Game.playout with the placements on plain lists, about twice as fast: the same
        moves (a placement's index in `legal`), paths, draws and end (U4-U17). The start
        marks and the elimination bonus are played through `legal` and `apply`."""
        if state.bonus:
            return super().playout(state, below, limit)
        made = 0
        while state.outcome is None and min(state.marks) < 0 and made < limit:
            moves = self.legal(state)
            state = self.apply(state, moves[below(len(moves))])
            made += 1
        if state.outcome is not None or made == limit:
            return state.outcome, made
        players, turn, dragon, pile = state.players, state.turn, state.dragon, state.pile
        marks, alive, board = list(state.marks), list(state.alive), list(state.board)
        hands, reshuffles, out_order = list(state.hands), state.reshuffles, state.out_order
        for made in range(made + 1, limit + 1):
            seat, hand = turn, hands[turn]
            square, start = marks[seat] >> 3, marks[seat] & 7
            facing = {m & 7: s for s, m in enumerate(marks) if alive[s] and m >> 3 == square}
            every = range(len(hand) * ROTATIONS)
            safe = [i for i in every if _stays(board, square, PARTNER[hand[i >> 2] * ROTATIONS
                                                                       + (i & 3)], start, facing)]
            choices = safe or every
            index = choices[below(len(choices))]
            code = hand[index >> 2] * ROTATIONS + (index & 3)
            out = []
            for point_, mover in facing.items():                         # U5-U7
                marks[mover], _crossed, fate = _walk(board, square, code, point_, facing)
                if fate != IN_PLAY:
                    out.append(mover)
            board[square] = code
            hands[seat] = hand[:index >> 2] + hand[(index >> 2) + 1:]
            returned: tuple[int, ...] = ()
            out.sort()
            for s in out:
                alive[s] = False
                returned += hands[s]
                hands[s] = ()
            if out:
                out_order += (tuple(out),)
            if dragon is not None and not alive[dragon]:                 # U14
                dragon = _next_seat(state, dragon, hands, alive, lambda h: len(h) < HAND_SIZE)
            survivors = tuple(s for s in range(players) if alive[s])
            if len(survivors) <= 1:                                      # U15, U16
                return (Outcome(survivors, LAST_MARKER, out_order) if survivors
                        else Outcome(tuple(out), OUT_TOGETHER, out_order)), made
            if returned:                                                 # U9
                pile = tuple(shuffled(sorted(pile + returned), state.seed,
                                      "tsuro", "reshuffle", reshuffles))
                reshuffles += 1
            hands, pile, dragon = _draw(state, hands, pile, dragon, seat, alive)
            turn = _next_seat(state, seat, hands, alive, bool)
            if turn is None:                                             # U17
                return Outcome(survivors, TILES_USED, out_order), made
        return None, limit

    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` (None: a spectator) may know, as JSON-able data.

        {"game": "tsuro", "seat", "players", "to_move": [seat] or [],
         "phase": "start" | "play" | "exchange" | "over",
         "options": {"elimination_bonus": bool},
         "start_marks": the 48 marks as [row, col, point] (index = StartMark index),
         "board": 6 rows of 6 cells, each None or {"tile", "rot", "pairs": the rotated paths},
         "markers": per seat {"mark": [row, col, point] or None before choosing, "alive",
                    "path": [row, col, point] list crossed on the last placement, an entry
                    and an exit point per tile; markers that met run the whole shared path,
                    each ending where the other stood},
         "hands": per seat, own hand as [{"tile", "pairs"}] (unrotated), others a count,
         "pile": tiles left to draw, "dragon": seat or None,
         "eliminated_order": groups of seats, one group per move that put them out,
         "exchange": None or {"seat", "keep", "pool_size", "decided", "taken_count"}, and
                     for the exchanging seat also "candidates", "pool", "taken" (tile ids)
                     and "next" (the tile decided next),
         "outcome": None or {"winners", "reason"}}
        A mark is a point on the side of square (row, col); for a marker in play that square
        is the empty square it faces.
        """
        board = [[None] * SIZE for _row in range(SIZE)]
        for square, code in enumerate(state.board):
            if code >= 0:
                tile, rot = divmod(code, ROTATIONS)
                board[square // SIZE][square % SIZE] = {
                    "tile": tile, "rot": rot, "pairs": rotated_pairs(tile, rot)}
        return {
            "game": self.key,
            "seat": seat,
            "players": state.players,
            "to_move": list(self.to_move(state)),
            "phase": _phase(state),
            "options": {"elimination_bonus": state.bonus},
            "start_marks": [point(code) for code in START_MARKS],
            "board": board,
            "markers": [{"mark": point(m) if m >= 0 else None, "alive": state.alive[s],
                         "path": [point(c) for c in state.paths[s]]}
                        for s, m in enumerate(state.marks)],
            "hands": [[{"tile": t, "pairs": [list(p) for p in TILES[t]]} for t in hand]
                      if s == seat else len(hand) for s, hand in enumerate(state.hands)],
            "pile": len(state.pile),
            "dragon": state.dragon,
            "eliminated_order": [list(group) for group in state.out_order],
            "exchange": _offer_view(state, seat),
            "outcome": None if state.outcome is None else {
                "winners": list(state.outcome.winners), "reason": state.outcome.reason},
        }

    def sample_hidden(self, state: State, seat: int | None, key: bytes) -> State:
        """Re-deal the other seats' hands, the pile and any unseen bonus pool, sizes kept."""
        offer, mover = state.offer, state.turn
        pool_hidden = offer is not None and seat != mover
        pool = [t for t in offer.candidates if t not in state.hands[mover]] if pool_hidden else []
        others = [s for s in range(state.players) if s != seat]
        tiles = [t for s in others for t in state.hands[s]] + list(state.pile) + pool
        deal = shuffled(sorted(tiles), key, "tsuro", "sample")
        hands = list(state.hands)
        at = 0
        for s in others:
            size = len(hands[s])
            hands[s] = tuple(sorted(deal[at:at + size]))
            at += size
        pile = tuple(deal[at:at + len(state.pile)])
        if pool_hidden:
            new_pool = tuple(deal[at + len(pile):])
            offer = replace(offer, candidates=tuple(sorted(hands[mover] + new_pool)))
        # the seed would let a holder of the sample re-deal the true tiles: replace it too
        return replace(state, hands=tuple(hands), pile=pile, offer=offer,
                       seed=derive(key, "tsuro", "sample seed")[:16])

    def encode(self, move) -> str:
        if type(move) is StartMark:
            return TOKEN_ALPHABET[move.index]
        if type(move) is Place:
            return TOKEN_ALPHABET[PLACE_BASE + move.slot * ROTATIONS + move.rotation]
        return TOKEN_ALPHABET[TAKE_TOKEN if move.take else LEAVE_TOKEN]

    def decode(self, token: str):
        self.check_token(token)
        value = TOKEN_INDEX[token]
        if value < PLACE_BASE:
            return START_MOVES[value]
        if value < TAKE_TOKEN:
            return PLACES[value - PLACE_BASE]
        if value == TAKE_TOKEN:
            return TAKE
        if value == LEAVE_TOKEN:
            return LEAVE
        raise MalformedMove(_("{token} is not a Tsuro move").format(token=repr(token)))

    def describe(self, state: State, move, seat: int | None = None) -> str:
        """The move in words; a placed tile is public, bonus candidates only to the mover.

        'Seat N' stays as it is, outside the translated words: the screens put the player's
        name in its place."""
        mover = state.turn
        player = f"Seat {mover}"
        if type(move) is StartMark:
            row, col, p = point(START_MARKS[move.index])
            return _start_line(SIDES[p]).format(player=player, row=row + 1, column=col + 1,
                                                mark=move.index)
        if type(move) is Place:
            tile = state.hands[mover][move.slot]
            out = _resolve(state, tile * ROTATIONS + move.rotation)[2]
            row, col, _point = point(state.marks[mover])
            if move.rotation:
                # Translators: Tsuro game log: {player} is a player's name, {tile} a tile's
                # number, {degrees} how far it was turned (90, 180 or 270).
                text = _("{player} plays tile {tile} turned {degrees}° on row {row}, column "
                         "{column}")
            else:
                # Translators: Tsuro game log: {player} is a player's name, {tile} a tile's
                # number.
                text = _("{player} plays tile {tile} on row {row}, column {column}")
            text = text.format(player=player, tile=tile, degrees=90 * move.rotation,
                               row=row + 1, column=col + 1)
            if out:
                # Translators: Tsuro game log: a move ({move}) and the players it put out.
                text = _("{move}; out: {players}").format(
                    move=text, players=", ".join(f"Seat {s}" for s in out))
            return text
        if seat != mover:
            if move.take:
                # Translators: Tsuro game log: the elimination bonus is an option of the game.
                return _("{player} keeps a tile (elimination bonus)").format(player=player)
            # Translators: Tsuro game log: the elimination bonus is an option of the game.
            return _("{player} gives up a tile (elimination bonus)").format(player=player)
        tile = state.offer.candidates[state.offer.index]
        if move.take:
            # Translators: Tsuro game log: {tile} is a tile's number.
            return _("{player} keeps tile {tile} (elimination bonus)").format(player=player,
                                                                             tile=tile)
        # Translators: Tsuro game log: {tile} is a tile's number.
        return _("{player} gives up tile {tile} (elimination bonus)").format(player=player,
                                                                            tile=tile)


def _start_line(side: str) -> str:
    """The game log's line for a start mark on `side` of its square (to format)."""
    if side == "top":
        # Translators: Tsuro game log: {player} is a player's name; a start mark is one of
        # the places on the board's edge where a marker begins.
        return _("{player} starts on the top side of row {row}, column {column} (mark "
                 "{mark})")
    if side == "right":
        # Translators: Tsuro game log (see "{player} starts on the top side...").
        return _("{player} starts on the right side of row {row}, column {column} (mark "
                 "{mark})")
    if side == "bottom":
        # Translators: Tsuro game log (see "{player} starts on the top side...").
        return _("{player} starts on the bottom side of row {row}, column {column} (mark "
                 "{mark})")
    # Translators: Tsuro game log (see "{player} starts on the top side...").
    return _("{player} starts on the left side of row {row}, column {column} (mark "
             "{mark})")


def _phase(state: State) -> str:
    if state.outcome is not None:
        return "over"
    if state.offer is not None:
        return "exchange"
    return "start" if state.marks[state.turn] < 0 else "play"


def _offer_view(state: State, seat: int | None) -> dict | None:
    offer = state.offer
    if offer is None:
        return None
    mover = state.turn
    shown = {"seat": mover, "keep": offer.keep, "pool_size": len(offer.candidates) - offer.keep,
             "decided": offer.index, "taken_count": len(offer.taken)}
    if seat == mover:
        shown.update(candidates=list(offer.candidates),
                     pool=[t for t in offer.candidates if t not in state.hands[mover]],
                     taken=[offer.candidates[i] for i in offer.taken],
                     next=offer.candidates[offer.index])
    return shown


def from_view(view: dict) -> State:
    """The public part of a position rebuilt from a seat's view (its own hand, no pile, no
    seed): enough for `preview` and `collisions`, which the screen draws from views alone."""
    board = tuple(-1 if cell is None else cell["tile"] * ROTATIONS + cell["rot"]
                  for row in view["board"] for cell in row)
    marks = tuple(-1 if m["mark"] is None else (m["mark"][0] * SIZE + m["mark"][1]) * 8
                  + m["mark"][2] for m in view["markers"])
    hands = tuple(tuple(t["tile"] for t in hand) if isinstance(hand, list) else ()
                  for hand in view["hands"])
    return State(seed=b"", players=view["players"], bonus=view["options"]["elimination_bonus"],
                 turn=view["to_move"][0] if view["to_move"] else -1, marks=marks,
                 alive=tuple(m["alive"] for m in view["markers"]), board=board, hands=hands,
                 pile=(), dragon=view["dragon"], reshuffles=0,
                 paths=((),) * view["players"],
                 out_order=tuple(tuple(group) for group in view["eliminated_order"]),
                 outcome=None if view["outcome"] is None else Outcome(
                     tuple(view["outcome"]["winners"]), view["outcome"]["reason"]))


def preview(state: State, slot: int, rotation: int) -> dict:
    """What placing hand tile `slot` turned `rotation` would do, for the UI.

    {"paths": per seat the [row, col, point] list its marker would cross ([] if it stays),
     "eliminates": the seats that would be out}.
    """
    if state.outcome is not None or state.offer is not None or state.marks[state.turn] < 0:
        raise IllegalMove(_("no tile is being placed now"))
    hand = state.hands[state.turn]
    if not 0 <= slot < len(hand) or not 0 <= rotation < ROTATIONS:
        raise IllegalMove(_("no placement for slot {slot}, rotation {rotation}").format(
            slot=slot, rotation=rotation))
    _marks, paths, out = _resolve(state, hand[slot] * ROTATIONS + rotation)
    return {"paths": [[point(c) for c in path] for path in paths], "eliminates": out}


ENGINE = Tsuro()


def _joined(board, start: int, goal: int) -> bool:
    """Whether the path entering the tile at point code `start` leads, over tiles, to `goal`."""
    sq, p = start >> 3, start & 7
    for _step in range(SQUARES * 4):
        cell = board[sq]
        if cell < 0:
            return False
        code = sq * 8 + PARTNER[cell][p]
        if code == goal:
            return True
        nxt = BEYOND[code]
        if nxt < 0:
            return False
        sq, p = nxt >> 3, nxt & 7
    return False


def collisions(state: State) -> list[tuple[int, int]]:
    """The pairs of seats that went out by running into each other (U7), for the UI.

    Told from the board alone: each of two markers that met stopped where the other stood
    (D9), so the path from where one stopped leads to where the other stopped; a marker that
    ran off the board ends on the edge, on a path no other marker ever used.
    """
    pairs = []
    for group in state.out_order:
        for i, a in enumerate(group):
            pairs += [(a, b) for b in group[i + 1:]
                      if _joined(state.board, state.marks[a], state.marks[b])]
    return pairs
