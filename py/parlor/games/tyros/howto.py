"""How to play Tyros, in short: (heading, text, a picture after this many moves or None).
Headings and texts are marked for the catalogs and translated where the page is drawn."""
from ...i18n import N_

STEPS = (
    (N_("The aim"),
     # Translators: the rulebook's words: commercianti fenici (merchants), Tyre, imperi
     # (empires), tessere mappa (map tiles), locazioni (places).
     N_("You are merchants of Tyre. Four empires grow over the sea as everyone lays "
        "map tiles; score the places you hold at the end, more in the larger empires."), 0),
    (N_("Tiles"),
     # Translators: the rulebook's words: carte (cards), tessera mappa (map tile), pila (pile).
     N_("Each turn everyone deals cards, then lays one secret map tile next to an "
        "empire: the place joins that empire. Whoever cannot lay one shows their tiles and "
        "swaps one with the pile."), 12),
    (N_("Actions"),
     # Translators: the rulebook's words: costruire un galeone (build a galleon), muovere
     # (sail), città (city), commercio (trade), scambiare carte (swap cards), mazzo (deck),
     # scarti (discards), passare (pass).
     N_("Then, round after round, each player takes one action or passes: build a "
        "galleon at Tyre or at one of your cities, sail a galleon (a card of the destination's "
        "colour per step), found a city where only your galleons are (5 cards of its colour, 4 "
        "with two galleons there), trade cards with another player, or swap cards with the deck "
        "or the discards. When everyone has passed in a row, keep 3 cards."), None),
    (N_("Holding places"),
     # Translators: the rulebook's words: controllo (holding a place), galeoni, città.
     N_("A city holds its place. A place without a city is yours when only "
        "your galleons are there, and it never holds more than two. Tyre goes to the most "
        "galleons."), None),
    (N_("The end"),
     # Translators: the rulebook's words: impero maggiore / minore (larger / smaller empire),
     # punti vittoria (points).
     N_("After a full turn in which someone had no tile left, each place scores by "
        "the size of its empire: a city 12, 10, 9 or 7, galleons 8, 6, 5 or 4. The first with a "
        "city in all four empires, and the one with the most cities in an empire, get 7 more."),
     None),
)
