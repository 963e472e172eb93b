"""The screens of a game played by link. Names and all text from a link go through esc()."""
from __future__ import annotations

from .. import tyrus_link as protocol
from ..linkplay import ACTION_LABELS, seat_link
from ..qr import qr_svg
from ..record import encode
from .screens import button, sentence
from .svg import esc


def link_url(base: str, fragment: str) -> str:
    return f"{base}#{fragment}"


def share_text(session) -> str:
    """The message sent with a link: which game, and whose turn it is."""
    names = session.names
    record = session.record
    if protocol.phase(record) == protocol.JOINING:
        return f"{names[0]} invites you to play Tyrus on Parlor. Open the link to take your seat."
    movers = protocol.to_move(record)
    if protocol.phase(record) == protocol.OVER:
        if movers:
            return f"Tyrus on Parlor: the game is over; {names[movers[0]]}, open this to check it."
        return "Tyrus on Parlor: the game is over and checked. Open the link to see it."
    return f"Your turn, {names[movers[0]]}: Tyrus with {names[1 - movers[0]]} on Parlor."


def link_screen(session, base: str, show_qr: bool, show_seat_link: bool) -> str:
    names = session.names
    record = session.record
    result = session.replayed
    phase = protocol.phase(record) if result.ok else None
    parts = [f'<header class="bar">{button("‹ Games", "home")}<h1>Tyrus by link</h1>'
             f'<span class="turn-line">{esc(turn_line(session))}</span></header>']
    if session.notice:
        parts.append(f'<p class="notice" role="alert">{esc(session.notice)}</p>')
    if session.seat is None and not session.joinable():
        parts.append('<p class="notice">You are watching this game: this device holds no seat '
                     'in it, so nothing hidden is shown.</p>')
    if session.joinable():
        parts.append(
            f'<section class="card join"><h2>{esc(names[0])} invites you to play Tyrus</h2>'
            f'<label>Your name <input id="join-name" maxlength="24" autocomplete="off" '
            f'value="Player 2"></label>{button("Take the seat", "join", True)}</section>')
    if session.sent:
        parts.append(share_card(session, base, show_qr))
    opening_moves = phase == protocol.OPENING and any(
        not isinstance(m, str) for m in session.legal())
    if (phase in (protocol.JOINING, protocol.OPENING) and not opening_moves
            or phase is None and not result.state.number):
        parts.append(waiting_card(session, phase))
    else:
        parts.append(play_area(session, result.ok))
    if phase == protocol.OVER:
        parts.append(verdict_card(session))
    if session.seat is not None and not session.sent:
        parts.append(f'<p class="resend">{button("Send my latest link again", "resend")}</p>')
    if session.seat is not None and protocol.may_claim(record, session.seat):
        parts.append(f'<section class="card"><p>{esc(names[1 - session.seat])} owes a reveal. '
                     f'If they will not send it, you may declare that they forfeited.</p>'
                     f'{button("Declare a forfeit", "forfeit")}</section>')
    if session.seat is not None:
        parts.append(private_card(session, base, show_seat_link))
    return "".join(parts)


def turn_line(session) -> str:
    return "A seat is open for you" if session.joinable() else turn_line_of(session.held)


def turn_line_of(held) -> str:
    """Whose move it is in a game held by this device, in a few words."""
    record = held.record
    if not protocol.replay(record).ok:
        return "Link damaged"
    phase = protocol.phase(record)
    if phase == protocol.JOINING:
        return "Waiting for a second player"
    movers = protocol.to_move(record)
    if phase == protocol.OVER and not movers:
        return "Game over"
    if held.seat in movers:
        return "Your turn"
    name = record.seats[movers[0]].name or f"Player {movers[0] + 1}" if movers else ""
    return f"{name} to play" if movers else "Game over"


