"""The escaping helpers every screen is written with (parlor.screens.svg)."""
import html
import unicodedata

from hypothesis import given, settings, strategies as st

from parlor.screens.svg import clean, esc

# any text (lone surrogates too) and some known hard cases
TRICKY = st.text(st.characters(exclude_categories=()), max_size=40) | st.sampled_from(
    ["", "plain", "Ann & Bo", "<b>\"it's\"</b>", "a\tb\nc\rd", "\x00\x1b[31m\x7f\x85",
     "\ud800x\udfff", "\ufffe\uffff\ufffd", "\u202e\u200b\u00a0", "Zoë 🎲 ☃"])


def reference_clean(text) -> str:
    """What clean means, character by character."""
    out = []
    for c in str(text):
        if c in "\t\n\r":
            out.append(" ")
        elif unicodedata.category(c) not in ("Cc", "Cs") and c not in "\ufffe\uffff":
            out.append(c)
    return "".join(out)


@settings(max_examples=500, deadline=None)
@given(TRICKY)
def test_clean_drops_what_xml_cannot_carry_and_turns_breaks_into_spaces(text):
    assert clean(text) == reference_clean(text)


@settings(max_examples=500, deadline=None)
@given(TRICKY)
def test_esc_is_clean_then_html_escape(text):
    assert esc(text) == html.escape(reference_clean(text), quote=True)


def test_esc_takes_any_value():
    assert esc(12) == "12" and esc(1.5) == "1.5" and esc(None) == "None"
    assert esc('say "hi" & <go>') == "say &quot;hi&quot; &amp; &lt;go&gt;"
