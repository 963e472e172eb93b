"""Links made by released versions keep opening: a frozen corpus per record format.

tests/corpus/<game>-links-v<N>.json holds real links written by format N. When the format
changes, add a new corpus file and keep the old ones: every old link must still decode,
replay and audit to the same result.
"""
import json
from pathlib import Path

import pytest

from parlor import record as records
from parlor import tyrus_link

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*-links-v*.json"))
CASES = [(path.name, case) for path in CORPUS for case in json.loads(path.read_text())["links"]]


def test_there_is_a_corpus_for_every_released_format():
    formats = {json.loads(path.read_text())["format"] for path in CORPUS}
    assert formats == set(range(1, records.FORMAT_VERSION + 1))


@pytest.mark.parametrize("name,case", CASES, ids=[f"{n}:{c['label']}" for n, c in CASES])
def test_an_old_link_still_opens_to_the_same_game(name, case):
    record = records.decode(case["link"])
    result = tyrus_link.replay(record)
    assert result.ok and result.applied == case["messages"]
    assert tyrus_link.phase(record) == case["phase"]
    assert list(tyrus_link.to_move(record)) == case["to_move"]
    assert [c["winner"] for c in tyrus_link.view(record)["chart"]] == case["chart"]
    if case["audit_ok"] is not None:
        assert tyrus_link.audit(record).ok is case["audit_ok"]
