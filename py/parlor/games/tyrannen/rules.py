"""Tod dem Tyrannen! (King & Assassins): the king's player walks the king through a hostile
town to the castle; the rebel hides three assassins among twelve citizens to kill him.

Seat 0 plays the king and his seven knights, seat 1 the rebel. Rules and the decisions taken
where the rulebook is silent: seeds/tod-dem-tyrannen.md (K1..K20, D1..D16). Boards and round
cards: data.json beside this module. Options: {"side": "A" | "B"} (default "A").

Figures are numbered 0 king, 1..7 knights, 8..19 citizens 0..11 (an unmasked assassin keeps
its citizen's number). Fields are cell indices r * width + c; directions 0 N, 1 E, 2 S, 3 W.

Moves are Move(kind, fig, arg); the token is two characters for v = code * 256 + payload,
TOKEN_ALPHABET[v >> 6] + TOKEN_ALPHABET[v & 63]:
    code 0  assassins  arg = colex rank of the rebel's 3 citizens (0..219)   payload = arg
    code 1  start      arg = side B king start field (0..1)                  payload = arg
    code 2  end        end of the acting player's turn                       payload = 0
    code 3  unmask     fig = 8 + citizen                                     payload = citizen
    code 4  step       fig, arg = direction: move/climb, knights push,       payload = fig*4 + dir
                       the king stepping out of a gate enters the castle
    code 5  strike     fig, arg = direction: a knight captures a citizen     payload = fig*4 + dir
                       or eliminates an assassin; an assassin eliminates a knight or hits the king

view(state, seat) returns:
    {"game": "tyrannen", "side": "A"|"B", "phase": "assassins"|"start"|"king"|"rebel"|"over",
     "to_move": [seat], "fields": [row strings of S street / R roof / T gate],
     "gates": [{"at": [r, c], "exit": "N"}], "start_fields": [[r, c], ...] (side B, else []),
     "king": {"at": [r, c] | None, "wounds": 0..2},
     "knights": [{"at": [r, c] | None}] * 7,
     "citizens": [{"at": [r, c] | None, "fate": "board"|"captured"|"eliminated",
                   "unmasked": bool, "assassin": bool | None}] * 12,
     "assassins": [citizen, ...] | None,
     "round": n, "rounds_total": 15|14, "rounds_left": n, "played": [card numbers],
     "card": {"n", "rebel_ap", "king_ap", "knight_ap", "shackle"} | None,
     "ap": {"king": n, "knights": n, "rebel": n},
     "knights_killed_this_round": n, "captured_this_round": bool,
     "outcome": {"winners": [seat], "reason": str} | None}
"assassins" and a masked citizen's "assassin" flag are known to the rebel (seat 1) and, once
the game is over, to everyone; otherwise they are None (unknown).
"""
from __future__ import annotations

import json
import pkgutil
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb
from typing import NamedTuple

from ...engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, Game, IllegalMove, MalformedMove, Outcome
from ...engine.rng import Stream, shuffled
from ...i18n import N_, _, and_list

STREET, ROOF = "S", "R"            # field levels; "T" marks a castle gate field (a street)
DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))
# Translators: directions on the town map (N, E, S, W), as in "The king moves north".
DIR_NAMES = (N_("north"), N_("east"), N_("south"), N_("west"))
KING, N_KNIGHTS, N_CITIZENS, N_ASSASSINS = 0, 7, 12, 3
FIRST_CITIZEN = 1 + N_KNIGHTS
N_FIGURES = FIRST_CITIZEN + N_CITIZENS
N_SUBSETS = comb(N_CITIZENS, N_ASSASSINS)
KING_SEAT, REBEL_SEAT = 0, 1

