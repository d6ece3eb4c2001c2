"""The ruleset editor's form: the table options grouped as an app's room screen, with
JSON as an advanced view (``RulesetEditForm``, what the page starts from: ``editor_initial``).

Its fields are the rules form (``leagues.rules_form.RulesStepForm``, the wizard's rules
step too), which builds them from the engine's parameter descriptions. A saved config is
the preset plus only the options that differ from it. The form checks it with the
service's own ``services.ruleset_config_clean`` (the engine's ``parse_ruleset``) and shows
each ``ServiceError`` in the page's language, next to its option.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from csmj_site.errors import ServiceErrors
from csmj_site.jsonio import json_form_value
from leagues import services
from leagues.models import Ruleset
from leagues.option_values import form_value, value_words
from leagues.rules_form import (
    PART_SEP,
    RulesStepForm,
    field_choices,
    flat_values,
    put_option,
    rules_initial,
    typed_value,
)
from scoring.engine import PRESETS, TAKES_EFFECT

# How the editor groups the options, like an app's room screen. Options the engine
# describes but no group names fall into the last group, so none is ever left out. A
# group of one option's kind has no title of its own (None): its first option's label,
# the engine's name in the page's language, heads it.
GROUPS: list[tuple[Any, tuple[str, ...]]] = [
    (gettext_lazy("人数"), ("players", "empty_birds", "quyimen")),
    (
        gettext_lazy("扎鸟"),
        ("bird_count", "bird_mode", "bird_points", "bird_origin", "opening_birds"),
    ),
    (gettext_lazy("牌型"), ("haohua", "menqing", "extra_small_hands", "double_kong")),
    (gettext_lazy("杠分"), ("kong_pay", "kong_points")),  # kong_points: each amount
    (
        gettext_lazy("细则（各桌做法不一）"),
        ("menqing_scope", "yizhihua", "tianhu_pair", "haohua_levels", "short_wall_birds"),
    ),
    (gettext_lazy("飘分"), ("piao", "piao_value", "piao_max")),
    (None, ("cap",)),
    (None, ("dealer_bonus", "dealer_bonus_per_unit")),
    (None, ("tongzhuang", "dealer_vs_dealer")),
    (gettext_lazy("其他"), ()),
]


def preset_values(preset: str) -> dict[str, Any]:
    """The preset's values by option key (each kong_points amount under its own key)."""
    rules = PRESETS.get(preset)
    return flat_values(rules.to_dict()) if rules is not None else {}


def depends(key: str) -> dict[str, Any] | None:
    """What option ``key`` takes effect under (the engine's TAKES_EFFECT), for the page
    to dim it otherwise: the option field it depends on and the values posted for it."""
    found = TAKES_EFFECT.get(key.partition(PART_SEP)[0])
    if found is None:
        return None
    on, values = found
    return {"on": on, "values": [form_value(v) for v in values]}


STRAIGHT_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"})


