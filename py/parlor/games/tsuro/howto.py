"""How to play Tsuro, in short: (heading, text, a picture after this many moves or None)."""

STEPS = (
    ("The aim", "Keep your marker on the board longer than everyone else.", None),
    ("The start", "One after another, each player puts their marker on a start mark at the "
     "edge of the board.", None),
    ("Your turn", "Lay one of your three tiles, turned any way you like, on the square in "
     "front of your marker. Every marker facing the new tile follows its path to the path's "
     "end. Then you draw a tile.", 10),
    ("Out", "A marker whose path leads off the board is out, and so are two markers whose "
     "paths run into each other. You may not put yourself out while any other tile or turn "
     "would keep you in.", None),
)
