"""Tyros on screen: the map as SVG and the player's panel as HTML, from a seat's view only.

Pure functions of plain data. What may be tapped carries data-action (and data-value):
"ty-loc" a location of the map (value 0..32, 0 = Tyre), "ty-move" a whole move (value: its
token), "ty-mode" a way to start an action ("trade", "exchange", "" to go back), "ty-more" /
"ty-less" a card of one colour (value 0..3) in the card chooser, "ty-done" the chosen cards.
The `ui` dict, built by the Board, says what the player is doing (see `render`).
"""
from __future__ import annotations

from ...i18n import N_, _, and_list, language, ngettext
from ...screens.svg import clip, esc, group, off, reason, tag, text
from .rules import colour_count, colour_name, place_name

WIDTH = 360
CELL_W, CELL_H, INSET = 50, 64, 3
MAP_X = 5
CHIP_H = 40                                   # two chips a row, two rows
STRIP_H = 2 * CHIP_H + 8
MAP_Y = STRIP_H + 6
MAP_H = 5 * CELL_H
HEIGHT = MAP_Y + MAP_H + 6
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"

EMPIRES = ("green", "orange", "yellow", "purple")
# Each empire's mark beside its colour, the same in every language: letters would clash (vert
# and violet, grün and gelb, verde and viola; orange's O and the O of ovest or ouest).
MARKS = ("▲", "●", "■", "◆")
EMPIRE_FILL = ("#6aa84f", "#e69138", "#f1c232", "#8e7cc3")
PATTERN_NAMES = ("stripes", "dots", "bars", "checks")
NEUTRAL, SEA, SEA_LINE, SAND, RIDGE, GOLD = ("#efe6cf", "#3b78ab", "#6d9fc9", "#e6cf98",
                                             "#9c8558", "#ffc83d")
# Players' pieces: colours unlike the empires', each with its seat number on it.
SEAT_FILL = ("#c62828", "#1565c0", "#ffffff", "#263238")
SEAT_INK = ("#ffffff", "#ffffff", "#1d2430", "#ffffff")
# Translators: the colour of a player's pieces (galleons and cities).
SEAT_COLOURS = (N_("red"), N_("blue"), N_("white"), N_("black"))
# Translators: the phases of a turn; the rulebook's "Piazzamento delle tessere mappa", "Azione
# dei giocatori", "Fine del turno".
PHASES = {"tiles": N_("Map tiles"), "actions": N_("Actions"), "keep": N_("End of the turn"),
          "over": N_("Game over")}
# The same phases inside a sentence ("Tyros map, turn 2, actions, ...").
PHASES_INNER = {"tiles": N_("map tiles"), "actions": N_("actions"), "keep": N_("end of the turn"),
                "over": N_("game over")}

STYLE = """
.tyros-panel{display:flex;flex-direction:column;gap:6px;margin-top:4px;font-size:.95rem}
.tyros-panel h3{font-size:.95rem;margin:4px 0 0}
.tyros-panel p{margin:2px 0}
.tyros-row{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.tyros-row button{flex:1 1 auto}
.tyros-sw{display:inline-flex;align-items:center;justify-content:center;min-width:30px;
 height:26px;padding:0 6px;border-radius:6px;border:1px solid #1d2430;font-weight:700;
 font-size:.9rem;color:#1d2430}
.tyros-sw.c0{background:#6aa84f}.tyros-sw.c1{background:#e69138}
.tyros-sw.c2{background:#f1c232}.tyros-sw.c3{background:#8e7cc3}
.tyros-pick{display:grid;grid-template-columns:auto 1fr 44px 2.2em 44px;gap:4px 8px;
 align-items:center}
.tyros-pick output{text-align:center;font-weight:700;font-size:1.1rem}
.tyros-why{color:#8a1c1c;font-size:.9rem}
.tyros-panel table{border-collapse:collapse;width:100%;font-size:.9rem}
.tyros-panel td,.tyros-panel th{border-bottom:1px solid #d9d2c3;padding:3px 4px;text-align:left}
.tyros-panel td.n,.tyros-panel th.n{text-align:right}
svg.tyros [data-action]:focus{outline:none}
svg.tyros [data-action]:focus-visible .cell{stroke:#2a7de1;stroke-width:4}
"""


# Small pieces.

