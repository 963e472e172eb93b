"""How to play Tsuro, in short: (heading, text, a picture after this many moves or None).

Headings and texts are marked for the catalogs here and translated where the page is drawn."""
from ...i18n import N_

# The rules page keeps the rulebook's words: a marker is a player's piece (marker stone), a
# start mark one of the places on the board's edge where markers begin, a tile a path tile.
STEPS = (
    # Translators: a heading of Tsuro's rules page.
    (N_("The aim"),
     # Translators: Tsuro's rules page; a marker is a player's piece (rulebook: marker stone).
     N_("Keep your marker on the board longer than everyone else."), None),
    # Translators: a heading of Tsuro's rules page.
    (N_("The start"),
     # Translators: Tsuro's rules page; a start mark is one of the places on the board's edge
     # where markers begin (rulebook: start mark).
     N_("One after another, each player puts their marker on a start mark at the edge of the "
        "board."), None),
    # Translators: a heading of Tsuro's rules page.
    (N_("Your turn"),
     # Translators: Tsuro's rules page; tiles are path tiles (rulebook: path tile).
     N_("Lay one of your three tiles, turned any way you like, on the square in front of your "
        "marker. Every marker facing the new tile follows its path to the path's end. Then "
        "you draw a tile."), 10),
    # Translators: a heading of Tsuro's rules page: markers leaving the game.
    (N_("Out"),
     # Translators: Tsuro's rules page.
     N_("A marker whose path leads off the board is out, and so are two markers whose paths "
        "run into each other. You may not put yourself out while any other tile or turn "
        "would keep you in."), None),
)
