"""How to play Tyrus, in short: (heading, text, a picture after this many moves or None)."""

STEPS = (
    ("The aim", "Two factions fight nine elections. Win five of them, or three in a row, or "
     "more than your rival after all nine.", 0),
    ("Placing", "Each election turns up a card: soldiers, merchants or priests. Taking turns, "
     "each player puts three tiles from their hand face down into any of the six buildings, "
     "their own citadel, market and temple or their rival's.", 8),
    ("The count", "After the sixth tile the two buildings of the elected profession turn face "
     "up. In your own building your tiles of that profession are your votes. Your rival's "
     "tiles there can block them: merchants block soldiers, priests block merchants, soldiers "
     "block priests. Your own tiles of the third kind win back that much of the block.", None),
    ("Who wins", "Votes less what is left of the block make your score; the higher score takes "
     "the representative, equal scores give it to nobody. Counted tiles leave the game and "
     "both players draw three new ones.", None),
    ("Bluff", "Nobody but you knows a placed tile until it is counted: a tile in another "
     "building may be waiting for a later election, or only be there to mislead.", None),
)
