"""快速开桌: a table without a club (docs/quick-tables.md).

A quick table is a hidden club (``Club.is_quick``, never public, never listed) holding
one ruleset, one season, its roster and one session, so recording, scoring,
corrections, undo, the offline queue, the scoreboard, 结账, the result image and the
follow link are the sessions' own. Its key (``tbl_…``, leagues.table_keys) stands for
the table's keeper, a password-less user who organises that one club; a signed-in
creator owns it outright.
"""

from __future__ import annotations

import dataclasses
import datetime
import secrets
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from csmj_site.errors import ServiceError, ServiceErrors
from leagues import services as league_services
from leagues.models import Club, Membership, Player, Role, Season
from leagues.permissions import can_record, require_manage, require_record
from leagues.table_keys import keeper_username, table_for_key, table_key_hash, table_key_new
from scoring.merge.services import PLAYER_MOVED, PLAYER_REBUILT
from scoring.models import Session
from scoring.selectors import session_first_of_club
from scoring.services import (
    ruleset_players,
    session_follow_link_set,
    session_start,
)
from scoring.standings.models import PlayerSessionStat
from scoring.standings.rebuild import standings_rebuild

# An anonymous table nobody claimed is deleted this many days after it was opened
# (``manage.py quick_tables_expire``, docs/quick-tables.md).
QUICK_TABLE_KEEP_DAYS = 90
QUICK_TABLE_NAME = "快速开桌"


@dataclasses.dataclass(frozen=True)
class QuickTable:
    club: Club
    season: Season
    session: Session
    keeper: Any
    key: str


def open_seat_name(seat: int) -> str:
    """The name a seat left open carries until its player claims it."""
    return f"#{seat + 1}"


def is_open_seat(name: str) -> bool:
    """Whether ``name`` is a seat left open (``open_seat_name``)."""
    return name.startswith("#") and name[1:].isdigit()


def quick_table_create(
    *,
    names: Sequence[str],
    config: dict[str, Any] | str,
    first_dealer: int,
    owner: Any = None,
) -> QuickTable:
    """Open a quick table: ``names`` in seat order (a blank seat is left open), the
    ruleset ``config`` (a preset code or a ruleset's JSON; its ``players`` is the table's
    size), the first dealer's seat. ``owner``: the signed-in creator (None: anonymous).
    Refusals name their field as the API's body does (``ruleset``, ``names``, ``names.N``:
    ServiceErrors); nothing is stored then."""
    config = league_services.ruleset_config_clean(config, field="ruleset")
    size = ruleset_players(config=config)
    names = [str(n or "").strip() for n in names]
    if len(names) != size:
        raise ServiceErrors([ServiceError("names", "players", {"players": size}, variant="table")])
    names = [n or open_seat_name(i) for i, n in enumerate(names)]
    twice = [
        ServiceError(f"names.{i}", "players", {"name": n}, variant="seated")
        for i, n in enumerate(names)
        if n in names[:i]
    ]
    if twice:  # each later seat of a name named, as the club's 开一场 names its seat
        raise ServiceErrors(twice)
    key = table_key_new()
    with transaction.atomic():
        slug = f"t-{secrets.token_hex(6)}"
        keeper = get_user_model().objects.create_user(
            username=f"quick-{slug}", first_name=QUICK_TABLE_NAME
        )
        keeper.set_unusable_password()
        keeper.save(update_fields=["password"])
        signed_in = owner is not None and owner.is_authenticated
        club = league_services.club_create(
            name=QUICK_TABLE_NAME, slug=slug, owner=owner if signed_in else keeper
        )
        Club.objects.filter(pk=club.pk).update(is_quick=True, quick_key_hash=table_key_hash(key))
        club.is_quick, club.quick_key_hash = True, table_key_hash(key)
        if signed_in:
            Membership.objects.create(club=club, user=keeper, role=Role.ORGANISER)
        assert keeper.username == keeper_username(club)
        ruleset = league_services.ruleset_create(
            club=club, name=QUICK_TABLE_NAME, config=config, actor=keeper
        )
        players: list[Player] = []
        for seat, name in enumerate(names):
            try:
                players.append(
                    league_services.player_create(club=club, display_name=name, actor=keeper)
                )
            except ServiceErrors as exc:  # the name's own refusal, on its seat's entry
                for error in exc.errors:
                    error.field = f"names.{seat}"
                raise ServiceErrors(exc.errors) from None
        season = league_services.season_create(
            club=club,
            name=timezone.localdate().isoformat(),
            start_date=timezone.localdate(),
            ruleset=ruleset,
            actor=keeper,
        )
        session = session_start(
            season=season, players=players, first_dealer=first_dealer, actor=keeper
        )
        session_follow_link_set(session=session, actor=keeper)
    return QuickTable(club=club, season=season, session=session, keeper=keeper, key=key)


def quick_table_session(club: Club) -> Session:
    """The one session of a quick table."""
    return session_first_of_club(club=club)  # type: ignore[return-value]


