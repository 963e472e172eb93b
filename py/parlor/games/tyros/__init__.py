"""Tyros (3-4 players): the rules engine (rules.py), its map (map.json) and its computer player
(bot.py). Importing the package loads none of them."""

# The home card's picture (a galleon on the sea beside a coast of four empire colours):
# background colour and SVG body in a 64x64 frame. Plain data, so the home screen loads no
# module of the game.
PICTURE = ("#cfe3ee", (
    '<path d="M8 8H24V24H8ZM24 8H40V20H24Z" fill="#4f9d5b"/><path d="M40 8H56V22H40Z" '
    'fill="#e08a2e"/><path d="M8 24H20V40H8Z" fill="#8e5fb3"/><path d="M40 22H56V34H40Z" '
    'fill="#e2c23a"/><path d="M18 46H46L41 54H23Z" fill="#7a4e2d"/><path d="M31 22V46" '
    'stroke="#3b2a1a" stroke-width="2"/><path d="M32 24 45 40H32Z" fill="#f4efe4" '
    'stroke="#3b2a1a" stroke-width="1.5"/>'))
