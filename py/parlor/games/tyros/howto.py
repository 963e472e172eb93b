"""How to play Tyros, in short: (heading, text, a picture after this many moves or None)."""

STEPS = (
    ("The aim", "You are merchants of Tyre. Four empires grow over the sea as everyone lays "
     "map tiles; score the places you hold at the end, more in the larger empires.", 0),
    ("Tiles", "Each turn everyone deals cards, then lays one secret map tile next to an "
     "empire: the place joins that empire. Whoever cannot lay one shows their tiles and "
     "swaps one with the pile.", 12),
    ("Actions", "Then, round after round, each player takes one action or passes: build a "
     "galleon at Tyre or at one of your cities, sail a galleon (a card of the destination's "
     "colour per step), found a city where only your galleons are (5 cards of its colour, 4 "
     "with two galleons there), trade cards with another player, or swap cards with the deck "
     "or the discards. When everyone has passed in a row, keep 3 cards.", None),
    ("Holding places", "A city holds its place. A place without a city is yours when only "
     "your galleons are there, and it never holds more than two. Tyre goes to the most "
     "galleons.", None),
    ("The end", "After a full turn in which someone had no tile left, each place scores by "
     "the size of its empire: a city 12, 10, 9 or 7, galleons 8, 6, 5 or 4. The first with a "
     "city in all four empires, and the one with the most cities in an empire, get 7 more.",
     None),
)
