"""结账's arithmetic (scoring.settlement): the payments clear every balance, and for a
table of up to four they are the fewest possible (checked against a brute force over
every table of small balances)."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest

from scoring.settlement import Payment, money, money_text, settle


def fewest_payments(balances: list[int]) -> int:
    """The fewest payments that clear ``balances``, by brute force: the people who are
    not square, split into as many groups that each sum to zero as possible; a group of
    k people needs k - 1 payments (and never fewer)."""
    people = [b for b in balances if b]
    best = 0

    def split(rest: list[int], groups: int) -> None:
        nonlocal best
        if not rest:
            best = max(best, groups)
            return
        first, others = rest[0], rest[1:]
        for size in range(len(others) + 1):
            for chosen in itertools.combinations(range(len(others)), size):
                if first + sum(others[i] for i in chosen) == 0:
                    left = [v for i, v in enumerate(others) if i not in chosen]
                    split(left, groups + 1)

    split(people, 0)
    return len(people) - best


def apply(balances: list[int], payments: list[Payment]) -> list[int]:
    after = list(balances)
    for p in payments:
        assert p.amount > 0 and p.payer != p.payee
        assert balances[p.payer] < 0 < balances[p.payee]  # losers pay winners, only
        after[p.payer] += p.amount
        after[p.payee] -= p.amount
    return after


def tables(n: int, limit: int):
    for head in itertools.product(range(-limit, limit + 1), repeat=n - 1):
        yield [*head, -sum(head)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_small_table_is_settled_in_the_fewest_payments(n):
    checked = 0
    for balances in tables(n, 9 if n == 4 else 12):
        payments = settle(balances)
        assert apply(balances, payments) == [0] * n, balances
        assert len(payments) == fewest_payments(balances), balances
        checked += 1
    assert checked == (19**3 if n == 4 else 25 ** (n - 1))


def test_the_brute_force_counts_what_it_should():
    """The yardstick itself: two matching pairs need two payments, no matching pair three."""
    assert fewest_payments([5, -5, 3, -3]) == 2
    assert fewest_payments([5, 2, -3, -4]) == 3
    assert fewest_payments([0, 0, 0, 0]) == 0


def test_a_debtor_and_a_creditor_with_the_same_amount_settle_in_one_payment():
    assert settle([6, -4, 4, -6]) == [Payment(3, 0, 6), Payment(1, 2, 4)]


def test_one_big_winner_is_paid_by_each_loser_largest_first():
    assert settle([-22, 36, -7, -7]) == [Payment(0, 1, 22), Payment(2, 1, 7), Payment(3, 1, 7)]


def test_a_square_table_needs_no_payment():
    assert settle([0, 0, 0, 0]) == []


def test_balances_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        settle([5, -4, 0, 0])


def test_money_is_chips_at_the_rate_to_the_fen():
    assert money(12, Decimal("2")) == Decimal("24.00")
    assert money(7, Decimal("0.35")) == Decimal("2.45")
    assert money(7, None) is None


def test_money_is_written_without_needless_decimals():
    assert [money_text(Decimal(v)) for v in ("24.00", "2.50", "0.25", "100")] == [
        "24",
        "2.5",
        "0.25",
        "100",
    ]
