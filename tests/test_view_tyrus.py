"""The Tyrus renderer: well-formed SVG, clickable parts, secrecy, escaping, the tally text."""
import copy
import re
import xml.etree.ElementTree as ET

import pytest

from parlor.games.tyrus.view import render, render_tally

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ana", "Bo"]
# The French rulebook's worked citadel tally: Brown 18 - 7 = 11 beats Ivory 12 - (8 - 6) = 10.
FRENCH_TALLY = {
    "number": 3, "kind": "S", "winner": 1,
    "sides": [
        {"votes": 12, "block": 8, "counter": 6, "score": 10,
         "tiles": [{"owner": 0, "tile": "S7", "role": "vote"},
                   {"owner": 1, "tile": "M8", "role": "block"},
                   {"owner": 0, "tile": "S5", "role": "vote"},
                   {"owner": 0, "tile": "P6", "role": "counter"}]},
        {"votes": 18, "block": 7, "counter": 0, "score": 11,
         "tiles": [{"owner": 1, "tile": "S10", "role": "vote"},
                   {"owner": 0, "tile": "M7", "role": "block"},
                   {"owner": 1, "tile": "S8", "role": "vote"},
                   {"owner": 1, "tile": "P1", "role": "none"}]},
    ],
}
NULL_TALLY = {
    "number": 4, "kind": "S", "winner": None,
    "sides": [
        {"votes": 9, "block": 0, "counter": 0, "score": 9,
         "tiles": [{"owner": 0, "tile": "S9", "role": "vote"},
                   {"owner": 1, "tile": "P2", "role": "none"}]},
        {"votes": 13, "block": 4, "counter": 0, "score": 9,
         "tiles": [{"owner": 1, "tile": "S10", "role": "vote"},
                   {"owner": 1, "tile": "S3", "role": "vote"},
                   {"owner": 0, "tile": "M4", "role": "block"}]},
    ],
}


def building(owner, kind, *tiles):
    return {"owner": owner, "kind": kind, "tiles": [{"owner": o, "tile": t} for o, t in tiles]}


