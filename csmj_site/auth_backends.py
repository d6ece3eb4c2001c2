"""Authentication backends: login rate limiting with django-axes."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend


class LoginRateLimitBackend(AxesStandaloneBackend):
    """django-axes' check, for logins that come with a request (the login page). Calls
    without a request (the test client's login(), management code) go straight on to
    ModelBackend: there is no address to rate-limit them by."""

    def authenticate(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)
