"""The account page of the apps a user allowed to act for them (sign-in from apps), where
each can be revoked."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from oauth2_provider.views import AuthorizationView

from leagues.oauth_apps import oauth_app_get, oauth_app_list_for_user, oauth_app_revoke
from leagues.oauth_auth import SCOPE_LABELS


@never_cache
@login_required
def apps(request: HttpRequest) -> HttpResponse:
    rows = [
        {"app": app, "scopes": [SCOPE_LABELS.get(name, name) for name in app.scopes]}
        for app in oauth_app_list_for_user(user=request.user)
    ]
    return render(request, "account/apps.html", {"rows": rows})


@login_required
@require_POST
def app_revoke(request: HttpRequest, app_id: int) -> HttpResponse:
    app = oauth_app_get(app_id=app_id)
    if app is None:
        raise Http404
    oauth_app_revoke(app=app, user=request.user)
    messages.success(request, _("已撤销“%(name)s”的授权。") % {"name": app.name})
    return redirect("account-apps")


class AuthorizeView(AuthorizationView):
    """django-oauth-toolkit's sign-in page, saying each scope in the site's words."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = dict(super().get_context_data(**kwargs))
        context["scope_labels"] = [
            SCOPE_LABELS.get(name, name) for name in context.get("scopes") or []
        ]
        return context