def names_of(names, players: int) -> tuple:
    """A clipped name per seat, falling back to the player's number."""
    names = list(names or []) + [""] * players
    return tuple(clip(names[s] or "", 24) or _("Player {n}").format(n=s + 1)
                 for s in range(players))


def swatch(colour: int, count=None) -> str:
    """An empire colour as a small HTML chip with its mark (and a count)."""
    label = MARKS[colour] if count is None else f"{MARKS[colour]} {count}"
    return (f'<span class="tyros-sw c{colour}" role="img" aria-label="'
            f'{esc(colour_name(colour) if count is None else colour_count(colour, count))}">'
            f'{esc(label)}</span>')


def mark_path(empire: int, cx: float, cy: float, r: float = 4.5) -> str:
    """An empire's mark (MARKS) drawn as a shape of radius about `r` centred on (cx, cy)."""
    if empire == 0:
        return f"M{cx},{cy - r}L{cx + r},{cy + r * 0.8}H{cx - r}Z"
    if empire == 1:
        return f"M{cx - r},{cy}a{r},{r} 0 1,0 {2 * r},0a{r},{r} 0 1,0 {-2 * r},0Z"
    if empire == 2:
        k = r * 0.8
        return f"M{cx - k},{cy - k}H{cx + k}V{cy + k}H{cx - k}Z"
    return f"M{cx},{cy - r}L{cx + r},{cy}L{cx},{cy + r}L{cx - r},{cy}Z"


def cards_html(vector) -> str:
    """A hand or a set of cards, grouped by colour with counts."""
    chips = [swatch(c, n) for c, n in enumerate(vector) if n]
    return " ".join(chips) if chips else esc(_("no cards"))


def cards_words(vector) -> str:
    parts = [colour_count(c, n) for c, n in enumerate(vector) if n]
    return ", ".join(parts) if parts else _("no cards")


def button(label: str, action: str, value="", primary: bool = False, why: str | None = None,
           aria: str | None = None) -> str:
    """A button of the panel; with `why` a disabled one that says why (svg.off)."""
    cls = "primary" if primary else "secondary"
    extra = f' data-value="{esc(value)}"' if value != "" else ""
    extra += off(why)
    if aria:
        aria = aria if why is None else _("{label}: {why}").format(label=aria, why=why)
        extra += f' aria-label="{esc(aria)}"'
    return (f'<button type="button" class="{cls}" data-action="{esc(action)}"{extra}>'
            f'{esc(label)}{reason(why)}</button>')


def galleon(seat: int, x: float, y: float, count: int = 1) -> str:
    """A player's galleon: a disc with the seat number over a hull; a count if more."""
    fill, ink = SEAT_FILL[seat], SEAT_INK[seat]
    parts = [tag("path", d="M-10,3H10L6,9H-6Z", fill="#5d4037", stroke="#1d2430",
                 stroke_width=1),
             tag("circle", cy=-3, r=7.5, fill=fill, stroke="#1d2430", stroke_width=1.2),
             text(0, 1, seat + 1, font_size=12, font_weight="bold", fill=ink,
                  text_anchor="middle")]
    if count > 1:
        parts.append(text(11, -4, count, font_size=12, font_weight="bold", fill="#1d2430",
                          stroke="#ffffff", stroke_width=3, paint_order="stroke",
                          text_anchor="middle", class_="count"))
    return group(*parts, x=x, y=y, class_=f"galleon seat{seat}")


def city(seat: int, x: float, y: float) -> str:
    """A player's city: a house with a roof and the seat number."""
    fill, ink = SEAT_FILL[seat], SEAT_INK[seat]
    return group(tag("path", d="M-8,-2L0,-9L8,-2V8H-8Z", fill=fill, stroke="#1d2430",
                     stroke_width=1.4),
                 text(0, 6.5, seat + 1, font_size=12, font_weight="bold", fill=ink,
                      text_anchor="middle"),
                 x=x, y=y, class_=f"city seat{seat}")


def _patterns() -> str:
    """Each empire's pattern over its colour, so it is told apart without colour too."""
    shapes = (tag("path", d="M0,8L8,0", stroke="#ffffff", stroke_width=1.6, opacity=0.55),
              tag("circle", cx=4, cy=4, r=1.6, fill="#ffffff", opacity=0.6),
              tag("path", d="M0,4H8", stroke="#ffffff", stroke_width=1.6, opacity=0.55),
              tag("path", d="M0,0H4V4H0ZM4,4H8V8H4Z", fill="#ffffff", opacity=0.35))
    return tag("defs", *(tag("pattern", shape, id=f"ty-{PATTERN_NAMES[e]}", width=8, height=8,
                             patternUnits="userSpaceOnUse") for e, shape in enumerate(shapes)))