# AP for one step, by the level of the field left and of the field entered (D1: a gate field
# is a street field; only the king may leave the board from it).
WALK_COST = {(STREET, STREET): 1, (ROOF, ROOF): 1, (STREET, ROOF): 2, (ROOF, STREET): 1}
ASSASSIN_COST = {(STREET, STREET): 1, (ROOF, ROOF): 1, (STREET, ROOF): 1, (ROOF, STREET): 0}
KILL_COST = (1, 2)           # first and second knight eliminated in a round
ATTACK_COST = 2
WOUNDS_TO_KILL = 2


class Move(NamedTuple):
    """One action: kind is assassins, start, end, unmask, step or strike (see module doc)."""

    kind: str
    fig: int = 0
    arg: int = 0


END = Move("end")
CODES = {"assassins": 0, "start": 1, "end": 2, "unmask": 3, "step": 4, "strike": 5}
KINDS = {code: kind for kind, code in CODES.items()}


class Card(NamedTuple):
    """A round card: AP for the rebel, the king and the knights, and the shackle symbol."""

    n: int
    rebel_ap: int
    king_ap: int
    knight_ap: int
    shackle: bool


class Board:
    """One board side: field types, neighbours, gates with exit direction, and its setup."""

    def __init__(self, name: str, rows, gates: dict, setup: dict | None = None):
        self.name = name
        self.rows = tuple(rows)
        self.height, self.width = len(self.rows), len(self.rows[0])
        self.types = tuple("".join(self.rows))
        self.exits = {self.cell(r, c): d for (r, c), d in gates.items()}
        self.setup = setup or {}
        self.nbr = tuple(tuple(self._neighbour(i, d) for d in range(4))
                         for i in range(len(self.types)))

    def _neighbour(self, i: int, d: int) -> int | None:
        r, c = divmod(i, self.width)
        r, c = r + DIRS[d][0], c + DIRS[d][1]
        return self.cell(r, c) if 0 <= r < self.height and 0 <= c < self.width else None

    def cell(self, r: int, c: int) -> int:
        return r * self.width + c

    def rc(self, cell: int | None) -> list | None:
        return None if cell is None else list(divmod(cell, self.width))

    def _key(self):
        return self.name, self.rows, tuple(sorted(self.exits.items()))

    def __eq__(self, other):
        return isinstance(other, Board) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __deepcopy__(self, memo):
        return self           # immutable

    def __repr__(self):
        return f"Board({self.name!r})"


def _load():
    data = json.loads(pkgutil.get_data(__package__, "data.json").decode("utf-8"))
    cards = {c["n"]: Card(c["n"], c["rebel_ap"], c["king_ap"], c["knight_ap"], c["shackle"])
             for c in data["round_cards"]}
    boards = {}
    for name, side in data["sides"].items():
        gates = {tuple(g["at"]): "NESW".index(g["exit"]) for g in side["gates"]}
        boards[name] = Board(name, side["rows"], gates, side)
    return cards, boards


CARDS, BOARDS = _load()


def rank_subset(subset) -> int:
    """Colex rank of a set of citizens: sum of C(c_i, i + 1) over the sorted members."""
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(subset)))


def unrank_subset(rank: int, k: int = N_ASSASSINS) -> tuple[int, ...]:
    """The sorted k-subset whose colex rank is `rank`."""
    out = []
    for i in range(k, 0, -1):
        c = i - 1
        while comb(c + 1, i) <= rank:
            c += 1
        out.append(c)
        rank -= comb(c, i)
    return tuple(sorted(out))


def level(field_type: str) -> str:
    """STREET or ROOF: a gate field is a street field with a way into the castle (D1)."""
    return ROOF if field_type == ROOF else STREET


def reaches(from_type: str, to_type: str) -> bool:
    """From a roof a figure reaches every neighbour; from the ground, no roof (K9)."""
    return from_type == ROOF or to_type != ROOF


