"""The Tyros map shipped with the engine keeps every constraint the rulebook puts on it.

The same constraints as the research checker (game-data/check_tyros_map.py), written anew;
rule numbers are those of seeds/tyros.md, L-numbers lines of the Italian rulebook.
"""
from collections import deque
from itertools import combinations

import pytest

from parlor.games.tyros.rules import (
    DIST, EAST, MAP, NODE_NAMES, NODES, PRESET_START, SEA, TYRE_NODE, WEST, start_allowed)

ROWS, COLS = 5, 7
SPECIAL = {"tyre": "TYRE", "desert": "DESERT", "open_sea": "OPEN_SEA"}
FIELDS = MAP["fields"]


def ident(field) -> str:
    return str(field["number"]) if field["kind"] == "location" else SPECIAL[field["kind"]]


AT = {(f["row"], f["col"]): ident(f) for f in FIELDS}
CELL = {name: rc for rc, name in AT.items()}
KIND = {ident(f): f["kind"] for f in FIELDS}
LOCS = [str(n) for n in range(1, 33)]
LINK = {frozenset(e["between"]): e for e in MAP["edges"]}


def touching(a: str, b: str) -> bool:
    (r1, c1), (r2, c2) = CELL[a], CELL[b]
    return abs(r1 - r2) + abs(c1 - c2) == 1


def sea_graph_from_edges() -> dict[str, set[str]]:
    """Galleon links from the edge list: Italy split by coast, Tyre called T."""
    graph: dict[str, set[str]] = {}

    def link(x, y):
        graph.setdefault(x, set()).add(y)
        graph.setdefault(y, set()).add(x)

    for edge in MAP["edges"]:
        if edge["link"] != "sea":
            continue
        a, b = ("T" if x == "TYRE" else x for x in edge["between"])
        if "16" not in (a, b):
            link(a, b)
            continue
        other, coast = (b if a == "16" else a), edge["italy_coast"]
        if coast in ("west", "both"):
            link("16W", other)
        if coast in ("east", "both"):
            link("16E", other)
    return graph


SEA_GRAPH = sea_graph_from_edges()


def steps_from(graph, start) -> dict[str, int]:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in sorted(graph.get(here, ())):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return seen


def shortest_routes(graph, a, b) -> list[list[str]]:
    dist = steps_from(graph, a)
    if b not in dist:
        return []
    routes = []

    def back(node, tail):
        if node == a:
            routes.append([a] + tail)
            return
        for prev in graph[node]:
            if dist.get(prev) == dist[node] - 1:
                back(prev, [node] + tail)

    back(b, [])
    return routes


# --- the grid -----------------------------------------------------------------------------

def test_y03_grid_is_5_by_7_with_each_field_once():
    assert len(FIELDS) == ROWS * COLS
    assert set(AT) == {(r, c) for r in range(ROWS) for c in range(COLS)}


def test_y02_32_locations_tyre_desert_and_open_sea():
    kinds = [f["kind"] for f in FIELDS]
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "location": 32, "tyre": 1, "desert": 1, "open_sea": 1}
    assert sorted(f["number"] for f in FIELDS if f["kind"] == "location") == list(range(1, 33))
    assert all(f["number"] is None for f in FIELDS if f["kind"] != "location")


def test_y05_no_location_belongs_to_an_empire_before_play():
    assert all(not f["empire"] for f in FIELDS)


def test_y03_edges_name_every_pair_of_neighbours_once():
    want = set()
    for (r, c), name in AT.items():
        for dr, dc in ((0, 1), (1, 0)):
            if (r + dr, c + dc) in AT:
                want.add(frozenset((name, AT[(r + dr, c + dc)])))
    pairs = [frozenset(e["between"]) for e in MAP["edges"]]
    assert len(pairs) == len(set(pairs)) == 58 and set(pairs) == want


def test_y03_edge_kinds_fit_the_fields():
    for pair, edge in LINK.items():
        kinds = {KIND[x] for x in pair}
        never = bool(kinds & {"desert", "open_sea"})
        assert edge["link"] in ("sea", "land", "none")
        assert (edge["link"] == "none") == never, pair
        assert ("italy_coast" in edge) == ("16" in pair and edge["link"] == "sea"), pair
        if "italy_coast" in edge:
            assert edge["italy_coast"] in ("east", "west", "both")
        assert sorted(tuple(c) for c in edge["cells"]) == sorted(CELL[x] for x in pair)


# --- Tyre, the land route, Italy ----------------------------------------------------------

def test_y13_tyre_lies_between_31_and_32_only():
    near = {x for x in CELL if x != "TYRE" and touching(x, "TYRE") and KIND[x] == "location"}
    assert near == {"31", "32"}
    assert {"31", "32"} <= SEA_GRAPH["T"]
    assert {str(x) for x in MAP["tyre"]["location_neighbours"]} == near


def test_y23_30_and_29_are_neighbours_across_land():
    assert touching("30", "29")
    assert LINK[frozenset(("30", "29"))]["link"] == "land"
    assert "29" not in SEA_GRAPH["30"]