# The map.

def cell_xy(row: int, col: int) -> tuple:
    return MAP_X + col * CELL_W, MAP_Y + row * CELL_H


def render(view: dict, ui: dict, names) -> str:
    """The strip of players and the map as one <svg>.

    ui: "interactive" (the viewer may tap), "lit" (locations to light, 0 = Tyre), "picked"
    (the location chosen, or None), "map" (the static map: rules.MAP, LABELS, land borders).
    """
    shown = names_of(names, view["players"])
    parts = [tag("style", "svg.tyros text{pointer-events:none}"), _patterns(),
             tag("rect", width=WIDTH, height=HEIGHT, fill="#f6f1e7"),
             _strip(view, shown), _map(view, ui, shown)]
    return tag("svg", *parts, xmlns="http://www.w3.org/2000/svg",
               viewBox=f"0 0 {WIDTH} {HEIGHT}", role="group",
               aria_label=summary_line(view, shown), class_="board tyros", font_family=FONT)


def summary_line(view: dict, shown: tuple) -> str:
    """The position in one sentence for screen readers."""
    outcome = view.get("outcome")
    if outcome:
        winners = [shown[s] for s in outcome["winners"]]
        return ngettext("Tyros, game over, {names} won", "Tyros, game over, {names} won",
                        len(winners)).format(names=and_list(winners))
    sizes = ", ".join(_("{colour} {size}").format(colour=colour_name(e),
                                                  size=view["empire_sizes"][e])
                      for e in range(4))
    now = view["phase"]
    phase = _(PHASES_INNER[now])
    if not view["to_move"]:
        return _("Tyros map, turn {turn}, {phase}, nobody to play; empire sizes {sizes}").format(
            turn=view["turn"], phase=phase, sizes=sizes)
    return _("Tyros map, turn {turn}, {phase}, {name} to play; empire sizes {sizes}").format(
        turn=view["turn"], phase=phase, name=shown[view["to_move"][0]], sizes=sizes)


def _strip(view: dict, shown: tuple) -> str:
    """A chip per player: piece colour and number, name, first player, passed, cards, tiles."""
    n = view["players"]
    w = (WIDTH - 12) / 2
    parts = []
    moving = set(view["to_move"])
    passed = set(view["passed"])
    winners = set((view.get("outcome") or {}).get("winners") or ())
    for s in range(n):
        hand = view["hands"][s]
        fill = GOLD if s in moving else "#d6ecd2" if s in winners else "#ebe3d3"
        badges = []
        if view["first"] == s and view["phase"] != "over":
            # Translators: short badge: the first player of the turn (primo giocatore).
            badges.append(_("1st"))
        if s in passed:
            # Translators: short badge: the player has passed (passare).
            badges.append(_("passed"))
        if s in winners:
            # Translators: short badge: the player won.
            badges.append(_("won"))
        room = int((w - 30 - 7 * len(" ".join(badges))) / 7)
        cell = [tag("rect", width=w, height=float(CHIP_H), rx=6, fill=fill,
                    stroke="#1d2430" if s in moving else "#cfc5b1", class_="chip"),
                galleon(s, 13, 16),
                text(28, 17, clip(shown[s], max(4, room)), font_size=12,
                     font_weight="bold" if s in moving else None, fill="#1d2430",
                     class_="name"),
                text(28, 33, cards_and_tiles(hand["cards"], hand["tiles"]), font_size=12,
                     fill="#4a4036", class_="counts")]
        if badges:
            cell.append(text(w - 5, 17, " ".join(badges), font_size=12, font_weight="bold",
                             fill="#7a4b00", text_anchor="end", class_="badges"))
        words = _("{name}, {colour} pieces number {n}, {hand}").format(
            name=shown[s], colour=_(SEAT_COLOURS[s]), n=s + 1,
            hand=cards_and_tiles(hand["cards"], hand["tiles"]))
        words += "".join(f", {b}" for b in badges)
        if s in moving:
            words = _("{player}, to play").format(player=words)
        row, col = divmod(s, 2)
        parts.append(group(*cell, x=4 + col * (w + 4), y=2 + row * (CHIP_H + 4), role="img",
                           aria_label=words,
                           class_=f"player seat{s}" + " to-play" * (s in moving)))
    return group(*parts, class_="players")


