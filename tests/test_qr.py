"""The QR code drawn for a link holds exactly the modules segno computes for it."""
import re
import xml.etree.ElementTree as ET

import segno

from parlor.screens.qr import qr_svg


def dark_cells(svg: str) -> set:
    path = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}path").get("d")
    cells = set()
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-?\d+z", path):
        cells.update((int(x) + i, int(y)) for i in range(int(w)))
    return cells


def test_the_svg_draws_every_dark_module_and_nothing_else():
    link = "https://example.org/parlor/#p1.tyrus." + "A" * 400
    svg = qr_svg(link)
    code = segno.make(link, error="m", micro=False)
    expected = {(x, y) for y, row in enumerate(code.matrix_iter(scale=1, border=4))
                for x, dark in enumerate(row) if dark}
    assert dark_cells(svg) == expected
    size = code.symbol_size(scale=1, border=4)[0]
    assert f'viewBox="0 0 {size} {size}"' in svg


def test_a_thousand_character_link_still_fits_one_code():
    svg = qr_svg("#" + "x" * 1000)
    assert ET.fromstring(svg).tag.endswith("svg")
