"""How to play Tod dem Tyrannen!, in short: (heading, text, a picture after this many moves or None).
Headings and texts are marked for the catalogs and translated where the page is drawn."""
from ...i18n import N_

STEPS = (
    (N_("The aim"),
     # Translators: rulebook words: König (king), Burg (castle), Meuchler (assassins), Bürger
     # (citizens).
     N_("One player leads the tyrant king to his castle, with seven knights. The other "
        "secretly picks three of the twelve citizens of the town as assassins and tries to "
        "kill him. On side B the king's player then chooses one of two starts."), 1),
    (N_("Rounds"),
     # Translators: rulebook words: Rundenkarte (round card), Aktionspunkte (action points),
     # Ritter (knights), Rebell (rebels).
     N_("Each round a card gives action points to the king, to his knights and to the "
        "rebels: 15 rounds on side A, 14 on side B. The king's side moves first, then the "
        "rebels. Points not spent are lost. A field holds one figure, nobody moves through "
        "another, and every step, push or strike goes straight, never diagonally."),
     None),
    (N_("The king's side"),
     # Translators: rulebook words: Straßenfeld / Dachfeld (street / roof), Hochklettern
     # (climbing up), schubsen (push), ausschalten (remove, eliminate), enttarnt (unmasked),
     # Fessel-Symbol (shackle), gefangen nehmen (capture).
     N_("The king steps one street field per king point, and does nothing else. For the "
        "knights' points, a knight walks the streets and the roofs (one point a field, two to "
        "climb up), pushes a line of citizens one field on (never off the board, onto a "
        "knight or the king, or up onto a roof), removes an unmasked assassin beside him for "
        "one point and, in rounds with the shackle, may capture one citizen beside him, who "
        "may be a hidden assassin: the rebels say nothing until the last one is gone. From a "
        "street a figure reaches only streets; from a roof, roofs and streets."), None),
    (N_("The rebels"),
     # Translators: rulebook words: enttarnen (unmask), Meuchler (assassin), angreifen (strike
     # the king).
     N_("Citizens move for the rebels' points: one a field, two to climb up, one to climb "
        "down; a hidden assassin moves as a citizen. At any moment of their turn the rebels "
        "may unmask an assassin for free. Unmasked, it moves for one point a field, climbing "
        "up included, and climbs down for nothing; it removes a knight beside it (one point for the first knight of the "
        "round, two for the second, never a third) and strikes the king beside it for two "
        "points. The first blow wounds him, the second kills him."), None),
    (N_("The end"),
     # Translators: rulebook words: Burgtor (castle gate), Runde (round).
     N_("The king wins by leaving the town through a castle gate, or when all three "
        "assassins are gone. The rebels win by killing him, or if he is still in town when the "
        "last round is over."), None),
)
