"""The Tyrus board as SVG text, and the latest tally explained as HTML, from an engine view.

Both are pure functions of plain data and know no rules. In the SVG, what may be clicked
carries data-tile (a hand tile), data-building (a building index) or data-action="take-back"
(a placement not yet confirmed); the app finds it with closest() from the click target.
"""
from __future__ import annotations

from typing import NamedTuple

from ...i18n import N_, _, ngettext, pgettext
from ...screens.svg import board_svg, clean, clip, esc, group, num, tag, target, text
from .rules import kind_letter, tile_label

SEAT_FILL = ("#f3ead2", "#6b4226")      # ivory and brown: light against dark for every eye
SEAT_INK = ("#2b2118", "#ffffff")
SEAT_COLOUR = (
    # Translators: Tyrus: the first side's colour, standing in for a player without a name.
    N_("Ivory"),
    # Translators: Tyrus: the second side's colour, standing in for a player without a name.
    N_("Brown"))
EDGE = "#3b3127"
GOLD = "#d4a017"
GLOW = "#1f9d55"
PROFESSION_FILL = {"S": "#b3261e", "M": "#8a6d00", "P": "#2e5eaa"}
# The words of Tyrus, marked here and translated where they are drawn. Translators: keep
# the rulebook's terms (French: la citadelle, le marché, le temple; le général, le chef des
# marchands, le grand prêtre; les soldats, les marchands, les prêtres).
BUILDING_TITLE = {
    # Translators: Tyrus: a building's name as its heading (French rulebook: citadelle).
    "S": N_("Citadel"),
    # Translators: Tyrus: a building's name as its heading (French rulebook: marché).
    "M": N_("Market"),
    # Translators: Tyrus: a building's name as its heading (French rulebook: temple).
    "P": N_("Temple"),
}
REPRESENTATIVE = {
    # Translators: Tyrus: the representative elected in the citadels (French rulebook: le
    # général).
    "S": N_("General"),
    # Translators: Tyrus: the representative elected in the markets (French rulebook: le
    # chef des marchands).
    "M": N_("Guildmaster"),
    # Translators: Tyrus: the representative elected in the temples (French rulebook: le
    # grand prêtre).
    "P": N_("High Priest"),
}
IN_BUILDINGS = {
    # Translators: Tyrus: under the representative's name on the election card: where the
    # election is held (French rulebook: dans les citadelles).
    "S": N_("in the citadels"),
    # Translators: Tyrus: where the election is held (French rulebook: dans les marchés).
    "M": N_("in the markets"),
    # Translators: Tyrus: where the election is held (French rulebook: dans les temples).
    "P": N_("in the temples"),
}
TILE_WORDS = {
    # Translators: Tyrus: a tile's face in words, profession and value (French rulebook:
    # une tuile "8 soldats").
    "S": N_("soldiers {value}"),
    # Translators: Tyrus: a tile's face in words (French rulebook: "3 marchands").
    "M": N_("merchants {value}"),
    # Translators: Tyrus: a tile's face in words (French rulebook: "6 prêtres").
    "P": N_("priests {value}"),
}
ROLE_LINES = {
    # Translators: Tyrus tally, one line per counted tile: {player} placed {tile} (e.g.
    # "merchants 3"), and it counts as votes for its owner (French rulebook: voix).
    "vote": N_("{player}: {tile}, votes"),
    # Translators: Tyrus tally: a rival's tile that stops votes (French rulebook: un contre).
    "block": N_("{player}: {tile}, blocks votes"),
    # Translators: Tyrus tally: the owner's tile that cancels a block (French rulebook: un
    # contre de contre).
    "counter": N_("{player}: {tile}, counters a block"),
    # Translators: Tyrus tally: a tile in the building that does not count.
    "none": N_("{player}: {tile}, no effect"),
}
# Translators: Tyrus tally: a counter tile with no rival block to cancel (French rulebook:
# contre de contre).
NO_BLOCK_LINE = N_("{player}: {tile}, no block to counter")
TALLY_HEADS = {
    # Translators: Tyrus: the heading of an election's tally (French rulebook: élection d'un
    # général, dans les citadelles).
    "S": N_("Election {number} of {total}: General, in the citadels"),
    # Translators: Tyrus: the heading of an election's tally (French rulebook: chef des
    # marchands, dans les marchés).
    "M": N_("Election {number} of {total}: Guildmaster, in the markets"),
    # Translators: Tyrus: the heading of an election's tally (French rulebook: grand prêtre,
    # dans les temples).
    "P": N_("Election {number} of {total}: High Priest, in the temples"),
}
NULL_VERDICTS = {
    # Translators: Tyrus: a null election, equal scores (French rulebook: élection nulle).
    "S": N_("Null election, {score} to {other}: nobody takes the General."),
    # Translators: Tyrus: a null election, equal scores (French rulebook: élection nulle).
    "M": N_("Null election, {score} to {other}: nobody takes the Guildmaster."),
    # Translators: Tyrus: a null election, equal scores (French rulebook: élection nulle).
    "P": N_("Null election, {score} to {other}: nobody takes the High Priest."),
}
WON_VERDICTS = {
    # Translators: Tyrus: who won an election; {score} is theirs, {other} their rival's.
    "S": N_("{player} takes the General, {score} to {other}."),
    # Translators: Tyrus: who won an election; {score} is theirs, {other} their rival's.
    "M": N_("{player} takes the Guildmaster, {score} to {other}."),
    # Translators: Tyrus: who won an election; {score} is theirs, {other} their rival's.
    "P": N_("{player} takes the High Priest, {score} to {other}."),
}
SIDE_HEADS = {
    # Translators: Tyrus tally: the heading of one player's side, their citadel.
    "S": N_("{player}\u2019s citadel"),
    # Translators: Tyrus tally: the heading of one player's side, their market.
    "M": N_("{player}\u2019s market"),
    # Translators: Tyrus tally: the heading of one player's side, their temple.
    "P": N_("{player}\u2019s temple"),
}
ELECTIONS = 9

