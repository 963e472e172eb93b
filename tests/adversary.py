"""The adversary model of play by link: the invariants of seeds/fair-play.md (I1-I11) checked
after every step of a world of phones, tabs, a group chat and a dishonest friend.

A world is one game key and a number of players. Each player has a phone: a storage that can
fill or damage what it keeps, a clock that can run ahead or behind, and one or two tabs over
that storage, and the app can start again over what is kept. Honest
players act only through the app's own actions (parlor.links.device: create, open_link,
LinkSession.join/act/claim_forfeit/resign, rematch, the storage event of another tab) and
post every link they send to the group chat. The adversary holds the seats of the dishonest
players (any coalition short of all) and has every power of a modified app and of anyone who
reads the chat: it plays its seats' moves whenever it likes, from any position, claims and
resigns ignoring the clock, forges messages in anyone's name from public data, edits links
by hand, replays old ones, sends different versions to different phones and hands its own
private seat link to honest phones.

Everything random comes from one `random.Random`, so a walk is its seed and a step count,
and a violation is reproduced by replaying the steps that led to it (`Walk.replay`); `shrink`
drops steps while the violation stays. The quick profile runs in tests/test_adversary.py,
the long one in bench/adversary.py.
"""
from __future__ import annotations

import json
import random
import traceback
from dataclasses import dataclass, field, replace

from contextlib import contextmanager

from parlor import catalog, i18n
from parlor.links import device as linkplay, standing
from parlor.links.base import chain_values, seat_of
from parlor.links.clock import DAY
from parlor.links.device import Held, LinkProblem, LinkSession, LinkStore
from parlor.links.fairplay import b64
from parlor.links.record import Record, decode, default_name, encode
from parlor.play.saves import StorageFull
from parlor.screens import home as home_screens, link as link_screens

GAMES = {"tyrus": (2,), "tyrannen": (2,), "tsuro": (2, 3, 4), "tyros": (3, 4)}
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
LANGUAGES = ("en", "fr", "de", "it")


class Violation(AssertionError):
    """An invariant of seeds/fair-play.md that a step broke."""

    def __init__(self, rule: str, detail: str):
        super().__init__(f"{rule}: {detail}")
        self.rule = rule


@contextmanager
def use_language(code: str):
    """The phone's language while it acts (notes and names are made in it)."""
    before = i18n.language()
    i18n.use(code)
    try:
        yield
    finally:
        i18n.use(before)


class Storage:
    """A phone's storage, shared by its tabs: it can be full (every write refused)."""

    def __init__(self):
        self.data: dict[str, str] = {}
        self.full = False
        self.written: dict[str, list] = {}      # every text written under a game's key


class TabBackend:
    """One tab's access to its phone's storage. A write tells the phone's other tabs, as the
    browser's storage event does; a tab in the background may act before it reads its
    events (`Tab.events`), so a tab can be stale."""

    def __init__(self, phone: "Phone", world: "World"):
        self.phone, self.world = phone, world
        self.stale: dict | None = None      # reads from this copy (a read made earlier)

    def get(self, key):
        return (self.stale if self.stale is not None else self.phone.storage.data).get(key)

    def keys(self):
        return list(self.stale if self.stale is not None else self.phone.storage.data)

    def remove(self, key):
        self.phone.storage.data.pop(key, None)

    def set(self, key, text):
        if self.phone.storage.full:
            raise StorageFull()
        self.phone.storage.data[key] = text
        if key.startswith(linkplay.PREFIX):
            self.phone.storage.written.setdefault(key, []).append(text)
        for tab in self.phone.tabs:
            if tab.store.backend is not self:
                tab.events.append(key)


@dataclass
class Tab:
    store: LinkStore
    session: LinkSession | None = None
    events: list = field(default_factory=list)      # storage events not handled yet


@dataclass
class Phone:
    player: int
    honest: bool
    language: str
    storage: Storage = field(default_factory=Storage)
    skew: float = 0.0                   # this phone's clock minus the true time
    tabs: list = field(default_factory=list)
    inbox: list = field(default_factory=list)       # links sent to this phone alone


