"""The screens of a game played by link. Names and all text from a link go through esc().

The board is drawn from the session's `seen()` only: the protocol's view for this device's
seat (or a spectator's) and the moves it may make."""
from __future__ import annotations

from .. import catalog
from ..i18n import _, and_list, ngettext
from ..links import standing
from ..links.casual import START
from ..links.clock import CHOICES, days_of, describe_days, describe_per_move
from ..links.device import NOT_SEATED, seat_link
from ..links.record import default_name, encode, shown_name
from ..links.history import History
from .game import resign_button, resign_card
from .html import action_bar, board_area, board_controls, button, language_picker, sentence, \
    with_names
from .qr import qr_svg
from .replay import link_replay_screen
from .status import link_status
from .svg import esc


def link_url(base: str, fragment: str) -> str:
    return f"{base}#{fragment}"


def title_of(session) -> str:
    return catalog.entry(session.record.game).title()


def share_text(session) -> str:
    """The message sent with a link: which game, and whose turn it is (in the sender's
    language: it is written when the link is shared)."""
    names, protocol, record = session.names, session.protocol, session.record
    title = title_of(session)
    if session.asking_rematch:
        # Translators: "Rematch" is the name of the button of that name.
        return _("{name} asks you for a rematch of {title} with the seats swapped: open this "
                 "link and tap Rematch.").format(name=names[0], title=title)
    if record.grouped and protocol.phase(record) == protocol.JOINING:
        return invitation_text(session)
    if protocol.phase(record) == protocol.JOINING:
        days = days_of(record)
        if days:
            text = _("{name} invites you to play {title} on Parlor, {per_move}. Open the link "
                     "to take a seat.").format(name=names[0], title=title,
                                               per_move=describe_per_move(days))
        else:
            text = _("{name} invites you to play {title} on Parlor. Open the link to take a "
                     "seat.").format(name=names[0], title=title)
        return f"{text} {rematch_line(session)}" if session.rematch_of else text
    if protocol.stopped(record):
        # Translators: a game's title, then the verdict on a forfeit claim
        return _("{title} on Parlor: {verdict}").format(
            title=title, verdict=standing.verdict(session.held, session.now())[0])
    movers = protocol.to_move(record)
    if protocol.phase(record) == protocol.OVER:
        if movers:
            return _("{title} on Parlor: the game is over; {names}: open this to check "
                     "it.").format(title=title, names=", ".join(names[m] for m in movers))
        return _("{title} on Parlor: the game is over and checked. Open the link to see "
                 "it.").format(title=title)
    if record.grouped and not record.moves and session.seat == 0 and session.sent:
        # Translators: the text sent with the creator's start of a game by link; {players}
        # lists everyone in the order of their seats, {request} is what the player who
        # plays first must do, e.g. "Your turn, Bo" or "Bo, cut the deck"
        return _("{name}'s {title} game has started. Seats in order: {players}. {request}: "
                 "open this link.").format(name=names[0], title=title, players=seating(session),
                                           request=request(session))
    others = ", ".join(n for i, n in enumerate(names) if i != movers[0])
    asked = task(session)
    if asked:
        # Translators: {request} says what the receiver of the link must do, e.g. "Cy, keep
        # 3 of your cards"
        return _("{request}: {title} with {others} on Parlor.").format(
            request=asked, title=title, others=others)
    return _("Your turn, {name}: {title} with {others} on Parlor.").format(
        name=names[movers[0]], title=title, others=others)


def task(session) -> str:
    """What the player who sends the next message must do when it is not an ordinary move
    (a start message, a count, an answer, cards to keep), as the text sent with a link says
    it to them; "" for an ordinary move. From the public record and view only."""
    protocol, record, names = session.protocol, session.record, session.names
    asks = getattr(session.board, "asks", None)
    return protocol.asks(record, names) or (asks(protocol.view(record), names) if asks else "")


