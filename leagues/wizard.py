"""新建俱乐部: a four-step wizard, then a welcome page to invite recorders and start playing.

1. name and public/private; 2. the rules: a preset plus the table options the engine
describes (blank keeps the preset's value); 3. the players, one per line; 4. a first season
starting today. Each step's answers wait in the session; the last step writes everything
at once through ``services.club_setup`` (one transaction, the usual create functions and
their validation). The welcome page shows the recorders' invitation link with copy and
share buttons and a QR code, and a button that starts the first session.
"""

from __future__ import annotations

from typing import Any

import segno
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from csmj_site.errors import ServiceErrors
from csmj_site.language import clause_sep, colon, page_is_english
from leagues import selectors, services
from leagues.forms import ClubForm, split_aliases
from leagues.models import Club, Player, Role
from leagues.pages import club_context, club_view
from leagues.rules_form import TABLE_SIZE_FIELD, RulesStepForm, field_choices, rules_initial
from scoring.engine import PRESET_INFO, parse_ruleset

SESSION_KEY = "csmj_club_wizard"
MIN_PLAYERS = 4


# ---------------------------------------------------------------- the steps' forms


class ClubStepForm(ClubForm):
    """1. The club's name and whether it is public (the slug is made from the name)."""

    slug = None  # type: ignore[assignment]
    description = None  # type: ignore[assignment]


def table_size(config: dict[str, Any] | None) -> int:
    """The seats at a table under a ruleset config (its ``players``; four when the
    config cannot be read)."""
    rules, _errors = parse_ruleset(config or {}, field="config")
    return rules.players if rules is not None else MIN_PLAYERS