class World:
    """One walk's world: the phones, the chat, the true time and what each player truly
    sent (the ground truth the invariants compare what phones keep with)."""

    def __init__(self, rng: random.Random, game: str, players: int, dishonest: set[int],
                 days: int):
        self.rng, self.game, self.players, self.days = rng, game, players, days
        self.protocol = catalog.entry(game).link
        self.time = 1.9e9
        self.chat: list[str] = []
        self.phones = [Phone(p, p not in dishonest, rng.choice(LANGUAGES))
                       for p in range(players)]
        for phone in self.phones:
            self.new_tab(phone)
        self.sent: dict[int, set] = {p: set() for p in range(players)}   # (game id, moves)
        self.claims: dict[int, set] = {p: set() for p in range(players)}  # (game id, moves)
        self.resigns: dict[int, set] = {p: set() for p in range(players)}
        self.kept: dict[int, dict] = {p: {} for p in range(players)}     # key -> Held kept
        self.seats: dict[int, dict] = {p: {} for p in range(players)}    # game id -> (seat, seed)
        self.joins: dict[int, dict] = {p: {} for p in range(players)}    # game id -> (seed,
                                            #   name left to its default): format-3 joins
        self.first_held: dict[int, dict] = {p: {} for p in range(players)}
        self.cheats: set = set()            # (game id, moves) of messages no legal action makes
        self.stored_sends: dict[int, set] = {p: set() for p in range(players)}
        self.counted: dict = {}             # (player, game id, moves) -> when a claim counted
        self.defaults: set = set()          # (game id, anchor) of seats left unnamed
        self.made: set = set()              # game ids this version made (rematches)
        self.damaged: dict[int, dict] = {p: {} for p in range(players)}  # game id -> (secret
        #   still in the text, only the game in it damaged) for copies the storage damaged
        self.starts: dict = {}              # game id -> (joins the creator held, capacity,
                                            #   seats) when the creator's phone started it
        self.started: dict[int, set] = {p: set() for p in range(players)}  # game ids whose
        #   start this phone made (it held the game started, in seat 0)
        self.notes: list = []               # (phone, note) of the last step
        self.created = 0

    def new_seed(self) -> bytes:
        """A player's fresh secret, from the walk's randomness so that a walk replays."""
        return self.rng.randbytes(16)

    # Clocks and tabs.

    def now(self, phone: Phone) -> float:
        return self.time + phone.skew

    def new_tab(self, phone: Phone) -> Tab:
        tab = Tab(LinkStore(TabBackend(phone, self), clock=lambda: self.now(phone)))
        phone.tabs.append(tab)
        return tab

    def handle_events(self, tab: Tab) -> None:
        """What the app does in a tab for each write of another tab (App.on_storage)."""
        while tab.events:
            key = tab.events.pop(0)
            if tab.session is not None and key.startswith(linkplay.PREFIX):
                tab.session = linkplay.refreshed(tab.session) or tab.session

    def settle(self, phone: Phone) -> None:
        """Every tab of the phone handles its events, until none writes again."""
        for _round in range(8):
            if not any(t.events for t in phone.tabs):
                return
            for tab in phone.tabs:
                self.handle_events(tab)

    # Posting.

    def post(self, phone: Phone, record: Record) -> None:
        self.chat.append(encode(record))

    def remember_sent(self, phone: Phone, before: Record, after: Record,
                      store: LinkStore) -> None:
        """The ground truth of what `phone`'s player sent: every message text, claim and
        resignation made by its own seat through the app (and whether its storage took it)."""
        gid = after.game_id
        if after != before:         # a message: moves, or seat data alone (a share, a reveal)
            self.sent[phone.player].add((gid, after.moves))
            if not store.full:
                self.stored_sends[phone.player].add((gid, after.moves))
        seat = self.seats[phone.player].get(gid, (None,))[0]
        if seat is None and gid in self.joins[phone.player]:    # seated since the last check
            seat = seat_of(after, self.joins[phone.player][gid][0])
        if seat is not None and after.seats[seat].claim and not before.seats[seat].claim:
            self.claims[phone.player].add((gid, after.moves))
        if seat is not None and after.seats[seat].resigned and not before.seats[seat].resigned:
            self.resigns[phone.player].add((gid, after.moves))


class Walk:
    """A random walk of `steps` steps over one world; `run` checks every invariant after each
    step and returns the first violation (None if there was none)."""

    def __init__(self, seed: int, game: str | None = None, steps: int = 60,
                 legacy: bool = False, keeps: bool = False):
        self.seed, self.steps, self.legacy, self.keeps = seed, steps, legacy, keeps
        rng = random.Random(seed)
        self.game = game or rng.choice(sorted(GAMES))
        players = rng.choice(GAMES[self.game])
        cheats = rng.randrange(0, players)           # a coalition short of all
        dishonest = set(rng.sample(range(1, players) if rng.random() < 0.5 else range(players),
                                   min(cheats, players - 1)))
        if len(dishonest) == players:
            dishonest.pop()
        days = rng.choice((0, 1, 1, 3))
        self.world = World(rng, self.game, players, dishonest, days)
        self.log: list[str] = []

    def run(self, only: list[int] | None = None) -> Violation | None:
        """Run the walk (or only the steps numbered in `only`, for shrinking)."""
        world = self.world
        self.start()
        if self.keeps:
            self.to_keeps()
        for number in range(self.steps):
            choice = world.rng.random()
            if only is not None and number not in only:
                continue
            try:
                self.log.append(self.step(choice))
                check(world)
            except Violation as found:
                found.steps = number
                return found
            except Exception:       # the app crashed: that breaks I8 whatever the cause
                found = Violation("I8", f"step {number} raised:\n"
                                  + traceback.format_exc(limit=8))
                found.steps = number
                return found
        return None

    def start(self) -> None:
        world = self.world
        creator = world.phones[0]
        protocol = world.protocol
        tiers = getattr(protocol, "tiers", ())
        current = getattr(protocol, "tier", None)
        with use_language(creator.language):
            options = self._options()
            typed = world.rng.choice(("", NAMES[0], catalog.entry(world.game).seat_label(0)))
            if len(tiers) > 1 and world.rng.random() < 0.3 and not self.keeps:
                protocol.tier = world.rng.choice(tiers[:-1])    # a game an older version made
            try:
                session = linkplay.create(creator.tabs[0].store, world.game,
                                          link_screens.creating_name(world.game, typed),
                                          options, seed=world.new_seed())
            finally:
                if current is not None:
                    protocol.tier = current
        if self.legacy:                 # a game of format 1, which this version plays on
            from linktools import unsigned
            store, seed = creator.tabs[0].store, session.held.seed
            store.remove(session.held.key)
            session = LinkSession(store.put(Held(unsigned(session.record, seed), 0, seed),
                                            authored=True), store)
        if typed != NAMES[0]:
            world.defaults.add((session.record.game_id, session.record.seats[0].anchor))
        creator.tabs[0].session = session
        world.seats[0][session.record.game_id] = (0, session.held.seed)
        world.post(creator, session.record)
        
        world.created += 1

    def to_keeps(self) -> None:
        """Tyros: every phone plays through the app, honestly, from the posted invitation
        (joining it, then passing whenever it may) up to a round of kept cards sent at once
        (seeds/tyros.md YL10), so that the walk's steps begin with several keepers answering
        one posted link, in any order, and the adversary's keepers sending what they like.
        (Such a walk's game is in the current tier: `start`.)"""
        from parlor.games.tyros.rules import PASS
        world = self.world
        for phone in world.phones[1:]:
            tab = phone.tabs[0]
            held, _note = linkplay.open_link(tab.store, world.chat[-1])
            tab.session = LinkSession(held, tab.store)
            seed = world.new_seed()
            tab.session.join(link_screens.joining_name(held.record, NAMES[phone.player]),
                             seed=seed)
            world.joins[phone.player][held.record.game_id] = (seed, False)
            world.post(phone, tab.session.record)
        creator = world.phones[0].tabs[0]
        for text in world.chat[1:]:
            held, _note = linkplay.open_link(creator.store, text)
            creator.session = LinkSession(held, creator.store)
        world.post(world.phones[0], creator.session.record)
        for _message in range(600):
            for phone in world.phones:
                tab = phone.tabs[0]
                held, _note = linkplay.open_link(tab.store, world.chat[-1])
                tab.session = LinkSession(held, tab.store)
            check(world)
            record = world.chat[-1] and decode(world.chat[-1])
            movers = world.protocol.to_move(record)
            if len(movers) != 1 or world.protocol.phase(record) == world.protocol.OVER:
                return
            phone = next(p for p in world.phones if p.tabs[0].session.seat == movers[0])
            session = phone.tabs[0].session
            while session.my_turn() and not session.sent:
                actions, before = session.legal(), session.record
                session.act(PASS if PASS in actions else actions[0])
                world.remember_sent(phone, before, session.record, session.store)
            world.post(phone, session.record)

    def _options(self) -> dict:
        world = self.world
        options = {"clock": world.days}
        low, high = catalog.entry(world.game).players
        if low != high:
            options["players"] = world.players
        return options

    def step(self, choice: float) -> str:
        world = self.world
        phone = world.rng.choice(world.phones)
        if choice < 0.12:
            return self.time_passes()
        if not phone.honest and choice < 0.45:
            return adversary_step(world, phone)
        return honest_step(world, phone)

    def time_passes(self) -> str:
        world = self.world
        roll = world.rng.random()
        if roll < 0.6:
            step = world.rng.choice((60, 3600, 6 * 3600, DAY, 2 * DAY, 4 * DAY))
            world.time += step
            return f"{step / 3600:g} h pass"
        phone = world.rng.choice(world.phones)
        if roll < 0.85:
            phone.skew += world.rng.choice((-2 * DAY, -3600, 3600, DAY, 3 * DAY))
            first = world.first_held[phone.player]
            for key, when in first.items():     # a clock set back counts from then (I5)
                first[key] = min(when, world.now(phone))
            return f"phone {phone.player} clock jumps to skew {phone.skew:.0f}"
        if roll < 0.93:
            phone.storage.full = not phone.storage.full
            return f"phone {phone.player} storage full={phone.storage.full}"
        return damage(world, phone)


