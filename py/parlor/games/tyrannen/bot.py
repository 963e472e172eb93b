"""The computer's player for this game: a greedy heuristic (one action ahead, two when stuck)
that reads only its seat's views. Random playouts say nothing useful here (a turn is many
actions and random play never brings the king home), so the generic search is not used.

Values are from the king's side; the rebel maximises their negation.
"""
from __future__ import annotations

import heapq
from math import comb

from ...engine.rng import Stream, derive

ASSASSIN_STEP = {("S", "S"): 1, ("R", "R"): 1, ("S", "R"): 1, ("R", "S"): 0}   # K15
W_STEP = 10         # per step the king still needs to leave the town
W_CROWD = 3         # extra steps charged for a citizen standing in the king's way
W_KNIGHT = 5        # per knight still standing
W_WOUND = 60        # per wound the king has taken
W_REMOVED = 60      # per assassin off the board (a captured citizen: its chance of being one)
W_LETHAL = 100      # an assassin who can kill the king in the rebel's next turn
W_HIT = 25          # per hit an assassin can land in the rebel's next turn
W_LATE = 15         # per step the king is short of the king AP the deck has left (about)
KING_AP_PER_ROUND = 1.25
W_ESCORT = 1        # per step a knight stands away from the king (up to ESCORT_RANGE)
ESCORT_RANGE = 5
W_HUNT = 3          # per step between an unmasked assassin and the nearest knight
W_EXPOSED = 45      # (rebel only) per unmasked assassin left on the board
WIN = 10_000
FAR = 99            # the king's distance when every way out is shut
NEXT_REBEL_AP = 4   # the least a round card gives the rebel


