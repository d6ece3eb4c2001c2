"""结账 with the table fee (台费): its arithmetic, in one place."""

from __future__ import annotations

import itertools

import pytest

from scoring.settlement import FEE_SPLITS, fee_shares, settle_with_fee


def test_an_equal_fee_is_the_same_for_everyone_and_the_odd_chips_go_to_the_winners():
    assert fee_shares([30, -10, -10, -10], 40, "equal") == [10, 10, 10, 10]
    assert fee_shares([30, -10, -10, -10], 42, "equal") == [11, 11, 10, 10]


def test_winners_pay_in_proportion_to_what_they_won():
    assert fee_shares([30, 10, -20, -20], 20, "winners") == [15, 5, 0, 0]
    assert fee_shares([0, 0, 0, 0], 20, "winners") == [5, 5, 5, 5]


def test_the_biggest_winner_pays_the_whole_fee():
    assert fee_shares([10, 30, -20, -20], 20, "top") == [0, 20, 0, 0]


def test_a_fee_paid_by_the_winners_goes_to_the_fee_and_the_rest_to_the_losers():
    payments = settle_with_fee([30, 10, -20, -20], 20, "winners")
    to_fee = sum(p.amount for p in payments if p.payee == 4)
    assert to_fee == 20


@pytest.mark.parametrize("split", FEE_SPLITS)
def test_the_shares_sum_to_the_fee_and_the_payments_clear_everyone(split):
    values = range(-6, 7, 3)
    for first in itertools.product(values, repeat=3):
        balances = [*first, -sum(first)]
        for fee in (0, 1, 5, 7, 40):
            shares = fee_shares(balances, fee, split)
            assert sum(shares) == fee and all(s >= 0 for s in shares)
            received = [0] * 5  # what each party receives, less what it pays
            for p in settle_with_fee(balances, fee, split):
                received[p.payer] -= p.amount
                received[p.payee] += p.amount
            # each player receives their balance less their share, the fee gets the fee,
            # and the players' payments and the fee sum to zero
            assert received[:4] == [b - s for b, s in zip(balances, shares, strict=True)]
            assert received[4] == fee
            assert sum(received[:4]) + fee == 0


def test_a_negative_fee_or_an_unknown_split_is_refused():
    with pytest.raises(ValueError):
        fee_shares([1, -1], -1, "equal")
    with pytest.raises(ValueError):
        fee_shares([1, -1], 1, "everyone")