def seating(session) -> str:
    """The players in the order of their seats, each with its role where the game has roles."""
    entry = catalog.entry(session.record.game)
    if not entry.seat_labels:
        return ", ".join(session.names)
    # Translators: a player and the role of their seat, e.g. "Ana (The king)"
    return ", ".join(_("{name} ({role})").format(name=name, role=entry.seat_label(n))
                     for n, name in enumerate(session.names))


def request(session) -> str:
    """What the player who sends the next message must do, ordinary moves included."""
    movers = session.protocol.to_move(session.record)
    return task(session) or _("Your turn, {name}").format(name=session.names[movers[0]])


def invitation_text(session) -> str:
    """The message sent with a format-3 invitation: the task, who has joined, seats left."""
    record, names = session.record, session.names
    left = seats_left(record)
    text = ngettext("Join {name}'s {title} game on Parlor: {n} seat left. Open the link and "
                    "tap Join.",
                    "Join {name}'s {title} game on Parlor: {n} seats left. Open the link and "
                    "tap Join.", left).format(name=names[0], title=title_of(session), n=left)
    days = days_of(record)
    if days:
        text += " " + describe_per_move(days)[:1].upper() + describe_per_move(days)[1:] + "."
    return f"{text} {rematch_line(session)}" if session.rematch_of else text


def seats_left(record) -> int:
    """The seats an invitation still offers (0 when its joins fill them)."""
    return max(0, record.capacity - 1 - len(record.joins))


def joined_names(record) -> list[str]:
    """Everyone an invitation holds: its creator, then each join (a nameless one numbered)."""
    out = [shown_name(record.seats[0], 0)]
    for number, join in enumerate(record.joins, 1):
        out.append(join.name or _("Player {number}").format(number=number + 1))
    return out


def lobby_card(session) -> str:
    """Who has joined a format-3 invitation and how many seats are left; its creator may
    start with those who came, where the game allows that many."""
    record, protocol = session.record, session.protocol
    if not record.grouped or record.started:
        return ""
    joined = joined_names(record)
    left = seats_left(record)
    heading = ngettext("{n} player has joined", "{n} players have joined",
                       len(joined)).format(n=len(joined))
    items = "".join(f"<li>{esc(name)}</li>" for name in joined)
    lines = [ngettext("{n} seat is left.", "{n} seats are left.", left).format(n=left)]
    if session.waiting_to_start():
        lines.append(_("You have joined. The game starts when every seat is taken, or when "
                       "{name} starts it with the players who came.").format(name=joined[0]))
    elif session.seat == 0:
        fewest = protocol.fewest(record)
        lines.append(_("Post the invitation in your group chat: anyone who opens it can join. "
                       "Open the links they send back here; the game starts by itself when "
                       "every seat is taken.") if len(joined) < fewest else
                     _("Open the links your friends send back here. The game starts by itself "
                       "when every seat is taken, or start it now with the players who came."))
    start = ""
    if session.may_start():
        start = button(ngettext("Start with {n} player", "Start with {n} players",
                                len(joined)).format(n=len(joined)), "link-start", True)
    text = "".join(f"<p>{esc(line)}</p>" for line in lines)
    return (f'<section class="card lobby" aria-live="polite"><h2>{esc(heading)}</h2>'
            f'<ul class="joined">{items}</ul>{text}{start}</section>')


def rematch_line(session) -> str:
    """What a rematch's invitation follows."""
    return _("A rematch of the game with {names}.").format(names=and_list(session.rematch_of))


def clock_picker(key: str, days: int) -> str:
    """The creator's choice of days per move for a game by link."""
    # (No _() inside an f-string in this module: the extractor would not see the message.)
    no_clock = _("No clock")
    picks = "".join(
        f'<button type="button" class="choice" aria-pressed="{str(d == days).lower()}" '
        f'data-action="clock" data-game="{esc(key)}" data-value="{d}">'
        f'{esc(describe_days(d) if d else no_clock)}</button>' for d in CHOICES)
    label, shown = esc(_("Days per move by link")), esc(_("By link: days per move"))
    return (f'<div class="row" role="group" aria-label="{label}">'
            f'<span>{shown}</span>{picks}</div>')


