"""Merging a guest (客) into a regular player of the club: the organiser's page
(``scoring.merge.services.player_merge``).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from leagues.models import Club, Player
from leagues.pages import apply_errors, club_context, club_view
from scoring.merge import services
from scoring.merge.forms import PlayerMergeForm


@club_view("manage")
def player_merge(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """合并客人: an organiser moves a guest's rounds onto a regular player, then the guest
    is gone (scoring.merge.services.player_merge)."""
    guest = get_object_or_404(Player, pk=player_id, club=club, is_guest=True)
    form = PlayerMergeForm(request.POST or None, guest=guest)
    if request.method == "POST" and form.is_valid():
        target = form.cleaned_data["target"]
        try:
            services.player_merge(guest=guest, target=target, actor=request.user)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("已把客人 %(guest)s 合并到 %(target)s。")
                % {"guest": guest.display_name, "target": target.display_name},
            )
            return redirect("players", slug=club.slug)
    return render(
        request, "scoring/player_merge.html", club_context(request, club, guest=guest, form=form)
    )