def cards_and_tiles(cards: int, tiles: int) -> str:
    """'10 cards, 5 tiles' (carte, tessere mappa)."""
    return _("{cards}, {tiles}").format(
        cards=ngettext("{n} card", "{n} cards", cards).format(n=cards),
        tiles=ngettext("{n} tile", "{n} tiles", tiles).format(n=tiles))


def _map(view: dict, ui: dict, shown: tuple) -> str:
    data = ui["map"]
    parts = [tag("rect", x=MAP_X, y=MAP_Y, width=7 * CELL_W, height=MAP_H, rx=8, fill=SEA,
                 class_="sea"),
             tag("path", d=_waves(), stroke=SEA_LINE, stroke_width=1, fill="none")]
    for a, b in data["land_borders"]:
        parts.append(_land_bridge(a, b))
    for field in data["fields"]:
        parts.append(_field(view, ui, field, shown))
    return group(*parts, class_="map")


def _waves() -> str:
    """Small wave marks on the open water between the fields."""
    d = []
    for row in range(6):
        y = MAP_Y + row * CELL_H
        for col in range(7):
            x = MAP_X + col * CELL_W + 18
            if 0 < row < 5:
                d.append(f"M{x},{y}q3,-2 6,0t6,0")
    return "".join(d)


def _land_bridge(a, b) -> str:
    """Land joining two neighbouring fields across their border: no galleon crosses it."""
    (r1, c1), (r2, c2) = sorted((tuple(a), tuple(b)))
    x, y = cell_xy(r1, c1)
    if r1 == r2:
        rect = dict(x=x + CELL_W - INSET - 1, y=y + 14, width=2 * INSET + 2, height=CELL_H - 28)
        ridge = f"M{x + CELL_W - 4},{y + 26}l4,-5l4,5M{x + CELL_W - 4},{y + 36}l4,-5l4,5"
    else:
        rect = dict(x=x + 12, y=y + CELL_H - INSET - 1, width=CELL_W - 24, height=2 * INSET + 2)
        ridge = f"M{x + 17},{y + CELL_H + 3}l4,-5l4,5M{x + 27},{y + CELL_H + 3}l4,-5l4,5"
    return group(tag("rect", fill=SAND, **rect),
                 tag("path", d=ridge, stroke=RIDGE, stroke_width=1.5, fill="none"),
                 class_="land-border")


# A field's markup by everything it is drawn from: a move changes a few fields of the 35, and
# the screen is drawn again after every move (it took most of a Tyros screen's time).
FIELDS: dict = {}
FIELDS_KEPT = 2000


def _field(view: dict, ui: dict, field: dict, shown: tuple) -> str:
    key = _field_key(view, ui, field, shown)
    markup = FIELDS.get(key)
    if markup is None:
        if len(FIELDS) >= FIELDS_KEPT:
            FIELDS.clear()
        markup = FIELDS[key] = _draw_field(view, ui, field, shown)
    return markup


def _field_key(view: dict, ui: dict, field: dict, shown: tuple) -> tuple:
    """Everything `_draw_field` reads, and the language it writes in."""
    if field["kind"] in ("open_sea", "desert"):
        return language(), field["row"], field["col"]
    loc = 0 if field["kind"] == "tyre" else field["number"]
    return (language(), loc, view["markers"][loc], view["cities"][loc],
            tuple(g.get(node) for g in view["galleons"] for node in _nodes(loc)),
            loc in ui.get("lit", ()), ui.get("picked") == loc, bool(ui.get("interactive")),
            shown)


def _nodes(loc: int) -> tuple:
    """The names of a location's places for galleons (Italy has a coast each side)."""
    return ("16W", "16E") if loc == 16 else ("T",) if loc == 0 else (str(loc),)


