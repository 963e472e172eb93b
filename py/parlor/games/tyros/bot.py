"""The computer player for Tyros: a planner over its own cards, deciding from its view only.

`choose` deals the hidden cards and tiles out afresh (`sample_hidden`) and reads only what its
seat may know: the public board, the sizes and known parts of the other hands, and its own
hand. Only the deck of that sample is ever read, to guess what an exchange would draw.

The heart is `Planner.plan`: with a given hand, the best sequence of purchases for the rest of
the turn (voyages, cities, galleons built and sent out), picked one at a time by points gained
less a price per card. Its value compares hands: an offer is worth what it adds to the plan,
an exchange likewise, a card's marginal value decides what to pay with, discard or keep, and
the plan's first purchase is the action taken. Points are relative: the seat's own, less the
average of the others' (so blocking a rival's lone galleon counts too), at the empires'
current ranks; a lone galleon that could still be joined counts for less than a pair or a
city. Tiles are laid where the ranks and the new destinations help the seat most.
"""
from __future__ import annotations

from math import comb

from ...engine.rng import derive
from .rules import (
    ACCEPT, BONUS, BUILD_NODE, CANCEL, CARDS, CITY_COST, CITY_COST_PAIR, CITY_POINTS,
    DIST, ENGINE, EXCHANGE, GALLEON_POINTS, KEEP, KEEPING, LIMIT, LOC_OF, LOCATIONS, MAP, NODES,
    NODES_OF, PASS, REFUSE, TILES, TYRE, ZERO, Build, City, EXCHANGES, Offer, Sail,
    State, Tile, Under, active, add, empire_ranks, sub, supply, within)

PRICE = 0.45            # points a card must buy to be worth spending
THREAT = 0.3            # share of a lone galleon's points at risk while a second could join it
TYRE_MARGIN = 0.75      # share of Tyre's points kept while leading it by one galleon only
MAJORITY = 0.8          # share of an empire's city bonus counted before the end
PROGRESS = (0.0, 0.0, 1.0, 3.0)     # all-four bonus: worth of cities in 0..3 empires so far
FREE_GALLEON = 1.5      # a galleon back in the supply
KEPT_CARD = 0.6         # a card left for the next turn (at most KEEP of them count)
TRADE_GAIN = 1.5        # an offer is made when it adds this much to the plan
ACCEPT_GAIN = 0.5       # an offer is accepted when it adds this much
EXCHANGE_GAIN = 1.0     # an exchange is made when it adds this much
OFFERS_PER_TURN = 2     # the seat stops proposing after this many offers in a turn
OPENING = 0.4           # share of a new destination's points counted when laying its tile
MAX_STEPS = 10          # purchases planned ahead


def choose(engine, state: State, seat: int, key: bytes):
    """The move for `seat`, which must be to move: decided from a sample of what it cannot
    see, so from its own knowledge only."""
    if seat not in engine.to_move(state):
        raise ValueError(f"seat {seat} is not to move")
    world = engine.sample_hidden(state, seat, derive(key, "tyros bot"))
    moves = engine.legal(world)
    if len(moves) == 1:
        return moves[0]
    planner = Planner(world, seat)
    if world.phase == TILES:
        return planner.tile(moves)
    if world.phase == KEEPING:
        return planner.keep(moves)
    p = world.pending
    if p is None:
        return planner.act()
    if p.kind == "offer":
        if p.ask != ZERO:
            return ACCEPT if ACCEPT in moves and planner.accepts(p.give, p.ask) else REFUSE
        return planner.offer_step(p, moves)
    return planner.pay(p, moves)