@dataclass(frozen=True)
class State:
    """A position. `assassins` and the undrawn part of `deck` are the hidden values."""

    board: Board
    phase: str                      # assassins, start, king, rebel, over
    king: int | None
    knights: tuple                  # 7 cells, None once eliminated (or not yet placed)
    citizens: tuple                 # 12 cells, None once captured or eliminated
    unmasked: tuple = (False,) * N_CITIZENS
    assassins: tuple = ()           # sorted citizen numbers chosen by the rebel
    deck: tuple = ()                # round card numbers in drawing order
    drawn: int = 0                  # cards revealed so far = round number
    wounds: int = 0
    ap_king: int = 0
    ap_knights: int = 0
    ap_rebel: int = 0
    kills: int = 0                  # knights eliminated this round
    captured: bool = False          # a citizen was captured this round
    outcome: Outcome | None = None

    @property
    def card(self) -> Card | None:
        return CARDS[self.deck[self.drawn - 1]] if self.drawn else None


def occupancy(s: State) -> list:
    """Figure number on each field, -1 where empty."""
    occ = [-1] * len(s.board.types)
    if s.king is not None:
        occ[s.king] = KING
    for k, p in enumerate(s.knights):
        if p is not None:
            occ[p] = 1 + k
    for c, p in enumerate(s.citizens):
        if p is not None:
            occ[p] = FIRST_CITIZEN + c
    return occ


def _king_step(s: State, occ, d: int):
    """'exit', the field entered, or None if the king cannot step that way."""
    if s.king is None or s.ap_king < 1:
        return None
    if s.board.exits.get(s.king) == d:
        return "exit"
    t = s.board.nbr[s.king][d]
    if t is None or occ[t] != -1 or level(s.board.types[t]) != STREET:
        return None
    return t


def _knight_step(s: State, occ, k: int, d: int):
    """(cost, cells of the pushed figures) or None: the push chain of K8."""
    b, p = s.board, s.knights[k]
    if p is None:
        return None
    t = b.nbr[p][d]
    if t is None:
        return None
    cost = WALK_COST[level(b.types[p]), level(b.types[t])]
    if cost > s.ap_knights:
        return None
    chain, cur = [], t
    while occ[cur] >= FIRST_CITIZEN:
        nxt = b.nbr[cur][d]
        if nxt is None or (level(b.types[cur]), level(b.types[nxt])) == (STREET, ROOF):
            return None
        chain.append(cur)
        cur = nxt
    if occ[cur] != -1:
        return None
    return cost, tuple(chain)


def _knight_strike(s: State, occ, k: int, d: int):
    """('eliminate' | 'capture', citizen) or None (K10, K11)."""
    b, p = s.board, s.knights[k]
    if p is None or s.ap_knights < 1:
        return None
    t = b.nbr[p][d]
    if t is None or occ[t] < FIRST_CITIZEN or not reaches(b.types[p], b.types[t]):
        return None
    c = occ[t] - FIRST_CITIZEN
    if s.unmasked[c]:
        return "eliminate", c
    if s.card.shackle and not s.captured:
        return "capture", c
    return None


def _citizen_step(s: State, occ, c: int, d: int):
    """The AP cost of the step or None (K13, K15)."""
    b, p = s.board, s.citizens[c]
    if p is None:
        return None
    t = b.nbr[p][d]
    if t is None or occ[t] != -1:
        return None
    cost = (ASSASSIN_COST if s.unmasked[c] else WALK_COST)[level(b.types[p]), level(b.types[t])]
    return None if cost > s.ap_rebel else cost


def _assassin_strike(s: State, occ, c: int, d: int):
    """(cost, figure hit) or None (K16, K17)."""
    b, p = s.board, s.citizens[c]
    if p is None or not s.unmasked[c]:
        return None
    t = b.nbr[p][d]
    if t is None or not 0 <= occ[t] < FIRST_CITIZEN:
        return None
    if occ[t] == KING:
        cost = ATTACK_COST
    elif s.kills < len(KILL_COST) and reaches(b.types[p], b.types[t]):
        cost = KILL_COST[s.kills]
    else:
        return None
    return (cost, occ[t]) if cost <= s.ap_rebel else None