def _draw_field(view: dict, ui: dict, field: dict, shown: tuple) -> str:
    x, y = cell_xy(field["row"], field["col"])
    kind = field["kind"]
    inner = dict(x=INSET, y=INSET, width=CELL_W - 2 * INSET, height=CELL_H - 2 * INSET, rx=5)
    if kind == "open_sea":
        # Translators: "open sea" written on the map in two short lines (a cell 50 px wide).
        return group(text(CELL_W / 2, CELL_H / 2 + 4, _("open"), font_size=12, fill="#dce9f5",
                          text_anchor="middle"),
                     # Translators: the second line of "open sea" on the map.
                     text(CELL_W / 2, CELL_H / 2 + 17, _("sea"), font_size=12, fill="#dce9f5",
                          text_anchor="middle"),
                     x=x, y=y, class_="open-sea", role="img",
                     aria_label=_("Open sea: no galleon enters or crosses it"))
    if kind == "desert":
        dunes = "M6,40q6,-6 12,0t12,0M14,26q6,-6 12,0t12,0"
        return group(tag("rect", fill=SAND, **inner),
                     tag("path", d=dunes, stroke=RIDGE, stroke_width=1.5, fill="none"),
                     # Translators: written on the map's desert field (50 px wide).
                     text(CELL_W / 2, 16, _("desert"), font_size=12, fill="#5b4a26",
                          text_anchor="middle"),
                     x=x, y=y, class_="desert", role="img", aria_label=_("Desert: never entered"))
    loc = 0 if kind == "tyre" else field["number"]
    empire = view["markers"][loc]
    lit = loc in ui.get("lit", ())
    picked = ui.get("picked") == loc
    fill = NEUTRAL if empire is None else EMPIRE_FILL[empire]
    parts = [tag("rect", width=CELL_W, height=CELL_H, fill="#ffffff", fill_opacity=0,
                 class_="tap-area"),
             tag("rect", fill=fill, stroke="#1d2430" if kind == "tyre" else "#8b7d62",
                 stroke_width=2.5 if kind == "tyre" else 1, class_="cell", **inner)]
    if empire is not None:
        parts.append(tag("rect", fill=f"url(#ty-{PATTERN_NAMES[empire]})", **inner))
        parts += [tag("circle", cx=CELL_W - 12, cy=13, r=7.5, fill="#ffffff", stroke="#1d2430",
                      stroke_width=1),
                  tag("path", d=mark_path(empire, CELL_W - 12, 13), fill="#1d2430",
                      class_="mark")]
    if kind == "tyre":
        parts.append(text(5, 17, place_name(0), font_size=12, fill="#1d2430",
                          stroke="#ffffff", stroke_width=2.5, paint_order="stroke"))
    else:
        parts.append(text(6, 17, loc, font_size=12, font_weight="bold", fill="#1d2430",
                          stroke="#ffffff", stroke_width=2.5, paint_order="stroke",
                          class_="number"))
    parts += _pieces(view, loc)
    if loc == 16:
        parts += [tag("path", d=f"M{CELL_W / 2},22V{CELL_H - 6}", stroke="#8b7d62",
                      stroke_width=1, stroke_dasharray="3 2"),
                  # Translators: one letter for Italy's west coast on the map.
                  text(5, 31, _("W"), font_size=12, fill="#4a4036"),
                  # Translators: one letter for Italy's east coast on the map.
                  text(CELL_W - 5, 31, _("E"), font_size=12, fill="#4a4036", text_anchor="end")]
    if picked or lit:
        parts.append(tag("rect", x=1, y=1, width=CELL_W - 2, height=CELL_H - 2, rx=6,
                         fill="none", stroke="#1d2430" if picked else GOLD,
                         stroke_width=4 if picked else 3.5,
                         stroke_dasharray=None if picked else "6 3",
                         class_="picked" if picked else "lit"))
    words = _place_words(view, loc, field, shown)
    if lit:
        words = _("{place}, can be chosen").format(place=words)
    interactive = ui.get("interactive")
    return group(*parts, x=x, y=y,
                 class_=f"loc loc{loc}" + " lit" * lit + " picked" * picked,
                 data_action="ty-loc" if interactive else None,
                 data_value=str(loc) if interactive else None,
                 role="button" if interactive else "img",
                 tabindex="0" if interactive else None, aria_label=words)


SLOTS = ((14, 34), (36, 34), (14, 54), (36, 54))      # pieces in a field: 2 x 2


