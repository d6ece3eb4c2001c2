"""Forms for a session's pages: starting a session, a session's table fee,
and the seat helpers a paper session's form shares (the round form's own forms:
``scoring.recording.forms``; a paper session's: ``scoring.paper.forms``)."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from csmj_site.language import as_label_lazy
from leagues.models import Player, Season
from scoring.engine import SEATS
from scoring.models import TABLE_FEE, FeeBy, FeePer
from scoring.services import RoundRejected, ruleset_players

SEAT_CHOICES = [(i, as_label_lazy(seat)) for i, seat in enumerate(SEATS)]


def season_table_seats(season: Season) -> int:
    """How many sit at a table of ``season`` (``services.ruleset_players``: its ruleset's
    ``players``, rules.md §10), for a form's seats; four when the engine cannot read the
    ruleset, so that the page still opens and recording says why."""
    try:
        return ruleset_players(config=season.ruleset.config)
    except RoundRejected:
        return 4


def keep_seats(form: forms.Form, fields: tuple[str, ...], seats: int) -> tuple[str, ...]:
    """The first ``seats`` of a form's seat ``fields`` (a table of four, three or two,
    rules.md §10); the others are taken off the form. Returns the kept ones."""
    for name in fields[seats:]:
        del form.fields[name]
    return fields[:seats]


def find_player(roster: list[Player], text: str) -> Player | None:
    """The roster entry named ``text``: its display name, else a unique alias."""
    text = text.strip()
    for p in roster:
        if p.display_name == text:
            return p
    by_alias = [p for p in roster if text in (p.aliases or [])]
    return by_alias[0] if len(by_alias) == 1 else None


def seat_entries(
    form: forms.Form, data: dict[str, Any], fields: tuple[str, ...], *, new_names: bool
) -> list[Player | str]:
    """The roster players typed into ``fields`` (seat order). A name not on the roster is
    an error on that seat's field, or with ``new_names`` kept as the name of a new guest;
    a player sitting twice is an error."""
    roster: list[Player] = form.roster  # type: ignore[attr-defined]
    entries: list[Player | str] = []
    for name in fields:
        text = (data.get(name) or "").strip()
        if not text:
            continue
        entry: Player | str | None = find_player(roster, text)
        if entry is None and new_names:
            entry = text
        if entry is None:
            form.add_error(name, _("名单里没有“%(name)s”。") % {"name": text})
        elif entry in entries:
            form.add_error(name, _("%(name)s 已经坐下了。") % {"name": str(entry)})
        else:
            entries.append(entry)
    return entries


def seat_players(form: forms.Form, data: dict[str, Any], fields: tuple[str, ...]) -> list[Player]:
    """The roster players typed into ``fields`` (seat order); an unknown name or a player
    sitting twice is an error on that seat's field."""
    entries = seat_entries(form, data, fields, new_names=False)
    return [p for p in entries if isinstance(p, Player)]


class SessionStartForm(forms.Form):
    """The players in turn order (type-ahead over the roster), as many as the season's
    ruleset seats (``seats``: 4, 3 or 2), the first dealer, a label."""

    seat_0 = forms.CharField(label=as_label_lazy(SEATS[0]), max_length=60)
    seat_1 = forms.CharField(label=_("2号位（1号位的下家）"), max_length=60)
    seat_2 = forms.CharField(label=as_label_lazy(SEATS[2]), max_length=60)
    seat_3 = forms.CharField(label=as_label_lazy(SEATS[3]), max_length=60)
    first_dealer = forms.TypedChoiceField(
        label=_("首庄"), choices=SEAT_CHOICES, coerce=int, initial=0, widget=forms.RadioSelect
    )
    table_label = forms.CharField(label=_("桌号（可不填）"), max_length=40, required=False)
    add_guests = forms.BooleanField(
        label=_("名单里没有的名字作为客人加入"),
        required=False,
        help_text=_("客人以后可由组织者合并到正式选手，战绩不丢。"),
    )

    SEAT_FIELDS: tuple[str, ...] = ("seat_0", "seat_1", "seat_2", "seat_3")

    def __init__(self, *args: Any, roster: list[Player], seats: int = 4, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = roster
        self.SEAT_FIELDS = keep_seats(self, self.SEAT_FIELDS, seats)
        cast(forms.ChoiceField, self.fields["first_dealer"]).choices = SEAT_CHOICES[:seats]
        for name in self.SEAT_FIELDS:
            self.fields[name].widget.attrs.update(
                {"list": "roster", "autocomplete": "off", "autocapitalize": "off"}
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        data["seats"] = seat_entries(
            self, data, self.SEAT_FIELDS, new_names=bool(data.get("add_guests"))
        )
        data["guests"] = [s for s in data["seats"] if isinstance(s, str)]
        return data


class TableFeeForm(forms.Form):
    """结账's table fee (台费), kept with the session (``session_table_fee_set``): chips for
    the table or for each round, paid equally, by the winners in proportion or by the
    biggest winner (``scoring.settlement.fee_shares``). A blank fee is no fee."""

    table_fee = forms.IntegerField(
        label=TABLE_FEE.label, min_value=TABLE_FEE.low, max_value=TABLE_FEE.high, required=False
    )
    table_fee_per = forms.ChoiceField(
        label=_("台费按"), choices=FeePer.choices, initial=FeePer.TABLE
    )
    table_fee_by = forms.ChoiceField(
        label=_("谁付台费"), choices=FeeBy.choices, initial=FeeBy.EQUAL
    )

    def options(self) -> dict[str, Any]:
        """The keyword arguments of ``services.session_table_fee_set`` (a valid form)."""
        return {
            "fee": self.cleaned_data.get("table_fee") or 0,
            "per": self.cleaned_data["table_fee_per"],
            "by": self.cleaned_data["table_fee_by"],
        }
