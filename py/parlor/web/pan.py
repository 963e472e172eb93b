"""A board wider than a phone (King & Assassins): drawn at full size it pans, and what the
player may tap stays in view; fitted to the screen, a tap zooms in at the place tapped.

The phone is the media query under which css/parlor.css draws such a board at full size."""
import js

PHONE = "(max-width: 699px) and (orientation: portrait)"


def fitted_tap(target, event) -> float | None:
    """Where across a fitted zoomable board a finger tapped one of its targets (0 left edge,
    1 right edge), or None: not a phone, not fitted, or a key (a click with no pointer, which
    acts at any size)."""
    board = target.closest("div.board.zoomable")
    if not board or board.classList.contains("zoomed") or not event.detail:
        return None
    if not js.window.matchMedia(PHONE).matches:
        return None
    box, spot = board.getBoundingClientRect(), target.getBoundingClientRect()
    return (spot.left + spot.width / 2 - box.left) / max(1, box.width)


def centre(root, across: float) -> None:
    """Pan the zoomed board so that the point `across` its width is in the middle."""
    board = root.querySelector("div.board.zoomed")
    if board:
        board.scrollLeft = across * board.scrollWidth - board.clientWidth / 2


def keep_in_view(root) -> None:
    """When none of the zoomed board's targets is wholly on screen, pan to the middle of
    them, so that a player always sees something to tap (the board may have been drawn
    anew, or the turn moved elsewhere)."""
    board = root.querySelector("div.board.zoomed")
    if not board or not js.window.matchMedia(PHONE).matches:
        return
    box = board.getBoundingClientRect()
    spots = [el.getBoundingClientRect() for el in board.querySelectorAll("[role=button]")]
    if not spots or any(r.left >= box.left - 0.5 and r.right <= box.right + 0.5
                        for r in spots):
        return
    middle = (min(r.left for r in spots) + max(r.right for r in spots)) / 2
    board.scrollLeft += middle - (box.left + box.width / 2)