def _pieces(view: dict, loc: int) -> list:
    """The city and the galleons (grouped by player) on a field; Italy's coasts apart."""
    if loc == 16:
        out = []
        for col, coast in enumerate(("16W", "16E")):
            present = [(s, g[coast]) for s, g in enumerate(view["galleons"]) if g.get(coast)]
            for row, (s, k) in enumerate(present[:2]):
                out.append(galleon(s, 14 + col * 22, 42 + row * 15, k))
        if view["cities"][16] is not None:
            out.append(city(view["cities"][16], CELL_W / 2, 24))
        return out
    name = "T" if loc == 0 else str(loc)
    items = []
    if loc and view["cities"][loc] is not None:
        items.append(city(view["cities"][loc], 0, 0))
    items += [galleon(s, 0, 0, g[name]) for s, g in enumerate(view["galleons"]) if g.get(name)]
    return [group(item, x=x, y=y) for item, (x, y) in zip(items, SLOTS)]


def _place_words(view: dict, loc: int, field: dict, shown: tuple) -> str:
    """A location for screen readers: name, empire, city, galleons."""
    head = place_name(loc)
    empire = view["markers"][loc]
    words = [head, _("no empire") if empire is None else
             _("{colour} empire").format(colour=colour_name(empire))]
    if loc and view["cities"][loc] is not None:
        words.append(_("city of {name}").format(name=shown[view["cities"][loc]]))
    for node in _nodes(loc):
        for s, g in enumerate(view["galleons"]):
            if g.get(node):
                k, name = g[node], shown[s]
                if node == "16W":
                    words.append(ngettext("{n} galleon of {name} on the west coast",
                                          "{n} galleons of {name} on the west coast",
                                          k).format(n=k, name=name))
                elif node == "16E":
                    words.append(ngettext("{n} galleon of {name} on the east coast",
                                          "{n} galleons of {name} on the east coast",
                                          k).format(n=k, name=name))
                else:
                    # Translators: galeoni in the rulebook.
                    words.append(ngettext("{n} galleon of {name}", "{n} galleons of {name}",
                                          k).format(n=k, name=name))
    return ", ".join(words)


# The panel under the map (HTML).

def panel(view: dict, ui: dict, names) -> str:
    """Status, empires, the viewer's cards and tiles, and the controls `ui["controls"]` (HTML
    the Board wrote from the legal moves)."""
    shown = names_of(names, view["players"])
    parts = [f"<style>{STYLE}</style>", f'<p class="tyros-status">{esc(status_line(view, shown))}</p>',
             '<div class="tyros-row tyros-empires" aria-label="' + esc(_("Empires by size")) + '">'
             + "".join(f'{swatch(e)}<span>{view["empire_sizes"][e]}'
                       f'{_rank_word(view["empire_ranks"][e])}</span>' for e in range(4))
             + "</div>",
             # Translators: the rulebook's mazzo (deck), scarti (discards), pila (tile pile).
             '<p class="tyros-public">' + _("Deck {deck} · discards {discards} · tile pile "
                                            "{tiles}").format(
                 deck=view["deck"], discards=cards_html(view["discards"]),
                 tiles=view["tile_pile"]) + '</p>']
    seat = view["seat"]
    mine = None if seat is None else view["hands"][seat].get("own")
    if mine is not None:
        parts.append('<p class="tyros-hand"><strong>' + esc(_("Your cards:")) + '</strong> '
                     f'{cards_html(mine["cards"])} ({sum(mine["cards"])})</p>')
    if ui.get("controls"):
        parts.append(f'<div class="tyros-controls">{ui["controls"]}</div>')
    parts.append(players_table(view, shown))
    return f'<div class="tyros-panel">{"".join(parts)}</div>'


# Translators: an empire's rank by size; the rulebook's "Impero maggiore", "2nd maggiore",
# "3rd maggiore", "Impero minore".
RANK_WORDS = (N_("largest"), N_("2nd"), N_("3rd"), N_("smallest"))


def _rank_word(rank: int) -> str:
    return " (" + esc(_(RANK_WORDS[rank])) + ")"