def history_of(session) -> History:
    """The game on screen read message by message for this device's seat."""
    return History(session.protocol, session.record, session.seat, session.held.seed)


def link_screen(session, base: str, show_qr: bool, show_seat_link: bool,
                since: int | None = None, replay_step: int | None = None,
                zoomed: bool = False, remembered: str = "") -> str:
    """The game by link; `since`: the messages this device had shown before (what came
    after, from the other players, is summed up on top); `replay_step`: the replay's move;
    `zoomed`: a board too small for a phone is shown at full size; `remembered`: the name
    this device's player last played under, which the join form suggests."""
    names, protocol, record = session.names, session.protocol, session.record
    result = session.replayed
    phase = protocol.phase(record) if result.ok else None
    history = history_of(session)
    heading = _("{title} by link").format(title=title_of(session))
    header = ('<header class="bar">' + button(_("‹ Games"), "home") + f'<h1>{esc(heading)}</h1>'
              f'<span class="turn-line">{esc(turn_line(session))}</span></header>')
    if replay_step is not None:
        return link_replay_screen(session, history, header, replay_step)
    parts = [header]
    if session.notice:
        parts.append(f'<p class="notice" role="alert">{esc(session.notice)}</p>')
    if since is not None:
        parts.append(since_card(history, since, names))
    if protocol.hidden_note:
        parts.append(privacy_note(protocol, record))
    if session.left_out():
        parts.append('<p class="notice">' + esc(_(NOT_SEATED)) + '</p>')
    elif session.seat is None and not session.joinable() and not session.waiting_to_start():
        parts.append('<p class="notice">' + esc(_(
            "You are watching this game: this device holds no seat in it, so nothing hidden "
            "is shown.")) + '</p>')
    if session.joinable():
        invited = _("{name} invites you to play {title}").format(name=names[0],
                                                               title=title_of(session))
        parts.append(
            f'<section class="card join"><h2>{esc(invited)}</h2>'
            f'<p>{esc(invitation_line(session))}</p>'
            f'<p class="meta">{esc(join_clock(record))}</p><label>' + esc(_("Your name"))
            + ' <input id="join-name" maxlength="24" autocomplete="off" value="" '
            f'placeholder="{esc(join_default(record, remembered))}"></label>'
            + button(_("Join") if record.grouped else _("Take a seat"), "join", True)
            + '</section>')
    parts.append(lobby_card(session))
    if session.rematch_of and phase == protocol.JOINING:
        parts.append(f'<p class="meta rematch">{esc(rematch_line(session))}</p>')
    if session.sent or session.asking_rematch:
        parts.append(share_card(session, base, show_qr))
    parts.append(play_area(session, phase, zoomed))
    if session.resigning and session.may_resign():
        table = protocol.table(record)
        parts.append(resign_card(protocol.forfeit_winners(table, session.seat), names))
    if phase == protocol.OVER:
        parts.append(verdict_card(session))
    clock = standing.clock_line(session.held, session.now()) if phase != protocol.OVER else ""
    if clock:
        parts.append(f'<p class="meta clock">{esc(clock)}</p>')
    if session.seat is not None and not session.sent:
        parts.append('<p class="resend">' + button(_("Send my latest link again"), "resend")
                     + '</p>')
    if standing.may_claim(session.held, session.now()):
        debtor = session.names[protocol.owing(record)]
        days = days_of(record)
        claim = ngettext("{name} has not answered in {n} day. You may claim that they "
                         "forfeited: the game ends and you send the claim.",
                         "{name} has not answered in {n} days. You may claim that they "
                         "forfeited: the game ends and you send the claim.",
                         days).format(name=debtor, n=days)
        parts.append(f'<section class="card claim"><p>{esc(claim)}</p>'
                     + button(_("Claim a forfeit"), "forfeit") + '</section>')
    if session.seat is not None:
        parts.append(private_card(session, base, show_seat_link))
    parts.append(log_card(history, names))
    again = button(_("Replay the moves"), "replay") if history.count else ""
    resign = resign_button(session.may_resign() and not session.resigning)
    parts.append(f'<p class="more">{again}{resign}{language_picker()}</p>')
    return "".join(parts)