def _can_unmask(s: State, c: int) -> bool:
    return c in s.assassins and s.citizens[c] is not None and not s.unmasked[c]


def _plan(s: State, occ, m: Move):
    """What the move does here (cost, target...), or None when the rules forbid it."""
    if not (0 <= m.fig < N_FIGURES and 0 <= m.arg < 4):
        return None
    if s.phase == "king":
        if m.kind == "step" and m.fig == KING:
            return _king_step(s, occ, m.arg)
        if 1 <= m.fig <= N_KNIGHTS:
            if m.kind == "step":
                return _knight_step(s, occ, m.fig - 1, m.arg)
            if m.kind == "strike":
                return _knight_strike(s, occ, m.fig - 1, m.arg)
    elif s.phase == "rebel" and m.fig >= FIRST_CITIZEN:
        c = m.fig - FIRST_CITIZEN
        if m.kind == "unmask":
            return _can_unmask(s, c) or None
        if m.kind == "step":
            return _citizen_step(s, occ, c, m.arg)
        if m.kind == "strike":
            return _assassin_strike(s, occ, c, m.arg)
    return None


def _begin_round(s: State) -> State:
    """Reveal the next round card (K4), or end the game when the deck is spent (K18)."""
    if s.drawn == len(s.deck):
        return replace(s, phase="over", ap_rebel=0, outcome=Outcome(
            # Translators: rulebook "Rundenstapel" (the round deck), "König" (the king).
            (REBEL_SEAT,), N_("The round deck is spent and the king is still in the town.")))
    card = CARDS[s.deck[s.drawn]]
    return replace(s, phase="king", drawn=s.drawn + 1, ap_king=card.king_ap,
                   ap_knights=card.knight_ap, ap_rebel=card.rebel_ap, kills=0, captured=False)


def _assassins_gone(s: State) -> bool:
    return all(s.citizens[a] is None for a in s.assassins)


def _remove_citizen(s: State, c: int, **changes) -> State:
    """Take a citizen off the board; the king wins at once if it was the last assassin (K12)."""
    citizens = list(s.citizens)
    citizens[c] = None
    s = replace(s, citizens=tuple(citizens), **changes)
    if _assassins_gone(s):
        s = replace(s, phase="over", outcome=Outcome(
            # Translators: rulebook "Meuchler" (assassin).
            (KING_SEAT,), N_("The last assassin has left the board: the king is safe.")))
    return s


