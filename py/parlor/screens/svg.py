"""Tiny helpers for writing SVG and HTML as text: safe escaping and element builders."""
from __future__ import annotations

import html
import re

ELLIPSIS = "\u2026"
SPACES = str.maketrans("\t\n\r", "   ")
# what XML cannot carry: control characters (Unicode's Cc), surrogates (Cs), U+FFFE, U+FFFF
UNCARRIED = r"\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
UNSAFE = re.compile(f"[{UNCARRIED}]")
SPECIAL = re.compile(f"[&<>\"'{UNCARRIED}]")      # what esc changes


def clean(text) -> str:
    """`text` as a string without the characters XML cannot carry (controls, surrogates);
    tabs and line breaks become spaces."""
    return UNSAFE.sub("", str(text).translate(SPACES))


def esc(text) -> str:
    """`text` cleaned and escaped for element content or a quoted attribute value."""
    text = str(text)
    if SPECIAL.search(text) is None:    # most text: nothing to do (a board draws thousands)
        return text
    return html.escape(clean(text), quote=True)


def off(why: str | None) -> str:
    """The attributes of a disabled control that says `why` ("" for an enabled one): it
    stays focusable (aria-disabled, not disabled) and the app shows `why` when it is tapped."""
    return "" if why is None else f' aria-disabled="true" data-why="{esc(why)}"'


def reason(why: str | None) -> str:
    """The reason a disabled control gives, inside it: part of its name for screen readers,
    shown on screen while it has the focus."""
    return "" if why is None else f'<span class="why">{esc(why)}</span>'


def clip(text, limit: int = 14) -> str:
    """`text` cut to `limit` characters, with an ellipsis when something was cut."""
    text = clean(text).strip()
    return text if len(text) <= limit else text[:limit].rstrip() + ELLIPSIS


def num(x) -> str:
    """A coordinate written short: at most one decimal, no trailing zeros."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def attrs(items: dict) -> str:
    """Attributes as text; keys lose a trailing '_' and turn '_' into '-'; None is left out."""
    parts = []
    for key, value in items.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        value = num(value) if isinstance(value, float) else value
        parts.append(f' {name}="{esc(value)}"')
    return "".join(parts)


def tag(name: str, *children: str, **attributes) -> str:
    """An element whose children are markup already; self-closing when it has none."""
    if not children:
        return f"<{name}{attrs(attributes)}/>"
    return f"<{name}{attrs(attributes)}>{''.join(children)}</{name}>"


def text(x, y, content, **attributes) -> str:
    """An SVG <text> at (x, y) whose content is escaped here."""
    return tag("text", esc(content), x=float(x), y=float(y), **attributes)


def group(*children: str, x=0, y=0, **attributes) -> str:
    """A <g> moved to (x, y)."""
    move = f"translate({num(x)},{num(y)})" if (x or y) else None
    return tag("g", *children, transform=move, **attributes)


def target(*children: str, label: str, x=0, y=0, **attributes) -> str:
    """Something a player acts on: a <g> that takes keyboard focus, named for screen readers
    by `label` (what it is and what acting on it does)."""
    return group(*children, x=x, y=y, tabindex="0", role="button", aria_label=label,
                 **attributes)


def board_svg(*children: str, width: float, height: float, label: str, **attributes) -> str:
    """A board's <svg>: a named group when it holds targets (their names must reach screen
    readers), a named picture otherwise."""
    acting = any('role="button"' in child for child in children)
    return tag("svg", *children, xmlns="http://www.w3.org/2000/svg",
               viewBox=f"0 0 {num(width)} {num(height)}", role="group" if acting else "img",
               aria_label=label, **attributes)
