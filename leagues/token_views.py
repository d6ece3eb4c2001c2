"""The account page where a user creates and revokes personal API tokens."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from leagues.tokens import (
    NAME_MAX_LENGTH,
    ApiToken,
    apitoken_create,
    apitoken_list,
    apitoken_revoke,
)


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("令牌名称"),
        max_length=NAME_MAX_LENGTH,
        help_text=gettext_lazy("例如：记分 App、俱乐部机器人"),
    )


@never_cache
@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    """List the user's tokens; POST creates one and shows its clear text once."""
    new_token = None
    if request.method == "POST":
        form = ApiTokenForm(request.POST)
        if form.is_valid():
            try:
                _token, new_token = apitoken_create(
                    user=request.user, name=form.cleaned_data["name"]
                )
                form = ApiTokenForm()
            except ValidationError as exc:
                for message in exc.messages:
                    form.add_error("name", message)
    else:
        form = ApiTokenForm()
    return render(
        request,
        "account/tokens.html",
        {"form": form, "tokens": apitoken_list(user=request.user), "new_token": new_token},
        status=201 if new_token else 200,
    )


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
    apitoken_revoke(token=token, user=request.user)
    messages.success(request, _("令牌“%(name)s”已撤销。") % {"name": token.name})
    return redirect("account-tokens")