class Tyrannen(Game):
    """The rules engine: see the module docstring."""

    key = "tyrannen"
    seats = (2, 2)
    token_width = 2

    def initial(self, seed: bytes, players: int, options: dict | None = None) -> State:
        """Side A: all figures placed; side B: citizens only. The rebel picks assassins first."""
        if players != 2:
            raise ValueError("Tod dem Tyrannen is a game for 2 players")
        side = (options or {}).get("side", "A")
        if side not in BOARDS:
            raise ValueError(f"unknown board side {side!r}")
        board = BOARDS[side]
        setup = board.setup
        cards = [n for n in sorted(CARDS) if n != setup["gem_card"]]
        citizens = tuple(board.cell(*rc) for rc in setup["citizens"])
        if "king" in setup:
            king = board.cell(*setup["king"])
            knights = tuple(board.cell(*rc) for rc in setup["knights"])
        else:
            king, knights = None, (None,) * N_KNIGHTS
        return State(board, "assassins", king, knights, citizens,
                     deck=tuple(shuffled(cards, seed, "tyrannen", "rounds")))

    def to_move(self, s: State) -> tuple[int, ...]:
        """The rebel picks assassins and plays the second half of each round."""
        if s.phase == "over":
            return ()
        return (REBEL_SEAT,) if s.phase in ("assassins", "rebel") else (KING_SEAT,)

    def legal(self, s: State) -> list:
        """Every legal move; in a round, `end` comes last and is always there."""
        if s.phase == "over":
            return []
        if s.phase == "assassins":
            return [Move("assassins", 0, r) for r in range(N_SUBSETS)]
        if s.phase == "start":
            return [Move("start", 0, i) for i in range(len(s.board.setup["starts"]))]
        occ = occupancy(s)
        if s.phase == "king":
            figs = range(1 + N_KNIGHTS)
            moves = []
        else:
            figs = range(FIRST_CITIZEN, N_FIGURES)
            moves = [Move("unmask", f) for f in figs if _can_unmask(s, f - FIRST_CITIZEN)]
        for f in figs:
            for kind in ("step", "strike"):
                for d in range(4):
                    m = Move(kind, f, d)
                    if _plan(s, occ, m) is not None:
                        moves.append(m)
        moves.append(END)
        return moves

    def apply(self, s: State, m: Move) -> State:
        """The state after `m`; IllegalMove if the rules forbid it here."""
        if not isinstance(m, tuple) or len(m) != 3 or m[0] not in CODES:
            raise IllegalMove(_("{move} is not a move of this game").format(move=repr(m)))
        m = Move(*m)
        if s.phase == "over":
            raise IllegalMove(_("the game is over"))
        if s.phase == "assassins":
            if m.kind != "assassins" or not 0 <= m.arg < N_SUBSETS:
                # Translators: rulebook "Rebell" (the rebel), "Meuchler" (assassins).
                raise IllegalMove(_("the rebel must first choose the assassins"))
            s = replace(s, assassins=unrank_subset(m.arg))
            return _begin_round(s) if "king" in s.board.setup else replace(s, phase="start")
        if s.phase == "start":
            if m.kind != "start" or not 0 <= m.arg < len(s.board.setup["starts"]):
                # Translators: rulebook "Startfeld" (start field).
                raise IllegalMove(_("the king must first choose a start field"))
            return _begin_round(self._place_king(s, m.arg))
        if m == END:
            if s.phase == "king":
                return replace(s, phase="rebel", ap_king=0, ap_knights=0)
            return _begin_round(replace(s, ap_rebel=0))
        plan = _plan(s, occupancy(s), m)
        if plan is None:
            raise IllegalMove(_("{move} is not allowed now").format(move=repr(m)))
        return self._carry_out(s, m, plan)

    @staticmethod
    def _place_king(s: State, start: int) -> State:
        """Side B (K3): king on the chosen start, 5 knights beside it, 2 in the upper town."""
        b = s.board
        chosen = b.setup["starts"][start]
        fields = chosen["knights"] + b.setup["upper_knights"]
        return replace(s, king=b.cell(*chosen["king"]),
                       knights=tuple(b.cell(*rc) for rc in fields))

    @staticmethod
    def _carry_out(s: State, m: Move, plan) -> State:
        """Play a legal round action whose effect `_plan` worked out."""
        b = s.board
        if m.kind == "unmask":
            unmasked = list(s.unmasked)
            unmasked[m.fig - FIRST_CITIZEN] = True
            return replace(s, unmasked=tuple(unmasked))
        if m.fig == KING:
            if plan == "exit":
                return replace(s, king=None, ap_king=s.ap_king - 1, phase="over",
                               outcome=Outcome((KING_SEAT,),
                                               # Translators: rulebook "Burg" (castle).
                                               N_("The king has reached the castle.")))
            return replace(s, king=plan, ap_king=s.ap_king - 1)
        if m.fig <= N_KNIGHTS:
            k = m.fig - 1
            if m.kind == "step":
                cost, chain = plan
                citizens = list(s.citizens)
                for c in [s.citizens.index(cell) for cell in chain]:
                    citizens[c] = b.nbr[citizens[c]][m.arg]
                knights = list(s.knights)
                knights[k] = b.nbr[s.knights[k]][m.arg]
                return replace(s, knights=tuple(knights), citizens=tuple(citizens),
                               ap_knights=s.ap_knights - cost)
            what, c = plan
            return _remove_citizen(s, c, ap_knights=s.ap_knights - 1,
                                   captured=s.captured or what == "capture")
        c = m.fig - FIRST_CITIZEN
        if m.kind == "step":
            citizens = list(s.citizens)
            citizens[c] = b.nbr[s.citizens[c]][m.arg]
            return replace(s, citizens=tuple(citizens), ap_rebel=s.ap_rebel - plan)
        cost, target = plan
        if target == KING:
            wounds = s.wounds + 1
            if wounds < WOUNDS_TO_KILL:
                return replace(s, wounds=wounds, ap_rebel=s.ap_rebel - cost)
            return replace(s, wounds=wounds, king=None, ap_rebel=s.ap_rebel - cost, phase="over",
                           outcome=Outcome((REBEL_SEAT,),
                                           N_("The assassins have killed the king.")))
        knights = list(s.knights)
        knights[target - 1] = None
        return replace(s, knights=tuple(knights), kills=s.kills + 1, ap_rebel=s.ap_rebel - cost)

    def outcome(self, s: State) -> Outcome | None:
        """Who won and why, once the game is over."""
        return s.outcome

    def view(self, s: State, seat: int | None) -> dict:
        """What `seat` may see (shape in the module docstring)."""
        b = s.board
        knows = seat == REBEL_SEAT or s.phase == "over"
        citizens = []
        for c, p in enumerate(s.citizens):
            fate = "board" if p is not None else "eliminated" if s.unmasked[c] else "captured"
            assassin = (c in s.assassins) if knows else (True if s.unmasked[c] else None)
            citizens.append({"at": b.rc(p), "fate": fate, "unmasked": s.unmasked[c],
                             "assassin": assassin})
        card = s.card
        starts = b.setup.get("starts", ())
        return {
            "game": self.key, "side": b.name, "phase": s.phase, "to_move": list(self.to_move(s)),
            "fields": list(b.rows),
            "gates": [{"at": b.rc(g), "exit": "NESW"[d]} for g, d in sorted(b.exits.items())],
            "start_fields": [list(st["king"]) for st in starts],
            "king": {"at": b.rc(s.king), "wounds": s.wounds},
            "knights": [{"at": b.rc(p)} for p in s.knights],
            "citizens": citizens,
            "assassins": list(s.assassins) if knows and s.assassins else None,
            "round": s.drawn, "rounds_total": len(s.deck), "rounds_left": len(s.deck) - s.drawn,
            "played": list(s.deck[:s.drawn]),
            "card": card._asdict() if card else None,
            "ap": {"king": s.ap_king, "knights": s.ap_knights, "rebel": s.ap_rebel},
            "knights_killed_this_round": s.kills, "captured_this_round": s.captured,
            "outcome": ({"winners": list(s.outcome.winners), "reason": s.outcome.reason}
                        if s.outcome else None),
        }

    def sample_hidden(self, s: State, seat: int | None, key: bytes) -> State:
        """Re-shuffle the undrawn round cards; for the king's side also re-deal the masked
        assassins among the unmasked citizens (on the board or captured), keeping one on
        the board while the game goes on."""
        undrawn = sorted(s.deck[s.drawn:])  # sorted: the sample must not depend on hidden order
        deck = s.deck[:s.drawn] + tuple(shuffled(undrawn, key, "tyrannen", "rounds"))
        s = replace(s, deck=deck)
        if seat == REBEL_SEAT or s.phase == "over" or not s.assassins:
            return s
        known = tuple(c for c in s.assassins if s.unmasked[c])
        masked = [c for c in range(N_CITIZENS) if not s.unmasked[c]]
        need_board = all(s.citizens[c] is None for c in known)
        options = [h for h in combinations(masked, len(s.assassins) - len(known))
                   if not need_board or any(s.citizens[c] is not None for c in h)]
        hidden = options[Stream(key, "tyrannen", "assassins").below(len(options))]
        return replace(s, assassins=tuple(sorted(known + hidden)))

    def encode(self, m: Move) -> str:
        """Two characters for code * 256 + payload (module docstring)."""
        m = Move(*m)
        if m.kind in ("assassins", "start"):
            payload = m.arg
        elif m.kind == "end":
            payload = 0
        elif m.kind == "unmask":
            payload = m.fig - FIRST_CITIZEN
        else:
            payload = m.fig * 4 + m.arg
        v = CODES[m.kind] << 8 | payload
        return TOKEN_ALPHABET[v >> 6] + TOKEN_ALPHABET[v & 63]

    def decode(self, token: str) -> Move:
        """The move of a token; MalformedMove for codes or payloads out of range."""
        self.check_token(token)
        v = TOKEN_INDEX[token[0]] << 6 | TOKEN_INDEX[token[1]]
        code, payload = divmod(v, 256)
        kind = KINDS.get(code)
        limits = {"assassins": N_SUBSETS, "start": 2, "end": 1, "unmask": N_CITIZENS}
        if kind is None or payload >= limits.get(kind, N_FIGURES * 4):
            raise MalformedMove(f"{token!r} is not a Tod dem Tyrannen move")
        if kind in ("assassins", "start"):
            return Move(kind, 0, payload)
        if kind == "end":
            return END
        if kind == "unmask":
            return Move(kind, FIRST_CITIZEN + payload)
        return Move(kind, *divmod(payload, 4))

    def describe(self, s: State, m: Move, seat: int | None = None) -> str:
        """A log line; the assassins' identities only for the rebel (or when announced)."""
        m = Move(*m)
        if m.kind == "assassins":
            if seat != REBEL_SEAT:
                return _("The rebel chooses the assassins")
            names = ", ".join(_citizen_name(c) for c in unrank_subset(m.arg))
            return _("The rebel chooses the assassins: {names}").format(names=names)
        if m.kind == "start":
            r, c = s.board.setup["starts"][m.arg]["king"]
            return _("The king starts on start field {n} (row {row}, column {column})").format(
                n=m.arg + 1, row=r, column=c)
        if m == END:
            return (_("The king's player ends the turn") if s.phase == "king"
                    else _("The rebel ends round {n}").format(n=s.drawn))
        plan = _plan(s, occupancy(s), m)
        if plan is None:
            return _("Illegal move {move}").format(move=repr(m))
        way = _(DIR_NAMES[m.arg])
        if m.kind == "unmask":
            # Translators: rulebook "enttarnen" (to unmask), "Meuchler" (assassin).
            return _("{citizen} is unmasked: an assassin!").format(
                citizen=_citizen_name(m.fig - FIRST_CITIZEN, start=True))
        if m.fig == KING:
            return (_("The king leaves the board through the gate into the castle")
                    if plan == "exit" else _("The king moves {way}").format(way=way))
        who = _figure_name(s, m.fig, start=True)
        if m.kind == "step":
            p = s.knights[m.fig - 1] if m.fig <= N_KNIGHTS else s.citizens[m.fig - FIRST_CITIZEN]
            t = s.board.nbr[p][m.arg]
            levels = (level(s.board.types[p]), level(s.board.types[t]))
            if levels == (STREET, ROOF):
                # Translators: rulebook "Hochklettern" (climbing from a street to a roof).
                text = _("{who} climbs up {way}").format(who=who, way=way)
            elif levels == (ROOF, STREET):
                # Translators: rulebook "Runterklettern" (climbing from a roof to a street).
                text = _("{who} climbs down {way}").format(who=who, way=way)
            else:
                text = _("{who} moves {way}").format(who=who, way=way)
            if m.fig <= N_KNIGHTS and plan[1]:
                pushed = and_list([_figure_name(s, occupancy(s)[cell]) for cell in plan[1]])
                # Translators: rulebook "schubsen" (a knight pushes citizens as it moves).
                text = _("{move}, pushing {figures}").format(move=text, figures=pushed)
            return text
        if m.fig <= N_KNIGHTS:
            what, c = plan
            target = _figure_name(s, FIRST_CITIZEN + c)
            if what == "capture":
                # Translators: rulebook "gefangen nehmen" (to capture a citizen).
                text = _("{who} captures {target}").format(who=who, target=target)
            else:
                # Translators: rulebook "ausschalten" (to eliminate).
                text = _("{who} eliminates {target}").format(who=who, target=target)
            after = _remove_citizen(s, c)
            if after.outcome is not None:
                return _("{move}: that was the last assassin, the king wins!").format(move=text)
            if what == "capture" and seat == REBEL_SEAT and c in s.assassins:
                return _("{move} (secretly an assassin)").format(move=text)
            return text
        cost, target = plan
        if target == KING:
            if s.wounds + 1 >= WOUNDS_TO_KILL:
                return _("{who} kills the king!").format(who=who)
            return _("{who} wounds the king!").format(who=who)
        return _("{who} eliminates {target}").format(who=who, target=_figure_name(s, target))