def damage(world: World, phone: Phone) -> str:
    """The storage damages one kept copy: the game in it, or the whole text (class 7)."""
    rng = world.rng
    store = phone_store(world, phone)
    waiting = {gid.hex() for gid in world.joins[phone.player]}     # joins not yet seated
    keys = sorted(k for k in phone.storage.data if k.startswith(linkplay.PREFIX)
                  and k.count(":") == 2 and store.holds(k[len(linkplay.PREFIX):])
                  and k[len(linkplay.PREFIX):] not in waiting)
    if not keys:
        return "nothing to damage"
    key = rng.choice(keys)
    text, gid = phone.storage.data[key], bytes.fromhex(key[len(linkplay.PREFIX):])
    seat = world.seats[phone.player].get(gid)
    if rng.random() < 0.5:
        data = json.loads(text)
        data["link"] = data["link"][:rng.randrange(len(data["link"]))]
        damaged, only_game = json.dumps(data), True
    else:
        damaged, only_game = text[:rng.randrange(len(text))], False
    phone.storage.data[key] = damaged
    phone.storage.written.pop(key, None)
    world.kept[phone.player].pop(gid, None)
    if seat is not None:
        world.damaged[phone.player][gid] = (b64(seat[1]) in damaged, only_game)
    return f"phone {phone.player}'s storage damages its copy of a game"


SETUPS = {e.key: home_screens.new_setup(e, []) for e in catalog.entries()}


def app_start(world: World, phone: Phone, tab: Tab) -> str:
    """The app starts again in this tab (a reload) with each kept game as the one last on
    screen in turn, as App.show does, then draws the list of games (I8)."""
    tab.session = None
    for key in list(phone.storage.data):
        game_hex = key[len(linkplay.PREFIX):]
        if key.startswith(linkplay.PREFIX) and tab.store.holds(game_hex):
            session = LinkSession(tab.store.readable(bytes.fromhex(game_hex)), tab.store)
            link_screens.link_screen(session, "https://example.org/", False, False)
            tab.session = session
    games, damaged = tab.store.all()
    home_screens.home([], [], SETUPS, "", games, damaged)
    return f"phone {phone.player} starts the app again"


# Honest players: the app's own actions only.

