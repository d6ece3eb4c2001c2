"""Reads for sessions and rounds. A fixed number of queries, however many rounds.

Over 600 lines as one room: every read of a session and its rounds (a session's seats,
totals, birds, dealers, settle-up, what its follow poll and the club's last table show)
shares the same few querysets (``_with_seats``, ``counting_q``), which keep the query
counts fixed; the standings' reads are ``scoring.standings.selectors``.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import (
    BooleanField,
    Count,
    ExpressionWrapper,
    F,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils import translation

from csmj_site.language import in_page_language, list_sep, page_is_english
from leagues.models import (
    Membership,
    Player,
    SeasonSessionCount,
    name_for_reader,
    ruleset_rules,
)
from leagues.permissions import roles_at
from leagues.selectors import players_by_name
from scoring.engine import (
    BIRD_ON_NOBODY,
    KONG_KINDS,
    PARAMETER_INFO,
    bird_seats,
    final_bird_origin,
    small_win_origin,
)
from scoring.models import (
    Round,
    RoundHand,
    RoundPlayer,
    Session,
    SessionSeat,
    Transfer,
    counting_q,
    table_title,
)
from scoring.settlement import fee_shares, money, money_text, settle_with_fee


def round_birds(
    *, data: dict[str, Any], counted: list[int], ruleset_config: Any, names: list[str]
) -> dict[str, Any]:
    """A stored round's birds, each with the seat it landed on (the engine's table,
    rules.md §3, §10.2) and who sat there, or the engine's word for nobody (空):
    ``{"final": [{"bird", "seat", "on"}, ...], "openings": [[...] an opening]}``.
    ``counted``: the final win's birds as the engine counted them (``Round.birds``)."""
    rules = ruleset_rules(ruleset_config)
    final = data.get("result") or {}
    dealer = data.get("dealer", 0)
    discarder = final.get("discarder")
    winners = [w["seat"] for w in final.get("winners") or [] if isinstance(w, dict)]

    def landed(birds: list[int], origin: int | None) -> list[dict[str, Any]]:
        if rules is None or origin is None:
            return [{"bird": b, "seat": None, "on": ""} for b in birds]
        lands = bird_seats(rules.players, rules.empty_birds)[origin]
        out = []
        for b in birds:
            seat = lands[b] if isinstance(b, int) and 1 <= b <= 9 else None
            on = names[seat] if seat is not None and seat < len(names) else ""
            out.append({"bird": b, "seat": seat, "on": on or in_page_language(BIRD_ON_NOBODY)})
        return out

    openings = [
        landed(
            list(o.get("birds") or []),
            small_win_origin(rules, dealer, o["seat"]) if rules is not None else None,
        )
        for o in data.get("openings") or []
    ]
    origin = (
        final_bird_origin(rules, dealer, winners, discarder if isinstance(discarder, int) else None)
        if rules is not None
        else None
    )
    return {"final": landed(counted, origin), "openings": openings}


def kong_kinds() -> dict[str, str]:
    """Each kind of kong (暗杠 …) in the engine's word, in the page's language."""
    return {kind: in_page_language(words.name) for kind, words in KONG_KINDS.items()}


def kong_title() -> str:
    """The name of kong payments (杠分, the engine's ``kong_pay``), in the page's language."""
    kong_pay = PARAMETER_INFO["kong_pay"]
    return kong_pay.name_en if page_is_english() else kong_pay.name_zh


def session_ruleset_config(*, session: Session) -> dict[str, Any]:
    """The ruleset a session's next round is scored under: its season's, at the session's
    own table size when it has one (a league night's table of three, ``players: 3``)."""
    config = session.season.ruleset.config
    if session.table_size is None:
        return dict(config)
    return {**config, "players": session.table_size}


def _with_seats(qs: QuerySet[Session]) -> QuerySet[Session]:
    return qs.prefetch_related(
        Prefetch("seats", queryset=SessionSeat.objects.select_related("player").order_by("seat"))
    )


def sessions_with_counts(*, queryset: QuerySet[Session]) -> QuerySet[Session]:
    """``queryset`` with seats/players prefetched and ``rounds_count`` (counted rounds)
    annotated: one query for the sessions, one for their seats."""
    return _with_seats(queryset).annotate(rounds_count=Count("rounds", filter=counting_q("rounds")))


