"""The OAuth 2 server's checks, narrowed to what the site offers apps: a code (with PKCE)
and its refresh, nothing else, whatever grant an app was registered with (no password
grant, which would bypass the login page's limits; no client credentials)."""

from __future__ import annotations

from typing import Any

from oauth2_provider.oauth2_validators import OAuth2Validator

GRANTS = ("authorization_code", "refresh_token")


class AppSignInValidator(OAuth2Validator):
    def validate_grant_type(
        self, client_id: Any, grant_type: Any, client: Any, request: Any, *args: Any, **kwargs: Any
    ) -> bool:
        if grant_type not in GRANTS:
            return False
        return bool(
            super().validate_grant_type(client_id, grant_type, client, request, *args, **kwargs)
        )
