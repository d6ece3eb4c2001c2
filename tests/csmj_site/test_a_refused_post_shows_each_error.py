"""A refused post on a page shows each of the service's errors as a message of its own,
in the words the catalogue gives its code, in the reader's language."""

from __future__ import annotations

from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory
from django.utils import translation

from csmj_site.errors import ServiceError, ServiceErrors
from csmj_site.page_messages import messages_refused


def _shown(language: str) -> list[str]:
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    refusal = ServiceErrors(
        [
            ServiceError("display_name", "name_taken", {"name": "张伟"}, variant="roster"),
            ServiceError("aliases", "alias_is_a_name", {"name": "李娜"}),
        ]
    )
    with translation.override(language):
        messages_refused(request, refusal)
        expected = [e.localised() for e in refusal.errors]
        shown = [str(m.message) for m in get_messages(request)]
    assert [m.level_tag for m in get_messages(request)] == ["error", "error"]
    assert shown == expected
    return expected


def test_each_error_is_its_own_message_in_chinese():
    shown = _shown("zh-hans")

    assert shown[0] == "「张伟」已在名单里"
    assert "李娜" in shown[1]


def test_each_error_is_its_own_message_in_english():
    shown = _shown("en")

    assert "'张伟'" in shown[0] and "roster" in shown[0]
    assert shown[1] == "'李娜' is the name of another player on the roster"