def sessions_with_state(*, queryset: QuerySet[Session]) -> QuerySet[Session]:
    """``sessions_with_counts`` plus what an app needs before its next round, annotated:
    ``finished`` (结束本场, or a paper session), ``next_number`` and ``next_dealer`` (as
    ``session_next_number`` and ``session_next_dealers`` give them). Still two queries."""
    last_dealer = (
        Round.objects.counting()
        .filter(session=OuterRef("pk"))
        .order_by("-number")
        .annotate(dealer=Cast(KT("result__next_dealer"), IntegerField()))
        .values("dealer")[:1]
    )
    return sessions_with_counts(queryset=queryset).annotate(
        finished=ExpressionWrapper(Q(result__isnull=False), output_field=BooleanField()),
        next_number=Coalesce(Max("rounds__number"), 0, output_field=IntegerField()) + 1,
        next_dealer=Coalesce(Subquery(last_dealer), F("first_dealer"), output_field=IntegerField()),
    )


def session_first_of_club(*, club: Any) -> Session | None:
    """The club's first session: a quick table's one table (快速开桌). One query."""
    return Session.objects.filter(season__club=club).order_by("id").first()


def session_list(*, season: Any, limit: int | None = None, offset: int = 0) -> list[Session]:
    """The season's sessions, newest first, with seats/players prefetched and
    ``rounds_count`` (counted rounds). ``limit``/``offset`` page a long season: the page's
    ids are picked first so that rounds are counted for that page only. Three queries."""
    ordered = Session.objects.filter(season=season).order_by("-started_at", "-id")
    if limit is not None:
        ordered = ordered[offset : offset + limit]
    elif offset:
        ordered = ordered[offset:]
    qs = Session.objects.filter(pk__in=ordered.values("pk")).order_by("-started_at", "-id")
    return list(sessions_with_counts(queryset=qs))


def session_count(*, season: Any) -> int:
    """How many sessions the season has (for paging), as kept in ``SeasonSessionCount``.
    One query, whatever the season's size."""
    counted = SeasonSessionCount.objects.filter(season=season).values_list("sessions", flat=True)
    return next(iter(counted), 0)


def session_get(*, pk: int) -> Session | None:
    """One session with season, club, ruleset, its SessionResult (``result``, absent
    until finished) and seated players loaded (two queries)."""
    qs = Session.objects.select_related("season__club", "season__ruleset", "result").filter(pk=pk)
    return _with_seats(qs).first()


def session_seat_names(session_ids: set[int]) -> dict[int, list[str]]:
    """The display names at each seat of these sessions, by session id (one query)."""
    names: dict[int, list[str]] = {}
    rows = (
        SessionSeat.objects.filter(session_id__in=session_ids)
        .order_by("session_id", "seat")
        .values_list("session_id", "seat", "player__display_name", "player__name_hidden")
    )
    for session_id, seat, name, hidden in rows:
        seated = names.setdefault(session_id, [])
        seated += ["?"] * (seat + 1 - len(seated))
        seated[seat] = name_for_reader(name, hidden)
    return names


def round_found_codes(*, rounds: list[Round]) -> dict[tuple[int, int, bool], list[str]]:
    """The codes the engine found for entries given by their tiles alone (no ``hands``),
    by (round id, seat, is_opening), from the stored hand rows: one query, and none when
    every entry names its hands."""
    return round_hand_codes(round_ids=[r.pk for r in rounds if round_needs_codes(r.data)])


def round_data_as_read(*, round: Round) -> Any:
    """A stored round's data as every reader gets it (``round_data_filled``), which a
    correction may post back as it is. One query when an entry is given by tiles alone."""
    found = round_found_codes(rounds=[round])
    return round_data_filled(round.data or {}, {(s, o): c for (_pk, s, o), c in found.items()})


def round_needs_codes(data: Any) -> bool:
    """Whether a round's data has a winner or opening given by its tiles alone."""
    return isinstance(data, dict) and any(
        isinstance(e, dict) and "hands" not in e for e in round_entries(data)
    )


