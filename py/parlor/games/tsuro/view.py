"""The Tsuro board as SVG text, from an engine view: pure functions of plain data, no rules.

What may be tapped carries data-action="mark" with data-mark (a free start mark),
data-tile (a tile of the hand) or data-action="rotate" (the tile being tried on the board);
the app finds it with closest() from the click target. The `ui` dict says what the player
is doing (see `render`); the Board builds it from the engine.
"""
from __future__ import annotations

import math

from ...i18n import N_, _, ngettext, pgettext
from ...screens.svg import board_svg, clip, esc, group, num, tag, target, text

WIDTH = 360
MARGIN, SQUARE, SIZE = 12, 56, 6
BOARD = 2 * MARGIN + SIZE * SQUARE          # the board is square, as wide as the drawing
ROW_H, GAP = 22, 4
TRAY_H, TILE = 84, 64
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"

# Eight markers told apart by colour (Okabe-Ito), shape and number.
FILL = ("#d55e00", "#0072b2", "#f0e442", "#009e73", "#cc79a7", "#56b4e9", "#e69f00", "#222222")
INK = ("#ffffff", "#ffffff", "#1d2430", "#ffffff", "#1d2430", "#1d2430", "#1d2430", "#ffffff")
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star", "plus", "wedge")
LABEL_SHIFT = {"triangle": 0.2, "wedge": -0.2}     # the number sits low in a triangle
COLOURS = ("red", "blue", "yellow", "green", "pink", "sky blue", "orange", "black")
# Each seat's marker in words, colour and shape (COLOURS[s] SHAPES[s]), for screen readers.
MARKER_WORDS = (
    # Translators: Tsuro: the first player's marker, a red circle bearing the number 1.
    N_("red circle"),
    # Translators: Tsuro: the second player's marker, a blue square.
    N_("blue square"),
    # Translators: Tsuro: the third player's marker, a yellow triangle.
    N_("yellow triangle"),
    # Translators: Tsuro: the fourth player's marker, a green diamond.
    N_("green diamond"),
    # Translators: Tsuro: the fifth player's marker, a pink hexagon.
    N_("pink hexagon"),
    # Translators: Tsuro: the sixth player's marker, a sky blue star.
    N_("sky blue star"),
    # Translators: Tsuro: the seventh player's marker, an orange plus sign (a cross).
    N_("orange plus"),
    # Translators: Tsuro: the eighth player's marker, a black triangle pointing down.
    N_("black wedge"),
)
GOLD, OUT_RED, GREY = "#ffc83d", "#c62828", "#9aa3ad"

# A square's 8 points (0 = left point of the top side, clockwise) and their inward normals.
POINTS = ((1 / 3, 0), (2 / 3, 0), (1, 1 / 3), (1, 2 / 3), (2 / 3, 1), (1 / 3, 1), (0, 2 / 3),
          (0, 1 / 3))
INWARD = ((0, 1), (0, 1), (-1, 0), (-1, 0), (0, -1), (0, -1), (1, 0), (1, 0))
SECONDS_PER_TILE, LONGEST = 0.3, 2.4

STYLE = (
    "svg.tsuro .t{fill:#efe3c6;stroke:#b9a27a;stroke-width:1}"
    "svg.tsuro .pu{fill:none;stroke:#efe3c6;stroke-width:6}"
    "svg.tsuro .pt{fill:none;stroke:#8a6a3f;stroke-width:2.4;stroke-linecap:round}"
    "svg.tsuro .trail path{fill:none;stroke-linecap:round;stroke-linejoin:round}"
    "svg.tsuro .draw{stroke-dasharray:1;animation:tsuro-draw 1s ease-in-out both}"
    "svg.tsuro .arrive{animation:tsuro-fade .3s ease-out both}"
    "svg.tsuro .pulse{animation:tsuro-pulse 1s ease-in-out infinite alternate}"
    "@keyframes tsuro-draw{from{stroke-dashoffset:1}to{stroke-dashoffset:0}}"
    "@keyframes tsuro-fade{from{opacity:0}to{opacity:1}}"
    "@keyframes tsuro-pulse{from{stroke-opacity:.3}to{stroke-opacity:1}}"
    "@media (prefers-reduced-motion:reduce){svg.tsuro *{animation:none!important}}"
)


