"""The rules form: a preset and any table option changed from it, the fields made from
the engine's parameter descriptions. The club wizard's rules step, the ruleset editor
and the calculator's table settings are this form.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from csmj_site.errors import ServiceError, ServiceErrors
from csmj_site.language import page_is_english
from leagues import services
from leagues.option_values import value_choices, value_words
from leagues.pages import apply_errors
from scoring.engine import KONG_KINDS, KONG_POINTS_BOUNDS, PARAMETER_INFO, PRESET_INFO, PRESETS

# A form field for one amount of a table parameter is named opt_TABLE__PART
# (opt_kong_points__ming); the config holds {"kong_points": {"ming": 2}}.
PART_SEP = "__"


def part_tables() -> dict[str, Any]:
    """The amount tables a form offers amount by amount, with each amount's words:
    kong_points (暗杠 / 加杠 / 放杠, the engine's KONG_KINDS). The base and self-draw
    tables are written as JSON."""
    return {"kong_points": KONG_KINDS}


def field_choices(field: forms.Field) -> list[tuple[Any, Any]]:
    """A choice field's choices, as the list Django keeps them in (normalised when set)."""
    return cast("list[tuple[Any, Any]]", cast(forms.ChoiceField, field).choices)


def flat_values(values: dict[str, Any]) -> dict[str, Any]:
    """A ruleset's values (``Rules.to_dict``) by option key, each amount of a part table
    under its own key too (kong_points__an)."""
    out = dict(values)
    for table in part_tables():
        for part, amount in (values.get(table) or {}).items():
            out[f"{table}{PART_SEP}{part}"] = amount
    return out


def put_option(config: dict[str, Any], key: str, value: Any) -> None:
    """Set option ``key`` in a config; an amount of a part table goes into its table."""
    table, sep, part = key.partition(PART_SEP)
    if sep:
        config.setdefault(table, {})[part] = value
    else:
        config[key] = value


def option_parameters() -> list[tuple[str, Any, str]]:
    """The ruleset parameters a form can offer, as (key, ``ParamInfo``, kind): those
    whose value is one number (``int``, within ``ParamInfo.bounds``), a yes/no
    (``bool``), one of a few words (``choice``) or a few of them (``multi``), and the
    tables offered amount by amount (``parts``); not the other amount tables."""
    out = []
    for key, info in PARAMETER_INFO.items():
        if info.bounds is not None:
            kind = "int"
        elif key in part_tables():
            kind = "parts"
        elif not info.values:  # an amount table
            continue
        elif info.allowed == "boolean":
            kind = "bool"
        elif info.allowed.startswith("list of "):
            kind = "multi"
        else:
            kind = "choice"
        out.append((key, info, kind))
    return out


def typed_value(value: Any, like: Any) -> Any:
    """A form value ("true", "3", a list) as the JSON value it stands for."""
    if isinstance(value, bool) or value in ("true", "false"):
        return value in ("true", True)
    if isinstance(like, int) and not isinstance(like, bool):
        try:
            return int(value)
        except (TypeError, ValueError):
            return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return value


TABLE_SIZE_FIELD = "opt_players"
KEEP_PRESET = gettext_lazy("按预设")
# A blank option names the chosen preset's value (按预设：双鸟), as the editor's hint does.
KEEP_PRESET_VALUE = gettext_lazy("按预设：%(value)s")


class RulesStepForm(forms.Form):
    """A preset, and any table option changed from it (the wizard's step 2, the ruleset
    editor, the calculator's table)."""

    preset = forms.ChoiceField(label=gettext_lazy("规则预设"), widget=forms.RadioSelect)
    # The blank answer says the preset's value (False where the page has its own hint).
    names_preset_values = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        presets = preset_choices()
        cast(forms.ChoiceField, self.fields["preset"]).choices = presets
        self.fields["preset"].initial = presets[0][0]
        english = page_is_english()
        self.options: list[str] = []
        for key, info, kind in option_parameters():
            label = info.name_en if english else info.name_zh
            name = f"opt_{key}"
            field: forms.Field
            if kind == "multi":
                field = forms.MultipleChoiceField(
                    label=label,
                    required=False,
                    widget=forms.CheckboxSelectMultiple,
                    choices=value_choices(key),
                )
            elif kind == "parts":
                self.add_parts(key, info, english)
                continue
            elif kind == "int":
                field = number_field(label, info.bounds)
            else:
                # each value in words (自由飘, 是), posted as the engine's code
                field = forms.ChoiceField(
                    label=label,
                    required=False,
                    choices=[("", KEEP_PRESET), *value_choices(key)],
                )
            # what the option means, in the page's language (the engine's one line)
            field.help_text = info.description if english else info.description_zh
            self.fields[name] = field
            self.options.append(name)

        if self.names_preset_values:
            self.name_preset_values()

    def add_parts(self, key: str, info: Any, english: bool) -> None:
        """A number field for each amount of table ``key`` (暗杠, 加杠, 放杠), named by
        the engine's words for it, with its one line on who pays."""
        for part, words in part_tables()[key].items():
            name = f"opt_{key}{PART_SEP}{part}"
            field = number_field(words.name.en if english else words.name.zh, KONG_POINTS_BOUNDS)
            field.help_text = words.payers.en if english else words.payers.zh
            self.fields[name] = field
            self.options.append(name)

    def option_field(self, key_in_field: str) -> str | None:
        """The option field an engine error's key names (``quyimen``,
        ``kong_points.ming``), or None when no field offers it."""
        parts = key_in_field.replace("[", ".").split(".")
        for name in (f"opt_{parts[0]}{PART_SEP}{parts[-1]}", f"opt_{parts[0]}"):
            if name in self.options:
                return name
        return None

    def chosen_preset(self) -> str:
        chosen = str(self["preset"].value() or "")
        return chosen if chosen in PRESETS else str(self.fields["preset"].initial)

    def name_preset_values(self) -> None:
        """Each blank answer (a choice's 按预设, an empty number box) names the chosen
        preset's value; the page's script follows another preset tapped (preset-hint.js,
        reading ``preset_labels``)."""
        labels = self.preset_labels()[self.chosen_preset()]
        for name in self.options:
            field = self.fields[name]
            if isinstance(field, forms.IntegerField):
                field.widget.attrs["placeholder"] = labels[name]
            elif isinstance(field, forms.ChoiceField) and not isinstance(
                field, forms.MultipleChoiceField
            ):
                field.choices = [("", labels[name]), *field_choices(field)[1:]]

    def preset_words(self) -> dict[str, dict[str, str]]:
        """Each preset's values in words by option field name, for the pages' scripts (the
        editor's 预设 hint, the blank answers here)."""
        return {
            code: {
                name: value_words(name.removeprefix("opt_"), values[name])
                if PART_SEP not in name
                else str(values[name])
                for name in self.options
            }
            for code, values in self.preset_table().items()
        }

    def preset_labels(self) -> dict[str, dict[str, str]]:
        """Each preset's blank answers (按预设：双鸟) by option field name."""
        return {
            code: {name: str(KEEP_PRESET_VALUE % {"value": w}) for name, w in words.items()}
            for code, words in self.preset_words().items()
        }

    def option_fields(self) -> list[Any]:
        return [self[name] for name in self.options]

    def preset_table(self) -> dict[str, dict[str, Any]]:
        """Each preset's values by option field name, for the page's steppers: a blank
        number box (按预设) steps from the chosen preset's value."""
        return {
            code: {f"opt_{key}": value for key, value in flat_values(rules.to_dict()).items()}
            for code, rules in PRESETS.items()
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        config: dict[str, Any] = {"preset": data["preset"]}
        preset = flat_values(PRESETS[data["preset"]].to_dict())
        for name in self.options:
            value = data.get(name)
            if value in (None, "", []):
                continue
            key = name.removeprefix("opt_")
            put_option(config, key, typed_value(value, preset[key]))
        return self.with_config(data, config)

    def with_config(self, data: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
        """``data`` with the config as the service stores it under ``config``; or, when
        the service refuses it, ``data`` as it was and each refusal next to the option
        it names (缺一门 away from two players: next to 缺一门)."""
        try:
            data["config"] = services.ruleset_config_clean(config)
        except ServiceErrors as exc:
            for error in exc.errors:
                self.option_error_add(error)
        except ValidationError as exc:
            apply_errors(self, exc)
        return data

    def option_error_add(
        self, error: ServiceError, *, by_option: bool = True, elsewhere: str | None = None
    ) -> None:
        """A refusal of the config next to the option it names, the message in the page's
        language (English names the option by its label); one no option holds goes to
        ``elsewhere`` (None: the form's own errors), English naming the key typed."""
        name = self.option_field(error.key_in_field) if by_option else None
        if name is not None:
            self.add_error(name, error.named(self.fields[name].label).localised(name_key=False))
        else:
            self.add_error(elsewhere, error.named(error.key_in_field or None).localised())

    def stored(self) -> dict[str, Any]:
        return {"config": self.cleaned_data["config"]}


def rules_initial(config: dict[str, Any]) -> dict[str, Any]:
    """A RulesStepForm's initial values for a saved config (the reverse of its clean)."""
    initial: dict[str, Any] = {"preset": config.get("preset")}
    for key, value in flat_values(config).items():
        if key != "preset" and key not in part_tables():  # a table: by its amounts
            initial[f"opt_{key}"] = str(value).lower() if isinstance(value, bool) else value
    return initial


def number_field(label: Any, bounds: tuple[int, int]) -> forms.IntegerField:
    """A number box between ``bounds``, blank for the preset's value. The bounds are
    attributes for the browser and the stepper only: the engine checks the value, so a
    typed 5000 gets the engine's message."""
    low, high = bounds
    return forms.IntegerField(
        label=label,
        required=False,
        widget=forms.NumberInput(
            attrs={
                "inputmode": "numeric",
                "placeholder": KEEP_PRESET,
                "step": 1,
                "min": low,
                "max": high,
            }
        ),
    )


def preset_choices() -> list[tuple[str, str]]:
    en = page_is_english()
    return [(code, info.name_en if en else info.name_zh) for code, info in PRESET_INFO.items()]