def round_hand_codes(*, round_ids: list[int]) -> dict[tuple[int, int, bool], list[str]]:
    """The stored hand codes of the rounds ``round_ids``, by (round id, seat,
    is_opening), in the order they were found. One query; none for no ids."""
    found: dict[tuple[int, int, bool], list[str]] = {}
    if not round_ids:
        return found
    rows = RoundHand.objects.filter(round_id__in=round_ids).order_by("round_id", "seat", "id")
    for round_id, seat, code, opening in rows.values_list("round_id", "seat", "code", "is_opening"):
        found.setdefault((round_id, seat, opening), []).append(code)
    return found


def round_data_filled(data: dict[str, Any], found: dict[tuple[int, bool], list[str]]) -> Any:
    """A stored round's data with each winner and opening given by tiles alone carrying
    the codes the engine found (``found``: codes by (seat, is_opening)), so that every
    reader gets ``hands`` and the data can be posted back as it is (a correction)."""
    if not round_needs_codes(data):
        return data
    filled = copy.deepcopy(data)
    entries = [(w, False) for w in (filled.get("result") or {}).get("winners") or []]
    entries += [(o, True) for o in filled.get("openings") or []]
    for entry, opening in entries:
        if isinstance(entry, dict) and "hands" not in entry:
            seat = entry.get("seat")
            entry["hands"] = found.get((seat, opening), []) if isinstance(seat, int) else []
    return filled


def round_entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    """A round's winners and openings."""
    return [*((data.get("result") or {}).get("winners") or []), *(data.get("openings") or [])]


def session_rounds(*, session: Session) -> list[Round]:
    """The current version of every round (void ones included, marked), in number order,
    with transfers, per-seat rows and the recorder loaded. Three queries."""
    return list(
        Round.objects.current()
        .filter(session=session)
        .select_related("recorded_by", "voided_by")
        .prefetch_related(
            Prefetch("transfers", queryset=Transfer.objects.order_by("id")),
            Prefetch("players", queryset=RoundPlayer.objects.order_by("seat")),
        )
        .order_by("number")
    )


def session_totals(*, session: Session) -> dict[int, int]:
    """Net chips by seat over the session's counted rounds: every seat of the session
    (four, three or two), in seat order. One query."""
    nets = (
        RoundPlayer.objects.filter(
            counting_q("round"), round__session=OuterRef("session"), seat=OuterRef("seat")
        )
        .order_by()
        .values("seat")
        .annotate(total=Sum("net"))
        .values("total")
    )
    rows = (
        SessionSeat.objects.filter(session=session)
        .annotate(net=Coalesce(Subquery(nets), 0, output_field=IntegerField()))
        .order_by("seat")
        .values_list("seat", "net")
    )
    return dict(rows)


def session_paper_nets(*, session: Session) -> list[int] | None:
    """A paper session's (纸面记录) final nets by seat; None for a session with rounds.
    No query when ``result`` is loaded (``session_get``)."""
    result = getattr(session, "result", None)
    return list(result.paper_nets) if result is not None and result.is_paper else None


def session_nets(*, session: Session) -> dict[int, int]:
    """The session's nets by seat: a paper session's final nets, else the totals of
    its counted rounds (one query)."""
    paper = session_paper_nets(session=session)
    return dict(enumerate(paper)) if paper is not None else session_totals(session=session)


def _last_counted(*, session: Session, field: str) -> Any:
    """One field (``data`` or ``result``) of the session's last counted round, or None."""
    return (
        Round.objects.counting()
        .filter(session=session)
        .order_by("-number")
        .values_list(field, flat=True)
        .first()
    )


def session_next_dealers(*, session: Session) -> tuple[int, list[int]]:
    """(dealer, dealer set) for the next round: from the last counted round's result,
    else the session's first dealer. One query."""
    last = _last_counted(session=session, field="result")
    if last is None:
        return session.first_dealer, [session.first_dealer]
    dealer = last["next_dealer"]
    return dealer, list(last.get("next_dealers") or [dealer])


def session_scoreboard(*, session: Session) -> dict[str, Any]:
    """The round form's running scoreboard: each seat's total over the counted rounds
    and the last counted round's change by seat (None before the first). Two queries."""
    totals = session_totals(session=session)
    last = _last_counted(session=session, field="result")
    return {"totals": list(totals.values()), "last": list(last["net"]) if last else None}


def session_last_piao(*, session: Session) -> list[int] | None:
    """The 飘 stakes of the session's last counted round (None when it had none), so the
    round form can start from them: tables rarely change their stakes. One query."""
    last = _last_counted(session=session, field="data")
    piao = (last or {}).get("piao")
    return list(piao) if isinstance(piao, list) and piao else None