def render(view: dict, ui: dict, names) -> str:
    """The whole board as one <svg> sized by CSS (viewBox only).

    ui: "interactive" (the viewer may tap), "animate" (draw the last move's paths as they
    run), "tray" (False: the board alone, for a news screen), "blocked" (hand tiles that
    would put the viewer out however turned), "pending" (None, {"kind": "mark", "index"},
    {"kind": "place", "tile", "pairs", "rot", "paths", "eliminates"} from the engine's
    preview, or {"kind": "pick", "take"}), "candidates" (in a bonus exchange, the viewer's
    candidate tiles as {"tile", "pairs", "own"}).
    """
    shown = display_names(names, view["players"])
    strip = _strip_height(view["players"])
    tray = ui.get("tray", True)
    height = strip + GAP + BOARD + (GAP + TRAY_H if tray else 0) + GAP
    parts = [tag("style", STYLE),
             tag("rect", width=WIDTH, height=height, fill="#f6f1e7", class_="felt"),
             _strip(view, shown),
             group(_board(view, ui), y=strip + GAP, class_="grid")]
    if tray:
        parts.append(group(_tray(view, ui, shown), y=strip + 2 * GAP + BOARD, class_="tray"))
    return board_svg(*parts, width=WIDTH, height=height, label=_summary(view, shown),
                     class_="board tsuro", font_family=FONT)


def display_names(names, players: int) -> tuple:
    """A clipped name per seat, falling back to the player's number."""
    names = list(names or []) + [""] * players
    return tuple(clip(names[s] or "", 24) or _("Player {number}").format(number=s + 1)
                 for s in range(players))


def _join(items) -> str:
    """Names in a list for a sentence: "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    items = list(items)
    if not items:
        return ""
    text = items[0]
    for i, item in enumerate(items[1:], 2):
        if i < len(items):
            # Translators: a list of names, e.g. "Ana, Bo" (more follow, then " and ...").
            text = _("{first}, {second}").format(first=text, second=item)
        else:
            # Translators: the last two names of a list, e.g. "Ana and Bo".
            text = _("{first} and {second}").format(first=text, second=item)
    return text


def _summary(view: dict, shown: tuple) -> str:
    """The position in one sentence for screen readers."""
    seats = []
    for s, m in enumerate(view["markers"]):
        if m["alive"]:
            # Translators: Tsuro, for screen readers: a player, their marker (e.g. "red
            # circle") and its number, still on the board.
            line = _("{player} ({marker} {number}, in)")
        else:
            # Translators: Tsuro, for screen readers: a player, their marker (e.g. "red
            # circle") and its number, out of the game.
            line = _("{player} ({marker} {number}, out)")
        seats.append(line.format(player=shown[s], marker=_(MARKER_WORDS[s]), number=s + 1))
    outcome = view.get("outcome")
    if outcome:
        if outcome["winners"]:
            head = _("Tsuro, game over, {winners} won").format(
                winners=_join(shown[s] for s in outcome["winners"]))
        else:
            head = _("Tsuro, game over, nobody won")
    else:
        head = _("Tsuro, {players} to play").format(
            players=_join(shown[s] for s in view["to_move"]))
    # Translators: Tsuro, for screen readers: {state} says who is to play (or who won),
    # {markers} lists the players' markers, then the tiles left to draw.
    return ngettext("{state}; {markers}; {n} tile in the pile",
                    "{state}; {markers}; {n} tiles in the pile", view["pile"]).format(
        state=head, markers="; ".join(seats), n=view["pile"])


# Shapes and paths.

def marker(seat: int, cx: float, cy: float, r: float, out: bool = False) -> str:
    """Seat's marker: its shape in its colour with its number; grey and crossed when out."""
    shape = SHAPES[seat % 8]
    fill, ink = (GREY, "#1d2430") if out else (FILL[seat % 8], INK[seat % 8])
    parts = [_shape(shape, r, fill="none", stroke="#ffffff", stroke_width=3),
             _shape(shape, r, fill=fill, stroke="#1d2430", stroke_width=1.2),
             text(0, r * (0.36 + LABEL_SHIFT.get(shape, 0)), seat + 1, font_size=max(11.0, r * 1.05),
                  font_weight="bold", fill=ink, text_anchor="middle")]
    if out:
        d = f"M{num(-r)},{num(-r)}L{num(r)},{num(r)}M{num(r)},{num(-r)}L{num(-r)},{num(r)}"
        parts.append(tag("path", d=d, stroke=OUT_RED, stroke_width=2.2, stroke_linecap="round"))
    return group(*parts, x=cx, y=cy, class_=f"marker seat{seat} {shape}" + " out" * out)


