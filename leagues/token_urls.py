"""The account page for API tokens, included at /accounts/tokens/."""

from django.urls import path

from leagues import token_views

urlpatterns = [
    path("", token_views.tokens, name="account-tokens"),
    path("<int:token_id>/revoke/", token_views.token_revoke, name="account-token-revoke"),
]
