"""The ruleset editor's page (its form: ``leagues.ruleset_form``) and the public rules
page of one ruleset (规则说明). Saving goes through ``services.ruleset_create`` /
``ruleset_update``.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from leagues import services
from leagues.models import Club, Ruleset
from leagues.pages import apply_errors, club_context, club_view
from leagues.ruleset_explain import ruleset_explain
from leagues.ruleset_form import RulesetEditForm, editor_initial


@club_view("manage")
def ruleset_edit(request: HttpRequest, club: Club, ruleset_id: int | None = None) -> HttpResponse:
    ruleset = get_object_or_404(Ruleset, pk=ruleset_id, club=club) if ruleset_id else None
    form = RulesetEditForm(request.POST or None, initial=editor_initial(ruleset))
    if request.method == "POST" and form.is_valid() and "config" in form.cleaned_data:
        name, config = form.cleaned_data["name"], form.cleaned_data["config"]
        try:
            if ruleset is None:
                ruleset = services.ruleset_create(
                    club=club, name=name, config=config, actor=request.user
                )
            else:
                services.ruleset_update(
                    ruleset=ruleset, name=name, config=config, actor=request.user
                )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("已保存。"))
            return redirect("rulesets", slug=club.slug)
    title = _("新规则") if ruleset is None else _("编辑规则")
    return render(
        request,
        "leagues/ruleset_form.html",
        club_context(
            request,
            club,
            form=form,
            title=title,
            ruleset=ruleset,
            json_mode=request.POST.get("mode") == "json",
        ),
    )


@club_view("read")
def ruleset_rules(request: HttpRequest, club: Club, ruleset_id: int) -> HttpResponse:
    """规则说明: what a table reads when it argues about a payment."""
    ruleset = get_object_or_404(Ruleset, pk=ruleset_id, club=club)
    return render(
        request,
        "leagues/ruleset_rules.html",
        club_context(request, club, ruleset=ruleset, explain=ruleset_explain(ruleset.config)),
    )
