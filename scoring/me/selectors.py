"""我的: one user's figures across every club where a roster entry is linked to them
(``Player.user``), all time or one year, every club or one.

The figures are the club player pages' (``scoring.standings.selectors``: ``player_stats``
and friends) summed over the user's linked players: the same materialised rows
(``PlayerClubStat``, or ``PlayerSessionStat`` for a year), the same ``totals_values``,
hand counts, kong counts and standings order (``ranked_rows``). Every read covers all the
linked players at once, so ``me_report`` issues a fixed number of queries however many
clubs, seasons and rounds there are.

Over 600 lines as one job: each of the user's figures is summed from the standings'
reads by the same linked players and scope.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import (
    Case,
    Count,
    F,
    OuterRef,
    Q,
    RowRange,
    Subquery,
    Sum,
    Value,
    When,
    Window,
)
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.timezone import get_current_timezone

from leagues.audit import AuditEntry
from leagues.models import Club, Membership, Player, Season
from scoring.events.models import Entrant
from scoring.models import (
    Round,
    RoundHand,
    RoundPlayer,
    Session,
    SessionSeat,
    Transfer,
    counting_q,
)
from scoring.selectors import biggest_rounds
from scoring.standings.models import (
    STAT_FIELDS,
    Penalty,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
)
from scoring.standings.selectors import (
    DEFAULT_ORDER,
    HandCount,
    KongCount,
    StandingRow,
    Totals,
    hand_counts_listed,
    kong_counts_in_page_language,
    player_kongs,
    ranked_rows,
    totals_values,
)
from scoring.sync.selectors import settle_seconds

RECENT = 10  # recent sessions and nights listed
RIVALS = 8  # head-to-head rows (the players met most)
CHART_POINTS = 300  # the chart's latest points (as the player page's chart)
YEAR_MIN, YEAR_MAX = 2000, 2100
FIGURES_SECONDS = 600  # how long computed figures are kept at most (a repair's rebuild)
FIGURES_FORMAT = 2  # bumped when the cached figures change shape


@dataclass(frozen=True)
class MeFilters:
    """The page's filters: a calendar year (None: all time) and a club's slug (None:
    every linked club)."""

    year: int | None = None
    club: str | None = None

    @classmethod
    def from_query(cls, query: Mapping[str, Any]) -> MeFilters:
        """From the query string; a year that is not a year, or a blank club, is no
        filter (the page shows every figure rather than an error)."""
        year: int | None = None
        raw = str(query.get("year") or "").strip()
        if raw.isdigit() and YEAR_MIN <= int(raw) <= YEAR_MAX:
            year = int(raw)
        club = str(query.get("club") or "").strip() or None
        return cls(year=year, club=club)


@dataclass(frozen=True)
class ClubLine:
    """One linked club: the player, their totals there, rank among the club's players
    (all time, or in the year) and club-wide rating."""

    club: Club
    player: Player
    totals: Totals
    rank: int | None
    ranked: int  # how many players the rank is among
    rating: float | None


@dataclass(frozen=True)
class SeasonLine:
    season: Season
    player: Player
    total: int  # 合计: net plus penalties, what ranks
    rounds: int
    rank: int | None
    ranked: int
    rating: float | None


@dataclass(frozen=True)
class BiggestWin:
    net: int
    player: Player
    club: Club
    session_id: int
    number: int  # the round's number in its session
    at: datetime.datetime
    codes: list[str]


@dataclass(frozen=True)
class Rival:
    """Head to head with another roster entry of the same club: rounds at one table,
    and the chips that went between the two (plus: the user won them)."""

    club: Club
    opponent: Player
    rounds: int
    net: int


@dataclass(frozen=True)
class RecentSession:
    session_id: int
    club: Club
    season_name: str
    at: datetime.datetime
    net: int
    rounds: int


@dataclass(frozen=True)
class Night:
    event_id: int
    club: Club
    name: str
    date: datetime.date


@dataclass(frozen=True)
class OpenTable:
    session_id: int
    club: Club
    at: datetime.datetime


@dataclass(frozen=True)
class MeFigures:
    """What ``me_report`` caches: every figure but the ratings (replayed after commit by
    a task, so read on every request)."""

    years: list[int]
    totals: Totals
    opening_wins: int
    birds_hit: int
    hand_counts: list[HandCount]
    kong_counts: list[KongCount]
    clubs: list[ClubLine]
    seasons: list[SeasonLine]
    biggest_win: BiggestWin | None
    rivals: list[Rival]
    recent: list[RecentSession]
    nights: list[Night]
    open_tables: list[OpenTable]
    chart: dict[str, Any]


@dataclass(frozen=True)
class MeReport(MeFigures):
    """The page's figures (ratings read live) with the filters and the entries they cover."""

    filters: MeFilters
    all_players: list[Player]  # every linked entry (the club filter's choices)
    players: list[Player]  # the entries the figures cover