class WizardRulesForm(RulesStepForm):
    """2. in the wizard: the table size (四人 / 三人 / 二人) is asked beside the preset,
    as a row of buttons, apart from the other options."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        size = self.fields[TABLE_SIZE_FIELD]
        size.widget = forms.RadioSelect(choices=field_choices(size))

    def table_size_field(self) -> Any:
        return self[TABLE_SIZE_FIELD]

    def other_option_fields(self) -> list[Any]:
        return [self[name] for name in self.options if name != TABLE_SIZE_FIELD]


def roster_line_text(refused: services.RosterLine) -> str:
    """A refused name of the roster, by its place: 第 4 个名字「…」：名字里有看不见的字符…"""
    error = refused.error
    if isinstance(error, ServiceErrors):
        texts = [e.named(_("名字")).localised() for e in error.errors]
    else:
        texts = list(error.messages)
    where = _("第 %(n)s 个名字「%(name)s」") % {"n": refused.number, "name": refused.typed}
    return where + colon() + clause_sep().join(texts)


class PlayersStepForm(forms.Form):
    """3. The roster, one name per line (commas and 、 separate names too): at least a
    table's worth under the rules of step 2 (四人, 三人 or 二人)."""

    players = forms.CharField(
        label=gettext_lazy("选手名字，一行一个"),
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "off"}),
    )

    def __init__(self, *args: Any, seats: int = MIN_PLAYERS, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.fields["players"].help_text = _("至少 %(n)s 位，之后随时可以再加。") % {"n": seats}

    def clean_players(self) -> list[str]:
        typed = split_aliases(self.cleaned_data["players"])
        names = list(dict.fromkeys(typed))
        twice = [name for name in names if typed.count(name) > 1]
        if twice:  # two people of one name, or one typed twice: the organiser says which
            raise forms.ValidationError(
                _(
                    "%(names)s 写了不止一次：同名的两位请写得不一样（如 张三A、张三B），同一位只写一次。"
                )
                % {"names": "、".join(twice)}
            )
        refused = services.roster_lines_refused(names=names)
        if refused:  # said here, on the names' own step, not after the last step
            raise forms.ValidationError([roster_line_text(r) for r in refused])
        if len(names) < self.seats:
            raise forms.ValidationError(
                _("一桌要 %(n)s 个人：请至少写 %(n)s 个名字。") % {"n": self.seats}
            )
        return names

    def stored(self) -> dict[str, Any]:
        return {"players": self.cleaned_data["players"]}


class SeasonStepForm(forms.Form):
    """4. The first season's name; it starts today."""

    name = forms.CharField(label=gettext_lazy("第一个赛季的名称"), max_length=100)


STEPS: list[tuple[str, type[forms.Form], Any]] = [
    ("club", ClubStepForm, pgettext_lazy("wizard step", "俱乐部")),
    ("rules", WizardRulesForm, pgettext_lazy("wizard step", "规则")),
    ("players", PlayersStepForm, pgettext_lazy("wizard step", "选手")),
    ("season", SeasonStepForm, pgettext_lazy("wizard step", "赛季")),
]
STEP_NAMES = [name for name, _form, _title in STEPS]
# Where a refusal of the final write is shown, by the field the service names.
STEP_OF_FIELD = {"config": "rules", "players": "players", "slug": "club", "is_public": "club"}


def step_url(step: str) -> str:
    return reverse("club-new") if step == "club" else reverse("club-new-step", args=[step])


def stored_of(form: forms.Form) -> dict[str, Any]:
    stored = getattr(form, "stored", None)
    return stored() if stored else dict(form.cleaned_data)


def step_initial(step: str, answers: dict[str, Any]) -> dict[str, Any]:
    saved = answers.get(step) or {}
    if step == "rules" and "config" in saved:
        return rules_initial(saved["config"])
    if step == "players" and "players" in saved:
        return {"players": "\n".join(saved["players"])}
    if step == "season" and not saved:
        return {"name": _("%(year)s 赛季") % {"year": timezone.localdate().year}}
    return saved


# ---------------------------------------------------------------- the views


@login_required
def club_wizard(request: HttpRequest, step: str = "club") -> HttpResponse:
    if step not in STEP_NAMES:
        return redirect("club-new")
    answers: dict[str, Any] = request.session.get(SESSION_KEY, {})
    index = STEP_NAMES.index(step)
    for earlier in STEP_NAMES[:index]:
        if earlier not in answers:
            return redirect(step_url(earlier))
    form_class = STEPS[index][1]
    extra: dict[str, Any] = {}
    if form_class is PlayersStepForm:  # a table's worth under the chosen rules
        extra["seats"] = table_size(answers["rules"].get("config"))
    form = form_class(request.POST or None, initial=step_initial(step, answers), **extra)
    if request.method == "POST" and form.is_valid():
        answers[step] = stored_of(form)
        request.session[SESSION_KEY] = answers
        if index + 1 < len(STEPS):
            return redirect(step_url(STEP_NAMES[index + 1]))
        return club_wizard_finish(request, answers)
    return render(
        request,
        "leagues/club_wizard.html",
        {
            "form": form,
            "step": step,
            "number": index + 1,
            "steps": [(n, title, i < index) for i, (n, _f, title) in enumerate(STEPS)],
            "back_url": step_url(STEP_NAMES[index - 1]) if index else None,
            "last": index + 1 == len(STEPS),
            "today": timezone.localdate(),
        },
    )


def club_wizard_finish(request: HttpRequest, answers: dict[str, Any]) -> HttpResponse:
    config = answers["rules"]["config"]
    info = PRESET_INFO.get(config["preset"])
    try:
        setup = services.club_setup(
            owner=request.user,
            name=answers["club"]["name"],
            is_public=bool(answers["club"]["is_public"]),
            # named in the language the club was made in; 自定 when it differs from the preset
            ruleset_name=(
                (info.name_en if page_is_english() else info.name_zh) if info else config["preset"]
            )
            + (_("（自定）") if len(config) > 1 else ""),
            ruleset_config=config,
            player_names=answers["players"]["players"],
            season_name=answers["season"]["name"],
            start_date=timezone.localdate(),
        )
    except ValidationError as exc:
        errors = exc.message_dict if hasattr(exc, "error_dict") else {"": exc.messages}
        step = next((STEP_OF_FIELD[k] for k in errors if k in STEP_OF_FIELD), "club")
        for message in (m for ms in errors.values() for m in ms):
            messages.error(request, message)
        return redirect(step_url(step))
    request.session.pop(SESSION_KEY, None)
    return redirect("club-welcome", slug=setup.club.slug)


def qr_svg(url: str) -> str:
    """The URL as a QR code, inline SVG (drawn on the server, no script)."""
    return segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#14532d")


@club_view("manage")
def club_welcome(request: HttpRequest, club: Club) -> HttpResponse:
    """The wizard's last page: invite the recorders, start the first session."""
    invitation = (
        selectors.invitation_list(club=club).filter(role=Role.RECORDER).order_by("-pk").first()
    )
    link = (
        request.build_absolute_uri(reverse("invite", args=[invitation.token])) if invitation else ""
    )
    season = selectors.season_list(club=club).filter(is_closed=False).first()
    seats = table_size(season.ruleset.config if season else None)
    first_seats = list(Player.objects.filter(club=club).order_by("pk")[:seats])
    return render(
        request,
        "leagues/club_welcome.html",
        club_context(
            request,
            club,
            invite_link=link,
            invite_qr=mark_safe(qr_svg(link)) if link else "",  # noqa: S308 (our own SVG)
            first_season=season,
            first_seats=first_seats if len(first_seats) == seats else [],
        ),
    )