def honest_step(world: World, phone: Phone) -> str:
    rng = world.rng
    tab = rng.choice(phone.tabs)
    if rng.random() < 0.8:
        world.handle_events(tab)            # else this tab acts before it heard of a write
    session = tab.session
    roll = rng.random()
    with use_language(phone.language):
        if roll < 0.05 and len(phone.tabs) == 2 and world.chat:
            return race(world, phone)
        if roll < 0.07:
            return app_start(world, phone, tab)
        if roll < 0.35 or session is None:
            return open_some_link(world, phone, tab)
        if roll < 0.4 and len(phone.tabs) < 2:
            new = world.new_tab(phone)
            new.session = LinkSession(session.held, new.store)
            return f"phone {phone.player} opens a second tab"
        if roll < 0.45:
            held = tab.store.readable(session.record.game_id)
            if held is not None:
                tab.session = LinkSession(held, tab.store)
            return f"phone {phone.player} reopens the game from its list"
        if session.joinable():
            before = session.record
            typed = rng.choice(("", NAMES[phone.player], link_screens.join_default(before)))
            seed = world.new_seed()
            kept = tab.store.readable(before.game_id)
            salvageable = tab.store.damaged_secret(before.game_id) is not None
            session.join(link_screens.joining_name(session.record, typed), seed=seed)
            if session.held.seed != seed:
                mine = before.game_id in world.joins[phone.player] or \
                    before.game_id in world.seats[phone.player] or \
                    (kept is not None and kept.seed is not None) or salvageable or \
                    any(g == before.game_id for g, _moves in world.sent[phone.player]) or \
                    before.game_id in world.started[phone.player]
                # (a seat or join of another tab, a seat link, one a damaged copy holds, or
                # a game the phone already sent messages in or started: the invitation is
                # behind them)
                if phone.honest and before.grouped and not session.store.full and not mine:
                    raise Violation("I11", f"phone {phone.player}'s join of an invitation was "
                                           f"refused: {session.notice}")
                return f"phone {phone.player} could not join: {session.notice}"
            gid = session.record.game_id
            if session.seat is None:            # format 3: seated at the creator's start
                world.joins[phone.player][gid] = (seed, typed != NAMES[phone.player])
                world.post(phone, session.record)
                return f"phone {phone.player} joins the invitation"
            world.seats[phone.player][gid] = (session.seat, session.held.seed)
            if typed != NAMES[phone.player]:
                world.defaults.add((gid, session.record.seats[session.seat].anchor))
            world.remember_sent(phone, before, session.record, tab.store)
            world.post(phone, session.record)
            return f"phone {phone.player} joins as seat {session.seat}"
        if session.may_start() and rng.random() < 0.3:
            joins = len(session.record.joins)
            session.start()
            if session.record.started and not session.store.clashed:
                world.starts[session.record.game_id] = (joins, session.record.capacity,
                                                        session.record.seats)
            if session.record.started:
                world.post(phone, session.record)
                return f"phone {phone.player} starts with {len(session.record.seats)} players"
        if session.seat is None:
            return open_some_link(world, phone, tab)
        if standing.may_claim(session.held, session.now()) and rng.random() < 0.5:
            before = session.record
            session.claim_forfeit()
            world.remember_sent(phone, before, session.record, tab.store)
            world.post(phone, session.record)
            return f"phone {phone.player} claims a forfeit"
        if session.may_resign() and rng.random() < 0.03:
            before = session.record
            session.resign_step("resign")
            session.resign_step("resign-yes")
            world.remember_sent(phone, before, session.record, tab.store)
            world.post(phone, session.record)
            return f"phone {phone.player} resigns"
        if world.protocol.phase(session.record) == world.protocol.OVER and rng.random() < 0.3 \
                and world.created < 3:
            try:
                new = linkplay.rematch(tab.store, session.held, seed=world.new_seed())
            except LinkProblem as problem:
                return f"phone {phone.player} cannot offer a rematch: {problem}"
            tab.session = new
            world.seats[phone.player][new.record.game_id] = (0, new.held.seed)
            world.made.add(new.record.game_id)
            world.post(phone, new.record)
            world.created += 1
            return f"phone {phone.player} offers a rematch"
        if session.my_turn() and not session.sent:
            actions = session.legal()
            if actions:
                before, action = session.record, rng.choice(actions)
                session.act(action)
                world.remember_sent(phone, before, session.record, tab.store)
                check_own_draws(world, session, before, action)
                if session.sent or not session.my_turn():
                    world.post(phone, session.record)
                return f"phone {phone.player} plays"
        return open_some_link(world, phone, tab)


def race(world: World, phone: Phone) -> str:
    """Two tabs open two links of the chat at the same moment: each reads what is kept
    before either writes, then both write, then each hears of the other's write."""
    rng = world.rng
    first, second = phone.tabs
    back = min(len(world.chat), rng.randint(2, 5))
    texts = [world.chat[-1], world.chat[-back]]     # a newer and an older link
    snapshot = dict(phone.storage.data)
    for tab, text in zip(phone.tabs, texts):
        tab.store.backend.stale = snapshot
        try:
            held, note = linkplay.open_link(tab.store, text)
            tab.session = LinkSession(held, tab.store, notice=note)
        except LinkProblem:
            pass
        finally:
            tab.store.backend.stale = None
    world.settle(phone)
    return f"phone {phone.player} opens two links in two tabs at once"


def open_some_link(world: World, phone: Phone, tab: Tab) -> str:
    rng = world.rng
    pool = world.chat + phone.inbox
    if not pool:
        return "nothing to open"
    if phone.inbox and rng.random() < 0.5:
        text = phone.inbox.pop(rng.randrange(len(phone.inbox)))
    elif rng.random() < 0.7:
        text = world.chat[-1 - min(rng.randrange(3), len(world.chat) - 1)]
    else:
        text = rng.choice(pool)
    incoming = _record(text)
    before = tab.store.readable(incoming.game_id) if incoming is not None else None
    try:
        held, note = linkplay.open_link(tab.store, text)
    except LinkProblem as problem:
        world.notes.append((phone, str(problem), incoming and Held(incoming)))
        if phone.honest and incoming is not None and incoming.grouped and \
                not incoming.started and str(problem) == i18n._(linkplay.DIVERGED) and before is not None \
                and not before.record.started and before.record.seats == incoming.seats \
                and world.protocol.replay(incoming).ok:
            raise Violation("I11", f"phone {phone.player} refused a join of an invitation "
                                   "because of another join")
        return f"phone {phone.player} opens a link: refused ({problem})"
    if before is not None and before.seat == 0 and before.record.grouped and \
            not before.record.started and held.record.started:
        joins = record_joins(before.record, incoming)
        world.starts[held.record.game_id] = (joins, before.record.capacity, held.record.seats)
    world.notes.append((phone, note, held))
    check_recovered(world, phone, held)
    tab.session = LinkSession(held, tab.store, notice=note)
    link_screens.link_screen(tab.session, "https://example.org/", False, False)
    count = len(world.chat)             # and, without a draw of its own, a replay frame and
    link_screens.link_screen(tab.session, "https://example.org/", False, False,   # the news
                             since=count % 7, replay_step=count % 11)
    return f"phone {phone.player} opens a link: {note or 'ok'}"


# The adversary.

