"""结账 (settling up): who pays whom once a session's totals are known, in few transfers.

Pure Python, no Django: it is arithmetic on balances, not a mahjong rule, so it is not in
the engine; it sits below scoring's models, which name its table-fee splits
(docs/architecture.md).

``settle(balances)`` takes each person's net (summing to zero) and answers the payments
that clear them. It first pairs a debtor and a creditor who owe each other exactly the
same amount (one payment clears both), then lets the largest debtor pay the largest
creditor as much as both allow, until everyone is square. That is never more than
``n - 1`` payments; for a table of four (or fewer) it is the fewest possible
(``tests/scoring/test_settlement.py`` checks every table of small balances against a
brute force).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (indexes into the balances; amount > 0)."""

    payer: int
    payee: int
    amount: int


def settle(balances: Sequence[int]) -> list[Payment]:
    """The payments that bring every balance to zero, largest first.

    ``balances[i]`` is what person ``i`` won (positive) or lost (negative); they must sum
    to zero (ValueError otherwise)."""
    if sum(balances) != 0:
        raise ValueError(f"balances must sum to zero, not {sum(balances)}")
    owed = {i: b for i, b in enumerate(balances) if b}
    payments: list[Payment] = []
    # One payment clears a debtor and a creditor with the same amount: take those first.
    for debtor in sorted((i for i in owed if owed[i] < 0), key=lambda i: (owed[i], i)):
        match = next(
            (i for i in sorted(owed) if owed[i] > 0 and owed[i] == -owed[debtor]),
            None,
        )
        if match is not None:
            payments.append(Payment(debtor, match, owed[match]))
            owed[debtor] = owed[match] = 0
    # The rest: the largest debt goes to the largest credit (ties: the lower index).
    while True:
        debtors = [i for i in owed if owed[i] < 0]
        if not debtors:
            break
        debtor = min(debtors, key=lambda i: (owed[i], i))
        creditor = max((i for i in owed if owed[i] > 0), key=lambda i: (owed[i], -i))
        amount = min(-owed[debtor], owed[creditor])
        payments.append(Payment(debtor, creditor, amount))
        owed[debtor] += amount
        owed[creditor] -= amount
    payments.sort(key=lambda p: (-p.amount, p.payer, p.payee))
    return payments


def money(amount: int, rate: Decimal | None) -> Decimal | None:
    """``amount`` chips at ``rate`` 元 a chip, to the fen (None without a rate)."""
    if rate is None:
        return None
    return (Decimal(amount) * rate).quantize(Decimal("0.01"))


def money_text(value: Decimal) -> str:
    """A sum of money without needless decimals: 24, 2.5, 0.25."""
    text = f"{value:.2f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


# ---------------------------------------------------------------- the table fee (台费)

# Who pays the table fee: everyone equally, the winners in proportion to their wins, or
# the night's biggest winner alone (docs/quick-tables.md).
FEE_EQUAL, FEE_WINNERS, FEE_TOP = "equal", "winners", "top"
FEE_SPLITS = (FEE_EQUAL, FEE_WINNERS, FEE_TOP)


def fee_shares(balances: Sequence[int], fee: int, split: str) -> list[int]:
    """What each person pays of the table fee ``fee`` (whole chips; the shares sum to
    ``fee``). ``equal``: the same each, the odd chips by the biggest winners first;
    ``winners``: in proportion to what each won (largest remainders; everyone equally
    when nobody won); ``top``: the biggest winner (ties: the first seat) pays it all."""
    n = len(balances)
    if fee < 0:
        raise ValueError("the fee cannot be negative")
    if split not in FEE_SPLITS:
        raise ValueError(f"unknown fee split {split!r}")
    if n == 0 or fee == 0:
        return [0] * n
    by_winnings = sorted(range(n), key=lambda i: (-balances[i], i))
    if split == FEE_TOP:
        shares = [0] * n
        shares[by_winnings[0]] = fee
        return shares
    weights = [max(b, 0) for b in balances] if split == FEE_WINNERS else [1] * n
    if sum(weights) == 0:
        weights = [1] * n
    total = sum(weights)
    shares = [fee * w // total for w in weights]
    rest = fee - sum(shares)
    # the odd chips: the largest remainders, then the biggest winners
    order = sorted(range(n), key=lambda i: (-(fee * weights[i] % total), -balances[i], i))
    for i in order[:rest]:
        shares[i] += 1
    return shares


def settle_with_fee(balances: Sequence[int], fee: int, split: str) -> list[Payment]:
    """``settle`` with the table fee: the fee is one more party, at index ``len(balances)``,
    owed ``fee``; each person's share (``fee_shares``) comes off their balance first, so
    the players' payments and the fee sum to zero."""
    shares = fee_shares(balances, fee, split)
    after = [b - s for b, s in zip(balances, shares, strict=True)]
    return settle([*after, fee])