class _Town:
    """The board of a Tod dem Tyrannen view: field types, neighbours and gate exits."""

    def __init__(self, view: dict):
        rows = view["fields"]
        self.width = width = len(rows[0])
        self.types = "".join(rows).replace("T", "S")   # a gate field is a street (D1)
        self.exits = {self.cell(g["at"]) for g in view["gates"]}
        self.nbr = tuple(tuple(r2 * width + c2 for r2, c2 in
                               ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
                               if 0 <= r2 < len(rows) and 0 <= c2 < width)
                         for r, c in (divmod(i, width) for i in range(len(self.types))))
        self.walk = tuple(tuple(n for n in near if self.types[n] == "S") for near in self.nbr)
        self.home = [FAR] * len(self.types)        # king steps into the castle, board empty
        todo = sorted(self.exits)
        for cell in todo:
            self.home[cell] = 1
        for cell in todo:                           # breadth first: todo grows as it goes
            for prev in self.walk[cell]:
                if self.home[prev] == FAR:
                    self.home[prev] = self.home[cell] + 1
                    todo.append(prev)

    def cell(self, rc) -> int | None:
        return None if rc is None else rc[0] * self.width + rc[1]

    def apart(self, a: int, b: int) -> int:
        """Steps between two fields, ignoring what stands in the way."""
        return abs(a // self.width - b // self.width) + abs(a % self.width - b % self.width)

    def king_distance(self, start: int, blocked: dict) -> int:
        """King steps from `start` into the castle, figures in the way (`blocked`: cell ->
        extra cost) charged as detours; FAR when no way is open. A* over `self.home`."""
        home = self.home
        if home[start] >= FAR:
            return FAR
        best = {start: 0}
        heap = [(home[start], 0, start)]          # ties: deepest first
        while heap:
            _, d, cell = heapq.heappop(heap)
            d = -d
            if cell in self.exits:
                return d + 1
            if d > best[cell]:
                continue
            for nxt in self.walk[cell]:
                nd = d + 1 + blocked.get(nxt, 0)
                if nd < best.get(nxt, FAR):
                    best[nxt] = nd
                    heapq.heappush(heap, (nd + home[nxt], -nd, nxt))
        return FAR

    def approach(self, targets, free, limit: int) -> dict:
        """Rebel AP an assassin on each cell needs to stand on one of `targets` (cells it may
        cross: `free`), up to `limit`: a search backwards from the targets."""
        best = {t: 0 for t in targets}
        heap = [(0, t) for t in targets]
        while heap:
            d, cell = heapq.heappop(heap)
            if d > best[cell] or (d and cell not in free):
                continue                      # a figure's own cell ends the search there
            for prev in self.nbr[cell]:
                step = ASSASSIN_STEP.get((self.types[prev], self.types[cell]))
                if step is None or d + step > limit or d + step >= best.get(prev, limit + 1):
                    continue
                best[prev] = d + step
                heapq.heappush(heap, (d + step, prev))
        return best


def _assassin_odds(view: dict) -> list[float]:
    """Per citizen the chance, as the viewer knows it, that it is (or was) an assassin."""
    citizens = view["citizens"]
    if all(c["assassin"] is not None for c in citizens):
        return [1.0 if c["assassin"] else 0.0 for c in citizens]
    masked = sum(1 for c in citizens if not c["unmasked"])
    left = 3 - sum(1 for c in citizens if c["unmasked"])
    return [1.0 if c["unmasked"] else left / max(1, masked) for c in citizens]


def king_value(town: _Town, view: dict) -> float:
    """How good the position in `view` is for the king's side, from what the viewer knows."""
    if view["outcome"]:
        return WIN if 0 in view["outcome"]["winners"] else -WIN
    odds = _assassin_odds(view)
    king = town.cell(view["king"]["at"])
    knights = [town.cell(k["at"]) for k in view["knights"] if k["at"] is not None]
    citizens = [(town.cell(c["at"]), p) for c, p in zip(view["citizens"], odds)
                if c["at"] is not None]
    blocked = {cell: W_CROWD for cell, _ in citizens}
    blocked.update((cell, 1) for cell in knights)
    wounds = view["king"]["wounds"]
    steps = town.king_distance(king, blocked)
    slack = view["ap"]["king"] + KING_AP_PER_ROUND * view["rounds_left"] - steps
    value = (-W_STEP * steps + W_LATE * min(0.0, slack) - W_WOUND * wounds
             + W_KNIGHT * len(knights)
             + W_REMOVED * sum(p for c, p in zip(view["citizens"], odds) if c["at"] is None))
    value -= W_ESCORT * sum(min(ESCORT_RANGE, town.apart(k, king) - 1) for k in knights)
    for c in view["citizens"]:
        if c["unmasked"] and c["at"] is not None and knights:
            value -= W_HUNT * min(town.apart(k, town.cell(c["at"])) for k in knights)
    rebel_ap = view["ap"]["rebel"] if view["phase"] == "king" else NEXT_REBEL_AP
    taken = set(knights) | {king}
    targets = [n for n in town.nbr[king] if n not in taken]
    free = {cell for cell in range(len(town.types)) if cell not in taken} - {c for c, _ in citizens}
    reach = town.approach(targets, free, rebel_ap)
    for cell, p in citizens:
        if p and cell in reach:
            hits = (rebel_ap - reach[cell]) // 2
            value -= p * (W_LETHAL if hits >= 2 - wounds else W_HIT * hits)
    return value


def rebel_value(town: _Town, view: dict) -> float:
    """The rebel's side of king_value, less a price for every assassin shown: the knights
    hunt down an unmasked assassin, so unmasking must pay for itself at once."""
    shown = sum(1 for c in view["citizens"] if c["unmasked"] and c["at"] is not None)
    return -king_value(town, view) - W_EXPOSED * shown


def tyrannen_move(engine, world, seat: int, moves: list, stream: Stream):
    """Setup choices by simple rules. In a round: the action that most improves the seat's
    value (an unmasking is judged with the action after it); when none does, the first of
    the best two actions if they improve it together; else end the turn."""
    view = engine.view(world, seat)
    town = _Town(view)
    if view["phase"] == "assassins":
        return moves[_choose_assassins(town, view, stream)]
    if view["phase"] == "start":
        return moves[stream.below(len(moves))]      # the two starts mirror each other
    value = king_value if seat == 0 else rebel_value

    seen: dict = {}

    def look(state, depth: int) -> float:
        """The best value the seat can reach from `state` with up to `depth` more actions."""
        best = seen.get(state)
        if best is None:
            best = seen[state] = value(town, engine.view(state, seat))
        if depth and engine.outcome(state) is None:
            for m in engine.legal(state)[:-1]:
                best = max(best, look(engine.apply(state, m), depth - 1))
        return best

    base = look(world, 0)
    for deep in (0, 1):
        choice, choice_key = moves[-1], (base, -1)
        for m in moves[:-1]:
            v = look(engine.apply(world, m), 1 if deep or m.kind == "unmask" else 0)
            key = (v, stream.below(1 << 20))
            if v > base and key > choice_key:
                choice, choice_key = m, key
        if choice is not moves[-1]:
            break
    return choice


def _choose_assassins(town: _Town, view: dict, stream: Stream) -> int:
    """The colex rank of three citizens drawn from the five nearest the king's ways out."""
    starts = [town.cell(view["king"]["at"])] if view["king"]["at"] else \
        [town.cell(rc) for rc in view["start_fields"]]
    way = set()
    for start in starts:
        cell = start
        while cell not in town.exits:
            way.add(cell)
            cell = min(town.walk[cell], key=lambda n: (town.home[n], n))
        way.add(cell)
    spots = [town.cell(c["at"]) for c in view["citizens"]]
    near = sorted(range(len(spots)), key=lambda i: (
        min(town.apart(spots[i], cell) for cell in way), stream.below(1 << 20)))
    pool = near[:5]
    chosen = [pool.pop(stream.below(len(pool))) for _ in range(3)]
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(chosen)))      # D16 colex rank



def choose(engine, state, seat: int, key: bytes):
    """The move for `seat` (which must be to move), deterministic given `key` and what the
    seat knows: the heuristic plays in one world re-dealt from what the seat knows; the one
    legal move is played at once."""
    if seat not in engine.to_move(state):
        raise ValueError(f"seat {seat} is not to move")
    moves = engine.legal(state)
    if len(moves) == 1:
        return moves[0]
    sample = engine.sample_hidden(state, seat, derive(key, "world", 0))
    return tyrannen_move(engine, sample, seat, moves, Stream(key, "heuristic"))
