"""Pages of league nights: a season's events, the event page (check-in, draw, tables,
penalties) and the board (大屏), which follows the night as the session page does
(``static/js/follow.js`` polls ``event_follow`` and swaps in the fresh page).

Every form posts to the event page's actions and comes back to the event page, showing
a refusal in the reader's language; the services do every check.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from csmj_site.bounds import ID, parse_int
from csmj_site.errors import ServiceError, answers_json, reject
from csmj_site.language import list_sep
from csmj_site.page_messages import messages_refused
from leagues.forms import DATE_INVALID
from leagues.models import Club, Player, Season, reader_is_visitor
from leagues.pages import LoginNeeded, club_access, club_context, club_view
from leagues.selectors import players_by_name
from scoring.events import cards, selectors, services
from scoring.events.models import (
    FINAL_SIZE,
    PENALTY_AMOUNT,
    ROUNDS_PLANNED,
    TIMER_MINUTES,
    Entrant,
    Event,
    FinalCarry,
    Remainder,
    SeatingMode,
    SeatingRound,
    Table,
    TimerEnd,
)
from scoring.follow.poll import follow_response, recent
from scoring.standings.models import Penalty


def _event(club: Club, event_id: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("season__club", "season__ruleset"),
        pk=event_id,
        season__club=club,
    )


def _int(value: Any) -> int | None:
    """A posted whole number, as typed (the service checks its bounds)."""
    return parse_int(value)


def _given(value: Any, *, default: int) -> Any:
    """A posted whole number, ``default`` when left blank, else as typed: the service
    refuses what is not a number in its bounds (0 is not a blank)."""
    text = (value or "").strip() if isinstance(value, str) else value
    if text in ("", None):
        return default
    number = parse_int(text)
    return text if number is None else number


def _id(value: Any) -> int:
    """A posted id; 0 (found nowhere) when it cannot be a stored id."""
    number = parse_int(value)
    return number if number is not None and ID.holds(number) else 0


# The inputs' bounds on the pages: the services' own (scoring.events.models).
BOUNDS = {
    "rounds_planned": ROUNDS_PLANNED,
    "timer_minutes": TIMER_MINUTES,
    "final_size": FINAL_SIZE,
    "amount": PENALTY_AMOUNT,
}


# The create form's fields with what they hold on a fresh page; a refused post shows
# the page again holding what was typed.
EVENT_FORM_FIELDS = (
    "name", "date", "rounds_planned", "seating_mode", "remainder", "timer_minutes",
    "timer_end", "final_size", "final_carry",
)  # fmt: skip


def _event_create(request: HttpRequest, season: Season) -> Event | None:
    """Create the league night posted on the season's page, or None after saying why not."""
    p = request.POST
    try:
        date = datetime.date.fromisoformat(p.get("date", ""))
    except ValueError:
        messages.error(request, DATE_INVALID)
        return None
    try:
        return services.event_create(
            season=season,
            name=p.get("name", ""),
            date=date,
            rounds_planned=_given(p.get("rounds_planned"), default=3),
            seating_mode=p.get("seating_mode") or SeatingMode.RANDOM,
            remainder=p.get("remainder") or Remainder.BYE,
            timer_minutes=_int(p.get("timer_minutes")),
            timer_end=p.get("timer_end") or TimerEnd.FINISH_HAND,
            final_size=_int(p.get("final_size")) or 0,
            final_carry=p.get("final_carry") or FinalCarry.FULL,
            actor=request.user,
        )
    except ValidationError as exc:
        messages_refused(request, exc)
        return None