def test_y23_the_only_shortest_route_from_30_to_29_is_30_26_25_29():
    assert all(touching(a, b) and b in SEA_GRAPH[a] for a, b in (("30", "26"), ("26", "25"),
                                                                 ("25", "29")))
    assert shortest_routes(SEA_GRAPH, "30", "29") == [["30", "26", "25", "29"]]


def test_y24_italy_east_coast_sails_only_to_15_and_17():
    assert KIND["16"] == "location"
    assert SEA_GRAPH["16E"] == {"15", "17"}
    assert touching("15", "16") and touching("17", "16")


def test_y24_italy_west_coast_exists_apart_from_the_east_coast():
    assert SEA_GRAPH["16W"]
    assert "16W" not in SEA_GRAPH["16E"] and "16E" not in SEA_GRAPH["16W"]


def test_y24_a_galleon_from_17_can_stop_on_either_coast():
    assert "17" in SEA_GRAPH["16E"] and "17" in SEA_GRAPH["16W"]


def test_y24_italy_summaries_match_the_edges():
    italy = MAP["italy"]
    assert set(italy["east_coast_sea_neighbours"]) == SEA_GRAPH["16E"]
    assert set(italy["west_coast_sea_neighbours"]) == SEA_GRAPH["16W"]
    field = next(f for f in FIELDS if f["number"] == 16)
    assert set(field["coasts"]["east"]) == SEA_GRAPH["16E"]
    assert set(field["coasts"]["west"]) == SEA_GRAPH["16W"]


# --- never entered, reachable -------------------------------------------------------------

@pytest.mark.parametrize("kind", ["open_sea", "desert"])
def test_y21_open_sea_and_desert_are_never_entered(kind):
    name = SPECIAL[kind]
    assert name not in SEA_GRAPH
    assert all(name not in links for links in SEA_GRAPH.values())


def test_y21_every_location_and_both_italian_coasts_are_reachable_from_tyre():
    reach = steps_from(SEA_GRAPH, "T")
    nodes = [x for x in LOCS if x != "16"] + ["16W", "16E"]
    assert all(x in reach for x in nodes)
    assert all(SEA_GRAPH.get(x) for x in nodes)


def test_y21_file_tables_match_the_edges_and_the_grid():
    assert {k: set(v) for k, v in MAP["sea_graph"].items()} == SEA_GRAPH
    for field in FIELDS:
        me = ident(field)
        for kind in ("sea", "land"):
            want = {x for pair, e in LINK.items() if me in pair and e["link"] == kind
                    for x in pair if x != me}
            assert set(field[kind]) == want, (me, kind)
    grid = {x: {y for y in LOCS if y != x and touching(x, y)} for x in LOCS}
    assert {k: set(v) for k, v in MAP["location_neighbours"].items()} == grid


def test_y22_engine_distances_are_the_sea_graph_s():
    for a in range(NODES):
        reach = steps_from(SEA_GRAPH, NODE_NAMES[a])
        for b in range(NODES):
            assert DIST[a][b] == reach.get(NODE_NAMES[b], 99)
    assert NODE_NAMES[WEST] == "16W" and NODE_NAMES[EAST] == "16E" and NODE_NAMES[TYRE_NODE] == "T"
    assert all(set(NODE_NAMES[m] for m in SEA[n]) == SEA_GRAPH[NODE_NAMES[n]] for n in range(NODES))


# --- empire growth and starts -------------------------------------------------------------

def test_d20_locations_are_connected_so_every_one_can_join_an_empire():
    graph = {x: {y for y in LOCS if y != x and touching(x, y)} for x in LOCS}
    assert len(steps_from(graph, "1")) == 32


def test_d02_a_legal_start_remains_for_every_empire_whatever_was_drawn():
    def allowed(loc, starts):
        return not touching(loc, "TYRE") and not any(
            loc == s or touching(loc, s) for s in starts)

    def stuck(starts):
        """A set of starts after which no legal start is left (the order of the draws does
        not matter: only the set blocks), or None."""
        if len(starts) == 4:
            return None
        options = [loc for loc in LOCS if allowed(loc, starts)]
        if not options:
            return starts
        later = [loc for loc in options if not starts or int(loc) > int(starts[-1])]
        return next((found for loc in later if (found := stuck(starts + [loc]))), None)

    assert stuck([]) is None


def test_y05_engine_start_rule_agrees_with_the_map():
    markers = [-1] * 33
    markers[7] = 0
    for loc in range(1, 33):
        want = loc != 7 and not touching(str(loc), "TYRE") and not touching(str(loc), "7")
        assert start_allowed(markers, loc) == want, loc


def test_d30_preset_start_obeys_the_start_rule():
    assert len(set(PRESET_START)) == 4
    names = [str(x) for x in PRESET_START]
    assert not any(touching(x, "TYRE") for x in names)
    assert not any(touching(a, b) for a, b in combinations(names, 2))