def _zero() -> dict[str, int]:
    return dict.fromkeys(STAT_FIELDS, 0)


def _add(into: dict[str, int], counts: Mapping[str, Any]) -> None:
    for f in STAT_FIELDS:
        into[f] += counts.get(f) or 0


def linked_players(*, user: Any) -> list[Player]:
    """The user's roster entries, one per club at most, by club name. One query."""
    if user is None or not user.is_authenticated:
        return []
    return list(Player.objects.filter(user=user).select_related("club").order_by("club__name"))


def _year_q(year: int | None, path: str) -> Q:
    """Sessions started in ``year`` (the site's time zone), through ``path`` (the
    session's start's lookup)."""
    if year is None:
        return Q()
    tz = get_current_timezone()
    start = datetime.datetime(year, 1, 1, tzinfo=tz)
    end = datetime.datetime(year + 1, 1, 1, tzinfo=tz)
    return Q(**{f"{path}__gte": start, f"{path}__lt": end})


def _counted(year: int | None) -> Q:
    """Rows (RoundPlayer, RoundHand, Transfer) of counted rounds, of sessions started in
    ``year`` when one is given. All time, the few rounds that do not count are left out
    (``round_not_counting_idx``) rather than the rounds joined; a year is read through the
    counted rounds' ids and sessions (``round_counting_id_idx``). The same rows as
    ``counting_q("round")``."""
    if year is None:
        return ~Q(round_id__in=Round.objects.exclude(counting_q()).values("id"))
    return counting_q("round") & _year_q(year, "round__session__started_at")


def _club_figures(
    players: list[Player], year: int | None
) -> tuple[dict[int, dict[str, int]], dict[int, tuple[int | None, int]]]:
    """Each player's counts (the club row all time, or the year's session rows summed),
    and player id -> (rank, of how many) among their club's players, in the standings'
    official order: both from every row of the players' clubs. One query (two for a
    year)."""
    clubs = [p.club_id for p in players]
    counts = {p.pk: _zero() for p in players}
    rows: dict[int, list[StandingRow]] = defaultdict(list)
    if year is None:
        for stat in PlayerClubStat.objects.filter(club_id__in=clubs).select_related("player"):
            if stat.player_id in counts:
                _add(counts[stat.player_id], stat.counts())
            if stat.sessions > 0:
                rows[stat.club_id].append(_standing(stat.player, stat.counts()))
    else:
        sums: list[Mapping[str, Any]] = list(
            PlayerSessionStat.objects.filter(_year_q(year, "started_at"), club_id__in=clubs)
            .values("club_id", "player_id")
            .annotate(**{f"{f}_sum": Sum(f) for f in STAT_FIELDS})
            .order_by()
        )
        by_id = Player.objects.in_bulk([s["player_id"] for s in sums])
        for s in sums:
            if s["player_id"] in counts:
                _add(counts[s["player_id"]], {f: s[f"{f}_sum"] for f in STAT_FIELDS})
            summed = {f: s[f"{f}_sum"] or 0 for f in STAT_FIELDS}
            rows[s["club_id"]].append(_standing(by_id[s["player_id"]], summed))
    ranks: dict[int, tuple[int | None, int]] = {}
    for p in players:
        ranked = ranked_rows(rows.get(p.club_id, []), DEFAULT_ORDER)
        mine = next((r.rank for r in ranked if r.player.pk == p.pk), None)
        ranks[p.pk] = (mine, len(ranked))
    return counts, ranks


