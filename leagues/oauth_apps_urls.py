"""The account page of the apps a user allowed, included at /accounts/apps/."""

from django.urls import path

from leagues import oauth_views

urlpatterns = [
    path("", oauth_views.apps, name="account-apps"),
    path("<int:app_id>/revoke/", oauth_views.app_revoke, name="account-app-revoke"),
]
