"""Tyrus: rules, view, board and play by link. Kept light: importing it loads nothing."""

# The home card's picture, a council building with three tiles face down before it: background
# colour and SVG body in a 64x64 frame. Plain data, so the home screen loads no module of the
# game.
PICTURE = ('#e8dcc4', (
    '<path d="M14 30 32 16 50 30Z" fill="#8a5a3c"/>'
    '<rect x="17" y="30" width="30" height="14" fill="#b07a52"/>'
    '<rect x="15" y="47" width="10" height="11" rx="2" fill="#26344a"/>'
    '<rect x="27" y="47" width="10" height="11" rx="2" fill="#26344a"/>'
    '<rect x="39" y="47" width="10" height="11" rx="2" fill="#26344a"/>'))
