"""Tsuro: rules, view, board and play by link. Kept light: importing it loads nothing."""

# The home card's picture, a path tile with two winding paths and a marker on one: background
# colour and SVG body in a 64x64 frame. Plain data, so the home screen loads no module of the
# game.
PICTURE = ('#2f4a3a', (
    '<rect x="10" y="10" width="44" height="44" rx="4" fill="#e9d9b2"/>'
    '<path d="M24 10C24 30 40 34 40 54M10 40C28 40 36 24 54 24" fill="none" stroke="#7a4e2d" stroke-width="4"/>'
    '<circle cx="24" cy="12" r="5" fill="#c2562f"/>'))
