"""The game's words reach pages and the round form's script in the reader's language,
from the engine's catalogue (scoring/engine/words.py) and the membership roles."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from scoring.engine import MELDS, OUTCOMES, SEATS, WINDS
from scoring.models import outcome_label, seat_label
from scoring.recording.form_context import form_words

TAGS = (
    '{% load recording %}{% word "outcome" "discard" %}|{% word "outcome" "tongpao" %}|'
    '{% word "hand_class" "big" %}|{% word "seat" 2 %}|{% word "wind" 0 %}|'
    '{% word "role" "member" %}|{% word "bird" "nobody" %}|{% word "outcome" "nope" %}|'
    "{{ wind|worded }}"
)


def render(language: str) -> list[str]:
    with translation.override(language):
        return Template(TAGS).render(Context({"wind": WINDS[3]})).split("|")


def test_the_word_tag_reads_the_catalogue_in_each_language():
    assert render("zh-hans") == ["点炮", "通炮", "大胡", "3号位", "东", "成员", "空", "", "北"]
    assert render("en") == [
        "Deal-in",
        "Multiple winners on",
        "Big hand",
        "Seat 3",
        "East",
        "Member",
        "Nobody",
        "",
        "North",
    ]


def test_labels_of_rounds_and_seats_are_the_catalogue_words():
    with translation.override("en"):
        assert outcome_label("self_draw") == "Self-draw"
        assert seat_label(0) == "Seat 1"
        assert outcome_label("unknown") == ""
    with translation.override("zh-hans"):
        assert outcome_label("draw") == OUTCOMES["draw"].zh == "流局"
        assert seat_label(3) == SEATS[3].zh == "4号位"


def test_the_round_form_is_given_the_words_its_labels_show():
    with translation.override("en"):
        words = form_words()
    assert words["outcomes"] == {"self_draw": "Self-draw", "discard": "Deal-in", "draw": "Draw"}
    assert words["hand_classes"]["opening"] == "Opening win"
    assert words["melds"]["buzhang"] == "Replacement kong"
    with translation.override("zh-hans"):
        words = form_words()
    assert words["melds"] == {kind: w.zh for kind, w in MELDS.items()}
    assert words["outcomes"]["discard"] == "点炮"
