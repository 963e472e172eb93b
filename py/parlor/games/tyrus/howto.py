"""How to play Tyrus, in short: (heading, text, a picture after this many moves or None).

Headings and texts are marked for the catalogs here and translated where the page is drawn."""
from ...i18n import N_

# The rules page keeps the rulebook's words: factions are the two players; soldiers, merchants
# and priests the tiles' professions (French rulebook: soldats, marchands, prêtres); citadel,
# market and temple the buildings (citadelle, marché, temple); a representative the piece won
# in an election (pion Représentant); a block is the French rulebook's "contre", winning it
# back its "contre de contre".
STEPS = (
    # Translators: a heading of Tyrus's rules page.
    (N_("The aim"),
     # Translators: Tyrus's rules page; factions are the two players.
     N_("Two factions fight nine elections. Win five of them, or three in a row (an election "
        "nobody wins breaks a run), or more than your rival after all nine."), 0),
    # Translators: a heading of Tyrus's rules page.
    (N_("Placing"),
     # Translators: Tyrus's rules page; keep the rulebook's professions (French: soldats,
     # marchands, prêtres) and buildings (citadelle, marché, temple).
     N_("You hold 9 tiles: soldiers, merchants and priests, each worth 1 to 10 votes. Each "
        "election turns up a card: the General (soldiers, counted in the citadels), the "
        "Guildmaster (merchants, in the markets) or the High Priest (priests, in the temples). "
        "Taking turns, the first placer changing each election, each player puts three tiles "
        "from their hand face down into any of the six buildings, their own citadel, market "
        "and temple or their rival's. A tile waits there until its building is counted."), 8),
    # Translators: a heading of Tyrus's rules page: the counting of the votes (French
    # rulebook: le dépouillement).
    (N_("The count"),
     # Translators: Tyrus's rules page; votes are the French rulebook's "voix", to block its
     # "contrer" (un contre), winning back a block its "contre de contre".
     N_("After the sixth tile the two buildings of the elected profession turn face up. In "
        "your own building your tiles of that profession are your votes. Your rival's tiles "
        "there can block them: merchants block soldiers, priests block merchants, soldiers "
        "block priests. Your own tiles of the third kind win back that much of the block."),
     None),
    # Translators: a heading of Tyrus's rules page.
    (N_("Who wins"),
     # Translators: Tyrus's rules page; the representative is the piece won in an election
     # (French rulebook: pion Représentant).
     N_("Votes less what is left of the block make your score; the higher score takes the "
        "representative, equal scores give it to nobody. Counted tiles leave the game and "
        "both players draw three new ones while their bags last. After nine elections the "
        "one with more representatives wins; if that is equal, the higher total of the tiles "
        "left in hand; if that is equal too, it is a draw."),
     None),
    # Translators: a heading of Tyrus's rules page (French rulebook: le bluff).
    (N_("Bluff"),
     # Translators: Tyrus's rules page.
     N_("Nobody but you knows a placed tile until it is counted: a tile in another building "
        "may be waiting for a later election, or only be there to mislead."), None),
)
