"""A club's webhooks and their deliveries (registered through ``scoring.models``, one
import line there; the tables are scoring's: ``scoring_webhook``,
``scoring_webhookdelivery``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The events a webhook may ask for, and the audit log's actions each one is told of
# (a paper session is stored finished).
EVENT_ACTIONS: dict[str, tuple[str, ...]] = {
    "round.recorded": ("round.record",),
    "round.corrected": ("round.correct",),
    "round.voided": ("round.void",),
    "session.finished": ("session.finish", "session.paper"),
    "night.finished": ("event.finish",),
}
EVENTS: tuple[str, ...] = tuple(EVENT_ACTIONS)
EVENT_OF_ACTION: dict[str, str] = {
    action: event for event, actions in EVENT_ACTIONS.items() for action in actions
}


class Webhook(models.Model):
    club = models.ForeignKey("leagues.Club", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(_("地址"), max_length=500)
    events = models.JSONField(_("事件"), default=list)
    # Shared with the receiver, which checks each delivery's signature with it.
    secret = models.CharField(_("密钥"), max_length=64)
    is_active = models.BooleanField(_("启用"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)

    class Meta:
        app_label = "scoring"
        ordering = ["club", "id"]
        verbose_name = _("消息推送")
        verbose_name_plural = _("消息推送")

    def __str__(self) -> str:
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("待发送")
    DELIVERED = "delivered", _("已送达")
    RETRYING = "retrying", _("重试中")
    FAILED = "failed", _("失败")


class WebhookDelivery(models.Model):
    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(_("事件"), max_length=40)
    payload = models.JSONField(_("内容"))
    status = models.CharField(
        _("状态"), max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveIntegerField(_("尝试次数"), default=0)
    response_status = models.PositiveSmallIntegerField(_("响应状态"), null=True, blank=True)
    response_body = models.CharField(_("响应内容"), max_length=500, blank=True)
    error = models.CharField(_("错误"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)
    last_attempt_at = models.DateTimeField(_("最后尝试"), null=True, blank=True)
    delivered_at = models.DateTimeField(_("送达时间"), null=True, blank=True)

    class Meta:
        app_label = "scoring"
        ordering = ["-created_at", "-id"]
        verbose_name = _("推送记录")
        verbose_name_plural = _("推送记录")

    def __str__(self) -> str:
        return f"{self.event} → {self.webhook_id} ({self.status})"
