"""Merging a player into a regular player of the club, and deleting one who never
played: the organiser's page (``scoring.merge.services``)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from csmj_site.errors import ServiceErrors
from csmj_site.page_messages import messages_refused
from leagues.models import Club, Player
from leagues.pages import apply_errors, club_context, club_view
from scoring.merge import services
from scoring.merge.forms import PlayerMergeForm


@club_view("manage")
def player_merge(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """合并: an organiser moves a player's rounds onto a regular player (a guest who was
    someone on the roster, or a player entered twice), then the merged entry is gone. A
    player who never played may be deleted from the same page."""
    source = get_object_or_404(Player, pk=player_id, club=club)
    form = PlayerMergeForm(request.POST or None, source=source)
    if request.method == "POST" and form.is_valid():
        target = form.cleaned_data["target"]
        try:
            services.player_merge(source=source, target=target, actor=request.user)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("已把 %(source)s 合并到 %(target)s。")
                % {"source": source.display_name, "target": target.display_name},
            )
            return redirect("players", slug=club.slug)
    context = club_context(
        request,
        club,
        source=source,
        form=form,
        may_delete=source.user_id is None and not services.player_has_records(player=source),
    )
    return render(request, "scoring/player_merge.html", context, status=400 if form.errors else 200)


@require_POST
@club_view("manage")
def player_delete(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """删除: a player entered by mistake, who never played (merged otherwise)."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    try:
        services.player_delete(player=player, actor=request.user)
    except ServiceErrors as exc:
        messages_refused(request, exc)
        return redirect("player-merge", slug=club.slug, player_id=player.pk)
    messages.success(request, _("已删除选手 %(name)s。") % {"name": player.display_name})
    return redirect("players", slug=club.slug)
