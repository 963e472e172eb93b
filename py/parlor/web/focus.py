"""Focus and keys on the page: the focus kept across redraws, arrows on a board, one tab stop
per board, and what a screen reader reads out."""
from __future__ import annotations

import js

from .page import js_object

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
TAP_ATTRIBUTES = ("data-action", "data-tile", "data-building", "data-figure", "data-cell",
                  "data-mark")


def focus_key(root) -> str | None:
    """A selector for the focused element inside `root` (its id, or else its tap attributes),
    '' when it has neither, None when the focus is elsewhere."""
    here = js.document.activeElement
    if not here or not root.contains(here) or here == root:
        return None
    if here.id:
        return "#" + str(here.id)
    parts = [f'[{name}="{here.getAttribute(name)}"]' for name in TAP_ATTRIBUTES
             if here.hasAttribute(name)]
    return "".join(parts)


def restore_focus(root, key: str | None) -> None:
    """After a redraw, focus what had the focus before, or else the next thing to act on."""
    if key is None:
        return
    same = root.querySelector(key) if key else None
    if same:
        same.focus()
        return
    other = (root.querySelector(".actions button.primary") or
             root.querySelector(".board [role=button]") or root.querySelector(".actions button")
             or root.querySelector("section button.primary") or root.querySelector("button"))
    if other:
        other.focus(js_object({"preventScroll": True}))


def step_focus(here, dx: int, dy: int) -> None:
    """Move the focus to the board target nearest `here` in the direction (dx, dy)."""
    box = here.getBoundingClientRect()
    x0, y0 = box.left + box.width / 2, box.top + box.height / 2
    best, best_cost = None, None
    for other in here.closest("svg").querySelectorAll("[role=button]"):
        if other == here:
            continue
        b = other.getBoundingClientRect()
        ddx, ddy = b.left + b.width / 2 - x0, b.top + b.height / 2 - y0
        ahead = ddx * dx + ddy * dy
        if ahead <= 1:
            continue
        cost = ahead + 2 * abs(ddx * dy + ddy * dx)
        if best_cost is None or cost < best_cost:
            best, best_cost = other, cost
    if best is not None:
        here.setAttribute("tabindex", "-1")
        best.setAttribute("tabindex", "0")
        best.focus()


def rove(root) -> None:
    """One tab stop per board (so Tab goes on to the buttons): the focused target, else the
    chosen one, else the first; the arrows move between the others."""
    for board in root.querySelectorAll(".board"):
        if board.scrollWidth > board.clientWidth and not board.querySelector("[role=button]"):
            board.tabIndex = 0      # a board wider than the phone scrolls by keys too
    for svg in root.querySelectorAll(".board svg[role=group]"):
        current = (svg.querySelector("[role=button]:focus")
                   or svg.querySelector('[role=button][aria-pressed="true"]')
                   or svg.querySelector("[role=button]"))
        for other in svg.querySelectorAll("[role=button]"):
            other.setAttribute("tabindex", "0" if other == current else "-1")


def announce(root) -> None:
    """Read out what the screen marks with data-announce, when it changed (the live region
    lives outside the redrawn part of the page, so screen readers notice it)."""
    words = " ".join(" ".join(str(el.textContent).split())
                     for el in root.querySelectorAll("[data-announce]"))
    region = js.document.getElementById("announce")
    if words and region and region.textContent != words:
        region.textContent = words
