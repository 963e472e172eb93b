"""Tyros (3-4 players): the rules engine (rules.py), its map (map.json) and its computer player
(bot.py). Importing the package loads none of them."""
