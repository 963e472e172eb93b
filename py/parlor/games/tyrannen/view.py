"""Tod dem Tyrannen! as SVG text, and its news and end summary as HTML, from engine views.

Pure functions of plain data that know no rules: the Board (boards/tyrannen.py) works out
what is selectable and lit by asking the engine, and hands it over in `ui`. Clickable parts
carry data-action and one of data-figure (0 king, 1-7 knights, 8-19 citizens), data-cell
(a field index, row * width + column) or nothing more (the castle arrow, data-action=castle).
Only what the view says is drawn, so a seat that may not know the assassins cannot see them.
"""
from __future__ import annotations

from ...i18n import N_, _, ngettext
from ...screens.svg import board_svg, clip, esc, group, num, tag, target, text

WIDTH, CELL, LEFT, TOP = 360, 35, 5, 64
STATUS_Y, FOOT_Y = 24, TOP + 10 * CELL + 6
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
INK, MUTED = "#2b2118", "#5b5147"
FIELD_FILL = {"S": "url(#tt-street)", "R": "url(#tt-roof)", "T": "url(#tt-gate)"}
FIELD_CLASS = {"S": "street", "R": "roof", "T": "gate"}
LIT = {"move": "#13713c", "push": "#1d5fa8", "capture": "#b71c1c", "eliminate": "#b71c1c",
       "attack": "#b71c1c", "castle": "#13713c", "start": "#13713c"}
# the kind of a lit field told by its outline's dashes and a sign as well as by its colour
LIT_DASH = {"push": "7 3", "capture": "2 2.5", "eliminate": "2 2.5", "attack": "2 2.5"}
LIT_SIGN = {"move": "\u2192", "push": "\u00bb", "capture": "\u00d7", "eliminate": "\u00d7",
            "attack": "\u00d7", "start": "\u2605"}
# Translators: what a lit field does; rulebook words "schubsen" (push), "gefangen nehmen"
# (capture), "ausschalten" (eliminate), "angreifen" (attack).
LIT_WORDS = {"move": N_("move here"), "push": N_("push"), "capture": N_("capture"),
             "eliminate": N_("eliminate"), "attack": N_("attack the king"),
             "start": N_("the king starts here")}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
# Translators: the two sides; rulebook "König" and "Rebell".
ROLE = (N_("king"), N_("rebel"))
# Translators: a player's side when no name is given; rulebook "König" and "Rebell".
ROLE_NAMES = (N_("King"), N_("Rebel"))
FIRST_CITIZEN = 8

DEFS = (
    "<defs>"
    '<pattern id="tt-street" width="7" height="7" patternUnits="userSpaceOnUse">'
    '<rect width="7" height="7" fill="#e4d6b8"/>'
    '<rect x="0.8" y="0.8" width="5.4" height="5.4" rx="1.6" fill="#efe4cc"/></pattern>'
    '<pattern id="tt-roof" width="8.75" height="8.75" patternUnits="userSpaceOnUse">'
    '<rect width="8.75" height="8.75" fill="#b4533a"/>'
    '<path d="M0,8.75Q4.4,2.5 8.75,8.75" fill="none" stroke="#8e3b27" stroke-width="1.4"/>'
    "</pattern>"
    '<pattern id="tt-gate" width="7" height="35" patternUnits="userSpaceOnUse">'
    '<rect width="7" height="35" fill="#4d5266"/>'
    '<path d="M3.5,0V35M0,12H7M0,24H7" stroke="#a8adc2" stroke-width="1.3"/></pattern>'
    "</defs>"
)


def render(view: dict, ui: dict, names) -> str:
    """The status strip, the 10x10 town and the lists below, as one <svg> sized by CSS."""
    rows = view["fields"]
    height = FOOT_Y + 44
    parts = [DEFS, tag("rect", width=WIDTH, height=height, fill="#faf7f0", class_="felt"),
             _status(view, list(names)), _fields(rows), _gates(view), _starts(view),
             _last_move(view, ui), _figures(view, ui), _preview(view, ui), _targets(view, ui), _castle(view, ui),
             _footer(view)]
    return board_svg(*parts, width=WIDTH, height=height, label=_summary(view, names),
                     class_="board tyrannen", font_family=FONT)


