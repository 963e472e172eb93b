"""How to play Tod dem Tyrannen!, in short: (heading, text, a picture after this many moves or None)."""

STEPS = (
    ("The aim", "One player leads the tyrant king to his castle. The other hides three "
     "assassins among the twelve citizens of the town and tries to kill him.", 1),
    ("Rounds", "Each round a card gives action points to the king, to his knights and to the "
     "rebels. The king's side moves first, then the rebels. Points not spent are lost.", None),
    ("The king's side", "The king steps one street field per point. Knights walk the streets "
     "and the roofs (climbing up costs two), push citizens out of the way, remove unmasked "
     "assassins beside them and, in rounds with the shackle, may capture one citizen, who "
     "may be a hidden assassin.", None),
    ("The rebels", "Citizens move for the rebels' points. At any moment of their turn the "
     "rebels may unmask an assassin for free; unmasked, it moves cheaply, removes knights and "
     "strikes the king for two points. The second blow kills him.", None),
    ("The end", "The king wins by leaving the town through a castle gate, or when all three "
     "assassins are gone. The rebels win by killing him, or if he is still in town when the "
     "last round is over.", None),
)
