"""manage.py token_create USERNAME [--name NAME]: a personal API token for a user, printed
once (only its hash is stored), as /accounts/tokens/ makes one: for a script or an app's
developer without a browser."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from csmj_site.errors import ServiceErrors
from leagues.tokens import apitoken_create


class Command(BaseCommand):
    help = (
        "Create a personal API token for a user and print it (it cannot be shown again; "
        "revoke it at /accounts/tokens/)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="the user the token acts as")
        parser.add_argument("--name", default="command line", help="what the token is for")

    def handle(self, *args: Any, username: str, name: str, **options: Any) -> None:
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise CommandError(f"username: no active user {username!r}")
        try:
            _token, raw = apitoken_create(user=user, name=name)
        except ServiceErrors as exc:
            raise CommandError(
                "; ".join(f"{e.field or '-'}: {e.message}" for e in exc.errors)
            ) from exc
        self.stdout.write(raw)