class RulesetEditForm(RulesStepForm):
    """A name, a preset and the table options; or the same config as JSON (``mode`` json)."""

    names_preset_values = False  # each option has its 预设 hint (ruleset-changed.js)

    name = forms.CharField(label=gettext_lazy("名称"), max_length=100)
    mode = forms.ChoiceField(
        choices=[("form", "form"), ("json", "json")], required=False, widget=forms.HiddenInput
    )
    overrides = forms.CharField(
        label=gettext_lazy("改动（JSON，高级）"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=gettext_lazy("只写与预设不同的参数；没写的沿用预设。"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs["autocomplete"] = "off"
        self.order_fields(["name", "preset"])
        for name in self.options:
            field = self.fields[name]
            if type(field) is forms.ChoiceField:  # segmented buttons, not a drop-down
                field.widget = forms.RadioSelect(choices=field_choices(field))
        preset = self.fields["preset"]
        preset.widget = forms.RadioSelect(choices=field_choices(preset))

    def groups(self) -> list[dict[str, Any]]:
        preset = self["preset"].value() or self.fields["preset"].initial
        base = preset_values(str(preset))
        seen: set[str] = set()
        out = []
        for title, keys in GROUPS:
            names = [n for k in keys for n in self.options if self._offers(n, k)]
            if not keys:
                names = [n for n in self.options if n not in seen]
            seen.update(names)
            rows = []
            for n in names:
                key = n.removeprefix("opt_")
                rows.append(
                    {
                        "field": self[n],
                        "key": key,
                        "preset_words": self.preset_words_of(key, base),
                        "changed": self._changed(n, base.get(key)),
                        "depends": depends(key),
                        "idle": self._idle(key, base),
                    }
                )
            if title is None and names:
                title = self.fields[names[0]].label
            out.append({"title": title, "rows": rows})
        return out

    @staticmethod
    def _offers(name: str, key: str) -> bool:
        """Is field ``name`` option ``key``, or one amount of it (kong_points__an)?"""
        return name == f"opt_{key}" or name.startswith(f"opt_{key}{PART_SEP}")

    @staticmethod
    def preset_words_of(key: str, base: dict[str, Any]) -> str:
        if key not in base:
            return ""
        return str(base[key]) if PART_SEP in key else value_words(key, base[key])

    def _idle(self, key: str, base: dict[str, Any]) -> bool:
        """Does option ``key`` have no effect under the answers as they stand (缺一门 at
        a table of four)? The page dims it (ruleset-changed.js redoes this on each tap)."""
        found = depends(key)
        if found is None:
            return False
        on = found["on"]
        value = self[f"opt_{on}"].value()
        if value in (None, ""):
            value = form_value(base.get(on))
        return str(value) not in found["values"]

    def _changed(self, name: str, preset_value: Any) -> bool:
        value = self[name].value()
        if value in (None, "", []):
            return False
        changed: bool = typed_value(value, preset_value) != preset_value
        return changed

    def clean(self) -> dict[str, Any]:
        mode = self.data.get("mode") or ("json" if self.data.get("overrides") else "form")
        if mode == "json":
            return self._clean_json()
        data = forms.Form.clean(self) or {}
        if "preset" not in data:  # the options are read against their preset
            return data
        # A bad name (or option field) does not hide what the engine says of the others:
        # every error of the post is shown at once.
        base = preset_values(data["preset"])
        config: dict[str, Any] = {"preset": data["preset"]}
        for name in self.options:
            key = name.removeprefix("opt_")
            value = data.get(name)
            if value in (None, "", []):
                continue
            value = typed_value(value, base.get(key))
            if value != base.get(key):
                put_option(config, key, value)
        return self._validated(data, config, by_field=True)

    def _clean_json(self) -> dict[str, Any]:
        for name in self.options:  # the option fields are not part of this answer
            self.errors.pop(name, None)
        data = dict(self.cleaned_data)
        if "preset" not in data or "name" not in data:
            return data
        # A phone keyboard types “curly” quotes; a ruleset holds no text where they could
        # belong, so they are read as the JSON quotes the organiser meant.
        text = (data.get("overrides") or "").strip().translate(STRAIGHT_QUOTES) or "{}"
        try:
            overrides = json_form_value(text, field="overrides")
        except forms.ValidationError as exc:
            self.add_error("overrides", exc)
            return data
        if not isinstance(overrides, dict) or "preset" in overrides:
            self.add_error("overrides", _("改动必须是一个 JSON 对象 {…}，预设请在上面选择。"))
            return data
        return self._validated(data, {"preset": data["preset"], **overrides}, by_field=False)

    def _validated(
        self, data: dict[str, Any], config: dict[str, Any], *, by_field: bool
    ) -> dict[str, Any]:
        """The config through the service's check (``services.ruleset_config_clean``, the
        engine's parse_ruleset), as the wizard's ``with_config``; each refusal in the
        page's language next to the option it names, or next to the JSON box."""
        try:
            data["config"] = services.ruleset_config_clean(config)
        except ServiceErrors as exc:
            for error in exc.errors:
                self.option_error_add(error, by_option=by_field, elsewhere="overrides")
        return data


def editor_initial(ruleset: Ruleset | None) -> dict[str, Any]:
    if ruleset is None:
        return {}
    overrides = {k: v for k, v in ruleset.config.items() if k != "preset"}
    return {
        **rules_initial(ruleset.config),
        "name": ruleset.name,
        "overrides": json.dumps(overrides, ensure_ascii=False, indent=1) if overrides else "",
    }
