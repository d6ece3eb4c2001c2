"""Pages that show results: the club page (its all-time board), a season's standings and
sessions with their CSV exports, and a player's page.

Views are thin: access through ``leagues.pages.club_view``, reads through
``scoring.standings.selectors`` and ``scoring.selectors``.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.timezone import get_current_timezone
from django.utils.translation import gettext as _

from leagues import player_links
from leagues import selectors as league_selectors
from leagues.forms import StandingsFilterForm
from leagues.models import Club
from leagues.pages import club_context, club_view, get_season
from leagues.permissions import role_allows
from scoring.selectors import (
    kong_title,
    session_count,
    session_first_of_club,
    session_list,
    session_same_table,
)
from scoring.standings import selectors
from scoring.standings.exports import (
    Table,
    column_label,
    csv_text,
    has_penalties,
    rounds_table,
    standing_columns,
    standings_table,
    xlsx_bytes,
)
from scoring.standings.models import SessionResult
from scoring.standings.rounding import rounded
from scoring.standings.selectors import (
    RATING_ORDER,
    player_penalties,
    player_rating,
    rated_rows,
    rating_history,
    ratings_ordinals,
)


def paper_nets_of(session_ids: Any) -> dict[int, list[int] | None]:
    """session id -> its paper nets by seat, for the paper sessions (纸面记录) among them.
    One query."""
    return dict(
        SessionResult.objects.filter(session_id__in=list(session_ids), is_paper=True).values_list(
            "session_id", "paper_nets"
        )
    )


@club_view("read")
def club_detail(request: HttpRequest, club: Club) -> HttpResponse:
    if club.is_quick:  # a quick table's hidden club (快速开桌) is its one table
        table = session_first_of_club(club=club)
        if table is not None:
            return redirect("session", club.slug, table.pk)
    seasons = list(league_selectors.season_list(club=club))
    _form, params = standings_filters(request)
    board = selectors.club_leaderboard(club=club, order=params["order"])
    ctx = club_context(request, club)
    # 再来一场: the last table again in one tap, at its size, in its own season (a
    # recorder's); not offered when that season is closed or seats another number.
    again = session_same_table(club=club, by=request.user) if ctx["can_record"] else None
    if again is not None and not again["startable"]:
        again = None
    return render(
        request,
        "standings/club_detail.html",
        club_context(
            request,
            club,
            again=again,
            seasons=seasons,
            rows=board,
            **standings_page(
                request,
                club,
                rated_rows(rows=board, ratings=ratings_ordinals(club=club), order=params["order"]),
            ),
            columns=standings_columns(request, params["order"]),
            rating_column=rating_column(request, params["order"]),
        ),
    )


# ---------------------------------------------------------------- seasons, standings


def standings_filters(request: HttpRequest) -> tuple[StandingsFilterForm, dict[str, Any]]:
    form = StandingsFilterForm(request.GET or None)
    params: dict[str, Any] = {"date_from": None, "date_to": None, "order": selectors.DEFAULT_ORDER}
    if form.is_valid():
        params["date_from"] = form.cleaned_data["date_from"]
        params["date_to"] = form.cleaned_data["date_to"]
    # the order holds even when the dates cannot be used (the table is then every date's)
    order = (form.cleaned_data.get("order") if form.is_bound else None) or params["order"]
    if selectors.standings_order_valid(order=order):
        params["order"] = order
    return form, params


def standings_columns(
    request: HttpRequest, order: str, *, penalties: bool = False
) -> list[dict[str, Any]]:
    """Header links: a click sorts by the column; a second click reverses it. 罚分 and
    合计 only where some row has penalties; without them 总分 is what ranks."""
    sorted_by = order.lstrip("-")
    if sorted_by == "total" and not penalties:
        sorted_by = "net"  # the same numbers
    return [
        {
            "key": key,
            "label": column_label(label),
            "url": sort_link(request, order, key),
            "sorted": sorted_by == key,
        }
        for key, label in standing_columns(penalties=penalties)
    ]


def rating_column(request: HttpRequest, order: str) -> dict[str, Any]:
    """The 等级分 header's link, as ``standings_columns`` gives the others'."""
    return {
        "url": sort_link(request, order, RATING_ORDER),
        "sorted": order.lstrip("-") == RATING_ORDER,
    }


def sort_link(request: HttpRequest, order: str, key: str) -> str:
    """The page sorted by ``key``, reversed when it is already (a second click); a new
    order starts at its first page."""
    query = request.GET.copy()
    query.pop("page", None)
    query["order"] = f"-{key}" if order == key else key
    return "?" + query.urlencode()


SESSIONS_PER_PAGE = 20
STANDINGS_PER_PAGE = 50
PLAYER_SESSIONS_PER_PAGE = 30


def page_count(total: int, per_page: int) -> int:
    return max(1, -(-total // per_page))


def page_number(request: HttpRequest, param: str, pages: int) -> int:
    """The page asked for in ``?<param>=``; anything but a number in 1..pages is page 1."""
    try:
        number = int(request.GET.get(param, ""))
    except ValueError:  # missing, not a number, or thousands of digits
        return 1
    return number if 1 <= number <= pages else 1


def pager(request: HttpRequest, param: str, number: int, pages: int) -> dict[str, Any]:
    """Previous/next links for ``includes/pager.html``; they keep the rest of the query
    (sort order, date filter, the other list's page)."""

    def url(n: int) -> str:
        query = request.GET.copy()
        query[param] = str(n)
        return "?" + query.urlencode()

    return {
        "number": number,
        "pages": pages,
        "prev_url": url(number - 1) if number > 1 else "",
        "next_url": url(number + 1) if number < pages else "",
    }


def player_url_prefix(club: Club) -> str:
    """A player's page is this plus "<id>/": reversed once, not once per table row."""
    return reverse("player", args=[club.slug, 0]).removesuffix("0/")


def standings_page(request: HttpRequest, club: Club, rated: list[Any]) -> dict[str, Any]:
    """What ``_standings_table.html`` needs for one page (``?page=``) of the rows; a row
    keeps its rank in the whole table. The CSV export is not paged."""
    pages = page_count(len(rated), STANDINGS_PER_PAGE)
    number = page_number(request, "page", pages)
    start = (number - 1) * STANDINGS_PER_PAGE
    return {
        "rated": rated[start : start + STANDINGS_PER_PAGE],
        "standings_pager": pager(request, "page", number, pages),
        "player_url": player_url_prefix(club),
    }


@club_view("read")
def season_detail(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    season = get_season(club, season_id)
    form, params = standings_filters(request)
    rows = selectors.season_standings(season=season, **params)
    penalised = has_penalties(rows)
    standings = standings_page(
        request,
        club,
        rated_rows(
            rows=rows, ratings=ratings_ordinals(club=club, season=season), order=params["order"]
        ),
    )
    pages = page_count(session_count(season=season), SESSIONS_PER_PAGE)
    page = page_number(request, "p", pages)
    sessions = session_list(
        season=season, limit=SESSIONS_PER_PAGE, offset=(page - 1) * SESSIONS_PER_PAGE
    )
    paper = paper_nets_of(s.pk for s in sessions)
    for s in sessions:
        # 纸面记录: listed with its final nets instead of a round count.
        nets = paper.get(s.pk)
        s.paper = (  # type: ignore[attr-defined]  # read by the template
            [(seat.player.display_name, nets[seat.seat]) for seat in s.seats.all()]
            if nets
            else None
        )
    csv_params = request.GET.copy()
    # the export has every row; with dates the page could not use, it has what the page
    # shows: every date
    for param in ("page", "p", *(("date_from", "date_to") if form.refused() else ())):
        csv_params.pop(param, None)
    csv_query = csv_params.urlencode()
    return render(
        request,
        "standings/season_detail.html",
        club_context(
            request,
            club,
            season=season,
            rows=rows,
            **standings,
            form=form,
            columns=standings_columns(request, params["order"], penalties=penalised),
            rating_column=rating_column(request, params["order"]),
            penalty_column=penalised,
            sessions=sessions,
            sessions_page=page,
            sessions_pages=pages,
            sessions_pager=pager(request, "p", page, pages),
            csv_url=export_url("season-csv", club, season, csv_query),
            xlsx_url=export_url("season-xlsx", club, season, csv_query),
            print_url=export_url("season-print", club, season, csv_query),
            rounds_csv_url=export_url("season-rounds-csv", club, season, csv_query),
        ),
    )


def export_url(name: str, club: Club, season: Any, query: str) -> str:
    """An export of the season's standings with the page's filters and order."""
    return reverse(name, args=[club.slug, season.pk]) + (f"?{query}" if query else "")


class FilterRefused(Exception):
    """An export asked for with dates it cannot use: answered 400 with the form's errors
    (``refused_filter``), not with every date's rows under the file's dated name."""

    def __init__(self, form: StandingsFilterForm) -> None:
        super().__init__("\n".join(form.error_lines()))


def export_filters(request: HttpRequest) -> dict[str, Any]:
    """``standings_filters``' params for an export, which refuses dates it cannot use."""
    form, params = standings_filters(request)
    if form.refused():
        raise FilterRefused(form)
    return params


def refused_filter(view: Any) -> Any:
    """An export view answers ``FilterRefused`` with 400 and the errors as plain text."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)  # type: ignore[no-any-return]
        except FilterRefused as refusal:
            return HttpResponseBadRequest(str(refusal), content_type="text/plain; charset=utf-8")

    return wrapped


def season_export(
    request: HttpRequest, club: Club, season_id: int
) -> tuple[Any, Table, dict[str, Any]]:
    """The season and its standings as the page shows them (its filters and order), with
    the ratings; and the page's filters read once (``export_filters``)."""
    season = get_season(club, season_id)
    params = export_filters(request)
    rows = selectors.season_standings(season=season, **params)
    rated = rated_rows(
        rows=rows, ratings=ratings_ordinals(club=club, season=season), order=params["order"]
    )
    return season, standings_table(rated=rated), params


def dated_rounds(season: Any, params: dict[str, Any]) -> Table:
    """The season's rounds table for the page's dates (``standings_filters``' params)."""
    return rounds_table(season=season, date_from=params["date_from"], date_to=params["date_to"])


def download(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@club_view("read")
@refused_filter
def season_csv(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """The standings in the page's language, with the rating column."""
    season, table, _params = season_export(request, club, season_id)
    response = HttpResponse("".join(csv_text(table)), content_type="text/csv; charset=utf-8")
    return download(response, f"standings-{club.slug}-{season.pk}.csv")


@club_view("read")
@refused_filter
def season_rounds_csv(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """Every round of the season, one row each, in the page's language (``rounds_table``)."""
    season = get_season(club, season_id)
    table = dated_rounds(season, export_filters(request))
    response = HttpResponse("".join(csv_text(table)), content_type="text/csv; charset=utf-8")
    return download(response, f"rounds-{club.slug}-{season.pk}.csv")


XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@club_view("read")
@refused_filter
def season_xlsx(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """One Excel workbook: the standings (as the page shows them) and every round."""
    season, standings, params = season_export(request, club, season_id)
    body = xlsx_bytes([standings, dated_rounds(season, params)])
    return download(
        HttpResponse(body, content_type=XLSX_TYPE), f"season-{club.slug}-{season.pk}.xlsx"
    )


@club_view("read")
@refused_filter
def season_print(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """The season's table for the club's notice board: every row on one printable page."""
    season = get_season(club, season_id)
    params = export_filters(request)
    rows = selectors.season_standings(season=season, **params)
    penalised = has_penalties(rows)
    rated = rated_rows(
        rows=rows, ratings=ratings_ordinals(club=club, season=season), order=params["order"]
    )
    return render(
        request,
        "standings/season_print.html",
        club_context(
            request,
            club,
            season=season,
            rated=rated,
            player_url=player_url_prefix(club),
            columns=standings_columns(request, params["order"], penalties=penalised),
            penalty_column=penalised,
            printed_at=timezone.localtime(),
        ),
    )


@club_view("read")
def player_detail(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    player = get_object_or_404(
        player_links.players_for_viewer(user=request.user), pk=player_id, club=club
    )
    stats = selectors.player_stats(player=player)
    rating = player_rating(player=player)
    pages = page_count(selectors.player_session_count(player=player), PLAYER_SESSIONS_PER_PAGE)
    page = page_number(request, "page", pages)
    sessions = selectors.player_sessions(
        player=player,
        limit=PLAYER_SESSIONS_PER_PAGE,
        offset=(page - 1) * PLAYER_SESSIONS_PER_PAGE,
    )
    return render(
        request,
        "standings/player_detail.html",
        club_context(
            request,
            club,
            player=player,
            stats=stats,
            kong_title=kong_title(),
            # the kongs' card once the player made or fed one: all zeros says nothing (a
            # club whose rules pay no kongs rarely records one)
            kongs_shown=any(k.count for k in stats.kong_counts),
            rating=rating.ordinal if rating is not None else None,
            chart=player_chart(
                # one time more of each than is drawn: enough to tell a cut history,
                # and for the values carried into the drawn window (``player_chart``)
                selectors.player_chip_history(player=player, latest=CHART_POINTS + 1),
                rating_history(player=player, latest=CHART_POINTS + 1),
            ),
            sessions=with_paper_nets(sessions),
            sessions_pager=pager(request, "page", page, pages),
            penalties=player_penalties(player=player),
            link=player_links.link_state(
                player=player,
                user=request.user,
                can_record=role_allows(getattr(request, "club_role", None), club, "record"),
                can_manage=role_allows(getattr(request, "club_role", None), club, "manage"),
            ),
        ),
    )


CHART_POINTS = 300


def player_chart(chips: list[Any], ratings: list[Any]) -> dict[str, Any]:
    """The player chart's two lines on one time line: cumulative chips (left axis) and the
    club-wide rating (right axis), one point per session start of either series.

    Chips start at 0 before the first session (so one session is a line too) and carry
    forward over a rated session without counted rounds (a paper session, say); the
    rating has no value (a gap) before the first rated session. A long history keeps its
    latest ``CHART_POINTS`` points (``latest`` is then their number): the totals are
    still over every session, and the page's size and time stay bounded.

    ``chips`` and ``ratings`` may be each series' points at its latest ``CHART_POINTS +
    1`` times only, every point at those times (chips with their true cumulative): when
    either was cut, the two have more than ``CHART_POINTS`` times between them, and each
    time drawn has a point of that series read at or before it (else 301 read times would
    lie after it), so the values carried forward are the true ones.
    """
    times = sorted({p.at for p in chips} | {p.at for p in ratings})
    chip_at = {p.at: p.cumulative for p in chips}
    rating_at = {p.at: rounded(p.ordinal, 1) for p in ratings}
    values: list[int] = [0]
    rating_values: list[float | None] = [None]
    for t in times:
        values.append(chip_at.get(t, values[-1]))
        rating_values.append(rating_at.get(t, rating_values[-1]))
    labels = [_("开始")]
    latest = None
    if len(times) > CHART_POINTS:
        latest = CHART_POINTS
        times, labels = times[-latest:], []
        values, rating_values = values[-latest:], rating_values[-latest:]
    tz = get_current_timezone()
    return {
        "labels": labels + [t.astimezone(tz).strftime("%m-%d %H:%M") for t in times],
        "values": values,
        "label": _("累计得分"),
        "ratings": rating_values if ratings else [],
        "rating_label": _("等级分"),
        "latest": latest,
    }


def with_paper_nets(rows: list[Any]) -> list[Any]:
    """The player's sessions, a paper session (纸面记录) with its paper net and ``paper``."""
    paper = paper_nets_of(r.session.pk for r in rows)
    out = []
    for r in rows:
        nets = paper.get(r.session.pk)
        row = dataclasses.replace(r, net=nets[r.seat]) if nets else r
        out.append((row, bool(nets)))
    return out
