"""将将胡 jiangjianghu: all 14 tiles are 2, 5 or 8; no structure needed (rules.md §2.2)."""

import pytest

from scoring.engine.analysis import analyse
from scoring.engine.tiles import MeldKind


def test_all_258_tiles_win_without_any_sets():
    a = analyse("22255m5588s22588p")
    assert not a.standard
    assert a.shapes == ("jiangjianghu",)
    assert a.best_claim == ("jiangjianghu",)
    assert a.decomposition is None  # no set structure to show


def test_with_melds_every_meld_tile_must_be_258_too():
    melds = [{"kind": "peng", "tiles": "222s"}, {"kind": "gang", "tiles": "5555p"}]
    a = analyse("2558m25s28p", melds=melds)
    assert "jiangjianghu" in a.shapes


def test_kongs_of_258_count_like_any_meld():
    melds = [{"kind": "angang", "tiles": "5555s"}, {"kind": "buzhang", "tiles": "8888m"}]
    a = analyse("22m55m88s25p", melds=melds)
    assert [(m.kind, len(m.tiles)) for m in a.hand.melds] == [
        (MeldKind.ANGANG, 4),
        (MeldKind.BUZHANG, 4),
    ]
    assert a.shapes == ("jiangjianghu",)


@pytest.mark.parametrize(
    ("tiles", "melds"),
    [
        ("22255m5588s22589p", []),  # one 9
        ("2558m25s28p", [{"kind": "peng", "tiles": "333s"}, {"kind": "gang", "tiles": "5555p"}]),
    ],
)
def test_a_single_other_rank_breaks_it(tiles, melds):
    assert "jiangjianghu" not in analyse(tiles, melds=melds).shapes


def test_it_stacks_with_pengpenghu_and_seven_pairs():
    assert set(analyse("222m555s888p222s55p").shapes) == {"jiangjianghu", "pengpenghu", "pinghu"}
    assert set(analyse("22m55m88m22s55s88s22p").shapes) == {"jiangjianghu", "qixiaodui"}