def _summary(view: dict, names) -> str:
    """The position in one sentence for screen readers."""
    king = view["king"]
    if view["outcome"]:
        reason = view["outcome"]["reason"]
        return _("King & Assassins, game over: {reason}").format(reason=_(reason))
    mover = _name(names, view["to_move"][0]) if view["to_move"] else ""
    if king["wounds"]:
        # Translators: rulebook "Verwundet" (the king's life marker).
        text = _("King & Assassins, round {round} of {total}, the king is wounded; "
                 "{name} to play")
    else:
        # Translators: rulebook "Unversehrt" (the king's life marker).
        text = _("King & Assassins, round {round} of {total}, the king is unhurt; "
                 "{name} to play")
    return text.format(round=view["round"], total=view["rounds_total"], name=mover)


def _name(names, seat: int) -> str:
    names = list(names or [])
    given = names[seat] if seat < len(names) else ""
    return clip(given or _(ROLE_NAMES[seat]), 12)


def cell_xy(view: dict, cell: int) -> tuple[float, float]:
    """The centre of a field given by its index."""
    r, c = divmod(cell, len(view["fields"][0]))
    return LEFT + c * CELL + CELL / 2, TOP + r * CELL + CELL / 2


def index(view: dict, at) -> int:
    """The field index of a [row, column] pair."""
    return at[0] * len(view["fields"][0]) + at[1]


# The status strip: round, round card, points left, the king's life.

def _status(view: dict, names) -> str:
    card, ap, phase = view["card"], view["ap"], view["phase"]
    if phase == "over":
        title = _("Game over after round {round} of {total}").format(
            round=view["round"], total=view["rounds_total"])
    elif card:
        title = _("Round {round} of {total}").format(round=view["round"],
                                                      total=view["rounds_total"])
    elif phase == "king":       # by link: the king's player has yet to turn the card up
        # Translators: rulebook "Rundenkarte" (round card).
        title = _("Round {round}: the round card is not turned up yet").format(
            round=len(view["played"]) + 1)
    else:
        title = _("Setting up")
    # Translators: the number of rounds left to play (round cards in the deck).
    extra = (" \u00b7 " + ngettext("{n} left", "{n} left", view["rounds_left"]).format(
        n=view["rounds_left"])) if card and phase != "over" else ""
    parts = [tag("text", esc(title), tag("tspan", esc(extra), font_size=11.5,
                                         font_weight="normal", fill=MUTED),
                 x=float(LEFT + 2), y=16.0, font_size=13.5, font_weight="bold", fill=INK,
                 class_="round")]
    if view["to_move"]:
        seat = view["to_move"][0]
        parts.append(text(WIDTH - LEFT - 2, 16,
                          f"\u25b6 {_name(names, seat)} \u00b7 {_(ROLE[seat])}", font_size=11.5,
                          font_weight="bold", fill=INK, text_anchor="end", class_="mover"))
    # Translators: short labels over the action points (rulebook "Aktionspunkte", AP) of the
    # king, the knights (Ritter) and the rebel (Rebell), the capture of the shackle symbol
    # (Fessel-Symbol) and the king's life marker (Lebensmarker); the pills are narrow.
    pills = [(_("King AP"), _pool(ap["king"], card, "king_ap"), phase == "king"),
             (_("Knights AP"), _pool(ap["knights"], card, "knight_ap"), phase == "king"),
             (_("Rebel AP"), _pool(ap["rebel"], card, "rebel_ap"), phase == "rebel"),
             (_("Capture"), _shackle(view), phase in ("king", "rebel") and bool(card)
              and card["shackle"] and not view["captured_this_round"]),
             (_("King's life"), "", False)]
    w = (WIDTH - 2 * LEFT - 4 * 4) / 5
    for i, (label, value, active) in enumerate(pills):
        x = LEFT + i * (w + 4)
        body = [tag("rect", width=w, height=32, rx=7, fill="#fff3c4" if active else "#efe8da",
                    stroke="#d4a017" if active else "#d9d0bf", stroke_width=1.5 if active else 1),
                text(w / 2, 11.5, label, font_size=9, fill=MUTED, text_anchor="middle")]
        if i == 4:
            body += _hearts(w / 2, 19, view["king"]["wounds"])
        else:
            body.append(text(w / 2, 27, value, font_size=13.5, font_weight="bold", fill=INK,
                             text_anchor="middle"))
        parts.append(group(*body, x=x, y=STATUS_Y, class_="pill" + " active" * active))
    return group(*parts, class_="status")