def session_next_number(*, session: Session) -> int:
    """The number the next recorded round will get. One query."""
    last = Round.objects.filter(session=session).order_by("-number").values("number").first()
    return (last["number"] if last else 0) + 1


def session_round_counts(*, session: Session) -> tuple[int, int]:
    """(counted, void): the session's rounds that count and those voided (current
    versions), so that a page says why the next number is past the count (第 6 盘 after
    1 盘计分 and 4 盘已作废). One query."""
    from django.db.models import Count, Q

    c = Round.objects.filter(session=session, is_current=True).aggregate(
        counted=Count("pk", filter=Q(is_void=False)), void=Count("pk", filter=Q(is_void=True))
    )
    return c["counted"], c["void"]


def round_history(*, session: Session, number: int) -> list[Round]:
    """Every version of round ``number``, oldest first. One query."""
    return list(
        Round.objects.filter(session=session, number=number)
        .select_related("recorded_by", "voided_by")
        .order_by("version")
    )


def session_latest(*, club: Any, by: Any = None) -> Session | None:
    """The club's most recently started session with its seated players (two queries),
    for 同一桌再来一场 ("same four as last time"); with ``by``, a user, the last one they
    started when they started one (two tables of a club each go on with their own)."""
    qs = (
        Session.objects.filter(season__club=club)
        .select_related("season__ruleset")
        .annotate(night_table_id=F("event_table__id"))  # a league night's table, or None
        .order_by("-started_at", "-id")
    )
    if getattr(by, "is_authenticated", False):
        own = _with_seats(qs.filter(created_by=by)).first()
        if own is not None:
            return own
    return _with_seats(qs).first()


def follow_version(
    *, rounds: int, last_id: int | None, voids: int, finished: bool = False, fee: str = ""
) -> str:
    """A token that changes whenever a round is recorded (a new row), corrected (a new
    current row) or voided, computed over the current versions, when the session is
    finished or reopened, and when its table fee changes (``fee``: ``table_fee_mark``)."""
    return f"{rounds}-{last_id or 0}-{voids}-{'f' if finished else 'o'}{fee}"


def table_fee_mark(*, fee: int | None, per: str | None, by: str | None) -> str:
    """The table fee's part of a ``follow_version``: empty without a fee."""
    return f"-{fee}{per}{by}" if fee else ""


def session_follow_version(*, session_id: int) -> str:
    """The session's ``follow_version`` (what a follower's poll compares): rounds
    recorded, corrected or voided, whether it is finished, its table fee. One query, by
    id alone."""
    return _follow_marks(session_id)[0]


def _follow_marks(session_id: int) -> tuple[str, bool]:
    from django.db.models import Max, Q

    current = Q(rounds__is_current=True)
    marks = Session.objects.filter(pk=session_id).aggregate(
        rows=Count("rounds", filter=current),
        last=Max("rounds__id", filter=current),
        voids=Count("rounds", filter=current & Q(rounds__is_void=True)),
        result=Max("result__pk"),  # none before the session is finished
        fee=Max("table_fee"),
        per=Max("table_fee_per"),
        by=Max("table_fee_by"),
    )
    finished = marks["result"] is not None
    version = follow_version(
        rounds=marks["rows"],
        last_id=marks["last"],
        voids=marks["voids"],
        finished=finished,
        fee=table_fee_mark(fee=marks["fee"], per=marks["per"], by=marks["by"]),
    )
    return version, finished


def session_follow_state(*, session: Session) -> dict[str, Any]:
    """What a follower's page compares: the session's totals by seat, whether it is
    finished, and its ``follow_version``. Two queries."""
    totals = session_totals(session=session)
    version, finished = _follow_marks(session.pk)
    return {"totals": list(totals.values()), "finished": finished, "version": version}


def session_list_open_for_user(*, user: Any, limit: int = 20) -> list[Session]:
    """Sessions still taking rounds that ``user`` may record in (recorder or above in the
    club): not finished, not a paper session, in an open season. Newest first."""
    clubs = list(
        Membership.objects.filter(user=user, role__in=roles_at("record")).values_list(
            "club_id", flat=True
        )
    )
    return list(
        _with_seats(
            Session.objects.filter(
                season__club_id__in=clubs, season__is_closed=False, result__isnull=True
            ).select_related("season__club")
        ).order_by("-started_at", "-id")[:limit]
    )


