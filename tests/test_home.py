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