SHOWN_PER_PLAYER = 3            # the newest lines of each player a summary shows


def since_card(history, since: int, names) -> str:
    """What the other players did since this device last showed the game, one line per
    player: its newest moves, and how many earlier ones the log holds ("" if nothing)."""
    news = history.since_by_seat(since)
    if not news:
        return ""
    items = []
    for seat, lines in news:
        said = "; ".join(with_names(line, names) for line in lines[-SHOWN_PER_PLAYER:])
        earlier = len(lines) - SHOWN_PER_PLAYER
        if earlier > 0:
            said += ". " + ngettext("{n} earlier move is in the game log.",
                                    "{n} earlier moves are in the game log.",
                                    earlier).format(n=earlier)
        items.append(f'<li data-seat="{seat}">{esc(said)}</li>')
    return ('<section class="card since" data-announce><h2>' + esc(_("Since you last looked"))
            + f'</h2><ul>{"".join(items)}</ul></section>')


def log_card(history, names) -> str:
    """The moves so far, newest first, as this device's seat may read them."""
    lines = history.lines()
    if not lines:
        return ""
    items = "".join(f"<li>{esc(with_names(line, names))}</li>" for line in reversed(lines))
    return ('<details class="log card"><summary>' + esc(_("Game log")) + '</summary><ol reversed>'
            + items + "</ol></details>")


def privacy_note(protocol, record) -> str:
    """One short line on what a link keeps private, and the whole story behind "Why?"."""
    # Translators: a game by link, under the title: what the players' screens keep private.
    short = _("Your hand shows only on your screen, and nobody can choose what is drawn.")
    return (f'<p class="meta privacy">{esc(short)}</p><details class="meta why"><summary>'
            + esc(_("Why?")) + f'</summary><p>{esc(protocol.note(record))}</p></details>')


def join_default(record, remembered: str = "") -> str:
    """The name the join form suggests, as a new game's form does: the name this device's
    player last played under, else the seat's number in the reader's language; in format 3,
    where nobody knows the seat before the start, the numbers it may be."""
    if remembered.strip():
        return remembered.strip()
    if not record.grouped:
        return _("Player {number}").format(
            number=len([s for s in record.seats if s.joined]) + 1)
    if record.capacity == 2:
        return _("Player {number}").format(number=2)
    # Translators: the join form's suggested name: a player who types none is named by
    # their seat's number, one of these, known once the game starts
    return _("Player {low}–{high}").format(low=2, high=record.capacity)


def joining_name(record, typed: str, remembered: str = "") -> str:
    """The name to join under: what was typed or, when the field was left empty (or holds
    the form's suggestion), the name remembered on this device, else the seat's default name
    as a record keeps it (in English); in format 3 an empty name, which its seat names once
    the game starts."""
    typed = typed.strip()
    if typed in ("", join_default(record, remembered), join_default(record)):
        typed = remembered.strip()
    if typed or record.grouped:
        return typed
    return default_name(len([s for s in record.seats if s.joined]))


def creating_name(game: str, typed: str) -> str:
    """The creator's name as the record keeps it: what was typed, or the default name (shown
    in each reader's own language) when the form's suggestion, the seat's label in the
    creator's language, was left as it is."""
    if typed.strip() in ("", catalog.entry(game).seat_label(0)):
        return default_name(0)
    return typed


