"""The club file, JSON lines: ``export_club`` writes it, ``import_rounds`` reads it back
(the sessions stored through ``scoring.bulk_import``).

A file is one JSON object per line. An optional first line describes a whole club
(``{"format": "csmj-club", ...}``: club, rulesets, seasons, players); every other line
is one session::

    {"season": "2025 春季赛", "started_at": "2025-03-01T19:00:00+08:00",
     "table_label": "1号桌", "first_dealer": 0,
     "players": ["张三", "李四", "王五", "赵六"],
     "rounds": [{round-format object without "ruleset"}, ...,
                {"round": {...}, "void": "录错"},
                {"round": {...}, "ruleset": {the full ruleset it was scored under}}],
     "finished": true}

``players`` are display names in seat order (0..n-1: as many as the season's ruleset
seats, 4, 3 or 2); names not on the roster are added to it. A paper session has ``"paper_nets": [30, -10, -5, -15]`` (one a seat) and no rounds.
A session with a table fee (台费) has ``"table_fee": {"fee": 20, "per": "table",
"by": "equal"}`` (``fee`` chips, for the session or each counted ``"round"``, paid as
``by`` says: ``scoring.models.FeePer``, ``FeeBy``; a key left out takes the session's
default: 0, ``"table"``, ``"equal"``); a line without it has none. Its bounds are
``session_table_fee_set``'s; a refusal names ``table_fee.fee``, ``.per`` or ``.by``.
Only the current version of each round is exported (corrections are not history
here); voided rounds are kept, marked with their reason. A round scored under an
earlier version of its season's ruleset (the club edited it since) carries that
ruleset, and is imported under it.
"""

from __future__ import annotations

import datetime
import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from csmj_site.errors import Forbidden, ServiceError
from csmj_site.jsonio import json_parse
from leagues import services
from leagues.models import Club, Player, Ruleset, Season
from leagues.permissions import can_record
from leagues.services import player_create, players_roster_add, season_close
from scoring.bulk_import import ImportReport, SessionIn, sessions_import
from scoring.models import FeeBy, FeePer, Round, Session, SessionSeat
from scoring.services import ruleset_resolve
from scoring.standings.models import SessionResult

FORMAT = "csmj-club"


class ImportFailed(Exception):
    """The file cannot be imported at all (bad header, unknown club, no permission)."""


# ---------------------------------------------------------------- export


def club_export_lines(*, club: Club) -> Iterator[str]:
    """The club as JSON lines: a header, then its sessions in the order they were stored."""
    header = {
        "format": FORMAT,
        "version": 1,
        "club": {
            "name": club.name,
            "slug": club.slug,
            "description": club.description,
            "is_public": club.is_public,
        },
        "rulesets": [
            {"name": r.name, "config": r.config}
            for r in Ruleset.objects.filter(club=club).order_by("pk")
        ],
        "seasons": [
            {
                "name": s.name,
                "start_date": s.start_date.isoformat(),
                "end_date": s.end_date.isoformat() if s.end_date else None,
                "ruleset": s.ruleset.name,
                "is_closed": s.is_closed,
            }
            for s in Season.objects.filter(club=club).select_related("ruleset").order_by("pk")
        ],
        "players": [
            {"display_name": p.display_name, "aliases": p.aliases}
            for p in Player.objects.filter(club=club).order_by("pk")
        ],
    }
    yield _dumps(header)
    sessions = Session.objects.filter(season__club=club).order_by("pk")
    names = dict(Player.objects.filter(club=club).values_list("pk", "display_name"))
    seats: dict[int, list[str]] = {}
    for sid, pid in (
        SessionSeat.objects.filter(session__season__club=club)
        .order_by("session_id", "seat")
        .values_list("session_id", "player_id")
    ):
        seats.setdefault(sid, []).append(names[pid])
    results = {r.session_id: r for r in SessionResult.objects.filter(session__season__club=club)}
    rounds = (
        Round.objects.current()
        .filter(session__season__club=club)
        .order_by("session_id", "number")
        .values_list("session_id", "data", "is_void", "void_reason", "ruleset_config")
        .iterator(chunk_size=5000)
    )
    # A round keeps the ruleset it was scored under; one scored before the club edited its
    # rules carries that ruleset, so the import scores it the same way.
    current = {
        season.pk: ruleset_resolve(season.ruleset.config)
        for season in Season.objects.filter(club=club).select_related("ruleset")
    }
    pending = next(rounds, None)
    for s in sessions.select_related("season").iterator(chunk_size=2000):
        entries = []
        while pending is not None and pending[0] == s.pk:
            _, data, is_void, reason, config = pending
            entry: dict[str, Any] = {"round": data}
            if is_void:
                entry["void"] = reason or "void"
            if config != current[s.season_id]:  # (dicts compare whatever their key order)
                entry["ruleset"] = config
            entries.append(entry if len(entry) > 1 else data)
            pending = next(rounds, None)
        result = results.get(s.pk)
        line: dict[str, Any] = {
            "season": s.season.name,
            "started_at": s.started_at.isoformat(),
            "table_label": s.table_label,
            "first_dealer": s.first_dealer,
            "players": seats.get(s.pk, []),
            "rounds": entries,
            "finished": result is not None,
        }
        if result is not None and result.is_paper:
            line["paper_nets"] = result.paper_nets
        if s.table_fee:  # none: no key, so a club without fees exports as it did
            line["table_fee"] = {"fee": s.table_fee, "per": s.table_fee_per, "by": s.table_fee_by}
        yield _dumps(line)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- import