def _standing(player: Player, counts: Mapping[str, int]) -> StandingRow:
    return StandingRow(rank=0, player=player, **totals_values(counts))


def _season_lines(players: list[Player], year: int | None) -> list[SeasonLine]:
    """The seasons the players played in (in the year, with a year), each with the
    player's 合计 and rank there (the rating is filled in by ``me_report``), as the
    season's standings rank them (with its penalties). Two queries (the seasons played
    in are a subquery of each)."""
    mine = {p.pk: p for p in players}
    season_ids = PlayerSessionStat.objects.filter(
        _year_q(year, "started_at"), player__in=players
    ).values("season_id")
    stats = list(
        PlayerSeasonStat.objects.filter(season_id__in=season_ids, sessions__gt=0).select_related(
            "player", "season"
        )
    )
    penalties: dict[tuple[int, int], int] = {
        (row["season_id"], row["player_id"]): row["total"] or 0
        for row in Penalty.objects.filter(season_id__in=season_ids, cancelled_at__isnull=True)
        .values("season_id", "player_id")
        .annotate(total=Sum("amount"))
        .order_by()
    }
    rows: dict[int, list[StandingRow]] = defaultdict(list)
    seasons: dict[int, Season] = {}
    for stat in stats:
        seasons[stat.season_id] = stat.season
        row = _standing(stat.player, stat.counts())
        rows[stat.season_id].append(
            dataclasses.replace(row, penalties=penalties.get((stat.season_id, stat.player_id), 0))
        )
    out = []
    for season_id, season_rows in rows.items():
        ranked = ranked_rows(season_rows, DEFAULT_ORDER)
        for r in ranked:
            if r.player.pk in mine:
                out.append(
                    SeasonLine(
                        season=seasons[season_id],
                        player=mine[r.player.pk],
                        total=r.total,
                        rounds=r.rounds,
                        rank=r.rank,
                        ranked=len(ranked),
                        rating=None,
                    )
                )
    return sorted(out, key=lambda s: (s.season.start_date, s.season.pk), reverse=True)


def _biggest_win(players: list[Player], year: int | None) -> BiggestWin | None:
    """The user's biggest round (最大一盘, the rule of ``scoring.selectors.biggest_rounds``,
    read alike by the session's result image and a night's cards) over the players'
    counted rounds: the largest net, the earliest among equals, with the hand types that
    paid there. One query, reading only the columns it needs (not the rounds' data)."""
    row = (
        biggest_rounds(
            RoundPlayer.objects.filter(_counted(year), player__in=players),
            earliest=("round__session__started_at", "round__session_id", "round__number"),
        )
        .values(
            "player_id",
            "net",
            "hands",
            "round__session_id",
            "round__number",
            "round__session__started_at",
        )  # fmt: skip
        .first()
    )
    if row is None:
        return None
    player = next(p for p in players if p.pk == row["player_id"])
    return BiggestWin(
        net=row["net"],
        player=player,
        club=player.club,
        session_id=row["round__session_id"],
        number=row["round__number"],
        at=row["round__session__started_at"],
        codes=list(row["hands"]),
    )