def invitation_line(session) -> str:
    """What the game is and how playing by link works, in one sentence."""
    entry = catalog.entry(session.record.game)
    # Translators: {pitch} is the game's one-line pitch without its full stop
    return _("{pitch}: you play on your own phone, and each move travels as a link you send "
             "back in your chat.").format(pitch=entry.pitch().rstrip("."))


def turn_line(session) -> str:
    """Whose move it is, or the question put to this device's player (an offer to answer)."""
    if session.joinable():
        return _("A seat is open for you")
    ask = getattr(session.board, "question", None)
    question = (ask(session.seen(), session.names)
                if ask and session.replayed.ok and session.pending is None else "")
    return question or link_status(session.held, session.now(), clock=False)


def play_area(session, phase, zoomed: bool = False) -> str:
    """The board (or a waiting card before there is one), and this device's actions."""
    board, protocol = session.board, session.protocol
    legal = session.legal() if phase is not None else []
    actions = [a for a in legal if isinstance(a, str)]
    seen = session.seen()
    interactive = bool(seen.legal) and not session.sent
    if phase == protocol.JOINING or (phase == protocol.OPENING and not seen.legal):
        return waiting_card(session, phase, actions)
    if phase == protocol.OVER and protocol.table(session.record).phase == protocol.OPENING:
        return ""                   # ended (a resignation, a claim) before the first move
    names, pending = session.names, session.pending
    parts = [board_area(board.svg(seen, pending, names, interactive), board, zoomed)]
    waiting = protocol.waiting_line(seen.view, names)
    if waiting:
        parts.append(f'<p class="meta waiting">{esc(waiting)}</p>')
    if interactive:
        ask = getattr(board, "question", None)
        question = ask(seen, names) if ask and pending is None else ""
        hint = (board.staged(seen, pending) + " " if pending is not None and
                hasattr(board, "staged") else "") + board.hint(seen, pending)
        parts.append(action_bar(question or hint, pending is not None,
                                board.buttons(seen, pending),
                                board_controls(board, seen, pending, names)))
    if actions and not session.sent:
        parts.append('<div class="actions">' + "".join(
            button(protocol.action_label(a), "link-act", True, value=a) for a in actions)
            + "</div>")
    summary = board.summary(seen.view, names)
    if summary:
        label = _("Result") if phase == protocol.OVER else _("Latest")
        parts.append(f'<details class="card" {"open" if phase == protocol.OVER else ""}>'
                     f'<summary>{esc(label)}</summary>{summary}</details>')
    return "".join(parts)


def waiting_card(session, phase, actions) -> str:
    names, protocol = session.names, session.protocol
    if phase == protocol.JOINING and session.record.grouped:
        return ""                           # the lobby card says it (lobby_card)
    if phase == protocol.JOINING and session.seat == 0:
        text = _("Send the invitation link to your friends. Each one who takes a seat sends a "
                 "link back or on: open it here.")
    elif phase == protocol.JOINING and session.seat is not None:
        text = _("You have your seat. Send this link on to the players still to join: the "
                 "game starts when every seat is taken.")
    elif phase == protocol.JOINING:
        text = _("This game is waiting for its players.")
    elif START in actions:                   # a start message (tiers casual-3, -4)
        # Translators: a game by link before the deal: each player "cuts the deck" by adding
        # a secret to the shuffle, so nobody can stack the deal.
        text = _("Everyone has joined. Cut the deck, then send the link on: when every player "
                 "has cut, nobody can stack the deal.")
    elif actions:
        text = _("Everyone has joined. Start the game: the deal is shuffled by all of you.")
    elif (sender := (senders_due(session) or (0,))[0]) != 0:    # a start message is due
        text = _("Waiting for {name} to cut the deck.").format(name=names[sender])
    else:
        text = _("Waiting for {name} to start the game.").format(name=names[0])
    parts = [f'<section class="card waiting"><p>{esc(text)}</p>']
    if not session.sent:
        parts += [button(protocol.action_label(a), "link-act", True, value=a) for a in actions]
    parts.append("</section>")
    return "".join(parts)