WIDTH, HEIGHT = 360, 622
B_X, B_W, B_H, HEADER, PAD = (4, 123, 242), 114, 136, 20, 3
ZONE_H = (B_H - HEADER - 3 * PAD) / 2
TOP_BAR_Y, FAR_Y, MID_Y, NEAR_Y, NEAR_BAR_Y, BAR_H, MID_H = 4, 34, 176, 322, 464, 26, 140
HAND_Y, HAND_W, HAND_H, HAND_COLS, CELL_H, RAISE = 502, 40, 50, 5, 56, 4
MIN_FONT = 11.0            # no board text smaller: one unit is one CSS px on a phone
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"


class _Scene(NamedTuple):
    """What every part of the drawing needs besides the view."""

    viewer: int
    names: tuple
    initials: tuple
    interactive: bool
    selected: str | None
    targets: frozenset
    pending: dict | None
    kind: str | None          # the kind of the election in progress


def _display_names(names) -> tuple:
    """Two clipped names for seats 0 and 1, falling back to the colour names."""
    names = list(names or [])[:2] + ["", ""]
    return tuple(clip(names[s] or "") or _(SEAT_COLOUR[s]) for s in (0, 1))


def _initials(names: tuple) -> tuple:
    """A letter per seat for the name chips; the colours' letters if names share one."""
    first = _first_letters(names)
    if all(first) and first[0] != first[1]:
        return first
    colours = _first_letters(_(c) for c in SEAT_COLOUR)
    return colours if all(colours) and colours[0] != colours[1] else ("1", "2")


def _first_letters(names) -> tuple:
    return tuple(next((c.upper() for c in n if c.isalpha()), "") for n in names)


def _join(items) -> str:
    """Names in a list for a sentence: "Ana", "Ana and Bo"."""
    items = list(items)
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        # Translators: the last two names of a list, e.g. "Ana and Bo".
        text = _("{first} and {second}").format(first=text, second=item)
    return text


def render(view: dict, ui: dict, names) -> str:
    """The whole board as one <svg> element sized by CSS (viewBox only)."""
    scene = _scene(view, ui, names)
    opponent = 1 - scene.viewer
    parts = [tag("rect", width=WIDTH, height=HEIGHT, fill="#faf7f0", class_="felt"),
             _bar(view, scene, opponent, TOP_BAR_Y, minis=True)]
    for b, building in enumerate(view["buildings"]):
        parts.append(_building(b, building, scene))
    parts += [_card(view, scene), _deck_and_last(view, scene), _chart(view, scene),
              _bar(view, scene, scene.viewer, NEAR_BAR_Y, minis=False), _hand(view, scene)]
    return board_svg(*parts, width=WIDTH, height=HEIGHT, label=_summary(view, scene),
                     class_="board tyrus", font_family=FONT)


def _scene(view: dict, ui: dict, names) -> _Scene:
    shown = _display_names(names)
    interactive = bool(ui.get("interactive"))
    election = view.get("election")
    return _Scene(
        viewer=1 if ui.get("viewer") == 1 else 0, names=shown, initials=_initials(shown),
        interactive=interactive, selected=ui.get("selected") if interactive else None,
        targets=frozenset(ui.get("targets") or ()), pending=ui.get("pending"),
        kind=election["kind"] if election else None)


