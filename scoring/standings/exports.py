"""The season's downloads people read: the standings and every round, as CSV and as one
Excel workbook, in the page's language.

Headers are the page's words (选手, 总分 … 等级分 / Player, Net … Rating), hands go by
their names (``leagues.audit_text.hand_label``), seats by theirs (1号位 … 4号位,
``scoring.models.seat_label``) with who sat there. The API's CSV files keep their
stable column codes (``selectors.standings_csv_rows``, ``season_rounds_csv_rows``;
docs/api.md).

A table is a header and rows of cells; each column has a kind that says how a cell is
written: a number as it is, a rate as a percentage, an average with two decimals.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from csmj_site.language import as_label, as_label_lazy, list_sep
from leagues.audit_text import hand_label
from leagues.models import Season
from scoring.engine import HAND_CLASSES, OUTCOMES
from scoring.models import outcome_label, seat_label
from scoring.selectors import kong_kinds, round_birds
from scoring.standings.cells import formula_safe
from scoring.standings.rounding import fixed
from scoring.standings.selectors import StandingRow, season_rounds, season_table_size

# The standings' columns: (row attribute, header). The page's sort links read them too.
# The labels are marked where they are written (gettext_lazy), so that makemessages finds
# every one of them, or are the engine's words; they read in the page's language when a
# page or file is made.
STANDING_COLUMNS: list[tuple[str, Promise | str]] = [
    ("rank", "#"),
    ("player", gettext_lazy("选手")),
    ("net", gettext_lazy("总分")),
    ("penalties", gettext_lazy("罚分")),  # outside zero-sum
    ("total", pgettext_lazy("standings column", "合计")),  # net + penalties: what ranks
    ("sessions", gettext_lazy("场数")),
    ("rounds", gettext_lazy("盘数")),
    ("wins", gettext_lazy("胡牌")),
    ("self_draws", as_label_lazy(OUTCOMES["self_draw"])),
    ("deal_ins", as_label_lazy(OUTCOMES["discard"])),
    ("big_hands", as_label_lazy(HAND_CLASSES["big"])),
    ("win_rate", gettext_lazy("胡牌率")),
    ("avg_per_round", gettext_lazy("每盘平均")),
]

# How a column's cells are written (CSV text, Excel number format).
TEXT, NUMBER, PERCENT, AVERAGE, RATING, MOMENT = (
    "text",
    "number",
    "percent",
    "average",
    "rating",
    "moment",
)
EXCEL_FORMATS = {PERCENT: "0.0%", AVERAGE: "0.00", RATING: "0.0", MOMENT: "yyyy-mm-dd hh:mm"}
KINDS = {
    "rank": NUMBER,
    "player": TEXT,
    "win_rate": PERCENT,
    "avg_per_round": AVERAGE,
}


@dataclass(frozen=True, slots=True)
class Table:
    title: str  # the Excel sheet's name
    header: list[str]
    kinds: list[str]
    rows: Iterable[list[Any]]


def column_label(label: Promise | str) -> str:
    return str(label)


# Shown only where a row has penalties (罚分): 总分, 罚分 and 合计 side by side then.
PENALTY_COLUMNS = frozenset({"penalties", "total"})


def standing_columns(*, penalties: bool) -> list[tuple[str, Promise | str]]:
    """The standings' columns: 罚分 and 合计 only where some row has penalties."""
    return [(k, label) for k, label in STANDING_COLUMNS if penalties or k not in PENALTY_COLUMNS]


def has_penalties(rows: Iterable[StandingRow]) -> bool:
    return any(r.penalties for r in rows)


def standings_table(*, rated: list[tuple[StandingRow, float | None]]) -> Table:
    """The season's standings, in the order given, with the rating column (blank before a
    finished session); where penalties exist, 总分, 罚分 and 合计 (what ranks)."""
    columns = standing_columns(penalties=has_penalties(r for r, _rating in rated))
    header = [column_label(label) for _key, label in columns] + [_("等级分")]
    kinds = [KINDS.get(key, NUMBER) for key, _label in columns] + [RATING]

    def cells(r: StandingRow, rating: float | None) -> list[Any]:
        values: list[Any] = [
            r.player.display_name if key == "player" else getattr(r, key) for key, _label in columns
        ]
        return [*values, rating]

    return Table(_("排名"), header, kinds, (cells(r, rating) for r, rating in rated))


def rounds_table(
    *, season: Season, date_from: datetime.date | None = None, date_to: datetime.date | None = None
) -> Table:
    """Every current round of the season (void ones marked), in session start order (with
    dates, of the sessions started then, as the standings beside it count them):
    seats by their names and who sat there, hands by their names, and what explains a
    round: its birds with the seats they landed on, its openings, kongs and escapes.
    One column a seat of the season's tables (no empty 4号位 at three). Three queries."""
    size = season_table_size(season=season)
    seats = [seat_label(i) for i in range(size)]
    header = [
        _("场"),
        _("开始时间"),
        _("桌号"),
        _("盘"),
        _("版本"),
        _("作废"),
        _("庄家"),
        _("结果"),
        _("胡家"),
        _("放炮"),
        _("牌型"),
        capfirst(_("鸟")),
        as_label(HAND_CLASSES["opening"]),
        _("杠"),
        _("逃跑"),
        *seats,
        *(_("%(seat)s得分") % {"seat": seat} for seat in seats),
        _("烧掉"),
    ]
    kinds = [NUMBER, MOMENT, TEXT, NUMBER, NUMBER, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT]
    kinds += [TEXT] * 4 + [TEXT] * size + [NUMBER] * (size + 1)
    return Table(_("每盘"), header, kinds, round_rows(season, seats, date_from, date_to))


