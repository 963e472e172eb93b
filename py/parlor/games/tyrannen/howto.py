"""How to play Tod dem Tyrannen!, in short: (heading, text, a picture after this many moves or None).
Headings and texts are marked for the catalogs and translated where the page is drawn."""
from ...i18n import N_

STEPS = (
    (N_("The aim"),
     # Translators: rulebook words: König (king), Burg (castle), Meuchler (assassins), Bürger
     # (citizens).
     N_("One player leads the tyrant king to his castle. The other hides three "
        "assassins among the twelve citizens of the town and tries to kill him."), 1),
    (N_("Rounds"),
     # Translators: rulebook words: Rundenkarte (round card), Aktionspunkte (action points),
     # Ritter (knights), Rebell (rebels).
     N_("Each round a card gives action points to the king, to his knights and to the "
        "rebels. The king's side moves first, then the rebels. Points not spent are lost."),
     None),
    (N_("The king's side"),
     # Translators: rulebook words: Straßenfeld / Dachfeld (street / roof), Hochklettern
     # (climbing up), schubsen (push), ausschalten (remove, eliminate), enttarnt (unmasked),
     # Fessel-Symbol (shackle), gefangen nehmen (capture).
     N_("The king steps one street field per point. Knights walk the streets "
        "and the roofs (climbing up costs two), push citizens out of the way, remove unmasked "
        "assassins beside them and, in rounds with the shackle, may capture one citizen, who "
        "may be a hidden assassin."), None),
    (N_("The rebels"),
     # Translators: rulebook words: enttarnen (unmask), Meuchler (assassin), angreifen (strike
     # the king).
     N_("Citizens move for the rebels' points. At any moment of their turn the "
        "rebels may unmask an assassin for free; unmasked, it moves cheaply, removes knights and "
        "strikes the king for two points. The second blow kills him."), None),
    (N_("The end"),
     # Translators: rulebook words: Burgtor (castle gate), Runde (round).
     N_("The king wins by leaving the town through a castle gate, or when all three "
        "assassins are gone. The rebels win by killing him, or if he is still in town when the "
        "last round is over."), None),
)