def from_view(view: dict) -> State:
    """The public part of a position rebuilt from a seat's view: the board, the figures, the
    AP and the round cards turned up so far. Assassins are the ones the view knows (for the
    king's side only those unmasked); the undrawn cards are not known."""
    shipped = BOARDS.get(view["side"])
    board = Board(view["side"], view["fields"],
                  {tuple(g["at"]): "NESW".index(g["exit"]) for g in view["gates"]},
                  shipped.setup if shipped else None)

    def cell(rc):
        return None if rc is None else board.cell(*rc)

    citizens = view["citizens"]
    known = view["assassins"] or [c for c, citizen in enumerate(citizens) if citizen["unmasked"]]
    return State(board, view["phase"], cell(view["king"]["at"]),
                 tuple(cell(k["at"]) for k in view["knights"]),
                 tuple(cell(c["at"]) for c in citizens),
                 unmasked=tuple(c["unmasked"] for c in citizens), assassins=tuple(known),
                 deck=tuple(view["played"]), drawn=len(view["played"]),
                 wounds=view["king"]["wounds"], ap_king=view["ap"]["king"],
                 ap_knights=view["ap"]["knights"], ap_rebel=view["ap"]["rebel"],
                 kills=view["knights_killed_this_round"], captured=view["captured_this_round"])


