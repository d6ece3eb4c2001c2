"""The pages that link roster entries to accounts (我的麻将): the claim QR code and its
link, asking to be a listed player, an organiser's answer, unlinking. The writes are
``leagues.player_links``."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from csmj_site.page_messages import messages_refused
from leagues import player_links
from leagues.models import Club, Player, PlayerLinkRequest
from leagues.pages import club_context, club_view
from leagues.wizard import qr_svg


@require_POST
@club_view("record")
def claim_qr(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """A new claim link for the player, as a QR code to scan at the table (valid a day),
    from the player page or a seat of the session page (``back``: the page to return
    to, a page of the same club)."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    back = str(request.POST.get("back") or "")
    if not back.startswith(f"/c/{club.slug}/") or "//" in back or "\\" in back:
        back = reverse("player", args=[club.slug, player.pk])
    try:
        token = player_links.player_claim_token(player=player, actor=request.user)
    except ValidationError as exc:
        messages_refused(request, exc)
        return redirect(back)
    link = request.build_absolute_uri(reverse("player-claim", args=[token]))
    return render(
        request,
        "me/claim_qr.html",
        club_context(
            request,
            club,
            player=player,
            claim_link=link,
            claim_qr=mark_safe(qr_svg(link)),  # noqa: S308 (our own SVG)
            back=back,
        ),
    )


def claim(request: HttpRequest, token: str) -> HttpResponse:
    """The claim link: who it names; log in or sign up first; then confirm."""
    try:
        player = player_links.player_claim_check(token=token)
    except ValidationError as exc:
        return render(request, "me/claim.html", {"refusal": " ".join(exc.messages)}, status=410)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            player_links.player_claim(token=token, user=request.user)
        except ValidationError as exc:
            return render(
                request,
                "me/claim.html",
                {"player": player, "refusal": " ".join(exc.messages)},
                status=409,
            )
        messages.success(request, _("已认领：你就是 %(name)s。") % {"name": player.display_name})
        return redirect("me")
    return render(request, "me/claim.html", {"player": player})


@require_POST
@club_view("read")
def link_request(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """A user says they are this player: an organiser is linked at once, anyone else
    asks and an organiser approves on the roster page."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    try:
        linked = player_links.player_link_self(player=player, user=request.user)
    except ValidationError as exc:
        messages_refused(request, exc)
    else:
        messages.success(request, _("已关联。") if linked else _("已申请，等组织者确认。"))
    return redirect("player", slug=club.slug, player_id=player.pk)


@require_POST
@club_view("manage")
def link_request_decide(request: HttpRequest, club: Club, request_id: int) -> HttpResponse:
    """An organiser approves (``approve``) or turns down a request."""
    link = get_object_or_404(
        PlayerLinkRequest.objects.select_related("player__club", "user"),
        pk=request_id,
        player__club=club,
    )
    try:
        if request.POST.get("approve"):
            player_links.link_request_approve(request=link, actor=request.user)
            messages.success(request, _("已关联。"))
        else:
            player_links.link_request_reject(request=link, actor=request.user)
            messages.success(request, _("已拒绝。"))
    except ValidationError as exc:
        messages_refused(request, exc)
    return redirect("players", slug=club.slug)


@require_POST
@club_view("read")
def unlink(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """The linked user, or an organiser, unlinks the player's account."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    try:
        player_links.player_unlink(player=player, actor=request.user)
    except ValidationError as exc:
        messages_refused(request, exc)
    else:
        messages.success(request, _("已解除关联。"))
    return redirect("player", slug=club.slug, player_id=player.pk)
