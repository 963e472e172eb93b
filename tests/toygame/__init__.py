"""A toy game added to the catalog by one Entry (see `ENTRY`), so the engine and link
conformance tests prove that a game needs nothing but its package and that Entry.

Draw & play: 2 to 4 players hold two cards each from a shuffled deck; in turn each plays a
card to their own pile and draws one if the deck has any. When every hand is empty, the
highest pile wins (ties share). Hands and the deck are hidden; piles are public.
"""
from parlor.catalog import CASUAL, Entry, Option

ENTRY = Entry(
    key="toy", package="toygame", titles={"en": "Draw & play"}, players=(2, 4),
    blurb="A test game: play a card, draw a card, highest pile wins.", link_tier=CASUAL,
    options=(Option("deck", "Deck", (("full", "12 cards"), ("short", "8 cards"))),),
    bot_budget=2_000)