def adversary_step(world: World, phone: Phone) -> str:
    """One move of the dishonest side, made with its seats' secrets and public data only."""
    rng = world.rng
    own = [(gid, seat, seed) for p in range(world.players) if not world.phones[p].honest
           for gid, (seat, seed) in world.seats[p].items()]
    records = [r for r in map(_record, world.chat[-12:]) if r is not None]
    roll = rng.random()
    lobbies = [r for r in records if r.grouped and not r.started]
    if lobbies and roll < 0.5:
        made = join_attack(world, rng.choice(lobbies))
        target = rng.choice([p for p in world.phones if p.honest])
        (world.chat if rng.random() < 0.5 else target.inbox).append(made)
        return f"adversary join attack to phone {target.player}"
    if roll < 0.3 or not own:
        return honest_step(world, phone)             # a cheat also plays along
    gid, seat, seed = rng.choice(own)
    mine = [r for r in records if r.game_id == gid]
    if not mine:
        return "adversary waits"
    base = rng.choice(mine)
    target = rng.choice([p for p in world.phones if p.honest])
    kind = rng.choice(("move", "claim", "resign", "forge", "seatlink", "replay", "edit",
                       "handmade"))
    made = adversary_make(world, kind, base, seat, seed, records)
    if kind == "forge" and made is not None:    # aimed at a phone that has not seen past it
        forgery = _record(made)
        behind = [p for p in world.phones if p.honest and any(
            h.record.game_id == forgery.game_id and forgery.moves.startswith(h.record.moves)
            and h.record.moves != forgery.moves for h in phone_store(world, p).all()[0])]
        target = rng.choice(behind) if behind else target
    if made is None:
        return f"adversary {kind}: nothing to make"
    if rng.random() < 0.3:
        world.chat.append(made)
    else:
        target.inbox.append(made)
    return f"adversary {kind} to phone {target.player}"


def join_attack(world: World, lobby: Record) -> str:
    """A join a dishonest friend makes in an invitation (format 3): its own, with a name
    changed later under the same key (two joins of one key), or forged from another's join:
    renamed, or its anchor or signature under the forger's own key (someone else's key)."""
    from parlor.links import invitation
    from parlor.links.fairplay import public_key
    from parlor.links.record import Join, union_joins
    rng = world.rng
    kind = rng.choice(("own", "twice", "renamed", "borrowed"))
    seed = world.new_seed()
    mine = invitation.join(lobby, rng.choice(NAMES), seed)
    if kind == "own":
        return encode(mine)
    if kind == "twice":
        again = invitation.join(replace(lobby, joins=()), "Mallory", seed)
        return encode(replace(mine, joins=union_joins(mine.joins, again.joins)))
    others = list(lobby.joins) or list(mine.joins)
    victim = rng.choice(others)
    fake = (replace(victim, name="Mallory") if kind == "renamed" else
            Join(victim.name, victim.anchor, public_key(seed), victim.signature))
    joins = union_joins(tuple(j for j in lobby.joins if j.key != victim.key), (fake,))
    return encode(replace(lobby, joins=joins))


def record_joins(held: Record, incoming: Record) -> int:
    """The joins a phone holds once it has opened `incoming` (a set union: format 3)."""
    from parlor.links.record import union_joins
    return len(union_joins(held.joins, incoming.joins if not incoming.started else ()))


def _record(text: str) -> Record | None:
    try:
        return linkplay.read_fragment(text)[0]
    except LinkProblem:
        return None


def adversary_make(world: World, kind: str, base: Record, seat: int, seed: bytes,
                   records: list) -> str | None:
    rng, protocol = world.rng, world.protocol
    try:
        if kind == "move":
            actions = protocol.legal(base, seat, seed)
            return encode(protocol.play(base, seat, seed, rng.choice(actions))) \
                if actions else None
        if kind == "claim":
            return encode(protocol.claim_forfeit(base, seat, seed)) \
                if protocol.may_claim(base, seat) else None
        if kind == "resign":
            return encode(protocol.resign(base, seat, seed)) \
                if protocol.may_resign(base, seat) else None
        if kind == "seatlink":
            return linkplay.seat_link(Held(base, seat, seed))
        if kind == "replay":
            return rng.choice(world.chat)
        if kind == "edit":
            return edited(rng, encode(base))
        if kind == "handmade":
            return handmade(world, base, seat, seed)
        return forged(world, base, records)
    except Exception:       # noqa: BLE001 — a modified app may fail to make what it tried
        return None


def edited(rng: random.Random, text: str) -> str:
    """A link edited by hand, its checksum redone (anyone can)."""
    from linktools import resealed_moves, resealed_seats
    if rng.random() < 0.5:
        return resealed_moves(text, [(rng.choice(("replace", "insert", "delete", "truncate")),
                                      rng.randrange(10_000), rng.choice("ABCDEFGHabc0123-_"))])
    return resealed_seats(text, [(rng.randrange(10_000), rng.randrange(256))])


def handmade(world: World, base: Record, seat: int, seed: bytes) -> str | None:
    """A message of the adversary's own seat whose text it writes itself (a lie, if no legal
    action makes it), with its own true chain value and history tag."""
    from linktools import signed
    rng = world.rng
    text = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123456789-_")
                   for _n in range(rng.randint(1, 3)))
    record = signed(base, seat, seed, text)
    result = world.protocol.replay(record)
    if not result.ok:
        return encode(record)
    honest = set()
    try:
        for action in world.protocol.legal(base, seat, seed):
            honest.add(world.protocol.play(base, seat, seed, action).moves)
    except Exception:       # noqa: BLE001
        pass
    if record.moves not in honest:
        world.cheats.add((record.game_id, record.moves))
    return encode(record)


def forged(world: World, base: Record, records: list) -> str | None:
    """A message in another seat's name, made from public data only: the next chain value
    that seat has already shown anywhere (a later message, a claim, a resignation), a
    message text of the adversary's choosing and a made-up history tag."""
    rng, protocol = world.rng, world.protocol
    pairs = [(b, later, protocol.owing(b)) for b in records for later in records
             if b.game_id == later.game_id and protocol.owing(b) is not None
             and later.seats[protocol.owing(b)].index > b.seats[protocol.owing(b)].index]
    if not pairs:
        return None
    base, later, owing = rng.choice(pairs)
    victim = base.seats[owing]
    shown = chain_values(later)[owing]
    index = victim.index + 1
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    forgery = None
    for _try in range(24):              # the forger checks its work as any device would
        moves = base.moves + "".join(rng.choice(alphabet) for _n in range(rng.randint(1, 3)))
        made_up = bytes(rng.randrange(256) for _n in range(64 if base.signed else 8))
        seat = replace(victim, index=index, value=shown[index], tag_moves=len(moves),
                       claim=False, resigned=False,
                       **({"signature": made_up} if base.signed else {"tag": made_up}))
        seats = base.seats[:owing] + (seat,) + base.seats[owing + 1:]
        try:
            forgery = replace(base, seats=seats, moves=moves)
        except ValueError:
            continue
        if protocol.replay(forgery).ok:
            break
    return None if forgery is None else encode(forgery)