def round_rows(
    season: Season,
    seats: list[str],
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
) -> Iterator[list[Any]]:
    void = _("作废")
    forgotten = _("忘记扎鸟")
    kinds = kong_kinds()
    for r in season_rounds(season=season, date_from=date_from, date_to=date_to):
        final = r.data.get("result") or {}
        winners = final.get("winners") or []
        who = seat_words(seats, r.players)
        birds = round_birds(
            data=r.data, counted=list(r.birds), ruleset_config=r.ruleset_config, names=r.players
        )
        yield [
            r.session_id,
            timezone.localtime(r.started_at).replace(tzinfo=None),
            r.table,
            r.number,
            r.version,
            void if r.is_void else "",
            who(r.data.get("dealer")),
            outcome_label(final.get("kind")),
            " / ".join(who(w.get("seat")) for w in winners),
            who(final.get("discarder")),
            " / ".join(" ".join(hand_label(c) for c in w.get("hands") or []) for w in winners),
            forgotten if final.get("birds_forfeited") else birds_words(birds["final"], who),
            " / ".join(
                " ".join(
                    [who(o.get("seat")), *(hand_label(c) for c in o.get("hands") or [])]
                    + ([f"({birds_words(landed, who)})"] if landed else [])
                )
                for o, landed in zip(r.data.get("openings") or [], birds["openings"], strict=True)
            ),
            " / ".join(kong_words(k, who, kinds) for k in r.data.get("kongs") or []),
            " / ".join(who(p.get("seat")) for p in r.data.get("penalties") or []),
            *r.seat_names(len(seats)),
            *r.seat_nets(len(seats)),
            r.burned,
        ]


def birds_words(landed: list[dict[str, Any]], who: Callable[[Any], str]) -> str:
    """Birds with where they landed: "5 → 1号位 张三、8 → 空"."""
    return list_sep().join(
        f"{b['bird']} → {who(b['seat']) if b['seat'] is not None else b['on']}".strip()
        for b in landed
    )


def kong_words(kong: dict[str, Any], who: Callable[[Any], str], kinds: dict[str, str]) -> str:
    """A kong that stood: who made it, its kind, and for a 放杠 who fed it."""
    words = f"{who(kong.get('seat'))} {kinds.get(kong.get('kind', ''), '')}".strip()
    if kong.get("from") is not None:
        words += f" ← {who(kong['from'])}"
    return words


def seat_words(seats: list[str], players: list[str]) -> Callable[[Any], str]:
    """seat (0–3) -> "1号位 张三"; anything else -> ""."""

    def who(seat: Any) -> str:
        ok = isinstance(seat, int) and 0 <= seat < len(players)
        return f"{seats[seat]} {players[seat]}" if ok else ""

    return who


def csv_cell(kind: str, value: Any) -> Any:
    """A text cell a spreadsheet would read as a formula (a roster name "=HYPERLINK(…)") is
    written with a leading apostrophe (``formula_safe``); the workbook has it as text."""
    if value is None:
        return ""
    if kind == TEXT and isinstance(value, str):
        return formula_safe(value)
    if kind == PERCENT:
        return f"{fixed(value * 100, 1)}%"
    if kind == AVERAGE:
        return fixed(value, 2)
    if kind == RATING:
        return fixed(value, 1)
    if kind == MOMENT and isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return value


def csv_text(table: Table) -> Iterator[str]:
    """The table as CSV lines, with a byte order mark first so that spreadsheet programs
    read the Chinese as UTF-8."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    yield "\ufeff"
    writer.writerow(table.header)
    for row in table.rows:
        writer.writerow([csv_cell(k, v) for k, v in zip(table.kinds, row, strict=True)])
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()


def xlsx_bytes(tables: list[Table]) -> bytes:
    """The tables as one workbook, a sheet each: bold frozen header, numbers as numbers
    (a rate as a percentage, a time as a date), columns wide enough for their header."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook(write_only=True)
    for table in tables:
        sheet = book.create_sheet(title=table.title[:31])
        sheet.freeze_panes = "A2"
        for i, (label, kind) in enumerate(zip(table.header, table.kinds, strict=True)):
            # wide enough for the header (a Chinese character is about two columns) and,
            # for a time, its yyyy-mm-dd hh:mm (Excel shows #### where it does not fit)
            width = max(8, len(label.encode("utf-8")) + 2, 18 if kind == MOMENT else 0)
            sheet.column_dimensions[column_letter(i)].width = width
        sheet.append([header_cell(sheet, label, Font(bold=True)) for label in table.header])
        for row in table.rows:
            sheet.append([excel_cell(sheet, k, v) for k, v in zip(table.kinds, row, strict=True)])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def column_letter(index: int) -> str:
    from openpyxl.utils import get_column_letter

    return str(get_column_letter(index + 1))


def header_cell(sheet: Any, label: str, font: Any) -> Any:
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value=label)
    cell.font = font
    return cell


def excel_cell(sheet: Any, kind: str, value: Any) -> Any:
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # never a formula, whatever the text starts with
    if kind in EXCEL_FORMATS and value is not None:
        cell.number_format = EXCEL_FORMATS[kind]
    return cell