def _pool(left: int, card, key: str) -> str:
    return f"{left} / {card[key]}" if card else "\u2013"


def _shackle(view: dict) -> str:
    card = view["card"]
    if not card:
        return "\u2013"
    if not card["shackle"]:
        # Translators: no capture this round (no shackle symbol on the round card).
        return _("no")
    # Translators: the round's capture is used / still possible.
    return _("used") if view["captured_this_round"] else _("yes")


def _hearts(cx: float, cy: float, wounds: int) -> list:
    """Two hearts: red while the king has that life, hollow once it is lost."""
    out = []
    for i in range(2):
        lost = i >= 2 - wounds
        x = cx - 9 + i * 18
        d = (f"M{num(x)},{num(cy - 1)}c0,-4 -6,-4 -6,0c0,3 6,6 6,9c0,-3 6,-6 6,-9"
             f"c0,-4 -6,-4 -6,0z")
        out.append(tag("path", d=d, fill="none" if lost else "#c62828", stroke="#8a1c1c",
                       stroke_width=1.4, class_="heart lost" if lost else "heart"))
    return out


# The town.

def _fields(rows) -> str:
    """All fields as one path per kind (street, roof, gate), then the grid lines."""
    parts = []
    for kind in "SRT":
        d = "".join(f"M{LEFT + c * CELL},{TOP + r * CELL}h{CELL}v{CELL}h-{CELL}z"
                    for r, row in enumerate(rows) for c, t in enumerate(row) if t == kind)
        if d:
            parts.append(tag("path", d=d, fill=FIELD_FILL[kind], class_=FIELD_CLASS[kind]))
    size = len(rows) * CELL
    lines = "".join(f"M{LEFT + i * CELL},{TOP}v{size}M{LEFT},{TOP + i * CELL}h{size}"
                    for i in range(len(rows) + 1))
    parts.append(tag("path", d=lines, fill="none", stroke="#3b3127", stroke_opacity=0.35,
                     stroke_width=0.8, class_="grid"))
    return group(*parts, class_="town")


def _arrow(cx: float, cy: float, way: str, size: float) -> str:
    """A triangle pointing `way` (N, E, S, W) centred on (cx, cy)."""
    dr, dc = STEP[way]
    tip = (cx + dc * size, cy + dr * size)
    base = (cx - dc * size * 0.4, cy - dr * size * 0.4)
    side = (-dr * size * 0.8, dc * size * 0.8)
    return (f"M{num(tip[0])},{num(tip[1])}L{num(base[0] + side[0])},{num(base[1] + side[1])}"
            f"L{num(base[0] - side[0])},{num(base[1] - side[1])}Z")


def _gates(view: dict) -> str:
    """Each gate's way into the castle, a gold arrow."""
    parts = []
    for gate in view["gates"]:
        ax, ay = _exit_xy(view, gate)
        parts.append(tag("path", d=_arrow(ax, ay, gate["exit"], 6), fill="#f2c230",
                         stroke="#3b3127", stroke_width=0.8, class_="exit"))
    return group(*parts, class_="gates")


def _exit_xy(view: dict, gate: dict) -> tuple[float, float]:
    cx, cy = cell_xy(view, index(view, gate["at"]))
    dr, dc = STEP[gate["exit"]]
    return cx + dc * CELL * 0.36, cy + dr * CELL * 0.36


def _castle(view: dict, ui: dict) -> str:
    """Over the king on a gate, a green tappable arrow when he may step into the castle."""
    if not any(t["kind"] == "castle" for t in ui.get("targets", ())):
        return ""
    gate = next(g for g in view["gates"] if g["at"] == view["king"]["at"])
    ax, ay = _exit_xy(view, gate)
    dr, dc = STEP[gate["exit"]]
    cx, cy = cell_xy(view, index(view, gate["at"]))
    hit = tag("rect", x=cx + dc * CELL - CELL / 2, y=cy + dr * CELL - CELL / 2, width=CELL,
              height=CELL, fill="none", pointer_events="all", class_="hit")
    return target(hit, tag("circle", cx=ax, cy=ay, r=7.5, fill=LIT["castle"], stroke="#ffffff",
                           stroke_width=1.5),
                  tag("path", d=_arrow(ax, ay, gate["exit"], 5), fill="#ffffff"),
                  class_="castle lit", data_action="castle",
                  # Translators: rulebook "Burgtorfeld" (gate field), "Burg" (castle).
                  label=_("Gate into the castle: the king steps in and wins"))


