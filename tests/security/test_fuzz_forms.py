"""Every browser form, fuzzed: the forms are found by walking the URL resolver and reading
each page's <form method="post"> (its action and field names, as the forms render them),
then posted with hostile values — every category of the hostile-input probe (deep JSON
nesting, malformed numbers, lone surrogates and duplicate keys inside JSON text) plus
random unicode — as the club's owner and as a member without a writing role. The site
never answers 500, a POST it refuses (the form shown again, 200/400; 403 without the
role) stores nothing, and the round form's JSON helpers answer errors in the documented
shape."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.strategies import hostile_strings
from tests.security.urlwalk import all_routes

pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
FUZZ_PER_FORM = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SKIP = ("/admin/", "/api/", "/i18n/", "/accounts/logout/")

hostile_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "-1",
            "0",
            "4",
            "9" * 5000,
            "1e309",
            "NaN",
            "{}",
            '{"preset": "changsha-67", "bird_count": "x"}',
            "[[[[[[[[[[",
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "\u0000",
            "长" * 300,
            "2025-13-45",
            "99999-01-01",
        ]
    ),
    hostile_strings,
)
JSON_HELPERS = re.compile(r"/(preview|analyse)/$")


class FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, set[str]]] = []
        self._fields: set[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.forms.append((a.get("action") or "", set()))
            self._fields = self.forms[-1][1]
        elif tag in ("input", "select", "textarea") and self._fields is not None:
            name = a.get("name")
            if name and name != "csrfmiddlewaretoken":
                self._fields.add(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None


def page_forms(client, club, session) -> dict[str, set[str]]:
    """action URL -> field names, for every POST form on every page the owner can open."""
    # a player of the club, so that the player pages (and their forms) are walked too
    player = session.seats.order_by("seat").first().player
    values = {
        "slug": club.slug,
        "session_id": session.pk,
        "season_id": session.season_id,
        "player_id": player.pk,
    }
    forms: dict[str, set[str]] = {}
    for route in all_routes(values):
        if route.path.startswith(SKIP) or route.path.endswith(".csv"):
            continue
        response = client.get(route.path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = FormParser()
        parser.feed(response.content.decode())
        for action, fields in parser.forms:
            url = action or route.path
            if url.startswith(SKIP) or not url.startswith("/"):
                continue
            forms.setdefault(url, set()).update(fields)
    return forms


def state() -> tuple[int, ...]:
    models = [m for app in ("leagues", "scoring") for m in apps.get_app_config(app).get_models()]
    return tuple(m.objects.count() for m in models)


@pytest.fixture
def owner_client(client, owner, club, session, players):
    client.force_login(owner)
    return client


def test_the_walk_finds_the_site_forms(owner_client, club, session):
    forms = page_forms(owner_client, club, session)
    assert f"/c/{club.slug}/players/new/" in forms
    assert any("/rounds/new/" in url for url in forms)
    assert len(forms) >= 8


def test_every_form_answers_hostile_posts_without_500_and_refusals_store_nothing(
    owner_client, club, session
):
    forms = page_forms(owner_client, club, session)
    checked = []

    @FUZZ
    @given(data=st.data())
    def fuzz(data):
        url = data.draw(st.sampled_from(sorted(forms)))
        fields = sorted(forms[url])
        post = {name: data.draw(hostile_text) for name in fields}
        # and sometimes a field the form does not know, or a missing one
        if fields and data.draw(st.booleans()):
            post.pop(data.draw(st.sampled_from(fields)))
        post[data.draw(st.sampled_from(["extra", "id", "club", "actor"]))] = data.draw(hostile_text)
        before = state()
        response = owner_client.post(url, post)
        assert response.status_code < 500, (url, post, response.status_code)
        if response.status_code in (200, 400) and not JSON_HELPERS.search(url):
            assert state() == before, (url, post)
        checked.append(url)

    fuzz()
    assert checked


# Forms a plain member posts by design: asking to be a listed player (an organiser then
# approves) stores the request.
MEMBER_MAY_POST = ("/link-request/",)


def test_a_member_asking_to_be_a_listed_player_is_a_form_found_on_the_page(
    owner_client, club, session
):
    assert any(url.endswith(MEMBER_MAY_POST) for url in page_forms(owner_client, club, session))


def test_a_member_without_a_writing_role_posting_hostile_values_stores_nothing(
    owner_client, client, member, club, session
):
    """Forms found as the owner, posted as a plain member: refused (403) or, for the round
    form's JSON helpers (any reader may preview), answered; never a 500, nothing stored."""
    forms = {
        url: fields
        for url, fields in page_forms(owner_client, club, session).items()
        if url.startswith(f"/c/{club.slug}/") and not url.endswith(MEMBER_MAY_POST)
    }
    client.force_login(member)
    checked = []

    @FUZZ_PER_FORM
    @given(data=st.data())
    def fuzz(data):
        url = data.draw(st.sampled_from(sorted(forms)))
        post = {name: data.draw(hostile_text) for name in sorted(forms[url])}
        before = state()
        response = client.post(url, post)
        assert response.status_code < 500, (url, post, response.status_code)
        assert state() == before, (url, post)
        checked.append(url)

    fuzz()
    assert checked


@pytest.mark.parametrize("helper", ["round-preview", "tiles-analyse"])
def test_the_round_forms_json_helpers_answer_hostile_bodies_in_the_error_shape(
    owner_client, club, session, helper
):
    from django.urls import reverse

    url = reverse(helper, args=[club.slug, session.pk])

    @FUZZ_PER_FORM
    @given(body=hostile_strings)
    def fuzz(body):
        before = state()
        response = owner_client.post(url, body, content_type="application/json")
        assert response.status_code in (200, 400), (body, response.status_code)
        assert state() == before
        if response.status_code == 400:
            errors = response.json()["errors"]
            assert errors and all(
                set(e) == {"field", "code", "message"}
                and all(isinstance(e[k], str) for k in e)
                and e["message"]
                for e in errors
            ), errors

    fuzz()