def senders_due(session) -> tuple[int, ...]:
    """The seats that must send the next link (none known when the link is damaged)."""
    return session.protocol.to_move(session.record) if session.replayed.ok else ()


def share_card(session, base: str, show_qr: bool) -> str:
    url = link_url(base, encode(session.record))
    protocol = session.protocol
    to_move = senders_due(session)
    joining = protocol.phase(session.record) == protocol.JOINING
    if session.record.grouped and (joining or not session.record.moves):
        heading = _("Post this link in your group chat")
    elif to_move and to_move[0] != session.seat and not joining:
        heading = _("Send this link to {name}").format(name=session.names[to_move[0]])
    elif len(session.names) > 2:
        heading = _("Send this link to your friends")
    else:
        heading = _("Send this link to your friend")
    qr = f'<div class="qr-box">{qr_svg(url)}</div>' if show_qr else ""
    return (f'<section class="card share"><h2>{esc(heading)}</h2>'
            f'<p class="share-text">{esc(share_text(session))}</p>'
            '<textarea id="share-link" readonly rows="3" '
            'aria-label="' + esc(_("The link to send")) + f'">{esc(url)}</textarea>'
            '<div class="actions">' + button(_("Share…"), "share", True)
            + button(_("Copy link"), "copy")
            + button(_("Hide QR code") if show_qr else _("QR code"), "qr") + f'</div>{qr}'
            '<p class="meta">' + esc(_("Anyone with this link can watch the game."))
            + '</p></section>')


def join_clock(record) -> str:
    days = days_of(record)
    if not days:
        return _("This game has no clock.")
    return ngettext("Clock: {n} day per move; a player who does not answer in time may be "
                    "claimed to have forfeited.",
                    "Clock: {n} days per move; a player who does not answer in time may be "
                    "claimed to have forfeited.", days).format(n=days)


def verdict_card(session) -> str:
    """The verdict on the end, and Rematch for a player of the game. Whoever opens a game
    takes its first seat, so the creator of a game for two may instead ask the other player
    to open the rematch: the seats are then swapped."""
    text, cls = standing.verdict(session.held, session.now())
    again = button(_("Rematch"), "link-rematch") if session.seat is not None else ""
    if session.seat == 0 and len(session.names) == 2 and not session.asking_rematch:
        again += button(_("Ask {name} for a rematch, seats swapped").format(
            name=session.names[1]), "link-ask-rematch")
    return (f'<section class="card audit {cls}" role="status"><p>{esc(sentence(text))}</p>'
            + (f'</section><div class="actions">{again}</div>' if again else '</section>'))


def private_card(session, base: str, show: bool) -> str:
    body = ""
    if show:
        body = ('<textarea id="seat-link" readonly rows="3" '
                'aria-label="' + esc(_("Private seat link")) + '">'
                f'{esc(link_url(base, seat_link(session.held)))}</textarea>')
    label = _("Hide the private link") if show else _("Show the private link")
    warning = _("<strong>Private:</strong> this link carries your secret. Whoever opens it can "
                "play as you and see what you hold. Never post it in a group chat.")
    return ('<details class="card private"><summary>' + esc(_("Take this seat to another device"))
            + f'</summary><p>{warning}</p>' + button(label, "seat-link") + body + "</details>")


def damaged_link(key: str, text: str) -> str:
    """A kept game by link that cannot be opened: its raw text to export, and Discard."""
    return ('<li class="saved-game damaged"><div><strong>' + esc(_("A damaged game by link"))
            + '</strong><br><span class="status">'
            + esc(_("It cannot be opened by this version of Parlor.")) + '</span>'
            '<details><summary>' + esc(_("Export")) + '</summary><textarea readonly rows="3" '
            'aria-label="' + esc(_("The damaged game as kept")) + f'">{esc(text)}</textarea>'
            '</details></div>' + button(_("Discard"), "discard-link", key=key) + '</li>')