def _rivals(players: list[Player], year: int | None) -> list[Rival]:
    """The players met most (rounds at one table, counted rounds), each with the chips
    that went between them and the user (what they paid the user, less what the user
    paid them). Within a club: the same roster entries. Three queries."""
    mine = {p.pk: p for p in players}
    scope = _counted(year)
    # Every seat of a session plays each of its rounds: the rounds at one table are the
    # counted rounds of the sessions both sat in (the user's per-session rows).
    met = list(
        SessionSeat.objects.filter(
            _year_q(year, "session__player_stats__started_at"),
            session__player_stats__player_id__in=list(mine),
        )
        .exclude(player_id__in=list(mine))
        .values("player_id")
        .annotate(n=Sum("session__player_stats__rounds"))
        .filter(n__gt=0)
        .order_by("-n", "player_id")[:RIVALS]
    )
    ids = [m["player_id"] for m in met]
    nets: dict[int, int] = defaultdict(int)
    flows = (
        Transfer.objects.filter(scope)
        .filter(
            Q(payer_id__in=ids, payee_id__in=list(mine))
            | Q(payer_id__in=list(mine), payee_id__in=ids)
        )
        .values("payer_id", "payee_id")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    for f in flows:
        if f["payee_id"] in mine:
            nets[f["payer_id"]] += f["total"] or 0
        else:
            nets[f["payee_id"]] -= f["total"] or 0
    opponents = Player.objects.select_related("club").in_bulk(ids)
    return [
        Rival(
            club=opponents[m["player_id"]].club,
            opponent=opponents[m["player_id"]],
            rounds=m["n"],
            net=nets[m["player_id"]],
        )
        for m in met
        if m["player_id"] in opponents
    ]


def _recent(players: list[Player], year: int | None) -> list[RecentSession]:
    """The latest sessions played (their net as the standings count it). One query."""
    rows = (
        PlayerSessionStat.objects.filter(_year_q(year, "started_at"), player__in=players)
        .select_related("club", "season")
        .order_by("-started_at", "-session_id")[:RECENT]
    )
    return [
        RecentSession(
            session_id=r.session_id,
            club=r.club,
            season_name=r.season.name,
            at=r.started_at,
            net=r.net,
            rounds=r.rounds,
        )
        for r in rows
    ]


def _nights(players: list[Player], year: int | None) -> list[Night]:
    """The latest league nights entered. One query."""
    qs = Entrant.objects.filter(player__in=players).select_related("event__season__club")
    if year is not None:
        qs = qs.filter(event__date__year=year)
    rows = qs.order_by("-event__date", "-event_id")[:RECENT]
    return [
        Night(event_id=e.event_id, club=e.event.season.club, name=e.event.name, date=e.event.date)
        for e in rows
    ]


def _open_tables(players: list[Player]) -> list[OpenTable]:
    """Sessions at which the user sits that are not finished yet. One query (the seats a
    subquery, so no row is doubled and none needs DISTINCT)."""
    seated = SessionSeat.objects.filter(player__in=players).values("session_id")
    rows = (
        Session.objects.filter(pk__in=seated, result__isnull=True, season__is_closed=False)
        .select_related("season__club")
        .order_by("-started_at", "-id")[:3]
    )
    return [OpenTable(session_id=s.pk, club=s.season.club, at=s.started_at) for s in rows]


def me_chart(*, players: list[Player], year: int | None) -> dict[str, Any]:
    """Cumulative net, one point per session played: together, and per club when more
    than one. A long history keeps its latest CHART_POINTS points, as the player page's
    chart (only those are dated and drawn). One query: the database keeps the running
    sums (window sums, together and one per club) and sends the latest CHART_POINTS
    sessions only, the first of them the point the drawn line starts from."""
    clubs = {p.club_id: p.club for p in players}
    in_order = [F("started_at").asc(), F("session_id").asc()]
    upto = RowRange(start=None, end=0)  # every earlier session and this one
    sums = {
        f"club_{c}": Window(
            Sum(Case(When(club_id=c, then="net"), default=Value(0))),
            order_by=in_order,
            frame=upto,
        )
        for c in clubs
    }
    rows = list(
        PlayerSessionStat.objects.filter(_year_q(year, "started_at"), player__in=players)
        .annotate(
            back=Window(RowNumber(), order_by=[F("started_at").desc(), F("session_id").desc()]),
            total=Window(Sum("net"), order_by=in_order, frame=upto),
            **sums,
        )
        .filter(back__lte=CHART_POINTS)
        .order_by("started_at", "session_id")
        .values_list("started_at", "total", *sums)
    )
    tz = get_current_timezone()
    # Fewer rows than points: the line starts at 0, before any session; else it starts
    # from the sums after the first row sent (the sessions before it are not drawn).
    cut = len(rows) >= CHART_POINTS
    if cut:
        first, rows = rows[0], rows[1:]
        labels = [first[0].astimezone(tz).strftime("%Y-%m-%d")]
        together = [first[1]]
        per_club = [[v] for v in first[2:]]
    else:
        labels, together, per_club = [""], [0], [[0] for _ in clubs]
    for at, total, *by_club in rows:
        labels.append(at.astimezone(tz).strftime("%Y-%m-%d"))
        together.append(total)
        for values, v in zip(per_club, by_club, strict=True):
            values.append(v)
    lines = [{"key": "all", "values": together}]
    if len(clubs) > 1:
        lines += [
            {"key": club.name, "values": v}
            for club, v in zip(clubs.values(), per_club, strict=True)
        ]
    return {"labels": labels, "lines": lines, "latest": CHART_POINTS if cut else None}


def _figures(all_players: list[Player], players: list[Player], year: int | None) -> MeFigures:
    """Every figure but the ratings, read from the database."""
    years = sorted(
        {
            d.year
            for d in PlayerSessionStat.objects.filter(player__in=all_players).dates(
                "started_at", "year"
            )
        },
        reverse=True,
    )
    counts, ranks = _club_figures(players, year)
    total = _zero()
    for c in counts.values():
        _add(total, c)
    scope = Q(player__in=players) & _year_q(year, "round__session__started_at")
    hands = (
        RoundHand.objects.filter(_counted(year), player__in=players)
        .values("code")
        .annotate(n=Count("id"))
        .order_by()
    )
    clubs = [
        ClubLine(
            club=p.club,
            player=p,
            totals=Totals(**totals_values(counts[p.pk])),
            rank=ranks[p.pk][0],
            ranked=ranks[p.pk][1],
            rating=None,
        )
        for p in players
    ]
    return MeFigures(
        years=years,
        totals=Totals(**totals_values(total)),
        opening_wins=total["opening_wins"],
        birds_hit=total["birds_hit"],
        hand_counts=hand_counts_listed({h["code"]: h["n"] for h in hands}) if players else [],
        kong_counts=player_kongs(scope=scope),
        clubs=clubs,
        seasons=_season_lines(players, year) if players else [],
        biggest_win=_biggest_win(players, year) if players else None,
        rivals=_rivals(players, year) if players else [],
        recent=_recent(players, year) if players else [],
        nights=_nights(players, year) if players else [],
        open_tables=_open_tables(players) if players else [],
        chart=me_chart(players=players, year=year) if players else {},
    )


def data_version(*, clubs: list[int]) -> tuple[str, bool]:
    """What the figures of these clubs were computed from: each club's newest audit entry
    (every write to a club's rounds, sessions, players, links and penalties records one in
    its own transaction, ``leagues.audit``), and whether all of them are older than the
    changes feed's settle time (``SYNC_SETTLE_SECONDS``: on PostgreSQL a transaction that
    took an earlier entry can commit after a later one, so a version that new may not
    cover everything yet). One query, an index probe per club."""
    newest = AuditEntry.objects.filter(club_id=OuterRef("pk")).order_by("-at", "-id")
    rows = (
        Club.objects.filter(pk__in=clubs)
        .annotate(
            last_id=Subquery(newest.values("id")[:1]), last_at=Subquery(newest.values("at")[:1])
        )
        .order_by("pk")
        .values_list("pk", "last_id", "last_at")
    )
    settled_before = timezone.now() - datetime.timedelta(seconds=settle_seconds())
    parts, settled = [], True
    for pk, last_id, last_at in rows:
        parts.append(f"{pk}.{last_id or 0}")
        if last_at is not None and last_at > settled_before:
            settled = False
    return ",".join(parts), settled


def _cached_figures(
    all_players: list[Player], players: list[Player], year: int | None
) -> MeFigures:
    """The figures from the cache when nothing changed in any linked club since they were
    computed (the key holds the players, the year and ``data_version``), else computed
    and kept ``FIGURES_SECONDS``. Right after a change (within the settle time) they are
    computed and not kept."""
    version, settled = data_version(clubs=sorted({p.club_id for p in all_players}))
    ids = ",".join(str(p.pk) for p in all_players)
    shown = ",".join(str(p.pk) for p in players)
    digest = hashlib.sha256(f"{ids}|{shown}|{year}|{version}".encode()).hexdigest()
    key = f"me:figures:{FIGURES_FORMAT}:{digest}"
    if settled:
        found = cache.get(key)
        if isinstance(found, MeFigures):
            return found
    figures = _figures(all_players, players, year)
    if settled:
        cache.set(key, figures, FIGURES_SECONDS)
    return figures


def me_report(*, user: Any, filters: MeFilters) -> MeReport:
    """Every figure of 我的 for ``user``: a fixed number of queries (about twenty; three
    when the figures are cached)."""
    all_players = linked_players(user=user)
    players = [p for p in all_players if filters.club in (None, p.club.slug)]
    year = filters.year
    figures = _cached_figures(all_players, players, year)
    ratings: dict[tuple[int, int | None], float] = (
        {
            (pid, sid): ordinal
            for pid, sid, ordinal in PlayerRating.objects.filter(player__in=players).values_list(
                "player_id", "season_id", "ordinal"
            )
        }
        if players
        else {}
    )
    shown = dataclasses.replace(
        figures,
        kong_counts=kong_counts_in_page_language(figures.kong_counts),
        clubs=[
            dataclasses.replace(c, rating=ratings.get((c.player.pk, None))) for c in figures.clubs
        ],
        seasons=[
            dataclasses.replace(s, rating=ratings.get((s.player.pk, s.season.pk)))
            for s in figures.seasons
        ],
    )
    return MeReport(filters=filters, all_players=all_players, players=players, **vars(shown))


# ---------------------------------------------------------------- the user's data


EXPORT_COLUMNS = [
    "club",
    "season",
    "session",
    "started_at",
    "table",
    "round",
    "version",
    "void",
    "seat",
    "player",
    "dealer",
    "won",
    "self_draw",
    "dealt_in",
    "big_win",
    "hands",
    "net",
    "table_players",
]


def me_rounds(*, user: Any) -> list[dict[str, Any]]:
    """Every round the user played, across clubs (the current version of each, void ones
    marked), oldest first: what the data download holds. Three queries."""
    players = linked_players(user=user)
    rows = list(
        RoundPlayer.objects.filter(player__in=players, round__is_current=True)
        .select_related("round__session__season__club", "player")
        .order_by("round__session__started_at", "round__session_id", "round__number")
    )
    hands: dict[tuple[int, int], list[str]] = defaultdict(list)
    for round_id, player_id, code in (
        RoundHand.objects.filter(player__in=players, round__is_current=True)
        .order_by("id")
        .values_list("round_id", "player_id", "code")
    ):
        hands[(round_id, player_id)].append(code)
    names: dict[int, list[str]] = defaultdict(list)
    for session_id, name in (
        SessionSeat.objects.filter(session__seats__player__in=players)
        .order_by("session_id", "seat")
        .values_list("session_id", "player__display_name")
        .distinct()
    ):
        names[session_id].append(name)
    out = []
    for rp in rows:
        r = rp.round
        session = r.session
        out.append(
            {
                "club": session.season.club.slug,
                "season": session.season.name,
                "session": session.pk,
                "started_at": session.started_at.isoformat(),
                "table": session.table_label,
                "round": r.number,
                "version": r.version,
                "void": r.is_void,
                "seat": rp.seat,
                "player": rp.player.display_name,
                "dealer": rp.is_dealer,
                "won": rp.won,
                "self_draw": rp.self_draw,
                "dealt_in": rp.dealt_in,
                "big_win": rp.big_win,
                "hands": hands.get((r.pk, rp.player_id), []),
                "net": rp.net,
                "table_players": names.get(session.pk, []),
            }
        )
    return out


def me_data(*, user: Any) -> dict[str, Any]:
    """Everything stored about the user, for the JSON download: the account, the
    memberships, the linked roster entries and every round played. Five queries."""
    return {
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
        },
        "memberships": [
            {"club": m.club.slug, "role": m.role, "since": m.created_at.isoformat()}
            for m in Membership.objects.filter(user=user).select_related("club")
        ],
        "players": [
            {
                "club": p.club.slug,
                "display_name": p.display_name,
                "aliases": p.aliases,
                "name_hidden": p.name_hidden,
            }
            for p in linked_players(user=user)
        ],
        "rounds": me_rounds(user=user),
    }