# The invariants (seeds/fair-play.md, I1-I11).

def phone_store(world: World, phone: Phone) -> LinkStore:
    """What the phone keeps, read as a new tab would."""
    return LinkStore(TabBackend(phone, world), clock=lambda: world.now(phone))


def check(world: World) -> None:
    for phone in world.phones:
        if not phone.honest:
            continue
        games, _damaged = phone_store(world, phone).all()
        by_id = {h.record.game_id: h for h in games}
        first = world.first_held[phone.player]
        shown = [t.session.held for t in phone.tabs if t.session and t.session.seat is not None]
        for held in games + shown:
            first.setdefault((held.record.game_id, held.record.moves), world.now(phone))
        check_joins(world, phone, by_id)
        for gid, (seat, seed) in world.seats[phone.player].items():
            kept = world.kept[phone.player].get(gid)
            held = by_id.get(gid)
            if gid in world.damaged[phone.player]:
                if held is None or held.seed != seed:
                    check_damaged_kept(world, phone, gid, seed)
                    continue
                del world.damaged[phone.player][gid]        # the seat is back (F9a)
            if kept is not None and (held is None or held.seat != seat or held.seed != seed):
                raise Violation("I1", f"phone {phone.player} lost its seat {seat} of a game")
            if held is not None and held.seat == seat:
                check_kept(world, phone, held, kept)
                world.kept[phone.player][gid] = held
        for held in games:
            if held.seat == 0 and held.record.grouped and held.record.started:
                world.started[phone.player].add(held.record.game_id)
            check_authentic(world, phone, held)
            check_forfeit(world, phone, held)
            check_verdict(world, phone, held)
            check_tier(world, held)
    check_seating(world)
    check_notes(world)
    world.notes.clear()


def check_damaged_kept(world: World, phone: Phone, gid: bytes, seed: bytes) -> None:
    """I1 over a copy the storage damaged: the secret stays in storage while its text still
    held it."""
    if world.damaged[phone.player][gid][0] and \
            not any(b64(seed) in text for text in phone.storage.data.values()):
        raise Violation("I1", f"phone {phone.player} dropped the damaged copy that still held "
                              "its seat's secret")


def check_recovered(world: World, phone: Phone, held: Held) -> None:
    """I1 (F9a): a copy of which only the game was damaged takes its seat back with a sound
    link of that game (every move legal) that holds every message the phone sent in it."""
    gid = held.record.game_id
    readable, only_game = world.damaged[phone.player].get(gid, (False, False))
    if not phone.honest or not (readable and only_game) or held.seat is not None or phone.storage.full \
            or not world.protocol.replay(held.record).ok:
        return
    seat, seed = world.seats[phone.player][gid]
    if seat == 0 and gid in world.started[phone.player] and not held.record.started:
        return                          # the invitation, from before this phone started it
    sent = [moves for g, moves in world.stored_sends[phone.player] if g == gid]
    if held.record.seats[seat].anchor == _anchor(held.record, seat, seed) \
            and all(world.protocol.holds(held.record, moves) for moves in sent):
        raise Violation("I1", f"phone {phone.player} opened its game's link but did not take "
                              "back the seat its damaged copy still held")
def check_joins(world: World, phone: Phone, by_id: dict) -> None:
    """I1 for a join of an invitation (format 3): the phone keeps its secret while the game
    waits, and once the game started, the seat the rule gave it, or none when it was left
    out (it then watches); the seat becomes one the phone holds like any other."""
    for gid, (seed, unnamed) in list(world.joins[phone.player].items()):
        held = by_id.get(gid)
        if held is None:
            raise Violation("I1", f"phone {phone.player} lost the game it joined")
        if held.seed != seed:
            raise Violation("I1", f"phone {phone.player} lost the secret of its join")
        if not held.record.started:
            continue
        seat = seat_of(held.record, seed)
        if held.seat != seat:
            raise Violation("I11", f"phone {phone.player} holds seat {held.seat}, the rule "
                                   f"gives its join seat {seat}")
        del world.joins[phone.player][gid]
        if seat is not None:
            world.seats[phone.player][gid] = (seat, seed)
            if unnamed:
                world.defaults.add((gid, held.record.seats[seat].anchor))


def check_seating(world: World) -> None:
    """I11 (seeds/fair-play.md F13): every honest phone that holds a started invitation holds
    the same seats, in the order the rule gives from the creator's committed value, with
    every join the creator's phone held when it started seated while seats were left."""
    from parlor.links import invitation
    from parlor.links.record import seat_rank
    seated: dict = {}
    for phone in world.phones:
        if not phone.honest:
            continue
        for held in phone_store(world, phone).all()[0]:
            record = held.record
            if not (record.grouped and record.started):
                continue
            creator = [seed for p in world.phones if p.honest for gid, (seat, seed)
                       in world.seats[p.player].items() if gid == record.game_id and seat == 0]
            seats = tuple((s.anchor, s.key) for s in record.seats)
            if creator and seated.setdefault(record.game_id, seats) != seats:
                raise Violation("I11", f"phone {phone.player} seats a game otherwise than "
                                       "another phone")     # (a dishonest creator may start twice)
            if creator and record.seating != invitation.seating_value(creator[0]):
                raise Violation("I11", "a game seated by a value its creator did not commit to")
            ranks = [seat_rank(record.game_id, record.seating, s.key) for s in record.seats[1:]]
            if ranks != sorted(ranks):
                raise Violation("I11", f"phone {phone.player} holds seats out of the rule's "
                                       "order")
    for gid, (joined, capacity, seats) in world.starts.items():
        if len(seats) < min(capacity, 1 + joined):
            raise Violation("I11", f"the creator's phone held {joined} joins and seated only "
                                   f"{len(seats) - 1} of {capacity - 1} seats")


