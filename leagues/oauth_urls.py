"""Sign-in from apps (django-oauth-toolkit), included at /oauth/: the authorization page,
the token endpoint (codes and refresh tokens) and revocation. Apps are registered by the
site's staff in the admin (public clients, authorization code)."""

from django.urls import path
from oauth2_provider import views

from leagues.oauth_views import AuthorizeView

app_name = "oauth2_provider"

urlpatterns = [
    path("authorize/", AuthorizeView.as_view(), name="authorize"),
    path("token/", views.TokenView.as_view(), name="token"),
    path("revoke_token/", views.RevokeTokenView.as_view(), name="revoke-token"),
]