def quick_table_join(*, key: str, user: Any = None) -> tuple[Club, Any]:
    """The table whose key is ``key`` and who records there: a signed-in ``user`` joins
    its club as a recorder (kept: the table shows on their page); anyone else records as
    the table's keeper. ServiceError ``key`` for a wrong key."""
    club = table_for_key(key)
    if club is None:
        raise ServiceErrors([ServiceError("key", "invalid_table_key")])
    keeper = get_user_model().objects.get(username=keeper_username(club))
    if user is not None and user.is_authenticated:
        Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.RECORDER})
        return club, user
    return club, keeper


def quick_seat_claim(*, club: Club, player: Player, user: Any) -> Player:
    """A signed-in player claims their seat: the roster player becomes theirs, so the
    table shows on their own page. Refused when the seat is someone else's."""
    if not club.is_quick or player.club_id != club.pk:
        raise ServiceErrors([ServiceError("player", "seat_unknown")])
    if user is None or not user.is_authenticated:
        raise ServiceErrors([ServiceError("player", "sign_in_to_claim")])
    if player.user_id not in (None, user.pk):
        raise ServiceErrors([ServiceError("player", "seat_claimed")])
    if Player.objects.filter(club=club, user=user).exclude(pk=player.pk).exists():
        raise ServiceErrors([ServiceError("player", "seat_claimed")])
    with transaction.atomic():
        player.user = user
        player.save(update_fields=["user"])
        Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.RECORDER})
    return player


def quick_seat_name(*, club: Club, player: Player, name: str, actor: Any) -> Player:
    """入座: someone at the table (any phone that records there) gives a seat left open
    its player's name. Refused for a seat that has one; the name is checked as a
    roster's (``player_update``)."""
    if not club.is_quick or player.club_id != club.pk:
        raise ServiceErrors([ServiceError("player", "seat_unknown")])
    require_record(actor, club)
    if not is_open_seat(player.display_name):
        raise ServiceErrors([ServiceError("player", "seat_named")])
    keeper = get_user_model().objects.get(username=keeper_username(club))
    return league_services.player_update(player=player, display_name=name, actor=keeper)


def quick_tables_expire(*, now: datetime.datetime | None = None) -> int:
    """Delete the anonymous quick tables nobody claimed, ``QUICK_TABLE_KEEP_DAYS`` after
    they were opened: no member but the keeper, no seat claimed. Returns how many."""
    cutoff = (now or timezone.now()) - datetime.timedelta(days=QUICK_TABLE_KEEP_DAYS)
    stale = Club.objects.filter(is_quick=True, created_at__lt=cutoff).exclude(
        players__user__isnull=False
    )
    count = 0
    for club in stale:
        members = list(club.memberships.values_list("user__username", flat=True))
        if members != [keeper_username(club)]:
            continue
        with transaction.atomic():
            _club_delete(club)
            get_user_model().objects.filter(username=keeper_username(club)).delete()
        count += 1
    return count


def _club_delete(club: Club) -> None:
    from scoring.models import Round

    Round.objects.filter(session__season__club=club).delete()
    Session.objects.filter(season__club=club).delete()
    club.delete()


def quick_table_move(
    *, club: Club, season: Season, matches: dict[int, Player | None], actor: Any
) -> Session:
    """Keep a quick table: its session moves into ``season`` of a club the actor
    organises, with its rounds. Each seat's player becomes the roster player
    ``matches[player.pk]``, or joins the roster as a guest (客) under the same name when
    unmatched. The season's standings are rebuilt; the table's hidden club is deleted and
    its key stops working. The actor must record at the table (its owner, a player who
    claimed a seat, or a phone that joined by its code)."""
    require_manage(actor, season.club)
    if not club.is_quick or not can_record(actor, club):
        raise ServiceErrors([ServiceError("table", "seat_unknown")])
    if season.is_closed:
        raise ServiceErrors([ServiceError("season", "season_closed", variant="session")])
    session = quick_table_session(club)
    players = session.players_in_order()
    size = ruleset_players(config=session.season.ruleset.config)
    with transaction.atomic():
        targets: dict[int, Player] = {}
        for player in players:
            match = matches.get(player.pk)
            if match is not None and match.club_id != season.club_id:
                raise ServiceErrors([ServiceError("players", "players", variant="other_club")])
            if match is None:
                try:
                    match = league_services.player_create(
                        club=season.club, display_name=player.display_name, is_guest=True,
                        actor=actor,
                    )  # fmt: skip
                except ValidationError as exc:
                    raise ValidationError(
                        {"players": f"{player.display_name}: {' '.join(exc.messages)}"}
                    ) from exc
            targets[player.pk] = match
        if len({t.pk for t in targets.values()}) != len(targets):
            raise ServiceErrors([ServiceError("players", "players", variant="twice")])
        PlayerSessionStat.objects.filter(session=session).delete()
        for player in players:
            for model, field in PLAYER_MOVED:
                model.objects.filter(**{field: player}).update(**{field: targets[player.pk]})
            for model, field in PLAYER_REBUILT:
                model.objects.filter(**{field: player}).delete()
        session.season = season
        if ruleset_players(config=season.ruleset.config) != size:
            session.table_size = size
        session.save(update_fields=["season", "table_size"])
        get_user_model().objects.filter(username=keeper_username(club)).update(is_active=False)
        club.delete()
        standings_rebuild(season=season)  # also counts the season's sessions again
    return session
