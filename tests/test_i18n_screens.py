"""Every word a player sees goes through the catalogs: the screens drawn in the pseudo-locale
(parlor.i18n.PSEUDO, every word accented and lengthened by tools/catalogs.py) show no plain
English word, and the language is chosen as the app chooses it.

A word that skipped the catalogs stays plain ASCII in the pseudo-locale, while every word
that went through one gains accents or trailing "ļ". So a screen fails on any word of three
or more plain ASCII letters in its visible text (text nodes, and the aria-label, title,
placeholder, alt and input values a player or a screen reader meets) that is not a player
name given here, a game title, or one of the few names below that no language translates.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from parlor import catalog, i18n
from parlor.engine.rng import Stream, derive
from parlor.links import device as linkplay
from parlor.links.record import decode, encode
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session

import linktools
from parlor.screens import game as game_screens, home, link as link_screens
from parlor.screens.rules import rules_screen

NAMES = ("Ana", "Bob", "Cyd", "Dee")
# Names no language translates: the brand, the games' titles (a name per language, see
# catalog.Entry.titles), the languages each in itself (the picker), "QR" (as in QR code).
KEPT = {"Parlor", "QR"} | {word for entry in catalog.GAMES for title in entry.titles.values()
                           for word in re.findall(r"[^\W\d_]+", title)} \
    | set(i18n.LANGUAGES.values())
SHOWN_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
WORD = re.compile(r"[^\W\d_]+")          # a run of letters, accented ones included
BASE = "https://parlor.example/"


class Visible(HTMLParser):
    """The text a player meets on a screen: text nodes (not a link's text in a textarea) and
    the attributes a screen reader or the eye reads."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("textarea", "script", "style"):
            self.skipping += 1
        values = dict(attrs)
        self.texts += [values[a] for a in SHOWN_ATTRIBUTES if values.get(a)]
        if tag == "input" and values.get("value"):
            self.texts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in ("textarea", "script", "style") and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.texts.append(data)


def visible_text(page: str) -> list[str]:
    parser = Visible()
    parser.feed(page)
    parser.close()
    return [t for t in parser.texts if t.strip()]


def english_words(page: str, names=NAMES) -> list[str]:
    """The plain ASCII words of three letters or more that no catalog changed, each with the
    text it stands in (so a failure says where to look)."""
    allowed = KEPT | set(names)
    found = []
    for text in visible_text(page):
        for word in WORD.findall(text):
            if len(word) >= 3 and word.isascii() and word not in allowed:
                found.append(f"{word!r} in {' '.join(text.split())[:90]!r}")
    return found


def assert_translated(screens: dict[str, str], names=NAMES) -> None:
    """No screen shows an English word that skipped the catalogs (all of them listed)."""
    missed = {label: list(dict.fromkeys(words)) for label, page in screens.items()
              if (words := english_words(page, names))}
    assert not missed, "English words that skipped the catalogs:\n" + "\n".join(
        f"{label}: {len(words)}\n  " + "\n  ".join(words[:12]) for label, words in missed.items())


@pytest.fixture
def pseudo():
    """The pseudo-locale for one test, English again after it."""
    assert i18n.use(i18n.PSEUDO) == i18n.PSEUDO, "run tools/catalogs.py compile"
    try:
        yield
    finally:
        i18n.use(i18n.SOURCE)


@pytest.fixture
def shipped():
    """The catalog without the tests' toy game (its words are in no catalog)."""
    toys = [e for e in catalog.entries() if e not in catalog.GAMES]
    for toy in toys:
        catalog.unregister(toy.key)
    try:
        yield catalog.GAMES
    finally:
        for toy in toys:
            catalog.register(toy)


GAME_KEYS = [entry.key for entry in catalog.GAMES]
LINK_KEYS = [entry.key for entry in catalog.GAMES if entry.link_tier]


# Choosing the language.

def test_the_first_of_the_browsers_languages_that_parlor_speaks():
    assert i18n.choose(["fr-CH", "en"]) == "fr"
    assert i18n.choose(["pt-BR"]) == "en"
    assert i18n.choose(["de"]) == "de"
    assert i18n.choose([]) == "en" and i18n.choose(None) == "en"
    assert i18n.choose(["pt", "IT-it", "fr"]) == "it"


def test_an_unknown_language_leaves_english():
    try:
        assert i18n.use("xx") == "en" and i18n.language() == "en"
        assert i18n._("Play") == "Play"
    finally:
        i18n.use("en")


def test_a_change_of_language_is_a_change_of_every_word(pseudo):
    assert i18n._("Play") != "Play" and not i18n._("Play").isascii()
    i18n.use("en")
    assert i18n._("Play") == "Play"


def test_titles_are_a_name_per_language():
    tyrannen = catalog.entry("tyrannen")
    assert tyrannen.title("de") == "Tod dem Tyrannen!"
    assert {tyrannen.title(code) for code in ("en", "fr", "it", "qps")} == {"King & Assassins"}
    for key in ("tyrus", "tsuro", "tyros"):
        entry = catalog.entry(key)
        assert {entry.title(code) for code in i18n.LANGUAGES} == {entry.title("en")}
    try:
        i18n.use("de")
        assert tyrannen.title() == "Tod dem Tyrannen!"
    finally:
        i18n.use("en")
    assert tyrannen.title() == "King & Assassins"


def test_the_picker_offers_each_language_in_itself_and_never_the_pseudo_locale(pseudo):
    page = home.home([], [], {})
    picker = re.search(r'<select id="language".*?</select>', page).group()
    assert re.findall(r'<option value="(\w+)"', picker) == list(i18n.LANGUAGES)
    assert all(f">{name}</option>" in picker for name in i18n.LANGUAGES.values())
    assert i18n.PSEUDO not in re.findall(r'value="(\w+)"', picker)
    assert 'aria-label="' in picker and 'aria-label="Language"' not in picker


def test_nothing_translated_is_kept_in_a_saved_game(pseudo):
    entry = catalog.entry("tyrannen")
    setup = home.new_setup(entry)
    names = home.chosen_names(setup)
    assert names == ["The king", "The rebels"], "kept in English"
    saved = SavedGame(id="0" * 16, game="tyrannen", seed="0" * 32, names=("The king", "Computer"),
                      bots=(1,))
    assert saved.shown_names[0] == entry.seat_label(0) != "The king"
    assert saved.shown_names[1] == i18n._("Computer") != "Computer"
    assert "The king" in saved.to_json() and entry.seat_label(0) not in saved.to_json()


def test_the_game_log_and_the_news_are_drawn_again_in_a_new_language():
    saved = SavedGame(id="1" * 16, game="tyrus", seed="2" * 32, names=("Ana", "Bob"))
    session = Session.open(saved, Store(MemoryBackend()))
    for _n in range(12):
        if session.phase == "pass":
            session.reveal()
        if session.phase == "news":
            break
        session._commit(session.engine.legal(session.state)[0])
    english = session.log(None)
    news = session.news
    try:
        i18n.use(i18n.PSEUDO)
        assert session.log(None) != english and len(session.log(None)) == len(english)
        if news:
            assert session.news != news
    finally:
        i18n.use("en")
    assert session.log(None) == english and session.news == news


# Every screen in the pseudo-locale.

def test_the_home_screen(pseudo, shipped):
    store, links = Store(MemoryBackend()), linkplay.LinkStore(MemoryBackend())
    for n, entry in enumerate(shipped):
        low = entry.players[0]
        store.save(SavedGame(id=f"{n:016x}", game=entry.key, seed=f"{n:032x}",
                             names=tuple(NAMES[:low - 1]) + ("Computer" if low == 2
                                                               else f"Computer {low - 1}",),
                             bots=(low - 1,), created=1.0, updated=1.0))
    store.backend.set("parlor:game:broken", "{not json")
    for entry in shipped:
        if entry.link_tier:
            linkplay.create(links, entry.key, "Ana")
    links.backend.set(linkplay.PREFIX + "00", "{not a game}")
    games, damaged = store.all()
    held, broken = links.all()
    assert games and damaged and held and broken
    setups = {e.key: home.new_setup(e) for e in shipped}
    assert_translated({
        "home": home.home(games, damaged, setups, i18n._("That game is no longer on this device."),
                          held, broken),
        "home, first visit": home.home([], [], setups)})


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_new_game_page(pseudo, key):
    entry = catalog.entry(key)
    pages = {}
    for players in range(entry.players[0], entry.players[1] + 1):
        setup = home.new_setup(entry, ["Ana"])
        setup["players"] = players
        pages[f"{key} {players} players"] = home.setup_page(entry, setup)
    assert_translated(pages)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_rules_page(pseudo, key):
    entry = catalog.entry(key)
    names = [entry.seat_label(i) for i in range(entry.players[1])]
    assert_translated({f"{key} how to play": rules_screen(entry)}, NAMES + tuple(names))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_game_on_this_device(pseudo, key):
    """A game between people sharing the device, from the first pass screen to the end (or
    300 moves), drawn every few moves, with its replay."""
    entry = catalog.entry(key)
    names = NAMES[:entry.players[0]]
    saved = SavedGame(id="a" * 16, game=key, seed=derive(b"i18n", key)[:16].hex(), names=names)
    session = Session.open(saved, Store(MemoryBackend()))
    pick, screens = Stream(b"i18n screens", key), {}
    for made in range(300):
        if session.phase == "over":
            break
        if session.phase in ("pass", "news") or made % 7 == 0:
            screens[f"{key} move {made} ({session.phase})"] = game_screens.game_screen(session)
        if session.phase == "pass":
            session.reveal()
        if session.phase == "news":
            session.dismiss_news()
        if made % 11 == 5:
            screens[f"{key} move {made} (play)"] = game_screens.game_screen(session)
        moves = session.engine.legal(session.state)
        session._commit(moves[pick.below(len(moves))])
    screens[f"{key} last ({session.phase})"] = game_screens.game_screen(session)
    screens[f"{key} replay start"] = game_screens.game_screen(session, 0)
    screens[f"{key} replay"] = game_screens.game_screen(session, len(session.played) // 2)
    assert_translated(screens)


def test_a_game_against_the_computer_while_it_thinks(pseudo):
    saved = SavedGame(id="b" * 16, game="tsuro", seed="3" * 32, names=("Ana", "Computer"),
                      bots=(1,))
    session = Session.open(saved, Store(MemoryBackend()))
    while session.phase != "bot":
        session._commit(session.engine.legal(session.state)[0])
    assert_translated({"tsuro, the computer thinking": game_screens.game_screen(session)})


@pytest.mark.parametrize("key", LINK_KEYS)
def test_a_game_by_link(pseudo, key):
    """A game by link from the invitation to the audit, as each device and a spectator see it
    (sampled), with the share card, the QR code and the private link shown."""
    entry = catalog.entry(key)
    players = entry.players[0]
    seeds = [derive(b"i18n link", key, s)[:16] for s in range(players)]
    stores = [linkplay.LinkStore(MemoryBackend()) for _s in range(players)]
    options = {"players": players} if entry.players[0] != entry.players[1] else {}
    options["clock"] = 3
    first = linkplay.create(stores[0], key, NAMES[0], options, seed=seeds[0])
    screens = {f"{key} invitation sent": link_screens.link_screen(first, BASE, True, True)}
    links = [encode(first.record)]
    for seat in range(1, players):
        held, _note = linkplay.open_link(stores[seat], links[-1])
        invited = linkplay.LinkSession(held, stores[seat])
        screens[f"{key} invited seat {seat}"] = link_screens.link_screen(invited, BASE, False, False)
        invited.join(NAMES[seat], seed=seeds[seat])
        screens[f"{key} joined seat {seat}"] = link_screens.link_screen(invited, BASE, True, False)
        links.append(encode(invited.record))
    stores, seeds = linktools.started(stores, seeds, links)
    pick = Stream(b"i18n link", key)
    protocol = entry.link
    for made in range(3000):
        record = decode(links[-1])
        movers = protocol.to_move(record)
        if not movers:
            break
        held, _note = linkplay.open_link(stores[movers[0]], links[-1])
        session = linkplay.LinkSession(held, stores[movers[0]])
        if made % 9 == 0 or made < 3:
            screens[f"{key} message {made}"] = link_screens.link_screen(session, BASE, False, made < 3)
        actions = session.legal()
        session.act(actions[pick.below(len(actions))])
        assert not session.notice, session.notice
        if made < 2:
            screens[f"{key} message {made} sent"] = link_screens.link_screen(session, BASE, True, False)
        links.append(encode(session.record))
    final = decode(links[-1])
    for seat in range(players):
        held, _note = linkplay.open_link(stores[seat], links[-1])
        screens[f"{key} over, seat {seat}"] = link_screens.link_screen(
            linkplay.LinkSession(held, stores[seat]), BASE, False, False)
    watcher = linkplay.LinkStore(MemoryBackend())
    held, _note = linkplay.open_link(watcher, links[-1])
    screens[f"{key} over, watching"] = link_screens.link_screen(
        linkplay.LinkSession(held, watcher), BASE, False, False)
    assert protocol.phase(final) == protocol.OVER
    screens[f"{key} share text"] = link_screens.share_text(linkplay.LinkSession(held, watcher))
    assert_translated(screens)


def test_no_message_hides_inside_an_f_string():
    """Babel's extractor (Python 3.11) reads no call inside an f-string: a message written
    there would never reach a catalog. Messages go before the f-string or beside it."""
    from pathlib import Path
    import ast
    root = Path(catalog.__file__).parent
    hidden = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id in ("_", "N_", "ngettext", "pgettext")
                        and any(isinstance(arg, ast.Constant) for arg in call.args)):
                    hidden.append(f"{path.relative_to(root)}:{call.lineno}")
    assert not hidden, hidden