def empty_buildings():
    return [building(b // 3, "SMP"[b % 3]) for b in range(6)]


def full(**changes):
    """An all-knowing view (every tile and hand shown); seen_by() hides what a seat may not see."""
    view = {
        "game": "tyrus", "seat": None, "to_move": [0], "first_player": 0,
        "election": {"number": 1, "kind": "M", "placements": []},
        "deck_left": 8, "buildings": empty_buildings(),
        "hands": [["S2", "S6", "S9", "M1", "M4", "M10", "P3", "P5", "P8"],
                  ["S1", "S4", "S7", "M2", "M5", "M9", "P1", "P6", "P10"]],
        "bag": [21, 21], "chart": [], "last_tally": None, "outcome": None,
    }
    view.update(changes)
    return view


def seen_by(view, seat, public_hands=False):
    """The view `seat` gets: other owners' tiles face down, other hands counted."""
    view = copy.deepcopy(view)
    view["seat"] = seat
    for b in view["buildings"]:
        for t in b["tiles"]:
            if t["owner"] != seat:
                t["tile"] = None
    if not public_hands:
        view["hands"] = [h if s == seat else len(h) for s, h in enumerate(view["hands"])]
    return view


START = full()
MID = full(   # election 4 (citadels), Brown opened, three tiles placed; old tiles elsewhere
    to_move=[0],
    election={"number": 4, "kind": "S", "placements": [1, 0, 1]},
    deck_left=5,
    buildings=[building(0, "S", (1, "M10"), (0, "S9")),
               building(0, "M", (0, "M6"), (1, "P8")),
               building(0, "P", (0, "P7")),
               building(1, "S", (1, "S10")),
               building(1, "M", (0, "P4")),
               building(1, "P", (1, "P9"), (0, "S3"))],
    hands=[["S1", "S4", "M3", "M5", "M8", "P2", "P5", "P10"],
           ["S2", "S6", "M1", "M7", "P3", "P4", "P7"]],
    bag=[12, 12],
    chart=[{"number": 1, "kind": "M", "winner": 0}, {"number": 2, "kind": "P", "winner": None},
           {"number": 3, "kind": "S", "winner": 1}],
    last_tally=FRENCH_TALLY,
)
AFTER_TALLY = full(   # election 4 was null; election 5 (temples) about to start
    to_move=[0],
    election={"number": 5, "kind": "P", "placements": []},
    deck_left=4,
    buildings=[building(0, "S"),
               building(0, "M", (0, "M6"), (1, "P8")),
               building(0, "P", (0, "P7"), (1, "S5")),
               building(1, "S"),
               building(1, "M", (0, "P4")),
               building(1, "P", (1, "P9"), (0, "S3"))],
    bag=[9, 9],
    chart=MID["chart"] + [{"number": 4, "kind": "S", "winner": None}],
    last_tally=NULL_TALLY,
)
CHART_9 = [{"number": n, "kind": k, "winner": w} for n, (k, w) in
           enumerate(zip("MPSSPMPMS", [0, None, 1, 0, 1, 0, 1, 0, 1]), 1)]
OVER = full(   # nine elections, four each: the tiles left in hand decide
    to_move=[], election=None, deck_left=0,
    buildings=[building(0, "S"), building(0, "M"), building(0, "P", (0, "P2")),
               building(1, "S"), building(1, "M", (1, "M1")), building(1, "P")],
    hands=[["S8", "M5", "P4"], ["S3", "M6", "P3"]], bag=[0, 0], chart=CHART_9,
    last_tally=dict(FRENCH_TALLY, number=9),
    outcome={"winners": [0], "reason": "equal representatives; higher total of the tiles "
             "left in hand", "tiebreak": [17, 12]},
)

EXAMPLES = {
    "start-0": (seen_by(START, 0), 0),
    "start-1": (seen_by(START, 1), 1),
    "mid-0": (seen_by(MID, 0), 0),
    "mid-1": (seen_by(MID, 1), 1),
    "mid-spectator": (seen_by(MID, None), 0),
    "after-tally-0": (seen_by(AFTER_TALLY, 0), 0),
    "after-tally-1": (seen_by(AFTER_TALLY, 1), 1),
    "over-0": (seen_by(OVER, 0, public_hands=True), 0),
    "over-spectator": (seen_by(OVER, None, public_hands=True), 0),
}


def ui(viewer, **changes):
    base = {"viewer": viewer, "selected": None, "targets": [], "pending": None,
            "interactive": True}
    base.update(changes)
    return base


def draw(view, names=NAMES, **changes):
    viewer = changes.pop("viewer", view["seat"] if view["seat"] is not None else 0)
    out = render(view, ui(viewer, **changes), names)
    return out, ET.fromstring(out)


def classes(el):
    return el.get("class", "").split()


def find(root, cls):
    return [el for el in root.iter() if cls in classes(el)]


def translate(el):
    x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform")).groups()
    return float(x), float(y)


def number(el):
    """A building's index, from its class b0..b5."""
    return next(int(c[1:]) for c in classes(el) if re.fullmatch(r"b\d", c))


def buildings(root):
    return {number(el): el for el in find(root, "bldg")}


def hand_tiles(root):
    return find(root, "hand")


def words(el):
    return "".join(el.itertext())


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_every_example_is_one_small_well_formed_svg(key):
    view, viewer = EXAMPLES[key]
    out, root = draw(view, viewer=viewer)
    assert root.tag == SVG + "svg"
    assert root.get("viewBox").startswith("0 0 360 ")
    assert root.get("width") is None and root.get("height") is None, "CSS sizes the board"
    assert root.get("role") in ("img", "group") and root.get("aria-label")
    assert len(out.encode()) < 40_000
    assert len(find(root, "bldg")) == 6


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_hand_tiles_carry_data_tile_for_exactly_the_hand(key):
    view, viewer = EXAMPLES[key]
    _, root = draw(view, viewer=viewer)
    hand = view["hands"][viewer]
    marked = [el.get("data-tile") for el in hand_tiles(root) if el.get("data-tile")]
    if isinstance(hand, list):
        assert marked == hand
    else:
        assert marked == [] and len(find(root, "hand")) == hand
        assert all("back" in classes(el) for el in hand_tiles(root))


def test_hand_tiles_are_finger_sized_in_two_rows():
    _, root = draw(seen_by(START, 0))
    tiles = hand_tiles(root)
    assert len(tiles) == 9
    rows = sorted({translate(el)[1] for el in tiles})
    assert len(rows) == 2
    for el in tiles:
        hit = el.find(SVG + "rect")
        assert "hit" in classes(hit)
        assert float(hit.get("width")) >= 44 and float(hit.get("height")) >= 44
    xs = [translate(el)[0] for el in tiles if translate(el)[1] == rows[0]]
    assert xs == sorted(xs) and xs[0] >= 0 and xs[-1] + 40 <= 360


def test_selected_tile_is_raised_and_outlined():
    _, root = draw(seen_by(MID, 0), selected="M3", targets=[0, 1, 4])
    tiles = {el.get("data-tile"): el for el in hand_tiles(root)}
    assert "sel" in classes(tiles["M3"])
    assert [k for k, el in tiles.items() if "sel" in classes(el)] == ["M3"]
    assert translate(tiles["M3"])[1] < translate(tiles["S1"])[1]


def test_targets_are_exactly_the_given_buildings():
    for targets in ([0, 1, 4], [5], []):
        _, root = draw(seen_by(MID, 0), selected="M3", targets=targets)
        clickable = {int(el.get("data-building")) for el in find(root, "bldg")
                     if el.get("data-building") is not None}
        glowing = {number(el) for el in find(root, "target")}
        assert clickable == glowing == set(targets)
        assert len(find(root, "glow")) == len(targets)


def test_without_a_selection_no_building_is_a_target_and_none_glows():
    _, root = draw(seen_by(MID, 0))
    assert sorted(buildings(root)) == list(range(6))
    assert not [el for el in root.iter() if el.get("data-building") is not None]
    assert not find(root, "target") and not find(root, "glow")


def test_every_target_is_focusable_and_named_for_what_acting_does():
    _, root = draw(seen_by(MID, 0), selected="M3", targets=[4])
    acting = [el for el in root.iter() if el.get("data-tile") or el.get("data-building")]
    assert acting and all(el.get("tabindex") == "0" and el.get("role") == "button"
                          for el in acting)
    names = {el.get("aria-label") for el in acting}
    assert "M3, merchants 3, in your hand: put it back" in names
    assert any(n.endswith("place merchants 3 here") for n in names)
    assert root.get("role") == "group"


def test_not_interactive_marks_nothing_clickable_and_nothing_highlighted():
    out, root = draw(seen_by(MID, 0), selected="M3", targets=[0, 1],
                     pending={"tile": "S4", "building": 2}, interactive=False)
    assert "data-" not in out
    assert not find(root, "sel") and not find(root, "target") and not find(root, "glow")


def test_pending_tile_is_drawn_in_its_building_and_left_out_of_the_hand():
    view = seen_by(MID, 0)
    _, root = draw(view, pending={"tile": "M3", "building": 4})
    hand = [el.get("data-tile") for el in hand_tiles(root)]
    assert "M3" not in hand and len(hand) == len(view["hands"][0]) - 1
    pending = find(root, "pending")
    assert len(pending) == 1 and pending[0].get("data-action") is None  # Take back does it
    assert words(pending[0]) == "M3"
    target = buildings(root)[4]
    assert pending[0] in list(target.iter()), "drawn inside building 4"
    visitors = [el for el in target.iter() if "tile" in classes(el)]
    assert len(visitors) == len(view["buildings"][4]["tiles"]) + 1


def test_face_down_tiles_never_show_a_value():
    view = seen_by(MID, 0)
    _, root = draw(view)
    for b, el in buildings(root).items():
        hidden = sum(t["tile"] is None for t in view["buildings"][b]["tiles"])
        backs = [t for t in el.iter() if "back" in classes(t)]
        assert len(backs) == hidden
        for back in backs:
            assert not re.search(r"\d", words(back)), "a value leaked"
            assert not any(re.fullmatch(r"[SMP]\d+", v) for t in back.iter()
                           for v in t.attrib.values())
    shown = [t["tile"] for b in view["buildings"] for t in b["tiles"] if t["tile"]]
    faces = [words(t) for t in find(root, "tile")
             if "back" not in classes(t) and "hand" not in classes(t)]
    assert sorted(faces) == sorted(shown)


def test_a_spectator_sees_no_digit_in_any_building():
    view = seen_by(MID, None)
    out, root = draw(view, viewer=0)
    for el in find(root, "bldg"):
        assert not re.search(r"\d", words(el))
    assert len(find(root, "back")) == sum(len(b["tiles"]) for b in view["buildings"]) + 8


def test_hostile_names_are_escaped_and_still_parse():
    names = ['<script>alert("x")</script>', "Bo & \"Co\" 'q'\x00\x1b"]
    out, root = draw(seen_by(MID, 0), names=names)
    assert "<script" not in out and "\x00" not in out
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    texts = [words(el) for el in find(root, "name")]
    assert '<script>alert(\u2026' in texts and "Bo & \"Co\" 'q'" in texts
    html = render_tally(seen_by(MID, 0), names)
    assert "<script" not in html
    tally = ET.fromstring(f"<div>{html}</div>")
    assert "<script>alert(\u2026" in words(tally)


def test_long_names_are_clipped():
    out, root = draw(seen_by(MID, 0), names=["Maximilianus Wolfgang", "Bo"])
    assert "Maximilianus W\u2026" in [words(el) for el in find(root, "name")]
    assert "Wolfgang" not in out


def test_the_viewers_buildings_are_below_the_opponents():
    for seat in (0, 1):
        _, root = draw(seen_by(MID, seat))
        mine = [translate(el)[1] for el in find(root, f"seat{seat}") if "bldg" in classes(el)]
        theirs = [translate(el)[1] for el in find(root, f"seat{1 - seat}")
                  if "bldg" in classes(el)]
        assert len(mine) == len(theirs) == 3
        assert min(mine) > max(theirs)
        hand_y = min(translate(el)[1] for el in hand_tiles(root))
        assert hand_y > max(mine)


def test_the_election_buildings_are_emphasised():
    _, root = draw(seen_by(MID, 0))
    assert sorted(number(el) for el in find(root, "elect")) == [0, 3]
    _, root = draw(seen_by(AFTER_TALLY, 0))
    assert sorted(number(el) for el in find(root, "elect")) == [2, 5]
    _, root = draw(seen_by(OVER, 0, public_hands=True))
    assert not find(root, "elect")


def test_the_card_names_the_election_and_the_chart_its_results():
    _, root = draw(seen_by(MID, 0))
    assert "Election 4 of 9" in words(root) and "General" in words(root)
    assert len(find(root, "placed")) == 3 and len(find(root, "slot")) == 3
    assert len(find(root, "won")) == 2 and len(find(root, "null")) == 1
    assert words(find(root, "null")[0]) == "N"
    assert len(find(root, "now")) == 1
    _, root = draw(seen_by(OVER, 0, public_hands=True))
    wins = [sum(f"seat{s}" in classes(el) for el in find(root, "won")) for s in (0, 1)]
    assert wins == [4, 4] and len(find(root, "null")) == 1


def test_game_over_shows_the_winner_reason_and_tiebreak():
    _, root = draw(seen_by(OVER, 1, public_hands=True), viewer=1)
    card = find(root, "election")[0]
    assert "Game over" in words(card) and "Ana" in words(card)
    assert "17 \u2013 12" in words(find(root, "tiebreak")[0])
    assert find(root, "reason")
    shown = [words(el) for el in find(root, "shown")]
    assert sorted(shown) == sorted(OVER["hands"][0]), "the opponent's revealed hand"


def test_only_the_seat_to_move_has_the_turn_marker():
    _, root = draw(seen_by(MID, 0))
    turns = [el for el in find(root, "bar") if find(el, "turn")]
    assert len(turns) == 1 and "seat0" in classes(turns[0])
    _, root = draw(seen_by(OVER, 0, public_hands=True))
    assert not find(root, "turn")


def test_render_is_pure():
    view = seen_by(MID, 0)
    before = copy.deepcopy(view)
    options = ui(0, selected="M3", targets=[1], pending={"tile": "S1", "building": 2})
    first = render(view, options, NAMES)
    assert view == before and render(view, options, NAMES) == first


def tally_tree(view, names=NAMES):
    return ET.fromstring(f"<div>{render_tally(view, names)}</div>")


def test_render_tally_numbers_match_the_view():
    view = seen_by(MID, 0)
    root = tally_tree(view)
    sides = find(root, "side")
    assert len(sides) == 2
    for el, side in zip(sides, view["last_tally"]["sides"]):
        shown = {"votes": side["votes"], "score": side["score"]}
        if side["block"]:
            shown.update(block=side["block"], counter=min(side["counter"], side["block"]))
        rows = {key: r.find("td").text for r in el.iter("tr") for key in classes(r)}
        assert rows == {key: str(value) for key, value in shown.items()}
        items = list(el.iter("li"))
        assert len(items) == len(side["tiles"])
        for li, tile in zip(items, side["tiles"]):
            assert f"role-{tile['role']}" in classes(li)
            assert tile["tile"][1:] in li.text
    verdict = find(root, "verdict")[0]
    assert "won" in classes(verdict) and verdict.text.startswith("Bo takes the General")
    assert "11 to 10" in verdict.text


def test_render_tally_explains_a_null_election():
    root = tally_tree(seen_by(AFTER_TALLY, 1))
    verdict = find(root, "verdict")[0]
    assert "null" in classes(verdict) and "9 to 9" in verdict.text


def test_render_tally_is_empty_before_the_first_tally():
    assert render_tally(seen_by(START, 0), NAMES) == ""


def test_a_counter_with_no_block_to_counter_says_so():
    tally = copy.deepcopy(FRENCH_TALLY)
    lines = [li.text for li in tally_tree(full(last_tally=tally)).iter("li")]
    assert "Ana: priests 6, counters a block" in lines
    tally["sides"][0].update(block=0, counter=0)
    lines = [li.text for li in tally_tree(full(last_tally=tally)).iter("li")]
    assert "Ana: priests 6, no block to counter" in lines
    assert not any("counters a block" in line for line in lines)


def sum_rows(tally) -> list[dict]:
    """Each side's sum table as {row class: number shown}."""
    return [{next(iter(classes(r))): r.find("td").text for r in side.iter("tr")}
            for side in find(tally_tree(full(last_tally=tally)), "side")]


def test_t9_a_tally_with_no_block_reports_no_block_and_nothing_countered():
    tally = copy.deepcopy(FRENCH_TALLY)
    tally["sides"][0].update(block=0, counter=9, score=12)    # priests 9 in, no merchant against
    ana, bo = sum_rows(tally)
    assert ana == {"votes": "12", "score": "12"}
    assert "Block countered" not in tally_tree(full(last_tally=tally)).find(".//table").itertext()
    assert bo == {"votes": "18", "block": "7", "counter": "0", "score": "11"}


def test_t9_a_counter_larger_than_the_block_counters_only_the_block():
    tally = copy.deepcopy(FRENCH_TALLY)
    tally["sides"][0].update(block=4, counter=6, score=12)
    ana, _ = sum_rows(tally)
    assert ana == {"votes": "12", "block": "4", "counter": "4", "score": "12"}