def _club_from_header(header: dict[str, Any], actor: Any) -> tuple[Club, list[tuple[str, str]]]:
    """Create the club described by an export header (the actor becomes its owner), or
    use the existing club of that slug (now, or before a change of it) when the actor
    may record there. One transaction:
    the club and its whole roster are created together (and with one commit, not one per
    player: a 500-player roster took 5 s of commits). Also returns the roster's aliases
    left out (``leagues.services.players_roster_add``)."""
    with transaction.atomic():
        return _club_from_header_unlocked(header, actor)


def _club_from_header_unlocked(
    header: dict[str, Any], actor: Any
) -> tuple[Club, list[tuple[str, str]]]:
    info = header.get("club") or {}
    # an export taken before the club changed its slug names the slug it held then
    existing = (
        Club.objects.filter(slug=info.get("slug")).first()
        or Club.objects.filter(former_slugs__slug=info.get("slug")).first()
    )
    if existing is not None:
        if not can_record(actor, existing):
            raise Forbidden("import", club=existing.slug)
        club = existing
    else:
        club = services.club_create(
            name=info["name"],
            slug=info["slug"],
            description=info.get("description", ""),
            is_public=bool(info.get("is_public")),
            owner=actor,
        )
    rulesets = {r.name: r for r in Ruleset.objects.filter(club=club)}
    for r in header.get("rulesets") or []:
        if r["name"] not in rulesets:
            rulesets[r["name"]] = services.ruleset_create(
                club=club, name=r["name"], config=r["config"], actor=actor
            )
    seasons = set(Season.objects.filter(club=club).values_list("name", flat=True))
    for s in header.get("seasons") or []:
        if s["name"] not in seasons:
            services.season_create(
                club=club,
                name=s["name"],
                start_date=datetime.date.fromisoformat(s["start_date"]),
                end_date=datetime.date.fromisoformat(s["end_date"]) if s.get("end_date") else None,
                ruleset=rulesets[s["ruleset"]],
                actor=actor,
            )
    left_out = players_roster_add(club=club, players=header.get("players") or [], actor=actor)
    return club, left_out