def _shape(name: str, r: float, **paint) -> str:
    """A shape of radius about `r` centred on the origin."""
    if name == "circle":
        return tag("circle", r=float(r), **paint)
    if name == "square":
        return tag("rect", x=-r * 0.85, y=-r * 0.85, width=r * 1.7, height=r * 1.7, rx=1.5,
                   **paint)
    if name == "plus":
        a, b = r * 0.42, r * 1.05
        d = (f"M{num(-a)},{num(-b)}H{num(a)}V{num(-a)}H{num(b)}V{num(a)}H{num(a)}V{num(b)}"
             f"H{num(-a)}V{num(a)}H{num(-b)}V{num(-a)}H{num(-a)}Z")
        return tag("path", d=d, **paint)
    corners = {"triangle": (3, -90, 1.25), "wedge": (3, 90, 1.25), "diamond": (4, -90, 1.15),
               "hexagon": (6, 0, 1.05), "star": (10, -90, 1.2)}[name]
    count, start, scale = corners
    points = []
    for i in range(count):
        radius = r * scale * (0.5 if name == "star" and i % 2 else 1)
        x, y = _polar(radius, start + 360 * i / count)
        points.append(f"{num(x)},{num(y)}")
    return tag("polygon", points=" ".join(points), stroke_linejoin="round", **paint)


def _polar(radius: float, degrees: float) -> tuple:
    """(x, y) at `radius` and an angle in degrees."""
    angle = math.radians(degrees)
    return radius * math.cos(angle), radius * math.sin(angle)


