"""Plain helpers that build site data for tests (no factory library).

``round_*`` build round-format dicts; ``store_round`` stores a round with explicit
transfers in place of the engine's, for selector tests that are about aggregation only
(the engine still scores the data, which must be valid, for its birds, hits and wins).
"""

from __future__ import annotations

import datetime
import itertools
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from leagues.models import Club, Membership, Player, Ruleset, Season
from leagues.services import season_sessions_add
from scoring.models import Round, Session, SessionSeat

TEST_PASSWORD = "csmj-test-pass-1"
_seq = itertools.count(1)


def make_user(username: str | None = None, **extra: Any) -> Any:
    username = username or f"user{next(_seq)}"
    return get_user_model().objects.create_user(username=username, password=TEST_PASSWORD, **extra)


def make_club(*, name: str | None = None, is_public: bool = False, **roles: Any) -> Club:
    """A club; keyword arguments map a role to a user (``owner=u``) or a list of users."""
    n = next(_seq)
    club = Club.objects.create(name=name or f"俱乐部{n}", slug=f"club-{n}", is_public=is_public)
    for role, users in roles.items():
        for user in users if isinstance(users, list | tuple) else [users]:
            Membership.objects.create(club=club, user=user, role=role)
    return club


def make_ruleset(club: Club, config: dict | None = None, name: str | None = None) -> Ruleset:
    return Ruleset.objects.create(
        club=club, name=name or f"规则{next(_seq)}", config=config or {"preset": "changsha-67"}
    )


def make_season(club: Club, ruleset: Ruleset | None = None, **extra: Any) -> Season:
    return Season.objects.create(
        club=club,
        name=extra.pop("name", f"赛季{next(_seq)}"),
        start_date=extra.pop("start_date", datetime.date(2025, 1, 1)),
        ruleset=ruleset or make_ruleset(club),
        **extra,
    )


def make_table_season(club: Club, seats: int, **config: Any) -> Season:
    """A season whose ruleset seats ``seats`` (rules.md §10), with 杠分 on unless
    ``config`` says otherwise."""
    ruleset = make_ruleset(
        club, {"preset": "changsha-67", "players": seats, "kong_pay": True, **config}
    )
    return make_season(club, ruleset, name=f"{seats}人赛季{next(_seq)}")


def make_players(club: Club, names: list[str]) -> list[Player]:
    return [Player.objects.create(club=club, display_name=n) for n in names]


def make_session(
    season: Season,
    players: list[Player],
    *,
    actor: Any,
    first_dealer: int = 0,
    started_at: datetime.datetime | None = None,
) -> Session:
    session = Session.objects.create(
        season=season,
        first_dealer=first_dealer,
        started_at=started_at or timezone.now(),
        created_by=actor,
    )
    for seat, player in enumerate(players):
        SessionSeat.objects.create(
            session=session, seat=seat, player=player, started_at=session.started_at
        )
    season_sessions_add(counts={season.pk: 1})  # as session_start keeps it
    return session


# ---------------------------------------------------------------- round-format dicts


def round_self_draw(
    seat: int, hands: list[str] | None = None, *, dealer: int = 0, birds: list[int] | None = None
) -> dict:
    return {
        "dealer": dealer,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": seat, "hands": hands or ["pinghu"]}],
            "birds": [5, 9] if birds is None else birds,
        },
    }


def round_by_tiles() -> dict:
    """Seat 1 opens with 板板胡 and self-draws 清一色, each given by its tiles alone (no
    ``hands``): the engine finds the codes."""
    return {
        "dealer": 0,
        "openings": [{"seat": 1, "tiles": "1346m134679p139s", "birds": [1, 2]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "tiles": "123456789m123m55m"}],
            "birds": [5, 9],
        },
    }


def round_discard(
    winners: dict[int, list[str]] | int,
    discarder: int,
    *,
    dealer: int = 0,
    birds: list[int] | None = None,
) -> dict:
    if isinstance(winners, int):
        winners = {winners: ["pinghu"]}
    return {
        "dealer": dealer,
        "result": {
            "kind": "discard",
            "winners": [{"seat": s, "hands": h} for s, h in winners.items()],
            "discarder": discarder,
            "birds": [2, 3] if birds is None else birds,
        },
    }


def round_draw(*, dealer: int = 0, taker: int = 1) -> dict:
    return {
        "dealer": dealer,
        "result": {
            "kind": "draw",
            "winners": [],
            "haidi": {"tile": "5m", "taker": taker, "first_offered": taker},
        },
    }


# ---------------------------------------------------------------- storing without the engine


def engine_like_result(
    transfers: list[tuple[int, int | None, int, str]], next_dealer: int = 0
) -> dict:
    """A result dict in the engine's output format from (from, to, amount, event) tuples."""
    net = [0, 0, 0, 0]
    burned = 0
    for payer, payee, amount, _event in transfers:
        net[payer] -= amount
        if payee is None:
            burned += amount
        else:
            net[payee] += amount
    return {
        "transfers": [
            {"from": p, "to": q, "amount": a, "event": e, "winner": q if e != "penalty" else None}
            for p, q, a, e in transfers
        ],
        "net": net,
        "burned": burned,
        "next_dealer": next_dealer,
        "next_dealers": [next_dealer],
    }


def _scored(data: dict, bird_count: int, result: dict) -> Any:
    """The engine's answer for ``data`` (its birds, hits and wins) with ``result`` in
    place of its result."""
    from scoring.engine import score_round_counted

    ruleset = {"preset": "changsha-67", "bird_count": bird_count}
    return score_round_counted({**data, "ruleset": ruleset})._replace(result=result)


def store_round(
    session: Session,
    data: dict,
    transfers: list[tuple[int, int | None, int, str]],
    *,
    actor: Any,
    next_dealer: int = 0,
    bird_count: int = 2,
) -> Round:
    """Store a round with the given transfers in place of the engine's (the engine still
    scores ``data`` for birds, hits and wins): for aggregation tests only."""
    from scoring.services import round_store

    last = Round.objects.filter(session=session).order_by("-number").first()
    return round_store(
        session=session,
        number=(last.number + 1) if last else 1,
        version=1,
        data=data,
        ruleset_config={"preset": "changsha-67", "bird_count": bird_count},
        scored=_scored(data, bird_count, engine_like_result(transfers, next_dealer)),
        actor=actor,
    )


def store_correction(
    old: Round,
    data: dict,
    transfers: list[tuple[int, int | None, int, str]],
    *,
    actor: Any,
    next_dealer: int = 0,
) -> Round:
    """A new version of ``old`` with the given transfers in place of the engine's."""
    from scoring.services import round_store, round_supersede

    round_supersede(round_id=old.pk)
    return round_store(
        session=old.session,
        number=old.number,
        version=old.version + 1,
        data=data,
        ruleset_config=old.ruleset_config,
        scored=_scored(
            data,
            old.ruleset_config.get("bird_count", 2),
            engine_like_result(transfers, next_dealer),
        ),
        actor=actor,
        supersedes=old,
    )


def self_draw_transfers(winner: int, amount: int) -> list[tuple[int, int | None, int, str]]:
    return [(s, winner, amount, "result") for s in range(4) if s != winner]