def session_by_follow_token(*, token: str) -> Session | None:
    """The session whose secret follow link is ``token`` (None for an unknown, empty or
    revoked one), loaded as ``session_get`` loads it. Two queries."""
    if not token:
        return None
    qs = Session.objects.select_related("season__club", "season__ruleset", "result").filter(
        follow_token=token
    )
    return _with_seats(qs).first()


# 最大一盘, a player's biggest round: one rule for every reader (the session's result
# image, a night's cards, 我的). Of the counted rounds the player won a hand in (a final
# win, a 起手胡 or a 中途 win) or gained in (net above zero: a kong's payment counts), the
# one with the player's largest net for the round, the earliest among equals. It is named
# by the hand types that paid the player there (``RoundPlayer.hands``: the opening and
# mid-game codes, then the final win's), which are none for a gain from a kong alone, and
# shown with that round's net. A 起手胡 that paid more than someone else's final win cost
# makes a round the player did not win the biggest.
BIGGEST_ROUND_ROWS = Q(net__gt=0) | ~Q(hands=[])


def biggest_rounds(
    rows: QuerySet[RoundPlayer], *, by: tuple[str, ...] = (), earliest: tuple[str, ...]
) -> QuerySet[RoundPlayer]:
    """``rows`` (RoundPlayer rows of counted rounds) that may be a biggest round
    (``BIGGEST_ROUND_ROWS``), the biggest first within each ``by``: the largest net, then
    ``earliest`` (RoundPlayer paths that order the rounds in time). Without ``by`` (one
    biggest round over all of ``rows``: a player's rounds of every club), only the rows
    of the largest net, found from the round rows alone, are put in time (joined with
    their rounds), not every round the player gained in."""
    rows = rows.filter(BIGGEST_ROUND_ROWS)
    if not by:
        rows = rows.filter(net=Subquery(rows.order_by("-net").values("net")[:1]))
    return rows.order_by(*by, "-net", *earliest)


def best_wins(
    *, scope: Q, by: str, then: tuple[str, ...] = (), extra: Mapping[str, str]
) -> dict[Any, dict[str, Any]]:
    """The biggest round (最大一盘, ``biggest_rounds``) of each ``by`` (a RoundPlayer
    column: "seat", "player_id") among the counted rounds of ``scope`` (a filter on
    RoundPlayer), the earliest by ``then`` among equals. By that column,
    ``{**extra, "net", "codes"}``: each key of ``extra`` read at its path from
    RoundPlayer, the round's net, and the hand types that paid it there. One with no
    such round is absent. One query."""
    best: dict[Any, dict[str, Any]] = {}
    rows = biggest_rounds(
        RoundPlayer.objects.filter(counting_q("round"), scope), by=(by,), earliest=then
    ).values_list(by, "net", "hands", *extra.values())
    for key, net, codes, *values in rows:
        if key not in best:
            best[key] = {**dict(zip(extra, values, strict=True)), "net": net, "codes": codes}
    return best


def session_best_wins(*, session: Session) -> dict[int, dict[str, Any]]:
    """Each seat's biggest round of the session (``best_wins``): by seat,
    ``{"number", "net", "codes"}``. One query."""
    return best_wins(
        scope=Q(round__session=session),
        by="seat",
        then=("round__number",),
        extra={"number": "round__number"},
    )


def session_owed(*, session: Session, seats: int) -> tuple[list[int], dict[int, int]]:
    """What each seat won from or lost to the others over the counted rounds, by seat
    (it sums to zero), and the chips each seat burned (an escape penalty: paid to no one;
    seats that burned nothing are absent). A paper session's final nets, and nothing
    burned. ``seats``: how many sit at the table. One query (none for a paper session)."""
    paper = session_paper_nets(session=session)
    if paper is not None:
        return list(paper), {}
    owed, burned = [0] * seats, dict[int, int]()
    rows = (
        Transfer.objects.filter(counting_q("round"), round__session=session)
        .values("payer_seat", "payee_seat")
        .annotate(chips=Sum("amount"))
        .order_by()
    )
    for row in rows:
        payer, payee, chips = row["payer_seat"], row["payee_seat"], row["chips"] or 0
        if payer is None:
            continue
        if payee is None:
            burned[payer] = burned.get(payer, 0) + chips
            continue
        owed[payer] -= chips
        owed[payee] += chips
    return owed, burned