def check_kept(world: World, phone: Phone, held: Held, kept: Held | None) -> None:
    """I2 (a sent move is never lost) and I3 (never a less advanced copy for a more
    advanced one)."""
    gid = held.record.game_id
    for game_id, moves in world.sent[phone.player]:
        if game_id == gid and not world.protocol.holds(held.record, moves) and \
                _stored_when_sent(world, phone, gid, moves):
            raise Violation("I2", f"phone {phone.player} lost a move it sent ({moves!r} is not "
                                  f"in its copy {held.record.moves!r})")
    earlier = [kept] if kept is not None else []
    for text in phone.storage.written.get(held.key, ()):
        earlier.append(linkplay.parse_held(text))
    apart = [decode(text) for key, text in phone.storage.data.items()
             if key.startswith(linkplay.CONFLICT_PREFIX)]
    for before in earlier:
        _merged, status = world.protocol.merge(held.record, before.record)
        if status == "diverged" and any(world.protocol.merge(c, before.record)[1]
                                        in ("same", "older")
                                        for c in apart):
            continue            # two versions that contradict each other: both kept (F6)
        if status not in ("same", "older"):
            raise Violation("I3", f"phone {phone.player} replaced its copy by one that knows "
                                  f"less ({status}): {before.record.moves!r} -> "
                                  f"{held.record.moves!r}")
    phone.storage.written.pop(held.key, None)


def _stored_when_sent(world, phone, gid, moves) -> bool:
    """Whether the phone's storage took the message when it was sent (else the app said the
    storage was full and that the link on screen may be the only copy: I6)."""
    return (gid, moves) in world.stored_sends[phone.player]


def check_authentic(world: World, phone: Phone, held: Held) -> None:
    """I4: every message, claim and resignation kept in an honest seat's name is one that
    seat sent."""
    protocol, record = world.protocol, held.record
    result = protocol.replay(record)
    if result.state is None:
        return
    table = result.state
    owners = {seat: p for p in range(world.players) if world.phones[p].honest
              for gid, (seat, seed) in world.seats[p].items() if gid == record.game_id
              and seat < len(record.seats) and record.seats[seat].anchor == _anchor(
                  record, seat, seed)}
    for sender, end in zip(table.senders, table.ends):
        player = owners.get(sender)
        if player is not None and (record.game_id, record.moves[:end]) not in \
                world.sent[player] and not _sent_prefix(world, player, record, end) \
                and not _sent_keep(world, player, record, table, sender, end):
            raise Violation("I4", f"phone {phone.player} keeps a message in seat {sender}'s "
                                  f"name that it never sent: {record.moves[:end]!r}")
    for seat, player in owners.items():
        mine = record.seats[seat]
        if mine.claim and (record.game_id, record.moves) not in world.claims[player]:
            raise Violation("I4", f"phone {phone.player} keeps a claim by seat {seat} that "
                                  "it never made")
        if mine.resigned and (record.game_id, record.moves) not in world.resigns[player]:
            raise Violation("I4", f"phone {phone.player} keeps a resignation by seat {seat} "
                                  "that it never made")


def _anchor(record: Record, seat: int, seed: bytes) -> bytes:
    """The anchor `seed` makes for `seat` of this game (two friends may hold one seat in two
    versions of a game that split at the join: each owns only its own)."""
    from parlor.links.base import chain
    return chain(record.context, record.chain_id(seat), seed).anchor


def _sent_keep(world, player, record, table, sender, end) -> bool:
    """A keep of a round sent at once (Tyros casual-7, YL10): the player sent that keep from
    the moves before the round, whatever other keeps stand before it now."""
    rounds = getattr(world.protocol, "kept_rounds", None)
    if rounds is None:
        return False
    width = table.width
    for start, keepers, texts in rounds(record, table):
        if start < end <= start + len(keepers) * width and sender in texts:
            return any(gid == record.game_id and moves[:start] == record.moves[:start]
                       and texts[sender] in [moves[i:i + width] for i in
                                             range(start, len(moves), width)]
                       for gid, moves in world.sent[player])
    return False


def _sent_prefix(world, player, record, end) -> bool:
    """A message of several actions: what was sent is the whole message or a part of it."""
    return any(gid == record.game_id and moves.startswith(record.moves[:end])
               and len(moves) >= end for gid, moves in world.sent[player])


def check_forfeit(world: World, phone: Phone, held: Held) -> None:
    """I5: a forfeit counts against a seat only when that seat's time ran out, on this
    phone's clock, counted from when this phone first held the position that made it due."""
    protocol, record = world.protocol, held.record
    claim = protocol.claim_of(record) if protocol.replay(record).ok else None
    if not claim:
        return
    days = int(dict(record.options).get("clock", "0"))
    since = world.first_held[phone.player].get((record.game_id, record.moves))
    if since is None:
        return
    # the claim was counted now or earlier; the phone held the position since `since`
    counted = world.counted.setdefault((phone.player, record.game_id, record.moves),
                                       world.now(phone))
    if counted - since < days * DAY - 1:
        raise Violation("I5", f"phone {phone.player} counts a forfeit against seat {claim[1]} "
                              f"after {(counted - since) / 3600:.1f} h of a {days}-day clock")


def check_verdict(world: World, phone: Phone, held: Held) -> None:
    """I7: "Verified fair" only where no message is a lie and no seat stopped the game."""
    text, kind = standing.verdict(held, world.now(phone))
    if kind != "fair":
        return
    record = held.record
    table = world.protocol.replay(record).state
    for end in table.ends:
        if (record.game_id, record.moves[:end]) in world.cheats:
            raise Violation("I7", f"phone {phone.player} shows Verified fair for a game with a "
                                  f"lie in it: {record.moves[:end]!r}")


