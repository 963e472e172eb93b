"""QR codes as inline SVG, so a friend at the same table can scan a link (segno does the encoding)."""
from __future__ import annotations

from ..i18n import _
from .svg import esc

BORDER = 4  # the quiet zone a QR code needs around it, in modules


def qr_svg(text: str, title: str | None = None) -> str:
    """An <svg> of the QR code for `text`, scaled by CSS (no fixed size), named `title`
    (default: "QR code of the link" in the reader's language)."""
    # segno's encoder alone, on first use: the package's file writers would pull in urllib,
    # http and email, and the site ships only the encoder (see tools/build_site.py).
    from segno.encoder import encode

    if title is None:
        title = _("QR code of the link")

    matrix = encode(text, error="m", micro=False).matrix
    size = len(matrix) + 2 * BORDER
    rows = []
    for y, row in enumerate(matrix, BORDER):
        x, width = 0, len(row)
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                rows.append(f"M{start + BORDER} {y}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" class="qr" '
            f'role="img" aria-label="{esc(title)}" shape-rendering="crispEdges">'
            f'<rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(rows)}"/></svg>')