class Planner:
    """The seat's picture of the position, with the plans and choices made from it."""

    def __init__(self, state: State, seat: int, hand: tuple | None = None):
        self.state, self.me, self.n = state, seat, state.players
        self.share = 1 / (self.n - 1)
        self.markers = state.markers
        self.last = state.last_turn
        self._rank(state.markers)
        self.count = [[sum(f[n] for n in NODES_OF[loc]) for f in state.fleets]
                      for loc in range(33)]
        self.city = list(state.cities)
        self.fleet = list(state.fleets[seat])
        self.hand = state.hands[seat] if hand is None else hand
        self.empire_cities = [[0] * 4 for _ in range(self.n)]
        for loc in LOCATIONS:
            if self.city[loc] >= 0:
                self.empire_cities[self.city[loc]][self.markers[loc]] += 1
        self.all_four = state.all_four
        self.galleons_left, self.cities_left = supply(state, seat)
        self.cache: dict = {}

    def _rank(self, markers) -> None:
        ranks = empire_ranks(markers)
        self.galleon_points = [GALLEON_POINTS[ranks[m]] if m >= 0 else 0 for m in markers]
        self.city_points = [CITY_POINTS[ranks[m]] if m >= 0 else 0 for m in markers]

    # --- values ---------------------------------------------------------------------------

    def signed(self, seat: int, value: float) -> float:
        return value if seat == self.me else -value * self.share

    def place_value(self, loc: int) -> float:
        """What the location is worth to the seat, relative to the others (Y36, Y37, Y40)."""
        points = self.galleon_points[loc]
        if not points:
            return 0.0
        owner = self.city[loc]
        if owner >= 0:
            return self.signed(owner, self.city_points[loc])
        there = self.count[loc]
        if loc == TYRE:
            best = max(there)
            if not best or there.count(best) > 1:
                return 0.0
            leader = there.index(best)
            second = max(k for s, k in enumerate(there) if s != leader)
            return self.signed(leader, points * (1.0 if best - second >= 2 else TYRE_MARGIN))
        holders = [s for s in range(self.n) if there[s]]
        if len(holders) != 1:
            return 0.0
        s = holders[0]
        return self.signed(s, points if there[s] >= LIMIT else points * (1 - THREAT))

    def bonus_value(self) -> float:
        """The city bonuses as they stand (Y41, Y42)."""
        total = 0.0
        for empire in range(4):
            cities = [self.empire_cities[s][empire] for s in range(self.n)]
            best = max(cities)
            if best and cities.count(best) == 1:
                total += self.signed(cities.index(best), BONUS * MAJORITY)
        if self.all_four >= 0:
            return total + self.signed(self.all_four, BONUS)
        for s in range(self.n):
            total += self.signed(s, PROGRESS[min(3, sum(1 for k in self.empire_cities[s] if k))])
        return total

    def board_value(self) -> float:
        return sum(self.place_value(loc) for loc in range(33)) + self.bonus_value()

    # --- the plan -------------------------------------------------------------------------

    def plan(self, hand: tuple) -> tuple[float, object]:
        """(value, first move) of the best purchases this turn with `hand`."""
        found = self.cache.get(hand)
        if found is None:
            found = self.cache[hand] = self._plan(hand)
        return found

    def _plan(self, hand: tuple) -> tuple[float, object]:
        count = [row[:] for row in self.count]
        fleet, city = self.fleet[:], self.city[:]
        empire_cities = [row[:] for row in self.empire_cities]
        galleons, cities = self.galleons_left, self.cities_left
        saved = self.count, self.fleet, self.city, self.empire_cities
        self.count, self.fleet, self.city, self.empire_cities = count, fleet, city, empire_cities
        hand, value, first = list(hand), 0.0, None
        try:
            for _ in range(MAX_STEPS):
                best = self._best_purchase(hand, galleons, cities)
                if best is None:
                    break
                gain, cost, move, effect = best
                effect()
                for c in range(4):
                    hand[c] -= cost[c]
                if type(move) is City:
                    cities -= 1
                    galleons += 1
                elif type(move) is Build:
                    galleons -= 1
                value += gain
                first = first or move
        finally:
            self.count, self.fleet, self.city, self.empire_cities = saved
        if not self.last:
            value += KEPT_CARD * min(KEEP, sum(hand))
        return value, first

    def _best_purchase(self, hand: list, galleons: int, cities: int):
        """(gain, cost vector, first move, effect) of the best purchase, or None."""
        me, count, markers = self.me, self.count, self.markers
        total = sum(hand)
        arrive = [None] * 33         # gain of one more galleon of the seat at a location
        for loc in range(33):
            if loc != TYRE and (markers[loc] < 0 or self.city[loc] < 0
                                and sum(count[loc]) >= LIMIT):
                continue
            before = self.place_value(loc)
            count[loc][me] += 1
            arrive[loc] = self.place_value(loc) - before
            count[loc][me] -= 1
        best, best_net = None, 0.0
        for src in range(NODES):
            if not self.fleet[src]:
                continue
            home = LOC_OF[src]
            before = self.place_value(home)
            count[home][me] -= 1
            leave = self.place_value(home) - before
            count[home][me] += 1
            steps = DIST[src]
            for dst in range(NODES):
                loc = LOC_OF[dst]
                gain = arrive[loc]
                if gain is None or loc == home:
                    continue
                gain += leave
                colour, cost = markers[loc], steps[dst]
                net = gain - PRICE * cost
                if net <= best_net or cost > (total if colour < 0 else hand[colour]):
                    continue
                pay = self._colour_cost(colour, cost, hand)
                best, best_net = (gain, pay, Sail(src, dst),
                                  self._sail_effect(src, dst)), net
            if home != TYRE and cities and self.city[home] < 0 and not any(
                    k for s, k in enumerate(count[home]) if s != me):
                colour = markers[home]
                cost = CITY_COST_PAIR if count[home][me] >= LIMIT else CITY_COST
                if hand[colour] >= cost:
                    gain = self._city_gain(src)
                    net = gain - PRICE * cost
                    if net > best_net:
                        pay = tuple(cost if c == colour else 0 for c in range(4))
                        best, best_net = (gain, pay, City(src), self._city_effect(src)), net
        if galleons:
            for site in range(33):
                if site != TYRE and self.city[site] != me:
                    continue
                build = sum(count[site]) + 1
                colour = markers[site]
                if total < build or colour >= 0 and not hand[colour]:
                    continue
                node = BUILD_NODE[site]
                for dst in range(NODES):
                    loc = LOC_OF[dst]
                    gain = arrive[loc] if loc != site else arrive[site] if site == TYRE else None
                    if not gain or gain <= 0:
                        continue
                    steps = DIST[node][dst] if loc != site else 0
                    dst_colour = markers[loc]
                    if steps and hand[dst_colour] < steps:
                        continue
                    left = list(hand)
                    if steps:
                        left[dst_colour] -= steps
                    pay = self._any_cost(colour, build, left)
                    if pay is None:
                        continue
                    net = gain - PRICE * (build + steps)
                    if net > best_net:
                        cost = list(pay)
                        if steps:
                            cost[dst_colour] += steps
                        best, best_net = (gain, tuple(cost), Build(site),
                                          self._build_effect(dst)), net
        return best

    @staticmethod
    def _colour_cost(colour: int, cost: int, hand: list) -> tuple:
        if colour >= 0:
            return tuple(cost if c == colour else 0 for c in range(4))
        return Planner._any_cost(-1, cost, hand)

    @staticmethod
    def _any_cost(colour: int, cost: int, hand: list):
        """A payment of `cost` cards from the fullest colours, one of `colour` if set."""
        pay, left = [0, 0, 0, 0], list(hand)
        if colour >= 0:
            if not left[colour]:
                return None
            pay[colour], left[colour] = 1, left[colour] - 1
            cost -= 1
        while cost:
            c = max(range(4), key=lambda k: left[k])
            if not left[c]:
                return None
            pay[c], left[c], cost = pay[c] + 1, left[c] - 1, cost - 1
        return tuple(pay)

    def _sail_effect(self, src: int, dst: int):
        count, fleet, me = self.count, self.fleet, self.me

        def effect():
            count[LOC_OF[src]][me] -= 1
            count[LOC_OF[dst]][me] += 1
            fleet[src] -= 1
            fleet[dst] += 1
        return effect

    def _city_gain(self, node: int) -> float:
        loc, me = LOC_OF[node], self.me
        before = self.place_value(loc) + self.bonus_value()
        self.city[loc] = me
        self.count[loc][me] -= 1
        self.empire_cities[me][self.markers[loc]] += 1
        after = self.place_value(loc) + self.bonus_value()
        self.city[loc] = -1
        self.count[loc][me] += 1
        self.empire_cities[me][self.markers[loc]] -= 1
        return after - before + FREE_GALLEON

    def _city_effect(self, node: int):
        loc, me = LOC_OF[node], self.me

        def effect():
            self.city[loc] = me
            self.count[loc][me] -= 1
            self.fleet[node] -= 1
            self.empire_cities[me][self.markers[loc]] += 1
        return effect

    def _build_effect(self, node: int):
        me = self.me

        def effect():
            self.count[LOC_OF[node]][me] += 1
            self.fleet[node] += 1
        return effect

    # --- card values ----------------------------------------------------------------------

    def worth(self, hand: tuple) -> float:
        return self.plan(hand)[0]

    def marginals(self, hand: tuple) -> list[float]:
        """Per colour, what the plan loses without one card of it (large: keep it)."""
        base = self.worth(hand)
        return [base - self.worth(sub(hand, _one(c))) if hand[c] else 0.0 for c in range(4)]

    def cheapest(self, hand: tuple, size: int, avoid: int = -1) -> tuple | None:
        """The `size` cards of `hand` the plan misses least (not of colour `avoid` if can)."""
        chosen = ZERO
        for _ in range(size):
            left = sub(hand, chosen)
            values = self.marginals(left)
            colours = [c for c in range(4) if left[c] and c != avoid] or \
                [c for c in range(4) if left[c]]
            if not colours:
                return None
            c = min(colours, key=lambda k: (values[k], -left[k], k))
            chosen = add(chosen, _one(c))
        return chosen

    # --- decisions ------------------------------------------------------------------------

    def act(self):
        """The action: an offer or an exchange that improves the plan enough, else the
        plan's first purchase, else pass."""
        hand, state = self.hand, self.state
        base, first = self.plan(hand)
        offer = self.best_offer() if state.offers[self.me] < OFFERS_PER_TURN else None
        if offer is not None and offer[0] >= TRADE_GAIN:
            return Offer(offer[1])
        exchange = self.best_exchange(base)
        if exchange is not None and exchange[0] >= EXCHANGE_GAIN:
            return EXCHANGES[exchange[1], exchange[2]]
        return first or PASS

    def best_offer(self, partner: int | None = None, give: tuple | None = None):
        """(expected gain, partner, give, ask) of the best offer, or None. The gain is the
        seat's, less its share of the partner's (judged on a guess at the partner's hand),
        times the chance that the partner holds the cards and likes the deal."""
        hand, state = self.hand, self.state
        if sum(hand) == 0:
            return None
        base = self.worth(hand)
        partners = [partner] if partner is not None else [
            s for s in range(self.n) if s != self.me and s not in state.refused
            and not state.traded >> (self.me * 4 + s) & 1 and sum(state.hands[s])]
        if not partners:
            return None
        gains = [self.worth(add(hand, _one(c))) - base for c in range(4)]
        best = None
        for c in sorted(range(4), key=lambda k: -gains[k])[:2]:
            if gains[c] <= 0 or give is not None and give[c]:
                continue
            for k in (1, 2):
                for size in ((0,) if give is not None else (1, 2)):
                    offered = give if give is not None else self.cheapest(hand, size, avoid=c)
                    if offered is None or offered[c] or 0 not in offered:
                        continue
                    asked = _times(c, k)
                    gain = self.worth(add(sub(hand, offered), asked)) - base
                    if gain <= 0:
                        continue
                    for s in partners:
                        held = sum(state.hands[s])
                        if k > held:
                            continue
                        theirs = self.other(s).trade_gain(asked, offered)
                        likes = 0.8 if theirs >= ACCEPT_GAIN else 0.05
                        expected = ((gain - self.share * max(0.0, theirs)) * likes
                                    * _chance(state.known[s][c], held, k))
                        if best is None or expected > best[0]:
                            best = (expected, s, offered, asked)
        return best

    def other(self, seat: int) -> "Planner":
        """The same position planned for another seat, on a guess at its hand from what
        everybody knows: its known cards, the rest spread evenly over the colours."""
        found = self.cache.get(("seat", seat))
        if found is None:
            known = self.state.known[seat]
            unknown = sum(self.state.hands[seat]) - sum(known)
            guess = tuple(k + unknown // 4 + (c < unknown % 4) for c, k in enumerate(known))
            found = self.cache[("seat", seat)] = Planner(self.state, seat, guess)
        return found

    def trade_gain(self, given: tuple, received: tuple) -> float:
        """What giving `given` for `received` adds to the plan (-inf without the cards)."""
        hand = self.hand
        if not within(given, hand):
            return float("-inf")
        return self.worth(add(sub(hand, given), received)) - self.worth(hand)

    def offer_step(self, p, moves):
        """The give, then the ask, of the offer decided on; cancel if it no longer pays."""
        found = self.best_offer(p.target, None if p.give == ZERO else p.give)
        if found is None or found[0] <= 0:
            return CANCEL
        move = CARDS[found[2] if p.give == ZERO else found[3]]
        return move if move in moves else CANCEL

    def accepts(self, give: tuple, ask: tuple) -> bool:
        """Accept an offer that adds enough to the plan and not less than the seat's share
        of what it seems to add to the proposer's."""
        gain = self.trade_gain(ask, give)
        if gain < ACCEPT_GAIN:
            return False
        theirs = self.other(active(self.state)).trade_gain(give, ask)
        return gain >= self.share * theirs

    def best_exchange(self, base: float):
        """(gain, take, discard) of the best exchange, or None (Y30, Y31)."""
        hand, state = self.hand, self.state
        if sum(hand) < EXCHANGE:
            return None
        best = None
        for take in range(4):
            if not state.discards[take]:
                continue
            dropped = self.cheapest(hand, EXCHANGE, avoid=take)
            gain = self.worth(add(sub(hand, dropped), _one(take))) - base
            if best is None or gain > best[0]:
                best = (gain, take, dropped)
        deck = state.deck
        if len(deck) >= EXCHANGE:
            dropped = self.cheapest(hand, EXCHANGE)
            left = sub(hand, dropped)
            draws = [deck[i:i + EXCHANGE] for i in range(0, min(len(deck), 9) - 2, EXCHANGE)]
            gain = sum(self.worth(add(left, _counts(d))) for d in draws) / len(draws) - base
            if best is None or gain > best[0]:
                best = (gain, -1, dropped)
        return best

    def pay(self, p, moves):
        """The cards that hurt the plan least, for a build or a voyage."""
        hand = sub(self.hand, p.paid)
        values = self.marginals(hand)
        options = [m for m in moves if m is not CANCEL]
        return min(options, key=lambda m: (sum(v * k for v, k in zip(values, m.counts)),
                                           [-k for k in sub(hand, m.counts)]))

    def keep(self, moves):
        """Y34: the three cards that best start the next turn's plan."""
        deal = 12 if self.n == 3 else 10
        guesses = [(3, 3, 3, 3)] if deal == 12 else [(3, 2, 3, 2), (2, 3, 2, 3)]
        return max(moves, key=lambda m: (
            sum(self.worth(add(m.counts, g)) for g in guesses), m.counts))

    def tile(self, moves):
        """Y10-Y15: the tile whose empire and ranks suit the seat best; when stuck, put
        under the pile the tile farthest from every empire."""
        if type(moves[0]) is Under:
            return max(moves, key=lambda m: (self._remoteness(m.tile), m.tile))
        return max(moves, key=lambda m: (self._tile_value(m), -m.tile, m.empire))

    def _tile_value(self, move: Tile) -> float:
        markers = list(self.markers)
        markers[move.tile] = move.empire
        if move.tile in (31, 32) and markers[TYRE] < 0:
            markers[TYRE] = move.empire
        saved = self.markers, self.galleon_points, self.city_points
        self.markers = tuple(markers)
        self._rank(self.markers)
        value = self.board_value() + OPENING * self._opening(move.tile)
        self.markers, self.galleon_points, self.city_points = saved
        return value

    def _opening(self, loc: int) -> float:
        """How much nearer the seat's galleons are to a new destination than the others'."""
        points, total = self.galleon_points[loc], 0.0
        state = self.state
        for s in range(self.n):
            fleet = state.fleets[s]
            near = min((DIST[src][dst] for src in range(NODES) if fleet[src]
                        for dst in NODES_OF[loc]), default=99)
            total += self.signed(s, max(0.0, points - PRICE * 2 * near))
        return total

    def _remoteness(self, loc: int) -> int:
        marked = [m for m in LOCATIONS if self.markers[m] >= 0]
        return min((_grid(loc, m) for m in marked), default=0)


CELL = {f["number"]: (f["row"], f["col"]) for f in MAP["fields"] if f["kind"] == "location"}


def _grid(a: int, b: int) -> int:
    (ra, ca), (rb, cb) = CELL[a], CELL[b]
    return abs(ra - rb) + abs(ca - cb)


def _one(colour: int) -> tuple:
    return tuple(1 if c == colour else 0 for c in range(4))


def _times(colour: int, k: int) -> tuple:
    return tuple(k if c == colour else 0 for c in range(4))


def _counts(colours) -> tuple:
    out = [0, 0, 0, 0]
    for c in colours:
        out[c] += 1
    return tuple(out)


def _chance(known: int, held: int, k: int) -> float:
    """The chance that a hand of `held` cards, `known` of them of a colour, has `k` of it
    (each unknown card taken as that colour one time in four)."""
    if known >= k:
        return 1.0
    unknown, need = held - known, k - known
    return sum(comb(unknown, j) * 0.25 ** j * 0.75 ** (unknown - j)
               for j in range(need, unknown + 1))
