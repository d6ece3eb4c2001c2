"""Forms for recording: starting a session, the round form's JSON, voiding a round."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from leagues.models import Player

SEAT_CHOICES = [(i, _("%(n)s号位") % {"n": i + 1}) for i in range(4)]


def find_player(roster: list[Player], text: str) -> Player | None:
    """The roster entry named ``text``: its display name, else a unique alias."""
    text = text.strip()
    for p in roster:
        if p.display_name == text:
            return p
    by_alias = [p for p in roster if text in (p.aliases or [])]
    return by_alias[0] if len(by_alias) == 1 else None


class SessionStartForm(forms.Form):
    """Four players in turn order (type-ahead over the roster), the first dealer, a label."""

    seat_0 = forms.CharField(label=_("1号位"), max_length=60)
    seat_1 = forms.CharField(label=_("2号位（1号位的下家）"), max_length=60)
    seat_2 = forms.CharField(label=_("3号位"), max_length=60)
    seat_3 = forms.CharField(label=_("4号位"), max_length=60)
    first_dealer = forms.TypedChoiceField(
        label=_("首庄"), choices=SEAT_CHOICES, coerce=int, initial=0, widget=forms.RadioSelect
    )
    table_label = forms.CharField(label=_("桌号（可不填）"), max_length=40, required=False)

    SEAT_FIELDS = ("seat_0", "seat_1", "seat_2", "seat_3")

    def __init__(self, *args: Any, roster: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = roster
        for name in self.SEAT_FIELDS:
            self.fields[name].widget.attrs.update(
                {"list": "roster", "autocomplete": "off", "autocapitalize": "off"}
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        players: list[Player] = []
        for name in self.SEAT_FIELDS:
            text = data.get(name)
            if not text:
                continue
            player = find_player(self.roster, text)
            if player is None:
                self.add_error(name, _("名单里没有“%(name)s”。") % {"name": text})
            elif player in players:
                self.add_error(name, _("%(name)s 已经坐下了。") % {"name": player.display_name})
            else:
                players.append(player)
        data["players"] = players
        return data


class RoundDataForm(forms.Form):
    """The round form posts one hidden field: the round-format JSON the page built."""

    data = forms.CharField(widget=forms.HiddenInput)
    number = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def clean_data(self) -> dict[str, Any]:
        try:
            value = json.loads(self.cleaned_data["data"])
        except ValueError as exc:
            raise forms.ValidationError(_("提交的数据不是有效的 JSON。")) from exc
        if not isinstance(value, dict):
            raise forms.ValidationError(_("提交的数据必须是一个 JSON 对象。"))
        return value


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("作废原因"), max_length=200)
