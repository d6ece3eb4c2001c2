"""Accounts on django-allauth: who may sign up, and an invitation carried through sign-up
or login.

Opening an invitation link while logged out remembers its token in the session; the sign-up
or login that follows (allauth calls ``AccountAdapter.login`` for both) accepts it, so the
new member lands in the club. ``ALLOW_SIGNUP=false`` closes sign-up, except to someone who
holds an open invitation.

The login form (``LoginForm``) names its field in the page's words (用户名或邮箱, not
allauth's "登录" beside a heading and a button of the same word) and leaves 忘记密码？ to
the one link under the form.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.forms import LoginForm as AllauthLoginForm
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from csmj_site.page_messages import messages_refused
from leagues import selectors, services
from leagues.models import Invitation
from leagues.table_keys import KEEPER_PREFIX

INVITATION_SESSION_KEY = "csmj_invitation"


def invitation_remember(*, request: HttpRequest, invitation: Invitation) -> None:
    """Keep an open invitation for the sign-up or login that follows."""
    request.session[INVITATION_SESSION_KEY] = invitation.token


def invitation_pending(*, request: HttpRequest) -> Invitation | None:
    """The open invitation this browser came with, if any."""
    token = request.session.get(INVITATION_SESSION_KEY)
    if not token:
        return None
    invitation = selectors.invitation_get(token=token)
    if invitation is None or invitation.is_accepted:
        return None
    return invitation


def invitation_accept_pending(*, request: HttpRequest, user: Any) -> None:
    """Accept the remembered invitation (once) for the user who just logged in."""
    invitation = invitation_pending(request=request)
    request.session.pop(INVITATION_SESSION_KEY, None)
    if invitation is None:
        return
    try:
        services.invitation_accept(token=invitation.token, user=user)
    except ValidationError as exc:
        messages_refused(request, exc)
    else:
        messages.success(request, _("欢迎加入 %(club)s！") % {"club": invitation.club.name})


class LoginForm(AllauthLoginForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.label = gettext_lazy("用户名或邮箱")
        login.widget.attrs.pop("placeholder", None)  # the label says it
        if "password" in self.fields:
            self.fields["password"].help_text = ""  # 忘记密码？ is the link under the form


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return bool(settings.ACCOUNT_ALLOW_SIGNUP) or (
            invitation_pending(request=request) is not None
        )

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """A quick table's keepers are named ``quick-…`` (leagues.table_keys): no person
        signs up under that name."""
        if username.lower().startswith(KEEPER_PREFIX):
            raise ValidationError(
                _("以 %(prefix)s 开头的用户名留给快速开桌。") % {"prefix": KEEPER_PREFIX}
            )
        return str(super().clean_username(username, shallow=shallow))

    def login(self, request: HttpRequest, user: Any) -> None:
        super().login(request, user)
        invitation_accept_pending(request=request, user=user)