def _summary(view: dict, scene: _Scene) -> str:
    """The board in one sentence for screen readers."""
    won = [sum(1 for row in view["chart"] if row["winner"] == s) for s in (0, 1)]
    # Translators: Tyrus, for screen readers: how many representatives each player has won.
    score = _("representatives: {first} {first_count}, {second} {second_count}").format(
        first=scene.names[0], first_count=won[0], second=scene.names[1], second_count=won[1])
    outcome, election = view.get("outcome"), view.get("election")
    if outcome:
        if not outcome["winners"]:
            return _("Tyrus, game over, nobody wins; {score}").format(score=score)
        return _("Tyrus, game over, {winners} wins; {score}").format(
            winners=_join(scene.names[s] for s in outcome["winners"]), score=score)
    if not election:
        # Translators: Tyrus, for screen readers, before the first election card is turned.
        return _("Tyrus, before the first election; {score}").format(score=score)
    kind = election["kind"]
    # Translators: Tyrus, for screen readers: {representative} is the one elected now (e.g.
    # "General"), {players} who is to play.
    return _("Tyrus, election {number} of {total}: {representative}; {score}; {players} "
             "to play").format(
        number=election["number"], total=ELECTIONS,
        representative=_(REPRESENTATIVE[kind]) if kind in REPRESENTATIVE else "",
        score=score, players=_join(scene.names[s] for s in view["to_move"]))


# Tiles and icons, drawn at the origin.

def _tile(code, owner: int, w: float, h: float) -> str:
    """A tile face (profession band, letter, big value) or, when code is None, its back."""
    fill, ink = SEAT_FILL[owner], SEAT_INK[owner]
    body = tag("rect", width=float(w), height=float(h), rx=3, fill=fill, stroke=EDGE,
               stroke_width=1)
    if code is None:
        inset = w * 0.16
        return (body + tag("rect", x=inset, y=inset, width=w - 2 * inset,
                           height=h - 2 * inset, rx=2, fill="none", stroke=ink,
                           stroke_opacity=0.5)
                + _emblem(owner, w / 2, h / 2, w * 0.22, ink))
    kind, value = code[:1], code[1:]
    band = h * 0.3
    fill = PROFESSION_FILL.get(kind, "#666666")
    if band * 0.85 < MIN_FONT:      # too small for two lines: a thin band, "M3" in one line
        return (body + tag("rect", x=0.5, y=0.5, width=w - 1, height=h * 0.2, rx=2.5, fill=fill)
                + text(w / 2, h * 0.2 + (h * 0.8 + MIN_FONT * 0.7) / 2, tile_label(code),
                       font_size=MIN_FONT, font_weight="bold", fill=ink, text_anchor="middle"))
    return (body + tag("rect", x=0.5, y=0.5, width=w - 1, height=band, rx=2.5, fill=fill)
            + text(w / 2, band * 0.82, kind_letter(kind), font_size=band * 0.85,
                   font_weight="bold",
                   fill="#ffffff", text_anchor="middle")
            + text(w / 2, band + (h - band) * 0.74, value, font_size=(h - band) * 0.62,
                   font_weight="bold", fill=ink, text_anchor="middle"))


def _emblem(seat: int, cx: float, cy: float, r: float, ink: str) -> str:
    """The mark on a seat's tile backs, a shape as well as a colour: ring (0), diamond (1)."""
    if seat == 0:
        return tag("circle", cx=cx, cy=cy, r=r, fill="none", stroke=ink, stroke_width=r / 2.5,
                   class_="emblem")
    d = (f"M{num(cx)},{num(cy - r * 1.2)}l{num(r)},{num(r * 1.2)}l{num(-r)},{num(r * 1.2)}"
         f"l{num(-r)},{num(-r * 1.2)}Z")
    return tag("path", d=d, fill=ink, fill_opacity=0.85, class_="emblem")


def _icon(kind: str, cx: float, cy: float, size: float, colour: str) -> str:
    """A sword (citadel), two coins (market) or a temple front, centred on (cx, cy)."""
    r = size / 2
    line = {"fill": "none", "stroke": colour, "stroke_width": max(1.0, size / 9),
            "stroke_linecap": "round"}
    if kind == "S":
        d = (f"M0,{num(-r)}V{num(r * .45)}M{num(-r * .5)},{num(r * .3)}H{num(r * .5)}"
             f"M0,{num(r * .45)}V{num(r)}")
        shape = tag("path", d=d, **line)
    elif kind == "M":
        shape = "".join(tag("circle", cx=dx * r, cy=dy * r, r=r * 0.5, fill=colour,
                            stroke="#ffffff", stroke_width=max(0.8, size / 14))
                        for dx, dy in ((-0.35, 0.25), (0.35, -0.2)))
    else:
        d = (f"M{num(-r)},{num(-r * .35)}L0,{num(-r)}L{num(r)},{num(-r * .35)}Z"
             f"M{num(-r * .6)},{num(-r * .2)}V{num(r * .7)}M0,{num(-r * .2)}V{num(r * .7)}"
             f"M{num(r * .6)},{num(-r * .2)}V{num(r * .7)}M{num(-r)},{num(r * .9)}H{num(r)}")
        shape = tag("path", d=d, stroke_linejoin="round", **line)
    return group(shape, x=cx, y=cy, class_="icon")