def session_settlement(*, session: Session, text_language: str | None = None) -> dict[str, Any]:
    """结账: who pays whom to settle the session (``session_owed``), in the fewest
    payments (``scoring.settlement``), with money at the club's rate per chip when it
    has one, and the same as text for the group chat, in the page's language (or in
    ``text_language``: the API's words are English, its group-chat text the caller's).

    Chips burned (an escape penalty) were paid to no one: a seat's net counts them, but
    it owes the others only the rest, so they are listed apart (``burned``), outside the
    payments. One query (none for a paper session); the seats and club are loaded.

    The table fee (台费, the session's ``table_fee``, chosen at 结账 by
    ``session_table_fee_set``): chips for the table, or for each counted round
    (``table_fee_per="round"``), paid as ``table_fee_by`` says
    (``scoring.settlement.fee_shares``); its payments go to 台费, one more payee."""
    from django.utils.translation import gettext as _

    names = [p.display_name for p in session.players_in_order()]
    rate = session.season.club.chip_rate
    owed, burned = session_owed(session=session, seats=len(names))
    fee, fee_per, fee_by = session.table_fee, session.table_fee_per, session.table_fee_by
    fee_total = max(int(fee), 0)
    if fee_per == "round" and fee_total:
        fee_total *= session.rounds.counting().count()
    shares = fee_shares(owed, fee_total, fee_by)
    payees = [*names, _("台费")]
    payments: list[dict[str, Any]] = []
    for p in settle_with_fee(owed, fee_total, fee_by):
        cash = money(p.amount, rate)
        payments.append(
            {
                "payer": p.payer,
                "payee": p.payee,
                "payer_name": payees[p.payer],
                "payee_name": payees[p.payee],
                "to_fee": p.payee == len(names),
                "chips": p.amount,
                "money": cash,
                "money_text": money_text(cash) if cash is not None else "",
            }
        )
    burned_rows = [
        {"seat": seat, "name": names[seat], "chips": chips}
        for seat, chips in sorted(burned.items())
    ]
    fee_rows = [{"name": names[seat], "chips": chips} for seat, chips in enumerate(shares) if chips]
    with translation.override(text_language) if text_language else contextlib.nullcontext():
        text = _settlement_text(session, rate, fee_total, fee_rows, payments, burned_rows)
    return {
        "rate": rate,
        "rate_text": money_text(rate) if rate is not None else "",
        "payments": payments,
        "burned": burned_rows,
        "fee": {
            "total": fee_total,
            "per": fee_per,
            "by": fee_by,
            "amount": max(int(fee), 0),
            "shares": fee_rows if fee_total else [],
        },
        "text": text,
    }


def _settlement_text(
    session: Session,
    rate: Any,
    fee_total: int,
    fee_rows: list[dict[str, Any]],
    payments: list[dict[str, Any]],
    burned_rows: list[dict[str, Any]],
) -> str:
    """``session_settlement``'s lines for the group chat, in the active language."""
    from django.utils import timezone
    from django.utils.translation import gettext as _
    from django.utils.translation import ngettext

    day = timezone.localtime(session.started_at).strftime("%Y-%m-%d")
    head = _("%(club)s · %(day)s · 结账") % {"club": session.season.club.name, "day": day}
    if rate is not None:
        head += _("（1子 = %(rate)s元）") % {"rate": money_text(rate)}
    lines = [head]
    if fee_total:
        lines.append(
            _("台费 %(fee)s子：%(shares)s")
            % {
                "fee": fee_total,
                "shares": list_sep().join(f"{r['name']} {r['chips']}" for r in fee_rows),
            }
        )
    for row in payments:
        # the fee has no receiver: it is paid, by whoever hands it in (as the page says it)
        chips = row["chips"]
        words = (
            ngettext("%(payer)s 付台费 %(chips)s子", "%(payer)s 付台费 %(chips)s子", chips)
            if row["to_fee"]
            else ngettext(
                "%(payer)s → %(payee)s %(chips)s子", "%(payer)s → %(payee)s %(chips)s子", chips
            )
        )
        line = words % {
            "payer": row["payer_name"],
            "payee": row["payee_name"],
            "chips": row["chips"],
        }
        if row["money"] is not None:
            line += _(" = %(money)s元") % {"money": row["money_text"]}
        lines.append(line)
    for gone in burned_rows:
        lines.append(_("%(name)s 烧掉 %(chips)s子，不付给任何人") % gone)
    if not payments:
        lines.append(_("人人持平，不用结账。"))
    return "\n".join(lines)