def _curve(a: int, b: int, size: float, x0: float = 0, y0: float = 0) -> tuple:
    """Start, two control points and end of the path between points a and b of a square."""
    ax, ay = POINTS[a]
    bx, by = POINTS[b]
    (nax, nay), (nbx, nby) = INWARD[a], INWARD[b]
    if a // 2 == b // 2:                      # a U-turn on one side
        ka = kb = 0.3
    elif (a // 2 - b // 2) % 2 == 0:          # across the square
        ka = kb = 0.4
    else:                                     # round a corner: a quarter ellipse
        ka = 0.552 * abs((bx - ax) * nax + (by - ay) * nay)
        kb = 0.552 * abs((ax - bx) * nbx + (ay - by) * nby)
    return tuple((x0 + x * size, y0 + y * size) for x, y in
                 ((ax, ay), (ax + nax * ka, ay + nay * ka), (bx + nbx * kb, by + nby * kb),
                  (bx, by)))


def _xy(pt) -> str:
    return f"{num(pt[0])},{num(pt[1])}"


def _segment(a: int, b: int, size: float) -> str:
    start, c1, c2, end = _curve(a, b, size)
    return f"M{_xy(start)}C{_xy(c1)} {_xy(c2)} {_xy(end)}"


def tile(pairs, size: float) -> str:
    """A path tile at the origin: a cream square with its four paths, later ones on top."""
    parts = [tag("rect", width=float(size), height=float(size), rx=3, class_="t")]
    for a, b in pairs:
        d = _segment(a, b, size)
        parts += [tag("path", d=d, class_="pu"), tag("path", d=d, class_="pt")]
    return "".join(parts)


def turned(pairs, rotation: int) -> list:
    """Pairs of a tile drawn turned `rotation` quarter turns clockwise."""
    return [[(a + 2 * rotation) % 8, (b + 2 * rotation) % 8] for a, b in pairs]


def spot(mark) -> tuple:
    """Board coordinates of a [row, col, point]."""
    row, col, p = mark
    x, y = POINTS[p]
    return MARGIN + (col + x) * SQUARE, MARGIN + (row + y) * SQUARE


def trail_d(path) -> str:
    """One SVG path through a marker's route: an entry and an exit point per tile."""
    d = []
    for i in range(0, len(path) - 1, 2):
        (row, col, a), (_row, _col, b) = path[i], path[i + 1]
        start, c1, c2, end = _curve(a, b, SQUARE, MARGIN + col * SQUARE, MARGIN + row * SQUARE)
        if not d:
            d.append(f"M{_xy(start)}")
        d.append(f"C{_xy(c1)} {_xy(c2)} {_xy(end)}")
    return "".join(d)


def _trail(seat: int, path, animate: bool, kind: str) -> str:
    """A marker's route in its colour over a dark outline, drawn as it runs when animated."""
    d = trail_d(path)
    tiles = len(path) // 2
    style = (f"animation-duration:{num(min(LONGEST, SECONDS_PER_TILE * tiles))}s"
             if animate else None)
    cls = "draw" if animate else None
    return group(tag("path", d=d, stroke="#1d2430", stroke_width=7, pathLength=1, class_=cls,
                     style=style),
                 tag("path", d=d, stroke=FILL[seat % 8], stroke_width=4, pathLength=1,
                     class_=cls, style=style),
                 class_=f"trail {kind} seat{seat}")


# The player strip.

def _columns(players: int) -> int:
    return players if players <= 4 else -(-players // 2)


def _strip_height(players: int) -> int:
    rows = -(-players // _columns(players))
    return GAP + rows * ROW_H + (rows - 1) * 2


def _strip(view: dict, shown: tuple) -> str:
    """A chip per player: marker, name, and to play / out / dragon."""
    n = view["players"]
    cols = _columns(n)
    w = (WIDTH - 8 - (cols - 1) * 4) / cols
    parts = []
    for s, m in enumerate(view["markers"]):
        row, col = divmod(s, cols)
        out, moving = not m["alive"], s in view["to_move"]
        won = s in ((view.get("outcome") or {}).get("winners") or [])
        fill = GOLD if moving else "#d6ecd2" if won else "#e3e3e3" if out else "#ebe3d3"
        badge = won or out or view["dragon"] == s
        room = max(3, int((w - 22 - (28 if badge else 4)) / 6.4))
        name = clip(shown[s], room)
        cell = [tag("rect", width=w, height=float(ROW_H), rx=6, fill=fill,
                    stroke="#1d2430" if moving else "#cfc5b1", class_="chip"),
                marker(s, 11, ROW_H / 2, 8, out),
                text(21, 15, name, font_size=11.5,
                     font_weight="bold" if moving else None,
                     fill="#6b7280" if out and not won else "#1d2430", class_="name")]
        if won:
            # Translators: Tsuro: a short badge (about 5 letters) by a winner's name.
            cell.append(text(w - 4, 15, pgettext("badge", "won"), font_size=11,
                             font_weight="bold",
                             fill="#2e7d32", text_anchor="end", class_="won-label"))
        elif out:
            cell += [tag("line", x1=20, x2=22 + 6.2 * len(name), y1=ROW_H / 2, y2=ROW_H / 2,
                         stroke="#6b7280", stroke_width=1, class_="struck"),
                     # Translators: Tsuro: a short badge (about 5 letters) by the name of a
                     # player whose marker has left the board.
                     text(w - 4, 15, pgettext("badge", "out"), font_size=11,
                          font_weight="bold", fill=OUT_RED, text_anchor="end",
                          class_="out-label")]
        elif view["dragon"] == s:
            cell.append(group(_dragon(18), x=w - 21, y=2, class_="dragon-held"))
        classes = f"player seat{s}" + " out" * out + " to-play" * moving + " won" * won
        parts.append(group(*cell, x=4 + col * (w + 4), y=GAP + row * (ROW_H + 2),
                           class_=classes))
    return group(*parts, class_="players")


def _dragon(size: float) -> str:
    """The dragon tile: a red tile with a gold border and a dragon's D."""
    # Translators: Tsuro: the one letter printed on the Dragon tile (rulebook: Dragon tile),
    # the first letter of "dragon" in your language.
    letter = pgettext("Tsuro dragon tile", "D")
    return (tag("rect", width=float(size), height=float(size), rx=3, fill="#b3261e",
                stroke=GOLD, stroke_width=1.5)
            + text(size / 2, size * 0.72, letter, font_size=size * 0.62, font_weight="bold",
                   fill=GOLD, text_anchor="middle"))


# The board.

def _board(view: dict, ui: dict) -> str:
    pending = ui.get("pending") or {}
    interactive = bool(ui.get("interactive"))
    phase = view["phase"]
    parts = [tag("rect", width=BOARD, height=BOARD, rx=10, fill="#22303f", class_="frame"),
             tag("rect", x=MARGIN, y=MARGIN, width=SIZE * SQUARE, height=SIZE * SQUARE,
                 fill="#33475b"),
             tag("path", d=_grid_lines(), stroke="#4b627c", stroke_width=1, fill="none"),
             tag("path", d=_ticks(view["start_marks"]), stroke="#c9b88f", stroke_width=2,
                 class_="ticks")]
    for row, cells in enumerate(view["board"]):
        for col, cell in enumerate(cells):
            if cell:
                parts.append(group(tile(cell["pairs"], SQUARE), x=MARGIN + col * SQUARE,
                                   y=MARGIN + row * SQUARE, class_=f"placed tile{cell['tile']}"))
    mover = view["to_move"][0] if view["to_move"] else None
    target = view["markers"][mover]["mark"] if mover is not None and phase == "play" else None
    placing = pending.get("kind") == "place" and target is not None
    if target is not None and interactive and not placing:
        x, y = _square_xy(target)
        parts.append(tag("rect", x=x + 2, y=y + 2, width=SQUARE - 4, height=SQUARE - 4, rx=4,
                         fill="none", stroke=GOLD, stroke_width=3, stroke_dasharray="6 4",
                         class_="target pulse"))
    if placing:
        parts.append(_ghost(target, pending, interactive))
    moved = []
    if placing:
        for s, path in enumerate(pending["paths"]):
            if path:
                parts.append(_trail(s, path, True, "preview"))
    else:
        for s, m in enumerate(view["markers"]):
            if m["path"]:
                moved.append(s)
                parts.append(_trail(s, m["path"], bool(ui.get("animate")), "last"))
    parts.append(_markers(view, ui, moved, mover if interactive else None))
    if placing:
        parts.append(_outcomes(pending))
    if phase == "start":
        parts.append(_start_marks(view, pending, interactive))
    return "".join(parts)


def _square_xy(mark) -> tuple:
    return MARGIN + mark[1] * SQUARE, MARGIN + mark[0] * SQUARE


def _grid_lines() -> str:
    inner = SIZE * SQUARE
    lines = [f"M{MARGIN + i * SQUARE},{MARGIN}v{inner}M{MARGIN},{MARGIN + i * SQUARE}h{inner}"
             for i in range(1, SIZE)]
    return "".join(lines)


def _outward(mark) -> tuple:
    nx, ny = INWARD[mark[2]]
    return -nx, -ny


def _ticks(marks) -> str:
    """The short beige start marks printed on the board's edge."""
    d = []
    for m in marks:
        x, y = spot(m)
        dx, dy = _outward(m)
        d.append(f"M{num(x + dx)},{num(y + dy)}l{num(dx * 6)},{num(dy * 6)}")
    return "".join(d)


def _ghost(mark, pending: dict, interactive: bool) -> str:
    """The tile being tried, turned as chosen, in front of the mover; tap it to turn it."""
    x, y = _square_xy(mark)
    body = (tile(turned(pending["pairs"], pending["rot"]), SQUARE)
            + tag("rect", x=-1.5, y=-1.5, width=SQUARE + 3, height=SQUARE + 3, rx=4,
                  fill="none", stroke=GOLD, stroke_width=3, class_="pulse"))
    if not interactive:
        return group(body, x=x, y=y, class_=f"ghost tile{pending['tile']}")
    return target(body, x=x, y=y, class_=f"ghost tile{pending['tile']}",
                  label=_("The tile you are trying, in front of your marker: turn it"),
                  data_action="rotate")


def _markers(view: dict, ui: dict, moved, mover) -> str:
    """Markers on their points: out ones first (grey, crossed), the mover's one ringed."""
    parts = []
    order = sorted(range(len(view["markers"])), key=lambda s: view["markers"][s]["alive"])
    for s in order:
        m = view["markers"][s]
        if m["mark"] is None:
            continue
        x, y = spot(m["mark"])
        body = marker(s, x, y, 9, not m["alive"])
        if s == mover and m["alive"]:
            body = tag("circle", cx=x, cy=y, r=14.0, fill="none", stroke=GOLD, stroke_width=3,
                       class_="ring pulse") + body
        if s in moved and ui.get("animate") and not ui.get("pending"):
            tiles = len(m["path"]) // 2
            delay = min(LONGEST, SECONDS_PER_TILE * tiles)
            body = group(body, class_="arrive", style=f"animation-delay:{num(delay)}s")
        parts.append(body)
    return group(*parts, class_="markers")


def _outcomes(pending: dict) -> str:
    """Where each marker the tried tile moves would end: a ghost, or a red cross when out."""
    parts = []
    for s, path in enumerate(pending["paths"]):
        if not path:
            continue
        x, y = spot(path[-1])
        if s in pending["eliminates"]:
            parts.append(group(tag("circle", r=10.0, fill=OUT_RED, stroke="#ffffff",
                                   stroke_width=2),
                               tag("path", d="M-5,-5L5,5M5,-5L-5,5", stroke="#ffffff",
                                   stroke_width=2.5, stroke_linecap="round"),
                               # Translators: Tsuro: a tiny flag (about 5 letters) where
                               # a marker would leave the board.
                               text(0, -14, pgettext("badge", "out"), font_size=11,
                                    font_weight="bold",
                                    fill="#ffffff", stroke="#1d2430", stroke_width=3,
                                    paint_order="stroke", text_anchor="middle"),
                               x=x, y=y, class_=f"flag out seat{s}"))
        else:
            parts.append(group(marker(s, x, y, 9), opacity=0.75, class_=f"flag end seat{s}"))
    return group(*parts, class_="outcomes")


# Translators: Tsuro: a start mark's place on an edge square, in "press for the {point}"
# and "start on its {point}" (each side of a square has two marks).
POINT_WORDS = (N_("top side, left point"), N_("top side, right point"),
               N_("right side, upper point"), N_("right side, lower point"),
               N_("bottom side, right point"), N_("bottom side, left point"),
               N_("left side, lower point"), N_("left side, upper point"))


def _start_marks(view: dict, pending: dict, interactive: bool) -> str:
    """Free start marks during setup. They sit a third of a square apart, too close to tap
    one by one, so the target is the edge square (56 units and the frame): a tap chooses its
    first free mark, the next tap its next one."""
    taken = {tuple(m["mark"]) for m in view["markers"] if m["mark"] is not None}
    chosen = pending.get("index") if pending.get("kind") == "mark" else None
    squares: dict = {}
    parts = []
    for i, m in enumerate(view["start_marks"]):
        if tuple(m) in taken:
            continue
        squares.setdefault((m[0], m[1]), []).append(i)
        x, y = spot(m)
        if i == chosen:
            parts.append(group(marker(view["to_move"][0], x, y, 9), class_="chosen",
                               opacity=0.85))
        else:
            parts.append(tag("circle", cx=x, cy=y, r=5.0, fill="#22303f", stroke=GOLD,
                             stroke_width=2, class_="mark free"))
    if interactive:
        for (row, col), free in squares.items():
            here = free.index(chosen) if chosen in free else -1
            tap = free[(here + 1) % len(free)]
            x0 = 0 if col == 0 else MARGIN + col * SQUARE
            y0 = 0 if row == 0 else MARGIN + row * SQUARE
            x1 = BOARD if col == SIZE - 1 else MARGIN + (col + 1) * SQUARE
            y1 = BOARD if row == SIZE - 1 else MARGIN + (row + 1) * SQUARE
            point = POINT_WORDS[view["start_marks"][tap][2]]
            point = _(point)
            more = len(free) - 1
            if here >= 0 and more:
                # Translators: Tsuro, for screen readers: an edge square whose start mark the
                # player chose; {n} other marks are free on it, and pressing again picks the
                # mark at {point} (e.g. "top side, left point").
                label = ngettext("Edge square, row {row}, column {column}: chosen; {n} more "
                                 "free here: press for the {point}",
                                 "Edge square, row {row}, column {column}: chosen; {n} more "
                                 "free here: press for the {point}", more)
            elif here >= 0:
                label = _("Edge square, row {row}, column {column}: chosen")
            else:
                # Translators: Tsuro, for screen readers: pressing the edge square puts the
                # marker on its start mark at {point} (e.g. "top side, left point").
                label = _("Edge square, row {row}, column {column}: start on its {point}")
            label = label.format(row=row + 1, column=col + 1, n=more, point=point)
            parts.append(target(
                tag("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, fill="none",
                    pointer_events="all", class_="hit"),
                class_="edge" + " current" * (here >= 0), data_action="mark", data_mark=str(tap),
                id=f"edge-{row}-{col}",
                label=label))
    return group(*parts, class_="start-marks")


# The tray under the board.

def _tray(view: dict, ui: dict, shown: tuple) -> str:
    """Under the board: the hand (or the bonus candidates, or the result), pile and dragon."""
    parts = [tag("rect", x=4, width=WIDTH - 8, height=float(TRAY_H), rx=8, fill="#e6dccb",
                 class_="tray-bg")]
    seat = view.get("seat")
    exchange = view.get("exchange")
    if exchange and exchange.get("candidates") is not None:
        return "".join(parts) + _exchange(exchange, ui)
    hand = view["hands"][seat] if seat is not None else None
    if isinstance(hand, list):
        parts.append(_hand(hand, ui, view["phase"] == "play"))
    elif view.get("outcome"):
        parts.append(_result(view, shown))
    elif isinstance(hand, int):
        parts.append(text(12, 46, ngettext("{n} tile in hand", "{n} tiles in hand",
                                           hand).format(n=hand), font_size=13,
                          fill="#4a4036"))
    parts.append(_supplies(view, shown))
    return "".join(parts)


def _hand(hand, ui: dict, placing: bool) -> str:
    """The viewer's tiles: the one being tried raised and turned, hopeless ones dimmed."""
    pending = ui.get("pending") or {}
    blocked = set(ui.get("blocked") or ())
    interactive = bool(ui.get("interactive")) and placing
    parts = []
    if not hand:
        parts.append(text(12, 46, _("No tiles in hand: you wait for the pile."), font_size=12,
                          fill="#4a4036"))
    for i, t in enumerate(hand):
        chosen = pending.get("kind") == "place" and pending.get("tile") == t["tile"]
        pairs = turned(t["pairs"], pending["rot"]) if chosen else t["pairs"]
        body = tile(pairs, TILE)
        if chosen:
            body = tag("rect", x=-3, y=-3, width=TILE + 6, height=TILE + 6, rx=5, fill="none",
                       stroke="#1d2430", stroke_width=3, class_="outline") + body
        if t["tile"] in blocked:
            # Translators: Tsuro: written over a tile that would take the player's marker off
            # the board; shown on two lines, broken at the last space.
            first, _space, last = _("puts you out").rpartition(" ")
            body += (tag("rect", width=TILE, height=TILE, rx=3, fill="#1d2430",
                         fill_opacity=0.45)
                     + text(TILE / 2, TILE / 2 - 2, first or last, font_size=11,
                            font_weight="bold", fill="#ffffff", text_anchor="middle")
                     + (text(TILE / 2, TILE / 2 + 11, last, font_size=11,
                             font_weight="bold", fill="#ffffff", text_anchor="middle")
                        if first else ""))
        classes = "tile hand" + " sel" * chosen + " blocked" * (t["tile"] in blocked)
        x, y = 10 + i * (TILE + 8), (TRAY_H - TILE) / 2 - 5 * chosen
        if not interactive:
            parts.append(group(body, x=x, y=y, class_=classes))
            continue
        if t["tile"] in blocked:
            label = _("Tile {number} of your hand: it puts you out however it is turned")
        elif chosen:
            label = _("Tile {number} of your hand: turn it")
        else:
            label = _("Tile {number} of your hand: try it in front of your marker")
        parts.append(target(body, x=x, y=y, class_=classes, data_tile=str(t["tile"]),
                            label=label.format(number=i + 1)))
    return group(*parts, class_="hand-row")


def _supplies(view: dict, shown: tuple) -> str:
    """The draw pile's count and who holds the dragon tile."""
    size = 34
    pile = (tag("rect", x=2, y=2, width=float(size), height=float(size), rx=3, fill="#22303f",
                stroke="#ffffff", stroke_width=1)
            + tag("rect", width=float(size), height=float(size), rx=3, fill="#33475b",
                  stroke="#ffffff", stroke_width=1)
            + text(size / 2, size * 0.68, view["pile"], font_size=15, font_weight="bold",
                   fill="#ffffff", text_anchor="middle", class_="pile-count")
            # Translators: Tsuro: under the draw pile of path tiles (with its count on it).
            + text(size / 2, size + 14, _("pile"), font_size=11, fill="#4a4036",
                   text_anchor="middle"))
    holder = view["dragon"]
    dragon = [_dragon(size)]
    if holder is not None:
        dragon.append(marker(holder, size, 2, 7))
    # Translators: Tsuro: under the Dragon tile (rulebook: Dragon tile) while no player holds
    # it; about 12 letters at most.
    label = _("dragon: free") if holder is None else clip(shown[holder], 9)
    dragon.append(text(size / 2, size + 14, label, font_size=11, fill="#4a4036",
                       text_anchor="middle", class_="dragon-holder"))
    return (group(pile, x=236, y=14, class_="pile")
            + group(*dragon, x=300, y=14, class_="dragon"))


def _result(view: dict, shown: tuple) -> str:
    """The winner (or winners) in the tray once the game is over."""
    outcome = view["outcome"]
    winners = outcome["winners"]
    if len(winners) == 1:
        head = _("{player} wins").format(player=clip(shown[winners[0]], 16))
    else:
        # Translators: Tsuro: the last players went out together and all win.
        head = _("Shared win")
    parts = [text(12, 32, head, font_size=15, font_weight="bold", fill="#1d2430",
                  class_="result")]
    for i, s in enumerate(winners[:4]):
        parts.append(marker(s, 20 + i * 24, 56, 9))
    return group(*parts, class_="result-box")


def _exchange(exchange: dict, ui: dict) -> str:
    """Elimination bonus: the candidates in order, kept ones ticked, the next one raised."""
    pending = ui.get("pending") or {}
    candidates = ui.get("candidates") or []
    n = len(candidates)
    size = min(TRAY_H - 32.0, (WIDTH - 24 - 4 * (n - 1)) / n)
    taken, nxt = set(exchange["taken"]), exchange["decided"]
    # Translators: Tsuro, elimination bonus: the player keeps {keep} of the {n} tiles shown.
    keep = ngettext("Keep {keep} of these {n} tile ({kept} kept so far)",
                    "Keep {keep} of these {n} tiles ({kept} kept so far)", n)
    parts = [text(12, 12, keep.format(keep=exchange["keep"], n=n, kept=len(taken)),
                  font_size=11, font_weight="bold", fill="#1d2430")]
    for i, cand in enumerate(candidates):
        t = cand["tile"]
        body = tile(cand["pairs"], size)
        state = "kept" if t in taken else "next" if i == nxt else "left" if i < nxt else "open"
        if state == "next":
            body = tag("rect", x=-3, y=-3, width=size + 6, height=size + 6, rx=5, fill="none",
                       stroke=GOLD, stroke_width=3, class_="pulse") + body
            if pending.get("kind") == "pick":
                state += " keep" if pending["take"] else " give-up"
                # Translators: Tsuro, elimination bonus: tiny badges (about 8 letters) on the
                # tile being decided: to keep it, or to give it up?
                body += _badge(size, _("keep?") if pending["take"] else _("give up?"),
                               "#2e7d32" if pending["take"] else OUT_RED)
        elif state == "kept":
            # Translators: Tsuro, elimination bonus: a tiny badge on a tile kept.
            body += _badge(size, _("kept"), "#2e7d32")
        elif state == "left":
            body += tag("rect", width=size, height=size, rx=3, fill="#1d2430",
                        fill_opacity=0.5)
        if cand.get("own"):
            # Translators: Tsuro, elimination bonus: a tiny badge on a tile from your own hand.
            body += _badge(size, _("yours"), "#33475b", top=True)
        parts.append(group(body, x=12 + i * (size + 4), y=24 - 3 * (i == nxt),
                           class_=f"tile candidate {state}"))
    return group(*parts, class_="exchange-row")


def _badge(size: float, label: str, colour: str, top: bool = False) -> str:
    """A small label pill across the bottom (or top) of a tile."""
    y = 2 if top else size - 16
    return (tag("rect", x=1, y=y, width=size - 2, height=14, rx=7, fill=colour)
            + text(size / 2, y + 11, label, font_size=11, font_weight="bold",
                   fill="#ffffff", text_anchor="middle"))


# Words for the public news and the end screen (HTML).

def render_news(mover: int, out_groups, collisions, names, view: dict) -> str:
    """HTML telling who just went out and how, above the board as everyone may see it."""
    shown = display_names(names, view["players"])
    gone = {s for group_ in out_groups for s in group_}
    if mover in gone:
        first = _("{player} had no tile that kept their marker in.").format(player=shown[mover])
    else:
        first = _("{player} placed a tile.").format(player=shown[mover])
    lines = [first] + [_how_out(group_, collisions, shown) for group_ in out_groups]
    board = render(view, {"animate": True, "tray": False}, names)
    return tag("section", tag("h3", esc(_("Out of the game"))),
               *(tag("p", esc(line), class_="out") for line in lines),
               tag("div", board, class_="board"), class_="tsuro-news")


def _how_out(group_, collisions, shown: tuple) -> str:
    """One sentence for the seats put out by one move."""
    met = [pair for pair in collisions if pair[0] in group_ and pair[1] in group_]
    paired = {s for pair in met for s in pair}
    # Translators: Tsuro: two markers whose paths met went out together.
    words = [_("{first} and {second} ran into each other").format(first=shown[a],
                                                                  second=shown[b])
             for a, b in met]
    off = [shown[s] for s in group_ if s not in paired]
    if off:
        # Translators: Tsuro: {players} is one name or a list of names whose markers' paths
        # led off the board.
        words.append(ngettext("{players} ran off the board", "{players} ran off the board",
                              len(off)).format(players=_join(off)))
    # Translators: Tsuro: the end of a sentence saying how players went out; {clauses} are
    # one or more such clauses joined by semicolons.
    return _("{clauses}.").format(clauses="; ".join(words))


def render_summary(view: dict, collisions, names) -> str:
    """HTML for the end screen: who went out in which order, and who was left."""
    shown = display_names(names, view["players"])
    outcome = view.get("outcome") or {}
    winners = outcome.get("winners") or []
    steps = []
    for n, group_ in enumerate(view["eliminated_order"], 1):
        how = _how_out(group_, collisions, shown)
        steps.append(tag("li", esc(_(OUT_STEPS[n - 1]).format(how=how)), class_="out-step"))
    survivors = [shown[s] for s, m in enumerate(view["markers"]) if m["alive"]]
    if survivors:
        # Translators: Tsuro: {players} is one name or a list of names.
        end = ngettext("Still on the board at the end: {players}.",
                       "Still on the board at the end: {players}.",
                       len(survivors)).format(players=_join(survivors))
    else:
        end = _("The last markers went out together: {players} share the win.").format(
            players=_join(shown[s] for s in winners))
    return tag("section", tag("h3", esc(_("How it went"))),
               tag("ol", *steps, class_="out-order") if steps else
               tag("p", esc(_("Nobody went out.")), class_="none-out"),
               tag("p", esc(end), class_="survivors"), class_="tsuro-summary")


# First to Seventh: with eight players at most seven moves put someone out. Translators:
# Tsuro's end screen, one line per move that put players out; {how} is a sentence such as
# "Ana and Bo ran into each other."
OUT_STEPS = (
    # Translators: Tsuro's end screen: {how} says how the first players went out.
    N_("First out: {how}"),
    # Translators: Tsuro's end screen: {how} says how the next players went out.
    N_("Second out: {how}"),
    # Translators: Tsuro's end screen (see "First out: {how}").
    N_("Third out: {how}"),
    # Translators: Tsuro's end screen (see "First out: {how}").
    N_("Fourth out: {how}"),
    # Translators: Tsuro's end screen (see "First out: {how}").
    N_("Fifth out: {how}"),
    # Translators: Tsuro's end screen (see "First out: {how}").
    N_("Sixth out: {how}"),
    # Translators: Tsuro's end screen (see "First out: {how}").
    N_("Seventh out: {how}"),
)