def _chip(seat: int, cx: float, cy: float, r: float, scene: _Scene, label=None) -> str:
    """A disc in the seat's colour bearing its initial (or `label`)."""
    return (tag("circle", cx=float(cx), cy=float(cy), r=float(r), fill=SEAT_FILL[seat],
                stroke=EDGE, stroke_width=1, class_=f"chip seat{seat}")
            + text(cx, cy + r * 0.38, scene.initials[seat] if label is None else label,
                   font_size=max(MIN_FONT, r * 1.05), font_weight="bold", fill=SEAT_INK[seat],
                   text_anchor="middle"))


def _grid(n: int, w: float, h: float, max_w: float = 32.0, ratio: float = 1.3,
          gap: float = 3.0) -> list:
    """Boxes (x, y, width, height) for n tiles packed as large as fits in w x h, centred."""
    best = (0.0, 1, 1)
    for rows in range(1, n + 1):
        cols = -(-n // rows)
        size = min(max_w, (w - gap * (cols - 1)) / cols, (h - gap * (rows - 1)) / rows / ratio)
        if size > best[0]:
            best = (size, rows, cols)
    size, rows, cols = best
    th = size * ratio
    top = (h - rows * th - (rows - 1) * gap) / 2
    boxes = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        left = (w - in_row * size - (in_row - 1) * gap) / 2
        boxes.append((left + col * (size + gap), top + row * (th + gap), size, th))
    return boxes


# The six buildings.

def _building(b: int, building: dict, scene: _Scene) -> str:
    """One building: header with its kind, the owner's tiles, then the intruders' tiles."""
    owner, kind = building["owner"], building["kind"]
    far = owner != scene.viewer
    electing = kind == scene.kind
    targeted = scene.interactive and scene.selected is not None and b in scene.targets
    classes = ["bldg", f"b{b}", f"seat{owner}", "far" if far else "near"]
    classes += ["elect"] * electing + ["target"] * targeted
    parts = []
    if targeted:
        parts.append(tag("rect", x=-3, y=-3, width=B_W + 6, height=B_H + 6, rx=9, fill="none",
                         stroke=GLOW, stroke_width=4, stroke_opacity=0.7, class_="glow"))
    parts.append(tag("rect", width=B_W, height=B_H, rx=6, fill="#ece5d8",
                     stroke=GOLD if electing else "#8c7f70", stroke_width=3 if electing else 1.2,
                     class_="base"))
    header_y = 0 if far else B_H - HEADER
    parts.append(_header(kind, owner, header_y, electing))
    own_y = HEADER + PAD if far else 2 * PAD + ZONE_H
    visit_y = HEADER + 2 * PAD + ZONE_H if far else PAD
    divider = (own_y + ZONE_H + visit_y) / 2 if far else (visit_y + ZONE_H + own_y) / 2
    parts.append(tag("line", x1=8, x2=B_W - 8, y1=divider, y2=divider, stroke="#8c7f70",
                     stroke_dasharray="3 3", class_="divider"))
    own = [(t["tile"], t["owner"], False) for t in building["tiles"] if t["owner"] == owner]
    visitors = [(t["tile"], t["owner"], False) for t in building["tiles"] if t["owner"] != owner]
    pending = scene.pending
    if pending and pending.get("building") == b:
        (own if scene.viewer == owner else visitors).append((pending["tile"], scene.viewer, True))
    parts.append(_zone(own, own_y, scene))
    parts.append(_zone(visitors, visit_y, scene))
    x, y = B_X[b % 3], FAR_Y if far else NEAR_Y
    if targeted:
        label = _target_label(kind, owner == scene.viewer, len(building["tiles"])).format(
            n=len(building["tiles"]), player=scene.names[owner],
            tile=tile_words(scene.selected))
        return target(*parts, x=x, y=y, class_=" ".join(classes), label=label,
                      data_building=str(b))
    return group(*parts, x=x, y=y, class_=" ".join(classes))


def _target_label(kind: str, yours: bool, n: int) -> str:
    """The accessible name of a building the selected tile may go into (to format with n,
    player and tile)."""
    if kind == "S":
        if yours:
            # Translators: Tyrus, for screen readers: your own citadel, lit as a place for
            # the selected tile ({tile}, e.g. "merchants 3"); {n} tiles already lie in it.
            return ngettext("Citadel, yours, {n} tile: place {tile} here",
                            "Citadel, yours, {n} tiles: place {tile} here", n)
        # Translators: Tyrus, for screen readers: {player}'s citadel, lit as a place for the
        # selected tile ({tile}, e.g. "merchants 3"); {n} tiles already lie in it.
        return ngettext("Citadel, {player}\u2019s, {n} tile: place {tile} here",
                        "Citadel, {player}\u2019s, {n} tiles: place {tile} here", n)
    if kind == "M":
        if yours:
            # Translators: Tyrus, for screen readers (see "Citadel, yours, ...").
            return ngettext("Market, yours, {n} tile: place {tile} here",
                            "Market, yours, {n} tiles: place {tile} here", n)
        # Translators: Tyrus, for screen readers (see "Citadel, {player}’s, ...").
        return ngettext("Market, {player}\u2019s, {n} tile: place {tile} here",
                        "Market, {player}\u2019s, {n} tiles: place {tile} here", n)
    if yours:
        # Translators: Tyrus, for screen readers (see "Citadel, yours, ...").
        return ngettext("Temple, yours, {n} tile: place {tile} here",
                        "Temple, yours, {n} tiles: place {tile} here", n)
    # Translators: Tyrus, for screen readers (see "Citadel, {player}’s, ...").
    return ngettext("Temple, {player}\u2019s, {n} tile: place {tile} here",
                    "Temple, {player}\u2019s, {n} tiles: place {tile} here", n)


def _header(kind: str, owner: int, y: float, electing: bool) -> str:
    ink = SEAT_INK[owner]
    parts = [tag("rect", x=1.5, y=y + 1.5, width=B_W - 3, height=HEADER - 3, rx=4.5,
                 fill=SEAT_FILL[owner], class_="header"),
             _icon(kind, 13, y + HEADER / 2, 13, ink),
             text(25, y + 14.5, _(BUILDING_TITLE[kind]) if kind in BUILDING_TITLE else kind,
                  font_size=12, font_weight="bold", fill=ink)]
    if electing:
        parts += [tag("rect", x=B_W - 40, y=y + 3, width=37, height=14, rx=7, fill=GOLD,
                      class_="vote-badge"),
                  # Translators: Tyrus: a short badge (about 5 letters) on the two buildings
                  # where the election under way is counted.
                  text(B_W - 21.5, y + 13.5, pgettext("Tyrus badge", "vote"), font_size=11,
                       font_weight="bold",
                       fill="#2b2118", text_anchor="middle")]
    return "".join(parts)


def _zone(tiles: list, y: float, scene: _Scene) -> str:
    """Tiles of one owner packed in a band of a building."""
    parts = []
    for (code, owner, pending), (tx, ty, w, h) in zip(tiles, _grid(len(tiles), B_W - 8, ZONE_H)):
        if pending:
            outline = tag("rect", x=-2.5, y=-2.5, width=w + 5, height=h + 5, rx=4, fill="none",
                          stroke=GLOW, stroke_width=2.5, class_="outline")
            parts.append(group(outline, _tile(code, owner, w, h), x=4 + tx, y=y + ty,
                               class_="tile pending"))
        else:
            classes = f"tile seat{owner}" + (" back" if code is None else "")
            parts.append(group(_tile(code, owner, w, h), x=4 + tx, y=y + ty,
                               class_=classes))
    return "".join(parts)


# The players' bars and the hand.

def _bar(view: dict, scene: _Scene, seat: int, y: float, minis: bool) -> str:
    """Name, first-player marker, turn marker and counts (or a revealed hand) for a seat."""
    parts = [tag("rect", x=4, width=WIDTH - 8, height=BAR_H, rx=6, fill="#efe8da",
                 class_="bar-bg"),
             _chip(seat, 17, BAR_H / 2, 10, scene),
             text(32, 17.5, scene.names[seat], font_size=13, font_weight="bold", fill="#2b2118",
                  class_="name")]
    if view.get("first_player") == seat:
        parts += [tag("rect", x=164, y=5, width=30, height=16, rx=8, fill=GOLD,
                      class_="first"),
                  # Translators: Tyrus: a tiny badge (3 letters) by the first player's name
                  # (French rulebook: "1er joueur").
                  text(179, 17, _("1st"), font_size=11, font_weight="bold", fill="#2b2118",
                       text_anchor="middle")]
    if seat in view.get("to_move", ()):
        parts += [tag("rect", x=198, y=5, width=48, height=16, rx=8, fill=GLOW,
                      class_="turn"),
                  # Translators: a small badge (about 8 letters) by the name of the player
                  # whose turn it is.
                  text(222, 17, _("to play"), font_size=11, font_weight="bold",
                       fill="#ffffff", text_anchor="middle")]
    hand = view["hands"][seat]
    if minis and isinstance(hand, list) and hand:
        w = min(16.0, (WIDTH - 8 - 250 - 2 * (len(hand) - 1)) / len(hand))
        for i, code in enumerate(hand):
            x = WIDTH - 8 - (len(hand) - i) * (w + 2) + 2
            parts.append(group(_tile(code, seat, w, w * 1.3), x=x, y=(BAR_H - w * 1.3) / 2,
                               class_=f"tile seat{seat} shown"))
    else:
        count = len(hand) if isinstance(hand, list) else hand
        # Translators: Tyrus: labels with counts: tiles in the player's hand, and tiles still
        # to draw from their bag (French rulebook: la pioche).
        counts = _("hand {hand} \u00b7 bag {bag}").format(hand=count, bag=view["bag"][seat])
        parts.append(text(WIDTH - 10, 17, counts,
                          font_size=11, fill="#4a4036", text_anchor="end", class_="counts"))
    return group(*parts, y=y, class_=f"bar seat{seat} {'far' if minis else 'near'}")


def _hand(view: dict, scene: _Scene) -> str:
    """The viewer's hand in up to two rows of cells at least 44 units square (a finger's
    width on a phone): faces with data-tile, or backs when it is hidden."""
    hand = view["hands"][scene.viewer]
    if isinstance(hand, list):
        codes = list(hand)
        taken = scene.pending.get("tile") if scene.pending else None
        if taken in codes:
            codes.remove(taken)
    else:
        codes = [None] * int(hand)
    cols = HAND_COLS if len(codes) > 2 * HAND_COLS - 2 else max(1, -(-len(codes) // 2))
    cols = min(cols, len(codes)) or 1
    cell_w = (WIDTH - 8) / max(cols, 4)
    rows = -(-len(codes) // cols)
    top = HAND_Y + (2 - rows) * CELL_H / 2
    parts = [tag("rect", x=4, y=HAND_Y - 4, width=WIDTH - 8, height=2 * CELL_H + 8, rx=8,
                 fill="#e6dccb", class_="tray")]
    for i, code in enumerate(codes):
        row, col = divmod(i, cols)
        in_row = min(cols, len(codes) - row * cols)
        left = (WIDTH - in_row * cell_w) / 2 + col * cell_w
        chosen = code is not None and code == scene.selected
        body = _tile(code, scene.viewer, HAND_W, HAND_H)
        if chosen:
            body = tag("rect", x=-3, y=-3, width=HAND_W + 6, height=HAND_H + 6, rx=5,
                       fill="none", stroke=GLOW, stroke_width=3, class_="outline") + body
        x, y = left + (cell_w - HAND_W) / 2, top + row * CELL_H + (CELL_H - HAND_H) / 2
        classes = "tile hand" + (" back" if code is None else "") + (" sel" if chosen else "")
        if scene.interactive and code is not None:
            hit = tag("rect", x=(HAND_W - cell_w) / 2, y=(HAND_H - CELL_H) / 2, width=cell_w,
                      height=float(CELL_H), fill="none", pointer_events="all", class_="hit")
            if chosen:
                # Translators: Tyrus, for screen readers: {code} is a tile such as "M3",
                # {tile} its words ("merchants 3"); tapping it puts it back (unselects it).
                label = _("{code}, {tile}, in your hand: put it back")
            else:
                # Translators: Tyrus, for screen readers: {code} is a tile such as "M3",
                # {tile} its words ("merchants 3").
                label = _("{code}, {tile}, in your hand: choose it")
            label = label.format(code=tile_label(code), tile=tile_words(code))
            parts.append(target(hit, body, x=x, y=y - RAISE * chosen, class_=classes,
                                label=label,
                                aria_pressed="true" if chosen else "false", data_tile=code))
        else:
            parts.append(group(body, x=x, y=y, class_=classes))
    return group(*parts, class_="hand-row")


def tile_words(code: str) -> str:
    """A tile face in words: "merchants 3"."""
    words = TILE_WORDS.get(code[:1])
    return _(words).format(value=code[1:]) if words else code


# The middle band: election card, deck and last result, election chart.

def _card(view: dict, scene: _Scene) -> str:
    """The election in progress, or the result once the game is over."""
    election, cx = view.get("election"), B_W / 2
    if election:
        kind = election["kind"]
        parts = [tag("rect", width=B_W, height=MID_H, rx=8, fill="#2f6b4f", class_="card"),
                 text(cx, 18, _("Election {number} of {total}").format(
                     number=election["number"], total=ELECTIONS), font_size=12,
                      font_weight="bold", fill="#ffffff", text_anchor="middle"),
                 tag("circle", cx=cx, cy=55.0, r=24, fill="#ffffff"),
                 _icon(kind, cx, 55, 30, PROFESSION_FILL.get(kind, "#666666")),
                 text(cx, 98, _(REPRESENTATIVE[kind]) if kind in REPRESENTATIVE else kind,
                      font_size=14, font_weight="bold", fill="#ffffff", text_anchor="middle"),
                 text(cx, 113, _(IN_BUILDINGS[kind]) if kind in IN_BUILDINGS else "",
                      font_size=11, fill="#ffffff", text_anchor="middle")]
        placed = election.get("placements", [])
        for i in range(6):
            x = cx - 35 + i * 14
            if i < len(placed):
                parts.append(tag("circle", cx=x, cy=127.0, r=5, fill=SEAT_FILL[placed[i]],
                                 stroke=EDGE, class_=f"placed seat{placed[i]}"))
            else:
                parts.append(tag("circle", cx=x, cy=127.0, r=4.5, fill="none", stroke="#ffffff",
                                 stroke_opacity=0.7, class_="slot"))
        return group(*parts, x=B_X[0], y=MID_Y, class_="election")
    outcome = view.get("outcome") or {}
    winners = outcome.get("winners") or []
    parts = [tag("rect", width=B_W, height=MID_H, rx=8, fill="#3a3a4a", class_="card over"),
             text(cx, 18, _("Game over"), font_size=12, font_weight="bold", fill="#ffffff",
                  text_anchor="middle")]
    if winners:
        parts.append(_chip(winners[0], cx, 40, 13, scene))
        parts += [text(cx, 70, scene.names[winners[0]], font_size=12, font_weight="bold",
                       fill="#ffffff", text_anchor="middle", class_="name"),
                  # Translators: Tyrus: on its own line under the winner's name.
                  text(cx, 84, pgettext("under the winner's name", "wins"), font_size=11,
                       fill="#ffffff", text_anchor="middle")]
    else:
        # Translators: a game that nobody won.
        parts.append(text(cx, 62, pgettext("game result", "Draw"), font_size=16,
                          font_weight="bold", fill="#ffffff", text_anchor="middle"))
    reason = outcome.get("reason") or ""
    for i, line in enumerate(_wrap(clean(_(reason) if reason else ""), 18, 2)):
        parts.append(text(cx, 97 + i * 12, line, font_size=11, fill="#ffffff",
                          text_anchor="middle", class_="reason"))
    tiebreak = outcome.get("tiebreak")
    if tiebreak:
        # Translators: Tyrus: the totals of the tiles left in the two players' hands, which
        # decided the game.
        parts.append(text(cx, 134, _("hands {first} \u2013 {second}").format(
            first=tiebreak[0], second=tiebreak[1]),
                          font_size=11, font_weight="bold", fill="#ffffff", text_anchor="middle",
                          class_="tiebreak"))
    return group(*parts, x=B_X[0], y=MID_Y, class_="election")


def _wrap(words: str, width: int, lines: int) -> list:
    """Words wrapped at `width` characters, at most `lines` lines, the last clipped."""
    out = []
    for word in words.split():
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines - 1] + [clip(" ".join(out[lines - 1:]), width - 1)]
    return [clip(line, width) for line in out]


def _deck_and_last(view: dict, scene: _Scene) -> str:
    """The face-down election cards left, and the result of the latest tally."""
    cx = B_W / 2
    parts = [tag("rect", x=cx - 20 + 3 * i, y=6 + 3 * i, width=40, height=50, rx=4,
                 fill="#2f6b4f", stroke="#ffffff", stroke_width=1.2, class_="deck")
             for i in (2, 1, 0)]
    parts += [text(cx, 39, view.get("deck_left", 0), font_size=20, font_weight="bold",
                   fill="#ffffff", text_anchor="middle", class_="deck-left"),
              # Translators: Tyrus: under the number of election cards still face down
              # (French rulebook: cartes Election); the number is drawn above these words.
              text(cx, 76, ngettext("card left", "cards left", view.get("deck_left", 0)),
                   font_size=11, fill="#4a4036", text_anchor="middle")]
    last = view.get("last_tally")
    if not last:
        # Translators: Tyrus: no election has been counted yet (French rulebook: dépouillement).
        parts.append(text(cx, 112, _("no tally yet"), font_size=11, fill="#5d5246",
                          text_anchor="middle"))
    else:
        kind, winner = last["kind"], last["winner"]
        parts += [tag("rect", y=84, width=B_W, height=MID_H - 84, rx=8, fill="#efe8da",
                      class_="last"),
                  text(cx, 98, _("Election {number}").format(number=last["number"]),
                       font_size=11, fill="#4a4036", text_anchor="middle"),
                  # Translators: Tyrus: an election with equal scores (French rulebook:
                  # élection nulle).
                  text(cx, 112, _("null election") if winner is None
                       else _("{player} won").format(player=clip(scene.names[winner], 10)),
                       font_size=11, font_weight="bold", fill="#2b2118",
                       text_anchor="middle")]
        for seat, side in enumerate(last["sides"]):
            x = 8 + seat * 52
            parts += [tag("rect", x=x, y=119, width=46, height=16, rx=8, fill=SEAT_FILL[seat],
                          stroke=EDGE, class_=f"score seat{seat}"),
                      text(x + 23, 131, f"{scene.initials[seat]} {side['score']}", font_size=11,
                           font_weight="bold", fill=SEAT_INK[seat], text_anchor="middle")]
    return group(*parts, x=B_X[1], y=MID_Y, class_="middle")


def _chart(view: dict, scene: _Scene) -> str:
    """Nine rows: each finished election's winner in their column, or N when null."""
    left, mid, right = 22, B_W / 2, B_W - 22
    row_h = (MID_H - 22) / ELECTIONS
    parts = [tag("rect", width=B_W, height=MID_H, rx=8, fill="#f7f3ea", stroke="#8c7f70",
                 class_="chart"),
             _chip(0, left, 10, 8, scene), _chip(1, right, 10, 8, scene),
             text(mid, 14, "#", font_size=11, fill="#4a4036", text_anchor="middle")]
    rows = {row["number"]: row for row in view.get("chart", [])}
    current = (view.get("election") or {}).get("number")
    for n in range(1, ELECTIONS + 1):
        top = 19 + (n - 1) * row_h
        base = top + row_h / 2 + 3.4
        if n == current:
            parts.append(tag("rect", x=3, y=top, width=B_W - 6, height=row_h, rx=3, fill=GOLD,
                             fill_opacity=0.4, class_="now"))
        row = rows.get(n)
        seat = row["winner"] if row else None
        if row and seat is None:
            # Translators: Tyrus: one letter marking a null election in the chart (the French
            # rulebook's pieces show N).
            null = pgettext("Tyrus chart: null election", "N")
            parts.append(group(_pill(mid, top, 24, row_h, "#8a8a8a", "#ffffff", null),
                               class_="null"))
            continue
        parts.append(text(mid, base, n, font_size=11, fill="#2b2118", text_anchor="middle"))
        if row:
            x = left if seat == 0 else right
            parts.append(group(_pill(x, top, 32, row_h, SEAT_FILL[seat], SEAT_INK[seat],
                                     kind_letter(row["kind"])), class_=f"won seat{seat}"))
    return group(*parts, x=B_X[2], y=MID_Y, class_="chart-box")


def _pill(cx: float, top: float, w: float, row_h: float, fill: str, ink: str, label) -> str:
    """A rounded marker filling a chart row, centred on cx, with a short label."""
    return (tag("rect", x=cx - w / 2, y=top + 1, width=float(w), height=row_h - 2, rx=4,
                fill=fill, stroke=EDGE, stroke_width=0.8)
            + text(cx, top + row_h / 2 + 3.8, label, font_size=11, font_weight="bold",
                   fill=ink, text_anchor="middle"))


# The latest tally, explained.

def render_tally(view: dict, names) -> str:
    """An HTML fragment explaining the latest tally side by side; '' when there is none."""
    last = view.get("last_tally")
    if not last:
        return ""
    shown = _display_names(names)
    kind, winner = last["kind"], last["winner"]
    scores = [side["score"] for side in last["sides"]]
    if winner is None:
        verdict = _(NULL_VERDICTS[kind]).format(score=scores[0], other=scores[1])
    else:
        verdict = _(WON_VERDICTS[kind]).format(player=shown[winner], score=scores[winner],
                                               other=scores[1 - winner])
    sides = [_tally_side(seat, side, kind, shown) for seat, side in enumerate(last["sides"])]
    head = _(TALLY_HEADS[kind]).format(number=last["number"], total=ELECTIONS)
    return tag("section",
               tag("h3", esc(head)),
               tag("p", esc(verdict), class_="verdict " + ("null" if winner is None
                                                         else f"won seat{winner}")),
               tag("div", *sides, class_="sides"),
               class_="tally")


def countered(side: dict) -> int:
    """How much of the rival's block a side's counters cancelled: never more than the block (T9)."""
    return min(side["counter"], side["block"])


def _tally_side(seat: int, side: dict, kind: str, shown: tuple) -> str:
    items = []
    for tile in side["tiles"]:
        code, role = tile["tile"], tile["role"]
        line = ROLE_LINES.get(role, ROLE_LINES["none"])
        if role == "counter" and not side["block"]:
            line = NO_BLOCK_LINE
        items.append(tag("li", esc(_(line).format(player=shown[tile["owner"]],
                                                  tile=tile_words(code))),
                         class_=f"role-{role} seat{tile['owner']}"))
    if not items:
        # Translators: Tyrus tally: a building with no tiles in it.
        items.append(tag("li", esc(_("no tiles")), class_="role-none"))
    # Translators: Tyrus tally, the sum of one side: votes (French rulebook: voix), the
    # rival's block (contre), the block countered (contre de contre), and the score.
    rows = [("votes", _("Votes"), side["votes"])]
    if side["block"]:   # no block: nothing was blocked, nothing countered (T9)
        rows += [("block", _("Blocked by {player}").format(player=shown[1 - seat]), side["block"]),
                 ("counter", _("Block countered"), countered(side))]
    rows.append(("score", _("Score"), side["score"]))
    table = tag("table", *(tag("tr", tag("th", esc(label)), tag("td", esc(value)), class_=key)
                           for key, label, value in rows), class_="sum")
    return tag("div",
               tag("h4", esc(_(SIDE_HEADS[kind]).format(player=shown[seat]))),
               tag("ul", *items, class_="tiles"),
               table,
               class_=f"side seat{seat}")
