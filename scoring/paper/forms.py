"""纸面记录's forms: one paper session by its final nets, and a CSV file of several, checked
row by row with the same form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext_lazy as _

from csmj_site.errors import ServiceErrors
from csmj_site.language import as_label_lazy, colon, list_sep
from leagues.models import Player
from scoring.engine import SEATS
from scoring.forms import (
    SEAT_CHOICES,
    keep_seats,
    season_table_seats,
    seat_players,
)
from scoring.services import paper_nets_validate, whole_number

DATE_FORMATS = [
    "%Y-%m-%dT%H:%M",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d",
    "%Y/%m/%d %H:%M",
    "%Y/%m/%d",
    "%Y.%m.%d",
]


class PaperSessionForm(forms.Form):
    """One paper session: its players by seat (as many as the season's ruleset seats) and
    their final nets (summing to zero).

    Group errors (the sum of the nets, a player sitting twice, a service refusal keyed
    "nets"/"players"/"season") are non-field errors whose ``code`` names the group, so
    the page shows each next to its group: ``group_errors("nets")``.
    """

    player_0 = forms.CharField(label=as_label_lazy(SEATS[0]), max_length=60)
    player_1 = forms.CharField(label=as_label_lazy(SEATS[1]), max_length=60)
    player_2 = forms.CharField(label=as_label_lazy(SEATS[2]), max_length=60)
    player_3 = forms.CharField(label=as_label_lazy(SEATS[3]), max_length=60)
    net_0 = forms.CharField(label=_("1号位得分"), max_length=12)
    net_1 = forms.CharField(label=_("2号位得分"), max_length=12)
    net_2 = forms.CharField(label=_("3号位得分"), max_length=12)
    net_3 = forms.CharField(label=_("4号位得分"), max_length=12)
    started_at = forms.DateTimeField(
        label=_("日期时间"),
        required=False,
        input_formats=DATE_FORMATS,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("不填就是现在。"),
    )
    table_label = forms.CharField(label=_("桌号（可不填）"), max_length=40, required=False)

    PLAYER_FIELDS: tuple[str, ...] = ("player_0", "player_1", "player_2", "player_3")
    NET_FIELDS: tuple[str, ...] = ("net_0", "net_1", "net_2", "net_3")
    GROUPS = ("players", "nets")

    def __init__(
        self, *args: Any, roster: list[Player], season: Any, date_required: bool = False, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        self.roster = roster
        self.season = season
        self.PLAYER_FIELDS = keep_seats(self, self.PLAYER_FIELDS, season_table_seats(season))
        self.NET_FIELDS = keep_seats(self, self.NET_FIELDS, len(self.PLAYER_FIELDS))
        self.fields["started_at"].required = date_required
        for name in self.PLAYER_FIELDS:
            self.fields[name].widget.attrs.update(
                {"list": "roster", "autocomplete": "off", "autocapitalize": "off"}
            )
        for name in self.NET_FIELDS:
            self.fields[name].widget.attrs.update(
                {"inputmode": "numeric", "autocomplete": "off", "class": "net", "size": "6"}
            )

    def seats(self) -> list[tuple[Any, Any]]:
        """(player field, net field) by seat, for the template."""
        return [
            (self[p], self[n]) for p, n in zip(self.PLAYER_FIELDS, self.NET_FIELDS, strict=True)
        ]

    def group_errors(self, group: str) -> list[str]:
        return [
            m
            for e in self.errors.as_data().get(NON_FIELD_ERRORS, [])
            if e.code == group
            for m in e.messages
        ]

    @property
    def group_error_map(self) -> dict[str, list[str]]:
        return {g: self.group_errors(g) for g in self.GROUPS}

    def other_errors(self) -> list[str]:
        return [
            m
            for e in self.errors.as_data().get(NON_FIELD_ERRORS, [])
            if e.code not in self.GROUPS
            for m in e.messages
        ]

    def add_group_error(self, group: str, message: str) -> None:
        self.add_error(None, forms.ValidationError(message, code=group))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        players = seat_players(self, data, self.PLAYER_FIELDS)
        nets: list[int] = []
        for name in self.NET_FIELDS:
            if self.has_error(name):
                continue
            try:
                nets.append(whole_number(data.get(name, "")))
            except ValueError:
                self.add_error(name, _("得分必须是整数，例如 30 或 -10。"))
        if len(nets) == len(self.NET_FIELDS):
            try:
                nets = paper_nets_validate(nets, seats=len(self.NET_FIELDS))
            except ServiceErrors as exc:
                for error in exc.errors:
                    self.add_group_error("nets", error.localised())
        started = data.get("started_at")
        if started is not None:
            self._check_date(started)
        data["players"], data["nets"] = players, nets
        return data

    def _check_date(self, started: Any) -> None:
        from django.utils import timezone

        day = timezone.localtime(started).date()
        if day < self.season.start_date:
            self.add_error(
                "started_at", _("早于赛季开始日期（%(d)s）。") % {"d": self.season.start_date}
            )
        elif self.season.end_date and day > self.season.end_date:
            self.add_error(
                "started_at", _("晚于赛季结束日期（%(d)s）。") % {"d": self.season.end_date}
            )
        elif started > timezone.now():
            self.add_error("started_at", _("日期在将来。"))


# CSV columns (English or Chinese header) -> PaperSessionForm fields.
CSV_COLUMNS: dict[str, str] = {
    "date": "started_at",
    "日期": "started_at",
    "table": "table_label",
    "桌号": "table_label",
    **{f"player{i + 1}": f"player_{i}" for i in range(4)},
    **{f"选手{i + 1}": f"player_{i}" for i in range(4)},
    **{f"net{i + 1}": f"net_{i}" for i in range(4)},
    **{f"得分{i + 1}": f"net_{i}" for i in range(4)},
}


def csv_required(seats: int) -> tuple[str, ...]:
    """The columns a paper CSV needs at a table of ``seats``."""
    players = PaperSessionForm.PLAYER_FIELDS[:seats]
    return ("started_at", *players, *PaperSessionForm.NET_FIELDS[:seats])


CSV_MAX_ROWS = 500
CSV_MAX_BYTES = 512 * 1024


def paper_key(started_at: Any, players: list[Player], nets: list[int]) -> tuple[Any, ...]:
    """What makes two paper sessions the same one (an upload repeated by mistake)."""
    return (started_at, tuple(p.pk for p in players), tuple(nets))


class PaperCsvForm(forms.Form):
    """Several paper sessions from one CSV file, checked row by row with PaperSessionForm.

    After ``is_valid()``: ``rows`` holds each row's cleaned data with its ``line``;
    ``row_errors`` lists ``{"line", "messages"}`` for every bad row (all of them, each with
    every error). One bad row makes the whole form invalid: the view then stores nothing.
    """

    file = forms.FileField(label=_("CSV 文件"))

    def __init__(
        self, *args: Any, roster: list[Player], season: Any, existing: set[Any], **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        self.roster = roster
        self.season = season
        self.existing = existing
        self.rows: list[dict[str, Any]] = []
        self.row_errors: list[dict[str, Any]] = []

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > CSV_MAX_BYTES:
            raise forms.ValidationError(_("文件太大（最多 512 KB）。"))
        raw = upload.read()
        for encoding in ("utf-8-sig", "gb18030"):
            try:
                text = raw.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        else:
            raise forms.ValidationError(_("读不出文件的编码，请存为 UTF-8 的 CSV。"))
        self._parse(text)
        if not self.rows and not self.row_errors:
            raise forms.ValidationError(_("文件里没有数据行。"))
        if self.row_errors:
            raise forms.ValidationError(
                _("%(n)s 行有错误，整个文件都没有保存。改好后请重新上传。")
                % {"n": len(self.row_errors)}
            )
        return upload

    def _parse(self, text: str) -> None:
        import csv
        import io

        first = text.split("\n", 1)[0]
        delimiter = max(",;\t", key=first.count)
        reader = csv.reader(io.StringIO(text), delimiter=delimiter)
        header = next(reader, None)
        columns = [CSV_COLUMNS.get(h.strip().lower()) for h in header or []]
        seats = season_table_seats(self.season)
        missing = [f for f in csv_required(seats) if f not in columns]
        if missing:
            header_words = _("表头必须是：date, table, player1…player%(n)s, net1…net%(n)s。")
            self._bad(1, [header_words % {"n": seats}])
            return
        names = {f: (header or [])[i].strip() for i, f in enumerate(columns) if f}
        seen: dict[tuple[Any, ...], int] = {}
        for values in reader:
            line = reader.line_num
            if not any(v.strip() for v in values):
                continue
            if len(self.rows) + len(self.row_errors) >= CSV_MAX_ROWS:
                self._bad(line, [_("一次最多上传 %(n)s 场。") % {"n": CSV_MAX_ROWS}])
                return
            data = {f: v.strip() for f, v in zip(columns, values, strict=False) if f}
            beyond = [
                names[f]
                for i in range(seats, len(SEAT_CHOICES))
                for f in (f"player_{i}", f"net_{i}")
                if data.get(f)
            ]
            if beyond:
                words = _("本赛季是 %(n)s 人桌：%(columns)s 应当空着。")
                self._bad(line, [words % {"n": seats, "columns": list_sep().join(beyond)}])
                continue
            form = PaperSessionForm(
                data, roster=self.roster, season=self.season, date_required=True
            )
            if not form.is_valid():
                self._bad(line, self._messages(form, names))
                continue
            cleaned = form.cleaned_data
            key = paper_key(cleaned["started_at"], cleaned["players"], cleaned["nets"])
            if key in self.existing:
                self._bad(line, [str(_("这一场已经录入过了。"))])
            elif key in seen:
                self._bad(line, [_("和第 %(n)s 行重复。") % {"n": seen[key]}])
            else:
                seen[key] = line
                self.rows.append({**cleaned, "line": line})

    @staticmethod
    def _messages(form: PaperSessionForm, names: dict[str, str]) -> list[str]:
        out = []
        for field, errors in form.errors.items():
            for message in errors:
                column = names.get(field)
                out.append(f"{column}{colon()}{message}" if column else str(message))
        return out

    def _bad(self, line: int, messages: list[str]) -> None:
        self.row_errors.append({"line": line, "messages": messages})
