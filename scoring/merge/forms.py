"""合并's form: the regular player who takes over the merged player's rounds."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from leagues.models import Player
from leagues.selectors import players_by_name


class PlayerMergeForm(forms.Form):
    """合并: the regular player who takes over the rounds, and a confirmation."""

    target = forms.ModelChoiceField(label=_("合并到"), queryset=Player.objects.none())
    confirm = forms.BooleanField(
        label=_("我确认：这位选手的每一盘都归到所选选手名下，这个条目随后删除。"),
        error_messages={"required": _("合并不能撤销：请先勾选上面的确认。")},
    )

    def __init__(self, *args: Any, source: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast("forms.ModelChoiceField[Player]", self.fields["target"])
        field.queryset = Player.objects.filter(club_id=source.club_id, is_guest=False).exclude(
            pk=source.pk
        )
        # offered by pinyin, as the roster is listed; the queryset still checks the post
        field.choices = [
            ("", field.empty_label or ""),
            *((p.pk, field.label_from_instance(p)) for p in players_by_name(field.queryset)),
        ]
