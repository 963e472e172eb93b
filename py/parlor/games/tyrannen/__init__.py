"""Tod dem Tyrannen!: rules, view, board, bot and play by link. Kept light: importing it
loads nothing."""

# The home card's picture, the king's crown on the streets of the town: background colour and
# SVG body in a 64x64 frame. Plain data, so the home screen loads no module of the game.
PICTURE = ('#dfe6d3', (
    '<path d="M8 44H56M20 8V56M44 8V56" stroke="#9aa58a" stroke-width="5"/>'
    '<path d="M21 38 18 22 26 30 32 18 38 30 46 22 43 38Z" fill="#c9a227" stroke="#6b5413" stroke-width="2" stroke-linejoin="round"/>'))
