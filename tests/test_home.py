"""The home screen's new-game forms: names suggested, not filled in."""
from parlor import catalog
from parlor.screens import home


def test_a_form_suggests_last_times_names_as_placeholders_and_fills_in_nothing():
    entry = catalog.entry("tyrannen")
    setup = home.new_setup(entry, ["Ana <b>", ""])
    card = home.setup_card(entry, setup)
    assert 'value="" placeholder="Ana &lt;b&gt;"' in card, "remembered, escaped, not a value"
    assert 'placeholder="The rebels"' in card, "no name remembered: the seat's label"
    assert home.chosen_names(setup) == ["Ana <b>", "The rebels"]
    setup["names"][1] = "  Bo "
    assert home.chosen_names(setup) == ["Ana <b>", "Bo"]


def test_a_first_visit_suggests_the_seat_labels():
    setup = home.new_setup(catalog.entry("tyrus"))
    assert setup["names"] == ["", ""] and home.chosen_names(setup) == ["Player 1", "Player 2"]


def test_every_game_card_has_a_picture_and_a_one_line_pitch():
    for entry in catalog.entries():
        card = home.setup_card(entry, home.new_setup(entry))
        assert card.count('<svg class="picture"') == 1
        assert len(entry.blurb) <= 80 and entry.blurb.count(".") <= 1, entry.blurb


def test_against_the_computer_a_game_with_roles_offers_each_role():
    entry = catalog.entry("tyrannen")
    card = home.setup_card(entry, home.new_setup(entry))
    assert "Play the king against the computer" in card
    assert 'data-bots="1" data-value="1">Play the rebels against the computer' in card
    tyrus = home.setup_card(catalog.entry("tyrus"), home.new_setup(catalog.entry("tyrus")))
    assert tyrus.count('data-bots="1"') == 1


def test_the_computers_level_is_offered_where_thinking_longer_plays_better():
    for entry in catalog.entries():
        setup = home.new_setup(entry)
        card = home.setup_card(entry, setup)
        assert ('data-action="level"' in card) == entry.has_levels, entry.key
    tsuro = catalog.entry("tsuro")
    setup = {**home.new_setup(tsuro), "level": "strong"}
    card = home.setup_card(tsuro, setup)
    assert 'aria-pressed="true" data-action="level" data-game="tsuro" data-value="strong"' in card
    assert 'aria-pressed="false" data-action="level" data-game="tsuro" data-value="quick"' in card
    assert 'role="group" aria-label="The computer&#x27;s level"' in card


def test_every_game_has_a_rules_page_in_short_paragraphs_with_its_own_pictures():
    """Complete enough for a first game (tests/test_words.py checks what it must say), in
    paragraphs a phone shows a few at a time."""
    from parlor.screens.rules import rules_screen
    for entry in catalog.entries():
        page = rules_screen(entry)
        assert f"How to play {entry.title()}" in page.replace("&#x27;", "'").replace("&amp;", "&")
        if entry.key in ("tyrus", "tyrannen", "tsuro", "tyros"):
            steps = entry.module("howto").STEPS
            assert 4 <= len(steps) <= 12
            assert all(len(text.split()) <= 120 for _, text, _ in steps)
            assert page.count('class="board howto-board"') == sum(at is not None for *_, at in steps)
            assert page.count("<svg") >= 1


def test_the_count_of_games_by_link_waiting_for_this_device():
    from parlor.links import device
    from parlor.links.record import encode
    from parlor.play.saves import MemoryBackend
    from parlor.screens.link import invitation_line
    from parlor.screens.status import your_turns
    ana, bo = device.LinkStore(MemoryBackend()), device.LinkStore(MemoryBackend())
    game = device.create(ana, "tsuro", "Ana")
    assert your_turns(ana.all()[0]) == 0, "waiting for a friend to join"
    held, _ = device.open_link(bo, encode(game.record))
    invited = device.LinkSession(held, bo)
    assert invitation_line(invited).startswith("Lay path tiles; the last marker left")
    invited.join("Bo")
    assert your_turns(bo.all()[0]) == 0, "Bo has sent his seat back: Ana is to move"
    device.open_link(ana, encode(invited.record))
    assert your_turns(ana.all()[0]) == 1


def test_the_home_screen_is_a_card_per_game_that_opens_its_new_game_page():
    page = home.home([], [], {e.key: home.new_setup(e) for e in catalog.entries()})
    assert page.count('class="card game-card" data-action="setup"') == len(catalog.entries())
    assert "<input" not in page, "the forms are on each game's own page"
    entry = catalog.entry("tyrus")
    setup = home.setup_page(entry, home.new_setup(entry))
    assert 'id="name-tyrus-0"' in setup and 'data-action="home"' in setup
