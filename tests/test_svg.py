"""Card pictures: every card draws, identical cards differ by their copy mark,
the four-colour option changes the ink of diamonds and clubs only."""

import re
import xml.dom.minidom

from engine.notation.cards import Suit, full_pack
from engine.text.svg import back_svg, card_img, card_svg, suit_colour


def test_every_card_is_well_formed_svg():
    for card in full_pack(2):
        svg = card_svg(card)
        xml.dom.minidom.parseString(svg)  # raises on malformed XML
        assert f'data-card="{card}"' in svg
    xml.dom.minidom.parseString(back_svg())


def test_copies_are_told_apart():
    a, b = full_pack(2)[4], full_pack(2)[36]  # QS#1, QS#2
    assert a.kind == b.kind and card_svg(a) != card_svg(b)
    assert "#1<" in card_svg(a) and "#2<" in card_svg(b)


def test_four_colour_option():
    assert suit_colour(Suit.SPADES, True) == suit_colour(Suit.SPADES, False)
    assert suit_colour(Suit.HEARTS, True) == suit_colour(Suit.HEARTS, False)
    assert suit_colour(Suit.DIAMONDS, True) != suit_colour(Suit.DIAMONDS, False)
    assert suit_colour(Suit.CLUBS, True) != suit_colour(Suit.CLUBS, False)
    four = card_svg("AC", four_colour=True)
    assert suit_colour(Suit.CLUBS, True) in four


def test_img_keeps_the_card_name_and_escapes():
    img = card_img("QS#2", width=50)
    assert img.startswith("<img") and 'alt="Q♠#2"' in img and 'width="50"' in img
    assert not re.search(r"<script", card_svg("QS", title="<script>x</script>"))


def test_a_lone_joker_carries_no_copy_mark():
    """Copy marks only where two copies matter: a joker shown alone (a check's hand
    with one joker) has no "#1"; two jokers side by side keep theirs."""
    from engine.notation.cards import joker_id

    for lang in ("en", "ru"):
        alone = card_svg(joker_id(1), copy_mark=False, lang=lang)
        xml.dom.minidom.parseString(alone)
        name = "инфузорка" if lang == "ru" else "joker"
        assert "#1<" not in alone and f"<title>{name}<" in alone
        assert "#1<" in card_svg(joker_id(1), lang=lang)
        assert "#2<" in card_svg(joker_id(2), lang=lang)
