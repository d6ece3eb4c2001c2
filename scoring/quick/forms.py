"""开一桌: the quick table's form (docs/quick-tables.md)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from csmj_site.errors import ServiceError
from csmj_site.jsonio import json_parse
from csmj_site.language import page_is_english
from scoring.engine import PARAMETER_INFO, PRESET_INFO, PRESETS
from scoring.forms import SEAT_CHOICES

SIZES = (4, 3, 2)
# the rules choice that stands for a calculator link's ruleset (its JSON in ``config``)
FROM_CALC = "calc"


def _word(value: Any) -> str:
    return str(value.en if page_is_english() else value.zh)


def size_choices() -> list[tuple[int, str]]:
    values = PARAMETER_INFO["players"].values
    return [(n, _word(values[n])) for n in SIZES]


def preset_choices() -> list[tuple[str, str]]:
    return [
        (code, str(PRESET_INFO[code].name_en if page_is_english() else PRESET_INFO[code].name_zh))
        for code in PRESETS
    ]


class QuickTableForm(forms.Form):
    """The table's size, its rules (a preset, or a ruleset's JSON from a calculator link),
    the names in seat order (a blank seat is left open for a scan) and the first dealer."""

    size = forms.TypedChoiceField(
        label=_("几人桌"), coerce=int, initial=4, widget=forms.RadioSelect
    )
    preset = forms.ChoiceField(label=_("规则"))
    config = forms.CharField(required=False, widget=forms.HiddenInput)
    seat_0 = forms.CharField(label=SEAT_CHOICES[0][1], max_length=60, required=False)
    seat_1 = forms.CharField(label=SEAT_CHOICES[1][1], max_length=60, required=False)
    seat_2 = forms.CharField(label=SEAT_CHOICES[2][1], max_length=60, required=False)
    seat_3 = forms.CharField(label=SEAT_CHOICES[3][1], max_length=60, required=False)
    first_dealer = forms.TypedChoiceField(
        label=_("首庄"), choices=SEAT_CHOICES, coerce=int, initial=0, widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["size"].choices = size_choices()  # type: ignore[attr-defined]
        choices = preset_choices()
        if self.data.get("config") or self.initial.get("config"):
            # a calculator's link: its rules first, a preset still one tap away
            choices.insert(0, (FROM_CALC, str(_("计算器里的规则"))))
            self.fields["preset"].initial = FROM_CALC
        self.fields["preset"].choices = choices  # type: ignore[attr-defined]
        for i in range(4):
            self.fields[f"seat_{i}"].widget.attrs.update(
                {"autocomplete": "off", "placeholder": _("留空：扫码入座")}
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("preset") == FROM_CALC and self._calc_config() is None:
            self.add_error("preset", _("计算器链接里的规则读不出来，请选一套预设规则。"))
        return data

    def _calc_config(self) -> dict[str, Any] | None:
        try:
            given = json_parse(self.cleaned_data.get("config") or "", field="config")
        except ServiceError:
            return None
        return given if isinstance(given, dict) else None

    def ruleset(self) -> dict[str, Any]:
        """The table's ruleset at the chosen size: the preset picked, or the calculator
        link's ruleset when its choice is kept."""
        data = self.cleaned_data
        config = self._calc_config() if data["preset"] == FROM_CALC else None
        return {**(config or {"preset": data["preset"]}), "players": data["size"]}

    def names(self) -> list[str]:
        return [self.cleaned_data.get(f"seat_{i}") or "" for i in range(self.cleaned_data["size"])]
