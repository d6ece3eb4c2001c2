"""The webhooks page's URLs (included from csmj_site.urls, one line)."""

from django.urls import path

from scoring.webhooks import views

urlpatterns = [
    path("c/<slug:slug>/webhooks/", views.club_webhooks, name="club-webhooks"),
    path(
        "c/<slug:slug>/webhooks/<int:webhook_id>/delete/",
        views.webhook_remove,
        name="club-webhook-delete",
    ),
    path(
        "c/<slug:slug>/webhooks/deliveries/<int:delivery_id>/redeliver/",
        views.delivery_resend,
        name="club-webhook-redeliver",
    ),
]