class _Reader:
    """Turns session lines into SessionIn, resolving seasons and players by name."""

    def __init__(self, club: Club, actor: Any, default_season: Season | None):
        self.club = club
        self.actor = actor
        self.default_season = default_season
        self.seasons = {
            s.name: s for s in Season.objects.filter(club=club).select_related("ruleset")
        }
        self.players = {p.display_name: p for p in Player.objects.filter(club=club)}
        self.added_players = 0
        self.errors: list[tuple[int, list[dict[str, str]]]] = []

    def player(self, name: str) -> Player:
        """The roster's player of that name, added when missing (organisers only)."""
        if name not in self.players:
            try:
                player = player_create(club=self.club, display_name=name, actor=self.actor)
            except ValidationError as exc:
                detail = "; ".join(str(m) for m in exc.messages)
                raise ServiceError(
                    "players", "player_invalid", {"name": name, "detail": detail}
                ) from exc
            except PermissionDenied as exc:
                raise ServiceError("players", "not_on_roster", {"name": name}) from exc
            self.players[name] = player
            self.added_players += 1
        return self.players[name]

    def session(self, number: int, obj: Any) -> SessionIn:
        """The line's session; ServiceError naming the first field that is wrong."""
        if not isinstance(obj, dict):
            raise ServiceError("", "line_not_object")
        if obj.get("season"):
            name = obj["season"]
            season = self.seasons.get(name) if isinstance(name, str) else None
            if season is None:
                raise ServiceError("season", "unknown_season", {"name": name})
        elif self.default_season is None:
            raise ServiceError("season", "required", variant="season")
        else:
            season = self.default_season
        names = obj.get("players")
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise ServiceError("players", "player_names")
        started_at = None
        if obj.get("started_at"):
            try:
                started_at = parse_datetime(str(obj["started_at"]))
            except ValueError:  # the form of one, but no such date (2025-02-30)
                started_at = None
            if started_at is None:
                raise ServiceError("started_at", "invalid_datetime")
            if timezone.is_naive(started_at):  # no offset: the site's time zone, as the API
                started_at = timezone.make_aware(started_at)
        rounds = obj.get("rounds") or []
        if not isinstance(rounds, list):
            raise ServiceError("rounds", "rounds_list")
        fee = obj.get("table_fee") or {}  # its keys default as the session's fields do
        if not isinstance(fee, dict):
            raise ServiceError("table_fee", "fee_not_object")
        players = [self.player(n.strip()) for n in names]
        return SessionIn(
            line=number,
            season=season,
            players=players,
            rounds=rounds,
            first_dealer=obj.get("first_dealer", 0),
            started_at=started_at,
            table_label=str(obj.get("table_label") or ""),
            paper_nets=obj.get("paper_nets"),
            finished=bool(obj.get("finished")),
            table_fee=fee.get("fee", 0),
            table_fee_per=fee.get("per", FeePer.TABLE),
            table_fee_by=fee.get("by", FeeBy.EQUAL),
        )


def lines_import(
    *,
    lines: Iterable[str],
    actor: Any,
    club: Club | None = None,
    season: Season | None = None,
    all_or_nothing: bool = False,
    progress: Callable[[int], Any] | None = None,
    batch_size: int = 500,
    workers: int = 1,
) -> tuple[ImportReport, Club]:
    """Import JSON lines (see the module docstring). ``club`` is needed unless the file
    starts with a club header. ``workers``: see ``scoring.bulk_import.sessions_import``. Returns
    the report and the club."""
    numbered = ((n, line) for n, line in enumerate(lines, start=1) if line.strip())
    first = next(numbered, None)
    if first is None:
        raise ImportFailed("the file is empty")
    header = _header(first[1])
    left_out: list[tuple[str, str]] = []
    if header is not None:
        club, left_out = _club_from_header(header, actor)
        stream: Iterator[tuple[int, str]] = numbered
    else:
        if club is None:
            raise ImportFailed("give --club (the file has no club header)")
        if not can_record(actor, club):
            raise Forbidden("import", club=club.slug)
        stream = itertools.chain([first], numbered)
    reader = _Reader(club, actor, season)
    report = ImportReport(failed=reader.errors, aliases_left_out=left_out)

    def sources() -> Iterator[SessionIn]:
        for n, line in stream:
            try:
                src = reader.session(n, json_parse(line, field=""))
            except ServiceError as exc:  # malformed_json, …, unknown_season, player_names, …
                reader.errors.append((n, [exc.as_dict()]))
                if progress:
                    progress(1)
            else:
                yield src

    sessions_import(
        sessions=sources(),
        actor=actor,
        all_or_nothing=all_or_nothing,
        batch_size=batch_size,
        progress=progress,
        report=report,
        workers=workers,
    )
    report.failed.sort(key=lambda f: f[0])
    if header is not None and not (all_or_nothing and report.failed):
        closed = [s["name"] for s in header.get("seasons") or [] if s.get("is_closed")]
        for s in Season.objects.filter(club=club, name__in=closed, is_closed=False):
            season_close(season=s, actor=actor)
    report.added_players = reader.added_players
    return report, club


def _header(line: str) -> dict[str, Any] | None:
    try:
        obj = json_parse(line, field="")
    except ServiceError:
        return None
    return obj if isinstance(obj, dict) and obj.get("format") == FORMAT else None
