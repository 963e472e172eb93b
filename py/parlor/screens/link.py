"""The screens of a game played by link. Names and all text from a link go through esc().

The board is drawn from the session's `seen()` only: the protocol's view for this device's
seat (or a spectator's) and the moves it may make."""
from __future__ import annotations

from .. import catalog
from ..links.device import seat_link
from ..links.record import encode
from .html import action_bar, button, sentence
from .qr import qr_svg
from .status import link_status
from .svg import esc


def link_url(base: str, fragment: str) -> str:
    return f"{base}#{fragment}"


def title_of(session) -> str:
    return catalog.entry(session.record.game).title()


def share_text(session) -> str:
    """The message sent with a link: which game, and whose turn it is."""
    names, protocol, record = session.names, session.protocol, session.record
    title = title_of(session)
    if protocol.phase(record) == protocol.JOINING:
        return f"{names[0]} invites you to play {title} on Parlor. Open the link to take a seat."
    movers = protocol.to_move(record)
    if protocol.phase(record) == protocol.OVER:
        if movers:
            return (f"{title} on Parlor: the game is over; "
                    f"{', '.join(names[m] for m in movers)}: open this to check it.")
        return f"{title} on Parlor: the game is over and checked. Open the link to see it."
    others = [n for i, n in enumerate(names) if i != movers[0]]
    return f"Your turn, {names[movers[0]]}: {title} with {', '.join(others)} on Parlor."


def link_screen(session, base: str, show_qr: bool, show_seat_link: bool) -> str:
    names, protocol, record = session.names, session.protocol, session.record
    result = session.replayed
    phase = protocol.phase(record) if result.ok else None
    parts = [f'<header class="bar">{button("‹ Games", "home")}'
             f'<h1>{esc(title_of(session))} by link</h1>'
             f'<span class="turn-line">{esc(turn_line(session))}</span></header>']
    if session.notice:
        parts.append(f'<p class="notice" role="alert">{esc(session.notice)}</p>')
    if protocol.hidden_note:
        parts.append(f'<p class="meta">{esc(protocol.hidden_note)}</p>')
    if session.seat is None and not session.joinable():
        parts.append('<p class="notice">You are watching this game: this device holds no seat '
                     'in it, so nothing hidden is shown.</p>')
    if session.joinable():
        parts.append(
            f'<section class="card join"><h2>{esc(names[0])} invites you to play '
            f'{esc(title_of(session))}</h2><p>{esc(invitation_line(session))}</p><label>Your name <input id="join-name" maxlength="24" '
            f'autocomplete="off" value="Player {len([s for s in record.seats if s.joined]) + 1}">'
            f'</label>{button("Take a seat", "join", True)}</section>')
    if session.sent:
        parts.append(share_card(session, base, show_qr))
    parts.append(play_area(session, phase))
    if phase == protocol.OVER:
        parts.append(verdict_card(session))
    if session.seat is not None and not session.sent:
        parts.append(f'<p class="resend">{button("Send my latest link again", "resend")}</p>')
    if session.seat is not None and protocol.may_claim(record, session.seat):
        parts.append('<section class="card"><p>Your opponent owes a reveal. If they will not '
                     'send it, you may declare that they forfeited.</p>'
                     f'{button("Declare a forfeit", "forfeit")}</section>')
    if session.seat is not None:
        parts.append(private_card(session, base, show_seat_link))
    return "".join(parts)


def invitation_line(session) -> str:
    """What the game is and how playing by link works, in one sentence."""
    entry = catalog.entry(session.record.game)
    return (f"{entry.blurb.rstrip('.')}: you play on your own phone, and each move travels "
            "as a link you send back in your chat.")


def turn_line(session) -> str:
    return "A seat is open for you" if session.joinable() else link_status(session.held)


def play_area(session, phase) -> str:
    """The board (or a waiting card before there is one), and this device's actions."""
    board, protocol = session.board, session.protocol
    legal = session.legal() if phase is not None else []
    actions = [a for a in legal if isinstance(a, str)]
    seen = session.seen()
    interactive = bool(seen.legal) and not session.sent
    if phase == protocol.JOINING or (phase == protocol.OPENING and not seen.legal):
        return waiting_card(session, phase, actions)
    names, pending = session.names, session.pending
    parts = [f'<div class="board">{board.svg(seen, pending, names, interactive)}</div>']
    if interactive:
        parts.append(action_bar(board.hint(seen, pending), pending is not None,
                                board.buttons(seen, pending)))
    if actions and not session.sent:
        parts.append('<div class="actions">' + "".join(
            button(protocol.action_labels[a], "link-act", True, value=a) for a in actions)
            + "</div>")
    summary = board.summary(seen.view, names)
    if summary:
        label = "Result" if phase == protocol.OVER else "Latest"
        parts.append(f'<details class="card" {"open" if phase == protocol.OVER else ""}>'
                     f'<summary>{label}</summary>{summary}</details>')
    return "".join(parts)


def waiting_card(session, phase, actions) -> str:
    names, protocol = session.names, session.protocol
    if phase == protocol.JOINING and session.seat == 0:
        text = ("Send the invitation link to your friends. Each one who takes a seat sends a "
                "link back or on: open it here.")
    elif phase == protocol.JOINING and session.seat is not None:
        text = ("You have your seat. Send this link on to the players still to join: the game "
                "starts when every seat is taken.")
    elif phase == protocol.JOINING:
        text = "This game is waiting for its players."
    elif actions:
        text = "Everyone has joined. Start the game: what is dealt is drawn from all your secrets."
    else:
        text = f"Waiting for {names[0]} to start the game."
    parts = [f'<section class="card waiting"><p>{esc(text)}</p>']
    if not session.sent:
        parts += [button(protocol.action_labels[a], "link-act", True, value=a) for a in actions]
    parts.append("</section>")
    return "".join(parts)


def share_card(session, base: str, show_qr: bool) -> str:
    url = link_url(base, encode(session.record))
    protocol = session.protocol
    movers = protocol.to_move(session.record) if session.replayed.ok else ()
    joining = protocol.phase(session.record) == protocol.JOINING
    to = session.names[movers[0]] if movers and movers[0] != session.seat and not joining \
        else "your friends" if len(session.names) > 2 else "your friend"
    qr = f'<div class="qr-box">{qr_svg(url)}</div>' if show_qr else ""
    return (f'<section class="card share"><h2>Send this link to {esc(to)}</h2>'
            f'<p class="share-text">{esc(share_text(session))}</p>'
            f'<textarea id="share-link" readonly rows="3" aria-label="The link to send">{esc(url)}</textarea>'
            f'<div class="actions">{button("Share…", "share", True)}{button("Copy link", "copy")}'
            f'{button("Hide QR code" if show_qr else "QR code", "qr")}</div>{qr}'
            f'<p class="meta">Anyone with this link can watch the game.</p></section>')


def verdict_card(session) -> str:
    protocol = session.protocol
    missing = [session.names[s] for s in protocol.to_move(session.record)]
    if missing:
        text = (f"Fairness check: waiting for {', '.join(missing)} to publish their secret. "
                "Everything hidden is checked then.")
        cls = "pending"
    else:
        verdict = protocol.audit(session.record)
        if verdict.ok:
            text, cls = "Verified fair: every hidden choice, draw and claim was checked.", "fair"
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
            'play as you and see what you hold. Never post it in a group chat.</p>'
            + button(label, "seat-link") + body + "</details>")
