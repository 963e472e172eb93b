"""The screens of a game played by link. Names and all text from a link go through esc().

The board is drawn from the session's `seen()` only: the protocol's view for this device's
seat (or a spectator's) and the moves it may make."""
from __future__ import annotations

from .. import catalog
from ..links import standing
from ..links.clock import CHOICES, days_of, describe_days
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
        return (f"{names[0]} invites you to play {title} on Parlor{clock_words(record)}. "
                "Open the link to take a seat.")
    if protocol.claim_of(record):
        return f"{title} on Parlor: {standing.verdict(session.held, session.now())[0]}"
    movers = protocol.to_move(record)
    if protocol.phase(record) == protocol.OVER:
        if movers:
            return (f"{title} on Parlor: the game is over; "
                    f"{', '.join(names[m] for m in movers)}: open this to check it.")
        return f"{title} on Parlor: the game is over and checked. Open the link to see it."
    others = [n for i, n in enumerate(names) if i != movers[0]]
    return f"Your turn, {names[movers[0]]}: {title} with {', '.join(others)} on Parlor."


def clock_words(record) -> str:
    """", 3 days per move" for a game with a clock."""
    days = days_of(record)
    return f", {describe_days(days)} per move" if days else ""


def clock_picker(key: str, days: int) -> str:
    """The creator's choice of days per move for a game by link."""
    picks = "".join(
        f'<button type="button" class="choice" aria-pressed="{str(d == days).lower()}" '
        f'data-action="clock" data-game="{esc(key)}" data-value="{d}">'
        f'{esc(describe_days(d) if d else "No clock")}</button>' for d in CHOICES)
    return (f'<div class="row" role="group" aria-label="Days per move by link">'
            f'<span>By link: days per move</span>{picks}</div>')


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
            f'{esc(title_of(session))}</h2><p>{esc(invitation_line(session))}</p>'
            f'<p class="meta">{esc(join_clock(record))}</p><label>Your name <input id="join-name" maxlength="24" '
            f'autocomplete="off" value="Player {len([s for s in record.seats if s.joined]) + 1}">'
            f'</label>{button("Take a seat", "join", True)}</section>')
    if session.sent:
        parts.append(share_card(session, base, show_qr))
    parts.append(play_area(session, phase))
    if phase == protocol.OVER:
        parts.append(verdict_card(session))
    clock = standing.clock_line(session.held, session.now()) if phase != protocol.OVER else ""
    if clock:
        parts.append(f'<p class="meta clock">{esc(clock)}</p>')
    if session.seat is not None and not session.sent:
        parts.append(f'<p class="resend">{button("Send my latest link again", "resend")}</p>')
    if standing.may_claim(session.held, session.now()):
        debtor = session.names[protocol.owing(record)]
        parts.append(f'<section class="card claim"><p>{esc(debtor)} has not answered in '
                     f'{esc(describe_days(days_of(record)))}. You may claim that they '
                     f'forfeited: the game ends and you send the claim.</p>'
                     f'{button("Claim a forfeit", "forfeit")}</section>')
    if session.seat is not None:
        parts.append(private_card(session, base, show_seat_link))
    return "".join(parts)


def invitation_line(session) -> str:
    """What the game is and how playing by link works, in one sentence."""
    entry = catalog.entry(session.record.game)
    return (f"{entry.blurb.rstrip('.')}: you play on your own phone, and each move travels "
            "as a link you send back in your chat.")


def turn_line(session) -> str:
    return ("A seat is open for you" if session.joinable()
            else link_status(session.held, session.now(), clock=False))


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


def join_clock(record) -> str:
    days = days_of(record)
    return (f"Clock: {describe_days(days)} per move; a player who does not answer in time "
            "may be claimed to have forfeited." if days else "This game has no clock.")


def verdict_card(session) -> str:
    text, cls = standing.verdict(session.held, session.now())
    return f'<section class="card audit {cls}" role="status"><p>{esc(sentence(text))}</p></section>'


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


def damaged_link(key: str, text: str) -> str:
    """A kept game by link that cannot be opened: its raw text to export, and Discard."""
    return (f'<li class="saved-game damaged"><div><strong>A damaged game by link</strong>'
            f'<br><span class="status">It cannot be opened by this version of Parlor.</span>'
            f'<details><summary>Export</summary><textarea readonly rows="3" '
            f'aria-label="The damaged game as kept">{esc(text)}</textarea></details></div>'
            f'{button("Discard", "discard-link", key=key)}</li>')
