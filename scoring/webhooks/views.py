"""The organiser's webhooks page, /c/<slug>/webhooks/: register a webhook (its URL and
events; its secret is shown here), remove one, read each one's delivery log with the
last answer, and send a delivery again."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from csmj_site.errors import ServiceError
from leagues.models import Club
from leagues.pages import club_context, club_view
from scoring.webhooks.models import EVENTS, Webhook, WebhookDelivery
from scoring.webhooks.services import (
    delivery_redeliver,
    retry_minutes,
    webhook_create,
    webhook_delete,
)
from scoring.webhooks.tasks import delivery_queue

LOG_SIZE = 20

EVENT_LABELS = {
    "round.recorded": gettext_lazy("记录了一盘"),
    "round.corrected": gettext_lazy("更正了一盘"),
    "round.voided": gettext_lazy("作废了一盘"),
    "session.finished": gettext_lazy("一场结束"),
    "night.finished": gettext_lazy("比赛之夜结束"),
}


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=gettext_lazy("接收地址"),
        max_length=500,
        required=False,
        help_text=gettext_lazy("http:// 或 https:// 开头，例如 https://example.com/csmj"),
    )
    events = forms.MultipleChoiceField(
        label=gettext_lazy("通知哪些事件"),
        choices=[(e, EVENT_LABELS[e]) for e in EVENTS],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        initial=list(EVENTS),
    )


@never_cache
@club_view("manage")
def club_webhooks(request: HttpRequest, club: Club) -> HttpResponse:
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            webhook_create(
                club=club,
                url=form.cleaned_data["url"],
                events=form.cleaned_data["events"],
                actor=request.user,
            )
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.localised())
        else:
            messages.success(request, _("推送地址已添加。"))
            return redirect("club-webhooks", slug=club.slug)
    hooks = list(Webhook.objects.filter(club=club).order_by("id"))
    for hook in hooks:
        hook.log = list(hook.deliveries.order_by("-created_at", "-id")[:LOG_SIZE])  # type: ignore[attr-defined]
        for delivery in hook.log:  # type: ignore[attr-defined]
            delivery.label = str(EVENT_LABELS.get(delivery.event, delivery.event))
        hook.event_labels = [str(EVENT_LABELS[e]) for e in hook.events if e in EVENT_LABELS]  # type: ignore[attr-defined]
    return render(
        request,
        "webhooks/club_webhooks.html",
        club_context(
            request,
            club,
            form=form,
            hooks=hooks,
            event_labels=EVENT_LABELS,
            retry_minutes=retry_minutes(),
        ),
        status=400 if form.errors else 200,
    )


@require_POST
@club_view("manage")
def webhook_remove(request: HttpRequest, club: Club, webhook_id: int) -> HttpResponse:
    webhook = get_object_or_404(Webhook, pk=webhook_id, club=club)
    webhook_delete(webhook=webhook, actor=request.user)
    messages.success(request, _("推送地址已删除。"))
    return redirect("club-webhooks", slug=club.slug)


@require_POST
@club_view("manage")
def delivery_resend(request: HttpRequest, club: Club, delivery_id: int) -> HttpResponse:
    delivery = get_object_or_404(WebhookDelivery, pk=delivery_id, webhook__club=club)
    delivery_redeliver(delivery=delivery, actor=request.user)
    delivery_queue(delivery_id=delivery.pk)
    messages.success(request, _("已重新发送。"))
    return redirect("club-webhooks", slug=club.slug)