def waiting_card(session, phase) -> str:
    names = session.names
    if phase == protocol.JOINING and session.seat == 0:
        text = "Send the invitation link to a friend. When they take the seat, they send a link back: open it here."
    elif phase == protocol.JOINING:
        text = "This game is waiting for its second player."
    elif session.seat == 0 and session.my_turn():
        text = f"{names[1]} has joined. Start the game: the coin toss and the first election card are drawn from both of your secrets."
    else:
        text = f"Waiting for {names[0]} to start the game."
    parts = [f'<section class="card waiting"><p>{esc(text)}</p>']
    for action in session.legal():
        parts.append(button(ACTION_LABELS[action], "link-act", True, value=action))
    parts.append("</section>")
    return "".join(parts)


def play_area(session, ok: bool) -> str:
    board = session.board
    legal = session.legal() if ok else []
    moves = [m for m in legal if not isinstance(m, str)]
    view = session.view()
    interactive = bool(moves) and not session.sent
    svg = board.svg_view(view, moves, session.seat, session.pending, session.names, interactive)
    parts = [f'<div class="board">{svg}</div>']
    if interactive:
        staged = session.pending is not None
        parts.append(f'<p class="hint" aria-live="polite">{esc(board.hint_view(view, session.pending))}</p>'
                     '<div class="actions">'
                     + (button("Take back", "take-back") if staged else "")
                     + (button("Confirm", "confirm", True) if staged else "") + "</div>")
    actions = [a for a in legal if isinstance(a, str)]
    if actions and not session.sent:
        parts.append('<div class="actions">' + "".join(
            button(ACTION_LABELS[a], "link-act", True, value=a) for a in actions) + "</div>")
    if view["last_tally"]:
        parts.append('<details class="card"><summary>Last count</summary>'
                     + board.summary_view(view, session.names) + "</details>")
    return "".join(parts)


def share_card(session, base: str, show_qr: bool) -> str:
    url = link_url(base, encode(session.record))
    text = share_text(session)
    movers = protocol.to_move(session.record) if session.replayed.ok else ()
    joining = protocol.phase(session.record) == protocol.JOINING
    to = session.names[movers[0]] if movers and movers[0] != session.seat and not joining \
        else "your friend"
    qr = f'<div class="qr-box">{qr_svg(url)}</div>' if show_qr else ""
    return (f'<section class="card share"><h2>Send this link to {esc(to)}</h2>'
            f'<p class="share-text">{esc(text)}</p>'
            f'<textarea id="share-link" readonly rows="3" aria-label="The link to send">{esc(url)}</textarea>'
            f'<div class="actions">{button("Share…", "share", True)}{button("Copy link", "copy")}'
            f'{button("Hide QR code" if show_qr else "QR code", "qr")}</div>{qr}'
            f'<p class="meta">Anyone with this link can watch the game; hidden tiles stay hidden.</p>'
            f'</section>')


def verdict_card(session) -> str:
    verdict = protocol.audit(session.record)
    missing = [session.names[s] for s in protocol.to_move(session.record)]
    if missing:
        text = (f"Fairness check: waiting for {', '.join(missing)} to publish their secret. "
                "Every hidden tile and draw is checked then.")
        cls = "pending"
    elif verdict.ok:
        text, cls = "Verified fair: every hidden tile, draw and count was checked.", "fair"
    else:
        where = f"message {verdict.move + 1}" if verdict.move is not None else "the game's history"
        text, cls = f"Not fair: {where}: {sentence(verdict.reason)}", "unfair"
    return f'<section class="card audit {cls}" role="status"><p>{esc(text)}</p></section>'


def private_card(session, base: str, show: bool) -> str:
    body = ""
    if show:
        body = (f'<textarea id="seat-link" readonly rows="3" aria-label="Private seat link">'
                f'{esc(link_url(base, seat_link(session.held)))}</textarea>')
    label = "Hide the private link" if show else "Show the private link"
    return ('<details class="card private"><summary>Take this seat to another device</summary>'
            '<p><strong>Private:</strong> this link carries your secret. Whoever opens it can '
            'play as you and see your tiles. Never post it in a group chat.</p>'
            + button(label, "seat-link") + body + "</details>")
