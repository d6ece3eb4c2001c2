"""Forms for the club pages. They only parse and check input; writes go through services."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from csmj_site.bounds import date_range_refusal
from csmj_site.errors import ServiceErrors
from csmj_site.language import colon
from leagues.models import (
    CHIP_RATE_MAX,
    CHIP_RATE_MIN,
    CLUB_DESCRIPTION_MAX,
    Club,
    Role,
    Ruleset,
)
from leagues.pages import apply_errors
from leagues.services import club_slug_clean

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
# A date the site cannot read, in one sentence for every date field (pages and filters).
DATE_INVALID = _("应为真实的日期，格式 YYYY-MM-DD")


def date_field(label: Any, *, required: bool = True) -> forms.DateField:
    """A date typed or picked on a page (``2026-03-07``), refused as ``DATE_INVALID``."""
    return forms.DateField(
        label=label, required=required, widget=DATE_WIDGET, error_messages={"invalid": DATE_INVALID}
    )


class ClubForm(forms.Form):
    name = forms.CharField(label=_("名称"), max_length=100)
    # A text field: the service says what a short name may hold (leagues.services).
    slug = forms.CharField(
        label=_("网址名"),
        max_length=60,
        help_text=_(
            "网址中使用，只能含字母、数字、连字符和下划线。改了以后，旧网址自动转到新网址。"
        ),
    )
    description = forms.CharField(
        label=_("简介"),
        required=False,
        # the service refuses a longer one in the catalogue's words
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": CLUB_DESCRIPTION_MAX}),
    )
    is_public = forms.BooleanField(
        label=_("公开（不登录也能看排名）"), required=False, initial=False
    )

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club  # the club changing its settings; None: a new one

    def clean(self) -> dict[str, Any]:
        # The service's own check of the short name, asked here too so that a post with
        # a bad short name and another bad field says both at once.
        cleaned = super().clean() or {}
        if "slug" in cleaned:
            try:
                cleaned["slug"] = club_slug_clean(slug=cleaned["slug"], club=self.club)
            except ServiceErrors as exc:
                apply_errors(self, exc)
        return cleaned


class OneSentenceDecimalField(forms.DecimalField):
    """A number field whose checks may refuse one value several ways at once (``1e9``:
    above the maximum and too many digits) in the same sentence: the sentence is said
    once."""

    def run_validators(self, value: Any) -> None:
        try:
            super().run_validators(value)
        except ValidationError as exc:
            said: dict[str, ValidationError] = {}
            for error in exc.error_list:
                said.setdefault(" ".join(error.messages), error)
            raise ValidationError(list(said.values())) from None


class ClubSettingsForm(ClubForm):
    """The club's settings page: the club form and the rate for settling up (结账)."""

    chip_rate = OneSentenceDecimalField(
        label=_("每子金额（元）"),
        required=False,
        min_value=CHIP_RATE_MIN,
        max_value=CHIP_RATE_MAX,
        max_digits=8,
        decimal_places=2,
        # one sentence for every way a rate is out of its bounds
        error_messages=dict.fromkeys(
            ("min_value", "max_value", "max_digits", "max_decimal_places", "max_whole_digits"),
            format_lazy(
                _("每子金额应在 {low} 到 {high} 元之间，最多两位小数。"),
                low=CHIP_RATE_MIN,
                high=CHIP_RATE_MAX,
            ),
        ),
        help_text=_("结账时一子折多少元，例如 2 或 0.5；不填就只算子数。"),
        widget=forms.NumberInput(attrs={"step": "0.01", "inputmode": "decimal"}),
    )


def split_aliases(text: str) -> list[str]:
    """Aliases typed as one line: separated by commas (, ，、) or new lines."""
    return [a.strip() for a in re.split(r"[,，、\n]+", text or "") if a.strip()]


class PlayerForm(forms.Form):
    display_name = forms.CharField(label=_("名字"), max_length=60)
    aliases = forms.CharField(
        label=_("别名"),
        required=False,
        help_text=_("用逗号或顿号分开，输入时也能按别名找到这位选手。"),
    )
    user = forms.ChoiceField(label=_("关联账户"), required=False)

    def __init__(self, *args: Any, members: Sequence[Any] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.members = {str(u.pk): u for u in members}
        cast(forms.ChoiceField, self.fields["user"]).choices = [("", _("（无）"))] + [
            (str(u.pk), u.get_username()) for u in members
        ]

    def clean_aliases(self) -> list[str]:
        return split_aliases(self.cleaned_data.get("aliases", ""))

    def clean_user(self) -> Any:
        value = self.cleaned_data.get("user")
        return self.members.get(value) if value else None


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("名称"), max_length=100)
    start_date = date_field(_("开始日期"))
    end_date = date_field(_("结束日期"), required=False)
    ruleset: forms.ModelChoiceField[Ruleset] = forms.ModelChoiceField(
        label=_("规则"), queryset=None
    )

    def __init__(
        self, *args: Any, rulesets: Any = None, usual: Ruleset | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field = cast("forms.ModelChoiceField[Ruleset]", self.fields["ruleset"])
        field.queryset = rulesets
        chosen = usual or (rulesets.first() if rulesets is not None else None)
        if chosen is not None:  # a season has rules: one is chosen, not "---------"
            field.empty_label = None
            field.initial = chosen.pk
        self.fields["start_date"].initial = timezone.localdate


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("角色"), choices=Role.choices)


class StandingsFilterForm(forms.Form):
    date_from = date_field(_("从"), required=False)
    date_to = date_field(_("到"), required=False)
    order = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        error = date_range_refusal(
            start=data.get("date_from"), end=data.get("date_to"), field="date_to"
        )
        if error is not None:  # the form's own, English naming what is wrong in words
            self.add_error(None, error.named(_("结束日期")).localised())
        return data

    def refused(self) -> bool:
        """Dates were given and cannot be used: the page then says its table is not
        filtered by them, and an export refuses them (``error_lines``)."""
        return self.is_bound and not self.is_valid()

    def error_lines(self) -> list[str]:
        """Each error as the page shows it: the form's own, then each field's after its
        label ("从：应为真实的日期，格式 YYYY-MM-DD")."""
        lines = [str(e) for e in self.non_field_errors()]
        for field in self:
            lines += [f"{field.label}{colon()}{e}" for e in field.errors]
        return lines