def _starts(view: dict) -> str:
    """Side B's two king start fields while the king's player chooses one."""
    if view["phase"] != "start":
        return ""
    parts = []
    for i, at in enumerate(view["start_fields"]):
        cell = index(view, at)
        cx, cy = cell_xy(view, cell)
        parts.append(tag("circle", cx=cx, cy=cy, r=13.0, fill="#fff3c4", stroke="#d4a017",
                         stroke_width=2, stroke_dasharray="4 3", class_="start-field"))
        parts.append(text(cx, cy + 5, i + 1, font_size=14, font_weight="bold", fill=INK,
                          text_anchor="middle"))
    return group(*parts, class_="starts")


def _last_move(view: dict, ui: dict) -> str:
    """The last side's actions: a dark trace from where each figure stood to where it is,
    a hollow ring where it started, a cross where one was taken off."""
    parts = []
    for step in ui.get("moved", ()):
        fx, fy = cell_xy(view, step["from"])
        if step["to"] is None:
            parts.append(tag("path", d=f"M{num(fx - 8)},{num(fy - 8)}l16,16m0,-16l-16,16",
                             stroke="#3b3127", stroke_width=3, stroke_linecap="round",
                             class_="gone"))
            continue
        tx, ty = cell_xy(view, step["to"])
        parts += [tag("line", x1=fx, y1=fy, x2=tx, y2=ty, stroke="#3b3127", stroke_width=3,
                      stroke_opacity=0.6, stroke_linecap="round", class_="trace"),
                  tag("circle", cx=fx, cy=fy, r=9.0, fill="none", stroke="#3b3127",
                      stroke_width=2.5, stroke_dasharray="3 2.5", class_="was")]
    return group(*parts, class_="last-move", pointer_events="none") if parts else ""


# Figures.

def _figures(view: dict, ui: dict) -> str:
    """The king, the knights, the citizens and assassins where the view puts them."""
    pickable = set(ui.get("pickable", ()))
    selected = ui.get("selected")
    chosen = set(ui.get("chosen", ()))
    parts = []
    king = view["king"]
    if king["at"] is not None:
        parts.append(_place(view, 0, king["at"], _king(king["wounds"]), pickable, selected))
    for k, knight in enumerate(view["knights"]):
        if knight["at"] is not None:
            parts.append(_place(view, 1 + k, knight["at"], _knight(k + 1), pickable, selected))
    for c, citizen in enumerate(view["citizens"]):
        if citizen["at"] is None:
            continue
        if citizen["unmasked"]:
            body = _assassin(c + 1)
        else:
            body = _citizen(c + 1, citizen["assassin"] is True or c in chosen)
        parts.append(_place(view, FIRST_CITIZEN + c, citizen["at"], body, pickable, selected,
                            c in chosen))
    return group(*parts, class_="figures")


def _place(view: dict, fig: int, at, body: str, pickable, selected, chosen=False) -> str:
    cx, cy = cell_xy(view, index(view, at))
    ring = ""
    if fig == selected:       # a double ring, dark and white, seen on every field
        ring = (tag("circle", r=17.0, fill="#ffffff", fill_opacity=0.5, stroke="#ffffff",
                    stroke_width=5, class_="selected")
                + tag("circle", r=17.0, fill="none", stroke="#13302a", stroke_width=2.5))
    if fig not in pickable:
        return group(ring, body, x=cx, y=cy, class_="fig")
    where = _("row {row}, column {column}").format(row=at[0] + 1, column=at[1] + 1)
    if view["phase"] == "assassins":
        does = (_("chosen as an assassin: press to choose again") if chosen
                else _("hide an assassin here"))
    else:
        does = _("selected: press to let go") if fig == selected else _("select it")
    hit = tag("rect", x=-CELL / 2, y=-CELL / 2, width=CELL, height=CELL, fill="none",
              pointer_events="all", class_="hit")
    return target(hit, ring, body, x=cx, y=cy, class_="fig" + " sel" * (fig == selected),
                  label=_("{figure}, {place}: {does}").format(
                      figure=figure_words(view, fig), place=where, does=does),
                  aria_pressed="true" if fig == selected or chosen else "false",
                  data_action="pick", data_figure=str(fig))


