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
    (N_("Drawing and the dragon"),
     # Translators: Tsuro's rules page; the rulebook's dragon tile (tuile Dragon, Drache,
     # tessera Drago) and draw pile.
     N_("With two players, only the one who played draws. With more, everyone short of three "
        "tiles draws one in turn, from the player who played on, until all hold three or the "
        "pile is empty. The tiles of a player who goes out are shuffled into the pile. "
        "Whoever finds the pile empty takes the dragon tile; when tiles come back, the "
        "dragon's holder draws first."), None),
    # Translators: a heading of Tsuro's rules page: markers leaving the game.
    (N_("Out"),
     # Translators: Tsuro's rules page.
     N_("A marker whose path leads off the board is out, and so are two markers whose paths "
        "run into each other. You may not put yourself out while any other tile or turn "
        "would keep you in."), None),
    (N_("Who wins"),
     N_("The last marker on the board wins. If all the markers left go out on the same move, "
        "their players share the win, and so do all those still on the board once every tile "
        "is laid. With the elimination bonus (three or more players), a tile that puts "
        "rivals out lets you swap tiles of your hand for as many of theirs."), None),
)
