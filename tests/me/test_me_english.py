"""我的 in English: the page's own words are translated (only names stay Chinese)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.me.history import two_club_history

pytestmark = pytest.mark.django_db


def test_me_and_privacy_pages_in_english_show_no_chinese_but_names(client):
    history = two_club_history(sessions_per_club=1, rounds=3)
    client.force_login(history.user)
    client.post(reverse("set_language"), {"language": "en"})
    names = {p.display_name for c in history.clubs for p in c.players.all()}
    names |= {c.name for c in history.clubs} | {"去年", "今年"}
    names |= {"麻", "中文"}  # the logo and the language switch (base.html)
    names |= {"已注销选手"}  # the name a removed player gets, quoted as it is stored
    for url in (reverse("me"), reverse("me-privacy")):
        body = client.get(url).content.decode()
        text = re.sub(r"<script.*?</script>|<[^>]+>", " ", body, flags=re.S)
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        leftovers = re.findall(r"[\u4e00-\u9fff]+", text)
        assert leftovers == [], (url, leftovers)
