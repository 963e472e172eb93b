"""How to play Tyros, every rule a first game needs (seeds/tyros.md Y1-Y43 and the decisions a
player meets): (heading, text, a picture after this many moves or None). Headings and texts
are marked for the catalogs and translated where the page is drawn."""
from ...i18n import N_

STEPS = (
    (N_("The aim"),
     # Translators: the rulebook's words: commercianti fenici (merchants), Tyre (Tiro in the
     # Italian catalog), imperi (empires), tessere mappa (map tiles), locazioni (places),
     # galeoni (galleons), città (cities). The marks ▲ ● ■ ◆ stay as they are.
     N_("You are merchants of Tyre, three or four of you. Four empires, green ▲, orange ●, "
        "yellow ■ and purple ◆, grow over the Mediterranean as you lay map tiles. You sail "
        "galleons and found cities; at the end you score every place you hold, more in the "
        "larger empires. Everyone starts with 2 galleons on Tyre, 10 galleons and 10 cities in "
        "all, and a secret hand of map tiles."), 0),
    (N_("The map"),
     # Translators: the desert and the open sea are written on the map; the land borders are
     # drawn as sand with small peaks.
     N_("The places are numbered 1 to 32; Tyre is in the south-east. Galleons cross only sea "
        "borders: sand with peaks between two places is a land border, and no galleon ever "
        "enters the desert or the open sea. Italy (16) has two coasts: the west coast on the "
        "sea of 11 and 17, the east coast on the sea of 15 and 17."), None),
    (N_("A turn"),
     # Translators: the rulebook's four phases: distribuzione delle carte, piazzamento delle
     # tessere mappa, azione dei giocatori, fine del turno; mazzo (deck), scarti (discards).
     N_("Each turn has four phases. The deal: the deck and the discards are shuffled and "
        "everyone gets 12 cards (10 with four players), added to the cards they kept. Map "
        "tiles, then actions, as below. The end of the turn: everyone keeps 3 cards and "
        "discards the rest, and the next player to the left starts the next turn."), None),
    (N_("Map tiles"),
     # Translators: the rulebook's words: tessera mappa (map tile), pila (pile), indicatore di
     # impero (empire marker).
     N_("In turn, everyone who can lays exactly one map tile from their hand: its place must "
        "touch a place of an empire, and joins that empire (your choice when it touches "
        "several); then you draw a tile from the pile. If none of your tiles fits, you show "
        "them all, put one under the pile and draw the top one, and lay nothing this turn. "
        "Tyre takes the colour of whichever of 31 and 32 joins an empire first."), 12),
    (N_("Actions"),
     # Translators: the rulebook's words: round (giro in the Italian catalog), passare (pass).
     N_("Then, round after round, each player takes one action or passes: build a galleon, "
        "sail a galleon, found a city, trade, or exchange cards. Cards pay for everything and "
        "go face up on the discards; a place's colour is its empire's. A player who passed "
        "may act again in a later round; the actions end when everyone has passed in a row."),
     None),
    (N_("Galleons"),
     # Translators: the rulebook's words: costruire un galeone (build), muovere (sail).
     N_("Build a galleon at Tyre or at one of your cities. It costs as many cards as there "
        "will be galleons there, everyone's counted (two there already: 3 cards), at least one "
        "of the place's colour and the rest of any colour. Sail a galleon to Tyre or to a place "
        "of an empire by the shortest sea route: one card for each place entered, all of the "
        "destination's colour. At Tyre while it has no colour, any colours pay. After any "
        "action a place without a city holds at most 2 galleons, everyone's counted; Tyre and "
        "cities have no limit."), None),
    (N_("Italy's two coasts"),
     N_("A galleon in Italy lies on one coast and sails on from there: from the west coast "
        "first to 11 or 17, from the east coast first to 15 or 17. Sailing to Italy, you choose "
        "the coast; a galleon built in Italy starts on the west coast. To change coasts, a "
        "galleon leaves Italy and comes back (east coast, 17, west coast: 2 cards)."), None),
    (N_("Cities"),
     # Translators: the rulebook's words: fondare una città (found a city).
     N_("Found a city where you have a galleon, nobody else has one and there is no city yet "
        "(Tyre counts as a city already). It costs 5 cards of the place's colour, 4 if you "
        "have two galleons there. The city replaces one of your galleons there, which goes "
        "back to your supply."), None),
    (N_("Trade and exchange"),
     # Translators: the rulebook's words: commerciare (trade), cambiare carte (exchange),
     # mazzo (deck), scarti (discards).
     N_("Trade: offer another player some of your cards, in any colours, for some of theirs. "
        "If they accept, the cards change hands and that is your action; if they refuse, "
        "offer to someone else or do something else. After an accepted trade you cannot offer "
        "to the same player again this turn. Exchange: discard 3 cards and draw 3 from the "
        "deck, or discard 3 and take one card of your choice from the discards (not one of "
        "your own 3). The discards are not shuffled during a turn: once the deck is short, "
        "only the second way is left."), None),
    (N_("Holding places"),
     # Translators: the rulebook's words: controllo (holding a place).
     N_("A city holds its place, whatever galleons are there. A place without a city is yours "
        "when only your galleons are there. Tyre goes to the player with the most galleons on "
        "it (a tie: nobody)."), None),
    (N_("The end"),
     # Translators: the rulebook's words: impero maggiore / minore (larger / smaller empire),
     # punti vittoria (points).
     N_("The game ends after a full turn in which someone ran out of map tiles. The empires "
        "are ranked by size, their number of places (a tie: green, orange, purple, yellow). "
        "Each place you hold scores by its empire's rank: a city 12, 10, 9 or 7, galleons 8, "
        "6, 5 or 4 (Tyre only once it has a colour, on the galleon row). The first player with "
        "a city in all four empires gets 7 more, and so does, in each empire, the player with "
        "the most cities there (a tie: nobody). The most points wins."), None),
)