def status_line(view: dict, shown: tuple) -> str:
    """Turn, phase, round, whose step it is and the first player."""
    if view["phase"] == "over":
        return _("Game over after turn {turn}.").format(turn=view["turn"])
    if view["last_turn"]:
        head = _("Turn {turn} (the last)").format(turn=view["turn"])
    else:
        head = _("Turn {turn}").format(turn=view["turn"])
    now = view["phase"]
    phase = _(PHASES[now])
    if view["round"]:
        # Translators: a phase of the turn and its round of actions: "Actions, round 2".
        phase = _("{phase}, round {round}").format(phase=phase, round=view["round"])
    mover = shown[view["to_move"][0]] if view["to_move"] else ""
    pending = view["pending"]
    if pending and pending["waiting"]:
        doing = _("{name} answers {proposer}'s offer").format(name=mover,
                                                               proposer=shown[pending["seat"]])
    else:
        doing = _("{name} to play").format(name=mover)
    return _("{turn} · {phase} · {doing} · first player {name}.").format(
        turn=head, phase=phase, doing=doing, name=shown[view["first"]])


def players_table(view: dict, shown: tuple) -> str:
    """Everybody's cards (and those known to be held), tiles, pieces left and points now."""
    rows = []
    for s in range(view["players"]):
        hand, supply = view["hands"][s], view["supply"][s]
        known = hand["known"]
        note = (" " + _("(holds {cards})").format(cards=cards_words(known))) if sum(known) else ""
        shown_tiles = (" " + _("seen: {tiles}").format(
            tiles=", ".join(map(str, hand["shown_tiles"]))) if hand["shown_tiles"] else "")
        rows.append(f'<tr><td>{esc(shown[s])} <small>({esc(_(SEAT_COLOURS[s]))} {s + 1})</small></td>'
                    f'<td class="n">{hand["cards"]}{esc(note)}</td>'
                    f'<td class="n">{hand["tiles"]}{esc(shown_tiles)}</td>'
                    f'<td class="n">{supply["galleons"]}/{supply["cities"]}</td>'
                    f'<td class="n">{view["score"][s]["total"]}</td></tr>')
    heads = ('<th>' + esc(_("Player")) + '</th><th class="n">' + esc(_("Cards")) + '</th>'
             '<th class="n">' + esc(_("Tiles")) + '</th>'
             # Translators: column: the player's galleons / cities not on the map yet.
             '<th class="n">' + esc(_("Galleons/cities left")) + '</th>'
             '<th class="n">' + esc(_("Points now")) + '</th>')
    return ('<table class="tyros-players"><thead><tr>' + heads + '</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")


def score_table(view: dict, names, labels) -> str:
    """The points by location and bonus, per player (at the end: the final score)."""
    shown = names_of(names, view["players"])
    over = view["phase"] == "over"
    title = _("Final score") if over else _("Points if the game ended now")
    parts = [f'<section class="tyros-panel tyros-score"><style>{STYLE}</style><h3>{esc(title)}</h3>']
    for s in range(view["players"]):
        score = view["score"][s]
        rows = []
        for loc, how, points in score["locations"]:
            empire = view["markers"][loc]
            place = place_name(loc)
            # Translators: how a location is held: by a city (città) or by galleons (galeoni).
            by = _("city") if how == "city" else _("galleons")
            rows.append(f"<tr><td>{esc(place)}</td><td>{esc(colour_name(empire))}</td>"
                        f"<td>{esc(by)}</td>"
                        f'<td class="n">{points}</td></tr>')
        if score["all_four"]:
            rows.append('<tr><td colspan="3">' + esc(_("Bonus: a city in all four empires")) + '</td>'
                        f'<td class="n">{score["all_four"]}</td></tr>')
        for empire in score["majorities"]:
            bonus = _("Bonus: most cities in {colour}").format(colour=colour_name(empire))
            rows.append(f'<tr><td colspan="3">{esc(bonus)}</td>'
                        '<td class="n">7</td></tr>')
        if not rows:
            rows.append('<tr><td colspan="4">' + esc(_("Nothing controlled.")) + '</td></tr>')
        total = ngettext("{name}: {n} point", "{name}: {n} points", score["total"]).format(
            name=shown[s], n=score["total"])
        parts.append(f'<h3>{esc(total)}</h3>'
                     '<table class="tyros-score-table"><thead><tr><th>' + esc(_("Location")) + '</th>'
                     '<th>' + esc(_("Empire")) + '</th><th>' + esc(_("By")) + '</th>'
                     '<th class="n">' + esc(_("Points")) + '</th></tr></thead><tbody>'
                     + "".join(rows) + "</tbody></table>")
    return "".join(parts) + "</section>"