def preview(view: dict, move: Move) -> dict:
    """What a legal round action, or the king's start on side B, would do, for the screen:
    the public view after it, worked out from `view` alone. Where figures go and what an
    action costs never depend on a hidden value."""
    state = from_view(view)
    if move.kind == "start":
        after = Tyrannen._place_king(state, move.arg)
    else:
        after = Tyrannen._carry_out(state, move, _plan(state, occupancy(state), move))
    return ENGINE.view(after, None)


def _citizen_name(c: int, start: bool = False) -> str:
    """"citizen 4" in a sentence, "Citizen 4" at its start (rulebook "Bürger")."""
    if start:
        return _("Citizen {n}").format(n=c + 1)
    # Translators: inside a sentence; rulebook "Bürger".
    return _("citizen {n}").format(n=c + 1)


def _figure_name(s: State, fig: int, start: bool = False) -> str:
    """A figure in words inside a sentence, or (start) at its beginning."""
    if fig == KING:
        # Translators: rulebook "König".
        return _("The king") if start else _("the king")
    if fig <= N_KNIGHTS:
        # Translators: rulebook "Ritter".
        return (_("Knight {n}") if start else _("knight {n}")).format(n=fig)
    c = fig - FIRST_CITIZEN
    if s.unmasked[c]:
        # Translators: an unmasked assassin (rulebook "Meuchler") on citizen n's figure.
        return (_("The assassin (citizen {n})") if start
                else _("the assassin (citizen {n})")).format(n=c + 1)
    return _citizen_name(c, start)


ENGINE = Tyrannen()
