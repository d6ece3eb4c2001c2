"""纸面记录: a session recorded on paper, entered as its final nets (one form, or a CSV
file of several); the services store it (``services.paper_session_create``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from leagues import selectors as league_selectors
from leagues.models import Club
from leagues.pages import club_context, club_view, get_season
from scoring import services
from scoring.forms import season_table_seats
from scoring.models import SessionSeat
from scoring.paper.forms import PaperCsvForm, PaperSessionForm, paper_key
from scoring.standings.models import SessionResult


def paper_page(
    request: HttpRequest,
    club: Club,
    season: Any,
    *,
    roster: list[Any],
    form: PaperSessionForm | None = None,
    upload: PaperCsvForm | None = None,
    status: int = 200,
) -> HttpResponse:
    seats = season_table_seats(season)
    return render(
        request,
        "scoring/paper_session.html",
        club_context(
            request,
            club,
            season=season,
            seats=seats,
            seat_numbers=range(1, seats + 1),
            roster=roster,
            form=form or PaperSessionForm(roster=roster, season=season),
            upload=upload or PaperCsvForm(roster=roster, season=season, existing=set()),
        ),
        status=status,
    )


def apply_paper_errors(form: PaperSessionForm, exc: ValidationError) -> None:
    """A refusal of paper_session_record, in the page's language, next to its group."""
    groups = exc.error_dict if hasattr(exc, "error_dict") else {None: exc.error_list}
    for key, errors in groups.items():
        for error in errors:
            for message in error.messages:
                form.add_group_error(key or "", message)


@club_view("record")
def paper_session_new(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """纸面记录: one session entered as its final nets, one a seat (paper_session_record)."""
    season = get_season(club, season_id)
    roster = list(league_selectors.player_list(club=club))
    if request.method != "POST":
        return paper_page(request, club, season, roster=roster)
    form = PaperSessionForm(request.POST, roster=roster, season=season)
    if form.is_valid():
        try:
            session = services.paper_session_record(
                season=season,
                players=form.cleaned_data["players"],
                nets=form.cleaned_data["nets"],
                started_at=form.cleaned_data["started_at"],
                table_label=form.cleaned_data["table_label"],
                actor=request.user,
            )
        except ValidationError as exc:
            apply_paper_errors(form, exc)
        else:
            messages.success(request, _("纸面记录已保存。"))
            return redirect("session", slug=club.slug, session_id=session.pk)
    return paper_page(request, club, season, roster=roster, form=form, status=400)


def paper_keys(season: Any) -> set[Any]:
    """The season's paper sessions as paper_key()s, to refuse a file uploaded twice."""
    results = list(
        SessionResult.objects.filter(session__season=season, is_paper=True).values_list(
            "session_id", "session__started_at", "paper_nets"
        )
    )
    seats: dict[int, list[Any]] = {}
    for seat in (
        SessionSeat.objects.filter(session_id__in=[r[0] for r in results])
        .select_related("player")
        .order_by("session_id", "seat")
    ):
        seats.setdefault(seat.session_id, []).append(seat.player)
    return {paper_key(at, seats.get(sid, []), nets or []) for sid, at, nets in results}


@require_POST
@club_view("record")
def paper_session_upload(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """Several paper sessions from a CSV file, all or nothing: one bad row (reported with
    its line number and every error) stores no row at all."""
    from django.db import transaction

    season = get_season(club, season_id)
    roster = list(league_selectors.player_list(club=club))
    upload = PaperCsvForm(
        request.POST, request.FILES, roster=roster, season=season, existing=paper_keys(season)
    )
    if upload.is_valid():
        line = 0
        try:
            with transaction.atomic():
                for row in upload.rows:
                    line = row["line"]
                    services.paper_session_record(
                        season=season,
                        players=row["players"],
                        nets=row["nets"],
                        started_at=row["started_at"],
                        table_label=row["table_label"],
                        actor=request.user,
                    )
        except ValidationError as exc:
            upload.row_errors.append({"line": line, "messages": exc.messages})
            upload.add_error("file", _("整个文件都没有保存。"))
        else:
            messages.success(request, _("已保存 %(n)s 场纸面记录。") % {"n": len(upload.rows)})
            return redirect("season", slug=club.slug, season_id=season.pk)
    return paper_page(request, club, season, roster=roster, upload=upload, status=400)