def session_same_table(*, club: Any, by: Any = None) -> dict[str, Any] | None:
    """The club's last table, offered as one tap (同一桌再来一场): the same players in
    the same seats, the dealer the last round handed on (the first dealer when it had no
    rounds). None when the club has no session yet. Four queries (five when ``by``, the
    user asking, started none: their own last table comes first, ``session_latest``).

    ``open``: the last session is not finished (结束本场 not tapped) in a season still
    open (a closed season's sessions are final, never finished), ``counted`` its counted
    rounds, ``night``: it is a league night's table, ``own``: ``by`` started it and it is
    not a night's table. The page
    offers to go on with an open one, and to finish it and start again only when it is
    the user's own (another table's game is not the user's to end, nor is a night's table
    ended from outside its night); never a second session beside it unasked.

    It starts again in the last session's own season, at its own size (``table_size``:
    a league night's table of three under a ruleset for four); ``startable`` is false
    when that season is closed or no longer seats that many (its ruleset changed)."""
    last = session_latest(club=club, by=by)
    if last is None:
        return None
    players = last.players_in_order()
    dealer, _dealers = session_next_dealers(session=last)
    season = last.season
    rules = season.ruleset.rules
    seats = last.table_size or (rules.players if rules is not None else None)
    state = Session.objects.filter(pk=last.pk).aggregate(
        finished=Count("result", distinct=True),
        counted=Count("rounds", filter=counting_q("rounds")),
    )
    night = getattr(last, "night_table_id", None) is not None  # ``session_latest``'s
    return {
        "session": last,
        "open": not state["finished"] and not season.is_closed,
        "counted": state["counted"],
        "night": night,
        "own": by is not None and last.created_by_id == getattr(by, "pk", None) and not night,
        "season": season,
        "table_size": last.table_size,
        "startable": not season.is_closed and seats == len(players),
        "players": players,
        "names": [p.display_name for p in players],
        "dealer": dealer,
        "dealer_name": players[dealer].display_name,
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class NightTable:
    """The league night's table a session plays: its event, round and table."""

    event_id: int
    event_name: str
    round: int
    table: int

    @property
    def title(self) -> str:
        """第1轮 第2桌 (Round 1 · Table 2), in the reader's language."""
        return table_title(round_number=self.round, table_number=self.table)


def session_night_table(*, session: Session) -> NightTable | None:
    """The night's table ``session`` plays (None for a session of its own). One query."""
    row = (
        Session.objects.filter(pk=session.pk, event_table__isnull=False)
        .values_list(
            "event_table__round__event_id",
            "event_table__round__event__name",
            "event_table__round__number",
            "event_table__number",
        )
        .first()
    )
    if row is None:
        return None
    return NightTable(event_id=row[0], event_name=row[1], round=row[2], table=row[3])


def roster_recent_first(*, club: Any) -> list[Any]:
    """The club's roster for 开一场's tap-to-pick: players who sat at a table most
    recently first (``last_sat``, their last session's start), then the others by name
    (``players_by_name``). One query."""
    players = players_by_name(
        Player.objects.filter(club=club).annotate(
            last_sat=Max("session_seats__session__started_at")
        )
    )
    last_sat: dict[int, Any] = {p.pk: getattr(p, "last_sat", None) for p in players}
    sat = [p for p in players if last_sat[p.pk] is not None]
    sat.sort(key=lambda p: last_sat[p.pk], reverse=True)  # stable: one table's by name
    return [*sat, *(p for p in players if last_sat[p.pk] is None)]


def session_night(*, session: Session) -> str | None:
    """The name of the league night whose table ``session`` is; None for a session of
    its own."""
    return (
        Session.objects.filter(pk=session.pk)
        .values_list("event_table__round__event__name", flat=True)
        .first()
    )
