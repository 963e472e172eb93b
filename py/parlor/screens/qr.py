"""QR codes as inline SVG, so a friend at the same table can scan a link (segno does the encoding)."""
from __future__ import annotations


def qr_svg(text: str, title: str = "QR code of the link") -> str:
    """An <svg> of the QR code for `text`, scaled by CSS (no fixed size)."""
    import segno  # imported on first use: start-up does not pay for it

    code = segno.make(text, error="m", micro=False)
    size = code.symbol_size(scale=1, border=4)[0]
    rows = []
    for y, row in enumerate(code.matrix_iter(scale=1, border=4)):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                rows.append(f"M{start} {y}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" class="qr" '
            f'role="img" aria-label="{title}" shape-rendering="crispEdges">'
            f'<rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(rows)}"/></svg>')