def figure_words(view: dict, fig: int, inner: bool = False) -> str:
    """A figure in words: "The king", "Knight 3", "Citizen 4", "Assassin 4"; `inner`: as
    inside a sentence ("the king", "knight 3")."""
    if fig == 0:
        # Translators: rulebook "König".
        return _("the king") if inner else _("The king")
    if fig < FIRST_CITIZEN:
        # Translators: rulebook "Ritter".
        return (_("knight {n}") if inner else _("Knight {n}")).format(n=fig)
    c = fig - FIRST_CITIZEN
    if view["citizens"][c]["unmasked"]:
        # Translators: rulebook "Meuchler".
        return (_("assassin {n}") if inner else _("Assassin {n}")).format(n=c + 1)
    # Translators: rulebook "Bürger".
    return (_("citizen {n}") if inner else _("Citizen {n}")).format(n=c + 1)


def _king(wounds: int) -> str:
    crown = "M-8,4L-9,-5L-4.5,-1L0,-7L4.5,-1L9,-5L8,4Z"
    parts = [tag("circle", r=14.0, fill="#f2c230", stroke="#5a4300", stroke_width=1.6),
             tag("path", d=crown, fill="#5a4300"),
             tag("rect", x=-8, y=5.5, width=16, height=2.5, fill="#5a4300")]
    if wounds:
        parts.append(tag("path", d="M9,-14l6,4l-8,8z", fill="#c62828", stroke="#ffffff",
                         stroke_width=1, class_="wound"))
    return group(*parts, class_="king")


def _knight(n: int) -> str:
    shield = "M-11,-12H11V-1Q11,9 0,14Q-11,9 -11,-1Z"
    return group(tag("path", d=shield, fill="#24364f", stroke="#0d1522", stroke_width=1.4),
                 text(0, 4.5, n, font_size=13, font_weight="bold", fill="#ffffff",
                      text_anchor="middle"), class_="knight")


def _citizen(n: int, secret: bool) -> str:
    parts = [tag("circle", r=12.5, fill="#fbf6ea", stroke="#6b5a45", stroke_width=1.6),
             text(0, 4.5, n, font_size=12.5, font_weight="bold", fill=INK,
                  text_anchor="middle")]
    if secret:
        parts.append(group(tag("circle", r=6.5, fill="#8c1c2b", stroke="#ffffff",
                               stroke_width=1), _dagger(0.85), x=10, y=-10,
                           class_="secret-badge"))
    return group(*parts, class_="citizen")


def _assassin(n: int) -> str:
    diamond = "M0,-15L15,0L0,15L-15,0Z"
    return group(tag("path", d=diamond, fill="#8c1c2b", stroke="#3a0a10", stroke_width=1.6),
                 text(0, 8, n, font_size=12, font_weight="bold", fill="#ffffff",
                      text_anchor="middle"),
                 group(_dagger(0.75), x=0, y=-6.5), class_="assassin")


def _dagger(scale: float) -> str:
    d = (f"M0,{num(-5 * scale)}L{num(1.4 * scale)},{num(scale)}L{num(-1.4 * scale)},"
         f"{num(scale)}ZM{num(-2.8 * scale)},{num(1.3 * scale)}H{num(2.8 * scale)}"
         f"M0,{num(1.3 * scale)}V{num(4.5 * scale)}")
    return tag("path", d=d, fill="#ffffff", stroke="#ffffff", stroke_width=1.1,
               stroke_linecap="round", class_="dagger")


# What a tap would do.

