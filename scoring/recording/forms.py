"""The round form's own forms: the round-format JSON it posts (a new round, a correction,
a preview; the calculator posts it too) and a void's reason."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from csmj_site.jsonio import json_form_value


class RoundDataForm(forms.Form):
    """The round form posts one hidden field: the round-format JSON the page built."""

    # The posted field is named ``data``, like the form's own bound data.
    data = forms.CharField(widget=forms.HiddenInput)  # type: ignore[assignment]
    number = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def clean_data(self) -> dict[str, Any]:
        value = json_form_value(self.cleaned_data["data"], field="data")
        if not isinstance(value, dict):
            raise forms.ValidationError(_("提交的数据必须是一个 JSON 对象。"))
        return value


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("作废原因"), max_length=200, required=False)