@club_view("read")
def event_list(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """A season's league nights; an organiser creates one here. A refused night shows
    the page again (400) with its errors and what was typed."""
    season = get_object_or_404(Season.objects.select_related("ruleset"), pk=season_id, club=club)
    context = club_context(request, club, season=season)
    # today, or the season's nearest day when today is outside it
    day = max(timezone.localdate(), season.start_date)
    day = min(day, season.end_date) if season.end_date else day
    typed = {"date": day.isoformat(), "rounds_planned": "3", "final_size": "0"}
    if request.method == "POST":
        try:
            club_access(request, club.slug, "manage")
        except LoginNeeded:
            return redirect_to_login(request.get_full_path())
        event = _event_create(request, season)
        if event is not None:
            return redirect("event", slug=club.slug, event_id=event.pk)
        typed = {f: request.POST.get(f, "")[:200] for f in EVENT_FORM_FIELDS}
    return render(
        request,
        "events/event_list.html",
        {
            **context,
            "events": selectors.event_list(season=season),
            "typed": typed,
            "modes": SeatingMode.choices,
            "remainders": Remainder.choices,
            "timer_ends": TimerEnd.choices,
            "carries": FinalCarry.choices,
            "bounds": BOUNDS,
        },
        status=400 if request.method == "POST" else 200,
    )


def _page_context(request: HttpRequest, club: Club, event: Event) -> dict[str, Any]:
    board = selectors.event_board(event=event)
    entered = {e.player_id for e in board.entrants}
    return club_context(
        request,
        club,
        season=event.season,
        event=event,
        board=board,
        roster=players_by_name(p for p in Player.objects.filter(club=club) if p.pk not in entered),
        modes=SeatingMode.choices,
        bounds=BOUNDS,
    )


@club_view("read")
def event_detail(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """The organiser's page of the night: check-in, the draw, the tables, penalties."""
    event = _event(club, event_id)
    context = _page_context(request, club, event)
    context["roster"] = context["roster"] if context["can_manage"] else []
    if context["board"].final_drawn:  # what a draw would be told, said before it is tried
        context["final_note"] = ServiceError("event", "final_drawn", variant="draw").localised()
    return render(request, "events/event_detail.html", context)


BOARD_CACHE_SECONDS = 30


def event_version_recent(*, event_id: int) -> str:
    """The night's version (``selectors.event_version``) as this process read it at most
    ``FOLLOW_VERSION_SECONDS`` ago (``scoring.follow.poll.recent``, as a table's follow reads
    its session's): a room of phones polling the board costs each server process about
    one read a second, and a save still shows within the poll's interval plus that second."""
    return recent(f"event-version:{event_id}", lambda: selectors.event_version(event_id=event_id))


def board_area(request: HttpRequest, club: Club, event: Event) -> tuple[str, str]:
    """The board's content (everything that follows the night) and its version. The
    content is the same for every reader, so it is rendered once per version and
    language and kept ``BOARD_CACHE_SECONDS`` in the cache: a room of phones fetching the
    board after each save costs one render (per server process), not one each. The
    version is read first, so the content is at least as new as it."""
    version = event_version_recent(event_id=event.pk)
    key = (
        f"event-board:{event.pk}:{event.created_at.timestamp()}:{version}:{get_language()}"
        f":{reader_is_visitor():d}"  # hidden names: a visitor's board is drawn apart
    )
    area = cache.get(key)
    if area is None:
        board = selectors.event_board(event=event)
        area = render_to_string(
            "events/_board_area.html", {"club": club, "event": event, "board": board}, request
        )
        cache.set(key, area, BOARD_CACHE_SECONDS)
    return mark_safe(area), version  # noqa: S308  (rendered here, from our templates)


@club_view("read")
def event_board(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """The board (大屏): the current round's tables with live totals, the standings,
    penalties, the timer and the next round's seating; it refreshes by itself."""
    event = _event(club, event_id)
    area, version = board_area(request, club, event)
    return render(
        request,
        "events/event_board.html",
        club_context(request, club, season=event.season, event=event, area=area,
                     version=version),
    )  # fmt: skip


@club_view("read")
def event_card(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """The night's standings as an image for the group chat."""
    return cards.event_card_response(event=_event(club, event_id))


@club_view("read")
def player_card(request: HttpRequest, club: Club, event_id: int, player_id: int) -> HttpResponse:
    """One player's night as an image for the group chat."""
    return cards.player_card_response(event=_event(club, event_id), player_id=player_id)


@answers_json
def event_follow(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The board's follow (``scoring.follow.poll``): 304 until anything of the night is saved,
    then the fresh board in the same answer, as ``session_follow`` is for one table."""
    return follow_response(
        request,
        resolve=lambda: _event(club_access(request, slug, "read"), event_id),
        version=lambda _target: event_version_recent(event_id=event_id),
        state=lambda _target: {"version": event_version_recent(event_id=event_id)},
        page=lambda: event_board(request, slug, event_id),
    )


# ---------------------------------------------------------------- actions (POST)


# A POST action of the event page: its answer, or None to go back to the event page.
EventAction = Callable[[HttpRequest, Event], HttpResponse | None]


def _act(level: str) -> Callable[[EventAction], Callable[..., HttpResponse]]:
    """A POST action of the event page: runs ``action(request, event)``; a refusal is
    shown on the event page (nothing stored), success goes back to it (or elsewhere)."""

    def decorate(action: EventAction) -> Callable[..., HttpResponse]:
        @require_POST
        @club_view(level)
        def view(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
            event = _event(club, event_id)
            try:
                target = action(request, event)
            except ValidationError as exc:
                messages_refused(request, exc)
                target = None
            return target or redirect("event", slug=club.slug, event_id=event.pk)

        view.__name__ = action.__name__
        return view

    return decorate


def _entrant(event: Event, player_id: Any) -> Entrant:
    """The night's entrant of the posted player id; else a refusal naming ``player``."""
    entrant = (
        Entrant.objects.select_related("event__season__club", "player")
        .filter(event=event, player_id=_id(player_id))
        .first()
    )
    if entrant is None:
        raise reject("player", "not_an_entrant", name=str(player_id or "?")[:30])
    return entrant


@_act("manage")
def entrant_add(request: HttpRequest, event: Event) -> None:
    """A guest by name, or the club players ticked in the picker (one or many)."""
    ids = [_id(v) for v in request.POST.getlist("player") if _int(v) is not None]
    if ids:
        found = Player.objects.filter(pk__in=ids, club=event.season.club).in_bulk()
        if len(found) != len(set(ids)):
            raise Http404
        players = [found[i] for i in dict.fromkeys(ids)]
        services.entrants_add(event=event, players=players, actor=request.user)
        messages.success(
            request,
            ngettext("已添加 %(n)s 名参赛者。", "已添加 %(n)s 名参赛者。", len(players))
            % {"n": len(players)},
        )
        return
    services.entrant_add(
        event=event, guest_name=request.POST.get("guest_name", ""), actor=request.user
    )


@_act("manage")
def entrant_check_in(request: HttpRequest, event: Event) -> None:
    entrant = _entrant(event, request.POST.get("player"))
    services.entrant_check_in(
        entrant=entrant, present=request.POST.get("present") == "1", actor=request.user
    )


@_act("manage")
def entrant_drop(request: HttpRequest, event: Event) -> None:
    """退出; when the player still sits at a drawn, unstarted table, the message says so
    (that table cannot start until someone is swapped in or the round is redrawn)."""
    entrant = _entrant(event, request.POST.get("player"))
    services.entrant_drop(entrant=entrant, actor=request.user)
    waiting = selectors.tables_waiting_for(event=event, player_id=entrant.player_id)
    if waiting:
        messages.warning(
            request,
            _("%(name)s 仍坐在%(tables)s：在手动排座里换人入座，或重排这一轮。")
            % {"name": entrant.player.display_name, "tables": list_sep().join(waiting)},
        )


@_act("manage")
def entrant_return(request: HttpRequest, event: Event) -> None:
    services.entrant_return(entrant=_entrant(event, request.POST.get("player")), actor=request.user)


@_act("manage")
def round_draw(request: HttpRequest, event: Event) -> None:
    services.round_draw(
        event=event,
        mode=request.POST.get("mode") or None,
        seed=_int(request.POST.get("seed")),
        number=_int(request.POST.get("number")),
        actor=request.user,
    )


@_act("manage")
def round_seat(request: HttpRequest, event: Event) -> None:
    """手动排座: every seat of the round's tables as ``seat-<table>-<seat>`` (a player id),
    as the seat editor posts them (tap a name, tap a seat)."""
    rnd = _round(event, request.POST.get("round"))
    tables: list[list[int]] = []
    for table in rnd.tables.order_by("number"):
        seats = []
        for i in range(len(table.seats)):
            pid = _int(request.POST.get(f"seat-{table.number}-{i}"))
            if pid is not None:
                seats.append(pid)
        tables.append(seats)
    services.round_seat(event=event, tables=tables, number=rnd.number, actor=request.user)
    messages.success(request, _("第 %(n)s 轮的座位已按手动排好。") % {"n": rnd.number})


@_act("manage")
def final_draw(request: HttpRequest, event: Event) -> None:
    services.final_draw(event=event, actor=request.user)


def _round(event: Event, number: Any) -> SeatingRound:
    return get_object_or_404(SeatingRound, event=event, number=_id(number))


@_act("manage")
def table_swap(request: HttpRequest, event: Event) -> None:
    services.table_swap(
        round=_round(event, request.POST.get("round")),
        player_a=_int(request.POST.get("player_a")) or 0,
        player_b=_int(request.POST.get("player_b")) or 0,
        actor=request.user,
    )


@_act("record")
def table_start(request: HttpRequest, event: Event) -> HttpResponse:
    """开始记录: the table's session starts and its round form opens."""
    table = get_object_or_404(
        Table.objects.select_related("round__event"),
        round=_round(event, request.POST.get("round")),
        number=_id(request.POST.get("table")),
    )
    session = services.table_start(table=table, actor=request.user)
    return redirect("round-new", slug=event.season.club.slug, session_id=session.pk)


@_act("manage")
def timer_start(request: HttpRequest, event: Event) -> None:
    services.timer_start(
        round=_round(event, request.POST.get("round")),
        minutes=_int(request.POST.get("minutes")),
        restart=request.POST.get("restart") == "1",
        actor=request.user,
    )


@_act("manage")
def penalty_give(request: HttpRequest, event: Event) -> None:
    player = get_object_or_404(Player, pk=_id(request.POST.get("player")), club=event.season.club)
    amount = _int(request.POST.get("amount"))
    if amount is None:
        messages.error(request, _("分数应为整数"))
        return
    services.penalty_give(
        season=event.season, event=event, player=player, amount=amount,
        reason=request.POST.get("reason", ""), actor=request.user,
    )  # fmt: skip


@_act("manage")
def penalty_cancel(request: HttpRequest, event: Event) -> None:
    penalty = get_object_or_404(
        Penalty.objects.select_related("season__club"),
        pk=_id(request.POST.get("penalty")),
        event=event,
    )
    services.penalty_cancel(
        penalty=penalty, reason=request.POST.get("reason", ""), actor=request.user
    )


@_act("manage")
def round_cancel(request: HttpRequest, event: Event) -> None:
    number = _int(request.POST.get("round")) or 0
    services.round_cancel(event=event, number=number, actor=request.user)
    messages.success(request, _("已取消第 %(n)s 轮的排座。") % {"n": number})


@_act("manage")
def event_finish(request: HttpRequest, event: Event) -> None:
    done = services.event_finish(event=event, actor=request.user)
    if done.cancelled_tables:
        messages.info(
            request,
            ngettext(
                "比赛之夜已结束；%(n)s 桌没有开始，已取消。",
                "比赛之夜已结束；%(n)s 桌没有开始，已取消。",
                done.cancelled_tables,
            )
            % {"n": done.cancelled_tables},
        )
