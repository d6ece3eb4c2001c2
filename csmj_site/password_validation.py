"""The password checks' words in the site's catalogue.

Django 5.2 words the minimum length check with ``%d`` and its Chinese catalogue has the
``%(min_length)d`` wording, so Django's own message of that one check is English under the
Chinese page. Its message is the site's own here; the other checks' Chinese is Django's.
"""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.utils.translation import ngettext


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    def get_error_message(self) -> str:
        return ngettext(
            "密码太短，至少要 %(min_length)d 个字符。",
            "密码太短，至少要 %(min_length)d 个字符。",
            self.min_length,
        ) % {"min_length": self.min_length}