def _preview(view: dict, ui: dict) -> str:
    """Ghosts where figures would end up, arrows for shoves, a cross on a struck figure."""
    preview = ui.get("preview") or {}
    parts = []
    for ghost in preview.get("ghosts", ()):
        tx, ty = cell_xy(view, ghost["to"])
        if ghost.get("from") is not None:
            fx, fy = cell_xy(view, ghost["from"])
            parts.append(tag("line", x1=fx, y1=fy, x2=tx, y2=ty, stroke="#1d6fb8",
                             stroke_width=3, stroke_linecap="round", class_="shove"))
        parts.append(tag("circle", cx=tx, cy=ty, r=12.0, fill="#ffffff", fill_opacity=0.6,
                         stroke="#1d6fb8", stroke_width=2.5, stroke_dasharray="4 3",
                         class_="ghost"))
        parts.append(text(tx, ty + 4.5, ghost["label"], font_size=12, font_weight="bold",
                          fill="#1d6fb8", text_anchor="middle"))
    for cell in preview.get("struck", ()):
        cx, cy = cell_xy(view, cell)
        parts.append(tag("path", d=f"M{num(cx - 10)},{num(cy - 10)}l20,20m0,-20l-20,20",
                         stroke="#c62828", stroke_width=4, stroke_linecap="round",
                         class_="struck"))
    return group(*parts, class_="preview", pointer_events="none") if parts else ""


def _targets(view: dict, ui: dict) -> str:
    """The lit fields: a coloured frame (green move, blue push, red strike) and the AP cost."""
    by_cell: dict = {}
    for t in ui.get("targets", ()):
        if t.get("cell") is not None:
            by_cell.setdefault(t["cell"], []).append(t)
    for cell in ui.get("start_cells", ()):
        by_cell.setdefault(cell, []).append({"cell": cell, "kind": "start", "cost": None})
    chosen = ui.get("target")
    parts = []
    for cell, options in sorted(by_cell.items()):
        kinds = [o["kind"] for o in options]
        colour = LIT[next((k for k in kinds if LIT[k] != LIT["move"]), kinds[0])]
        r, c = divmod(cell, len(view["fields"][0]))
        x, y = LEFT + c * CELL, TOP + r * CELL
        here = cell == chosen
        kind = next((k for k in kinds if LIT[k] != LIT["move"]), kinds[0])
        body = [tag("rect", width=CELL, height=CELL, fill="none", pointer_events="all",
                    class_="hit"),
                tag("rect", x=2.5, y=2.5, width=CELL - 5, height=CELL - 5, rx=4,
                    fill=colour, fill_opacity=0.3 if here else 0.14, stroke="#ffffff",
                    stroke_width=5 if here else 4),
                tag("rect", x=2.5, y=2.5, width=CELL - 5, height=CELL - 5, rx=4,
                    fill="none", stroke=colour, stroke_width=3 if here else 2,
                    stroke_dasharray=LIT_DASH.get(kind)),
                text(7.5, 12, LIT_SIGN.get(kind, ""), font_size=10, font_weight="bold",
                     fill=colour, stroke="#ffffff", stroke_width=2.5, paint_order="stroke",
                     text_anchor="middle", class_="sign")]
        costs = sorted({o["cost"] for o in options if o["cost"] is not None})
        if costs:
            label = "/".join(str(k) for k in costs)
            w = 9 + 6 * len(label)
            body += [tag("rect", x=CELL - w - 1, y=CELL - 13, width=w, height=12, rx=6,
                         fill=colour, stroke="#ffffff", stroke_width=1),
                     text(CELL - 1 - w / 2, CELL - 3.5, label, font_size=9.5,
                          font_weight="bold", fill="#ffffff", text_anchor="middle")]
        what = _("; or ").join(o.get("words") or _lit_words(o) for o in options)
        if here and kind != "move":
            label = _("Row {row}, column {column}: {what}: press again to do it")
        else:
            label = _("Row {row}, column {column}: {what}")
        parts.append(target(*body, x=x, y=y, class_="lit " + " ".join(sorted(set(kinds))),
                            label=label.format(row=r + 1, column=c + 1, what=what),
                            data_action="field", data_cell=str(cell)))
    return group(*parts, class_="targets") if parts else ""


def _lit_words(option: dict) -> str:
    kind = option["kind"]
    words = _(LIT_WORDS[kind]) if kind in LIT_WORDS else kind
    return words if option["cost"] is None else cost_words(words, option["cost"])