def check_tier(world: World, held: Held) -> None:
    """I9: every game this version makes (a rematch too, of a game of an older tier) is made
    in the current tier."""
    tier = getattr(world.protocol, "tier", None)
    if tier is None or held.record.game_id not in world.made:
        return
    made = dict(held.record.options).get("tier")
    if made != tier:
        raise Violation("I9", f"a game made by this version is in tier {made}, not {tier}")


def check_own_draws(world: World, session, before: Record, action) -> None:
    """I10: a seat's own action never makes its device show a card, tile or bag draw of its
    own that no message of another seat has fixed, in a game of the current tier (the older
    tiers are the known gaps of seeds/fair-play.md). What the seat's view shows of its own
    draws, and what fixes them, is each game's hook in OWN_DRAWS."""
    protocol = world.protocol
    if session.record == before or session.store.clashed \
            or dict(before.options).get("tier") != getattr(protocol, "tier", None):
        return
    early = OWN_DRAWS[world.game](protocol, before, session.record, session.seat,
                                  session.held.seed, action)
    if early:
        raise Violation("I10", f"seat {session.seat} sees what its own move drew it before "
                               f"another seat's message fixed it: {early}")


def _tyros_early(protocol, before: Record, after: Record, seat: int, seed: bytes, action):
    """Tyros (YL8): cards and tiles the seat holds after its action beyond those it held and
    a card it took face up (an exchange from the discards)."""
    from parlor.games.tyros.rules import Exchange, mine
    old, new = (mine(protocol.view(r, seat, seed)) for r in (before, after))
    if not old or not new:
        return ""
    taken = [int(isinstance(action, Exchange) and action.take == c) for c in range(len(old["cards"]))]
    cards = any(n > o + t for n, o, t in zip(new["cards"], old["cards"], taken))
    tiles = sorted(set(new["tiles"]) - set(old["tiles"]))
    return (f"cards {old['cards']} -> {new['cards']} " if cards else "") + \
        (f"tiles {tiles}" if tiles else "")


def _tsuro_early(protocol, before: Record, after: Record, seat: int, seed: bytes, action):
    """Tsuro (L7, L17): tiles in the seat's hand after its action that it did not hold or see
    among a bonus exchange's tiles before."""
    def tiles(view, *keys) -> set:
        hand = view["hands"][seat]
        out = {t["tile"] for t in hand} if isinstance(hand, list) else set()
        return out.union(*((view.get("exchange") or {}).get(k, ()) for k in keys))
    old = tiles(protocol.view(before, seat, seed), "candidates", "pool", "taken")
    new = tiles(protocol.view(after, seat, seed)) - old
    return f"tiles {sorted(new)}" if new else ""


def _tyrus_early(protocol, before: Record, after: Record, seat: int, seed: bytes, action):
    """Tyrus (L5): tiles new in the seat's hand after its action (the count of its reveal)
    unless their draw was keyed by the other seat's message just before it."""
    old, new = (protocol.view(r, seat, seed)["hands"][seat] for r in (before, after))
    drawn = sorted(set(new) - set(old)) if isinstance(old, list) and isinstance(new, list) \
        else []
    if not drawn:
        return ""
    other, table, prior = 1 - seat, protocol.table(after), protocol.table(before)
    keys = table.draw_keys[seat]
    fixed = bool(keys) and keys[-1] == before.seats[other].value \
        and bool(prior.senders) and prior.senders[-1] == other
    return "" if fixed else f"tiles {drawn}"


OWN_DRAWS = {"tyros": _tyros_early, "tsuro": _tsuro_early, "tyrus": _tyrus_early,
             "tyrannen": lambda *_args: ""}     # no draws in Tod dem Tyrannen


def check_notes(world: World) -> None:
    """I6: a sentence names the one the evidence names: "after you claimed" only to a phone
    whose seat claimed; a name left to its default shows in the reader's language."""
    for phone, note, held in world.notes:
        if not phone.honest or not note:
            continue
        with use_language(phone.language):
            crossed = i18n._(linkplay.CLAIM_CROSSED)
        gid = held.record.game_id if held is not None else None
        kept = phone_store(world, phone).readable(gid) if gid is not None else None
        own = kept is not None and world.seats[phone.player].get(gid, (None,))[0] == kept.seat
        if note.startswith(crossed) and own and \
                not any(g == gid for g, _m in world.claims[phone.player]):
            raise Violation("I6", f"phone {phone.player}, which never claimed, is told: {note}")
    for phone in world.phones:
        for held in phone_store(world, phone).all()[0] if phone.honest else ():
            for number, seat in enumerate(held.record.seats):
                if (held.record.game_id, seat.anchor) in world.defaults and \
                        seat.name != default_name(number):
                    raise Violation("I6", f"seat {number} left its name to the default, but "
                                          f"the game keeps {seat.name!r}, shown as is in every "
                                          "language")


# Reproductions.

def shrink(seed: int, game: str, steps: int, found: Violation, keeps: bool = False) -> list[int]:
    """Few steps of the walk (by number) that still break the same invariant: steps are
    dropped one at a time while the violation stays. A trial is a walk of its own (the
    random choices fall differently without the dropped step), kept only if it still breaks
    the invariant, so the result always reproduces."""
    kept = list(range(found.steps + 1))
    changed = True
    while changed:
        changed = False
        for number in list(kept):
            trial = [n for n in kept if n != number]
            again = Walk(seed, game, steps, keeps=keeps).run(only=trial)
            if again is not None and again.rule == found.rule:
                kept, changed = trial, True
    return kept


def report(found: Violation | None, seed: int, game: str, steps: int, keeps: bool = False) -> str:
    """A violation and the shortest walk found that shows it, step by step."""
    if found is None:
        return "no violation"
    kept = shrink(seed, game, steps, found, keeps)
    walk = Walk(seed, game, steps, keeps=keeps)
    again = walk.run(only=kept)
    lines = [f"{found}", f"reproduce: Walk({seed}, {game!r}, {steps}, keeps={keeps})"
                         f".run(only={kept})"]
    lines += [f"  {n}: {text}" for n, text in zip(kept, walk.log)]
    lines.append(f"  -> {again}")
    return "\n".join(lines)