def cost_words(words: str, cost: int) -> str:
    """An action and its cost: "move here, 1 AP"."""
    # Translators: AP = action points, rulebook "AP" (Aktionspunkte).
    return ngettext("{action}, {n} AP", "{action}, {n} AP", cost).format(action=words, n=cost)


# Below the town: who is off the board.

def _footer(view: dict) -> str:
    """Who is off the board and, for whoever may know it, who the assassins are."""
    citizens = view["citizens"]
    captured = [f"{c + 1}{'*' if x['assassin'] else ''}" for c, x in enumerate(citizens)
                if x["fate"] == "captured"]
    eliminated = [str(c + 1) for c, x in enumerate(citizens) if x["fate"] == "eliminated"]
    lost = [str(k + 1) for k, knight in enumerate(view["knights"])
            if knight["at"] is None and view["phase"] not in ("assassins", "start")]
    assassins = [str(c + 1) for c in view["assassins"] or ()]
    none = _("none")
    # Translators: citizens captured (rulebook "gefangen genommen") and assassins eliminated.
    lines = [(_("Captured: {captured}   \u00b7   Assassins out: {eliminated}").format(
                captured=", ".join(captured) or none, eliminated=", ".join(eliminated) or none),
              MUTED, "normal"),
             (_("Knights lost: {knights}").format(knights=", ".join(lost) or none),
              MUTED, "normal")]
    if assassins:
        if view["phase"] != "over":
            words = _("Your assassins: {citizens}")
        else:
            words = _("The assassins: {citizens}")
        words = words.format(citizens=", ".join(assassins))
        if any("*" in m for m in captured):
            words += "   " + _("(* captured assassin)")
        lines.append((words, "#8c1c2b", "bold"))
    parts = [text(LEFT + 2, FOOT_Y + 11 + 14 * i, words, font_size=11, fill=ink,
                  font_weight=weight, class_="secret-list" if i == 2 else "off")
             for i, (words, ink, weight) in enumerate(lines)]
    return group(*parts, class_="footer")


# News and the end, as HTML.

def render_news(round_card: dict | None, events: list) -> str:
    """Public news as an HTML fragment: a new round card (title, card, shackle and next
    lines) and events, each (kind, words); '' when there is nothing to tell."""
    if not round_card and not events:
        return ""
    parts = []
    if round_card:
        parts += [tag("h3", esc(round_card["title"])),
                  tag("p", esc(round_card["card"]), class_="card-ap"),
                  tag("p", esc(round_card["shackle"]), class_="shackle")]
    if events:
        parts.append(tag("ul", *(tag("li", esc(words), class_=kind) for kind, words in events),
                         class_="events"))
    if round_card:
        parts.append(tag("p", esc(round_card["next"]), class_="next"))
    return tag("section", *parts, class_="tyrannen-news")


def render_summary(view: dict) -> str:
    """The end of the game explained: who the assassins were and what became of everyone."""
    outcome = view["outcome"]
    if not outcome:
        return ""
    fates = {"board": _("still in the crowd"), "captured": _("captured"),
             "eliminated": _("unmasked and eliminated")}
    lines = []
    for c in view["assassins"] or []:
        citizen = view["citizens"][c]
        fate = fates[citizen["fate"]]
        if citizen["fate"] == "board" and citizen["unmasked"]:
            fate = _("unmasked, still standing")
        lines.append(tag("li", esc(_("Citizen {n}: {fate}").format(n=c + 1, fate=fate))))
    lost = sum(1 for k in view["knights"] if k["at"] is None)
    captured = sum(1 for c in view["citizens"] if c["fate"] == "captured")
    life = (_("The king was never hit."), _("The king took one wound."),
            _("The king fell to two hits."))[min(view["king"]["wounds"], 2)]
    facts = " ".join((
        _("Rounds played: {round} of {total}.").format(round=view["round"],
                                                       total=view["rounds_total"]),
        life,
        _("Knights lost: {n} of 7.").format(n=lost),
        _("Citizens captured: {n}.").format(n=captured)))
    parts = [tag("h3", esc(_("The assassins were"))), tag("ul", *lines, class_="assassins"),
             tag("p", esc(facts), class_="facts")]
    return tag("section", *parts, class_="tyrannen-summary")
